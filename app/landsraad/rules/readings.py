"""Every reading the content records, as rows a person can read: the About > Rules readings
page, tooltips, sheets and ``content list readings`` all take them from here (gathered from every
pack by ``landsraad.present.readings.all_readings``, above the engines).

A reading is any place where the content says how it read the rulebook: a ``note``
(AMBIGUITY, SILENT, INCONSISTENT, or a plain remark), a ``house_rule`` (text the book lost
and the project filled in), a printed name that differs from the one used, a PROVISIONAL
row, or a ``[[reading]]`` of ``pack.toml``.  Each row names where the user meets it
("Personal Calling › Merchant › grant: Negotiation") and the rulebook page.
"""

from __future__ import annotations

import re

import attrs

from landsraad.rules.pages import cite, page_of_ref

_KIND = re.compile(r"\b(AMBIGUITY|SILENT|INCONSISTENT|PROVISIONAL|MISSING)\b")


@attrs.frozen
class ReadingRow:
    area: str  # "Character rules", "Early Life", "Skills", "Fief tables", ...
    where: str  # what the user meets: "Merchant › grant: Negotiation +1"
    kind: str  # "reading", "filled in", "printed as", "provisional", or AMBIGUITY/SILENT/...
    text: str  # the note, its line references as pages
    line: str = ""  # the rulebook lines ("L3850")
    pack: str = "houses-of-the-landsraad"  # whose text the lines are of; only this one has pages

    @property
    def page(self) -> int | None:
        return page_of_ref(self.line) if self.pack == "houses-of-the-landsraad" else None

    def to_json(self) -> dict:
        return {
            "area": self.area,
            "where": self.where,
            "kind": self.kind,
            "text": self.text,
            "line": self.line,
            "page": self.page,
            "pack": self.pack,
        }


def kind_of(note: str, house_rule: bool = False, provisional: bool = False) -> str:
    if house_rule:
        return "filled in"
    if provisional or "PROVISIONAL" in (note or ""):
        return "provisional"
    m = _KIND.search(note or "")
    return m.group(1) if m else "note"


def filled_in_text(note: str = "") -> str:
    """The mark for text the rulebook lost and the project filled in."""
    return "Filled in: not printed in the rulebook (the text is lost); the Judge's default" + (
        f". {cite(note, lines=True)}" if note else "."
    )


def filled_in_parts(content, step: str, template, picks: dict | None = None) -> list[str]:
    """What of a template the rulebook does not print and the project filled in: its grants and
    the choices (answered or not) marked ``house_rule`` ("Negotiation +1 (p. 144)")."""
    out = []
    for g in template.grants:
        if g.house_rule:
            out.append(f"{_grant_name(g, content)} ({cite(g.line) if g.line else 'not printed'})")
    choices = content.steps[step].choices_of(template)
    for n, ch in enumerate(choices, 1):
        if ch.house_rule:
            opts = " or ".join(o.label or o.id for o in ch.options)
            out.append(f"choice {n}: {opts} ({cite(ch.line) if ch.line else 'not printed'})")
        for o in ch.options:
            if o.house_rule and (picks is None or any(t.split("(")[0] == o.id for t in picks.get(n, []))):
                out.append(f"{o.label or o.id} ({cite(o.line) if o.line else 'not printed'})")
    if template.house_rule and not out:
        out.append(f"{template.name} ({cite(template.line)})")
    return out


# what a reading's kind means, said to players (issue 27: "Reading: AMBIGUITY (p. 125 L2839)")
PLAIN_KINDS = {
    "AMBIGUITY": "the rulebook can be read more than one way here",
    "SILENT": "the rulebook does not say",
    "INCONSISTENT": "the rulebook contradicts itself here",
    "PROVISIONAL": "a provisional reading of a table the rulebook's text flattens",
    "MISSING": "the rulebook's text is missing here",
    "filled in": "not printed in the rulebook (its text is lost): filled in",
    "provisional": "a provisional reading",
    "printed as": "printed under another name",
    "note": "a note",
}


def plain_kind(kind: str) -> str:
    return PLAIN_KINDS.get(kind, kind)


def plain_words(text: str) -> str:
    """A reading in words for players: pages, never the text file's lines; "the rulebook
    does not say" for SILENT (and the other kinds); the spec's numbers (S14, A19, §5.1) left
    out: they are for the team, not the table."""
    if not text:
        return ""
    out = cite(text)
    out = re.sub(r"(?<![A-Za-z])(?:spec\s+)?(?:§\s?[\d.]+|[SAUI]\d+)(?![\w.(])(?:\s*[,;]\s*)?", "", out)
    out = re.sub(r"\s*[,;]\s*\)", ")", out)
    out = re.sub(r"\(\s*[:,;]\s*", "(", out)
    out = re.sub(r"\s*\(\s*\)", "", out)

    def kind(m) -> str:
        words = PLAIN_KINDS[m.group(1)]
        return (
            words[0].upper() + words[1:]
            if m.start() == 0 or out[m.start() - 2 : m.start()].strip() in (".", "")
            else words
        )

    out = re.sub(r"\b(AMBIGUITY|SILENT|INCONSISTENT|PROVISIONAL|MISSING)\b", kind, out)
    out = re.sub(r"\s+([,.;:)])", r"\1", out)
    out = re.sub(r"\(\s+", "(", out)
    return re.sub(r"\s{2,}", " ", out).strip()


def tooltip(entry, extra: str = "") -> str:
    """A tooltip's reading part for any content entry: its note, filled-in mark, printed name, page."""
    bits = []
    line = getattr(entry, "line", "") or ""
    page = page_of_ref(line)
    if getattr(entry, "house_rule", False):
        bits.append("Filled in, not printed in the rulebook: " + plain_words(getattr(entry, "note", "") or ""))
    elif getattr(entry, "note", ""):
        bits.append("How the app reads the rulebook: " + plain_words(entry.note))
    if getattr(entry, "provisional", False):
        bits.append("A provisional reading of a table the rulebook's text flattens; the Judge may read it otherwise.")
    printed = getattr(entry, "printed_name", "") or ""
    if printed and printed != getattr(entry, "name", printed):
        bits.append(f"Printed as “{printed}”.")
    if extra:
        bits.append(plain_words(extra))
    if page:
        bits.append(f"Rulebook p. {page}.")
    return "\n".join(bits)


def _row(rows: list, area: str, where: str, entry, line: str = "") -> None:
    note = getattr(entry, "note", "") or ""
    line = line or getattr(entry, "line", "") or ""
    house_rule = bool(getattr(entry, "house_rule", False))
    provisional = bool(getattr(entry, "provisional", False))
    if note or house_rule or provisional:
        text = cite(note, lines=True) if note else "Not printed; filled in by the project."
        rows.append(ReadingRow(area, where, kind_of(note, house_rule, provisional), text, line))
    printed = getattr(entry, "printed_name", "") or ""
    name = getattr(entry, "name", "") or ""
    if printed and name and printed != name:
        rows.append(ReadingRow(area, where, "printed as", f"Printed “{printed}”, read as “{name}”.", line))


def character_readings(c) -> list[ReadingRow]:
    rows: list[ReadingRow] = []
    for r in c.pack.reading:
        rows.append(
            ReadingRow("Character rules", r.rule, kind_of(r.note), f"{r.choice} — {cite(r.note, lines=True)}", r.line)
        )
    for s in c.statistics.values():
        _row(rows, "Statistics", s.name, s)
    for k in c.castes.values():
        _row(rows, "Castes", k.name, k)
    for s in c.skills.values():
        _row(rows, "Skills", s.name, s)
    for a in c.advantages.values():
        _row(rows, "Advantages", a.name, a)
    for tree in c.trees.values():
        _row(rows, "Feats", tree.name, tree)
        for f in tree.feat:
            _row(rows, "Feats", f"{tree.name} › {f.name}", f)
    for step in c.steps.values():
        area = step.step.name
        _row(rows, area, step.step.name, step.step)
        for n, ch in enumerate(step.common.choice, 1):
            _row(rows, area, f"every template › {ch.label}", ch)
            for p in ch.patterns:
                _row(rows, area, f"every template › {ch.label} › {p.label or p.id}", p, ch.line)
        for t in step.template:
            _row(rows, area, t.name, t)
            for req in t.requires:
                _row(rows, area, f"{t.name} › requires {req.kind} {req.value or req.id}".rstrip(), req, t.line)
            for g in t.grants:
                _row(rows, area, f"{t.name} › grant: {_grant_name(g, c)}", g)
            for n, ch in enumerate(t.choice, 1):
                _row(rows, area, f"{t.name} › choice {n}: {ch.label}", ch)
                for p in ch.patterns:
                    _row(rows, area, f"{t.name} › choice {n} › {p.label or p.id}", p, ch.line or t.line)
                for o in ch.options:
                    _row(rows, area, f"{t.name} › choice {n} › {o.label or o.id}", o)
                    for g in o.grants:
                        _row(rows, area, f"{t.name} › choice {n} › {o.label or o.id} › {_grant_name(g, c)}", g)
    return rows


def _grant_name(g, c) -> str:
    table = {
        "statistic": c.statistics,
        "skill": c.skills,
        "special-die": c.skills,
        "advantage": c.advantages,
        "feat": c.feats,
    }.get(g.kind, {})
    entry = table.get(g.id)
    name = entry.name if entry is not None else (g.order or g.id)
    return f"{'Special Die: ' if g.kind == 'special-die' else ''}{name}" + (
        f" +{g.amount}" if g.kind in ("skill", "statistic", "special-die") else ""
    )


def house_readings(hc) -> list[ReadingRow]:
    rows: list[ReadingRow] = []
    rows.append(
        ReadingRow(
            "House rules",
            "Trait Scores and Ratings",
            kind_of(hc.rating.note),
            cite(hc.rating.note, lines=True),
            hc.rating.line,
        )
    )
    for tr in hc.traits:
        _row(rows, "House traits", tr.name, tr)
        if tr.levels_note:
            rows.append(
                ReadingRow(
                    "House traits",
                    f"{tr.name} › levels",
                    kind_of(tr.levels_note),
                    cite(tr.levels_note, lines=True),
                    tr.levels_line,
                )
            )
    rules = hc.territory.rules
    _row(rows, "Territory tables", "Territories", rules)
    if rules.arcologies_note:
        rows.append(
            ReadingRow(
                "Territory tables",
                "Separate arcologies and the placement rules",
                kind_of(rules.arcologies_note),
                cite(rules.arcologies_note, lines=True),
                rules.arcologies_line,
            )
        )
    for label, rule in (("Fief tables", hc.fief.rules), ("History tables", hc.history.rules)):
        for attr in ("note", "added_note", "waste_table_note"):
            text = getattr(rule, attr, "")
            if text:
                rows.append(
                    ReadingRow(
                        label, f"{label} ({attr.replace('_', ' ')})", kind_of(text), cite(text, lines=True), rule.line
                    )
                )
    for r in hc.fief.set_result:
        _row(rows, "Fief tables", f"{r.name} ({r.width}x{'/'.join(map(str, r.heights))})", r)
    for f in hc.fief.system_feature:
        _row(rows, "Fief tables", f"{f.name} (waste {f.face})", f)
    for group, items in (
        ("domain", hc.territory.domain),
        ("wealth", hc.territory.wealth),
        ("arcology type", hc.territory.arcology_type),
        ("terrain", hc.territory.terrain),
        ("placement", hc.territory.placement),
    ):
        for x in items:
            _row(rows, "Territory tables", f"{group}: {x.name}", x)
    for ev in hc.history.set_event:
        _row(rows, "History tables", f"{ev.name} (sets)", ev)
        for r in ev.row:
            _row(rows, "History tables", f"{ev.name} {r.width}x", r)
    for table, events in (("A", hc.history.waste_a), ("B", hc.history.waste_b)):
        for e in events:
            _row(rows, "History tables", f"{e.name} (Table {table}, {e.face})", e)
    _row(rows, "History tables", "Madness", hc.history.madness)
    for h in hc.holdings:
        _row(rows, "Holdings", h.name, h)
    return rows


def domain_readings(dc) -> list[ReadingRow]:
    """Every note of the Domain management rules (``domain.toml``): the calendar, budgets, the
    use penalty, Degradation, Strategies, Ventures, information tiers, Operations, facts, dice."""
    rows: list[ReadingRow] = []
    area = "House turn"
    for label, rule in (
        ("Calendar", dc.calendar),
        ("Budgets", dc.budget),
        ("The use penalty", dc.use_penalty),
        ("Degradation", dc.degradation),
        ("Strategy timing", dc.strategy_rules),
        ("Dice of House rolls", dc.dice),
    ):
        _row(rows, area, label, rule)
    for st in dc.strategies:
        _row(rows, area, f"Strategy › {st.name}", st)
    for v in dc.ventures:
        _row(rows, area, f"Venture › {v.name}", v)
    for t in dc.surveillance_tiers:
        _row(rows, area, f"Venture › Surveillance {t.width}X", t)
    for o in dc.operations:
        _row(rows, area, f"Operation › {o.name} ({o.target.split('-')[-1]})", o)
    for t in dc.spy_tiers:
        _row(rows, area, f"Operation › Spy {t.width}X", t)
    for f in dc.facts:
        _row(rows, area, f"Standing fact › {f.name}", f)
    return rows


def other_pack_readings() -> list[ReadingRow]:
    """The readings of the other content packs (the fencing rules...), read from their TOML as
    written: every ``[[reading]]`` and every entry with a note; their lines cite their own seed."""
    from pathlib import Path

    from landsraad.paths import DEFAULT_PACK, content_dir
    from landsraad.rules.toml_loading import read_toml

    rows: list[ReadingRow] = []
    for folder in sorted(p for p in Path(content_dir()).iterdir() if p.is_dir() and p.name != DEFAULT_PACK):
        pack_file = folder / "pack.toml"
        if not pack_file.exists():
            continue
        area = (read_toml(pack_file).get("pack") or {}).get("name", folder.name)
        for path in sorted(folder.glob("*.toml")):
            _walk(read_toml(path), path.stem, area, folder.name, rows)
    return rows


def _walk(data, where: str, area: str, pack: str, rows: list) -> None:
    if isinstance(data, dict):
        note = data.get("note") if isinstance(data.get("note"), str) else ""
        house_rule = data.get("house_rule") is True
        if note or house_rule:
            name = data.get("rule") or data.get("name") or data.get("id") or where
            text = (f"{data['choice']} — " if isinstance(data.get("choice"), str) else "") + (note or "Filled in.")
            rows.append(
                ReadingRow(
                    area,
                    f"{where} › {name}" if name != where else where,
                    kind_of(note or "", house_rule),
                    text,
                    str(data.get("line", "")),
                    pack,
                )
            )
        for key, value in data.items():
            if isinstance(value, (dict, list)):
                _walk(
                    value,
                    where if key in ("reading",) else f"{where}.{key}" if isinstance(value, dict) else where,
                    area,
                    pack,
                    rows,
                )
    elif isinstance(data, list):
        for item in data:
            _walk(item, where, area, pack, rows)


def condition_readings() -> list[ReadingRow]:
    """The readings of ``condition.toml`` (damage, Complications, healing, limited uses): the
    character pack's own lines, so they cite its pages."""
    from pathlib import Path

    from landsraad.paths import DEFAULT_PACK, content_dir
    from landsraad.rules.toml_loading import read_toml

    path = Path(content_dir()) / DEFAULT_PACK / "condition.toml"
    rows: list[ReadingRow] = []
    if path.exists():
        _walk(read_toml(path), "In play", "Character in play", DEFAULT_PACK, rows)
    return [attrs.evolve(r, text=cite(r.text, lines=True)) for r in rows]
