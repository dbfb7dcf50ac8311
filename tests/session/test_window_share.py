"""File > Share with the table: the server in a thread of the window, edits from the network
marshalled to the Qt main thread as one undo step each with the player's name, the TV's
browser following edits made in the window, the QR code on the table view."""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from tests.session.browser import chromium, quit_browser, wait  # noqa: E402
from tests.session.helpers import Client, prepared_fief  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture
def sharing(make_window, qtbot, tmp_path):
    w = make_window()
    doc = w.open_path(str(prepared_fief(tmp_path)))
    panel = w.share_panel
    panel.port = 0                                      # any free port on loopback
    w.actionShare.setChecked(True)
    qtbot.waitUntil(lambda: panel.server is not None)
    yield w, doc, panel
    w.actionShare.setChecked(False)
    if w.table_view is not None:
        w.table_view.closed_by_user = None
        w.table_view.close()


def _pump_until(qtbot, predicate, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        qtbot.wait(20)
        if predicate():
            return True
    return predicate()


def test_share_starts_on_loopback_with_a_code_and_stops(sharing, qtbot):
    w, _doc, panel = sharing
    s = panel.server.session
    assert panel.server.address == "127.0.0.1"
    assert s.gate.join_code in panel.address.text() and panel.url.text().startswith("http://127.0.0.1:")
    assert not panel.qr.pixmap().isNull()
    w.ui.actionTableView.setChecked(True)
    panel.refresh()
    assert panel.tv_qr is not None and not panel.tv_qr.pixmap().isNull()   # the QR code on the table view
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
    doc.stack.undo()                                      # the Judge's Ctrl+Z takes it back
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
        _pump_until(qtbot, lambda: "Felderon" in (tv.find_elements(By.ID, "scores") or [None])[0].text
                    if tv.find_elements(By.ID, "scores") else False, timeout=15)
        felderon = next(h.id for h in doc.state.houses if h.name == "Felderon")
        start = time.monotonic()
        doc.edit("Rename House", he.rename_house, felderon, "Nasteur")
        assert _pump_until(qtbot, lambda: "Nasteur" in tv.find_element(By.ID, "scores").text, timeout=3)
        assert time.monotonic() - start < 0.5
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
