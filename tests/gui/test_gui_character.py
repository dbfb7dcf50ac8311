"""The desktop app, driven as a user would (pytest-qt, headless): a complete character
through the eight steps, checked against ``validate`` at every step; undo/redo; save,
close and reopen; findings that open their step and field; menus."""

from __future__ import annotations

from collections import Counter  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtWidgets import QCheckBox, QRadioButton, QSpinBox  # noqa: E402

from landsraad import __version__  # noqa: E402
from landsraad.character import document as chdoc  # noqa: E402
from landsraad.character.model import STEPS  # noqa: E402
from landsraad.character.validate import skill_name, validate  # noqa: E402
from landsraad.present import character as P  # noqa: E402

# the window and the private settings folder: tests/conftest.py
pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("isolated_settings")]

from tests.support.charbuild import complete_swordmaster, level1  # noqa: E402


# ----- reading what the window shows ----------------------------------------------------
def summary_of(view) -> dict[str, dict[str, str]]:
    m = view.summary
    out = {}
    for g, row in enumerate(m.groups):
        out[row.cells[0]] = {k.cells[0]: k.cells[1] for k in m.children[g]}
    return out


def check_against_engine(view) -> None:
    """The summary, the meter, the step states and the findings are the engine's numbers."""
    doc, c = view.doc, view.doc.content
    sheet, findings = validate(doc.state, c)
    shown = summary_of(view)
    assert shown["Statistics"] == {c.statistics[s].name: str(v) for s, v in sheet.statistics.items()}
    skills = {skill_name(c, sheet, k): v for k, v in sheet.skills.items()}
    assert {k: int(v.split()[0]) for k, v in shown["Skills"].items()} == skills
    assert set(shown["Feats"]) == {c.feats[f].name for f in sheet.feats}
    assert set(shown["Advantages"]) == {
        c.advantages[a].name + (f" ({sheet.advantage_details[a]})" if sheet.advantage_details.get(a) else "")
        for a in sheet.advantages
    }
    assert view.ui.cpMeter.format() == f"Character Points: {sheet.cp_spent} / {sheet.cp_budget}"
    assert [r.payload for r in view.findings.rows] == findings
    for i, row in enumerate(view.steps.rows):
        step = row.payload
        state = P.step_state(doc.state, findings, step)
        # the state is the icon; the tooltip (the accessible description) says it in words
        assert row.icon == P.STATE_ICON[state] and row.tooltip.split("\n")[0].endswith(f": {state}")


def click(qtbot, widget) -> None:
    assert widget.isEnabled(), widget.toolTip()
    if isinstance(widget, (QCheckBox, QRadioButton)):  # the box itself, not the empty space after its text
        qtbot.mouseClick(widget, Qt.LeftButton, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.LeftButton)


def take_template(qtbot, view, step: str, tid: str) -> None:
    page = view.open_step(step)
    click(qtbot, page.radios[tid])  # choose one: a radio button per option
    assert view.doc.state.step(step).template == tid


def pick(qtbot, view, step: str, n: int, tokens: list[str]) -> None:
    """Answer choice n with tokens ("id" or "id(Field)") by ticking, counting up and typing."""
    page = view.pages[step]
    w = page.choice_widgets[n - 1]
    if hasattr(w, "view"):  # a feat choice: select the feat, press Space to tick it
        for fid in tokens:
            idx = w.index_of(fid)
            assert idx.isValid(), fid
            assert w.model.flags(idx) & Qt.ItemIsEnabled, w.model.row_at(idx).tooltip
            w.view.setFocus()
            w.view.setCurrentIndex(idx)
            qtbot.keyClick(w.view, Qt.Key_Space)
            assert fid in view.doc.state.step(step).picks.get(n, []), fid
            w = page.choice_widgets[n - 1]
        return
    wanted = Counter(P.split_tokens(tokens)[i][0] for i in range(len(tokens)))
    fields: dict[str, list[str]] = {}
    for oid, fld in P.split_tokens(tokens):
        fields.setdefault(oid, []).append(fld)
    for oid, k in wanted.items():
        ctl = w.controls[oid]
        if isinstance(ctl, (QCheckBox, QRadioButton)):
            click(qtbot, ctl)
        else:
            assert isinstance(ctl, QSpinBox)
            ctl.setFocus()
            for _ in range(k):
                qtbot.keyClick(ctl, Qt.Key_Up)
        w = page.choice_widgets[n - 1]
        for i, text in enumerate(fields[oid]):
            if text:
                qtbot.keyClicks(w.field_edits[oid][i], text)


# ----- the complete character ---------------------------------------------------------------
def test_complete_character_through_the_eight_steps(window, qtbot):
    target = complete_swordmaster()
    doc = window.new_character()
    view = window.current_view()
    c = doc.content
    assert view.current_step == "statistics" or view.current_step == "early-life"
    check_against_engine(view)
    # Step 01: every statistic 1
    view.open_step("statistics")
    assert all(v == "1" for v in summary_of(view)["Statistics"].values())
    assert P.step_state(doc.state, doc.findings, "statistics") == P.DONE

    for step in ("early-life", "vocational-conditioning", "house-service", "personal-calling"):
        tc = target.step(step)
        assert P.step_state(doc.state, doc.findings, step) == P.NOT_STARTED
        take_template(qtbot, view, step, tc.template)
        check_against_engine(view)
        for n in sorted(tc.picks):
            pick(qtbot, view, step, n, tc.picks[n])
            check_against_engine(view)
        assert {n: Counter(v) for n, v in doc.state.step(step).picks.items()} == {
            n: Counter(v) for n, v in tc.picks.items()
        }
        assert P.step_state(doc.state, doc.findings, step) == P.DONE, [str(f) for f in doc.findings if f.step == step]

    # Step 06: the purchases, through the purchase form
    page = view.open_step("extras")
    for p in target.extras:
        page.ui.kindCombo.setCurrentIndex(page.ui.kindCombo.findData(p.kind))
        page.ui.itemCombo.setCurrentIndex(page.ui.itemCombo.findData(p.id))
        page.ui.levelsSpin.setValue(p.levels)
        click(qtbot, page.ui.buyButton)
        check_against_engine(view)
        assert page.ui.budgetMeter.format() == f"{doc.sheet.cp_spent} / {doc.sheet.cp_budget} Character Points spent"
    assert doc.sheet.cp_spent == doc.sheet.cp_budget == 10
    assert P.step_state(doc.state, doc.findings, "extras") == P.DONE

    # Step 07: the caste the templates give
    page = view.open_step("caste")
    click(qtbot, page.ui.suggestButton)
    assert doc.state.caste == target.caste
    check_against_engine(view)

    # Step 08: name, player, sex
    page = view.open_step("finishing-touches")
    qtbot.keyClicks(page.ui.nameEdit, target.name)
    qtbot.keyClicks(page.ui.playerEdit, target.player)
    qtbot.keyClicks(page.ui.sexEdit, target.sex)
    check_against_engine(view)

    sheet, findings = validate(doc.state, c)
    want_sheet, want_findings = validate(target, c)
    assert findings == want_findings == []
    for attr in ("statistics", "skills", "special_dice", "advantages", "feats", "cp_spent", "caste"):
        assert getattr(sheet, attr) == getattr(want_sheet, attr), attr
    assert all(P.step_state(doc.state, findings, s) == P.DONE for s, _ in STEPS)
    assert view.ui.findingsBox.title().startswith("Findings: 0 errors, 0 to do")
    assert window.windowTitle().startswith(f"{target.name}*")


def test_taking_a_template_is_one_undo_step_and_options_say_why_they_are_disabled(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    take_template(qtbot, view, "early-life", "commoner-upbringing")
    w = view.pages["early-life"].choice_widgets[0]
    three = [o.id for o in w.choice.options][:3]
    pick(qtbot, view, "early-life", 1, three)
    # the choice of three is full: the other options are disabled and say why
    w = view.pages["early-life"].choice_widgets[0]
    other = [o.id for o in w.choice.options][3]
    assert not w.controls[other].isEnabled()
    assert "full" in w.controls[other].toolTip()
    # another template replaces it all in one macro; one undo brings the first back, picks included
    before = chdoc.dumps(doc.state)
    take_template(qtbot, view, "early-life", "dueling-instruction")
    assert doc.stack.undoText().startswith("Take Dueling Instruction")
    window.undo_action.trigger()
    assert chdoc.dumps(doc.state) == before
    check_against_engine(view)
    # "choose one" is radio buttons: another option replaces the pick, never "full"
    take_template(qtbot, view, "early-life", "dueling-instruction")
    pick(qtbot, view, "early-life", 1, ["prowess"])
    w = view.pages["early-life"].choice_widgets[0]
    assert isinstance(w.controls["physique"], QRadioButton) and w.controls["physique"].isEnabled()
    assert w.group.exclusive() and w.group.checkedButton() is w.controls["prowess"]
    click(qtbot, w.controls["physique"])
    assert doc.state.early_life.picks[1] == ["physique"]
    assert view.pages["early-life"].choice_widgets[0].group.checkedButton().text() == "+1 Physique"
    # a template the engine refuses (a requirement) is disabled with the engine's sentence
    page = view.open_step("finishing-touches")
    qtbot.keyClicks(page.ui.sexEdit, "male")
    vc = view.open_step("vocational-conditioning")
    radio = vc.radios["bene-gesserit-adept"]
    assert not radio.isEnabled()
    assert "female" in radio.toolTip() and "female" in radio.accessibleDescription()


def test_undo_redo_across_mixed_edits_returns_each_state(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    states = [chdoc.dumps(doc.state)]
    take_template(qtbot, view, "early-life", "academic-education")
    states.append(chdoc.dumps(doc.state))
    pick(qtbot, view, "early-life", 1, ["knowledge(Imperial History)"])
    states.append(chdoc.dumps(doc.state))  # count up + typing the field (merged)
    take_template(qtbot, view, "vocational-conditioning", "swordmaster")
    states.append(chdoc.dumps(doc.state))
    page = view.open_step("extras")
    page.ui.kindCombo.setCurrentIndex(page.ui.kindCombo.findData("statistic"))
    page.ui.itemCombo.setCurrentIndex(page.ui.itemCombo.findData("charm"))
    click(qtbot, page.ui.buyButton)
    states.append(chdoc.dumps(doc.state))
    fin = view.open_step("finishing-touches")
    qtbot.keyClicks(fin.ui.nameEdit, "Feyd bastard")  # one undo step for the whole name
    states.append(chdoc.dumps(doc.state))
    cp = view.open_step("caste")
    click(qtbot, cp.ui.suggestButton)
    states.append(chdoc.dumps(doc.state))
    n = len(states)
    # states[2] is two commands (count, then the field text): undo until each state appears in turn
    seen = [chdoc.dumps(doc.state)]
    while doc.stack.canUndo():
        window.undo_action.trigger()
        seen.append(chdoc.dumps(doc.state))
        assert [r.payload for r in view.findings.rows] == validate(doc.state, doc.content)[1]
    assert seen[-1] == states[0]
    assert [s for s in states if s in seen] == states and len(states) == n
    assert not doc.modified
    redo_seen = [chdoc.dumps(doc.state)]
    while doc.stack.canRedo():
        window.redo_action.trigger()
        redo_seen.append(chdoc.dumps(doc.state))
        check_against_engine(view)
    assert redo_seen == list(reversed(seen))
    assert redo_seen[-1] == states[-1]


def test_save_close_reopen_gives_the_same_document(window, qtbot, tmp_path):
    doc = window.new_character()
    view = window.current_view()
    take_template(qtbot, view, "early-life", "dueling-instruction")
    fin = view.open_step("finishing-touches")
    qtbot.keyClicks(fin.ui.nameEdit, "Gurney")
    assert window.windowTitle().startswith("Gurney*")
    path = tmp_path / "gurney.json"
    window.ask_save_path = lambda d, title, filt: str(path)
    window.ui.actionSave.trigger()
    assert not doc.modified and window.windowTitle().startswith("Gurney —")
    saved = path.read_text(encoding="utf-8")
    text = chdoc.dumps(doc.state)
    window.ui.actionClose.trigger()
    assert window.docs == []
    reopened = window.open_path(str(path))
    assert chdoc.dumps(reopened.state) == text == saved
    assert str(path.resolve()) in window.recent_files()
    assert window.ui.menuRecent.actions()[0].toolTip() == str(path.resolve())


def test_closing_unsaved_work_asks(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    take_template(qtbot, view, "early-life", "dueling-instruction")
    asked = []
    window.ask_save_changes = lambda d: asked.append(d) or "cancel"
    assert not window.close()
    assert asked == [doc] and window.isVisible()
    assert not window.close_document()
    window.ask_save_changes = lambda d: "discard"
    assert window.close()


def test_finding_opens_its_step_and_field(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    name_row = next(i for i, r in enumerate(view.findings.rows) if r.payload.field == "name")
    view.ui.findingsView.setCurrentIndex(view.findings.index(name_row, 2))
    view.ui.findingsView.setFocus()
    qtbot.keyClick(view.ui.findingsView, Qt.Key_Return)
    assert view.current_step == "finishing-touches"
    assert window.focusWidget() is view.pages["finishing-touches"].ui.nameEdit
    take_template(qtbot, view, "early-life", "academic-education")
    row = next(i for i, r in enumerate(view.findings.rows) if r.payload.field == "early-life.choice.1")
    view.open_step("caste")
    view.open_finding(view.findings.payload(row))
    assert view.current_step == "early-life"
    w = view.pages["early-life"].choice_widgets[0]
    assert window.focusWidget() is w.controls["knowledge"]
    # an error about a feat selects the feat in the summary
    err = next(f for f in doc.findings if f.field and f.field.startswith("feats."))
    view.open_finding(err)
    assert view.summary.row_at(view.ui.summaryView.currentIndex()).payload == err.field


def test_menus_zoom_table_view_and_about(window, qtbot):
    window.new_character()
    shown = []
    window.show_about = shown.append
    window.ui.actionAbout.trigger()
    assert __version__ in shown[0]
    size = window.point_size()
    window.ui.actionZoomIn.trigger()
    assert window.point_size() > size and f"{window.point_size():.1f}pt" in window.styleSheet()
    window.ui.actionZoomOut.trigger()
    assert window.point_size() == size
    window.ui.actionTableView.trigger()
    assert window.table_view is not None and window.table_view.isVisible()
    assert window.point_size() == size  # the work screen is not zoomed any more
    window.ui.actionTableView.trigger()
    assert not window.table_view.isVisible()
    for action in (
        "actionNewCharacter",
        "actionOpen",
        "actionSave",
        "actionSaveAs",
        "actionZoomIn",
        "actionZoomOut",
        "actionFullScreen",
        "actionTableView",
        "actionClose",
        "actionQuit",
    ):
        assert not getattr(window.ui, action).shortcut().isEmpty(), action
    assert not window.undo_action.shortcut().isEmpty() and not window.redo_action.shortcut().isEmpty()
    assert window.ui.actionExportPdf.isEnabled() or window.ui.actionExportPdf.toolTip()


def test_export_pdf_of_a_character(window, qtbot, tmp_path):
    window.new_character()
    assert window.ui.actionExportPdf.isEnabled()
    out = tmp_path / "sheet.pdf"
    window.ask_save_path = lambda d, title, filt: str(out)
    window.ui.actionExportPdf.trigger()
    assert out.read_bytes()[:5] == b"%PDF-"


def test_screenshot_writes_a_png(tmp_path):
    from landsraad.gui.app import screenshot

    ch = complete_swordmaster()
    path = tmp_path / "c.json"
    chdoc.save(ch, path)
    out = tmp_path / "c.png"
    assert screenshot(str(out), str(path)) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_suggested_picks_are_visible_and_undoable(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    take_template(qtbot, view, "vocational-conditioning", "swordmaster")
    w = view.pages["vocational-conditioning"].choice_widgets[1]  # "choose six", at most three of one
    click(qtbot, w.suggest_button)
    picks = doc.state.vocational_conditioning.picks[2]
    assert len(picks) == 6 and max(Counter(picks).values()) <= 3
    assert doc.stack.undoText().startswith("Suggest") and "at random" in doc.stack.undoText()
    assert "seed" not in doc.stack.undoText() and "seed" not in window.statusBar().currentMessage()
    assert "Suggested for choice 2" in window.statusBar().currentMessage()
    assert not w.suggest_button.isEnabled()
    check_against_engine(view)
    window.undo_action.trigger()
    assert 2 not in doc.state.vocational_conditioning.picks


def test_two_aspect_advantage_split(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    c = doc.content
    aid = next(a.id for a in c.advantages.values() if a.kind == "aspects")
    page = view.open_step("extras")
    page.ui.kindCombo.setCurrentIndex(page.ui.kindCombo.findData("advantage"))
    page.ui.itemCombo.setCurrentIndex(page.ui.itemCombo.findData(aid))
    page.ui.levelsSpin.setValue(3)
    click(qtbot, page.ui.buyButton)
    first, second = page.aspect_spins[aid]
    first.setFocus()
    qtbot.keyClick(first, Qt.Key_Down)  # 3 + 0 -> 2 + 0: the engine says it does not add up
    assert doc.state.aspects[aid] == [2, 0]
    assert any(f.rule == "A2" for f in doc.findings)
    second.setFocus()
    qtbot.keyClick(second, Qt.Key_Up)
    assert doc.state.aspects[aid] == [2, 1]
    assert not any(f.rule == "A2" for f in doc.findings)
    check_against_engine(view)


def test_errors_mark_the_step_and_a_bad_file_is_reported(window, qtbot, tmp_path):
    doc = window.new_character()
    view = window.current_view()
    page = view.open_step("extras")
    for _ in range(2):  # a statistic may rise by only 1 in Step 06
        page.ui.kindCombo.setCurrentIndex(page.ui.kindCombo.findData("statistic"))
        page.ui.itemCombo.setCurrentIndex(page.ui.itemCombo.findData("charm"))
        click(qtbot, page.ui.buyButton)
    assert P.step_state(doc.state, doc.findings, "extras") == P.HAS_ERRORS
    row = view.steps.rows[P.step_index("extras")]
    assert row.icon == "state-errors" and row.tooltip.startswith("Extras: has errors")
    check_against_engine(view)
    # remove the second purchase with the keyboard-reachable button: the error goes
    page.ui.purchasesView.selectRow(1)
    click(qtbot, page.ui.removeButton)
    assert P.step_state(doc.state, doc.findings, "extras") != P.HAS_ERRORS
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 99, "kind": "character"}', encoding="utf-8")
    reported = []
    window.report_error = lambda title, text: reported.append(text)
    assert window.open_path(str(bad)) is None
    assert "bad.json" in reported[0] and "newer" in reported[0]


def test_keyboard_moves_through_the_steps_and_takes_a_template(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    view.open_step("statistics")
    view.ui.stepList.setFocus()
    qtbot.keyClick(view.ui.stepList, Qt.Key_Down)
    assert view.current_step == "early-life"
    qtbot.keyClick(view, Qt.Key_PageDown, Qt.ControlModifier)
    assert view.current_step == "vocational-conditioning"
    qtbot.keyClick(view, Qt.Key_PageUp, Qt.ControlModifier)
    page = view.pages["early-life"]
    first = page.first_control()
    first.setFocus()
    assert first is page.radios["academic-education"]
    qtbot.keyClick(first, Qt.Key_Down)  # the arrows move, they take nothing
    qtbot.keyClick(window.focusWidget(), Qt.Key_Down)
    assert window.focusWidget() is page.radios["commoner-upbringing"]
    assert doc.state.early_life.template is None
    assert "Commoner Upbringing" in page.ui.templateInfo.text()  # what the focused option gives
    qtbot.keyClick(window.focusWidget(), Qt.Key_Return)  # Enter (or Space) takes the option
    assert doc.state.early_life.template == "commoner-upbringing"
    assert page.template_group.checkedButton() is page.radios["commoner-upbringing"]
    for w in (page.ui.templateArea, *page.radios.values(), view.ui.findingsView, view.ui.summaryView):
        assert w.accessibleName()


class _ModelTesters:
    """Qt's QAbstractItemModelTester on each model; its FAIL messages are collected."""

    def __init__(self, models):
        from PySide6.QtCore import qInstallMessageHandler
        from PySide6.QtTest import QAbstractItemModelTester

        self.failures: list[str] = []
        self._previous = qInstallMessageHandler(self._handler)
        self.testers = [
            QAbstractItemModelTester(m, QAbstractItemModelTester.FailureReportingMode.Warning) for m in models
        ]

    def _handler(self, mode, context, message) -> None:
        if "FAIL" in message:
            self.failures.append(message)

    def close(self) -> list[str]:
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(self._previous)
        return self.failures


def _model_testers(models):
    return _ModelTesters(models)


def _tester_failures(testers) -> list[str]:
    return testers.close()


def test_item_models_pass_the_qt_model_tester(window, qtbot, qtlog):
    """Qt's own QAbstractItemModelTester watches the models while rows come, change and go."""
    window.new_character()
    view = window.current_view()
    testers = _model_testers([view.steps, view.findings, view.summary, window.navigator, view.pages["extras"].model])
    take_template(qtbot, view, "early-life", "academic-education")
    pick(qtbot, view, "early-life", 1, ["knowledge(Imperial History)"])
    take_template(qtbot, view, "vocational-conditioning", "swordmaster")
    pick(qtbot, view, "vocational-conditioning", 3, [level1("wired"), level1("power-attack")])
    window.undo_action.trigger()
    window.undo_action.trigger()
    window.undo_action.trigger()
    window.redo_action.trigger()
    window.new_character()
    window.close_document()
    assert _tester_failures(testers) == []


def test_fief_models_pass_the_qt_model_tester(window, qtbot, qtlog):
    from pathlib import Path

    window.open_path(str(Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"))
    view = window.current_view()
    testers = _model_testers(
        [view.bodies, view.houses, view.scores, view.findings, view.terrain, window.roll_log, window.navigator]
    )
    view.select_house("banthet")
    view.select_place(("territory", "b1-t2"))
    view.ui.typedEdit.setText("2x1 2x2 2x3 2x4 2x5 6")
    view.roll_typed()
    window.undo_action.trigger()
    view.ui.removeHouseButton.click()
    window.undo_action.trigger()
    window.redo_action.trigger()
    assert _tester_failures(testers) == []


def test_recorded_details_and_asks(window, qtbot):
    doc = window.new_character()
    view = window.current_view()
    take_template(qtbot, view, "personal-calling", "sleeper-agent")
    page = view.pages["personal-calling"]
    todo = next(f for f in doc.findings if f.field == "personal-calling.details.Homeworld")
    view.open_step("caste")
    view.open_finding(todo)
    edit = page.detail_edits["Homeworld"]
    assert view.current_step == "personal-calling" and window.focusWidget() is edit
    qtbot.keyClicks(edit, "Giedi Prime")
    assert doc.state.personal_calling.details["Homeworld"] == "Giedi Prime"
    assert not any(f.field == "personal-calling.details.Homeworld" for f in doc.findings)
    check_against_engine(view)
    take_template(qtbot, view, "personal-calling", "academic")
    qtbot.keyClicks(view.pages["personal-calling"].detail_edits["knowledge-1"], "Ecology")
    sheet = validate(doc.state, doc.content)[0]
    assert any(f == "Ecology" for f in sheet.skill_fields.values())
    check_against_engine(view)


def test_main_starts_the_app_and_opens_documents(tmp_path):
    # in a process of its own: once main()'s QApplication.exec() has returned, the event
    # dispatcher of that process is gone, and every later test's timers would never fire
    import subprocess
    import sys

    path = tmp_path / "duncan.json"
    chdoc.save(complete_swordmaster(), path)
    script = (
        "import sys\n"
        "from PySide6.QtCore import QTimer, QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from landsraad.gui import app as gui_app\n"
        "from landsraad.gui.mainwindow import MainWindow\n"
        "QSettings.setDefaultFormat(QSettings.Format.IniFormat)\n"
        f"QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, {str(tmp_path / 'settings')!r})\n"
        "seen = []\n"
        "def check_and_quit():\n"
        "    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]\n"
        "    seen.extend(d.display_name() for w in wins for d in w.docs)\n"
        "    for w in wins:\n"
        "        w.ask_save_changes = lambda doc: 'discard'\n"
        "        w.close()\n"
        "    QApplication.instance().quit()\n"
        "gui_app._application()\n"
        "QTimer.singleShot(300, check_and_quit)\n"
        "code = gui_app.main(sys.argv[1:])\n"
        "print('DOCS', '|'.join(seen))\n"
        "sys.exit(code)\n"
    )
    env = {**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Duncan Idaho" in done.stdout
