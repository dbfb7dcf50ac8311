"""The fencing pack's documents as Qt objects: a fencer and a duel, each with its undo
stack (``Document``: every edit a snapshot).  No rule lives here: the engine
(``landsraad.packs.fencing``) computes findings and fights the rounds."""

from __future__ import annotations

import copy

from landsraad.gui.documents import Document


def _content():
    from landsraad.packs.fencing.content import load_fencing_content
    return load_fencing_content()


class FencerDocument(Document):
    kind = "fencer"

    def __init__(self, fencer=None, path: str | None = None, content=None, parent=None):
        self.content = content or _content()
        if fencer is None:
            from landsraad.packs.fencing.model import Fencer
            fencer = Fencer(name="", fencing="good")
        super().__init__(fencer, path, parent)

    def recompute(self) -> None:
        from landsraad.packs.fencing.validate import (
            fencer_findings,
            maneuvers_allowed,
            maneuvers_used,
            skill_levels,
        )
        c, f = self.content, self.state
        self.findings = fencer_findings(f, c)
        self.cost = skill_levels(f, c)
        self.allowed = maneuvers_allowed(f, c)
        self.used = maneuvers_used(f, c)

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.packs.fencing.document import save_fencer
        save_fencer(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.fencing.document import dumps_fencer
        return dumps_fencer(self.state)

    def export_pdf(self, path: str) -> None:
        from landsraad.sheets.fencing import render_fencer
        from landsraad.sheets.layout import write_pdf
        write_pdf(path, render_fencer(self.content, self.state))


class DuelDocument(Document):
    kind = "fencing-duel"

    def __init__(self, duel, path: str | None = None, content=None, parent=None):
        self.content = content or _content()
        self.last_record: dict | None = None
        super().__init__(duel, path, parent)

    @classmethod
    def between(cls, fencers, realism: int | None = None, parent=None) -> DuelDocument:
        from landsraad.packs.fencing.duel import Combatant, Duel
        from landsraad.slug import slugify
        c = _content()
        combatants = []
        for f in fencers:
            side = base = slugify(f.name) or "fencer"
            n = 2
            while side in [cb.side for cb in combatants]:
                side, n = f"{base}-{n}", n + 1
            combatants.append(Combatant(side, copy.deepcopy(f)))
        return cls(Duel(combatants, realism=c.realism_default if realism is None else realism),
                   content=c, parent=parent)

    def recompute(self) -> None:
        from landsraad.packs.fencing.validate import fencer_findings
        self.findings = [x for cb in self.state.combatants for x in fencer_findings(cb.fencer, self.content)
                         if x.severity.value == "error"]

    def display_name(self) -> str:
        names = " vs ".join(cb.fencer.name or cb.side for cb in self.state.combatants)
        return names or super().display_name()

    def fight(self, choices: dict, dice) -> dict:
        """One round (Steps One to Four) as one undoable edit; an error leaves the duel as it was."""
        from landsraad.packs.fencing import edits
        record: dict = {}
        self.edit(f"Round {self.state.round + 1}", edits.fight_round, self.content, choices, dice, record)
        self.last_record = record
        self.changed.emit()
        return record

    def _write(self, path: str) -> None:
        from landsraad.packs.fencing.document import save_duel
        save_duel(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.fencing.document import dumps_duel
        return dumps_duel(self.state)

    def export_pdf(self, path: str) -> None:
        from landsraad.sheets.fencing import render_fencers
        from landsraad.sheets.layout import write_pdf
        write_pdf(path, render_fencers(self.content, [cb.fencer for cb in self.state.combatants],
                                       realism=self.state.realism))


def open_fencing_document(path: str, kind: str, parent=None):
    from landsraad.packs.fencing.document import load_duel, load_fencer
    if kind == "fencer":
        return FencerDocument(load_fencer(path), path=str(path), parent=parent)
    return DuelDocument(load_duel(path), path=str(path), parent=parent)
