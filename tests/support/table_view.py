"""The table view tests' window (a laptop's 1280x720, the table view closed at teardown)
and the view opened on it: shared by the Landsraad and the packs' table-view tests."""

import pytest


@pytest.fixture
def window(make_window):
    """The shared main window, at a laptop's 1280x720; the table view closed at teardown."""
    w = make_window()
    w.resize(1280, 720)
    yield w
    if w.table_view is not None:
        w.table_view.closed_by_user = None
        w.table_view.close()
        w.table_view.deleteLater()


def table(window, qtbot):
    if not window.ui.actionTableView.isChecked():
        window.ui.actionTableView.trigger()
    tv = window.table_view
    qtbot.waitUntil(lambda: not tv._pending)
    return tv
