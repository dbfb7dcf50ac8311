"""The pack's two documents as versioned JSON, each with its own ``kind``, read and written
only through the one document codec (``landsraad.documents.codec``):

    {"schema_version": 1, "kind": "fencer", "pack": "across-the-dune-sea", "app_version": …,
     "name", "fencing", "maneuvers", "reflexes", "muscle", "stamina", "willpower",
     "damage_capacity", "armour", "weapons": [{"kind", "name", "sharp"}], "wounds": {level: n},
     "dead", "legendary_allowed", "legendary_cost", "widen_wounds", "willpower_steadied", "note"}

    {"schema_version": 1, "kind": "fencing-duel", "pack": …, "app_version": …, "realism",
     "damage_roll", "damage_roll_limited", "cinematic", "round", "combatants": [{"side",
     "fencer": {…}, "locked_with", "disarmed", "initiative_penalty", "fired"}], "exchanges": […],
     "log": […], "secret"?, "revealed"?, "shown"?}   (the round at the table, ``duel_edits``; when set)

``fencer_to_json`` / ``duel_to_json`` are the kinds' encoders and ``fencer_body_from_json``
/ ``_duel_body`` their decoders, registered with the codec (which checks the kind, refuses a
newer version and upgrades an older one through ``migrations.MIGRATIONS[kind]`` first);
``*_from_json`` decode a parsed object through the codec; ``save_*``/``load_*``/``dumps_*``
are the codec's, for these kinds.  A frozen file per kind and version is in
``tests/data/documents/``.
"""

from __future__ import annotations

import json
import os
from typing import Any

from landsraad import __version__
from landsraad.documents import codec
from landsraad.errors import DocumentError
from landsraad.packs.fencing.content import PACK_ID
from landsraad.packs.fencing.dice import FudgeLogEntry
from landsraad.packs.fencing.duel import Combatant, Duel
from landsraad.packs.fencing.model import Fencer, FencerWeapon

SCHEMA_VERSION = 1
FENCER_KIND = "fencer"
DUEL_KIND = "fencing-duel"

_TRAITS = ("fencing", "reflexes", "muscle", "stamina", "willpower", "damage_capacity", "armour")


# ----- fencer -------------------------------------------------------------------------------
def fencer_body(f: Fencer) -> dict:
    return {
        "name": f.name,
        "fencing": f.fencing,
        "maneuvers": list(f.maneuvers),
        "reflexes": f.reflexes,
        "muscle": f.muscle,
        "stamina": f.stamina,
        "willpower": f.willpower,
        "damage_capacity": f.damage_capacity,
        "armour": f.armour,
        "weapons": [{"kind": w.kind, "name": w.name, "sharp": w.sharp} for w in f.weapons],
        "wounds": {k: v for k, v in f.wounds.items() if v},
        "dead": f.dead,
        "legendary_allowed": f.legendary_allowed,
        "legendary_cost": f.legendary_cost,
        "widen_wounds": f.widen_wounds,
        "willpower_steadied": f.willpower_steadied,
        "note": f.note,
        **({"near_death_rest": f.near_death_rest} if f.near_death_rest else {}),
        **({"lackey_track": True} if f.lackey_track else {}),
        **({"fudge_points": f.fudge_points} if f.fudge_points else {}),
        **({"fudge_action": True} if f.fudge_action else {}),
    }


def fencer_to_json(f: Fencer) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": FENCER_KIND,
        "pack": PACK_ID,
        "app_version": __version__,
        **fencer_body(f),
    }


def _get(data: dict, key: str, kind, file: str, where: str = "", default: Any = ...):
    field = f"{where}{key}"
    if key not in data:
        if default is ...:
            raise DocumentError(file, "missing", field)
        return default
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (bool not in kinds and isinstance(value, bool)) or not isinstance(value, kinds):
        raise DocumentError(file, f"{value!r} is not {' or '.join(k.__name__ for k in kinds)}", field)
    return value


def fencer_body_from_json(data: Any, file: str, where: str = "") -> Fencer:
    if not isinstance(data, dict):
        raise DocumentError(file, "a fencer must be an object", where.rstrip(".") or None)
    name = _get(data, "name", str, file, where)
    traits = {
        k: _get(data, k, str, file, where, "none" if k == "armour" else "terrible" if k == "fencing" else "fair")
        for k in _TRAITS
    }
    maneuvers = _get(data, "maneuvers", list, file, where, [])
    if not all(isinstance(m, str) for m in maneuvers):
        raise DocumentError(file, "maneuver ids are strings", f"{where}maneuvers")
    weapons = []
    for i, w in enumerate(_get(data, "weapons", list, file, where, [{"kind": "rapier"}])):
        if not isinstance(w, dict):
            raise DocumentError(file, "a weapon is an object", f"{where}weapons.{i}")
        weapons.append(
            FencerWeapon(
                _get(w, "kind", str, file, f"{where}weapons.{i}."),
                _get(w, "name", str, file, f"{where}weapons.{i}.", ""),
                _get(w, "sharp", bool, file, f"{where}weapons.{i}.", False),
            )
        )
    wounds = _get(data, "wounds", dict, file, where, {})
    for k, v in wounds.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise DocumentError(file, f"{v!r} is not a count of boxes", f"{where}wounds.{k}")
    rested = _get(data, "near_death_rest", int, file, where, 0)
    if rested < 0:
        raise DocumentError(file, f"{rested!r} weeks is not 0 or more", f"{where}near_death_rest")
    points = _get(data, "fudge_points", int, file, where, 0)
    if points < 0:
        raise DocumentError(file, f"{points!r} Fudge Points is not 0 or more", f"{where}fudge_points")
    cost = data.get("legendary_cost")
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int)):
        raise DocumentError(file, f"{cost!r} is not a whole number", f"{where}legendary_cost")
    return Fencer(
        name=name,
        maneuvers=list(maneuvers),
        weapons=weapons,
        wounds=dict(wounds),
        dead=_get(data, "dead", bool, file, where, False),
        legendary_allowed=_get(data, "legendary_allowed", bool, file, where, False),
        legendary_cost=cost,
        widen_wounds=_get(data, "widen_wounds", bool, file, where, True),
        willpower_steadied=_get(data, "willpower_steadied", bool, file, where, False),
        note=_get(data, "note", str, file, where, ""),
        near_death_rest=rested,
        lackey_track=_get(data, "lackey_track", bool, file, where, False),
        fudge_points=points,
        fudge_action=_get(data, "fudge_action", bool, file, where, False),
        **traits,
    )


def fencer_from_json(data: Any, file: str = "<fencer>") -> Fencer:
    """A parsed fencer document (any version this app reads), through the codec."""
    fencer: Fencer = codec.decode_document(data, file, expect=FENCER_KIND)[1]
    return fencer


# ----- duel ---------------------------------------------------------------------------------
def duel_to_json(d: Duel) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": DUEL_KIND,
        "pack": PACK_ID,
        "app_version": __version__,
        "realism": d.realism,
        "damage_roll": d.damage_roll,
        "damage_roll_limited": d.damage_roll_limited,
        "cinematic": d.cinematic,
        "round": d.round,
        "combatants": [
            {
                "side": cb.side,
                "fencer": fencer_body(cb.fencer),
                "locked_with": cb.locked_with,
                "disarmed": cb.disarmed,
                "initiative_penalty": cb.initiative_penalty,
                "fired": list(cb.fired),
            }
            for cb in d.combatants
        ],
        "exchanges": _plain(d.exchanges),
        "log": [e.to_json() for e in d.log],
        **_round_json(d),
    }


def _round_json(d: Duel) -> dict:
    from landsraad.packs.fencing.duel_edits import round_to_json

    return round_to_json(d)  # the round at the table: choices face down, the steps shown


def _plain(value):
    """The exchanges as JSON holds them (weapons in hit records become their kind)."""
    return json.loads(json.dumps(value, default=lambda o: getattr(o, "kind", str(o))))


def _fired(value: Any, file: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise DocumentError(file, f"{value!r} is not a weapon number", field)
    return value


def duel_from_json(data: Any, file: str = "<duel>") -> Duel:
    """A parsed duel document (any version this app reads), through the codec."""
    duel: Duel = codec.decode_document(data, file, expect=DUEL_KIND)[1]
    return duel


def _duel_body(data: dict, file: str) -> Duel:
    from landsraad.packs.fencing.duel_edits import round_from_json

    combatants = []
    for i, cb in enumerate(_get(data, "combatants", list, file)):
        where = f"combatants.{i}."
        if not isinstance(cb, dict):
            raise DocumentError(file, "a combatant is an object", f"combatants.{i}")
        combatants.append(
            Combatant(
                side=_get(cb, "side", str, file, where),
                fencer=fencer_body_from_json(cb.get("fencer"), file, f"{where}fencer."),
                locked_with=_get(cb, "locked_with", (str, type(None)), file, where, None),
                disarmed=_get(cb, "disarmed", bool, file, where, False),
                initiative_penalty=_get(cb, "initiative_penalty", int, file, where, 0),
                fired=[_fired(x, file, f"{where}fired") for x in _get(cb, "fired", list, file, where, [])],
            )
        )
    if len({cb.side for cb in combatants}) != len(combatants) or len(combatants) < 2:
        raise DocumentError(file, "a duel needs two or more fencers on distinct sides", "combatants")
    try:
        log = [FudgeLogEntry.from_json(e) for e in _get(data, "log", list, file, "", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise DocumentError(file, f"a roll log entry cannot be read ({exc})", "log") from None
    return Duel(
        combatants=combatants,
        realism=_get(data, "realism", int, file, "", 1),
        damage_roll=_get(data, "damage_roll", bool, file, "", False),
        damage_roll_limited=_get(data, "damage_roll_limited", bool, file, "", True),
        cinematic=_get(data, "cinematic", bool, file, "", False),
        round=_get(data, "round", int, file, "", 0),
        exchanges=list(_get(data, "exchanges", list, file, "", [])),
        log=log,
        **round_from_json(data, file),
    )


# ----- files: the codec's, for these two kinds ----------------------------------------------
def dumps_fencer(f: Fencer) -> str:
    return codec.dumps_document(FENCER_KIND, f)


def dumps_duel(d: Duel) -> str:
    return codec.dumps_document(DUEL_KIND, d)


def save_fencer(f: Fencer, path: str | os.PathLike[str], backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    codec.save_document(FENCER_KIND, f, path, backup=backup)


def load_fencer(path: str | os.PathLike[str]) -> Fencer:
    fencer: Fencer = codec.load_document(path, expect=FENCER_KIND)[1]
    return fencer


def save_duel(d: Duel, path: str | os.PathLike[str], backup: bool = True) -> None:
    codec.save_document(DUEL_KIND, d, path, backup=backup)


def load_duel(path: str | os.PathLike[str]) -> Duel:
    duel: Duel = codec.load_document(path, expect=DUEL_KIND)[1]
    return duel
