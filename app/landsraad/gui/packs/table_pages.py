"""The table view's pages for the packs' documents (issues 15 and 19): what the group reads
across the room, in the table view's large type, with nothing to operate.

``DuelPage``      a duel: each fencer's card "choosing…" / "chosen" (never which), then after
                  the Judge's reveal both maneuvers and their Initiative, the fight's steps
                  as the Judge shows them, each fencer's wound boxes as of the step shown
``ConflictPage``  the order of action: sides and who has acted, who acts next, Keep the
                  Initiative, the Momentum and Threat pools, the zones with their traits
``FencerPage``    a fencer: Fencing and its maneuvers, traits, weapons, the wound track
``QuickPage``     a d20 character: traits, Specialties, weapons, Defense and Hindrance

Each page is made by the table view (``page = DuelPage(tv)``; its labels come from the
view, so they are sized with it) and shows a document with ``refresh(doc)``; ``title(doc)``
is the line above it.  The words come from the engines; no rule lives here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QVBoxLayout, QWidget

from landsraad.gui.table_widgets import ElidedLine, TablePage, TailText, WoundTrack
from landsraad.present.table import keep_text, wound_track

CHOOSING, CHOSEN = "choosing…", "chosen"


# the words are computed Qt-free (the session's /table page shows the same)
_track = wound_track


# the pages' base (its labels from the table view), under its first name here
_Page = TablePage


# ----- a duel -------------------------------------------------------------------------------
class _Corner(QWidget):
    """One fencer on the group's screen: one line each (cut with "…", the whole line in its
    tooltip), so the corner asks for a fixed height and the wound boxes keep theirs."""

    def __init__(self, page: _Page):
        super().__init__()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 12, 0)
        tv = page.tv

        def line(scale: float = 1.0, bold: bool = False, color: str = "#ffffff") -> ElidedLine:
            lab = ElidedLine()
            lab.setProperty("tableScale", scale)
            lab.setProperty("tableBold", bold)
            lab.setStyleSheet(f"color: {color};")
            return page.sized(lab)

        self.name = line(1.3, True, tv.ACCENT)
        self.card = line(1.3, True)
        self.initiative = line(1.1)
        self.how = line(1.0, False, tv.DIM)  # the engine's sentence: base, modifier, result
        self.track = page.sized(WoundTrack())
        self.state = line(1.0, False, tv.DIM)  # the wound's effect
        for w in (self.name, self.card, self.initiative, self.how, self.track, self.state):
            lay.addWidget(w)
        lay.addStretch(1)


class DuelPage(_Page):
    def __init__(self, tv):
        super().__init__(tv)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.corners_row = QHBoxLayout()
        lay.addLayout(self.corners_row)
        self.corners: list[_Corner] = []
        lay.addSpacing(16)
        self.steps_heading = self.heading("The fight")
        lay.addWidget(self.steps_heading)
        # the earlier steps as many as fit, the newest under them in bold
        self.earlier = TailText()
        self.earlier.setProperty("tableScale", 1.0)
        self.earlier.setStyleSheet(f"color: {tv.DIM};")
        # the room left (its steps at its foot, the newest right under them)
        lay.addWidget(self.earlier, 1)
        self.latest = self.label(1.1, bold=True)
        lay.addWidget(self.latest)

    def title(self, doc) -> str:
        from landsraad.packs.fencing.duel_edits import table_round

        t = table_round(doc.state, doc.content)
        return f"Duel  ·  Round {t.round}"  # the names head their corners below

    def _corners(self, n: int) -> list[_Corner]:
        while len(self.corners) < n:
            corner = _Corner(self)
            self.corners_row.addWidget(corner, 1)
            self.corners.append(corner)
        for i, corner in enumerate(self.corners):
            corner.setVisible(i < n)
        return self.corners[:n]

    def refresh(self, doc) -> None:
        from landsraad.packs.fencing.duel_edits import table_round

        c = doc.content
        t = table_round(doc.state, c)
        for corner, k in zip(self._corners(len(t.corners)), t.corners):
            corner.name.set_full_text(k.name)
            if k.status == "revealed":
                corner.card.setText(k.maneuver or "—")
                corner.initiative.setText(f"Initiative {k.initiative_level}" if k.initiative_level else "")
                # how it was reached, while the group takes in the reveal; the fight needs the room after
                corner.how.setText(" ".join(k.initiative) if t.stage == "revealed" else "")
            else:
                corner.card.setText({"chosen": CHOSEN, "choosing": CHOOSING}.get(k.status, k.status))
                corner.initiative.setText(
                    {"chosen": "the card lies face down", "choosing": "no card on the table yet"}.get(
                        k.status, "no action this round"
                    )
                )
                corner.how.setText("")
            corner.how.setVisible(bool(corner.how.full))
            levels, state = _track(c, k.wounds, k.dead)
            corner.track.set_track(levels, k.dead)
            corner.state.set_full_text(state)
        texts = [st["text"] for st in t.steps]
        if t.stage == "revealed":
            self.steps_heading.setText(f"Round {t.round}: the cards are turned over")
            self.earlier.set_paragraphs([])
            self.latest.setText("Step Three: the Judge calls each Initiative from Superb down")
        elif t.stage == "choosing":
            self.steps_heading.setText(
                f"Round {t.steps_round}, as it ended"
                if texts
                else f"Round {t.round}: each fencer chooses a maneuver in secret"
            )
            self.earlier.set_paragraphs(texts)
            down = all(k.status != "choosing" for k in t.corners)
            self.latest.setText("Every card is down: the Judge turns them over together" if down else "")
        else:
            more = f"  ({t.hidden_steps} more to come)" if t.hidden_steps else ""
            self.steps_heading.setText(f"Round {t.round}, step by step{more}")
            self.earlier.set_paragraphs(texts[:-1])
            self.latest.setText(texts[-1] if texts else "The Judge calls each Initiative from Superb down")
        self.latest.setVisible(bool(self.latest.text()))
        self.earlier._fit()  # (kept shown, empty or not: it holds the page's room)


# ----- a fencer and a d20 character ------------------------------------------------------------
class FencerPage(_Page):
    def __init__(self, tv):
        super().__init__(tv)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.fencing = self.label(1.3, bold=True)
        self.maneuvers = self.label()
        self.traits = self.label()
        self.weapons = self.label(dim=True)
        lay.addWidget(self.heading("Fencing"))
        lay.addWidget(self.fencing)
        lay.addWidget(self.maneuvers)
        lay.addWidget(self.heading("Traits"))
        lay.addWidget(self.traits)
        lay.addWidget(self.weapons)
        lay.addWidget(self.heading("Wounds"))
        self.track = WoundTrack()
        lay.addWidget(self.track)
        self.state = self.label(dim=True)
        lay.addWidget(self.state)
        lay.addStretch(1)

    def title(self, doc) -> str:
        return f"Fencer: {doc.display_name()}"

    def refresh(self, doc) -> None:
        c, f = doc.content, doc.state
        level = c.level(f.fencing)
        self.fencing.setText(
            f"Fencing {level.name if level else f.fencing}  ·  {doc.cost} skill levels"
            if doc.cost is not None
            else f"Fencing {level.name if level else f.fencing}"
        )
        names = [c.maneuver(m).name if c.maneuver(m) else m for m in f.maneuvers]
        self.maneuvers.setText(f"Maneuvers ({doc.used} of {doc.allowed} slots): " + (", ".join(names) or "none yet"))
        parts = []
        for trait in ("reflexes", "muscle", "stamina", "willpower", "damage_capacity"):
            lv = c.level(getattr(f, trait))
            parts.append(f"{trait.replace('_', ' ').title()} {lv.name if lv else getattr(f, trait)}")
        armour = c.armour_of(f.armour)
        if armour is not None and armour.defence:
            parts.append(f"Armour {armour.name}")
        self.traits.setText("  ·  ".join(parts))
        weapons = []
        for w in f.weapons:
            kind = c.weapon(w.kind)
            weapons.append((w.name or (kind.name if kind else w.kind)) + (" (sharp)" if w.sharp else ""))
        self.weapons.setText("Weapons: " + (", ".join(weapons) or "none"))
        levels, state = _track(c, f.wounds, f.dead)
        self.track.set_track(levels, f.dead)
        self.state.setText(state)


class QuickPage(_Page):
    def __init__(self, tv):
        super().__init__(tv)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.about = self.label(dim=True)
        lay.addWidget(self.about)
        lay.addWidget(self.heading("Traits"))
        self.traits = self.label(1.1, bold=True)
        lay.addWidget(self.traits)
        lay.addWidget(self.heading("Specialties and abilities"))
        self.specialties = self.label()
        lay.addWidget(self.specialties)
        lay.addWidget(self.heading("Weapons"))
        self.weapons = self.label()
        lay.addWidget(self.weapons)
        lay.addWidget(self.heading("Defense and Hindrance"))
        self.health = self.label(1.1, bold=True)
        lay.addWidget(self.health)
        lay.addStretch(1)

    def title(self, doc) -> str:
        return f"d20 character: {doc.display_name()}"

    def refresh(self, doc) -> None:
        from landsraad.packs.quick.rules import status, total_defense

        qc, ch = doc.content, doc.state
        self.about.setText("  ·  ".join(x for x in (ch.description.strip(), ch.background.strip()) if x))
        self.about.setVisible(bool(self.about.text()))
        traits = [f"{qc.traits[t].name if t in qc.traits else t} ×{n}" for t, n in ch.traits.items()]
        self.traits.setText("  ·  ".join(traits) or "No Traits yet")
        specs = [qc.specialties[s].name if s in qc.specialties else s for s in ch.specialties]
        text = ", ".join(specs) or "No Specialties yet"
        if ch.abilities:
            text += "\n" + ", ".join(a.name for a in ch.abilities)
        self.specialties.setText(text)
        weapons = []
        for w in ch.weapons:
            traits = [qc.weapon_traits[t].name if t in qc.weapon_traits else t for t in w.traits]
            if w.band:  # "Ranged (band)": the band this weapon reaches
                band = qc.bands[w.band].name if w.band in qc.bands else w.band
                traits = [t.replace("(band)", f"({band})") for t in traits]
            weapons.append(f"{w.name} (Deadly ×{w.deadly}" + (f"; {', '.join(traits)}" if traits else "") + ")")
        self.weapons.setText("\n".join(weapons) or "none")
        h = qc.hindrance
        hindrance = ch.hindrance + ch.temporary_hindrance
        self.health.setText(
            f"Defense {total_defense(ch)}  ·  Hindrance {hindrance} "
            f"(Disabled at {h.disabled}, Destroyed at {h.destroyed}): {status(ch, qc)}"
        )


# ----- a conflict's order of action ------------------------------------------------------------
class ConflictPage(_Page):
    def __init__(self, tv):
        super().__init__(tv)
        # who acts next across the width, then the sides beside the pools and zones, then
        # the last moves: the order of action first, as the group reads it
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.heading("Next"))
        self.next = self.label(1.15, bold=True)
        outer.addWidget(self.next)
        self.keep = self.label()
        outer.addWidget(self.keep)
        outer.addSpacing(12)
        row = QHBoxLayout()
        outer.addLayout(row, 1)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 3)
        row.addSpacing(24)
        row.addLayout(right, 2)
        left.addWidget(self.heading("Sides"))
        self.sides = self.label()
        self.sides.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        left.addWidget(self.sides, 1)
        pools = QGridLayout()
        pools.setHorizontalSpacing(48)
        self.momentum = self.label(2.0, bold=True)
        self.threat = self.label(2.0, bold=True)
        pools.addWidget(self.heading("Momentum"), 0, 0)
        pools.addWidget(self.heading("Threat"), 0, 1)
        pools.addWidget(self.momentum, 1, 0)
        pools.addWidget(self.threat, 1, 1)
        right.addLayout(pools)
        right.addSpacing(12)
        right.addWidget(self.heading("Zones"))
        self.zones = self.label()
        self.zones.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right.addWidget(self.zones)
        right.addStretch(1)
        # the last moves across the whole width, one line each: the newest first
        outer.addWidget(self.heading("Last moves"))
        self.log = [self.sized(self._line()) for _ in range(3)]
        for line in self.log:
            outer.addWidget(line)

    def _line(self) -> ElidedLine:
        line = ElidedLine()
        line.setProperty("tableScale", 1.0)
        line.setStyleSheet(f"color: {self.tv.DIM};")
        return line

    def title(self, doc) -> str:
        c = doc.state
        # the round first: a narrow window cuts the title at its end
        return f"Round {c.round}  ·  {doc.display_name()}" + (f"  ·  {c.kind}" if c.kind else "")

    def refresh(self, doc) -> None:
        from landsraad.packs.conflict import order

        c, rules = doc.state, doc.content.order
        data = order.to_json(c, rules)
        nxt = data["next"]
        text = order.phase_hint(c)
        if nxt["may_act"] and c.phase == "choose":
            text += ": " + ", ".join(nxt["may_act"])
        self.next.setText(text[:1].upper() + text[1:])
        self.keep.setText(self._keep_text(c, rules, data))
        self.keep.setVisible(bool(self.keep.text()))
        # a side a paragraph, its characters in a row: ▶ acting now, ✓ has acted, · to act
        lines = []
        for s in data["sides"]:
            people = []
            for a in s["characters"]:
                mark = "▶" if a["name"] == c.current and c.phase != "choose" else ("✓" if a["acted"] else "·")
                people.append(f"{mark}\u00a0{a['name']}" + (f"\u00a0({a['zone']})" if a["zone"] else ""))
            lines.append(s["name"] + (" (GM)" if s["gm"] else "") + ":   " + "   ".join(people))
        self.sides.setText("\n".join(lines) or "No sides yet")
        self.sides.setAccessibleDescription("▶ acting now, ✓ has acted, · to act")
        self.momentum.setText(str(c.momentum))
        self.threat.setText(str(c.threat))
        zones = []
        for z in c.zones:
            here = [a.name for a in c.actors if a.zone == z.name]
            zones.append(
                z.name
                + (" (objective)" if z.objective else "")
                + (f": {', '.join(z.traits)}" if z.traits else "")
                + (f"  ({', '.join(here)})" if here else "")
            )
        self.zones.setText("\n".join(zones) or "One zone, none named")
        recent = [e.text for e in reversed(c.log[-len(self.log) :])]
        for i, (line, text) in enumerate(zip(self.log, recent + [""] * len(self.log))):
            line.set_full_text(text)
            line.setVisible(bool(text) and i < self._log_room)

    _log_room = 3

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # a short window (one laptop screen) keeps the newest move only: the order comes first
        super().resizeEvent(event)
        room = 3 if self.height() > 24 * self.tv.px else 1
        if room != self._log_room:
            self._log_room = room
            for i, line in enumerate(self.log):
                line.setVisible(bool(line.full) and i < room)

    _keep_text = staticmethod(keep_text)
