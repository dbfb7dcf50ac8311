"""The app's real work, timed on this machine, each figure against its target (issue 8).

    python benchmarks/run.py            # a table: value, target, ratio (value / target; <= 1 meets it)
    python benchmarks/run.py --json     # a list of {"name", "value", "unit", "target", "ratio"}
    python benchmarks/run.py --quick    # fewer repeats (a smoke run)

Figures (each the median of repeated runs):

- ``cold-start``: process start to the first paint of the main window, offscreen, as a
  ratio to a bare PySide6 QMainWindow started the same way (``benchmarks/_coldstart.py``);
- ``revalidate-character``: ``validate()`` of a complete character after one edit;
- ``fief-roll-recompute``: an 11d10 House-history roll plus the full recompute of a Fief
  with three Houses (every body read, every House's scores, all findings, political history);
- ``export-sheets``: the character, House and Fief PDF sheets, written to files, together;
- ``edit-vs-repaint``: an edit, undo or redo in the Fief view (typing a House's name;
  choosing an event's option, which changes the Trait Scores) and the character view
  (typing the name), the slowest of them, as a ratio to one full repaint of the window,
  same process and run, samples interleaved, at 1280x720, the table view closed as by
  default (``benchmarks/_gui_edit.py``); ``edit-vs-repaint-table``: the Fief's with the
  table view open and following every edit;
- ``house-turn-month``: a month of the House turn on the example Fief: three Ventures
  declared and rolled (two opposed), every House's turn report, and the month's end;
- ``big-fief-open``, ``big-fief-show-json``, ``big-fief-export-house``: the Fief of 500
  Houses (the documented maximum, ``limits.MAX_FIEF_ENTRIES``) opened in the window,
  shown as JSON and one House exported, each against the second its comment promises;
- ``session-follow``: the session server (issue 26) with 8 followers doing what the TV page
  does (an event stream, then ``GET /api/table``): the time from an accepted edit to each
  follower holding the new table, median over 1,000 edits (``benchmarks/_session.py``);
  ``session-memory``: the process's resident memory after those 1,000 edits (the note
  gives it before the followers joined and after the first 10);
- ``character-roll``: a Roll panel keystroke at its slowest: a character's pool, the exact
  odds with their caches cleared, the coach's readings of a Master Die and 9 dice;
- ``load-content``: every TOML file of ``content/`` loaded and checked, the in-process
  caches cleared (the parsed-TOML cache on disk warm, as at every start but the first
  after an install or an edit; the note gives the figure without it).

A part of the app that does not exist (yet) prints ``skipped: <reason>`` for its figure.
Timing uses only the standard library (``time.perf_counter``, ``subprocess``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class Skipped(Exception):
    """This figure cannot be measured here (the part is missing); the message says why."""


def _skip(reason: str):
    raise Skipped(reason)


def _median_time(fn, repeats: int, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


# ----- the figures ----------------------------------------------------------------------
def bench_load_content(repeats: int) -> float:
    """Seconds to load and check every TOML of content/ (character pack + House tables), cold."""
    from landsraad.rules.content import load_content

    try:
        from landsraad.house.content import load_house_content
    except ImportError as exc:
        raise Skipped(f"House tables loader missing ({exc})") from None

    def cold_load():
        load_content.cache_clear()
        load_house_content.cache_clear()
        load_content()
        load_house_content()

    return _median_time(cold_load, repeats)


def bench_load_content_uncached(repeats: int) -> float:
    """The same with the parsed-TOML cache off: the first start after an install or an edit."""
    old = os.environ.get("LANDSRAAD_NO_CACHE")
    os.environ["LANDSRAAD_NO_CACHE"] = "1"
    try:
        return bench_load_content(repeats)
    finally:
        if old is None:
            del os.environ["LANDSRAAD_NO_CACHE"]
        else:
            os.environ["LANDSRAAD_NO_CACHE"] = old


def complete_swordmaster():
    """A finished character (the construction of tests/charbuild.py:complete_swordmaster)."""
    from landsraad.character.model import Character, Purchase, TemplateChoice
    from landsraad.rules.content import load_content

    c = load_content()

    def level1(tree_id, level=1):
        return c.tree_feats(tree_id)[level].id

    return Character(
        name="Duncan Idaho",
        player="Frank",
        sex="male",
        early_life=TemplateChoice("dueling-instruction", {1: ["prowess"]}),
        vocational_conditioning=TemplateChoice(
            "swordmaster",
            {
                1: ["duel", "athletics"],
                2: ["control", "control", "vigor", "willpower", "direction", "void"],
                3: [level1("wired"), level1("power-attack"), level1("weave"), level1("hawkeye")],
            },
        ),
        house_service=TemplateChoice(
            "weapons-master",
            {
                1: ["charm"],
                2: ["duel", "marksmanship"],
                3: ["acrobatics", "etiquette", "language(Chakobsa)", "vigor", "shield-fighting"],
                4: [
                    level1("ballet-of-bullets"),
                    level1("ballet-of-bullets", 2),
                    level1("work-horse"),
                    level1("work-horse", 2),
                ],
            },
        ),
        personal_calling=TemplateChoice("exile-fugitive", {1: ["insight"]}),
        extras=[Purchase("statistic", "insight"), Purchase("skill", "observe", 2), Purchase("skill", "searching", 1)],
        caste="bondsmen",
    )


def bench_revalidate(repeats: int) -> float:
    """Seconds for one edit (a Step 06 purchase, toggled 1 <-> 2) plus validate()."""
    from landsraad.character.validate import validate
    from landsraad.rules.content import load_content

    content = load_content()
    ch = complete_swordmaster()
    _, findings = validate(ch, content)
    if any(f.severity.value == "error" for f in findings):
        raise Skipped(
            "the benchmark character no longer validates: "
            + "; ".join(str(f) for f in findings if f.severity.value == "error")
        )
    purchase = ch.extras[-1]

    def edit_and_validate():
        purchase.levels = 2 if purchase.levels == 1 else 1
        validate(ch, content)

    return _median_time(edit_and_validate, repeats, warmup=5)


def _venhei():
    try:
        from landsraad.house.document import load_fief
    except ImportError as exc:
        raise Skipped(f"Fief documents missing ({exc})") from None
    fief = load_fief(ROOT / "examples" / "venhei-fief.json")
    if len(fief.houses) != 3:
        raise Skipped(f"examples/venhei-fief.json has {len(fief.houses)} Houses, not 3")
    return fief


def recompute_fief(fief, content) -> dict:
    """Everything the app derives from a Fief document (what `fief show` and the window show)."""
    from landsraad.house.fief import habitable_planets, minor_houses_needed, read_body, total_territories
    from landsraad.house.history import history_events, political_history
    from landsraad.house.scores import house_scores
    from landsraad.house.validate import all_findings

    return {
        "bodies": [read_body(b, content) for b in fief.bodies],
        "territories": total_territories(fief, content),
        "houses_needed": minor_houses_needed(habitable_planets(fief, content), content),
        "scores": {h.id: house_scores(fief, h, content) for h in fief.houses},
        "events": {h.id: history_events(h, content) for h in fief.houses},
        "political_history": political_history(fief, content),
        "findings": all_findings(fief, content),
    }


def bench_fief(repeats: int) -> float:
    """Seconds for an 11d10 roll (a House's history, rotating over the three) plus recompute."""
    try:
        from landsraad.dice import CREATION_DICE, roll_pool
        from landsraad.house.content import load_house_content
    except ImportError as exc:
        raise Skipped(f"House engine missing ({exc})") from None
    content = load_house_content()
    fief = _venhei()
    houses = fief.houses
    originals = [h.history for h in houses]
    state = {"i": 0}

    def roll_and_recompute():
        i = state["i"]
        state["i"] = i + 1
        house = houses[i % len(houses)]
        # every other roll restores the House's own history, so its choices keep applying
        house.history = originals[i % len(houses)] if i % 2 else roll_pool(CREATION_DICE, seed=i)
        recompute_fief(fief, content)

    try:
        return _median_time(roll_and_recompute, repeats, warmup=5)
    finally:
        for h, r in zip(houses, originals):
            h.history = r


def bench_house_turn(repeats: int) -> float:
    """Seconds for one month of the House turn (issue 18) on a copy of the example Fief."""
    try:
        import copy

        from landsraad.house.content import load_house_content
        from landsraad.house.domain import add_householder, end_month, house_turn_json
        from landsraad.house.domain_tables import load_domain_content
        from landsraad.house.ventures import declare_venture, resolve_venture
    except ImportError as exc:
        raise Skipped(f"House turn engine missing ({exc})") from None
    hc, dc = load_house_content(), load_domain_content()
    base = _venhei()
    for house, name in (("felderon", "A"), ("banthet", "B"), ("vorst", "C")):
        add_householder(base, house, name)
    copies = [copy.deepcopy(base) for _ in range(repeats + 2)]

    def month():
        f = copies.pop()
        declare_venture(f, "felderon", "develop", "A", target="espionage", hc=hc, dc=dc)
        declare_venture(f, "banthet", "attack", "B", target="treasury", against="vorst", hc=hc, dc=dc)
        declare_venture(f, "vorst", "subvert", "C", target="influence", against="felderon", hc=hc, dc=dc)
        resolve_venture(f, "felderon", "A", seed=1, hc=hc, dc=dc)
        resolve_venture(f, "banthet", "B", seed=2, against_seed=3, hc=hc, dc=dc)
        resolve_venture(f, "vorst", "C", seed=4, against_seed=5, hc=hc, dc=dc)
        for h in f.houses:
            house_turn_json(f, h, hc, dc)
        end_month(f, hc, dc)

    return _median_time(month, repeats, warmup=2)


def bench_fief_view_refresh(repeats: int) -> float:
    """The Fief view redrawing the Venhei Fief after an edit (offscreen): its models'
    data() runs per cell and role, where a short Qt enum (Qt.DisplayRole) cost ~3 us each."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from PySide6.QtWidgets import QApplication

        from landsraad.gui.documents import FiefDocument
        from landsraad.gui.fief.view import FiefView
    except ImportError as exc:
        raise Skipped(f"the window is missing ({exc})") from None
    app = QApplication.instance() or QApplication([])
    view = FiefView(FiefDocument(_venhei()))
    view.resize(1600, 1000)
    view.show()
    app.processEvents()
    try:
        # every part of the view rebuilt (an edit rebuilds only the parts whose inputs changed)
        return _median_time(lambda: view.refresh(everything=True), repeats)
    finally:
        view.close()


def big_fief_file(folder: str) -> str:
    """The example Fief with 500 Houses (``limits.MAX_FIEF_ENTRIES``, the documented
    maximum whose comment promises under a second), written to ``folder``."""
    import copy

    src = json.loads((ROOT / "tests" / "data" / "documents" / "fief-v2.json").read_text(encoding="utf-8"))
    from landsraad.documents.limits import MAX_FIEF_ENTRIES

    houses = []
    for i in range(MAX_FIEF_ENTRIES):
        h = copy.deepcopy(src["houses"][i % len(src["houses"])])
        h["id"], h["name"], h["player"] = f"{h['id']}-{i}", f"{h['name']} {i}", i == 0
        houses.append(h)
    src["houses"] = houses
    path = os.path.join(folder, "big.json")
    Path(path).write_text(json.dumps(src), encoding="utf-8")
    return path


def bench_big_fief(repeats: int) -> dict:
    """Seconds for the 500-House Fief (issue 28): open it in the window (read, view built
    and shown), ``fief show --json`` and ``export house`` (in process, output discarded)."""
    import contextlib
    import io

    from landsraad.cli import main as cli

    out: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        path = big_fief_file(folder)
        pdf = os.path.join(folder, "h.pdf")

        def show():
            with contextlib.redirect_stdout(io.StringIO()):
                cli(["fief", "show", path, "--json"])

        def export():
            with contextlib.redirect_stdout(io.StringIO()):
                cli(["export", "house", path, "--house", "Felderon 0", "-o", pdf])

        out["show"] = _median_time(show, repeats)
        out["export"] = _median_time(export, repeats)
        try:
            from PySide6.QtWidgets import QApplication

            from landsraad.gui.documents import open_document
            from landsraad.gui.fief.view import FiefView
        except ImportError:
            return out
        app = QApplication.instance() or QApplication([])

        def open_in_window():
            view = FiefView(open_document(path))
            view.resize(1280, 720)
            view.show()
            app.processEvents()
            view.close()
            view.deleteLater()

        out["open"] = _median_time(open_in_window, repeats)
    return out


def bench_export(repeats: int) -> float:
    """Seconds to write the character, House (all three) and Fief PDF sheets together."""
    try:
        from landsraad.sheets import export_character, export_fief, export_house
    except ImportError as exc:
        raise Skipped(f"PDF sheets missing ({exc})") from None
    from landsraad.rules.content import load_content

    content = load_content()
    ch = complete_swordmaster()
    fief = _venhei()
    with tempfile.TemporaryDirectory(prefix="landsraad-bench-") as tmp:
        out = Path(tmp)

        def export_three():
            export_character(ch, content, out / "character.pdf")
            export_house(fief, out / "houses.pdf")
            export_fief(fief, out / "fief.pdf")

        return _median_time(export_three, repeats)


def bench_fencing_round(repeats: int) -> float:
    """One round of the Across The Dune Sea Dueling System, two fencers, Feint to Lunge
    against a Riposte, seeded 4dF (issue 19): choices checked, initiative, rolls, damage."""
    from landsraad.packs.fencing.content import load_fencing_content
    from landsraad.packs.fencing.dice import FudgeDice
    from landsraad.packs.fencing.duel import Choice, Combatant, Duel, resolve_exchange
    from landsraad.packs.fencing.model import Fencer

    c = load_fencing_content()
    a = Fencer("A", "good", ["feint", "lunge", "parry"], reflexes="great")
    b = Fencer("B", "good", ["riposte", "slash", "parry"], reflexes="good")

    def once():
        duel = Duel([Combatant("a", a), Combatant("b", b)])
        resolve_exchange(duel, c, {"a": Choice("feint", feint_to="lunge"), "b": Choice("riposte")}, FudgeDice(seed=1))

    return _median_time(once, repeats)


def bench_character_roll(repeats: int) -> float:
    """A Roll panel keystroke at its slowest (issue 25): a complete character's pool (the
    sheet built), the exact odds with the caches cleared, and the coach's readings of a
    Master Die beside 9 typed dice for two actions."""
    from landsraad.character.build import build
    from landsraad.play import odds as odds_module
    from landsraad.play.pool import Special, character_pool
    from landsraad.play.reading import readings
    from landsraad.rules.content import load_content

    c = load_content()
    ch = complete_swordmaster()
    faces = (5, 5, 5, 6, 6, 6, 7, 7, 7)

    def once():
        sheet, _ = build(ch, c)
        pool = character_pool(ch, c, "prowess", "duel", actions=2, sheet=sheet, penalty=1)
        odds_module._all_difficulties.cache_clear()
        odds_module._reach.cache_clear()
        odds_module.odds(pool.rolled, 4, pool.special, 2)
        readings(faces, 4, Special(rating=5, nominated=True), 2)

    return _median_time(once, repeats)


def _start_once(mode: str) -> float:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "_coldstart.py"), mode],
        cwd=str(ROOT),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("shown "):
            return float(line.split()[1]) - t0
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    raise Skipped(f"{mode} window did not show (exit {proc.returncode}: {tail})")


def bench_cold_start(repeats: int) -> tuple[float, float, float, float]:
    """(ratio, app seconds, bare seconds, form-only seconds): medians, the two kinds of start interleaved."""
    try:
        import PySide6  # noqa: F401
    except ImportError as exc:
        raise Skipped(f"PySide6 missing ({exc})") from None
    import importlib.util

    try:
        spec = importlib.util.find_spec("landsraad.gui.app")
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        raise Skipped("landsraad.gui.app does not exist yet")
    # An installed wheel or the bundle has its bytecode compiled; a checkout run with
    # PYTHONDONTWRITEBYTECODE=1 (as on CI machines) would compile every module at every start.
    import compileall

    compileall.compile_dir(str(ROOT / "app"), quiet=2)
    _start_once("bare")  # warm the OS file cache for both, as a user's second start
    _start_once("app")
    app, bare, form = [], [], []
    for _ in range(repeats):
        bare.append(_start_once("bare"))
        form.append(_start_once("form"))
        app.append(_start_once("app"))
    a, b = statistics.median(app), statistics.median(bare)
    return a / b, a, b, statistics.median(form)


def bench_session(edits: int, clients: int = 8) -> dict:
    try:
        import aiohttp  # noqa: F401
    except ImportError:
        raise Skipped("aiohttp is not installed") from None
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "_session.py"), str(edits), str(clients)],
        capture_output=True,
        text=True,
        check=True,
        cwd=str(ROOT),
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def bench_edit_vs_repaint(repeats: int) -> tuple[float, dict]:
    """(ratio of the slowest view's edit/undo median to a full repaint, all medians)."""
    try:
        import PySide6  # noqa: F401
    except ImportError:
        raise Skipped("PySide6 is not installed") from None
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "_gui_edit.py"), str(repeats)],
        capture_output=True,
        text=True,
        check=True,
        cwd=str(ROOT),
    ).stdout
    m = json.loads(out.strip().splitlines()[-1])
    return edit_ratio(m), m


EDIT_KINDS = {"fief": ("edit", "undo", "choice", "choice-undo"), "character": ("edit", "undo")}


def edit_ratio(m: dict, suffix: str = "") -> float:
    """The slowest edit, undo or redo of ``_gui_edit.py``'s medians ``m`` as a ratio to one
    repaint of the window in the same run: typing a name and choosing an event's option in
    the Fief view, typing a name in the character view (``suffix`` "-table": the Fief's
    with the table view open)."""
    views = ("fief",) if suffix else ("fief", "character")
    return max(m[f"{v}-{k}{suffix}"] / m[f"repaint-{v}{suffix}"] for v in views for k in EDIT_KINDS[v])


# ----- running --------------------------------------------------------------------------
def run(quick: bool = False) -> list[dict]:
    n = 3 if quick else 1
    results: list[dict] = []

    def record(name, unit, target, measure, scale=1.0, note=""):
        item = {"name": name, "value": None, "unit": unit, "target": target, "ratio": None}
        try:
            value = measure() * scale
            item["value"] = round(value, 4)
            item["ratio"] = round(value / target, 3)
        except Skipped as exc:
            item["skipped"] = str(exc)
        except Exception as exc:  # a broken part is reported, the other figures still run
            item["skipped"] = f"error: {type(exc).__name__}: {exc}"
            if os.environ.get("LANDSRAAD_BENCH_DEBUG"):
                traceback.print_exc()
        if note:
            item["note"] = note
        results.append(item)

    record("load-content", "ms", 50.0, lambda: bench_load_content(max(3, 15 // n)), 1000)
    if results[-1]["value"] is not None:
        try:
            results[-1]["note"] = (
                f"{bench_load_content_uncached(max(3, 7 // n)) * 1000:.0f} ms without the parsed-TOML cache"
            )
        except Exception:  # noqa: BLE001 - a note only
            pass
    record("revalidate-character", "ms", 1.0, lambda: bench_revalidate(max(20, 300 // n)), 1000)
    record("fief-roll-recompute", "ms", 1.0, lambda: bench_fief(max(20, 300 // n)), 1000)
    record("house-turn-month", "ms", 50.0, lambda: bench_house_turn(max(5, 30 // n)), 1000)
    record(
        "fief-view-refresh",
        "ms",
        33.0,
        lambda: bench_fief_view_refresh(max(5, 30 // n)),
        1000,
        note="target: two frames at 60 Hz",
    )
    record("export-sheets", "s", 0.3, lambda: bench_export(max(3, 9 // n)))
    record("fencing-round", "ms", 1.0, lambda: bench_fencing_round(max(20, 300 // n)), 1000)
    big: dict = {}

    def big_fief(part):
        if not big:
            big.update(bench_big_fief(max(2, 5 // n)))
        return big[part] if part in big else _skip("the window is missing")

    # the 500-House Fief within its promise (limits.MAX_FIEF_ENTRIES: under a second)
    record("big-fief-open", "s", 1.0, lambda: big_fief("open"), note="500 Houses, opened in the window")
    record("big-fief-show-json", "s", 1.0, lambda: big_fief("show"), note="500 Houses, fief show --json")
    record("big-fief-export-house", "s", 1.0, lambda: big_fief("export"), note="500 Houses, export house")
    record("character-roll", "ms", 100.0, lambda: bench_character_roll(max(3, 15 // n)), 1000)

    edits = {}

    def edit_ratio_measured():
        ratio, m = bench_edit_vs_repaint(max(10, 40 // n))
        edits.update(m)
        return ratio

    record("edit-vs-repaint", "x one repaint", 1.5, edit_ratio_measured)
    if edits:
        results[-1]["note"] = "table view closed: " + ", ".join(
            f"{k} {v * 1000:.1f} ms" for k, v in edits.items() if not k.endswith(("-table", "-shared"))
        )
    # the same Fief edits while the table view (the group's window) follows them, same run
    record(
        "edit-vs-repaint-table",
        "x one repaint",
        1.5,
        lambda: edit_ratio(edits, "-table") if edits else _skip("edit-vs-repaint did not run"),
    )
    if edits:
        results[-1]["note"] = "table view open: " + ", ".join(
            f"{k} {v * 1000:.1f} ms" for k, v in edits.items() if k.endswith("-table")
        )
    # and with the session shared and 8 followers (issue 26)
    record(
        "edit-vs-repaint-shared",
        "x one repaint",
        1.5,
        lambda: (
            edit_ratio(edits, "-shared")
            if "repaint-fief-shared" in edits
            else _skip("File > Share with the table did not run")
        ),
    )
    if "repaint-fief-shared" in edits:
        results[-1]["note"] = "table view open, shared, 8 followers: " + ", ".join(
            f"{k} {v * 1000:.1f} ms" for k, v in edits.items() if k.endswith("-shared")
        )

    session: dict = {}

    def follow_ms():
        session.update(bench_session(1000 if n == 1 else 200))
        return session["median_ms"]

    record("session-follow", "ms", 100.0, follow_ms)
    if session:
        results[-1]["note"] = f"8 followers, {session['edits']} edits, 90th percentile {session['p90_ms']:.1f} ms"
    record(
        "session-memory",
        "MB",
        200.0,
        lambda: session["rss_mb_after"] if session else _skip("session-follow did not run"),
    )
    if session:
        results[-1]["note"] = (
            f"{session['rss_mb_before']} MB before the followers joined, {session['rss_mb_after_10']} MB after 10 edits"
        )

    cold = {}

    def cold_ratio():
        ratio, a, b, f = bench_cold_start(max(3, 9 // n))
        cold.update(app=a, bare=b, form=f)
        return ratio

    record("cold-start", "x bare PySide6", 1.5, cold_ratio)
    if cold:
        results[-1]["note"] = (
            f"app {cold['app'] * 1000:.0f} ms, bare QMainWindow {cold['bare'] * 1000:.0f} ms, "
            f"the main window's form alone {cold['form'] * 1000:.0f} ms "
            f"= {cold['form'] / cold['bare']:.2f}x"
        )
    return results


def print_table(results: list[dict]) -> None:
    print(f"{'figure':<22} {'value':>12} {'target':>10} {'ratio':>7}")
    for r in results:
        if r["value"] is None:
            print(f"{r['name']:<22} skipped: {r['skipped']}")
            continue
        ok = "ok" if r["ratio"] <= 1 else "MISSES"
        unit = "x" if r["unit"].startswith("x") else f" {r['unit']}"
        print(
            f"{r['name']:<22} {r['value']:>10.3f}{unit:<2} {'<= ' + format(r['target'], 'g') + unit:>10}"
            f" {r['ratio']:>7.2f}  {ok}" + (f"  ({r['note']})" if r.get("note") else "")
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", action="store_true", help='print a list of {"name","value","unit","target","ratio"}')
    p.add_argument("--quick", action="store_true", help="fewer repeats")
    args = p.parse_args(argv)
    results = run(quick=args.quick)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
