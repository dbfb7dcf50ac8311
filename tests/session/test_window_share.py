"""File > Share with the table: the server in a thread of the window, edits from the network
marshalled to the Qt main thread as one undo step each with the player's name, the TV's
browser following edits made in the window, the QR code on the table view."""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.browser import chromium, quit_browser, wait  # noqa: E402
from tests.support.session import Client, prepared_fief  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture
def sharing(make_window, qtbot, tmp_path):
    w = make_window()
    doc = w.open_path(str(prepared_fief(tmp_path)))
    panel = w.share_panel
    panel.port = 0  # any free port on loopback
    w.actionShare.setChecked(True)
    qtbot.waitUntil(lambda: panel.server is not None)
    yield w, doc, panel
    w.actionShare.setChecked(False)
    if w.table_view is not None:
        w.table_view.closed_by_user = None
        w.table_view.close()


def _pump_until(qtbot, predicate, timeout=5.0):
    """Run the window's events until ``predicate`` holds.  A page redrawn between finding an
    element and reading it (selenium's stale element) is asked again, as ``wait`` does."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException

    def holds() -> bool:
        try:
            return bool(predicate())
        except (StaleElementReferenceException, NoSuchElementException):
            return False

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        qtbot.wait(20)
        if holds():
            return True
    return holds()


def test_share_starts_on_loopback_with_a_code_and_stops(sharing, qtbot):
    w, _doc, panel = sharing
    s = panel.server.session
    assert panel.server.address == "127.0.0.1"
    assert s.gate.join_code in panel.address.text() and panel.url.text().startswith("http://127.0.0.1:")
    assert not panel.qr.pixmap().isNull()
    w.ui.actionTableView.setChecked(True)
    panel.refresh()
    assert panel.tv_qr is not None and not panel.tv_qr.pixmap().isNull()  # the QR code on the table view
    port = panel.server.port
    w.actionShare.setChecked(False)
    assert panel.server is None
    c = Client(f"http://127.0.0.1:{port}")
    with pytest.raises(OSError):
        import urllib.request

        urllib.request.urlopen(c.base + "/", timeout=2)


def test_a_players_order_is_one_undo_step_with_their_name(sharing, qtbot):
    w, doc, panel = sharing
    s = panel.server.session
    felderon = next(h.id for h in doc.state.houses if h.name == "Felderon")
    c = Client(f"http://127.0.0.1:{panel.server.port}")
    c.join(s.gate.join_code)
    c.seat("Ilse", kind="house", doc=panel.host.current(), house=felderon)
    # the request waits for the Qt thread: sent from another thread while this one pumps events
    import threading

    out = {}
    t = threading.Thread(target=lambda: out.update(r=c.edit("strategy", strategy="warmonger")))
    t.start()
    _pump_until(qtbot, lambda: not t.is_alive())
    assert out["r"][1]["state"] == "sent"
    _pump_until(qtbot, lambda: panel.orders.count() == 1)
    assert "Ilse" in panel.orders.item(0).text()
    depth = doc.stack.count()
    panel.orders.setCurrentRow(0)
    panel.accept.click()
    assert _pump_until(qtbot, lambda: doc.stack.count() == depth + 1)
    assert "Ilse" in doc.stack.text(doc.stack.count() - 1)
    assert doc.state.house(felderon).domain.pending_strategy == "warmonger"
    doc.stack.undo()  # the Judge's Ctrl+Z takes it back
    assert doc.state.house(felderon).domain.pending_strategy is None


def test_a_new_character_appears_in_the_window_and_the_judge_stays_put(sharing, qtbot):
    w, doc, panel = sharing
    c = Client(f"http://127.0.0.1:{panel.server.port}")
    c.join(panel.server.session.gate.join_code)
    import threading

    t = threading.Thread(target=lambda: c.seat("Kara", kind="new"))
    t.start()
    _pump_until(qtbot, lambda: not t.is_alive())
    assert [d.kind for d in w.docs] == ["fief", "character"] and w.current is doc
    kara = w.docs[1]
    t = threading.Thread(target=lambda: c.edit("take-template", step="early-life", template="commoner-upbringing"))
    t.start()
    _pump_until(qtbot, lambda: not t.is_alive())
    assert kara.state.step("early-life").template == "commoner-upbringing"
    assert "Kara" in kara.stack.text(kara.stack.count() - 1)


def test_the_tv_browser_follows_edits_made_in_the_window(sharing, qtbot):
    from landsraad.house import edits as he

    w, doc, panel = sharing
    tv = chromium(1920, 1080)
    try:
        tv.get(panel.join_url() + "&next=/table")
        _pump_until(
            qtbot,
            lambda: (
                "Felderon" in (tv.find_elements(By.ID, "scores") or [None])[0].text
                if tv.find_elements(By.ID, "scores")
                else False
            ),
            timeout=15,
        )
        felderon = next(h.id for h in doc.state.houses if h.name == "Felderon")
        start = time.time()
        doc.edit("Rename House", he.rename_house, felderon, "Nasteur")
        assert _pump_until(qtbot, lambda: "Nasteur" in tv.find_element(By.ID, "scores").text, timeout=5)
        # the page's own time of drawing (the same clock), after the edit; how soon is the
        # benchmark's (session-follow, a ratio in benchmarks/run.py), not a timed unit test's
        assert int(tv.find_element(By.TAG_NAME, "body").get_attribute("data-rendered")) / 1000 >= start - 0.01
        doc.stack.undo()
        assert _pump_until(qtbot, lambda: "Nasteur" not in tv.find_element(By.ID, "scores").text, timeout=3)
        wait(lambda: "Felderon" in tv.find_element(By.ID, "scores").text)
    finally:
        quit_browser(tv)


def test_the_window_host_applies_only_whitelisted_engine_edits(sharing):
    from landsraad.errors import ChoiceError
    from landsraad.house import edits as he

    w, doc, panel = sharing
    felderon = next(h.id for h in doc.state.houses if h.name == "Felderon")
    with pytest.raises(ChoiceError):
        panel.host.apply(panel.host.current(), he.remove_house, (felderon,), {}, "Remove", "Mallory")
    assert doc.state.house(felderon) is not None and doc.stack.count() == 0


def _in_thread(qtbot, fn):
    """Run a client's request in a thread while the Qt thread pumps events (the server's
    edits come back to it), and return its answer."""
    import threading

    out = {}
    t = threading.Thread(target=lambda: out.update(r=fn()))
    t.start()
    _pump_until(qtbot, lambda: not t.is_alive(), timeout=30)
    return out.get("r")


def test_the_whole_table_plays_an_evening(sharing, qtbot):
    """The issue's "done when": while the window shares, two players build a character each
    at the same time and a TV follows; then a month of the House turn with secret orders
    from two seats, resolved by the Judge in the window; each House sees what it alone
    learnt (L4910: Investigate discovers the target's Strategy)."""
    import threading

    from landsraad.house import turn_edits as te

    w, doc, panel = sharing
    s = panel.server.session
    base = f"http://127.0.0.1:{panel.server.port}"
    kara, nasir = Client(base), Client(base)
    for c, name in ((kara, "Kara"), (nasir, "Nasir")):
        c.join(s.gate.join_code)
        _in_thread(qtbot, lambda c=c, name=name: c.seat(name, kind="new"))
    assert sorted(d.display_name() for d in w.docs if d.kind == "character") == ["Kara", "Nasir"]
    # both edit at once: both edits land, each on its own character, each one undo step
    answers = {}

    def build(c, tid):
        answers[tid] = c.edit("take-template", step="early-life", template=tid)

    threads = [
        threading.Thread(target=build, args=(kara, "commoner-upbringing")),
        threading.Thread(target=build, args=(nasir, "academic-education")),
    ]
    for t in threads:
        t.start()
    _pump_until(qtbot, lambda: not any(t.is_alive() for t in threads), timeout=30)
    assert all(a[0] == 200 for a in answers.values())
    chars = {d.display_name(): d for d in w.docs if d.kind == "character"}
    assert chars["Kara"].state.step("early-life").template == "commoner-upbringing"
    assert chars["Nasir"].state.step("early-life").template == "academic-education"
    assert "Kara" in chars["Kara"].stack.text(0) and "Nasir" in chars["Nasir"].stack.text(0)
    _in_thread(qtbot, lambda: kara.post("/api/step", {"step": "house-service"}))
    tv = Client(base)
    tv.join(s.gate.join_code, "/table")
    building = _in_thread(qtbot, lambda: tv.get_json("/api/table"))[1]["building"]
    assert "Kara — Step 04" in building and "Nasir" in " ".join(building)
    # a month of the House turn: secret orders from two seats, accepted as sent
    fief_id = panel.host._id(doc)
    felderon = next(h.id for h in doc.state.houses if h.name == "Felderon")
    banthet = next(h.id for h in doc.state.houses if h.name == "Banthet")
    ilse, tomas = Client(base), Client(base)
    for c, name, house in ((ilse, "Ilse", felderon), (tomas, "Tomas", banthet)):
        c.join(s.gate.join_code)
        _in_thread(qtbot, lambda c=c, name=name, house=house: c.seat(name, kind="house", doc=fief_id, house=house))
    panel.as_sent.setChecked(True)
    for c, args in (
        (ilse, {"edit": "strategy", "args": {"strategy": "warmonger"}}),
        (
            ilse,
            {"edit": "venture", "args": {"director": "Helene Felderon", "venture": "investigate", "against": banthet}},
        ),
        (tomas, {"edit": "strategy", "args": {"strategy": "courtesan"}}),
    ):
        r = _in_thread(qtbot, lambda c=c, args=args: c.post("/api/edit", args))
        assert r[1]["state"] == "accepted", r
    # the Judge resolves it in the window (one undo step) and ends the month
    doc.edit("Resolve Investigate", te.resolve_venture, felderon, "Helene Felderon", seed=2, against_seed=8)
    learnt = doc.state.house(felderon).domain.knowledge
    assert learnt and learnt[-1].about == banthet and learnt[-1].what == "strategy"
    doc.edit("End the month", te.end_month)
    assert doc.state.month == 2
    mine = _in_thread(qtbot, lambda: ilse.get("/api/house"))[2].decode()
    theirs = _in_thread(qtbot, lambda: tomas.get("/api/house"))[2].decode()
    table = _in_thread(qtbot, lambda: tv.get("/api/table"))[2].decode()
    assert '"source": "investigate"' in mine
    assert '"source": "investigate"' not in theirs and '"source": "investigate"' not in table
    assert "Helene Felderon" not in theirs and "Helene Felderon" not in table
