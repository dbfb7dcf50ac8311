"""Issue 27: the House turn's results in words.  After a month with Maintain, Investigate,
Surveillance, Mislead, Spy and Protect, no label, button, cell, list row, combo item or
tooltip of the Fief view, its House turn page, the table view or the group's House-turn
window, and no text of the month report or House sheet, shows program data (``{'`` or
``':``, as "Learnt: {'maintained': []}" did)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import add_householder, set_strategy
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.operations import perform_operation
from landsraad.house.ventures import declare_venture, resolve_venture

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "venhei-fief.json"
HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}
RAW = ("{'", "':", "['", '{"')


def played_fief():
    f = load_fief(EXAMPLE)
    ratings = {
        "intellect": 3,
        "sinister": 2,
        "insight": 3,
        "observe": 2,
        "perception": 2,
        "prowess": 2,
        "charm": 2,
        "personality": 2,
        "intrigue": 2,
        "physician": 1,
        "command": 2,
        "focus": 1,
    }
    for house, names in (
        ("Felderon", ["Helene", "Karl", "Anna"]),
        ("Banthet", ["Heinrick", "Lotte"]),
        ("Vorst", ["Wilhelm", "Gerda"]),
    ):
        for n in names:
            add_householder(f, house, n, ratings=ratings)
    set_strategy(f, "Banthet", "networker", **KW)
    f.house("vorst").domain.strategy = "defender"
    declare_venture(f, "Vorst", "maintain", "Gerda", **KW)
    declare_venture(f, "Felderon", "investigate", "Helene", against="Banthet", **KW)
    declare_venture(f, "Felderon", "surveillance", "Karl", target="territory", against="Vorst", **KW)
    declare_venture(f, "Banthet", "develop", "Heinrick", target="defense", **KW)
    # Mislead, a Spy of the misled Householder, a Protect (L4966-L4970): seeded rolls
    perform_operation(f, "Vorst", "Wilhelm", "mislead", dice="2 2 5 6 9", fake_operations=["socialise"], **KW)
    perform_operation(
        f, "Felderon", "Anna", "spy", against="Vorst", target="Wilhelm", dice="5 5 5 9 1", against_seed=3, **KW
    )
    perform_operation(f, "Vorst", "Gerda", "protect", target="Wilhelm", dice="6 6 6 1 2", **KW)
    resolve_venture(f, "Vorst", "Gerda", seed=11, maintain=["territory"], **KW)
    resolve_venture(f, "Felderon", "Helene", seed=12, against_seed=13, **KW)
    resolve_venture(f, "Felderon", "Karl", seed=38, against_seed=39, **KW)
    return f


def shown_texts(root) -> list[str]:
    """Every text a person can read or hover in ``root``: labels, buttons, tab titles, line
    edits, combo items, list rows, table cells, item-model cells, and their tooltips."""
    from PySide6.QtCore import QModelIndex, Qt
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractItemView,
        QComboBox,
        QLabel,
        QLineEdit,
        QListWidget,
        QTableWidget,
        QTabWidget,
        QWidget,
    )

    out = []
    for w in [root] + root.findChildren(QWidget):
        out += [w.toolTip(), w.accessibleName(), w.accessibleDescription(), w.windowTitle()]
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QLineEdit):
            out += [w.text(), w.placeholderText()]
        elif isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())] + [w.tabToolTip(i) for i in range(w.count())]
        if isinstance(w, QListWidget):
            out += [w.item(i).text() for i in range(w.count())] + [w.item(i).toolTip() for i in range(w.count())]
        elif isinstance(w, QTableWidget):
            for r in range(w.rowCount()):
                for c in range(w.columnCount()):
                    item = w.item(r, c)
                    if item is not None:
                        out += [item.text(), item.toolTip()]
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            m = w.model()
            try:
                columns = m.columnCount(QModelIndex())
            except TypeError:  # a list model's columnCount is private: one
                columns = 1
            for r in range(min(m.rowCount(QModelIndex()), 200)):
                for c in range(columns):
                    i = m.index(r, c)
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        v = m.data(i, role)
                        if isinstance(v, str):
                            out.append(v)
    return [t for t in out if t]


def raw(texts) -> list[str]:
    return [t for t in texts if any(r in t for r in RAW)]


def test_every_view_of_a_played_month_speaks_in_words(make_window, qtbot):
    from landsraad.gui.documents import Document
    from landsraad.gui.house_turn import TableTurnView

    w = make_window()
    w.resize(1280, 720)
    doc = Document("fief", played_fief(), path=None)
    w.add_document(doc)
    view = w.views[id(doc)]
    panel = view.house_turn
    texts = []
    for row in range(panel.houseList.count()):  # each House's page of the turn
        panel.houseList.setCurrentRow(row)
        texts += shown_texts(view)
    assert any("Learnt:" in t or "Knows: month 1" in t for t in texts)  # the results are there, worded
    assert any("Territory: used by a Venture this month" in t for t in texts)
    assert any("maintained: Territory" in t or "Spy on House Vorst" in t for t in texts)
    group = TableTurnView(doc)
    qtbot.addWidget(group)
    texts += shown_texts(group)
    w.ui.actionTableView.trigger()
    tv = w.table_view
    tv.refresh()  # drawn now, not after its timer (a loaded machine)
    texts += shown_texts(tv)
    assert raw(texts) == []
    tv.closed_by_user = None
    tv.close()


def test_the_month_report_and_house_sheet_speak_in_words():
    from landsraad.sheets import render_house, render_month
    from tests.support.sheets import page_texts

    f = played_fief()
    pages = page_texts(render_month(f)) + page_texts(render_house(f))
    assert pages and raw(pages) == []


def test_reveals_are_sentences():
    from landsraad.present.house_turn import knowledge_text, reveals_text

    f = played_fief()
    fel = f.house("felderon")
    karl = fel.domain.venture_of("Karl")
    assert reveals_text(karl.reveals, f, HC, DC).startswith("Territory: used by a Venture this month")
    assert reveals_text({"maintained": []}, f, HC, DC) == "no trait maintained"
    assert reveals_text({"maintained": ["territory", "treasury"]}, f, HC, DC) == "maintained: Territory, Treasury"
    spy = next(k for k in fel.domain.knowledge if k.source == "spy")
    assert knowledge_text(spy, f, HC, DC) == "month 1, Spy on House Vorst: Wilhelm: week 1: Mislead"
