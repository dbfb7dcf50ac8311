"""A duel round at the table, as named edits of the duel (issue 19: a duel on the table view).

The Judge's screen makes each edit (``doc.edit("Regenald chooses", choose_in_secret, c,
side, choice)``), so every one is an undo step, and the table view reads what the group
may see from the same duel:

    choose_in_secret / withdraw_choice   Step One: a card face down (L62-66)
    reveal_choices                       every card turned over together, Initiative shown
    fight_round                          Steps Two to Four played by the engine with the dice
    show_next_step / show_all_steps      the round's steps shown to the group one at a time

Reading (table-reveal): the rulebook has each fencer announce its maneuver when the Judge
calls its Initiative level (L71, L85), and lets a fencer keep its final Initiative to
itself until then (L72).  The issue asks for the choices "revealed together": the reveal
here is that moment, taken as the table's choice (the engine's steps still run level by
level as L85-88 give them, and the group is shown them one at a time).

``table_round`` is what the group's screen shows: who has chosen (never what), then the
revealed maneuvers with their Initiative, the steps shown so far, and each fencer's wound
boxes as of the last step shown.  Qt-free; no rule lives here beyond the order of the round.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs

from landsraad.errors import ChoiceError, DocumentError
from landsraad.packs.fencing.content import SPECIAL, FencingContent
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.duel import (
    Choice,
    Duel,
    _choice_json,
    _Ctx,
    initiative_order,
    resolve_exchange,
    reveal,
    select_maneuver,
    start_round,
)
from landsraad.packs.fencing.wounds import DEAD, can_act

LEAD_STEPS = ("selection", "initiative")  # what the reveal shows; the rest is the fight


# ----- Step One: face down ----------------------------------------------------------------
def choose_in_secret(duel: Duel, c: FencingContent, side: str, choice: Choice) -> None:
    """One fencer's card, face down: checked against what it knows (L62-66) and kept."""
    if duel.revealed:
        raise ChoiceError("the choices are turned over: fight the round (or undo the reveal) first")
    duel.secret[side] = select_maneuver(duel, c, side, choice)
    duel.shown = None  # a new round: the last one has been seen in full


def spend_fudge_point(duel: Duel, side: str, c: FencingContent) -> None:
    """An Incapacitated combatant spends a Fudge Point: one action this coming round (L153)."""
    from landsraad.packs.fencing import edits

    edits.spend_fudge_point(duel.combatant(side).fencer, c)


def environment_damage(duel: Duel, side: str, c: FencingContent, source: str, amount: int) -> None:
    """Fire, a fall or an explosion hits a combatant, at the duel's Realism Modifier, in
    Step Four when "the environment gets its chance to move" (L193; reading environment-damage)."""
    from landsraad.packs.fencing import edits

    edits.take_environment_damage(duel.combatant(side).fencer, c, source, amount, duel.realism)


def withdraw_choice(duel: Duel, side: str) -> None:
    """The card taken back before the reveal (the Judge picked the wrong one)."""
    if duel.revealed:
        raise ChoiceError("the choices are turned over: they cannot be taken back")
    duel.combatant(side)
    duel.secret.pop(side, None)


def needs_choice(duel: Duel, c: FencingContent, side: str) -> bool:
    """A fencer who cannot act (L153-155) has no card to choose: its choice is no action."""
    return can_act(c, duel.combatant(side).fencer)


def _helpless_take_no_action(duel: Duel, c: FencingContent) -> None:
    for cb in duel.combatants:
        if cb.side not in duel.secret and not needs_choice(duel, c, cb.side):
            duel.secret[cb.side] = select_maneuver(duel, c, cb.side, Choice(None))


def reveal_choices(duel: Duel, c: FencingContent) -> None:
    """Every card turned over together, once every fencer has chosen (reading table-reveal)."""
    if duel.revealed:
        raise ChoiceError("the choices are already turned over")
    _helpless_take_no_action(duel, c)
    reveal(duel, duel.secret)
    duel.revealed = True
    duel.shown = None


def fight_round(duel: Duel, c: FencingContent, dice: FudgeDice) -> dict:
    """Steps Two to Four of the revealed round (turned over first if they are not yet): the
    engine fights it with the dice; the group is then shown the reveal and Initiative, and
    the Judge steps through the rest.  Returns the exchange's record (the window's undoable
    edit hands it on: ``EditResult.value``)."""
    if not duel.revealed:
        _helpless_take_no_action(duel, c)
        reveal(duel, duel.secret)
    record = resolve_exchange(duel, c, dict(duel.secret), dice)
    duel.secret, duel.revealed = {}, False
    steps = record["steps"]
    duel.shown = next((i for i, st in enumerate(steps) if st["step"] not in LEAD_STEPS), len(steps))
    return record


def show_next_step(duel: Duel) -> None:
    last = _last_steps(duel)
    if duel.shown is None or duel.shown >= len(last):
        raise ChoiceError("every step of the round is shown")
    duel.shown += 1


def show_all_steps(duel: Duel) -> None:
    last = _last_steps(duel)
    if duel.shown is None or duel.shown >= len(last):
        raise ChoiceError("every step of the round is shown")
    duel.shown = len(last)


def _last_steps(duel: Duel) -> list[dict]:
    return duel.exchanges[-1]["steps"] if duel.exchanges else []


# ----- what the group sees ----------------------------------------------------------------
@attrs.frozen
class Corner:
    """One fencer as the group's screen shows it."""

    side: str
    name: str
    status: str  # "choosing", "chosen", "cannot act", "revealed"
    maneuver: str = ""  # empty until the reveal
    initiative: tuple[str, ...] = ()  # the engine's Initiative sentences for this fencer
    initiative_level: str = ""  # where it acts: "Superb", "Special (when attacked)", "Good and Fair"
    wounds: dict = attrs.field(factory=dict)  # wound level id -> boxes checked, as of the steps shown
    dead: bool = False


@attrs.frozen
class TableRound:
    round: int  # the round the corners are about
    stage: str  # "choosing", "revealed", "fighting" (steps left to show), "fought"
    corners: tuple[Corner, ...]
    steps: tuple[dict, ...]  # the fight's steps shown (for "choosing", the last round's)
    steps_round: int  # the round those steps belong to (0: none yet)
    hidden_steps: int  # steps of the round the group has not been shown yet


def stage_of(duel: Duel) -> str:
    """Where the round at the table stands."""
    last = _last_steps(duel)
    if duel.revealed:
        return "revealed"
    if duel.secret or duel.shown is None or not duel.exchanges:
        return "choosing"
    return "fighting" if duel.shown < len(last) else "fought"


def choice_label(c: FencingContent, choice: Choice | dict) -> str:
    """A choice in words: "Thrust", "Feint to Lunge", "Strike (not fencing)", "No fencing action"."""
    data: dict = choice if isinstance(choice, dict) else _choice_json(choice)
    action, maneuver, feint_to = data.get("action"), data.get("maneuver"), data.get("feint_to")
    if action:
        act = c.action(str(action))
        return f"{act.name if act else action} (not fencing)"
    if not maneuver:
        return "No fencing action"
    m = c.maneuver(str(maneuver))
    name = m.name if m else str(maneuver)
    if feint_to:
        true = c.maneuver(str(feint_to))
        name = f"Feint to {true.name if true else feint_to}"
    also = []
    for ident in data.get("also") or ():
        extra = c.maneuver(str(ident))
        also.append(extra.name if extra else str(ident))
    return ", then ".join([name, *also])


def revealed_steps(duel: Duel, c: FencingContent) -> list[dict]:
    """The reveal's sentences (each choice, each Initiative) for the turned-over choices,
    before any die is rolled: Step Two needs no dice (L69-72)."""
    work = copy.deepcopy(duel)
    ctx = _Ctx(work, c, FudgeDice(typed=""))
    ctx.fighters = start_round(work, c, dict(work.secret))
    initiative_order(ctx)
    return ctx.steps


def table_round(duel: Duel, c: FencingContent) -> TableRound:
    names = {cb.side: cb.fencer.name or cb.side for cb in duel.combatants}
    wounds = {cb.side: dict(cb.fencer.wounds) for cb in duel.combatants}
    dead = {cb.side: cb.fencer.dead for cb in duel.combatants}
    last: dict = duel.exchanges[-1] if duel.exchanges else {"steps": [], "round": 0}
    fight = [st for st in last["steps"] if st["step"] not in LEAD_STEPS]
    stage = stage_of(duel)
    lead: list[dict] = []
    choices: dict = {}
    steps: list[dict] = fight
    hidden, steps_round = 0, int(last["round"])
    if stage == "revealed":
        lead = revealed_steps(duel, c)
        choices = {side: _choice_json(ch) for side, ch in duel.secret.items()}
        steps, steps_round = [], 0
    elif stage in ("fighting", "fought"):
        lead = [st for st in last["steps"] if st["step"] in LEAD_STEPS]
        choices = last.get("choices", {})
        shown = duel.shown or 0
        steps = [st for st in last["steps"][:shown] if st["step"] not in LEAD_STEPS]
        hidden = len(last["steps"]) - shown
        # the boxes the steps still hidden will check are open on the group's screen
        by_name = {v: k for k, v in names.items()}
        for st in last["steps"][shown:]:
            side = by_name.get(st.get("who", ""))
            if st["step"] != "wound" or side is None:
                continue
            if st.get("checked") == DEAD:
                dead[side] = False
            elif st.get("checked"):
                wounds[side][st["checked"]] = wounds[side].get(st["checked"], 0) - 1
    corners = []
    for cb in duel.combatants:
        name = names[cb.side]
        if stage == "choosing":
            status = (
                "chosen" if cb.side in duel.secret else "choosing" if needs_choice(duel, c, cb.side) else "cannot act"
            )
            maneuver, level = "", ""
            init: tuple[str, ...] = ()
        else:
            status = "revealed"
            maneuver = choice_label(c, choices[cb.side]) if cb.side in choices else ""
            mine = [st for st in lead if st["step"] == "initiative" and st.get("who") == name]
            init = tuple(_own(st["text"], name) for st in mine)
            level = _acts_at(mine)
        corners.append(
            Corner(
                cb.side,
                name,
                status,
                maneuver,
                init,
                level,
                {k: v for k, v in wounds[cb.side].items() if v > 0},
                dead[cb.side],
            )
        )
    number = duel.round + (1 if stage in ("choosing", "revealed") else 0)
    return TableRound(number, stage, tuple(corners), tuple(steps), steps_round, hidden)


def _acts_at(steps: list[dict]) -> str:
    """The levels a fencer acts at this round, from its Initiative steps (a Feint acts twice)."""
    levels: list[str] = []
    for st in steps:
        for key in ("level", "true_level"):
            v = st.get(key)
            if v:
                text = "Special (when attacked)" if v == SPECIAL else v
                if text not in levels:
                    levels.append(text)
    return " and ".join(levels)


def _own(text: str, name: str) -> str:
    """ "Regenald: base Great +1 for Thrust = Superb." -> "base Great +1 for Thrust = Superb."."""
    prefix = f"{name}: "
    return text[len(prefix) :] if text.startswith(prefix) else text


# ----- in the duel's file -------------------------------------------------------------------
def round_to_json(duel: Duel) -> dict:
    """The round at the table, for the duel's file (only what is not the default)."""
    out: dict = {}
    if duel.secret:
        out["secret"] = {side: _choice_json(ch) for side, ch in duel.secret.items()}
    if duel.revealed:
        out["revealed"] = True
    if duel.shown is not None:
        out["shown"] = duel.shown
    return out


_CHOICE_FIELDS = {a.name: a for a in attrs.fields(Choice)}


def round_from_json(data: dict, file: str) -> dict:
    """Keyword arguments of ``Duel`` for the round at the table; DocumentError names the field."""
    secret = {}
    raw = data.get("secret", {})
    if not isinstance(raw, dict):
        raise DocumentError(file, "the secret choices are an object of sides", "secret")
    for side, ch in raw.items():
        if not isinstance(ch, dict) or not set(ch) <= set(_CHOICE_FIELDS):
            raise DocumentError(file, "a choice is an object of maneuver, target, …", f"secret.{side}")
        for key, value in ch.items():
            ok = (
                isinstance(value, int) and not isinstance(value, bool)
                if key in ("trade", "weapon")
                else isinstance(value, list) and all(isinstance(x, str) for x in value)
                if key == "also"
                else isinstance(value, str) or value is None
            )
            if not ok and not (key == "weapon" and value is None):
                raise DocumentError(file, f"{value!r} is not a {key}", f"secret.{side}.{key}")
        kwargs: dict[str, Any] = {k: (tuple(v) if k == "also" else v) for k, v in ch.items()}
        secret[side] = Choice(**{"maneuver": None, **kwargs})
    revealed = data.get("revealed", False)
    if not isinstance(revealed, bool):
        raise DocumentError(file, f"{revealed!r} is not true or false", "revealed")
    shown = data.get("shown")
    if shown is not None and (isinstance(shown, bool) or not isinstance(shown, int) or shown < 0):
        raise DocumentError(file, f"{shown!r} is not a count of steps", "shown")
    return {"secret": secret, "revealed": revealed, "shown": shown}
