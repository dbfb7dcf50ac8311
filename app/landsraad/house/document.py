"""Save and load a Siridar Fief as one versioned JSON document.

    {"schema_version": 1, "kind": "fief", "app_version": "0.1.0", "name": …, "house_major": …,
     "roll": {"faces": […], "seed": S or null}, "bodies": […], "houses": […], "log": […]}

Only what was rolled and chosen is saved; readings, events and scores are recomputed on
load.  A file that cannot be read (bad JSON, a newer or unknown schema_version, a wrong
type, a missing field, a die that is not 1-10) raises DocumentError naming the file and
the field.  Reading and saving go through ``landsraad.documents.codec`` (one wording for
an unreadable, wrong-kind or too-new file; ``migrations.upgrade()``; the atomic writer,
the old file kept as .bak), with a stable key order and a trailing newline.  Names are
bounded by ``landsraad.documents.limits``.
"""

from __future__ import annotations

import os
from typing import Any, NoReturn

from landsraad import __version__
from landsraad.dice import Roll, RollLogEntry
from landsraad.documents import codec, limits
from landsraad.errors import DiceError, DocumentError
from landsraad.house import domain_codec  # the monthly House turn (issue 18), schema_version 2
from landsraad.house.model import Body, EventChoice, Fief, Holding, House, Territory
from landsraad.rules.assets import Asset, check_assets

SCHEMA_VERSION = 3
KIND = "fief"
_MISSING = object()


# ----- writing --------------------------------------------------------------------------
def _roll_json(roll: Roll | None) -> dict | None:
    return None if roll is None else {"faces": list(roll.faces), "seed": roll.seed}


def fief_to_json(fief: Fief) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "app_version": __version__,
        "name": fief.name,
        "house_major": fief.house_major,
        "note": fief.note,
        "roll": _roll_json(fief.roll),
        "bodies": [
            {
                "id": b.id,
                "source": b.source,
                "name": b.name,
                "kind": b.kind,
                "controller": b.controller,
                "circles": b.circles,
                "note": b.note,
                "territories": [
                    {
                        "id": t.id,
                        "name": t.name,
                        "features": list(t.features),
                        "arcology_type": t.arcology_type,
                        "note": t.note,
                    }
                    for t in b.territories
                ],
            }
            for b in fief.bodies
        ],
        "houses": [_house_json(h) for h in fief.houses],
        "log": [e.to_json() for e in fief.log],
        **domain_codec.fief_extra_json(fief),
    }


def _house_json(h: House) -> dict:
    out = {
        "id": h.id,
        "name": h.name,
        "player": h.player,
        "territory": h.territory,
        "predominant": h.predominant,
        "founding": h.founding,
        "note": h.note,
        "history": _roll_json(h.history),
        "choices": [_choice_json(c) for c in h.choices],
    }
    # written only when set, so documents without them stay as they were
    if h.event_order:
        out["event_order"] = list(h.event_order)
    if h.holdings:
        out["holdings"] = [{"id": x.id, "count": x.count, **({"note": x.note} if x.note else {})} for x in h.holdings]
    out.update(_assets_json(h.assets))
    out.update(domain_codec.house_extra_json(h))
    return out


def _choice_json(c: EventChoice) -> dict:
    out: dict[str, Any] = {"source": c.source, "table": c.table}
    if c.option is not None:
        out["option"] = c.option
    if c.traits:
        out["traits"] = list(c.traits)
    if c.madness:
        out["madness"] = list(c.madness)
    return out


def _assets_json(assets) -> dict:
    """A House's Dune conflict assets; the key is left out when it has none, so a Fief
    without assets is written exactly as before."""
    if not assets:
        return {}
    return {
        "assets": [
            {
                "name": a.name,
                "form": a.form,
                "quality": a.quality,
                "kinds": list(a.kinds),
                "owner": a.owner,
                "note": a.note,
            }
            for a in assets
        ]
    }


def dumps(fief: Fief) -> str:
    return codec.dumps_document(KIND, fief)


def save_fief(fief: Fief, path: str | os.PathLike, backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    codec.save_document(KIND, fief, path, backup=backup)


# ----- reading --------------------------------------------------------------------------
class _Reader:
    def __init__(self, file: str):
        self.file = file

    def fail(self, field: str | None, reason: str) -> NoReturn:
        raise DocumentError(self.file, reason, field)

    def get(self, obj: dict, key: str, types, where: str, default: Any = _MISSING):
        field = f"{where}.{key}" if where else key
        if key not in obj:
            if default is _MISSING:
                self.fail(field, "missing field")
            return default
        value = obj[key]
        if not _is(value, types):
            self.fail(field, f"must be {_describe(types)}, not {_json_type(value)}")
        if isinstance(value, str):
            try:  # a note may be long; a name, an id or a label is one line of a sheet
                limits.check_text(value, field, limits.MAX_TEXT if key == "note" else limits.MAX_NAME)
            except limits.LimitError as exc:
                self.fail(field, exc.reason)
        return value

    def obj(self, value: Any, field: str) -> dict:
        if not isinstance(value, dict):
            self.fail(field, f"must be an object, not {_json_type(value)}")
        return value

    def list_of(self, obj: dict, key: str, types, where: str, default: Any = _MISSING) -> list:
        value = self.get(obj, key, list, where, default)
        field = f"{where}.{key}" if where else key
        for i, item in enumerate(value):
            if not _is(item, types):
                self.fail(f"{field}[{i}]", f"must be {_describe(types)}, not {_json_type(item)}")
        return list(value)

    def roll(self, obj: dict, key: str, where: str) -> Roll | None:
        value = self.get(obj, key, (dict, type(None)), where, None)
        if value is None:
            return None
        field = f"{where}.{key}" if where else key
        faces = self.list_of(value, "faces", int, field)
        seed = self.get(value, "seed", (int, type(None)), field, None)
        try:
            return Roll(tuple(faces), seed)
        except DiceError as exc:
            self.fail(f"{field}.faces", str(exc))


def _is(value, types) -> bool:
    types = types if isinstance(types, tuple) else (types,)
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def _describe(types) -> str:
    names = {
        str: "text",
        int: "a whole number",
        bool: "true or false",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }
    types = types if isinstance(types, tuple) else (types,)
    return " or ".join(names.get(t, t.__name__) for t in types)


def _json_type(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, float):
        return f"the decimal number {value!r}"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"the number {value}"
    return {bool: "true/false", str: "text", list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def fief_from_json(data: Any, file: str = "<fief>") -> Fief:
    """A parsed document (any schema version this app reads) to a Fief."""
    return codec.decode_document(data, file, expect=KIND)[1]


def _decode(top: dict, file: str) -> Fief:
    """An upgraded document object to a Fief (the codec has checked kind and version)."""
    r = _Reader(file)
    r.get(top, "app_version", str, "", "")
    fief = Fief(
        name=r.get(top, "name", str, "", ""),
        house_major=r.get(top, "house_major", str, "", ""),
        note=r.get(top, "note", str, "", ""),
        roll=r.roll(top, "roll", ""),
    )
    for key in ("bodies", "houses"):
        _bounded(r, top, key, key)
    for i, raw in enumerate(r.get(top, "bodies", list, "")):
        where = f"bodies[{i}]"
        b = r.obj(raw, where)
        body = Body(
            id=r.get(b, "id", str, where),
            source=r.get(b, "source", str, where),
            name=r.get(b, "name", str, where, ""),
            kind=r.get(b, "kind", str, where, ""),
            controller=r.get(b, "controller", (str, type(None)), where, None),
            circles=r.get(b, "circles", (str, type(None)), where, None),
            note=r.get(b, "note", str, where, ""),
        )
        _bounded(r, b, "territories", f"{where}.territories")
        for j, traw in enumerate(r.get(b, "territories", list, where, [])):
            tw = f"{where}.territories[{j}]"
            t = r.obj(traw, tw)
            body.territories.append(
                Territory(
                    id=r.get(t, "id", str, tw),
                    name=r.get(t, "name", str, tw, ""),
                    features=r.list_of(t, "features", str, tw, []),
                    arcology_type=r.get(t, "arcology_type", (str, type(None)), tw, None),
                    note=r.get(t, "note", str, tw, ""),
                )
            )
        fief.bodies.append(body)
    for i, raw in enumerate(r.get(top, "houses", list, "")):
        where = f"houses[{i}]"
        h = r.obj(raw, where)
        house = House(
            id=r.get(h, "id", str, where),
            name=r.get(h, "name", str, where),
            player=r.get(h, "player", bool, where, False),
            territory=r.get(h, "territory", (str, type(None)), where, None),
            predominant=r.get(h, "predominant", (str, type(None)), where, None),
            founding=r.get(h, "founding", (str, type(None)), where, None),
            note=r.get(h, "note", str, where, ""),
            history=r.roll(h, "history", where),
        )
        _bounded(r, h, "choices", f"{where}.choices")
        for j, craw in enumerate(r.get(h, "choices", list, where, [])):
            cw = f"{where}.choices[{j}]"
            c = r.obj(craw, cw)
            house.choices.append(
                EventChoice(
                    source=r.get(c, "source", str, cw),
                    table=r.get(c, "table", str, cw, "A"),
                    option=r.get(c, "option", (int, type(None)), cw, None),
                    traits=r.list_of(c, "traits", str, cw, []),
                    madness=r.list_of(c, "madness", int, cw, []),
                )
            )
        house.event_order = r.list_of(h, "event_order", str, where, [])
        for j, xraw in enumerate(r.get(h, "holdings", list, where, [])):
            xw = f"{where}.holdings[{j}]"
            x = r.obj(xraw, xw)
            house.holdings.append(
                Holding(
                    id=r.get(x, "id", str, xw), count=r.get(x, "count", int, xw, 1), note=r.get(x, "note", str, xw, "")
                )
            )
        for j, araw in enumerate(r.get(h, "assets", list, where, [])):
            aw = f"{where}.assets[{j}]"
            a = r.obj(araw, aw)
            house.assets.append(
                Asset(
                    name=r.get(a, "name", str, aw),
                    form=r.get(a, "form", str, aw, "tangible"),
                    quality=r.get(a, "quality", int, aw, 0),
                    kinds=r.list_of(a, "kinds", str, aw, []),
                    owner=r.get(a, "owner", str, aw, ""),
                    note=r.get(a, "note", str, aw, ""),
                )
            )
        for problem in check_assets(house.assets):
            r.fail(f"{where}.assets", problem)
        domain_codec.read_house_extra(h, house, r, where)
        fief.houses.append(house)
    for i, raw in enumerate(r.get(top, "log", list, "")):
        where = f"log[{i}]"
        e = r.obj(raw, where)
        seed = r.get(e, "seed", (int, str), where)
        if isinstance(seed, str) and seed != "typed":
            r.fail(f"{where}.seed", f'must be a whole number or "typed", not {seed!r}')
        faces = r.list_of(e, "faces", int, where)
        try:
            fief.log.append(
                RollLogEntry(
                    what=r.get(e, "what", str, where),
                    who=r.get(e, "for", str, where),
                    why=r.get(e, "why", str, where, ""),
                    when=r.get(e, "when", str, where),
                    faces=tuple(faces),
                    seed=None if seed == "typed" else seed,
                    reading=r.get(e, "reading", str, where, ""),
                )
            )
        except DiceError as exc:
            r.fail(f"{where}.faces", str(exc))
    domain_codec.read_fief_extra(top, fief, r)
    return fief


def _bounded(r: _Reader, obj: dict, key: str, field: str) -> None:
    items = obj.get(key)
    if isinstance(items, list) and len(items) > limits.MAX_FIEF_ENTRIES:
        r.fail(field, f"has {len(items):,} entries; a Fief holds at most {limits.MAX_FIEF_ENTRIES:,}")


def loads(text: str, file: str = "<fief>") -> Fief:
    return codec.loads_document(text, file, expect=KIND)[1]


def load_fief(path: str | os.PathLike) -> Fief:
    return codec.load_document(path, expect=KIND)[1]
