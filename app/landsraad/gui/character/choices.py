"""The choices of a template step: a numbered "choose …" of options (check boxes or counts,
with a box per field the player names) and a feat choice (feat trees with ticks)."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTreeView,
    QVBoxLayout,
)

from landsraad.character import edits
from landsraad.character.model import STEP_NAMES
from landsraad.gui.documents import Document
from landsraad.gui.models import Row, TreeModel
from landsraad.gui.plain import plain_label, plain_tip
from landsraad.gui.widgets import label as _label
from landsraad.present import character as P
from landsraad.present import choices as PC
from landsraad.present.choices import is_choose_one


class ChoicePage(Protocol):
    """What a choice widget needs of the template step page that holds it (pages.py's
    TemplateStepPage): named here so this module does not import the page (issue 24, cycles)."""

    doc: Document
    step: str
    syncing: Any  # true while the page fills its widgets from the document
    ui: Any  # the page's compiled form (its choicesArea scrolls to a widget)


# ----- radio buttons of a "choose one" ------------------------------------------------------
class OptionRadio(QRadioButton):
    """A radio button of a "choose one": Enter takes it as Space does, and it says when it gets
    the focus (the page shows what the option gives).  With ``browse`` the arrow keys only move
    the focus among the enabled buttons of its group: taking a template replaces the step's
    picks, so it is never done by passing over an option with the arrows."""

    focused = Signal()

    def __init__(self, text: str, group: QButtonGroup, browse: bool = False, parent=None):
        super().__init__(text, parent)
        self.browse = browse
        # kept here rather than asked of Qt (``group()``): the walk over the group's buttons
        # stays in Python objects the page owns
        self.radio_group = group
        group.addButton(self)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.click()
            return
        arrows = {
            Qt.Key.Key_Up: -1,
            Qt.Key.Key_Left: -1,
            Qt.Key.Key_Down: 1,
            Qt.Key.Key_Right: 1,
            Qt.Key.Key_Home: -999,
            Qt.Key.Key_End: 999,
        }
        if key in arrows:
            buttons = [b for b in self.radio_group.buttons() if b.isEnabled() or b is self]
            i = max(0, min(len(buttons) - 1, buttons.index(self) + arrows[key]))
            if buttons[i] is not self:
                buttons[i].setFocus(Qt.FocusReason.TabFocusReason)
                if not self.browse and self.isChecked():
                    buttons[i].click()  # a radio group: the arrows move the pick along
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        self.focused.emit()


def set_checked_in_group(group: QButtonGroup, checked: QAbstractButton | None) -> None:
    """Check one button of an exclusive group, or none (an exclusive group cannot uncheck its
    last button by itself: undo can bring back "nothing chosen")."""
    if group.checkedButton() is checked:
        return
    group.setExclusive(False)
    for b in group.buttons():
        b.setChecked(b is checked)
    group.setExclusive(True)


# ----- choices ---------------------------------------------------------------------------
class OptionChoiceWidget(QGroupBox):
    """One numbered "choose …" of options: a check box (or a count) per option, with what it
    grants and, where the player names a field, a box per pick."""

    def __init__(self, page: ChoicePage, n: int, choice, parent=None):
        super().__init__(parent)
        self.page, self.n, self.choice = page, n, choice
        self.doc: Document = page.doc
        c = self.doc.content
        self.setAccessibleName(f"Choice {n}: {choice.label}")
        outer = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(_label(P.choice_heading(choice)), 1)
        if choice.note or choice.house_rule:
            self.setToolTip(P.reading_text(choice))
        self.suggest_button = QPushButton("Suggest the rest")
        self.suggest_button.setAccessibleName(f"Choice {n}: suggest the remaining picks at random")
        self.suggest_button.setToolTip(
            "Fill the remaining picks at random among the options that can be taken; "
            "one undo step, and the status bar says what was picked."
        )
        self.suggest_button.clicked.connect(self.suggest)
        head.addWidget(self.suggest_button)
        outer.addLayout(head)
        self.reasons: dict[str, str] = {}
        # each option on a line of its own (the control, then the boxes for the fields it names),
        # what it grants under it: the choices stay as narrow as their longest option (1280x720)
        grid = QGridLayout()
        outer.addLayout(grid)
        grid.setColumnStretch(2, 1)
        grid.setVerticalSpacing(2)
        self.controls: dict[str, QAbstractButton | QSpinBox] = {}
        self.field_boxes: dict[str, QHBoxLayout] = {}
        self.field_edits: dict[str, list[QLineEdit]] = {}
        self.needs: dict[str, str] = {}
        self.grant_labels: dict[str, QLabel] = {}
        self.single = is_choose_one(choice)
        self.group = QButtonGroup(self) if self.single else None
        for i, opt in enumerate(choice.options):
            r = 2 * i
            label = opt.label or opt.id
            if self.group is not None:
                # choose one: radio buttons; the arrow keys pick (one undo step for the choice)
                ctl = OptionRadio(label, self.group)
                ctl.clicked.connect(lambda _on=False, o=opt.id: self._pick_only(o))
                grid.addWidget(ctl, r, 0, 1, 2)
            elif choice.max_each == 1:
                ctl = QCheckBox(label)
                ctl.toggled.connect(lambda on, o=opt.id: self._set_count(o, 1 if on else 0))
                grid.addWidget(ctl, r, 0, 1, 2)
            else:
                ctl = QSpinBox()
                ctl.setRange(0, choice.max_each)
                ctl.setMinimumWidth(64)
                ctl.valueChanged.connect(lambda v, o=opt.id: self._set_count(o, v))
                name = plain_label(label)
                name.setBuddy(ctl)
                grid.addWidget(ctl, r, 0)
                grid.addWidget(name, r, 1)
            ctl.setAccessibleName(f"Choice {n}: {label}")
            self.controls[opt.id] = ctl
            extra = PC.option_extra(opt, c)
            g = _label(extra, "hint")
            g.setVisible(bool(extra))
            self.grant_labels[opt.id] = g
            grid.addWidget(g, r + 1, 1, 1, 2)
            self.needs[opt.id] = P.option_needs_field(opt, c)
            box = QHBoxLayout()
            self.field_boxes[opt.id] = box
            self.field_edits[opt.id] = []
            grid.addLayout(box, r, 2)
        self.reason = _label("", "reason")
        grid.addWidget(self.reason, 2 * len(choice.options), 0, 1, 3)

    # current answer ------------------------------------------------------------------
    def tokens(self) -> list[str]:
        return list(self.doc.state.step(self.page.step).picks.get(self.n, []))

    def counts_fields(self):
        return PC.counts_fields(self.tokens())

    def _tokens_from(self, counts, fields) -> list[str]:
        return PC.tokens_from(self.choice, counts, fields, self.tokens())

    def _set_count(self, oid: str, value: int) -> None:
        if self.page.syncing:
            return
        counts, fields = self.counts_fields()
        if counts.get(oid, 0) == value:
            return
        counts[oid] = value
        opt = self.choice.option(oid)
        verb = "Pick" if value else "Unpick"
        self.doc.edit(
            f"{verb} {opt.label or oid} ({STEP_NAMES[self.page.step]} {self.n})",
            edits.answer_choice,
            self.page.step,
            self.n,
            self._tokens_from(counts, fields),
        )

    def _pick_only(self, oid: str) -> None:
        """Choose one: the option clicked replaces the pick; moving along with the arrow keys
        is one undo step (the edits merge)."""
        if self.page.syncing:
            return
        counts, fields = self.counts_fields()
        if counts.get(oid, 0) and sum(counts.values()) == 1:
            return
        opt = self.choice.option(oid)
        self.doc.edit(
            f"Pick {opt.label or oid} ({STEP_NAMES[self.page.step]} {self.n})",
            edits.answer_choice,
            self.page.step,
            self.n,
            self._tokens_from({oid: 1}, fields),
            merge_key=f"{self.page.step}.choice.{self.n}",
        )

    def _set_field(self, oid: str, i: int, text: str) -> None:
        if self.page.syncing:
            return
        counts, fields = self.counts_fields()
        flds = fields.setdefault(oid, [])
        while len(flds) <= i:
            flds.append("")
        flds[i] = text
        self.doc.edit(
            f"Name the {self.needs[oid]} ({STEP_NAMES[self.page.step]} {self.n})",
            edits.answer_choice,
            self.page.step,
            self.n,
            self._tokens_from(counts, fields),
            merge_key=f"{self.page.step}.{self.n}.{oid}.{i}",
        )

    def suggest(self, seed: int | None = None) -> list[str]:
        """Random picks for what is still open (never silently: a named undo step and a message)."""
        import random

        from landsraad.dice import new_seed

        counts, fields = self.counts_fields()
        total = sum(counts.values())
        left = self.choice.count - total
        if left <= 0:
            return []
        seed = new_seed() if seed is None else seed
        rng = random.Random(seed)
        picked: list[str] = []
        baseline = None

        def passes(oid: str) -> bool:
            """Only a pick that adds no error and no warning (issue 27)."""
            nonlocal baseline
            trial = dict(counts)
            trial[oid] = trial.get(oid, 0) + 1
            if baseline is None:
                from landsraad.character.validate import validate
                from landsraad.findings import Severity

                baseline = {
                    (f.rule, f.step, f.field)
                    for f in validate(self.doc.state, self.doc.content)[1]
                    if f.severity in (Severity.ERROR, Severity.WARNING)
                }
            return not P.tentative_findings(
                self.doc.state,
                self.doc.content,
                baseline,
                edits.answer_choice,
                self.page.step,
                self.n,
                self._tokens_from(trial, fields),
            )

        for _ in range(left):
            pool = [
                o.id
                for o in self.choice.options
                if counts.get(o.id, 0) < self.choice.max_each and not self.reasons.get(o.id) and not self.needs[o.id]
            ]
            pool = [o for o in pool if passes(o)]
            if not pool:
                break
            oid = rng.choice(pool)
            counts[oid] += 1
            picked.append(oid)
        if not picked:
            return []
        labels = ", ".join(self.choice.option(o).label or o for o in picked)
        # the seed stays out of the words: players read "at random", not a number
        self.doc.edit(
            f"Suggest {labels} ({STEP_NAMES[self.page.step]}, choice {self.n}, at random)",
            edits.answer_choice,
            self.page.step,
            self.n,
            self._tokens_from(counts, fields),
        )
        win = self.window()
        if hasattr(win, "statusBar"):
            win.statusBar().showMessage(
                f"Suggested for choice {self.n}: {labels}, at random; Undo takes it back.", 10000
            )
        return picked

    # sync from the document ------------------------------------------------------------
    def sync(self, full: bool) -> None:
        counts, fields = self.counts_fields()
        total = sum(counts.values())
        picked = f"{total} of {self.choice.count} picked"
        self.setTitle(f"Choice {self.n}  —  {picked}")
        if self.group is not None:
            chosen = [self.controls[o.id] for o in self.choice.options if counts.get(o.id, 0)]
            set_checked_in_group(self.group, chosen[0] if len(chosen) == 1 else None)
        for opt in self.choice.options:
            ctl = self.controls[opt.id]
            k = counts.get(opt.id, 0)
            if isinstance(ctl, QRadioButton):
                pass  # the group was set above
            elif isinstance(ctl, QCheckBox):
                if ctl.isChecked() != bool(k):
                    ctl.setChecked(bool(k))
            elif ctl.value() != k:
                ctl.setValue(k)
            # one box per pick for the field the player names
            edits = self.field_edits[opt.id]
            want = k if self.needs[opt.id] else 0
            while len(edits) < want:
                i = len(edits)
                e = QLineEdit()
                e.setMinimumWidth(100)
                e.setPlaceholderText(f"name the {self.needs[opt.id]}")
                e.setAccessibleName(f"Choice {self.n}: {opt.label or opt.id}, {self.needs[opt.id]} {i + 1}")
                e.textEdited.connect(lambda text, o=opt.id, i=i: self._set_field(o, i, text))
                self.field_boxes[opt.id].addWidget(e)
                edits.append(e)
            while len(edits) > want:
                e = edits.pop()
                e.setParent(None)
                e.deleteLater()
            for i, e in enumerate(edits):
                text = (fields.get(opt.id, []) + [""] * want)[i]
                if e.text() != text:
                    e.setText(text)
        if full:
            self.sync_availability(counts, total)

    def sync_availability(self, counts, total) -> None:
        full = total >= self.choice.count
        ch, c = self.doc.state, self.doc.content
        self.reasons = {}
        self.suggest_button.setEnabled(not full)
        # what each option can be, computed Qt-free (the session's phone page reads the same)
        states = PC.option_states(ch, c, self.doc.sheet, self.doc.findings, self.page.step, self.n, self.choice)
        for st in states:
            ctl = self.controls[st.id]
            k, reason = st.count, st.reason
            enabled = not reason or k > 0
            if isinstance(ctl, QSpinBox):
                ctl.setMaximum(k if (full or reason) else self.choice.max_each)
                enabled = k > 0 or not reason
            ctl.setEnabled(enabled)
            if reason and k == 0:
                self.reasons[st.id] = reason
            ctl.setToolTip(plain_tip(st.tip))
            ctl.setAccessibleDescription(st.tip)
            self.grant_labels[st.id].setToolTip(plain_tip(st.tip))

    def focus_first(self) -> None:
        checked = self.group.checkedButton() if self.group is not None else None
        if checked is not None:
            checked.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        for ctl in self.controls.values():
            if ctl.isEnabled():
                ctl.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        self.setFocus(Qt.FocusReason.OtherFocusReason)


class FeatChoiceWidget(QGroupBox):
    """A feat choice: the patterns it offers, and the offered feat trees as a tree view whose
    feats are ticked (mouse or Space); a feat that cannot be taken is disabled and says why."""

    def __init__(self, page: ChoicePage, n: int, choice, parent=None):
        super().__init__(parent)
        self.page, self.n, self.choice = page, n, choice
        self.doc: Document = page.doc
        self.setAccessibleName(f"Choice {n}: {choice.label}")
        lay = QVBoxLayout(self)
        pats = "\n".join(f"•  {p.label or p.id}" for p in choice.patterns)
        lay.addWidget(_label(choice.label))
        lay.addWidget(
            _label("Fill one of these exactly, each group of slots in a different feat tree:\n" + pats, "hint")
        )
        self.model = TreeModel(["Feat tree / feat", "Skill / effect"], self, check_handler=self._toggle)
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setAccessibleName(f"Choice {n}: feats to tick")
        self.view.setAccessibleDescription("Space ticks the selected feat; disabled feats say why in their tooltip")
        self.view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.view.setMinimumHeight(260)
        self.view.installEventFilter(self)
        lay.addWidget(self.view)
        self.max_level, self.most = PC.feat_limits(choice)
        self.reasons: dict[str, str] = {}
        self.tree_ids: list[str] = []

    def tokens(self) -> list[str]:
        return list(self.doc.state.step(self.page.step).picks.get(self.n, []))

    def eventFilter(self, obj, event) -> bool:
        from PySide6.QtCore import QEvent

        if obj is self.view and event.type() == QEvent.Type.FocusIn:
            # the tree is taller than the choices' area on a short screen: its top comes into sight
            self.page.ui.choicesArea.ensureWidgetVisible(self.view, 0, 0)
        return super().eventFilter(obj, event)

    def _toggle(self, fid: str, on: bool) -> None:
        if self.page.syncing or fid is None:
            return
        tokens = [t for t in self.tokens() if t != fid]
        if on:
            tokens.append(fid)
        feat = self.doc.content.feats[fid]
        self.doc.edit(
            f"{'Take' if on else 'Drop'} {feat.name} ({STEP_NAMES[self.page.step]} {self.n})",
            edits.answer_choice,
            self.page.step,
            self.n,
            tokens,
        )

    def index_of(self, fid: str):
        return self.model.find(fid)

    def sync(self, full: bool) -> None:
        c = self.doc.content
        trees = P.offered_trees(self.choice, self.doc.sheet, c)
        tokens = self.tokens()
        self.setTitle(f"Choice {self.n}  —  {len(tokens)} feat{'s' if len(tokens) != 1 else ''} picked")
        if full:
            self.sync_availability(tokens, trees)
        groups = []
        for tree in trees:
            feats = [f for lv, f in sorted(c.tree_feats(tree.id).items()) if lv <= self.max_level]
            kids = []
            for feat in feats:
                reason = self.reasons.get(feat.id, "") if feat.id not in tokens else ""
                tip = (f"Cannot be taken now: {reason}\n" if reason else "") + (feat.effect or feat.name)
                reading = P.reading_text(feat)
                if reading:
                    tip += "\n" + reading
                kids.append(
                    Row(
                        (f"{feat.level}  {feat.name}", feat.effect),
                        payload=feat.id,
                        tooltip=tip,
                        enabled=not reason,
                        checkable=True,
                        checked=feat.id in tokens,
                    )
                )
            picked = sum(1 for f in feats if f.id in tokens)
            skill = c.skills[tree.skill].name if tree.skill in c.skills else tree.group
            groups.append(
                (
                    Row(
                        (tree.name + (f"  ({picked} ticked)" if picked else ""), skill),
                        payload=f"tree:{tree.id}",
                        bold=bool(picked),
                        tooltip=P.reading_text(tree),
                    ),
                    kids,
                )
            )
        self.model.set_tree(groups)
        ids = [t.id for t in trees]
        if ids != self.tree_ids:
            self.tree_ids = ids
            for g, (row, _k) in enumerate(groups):
                self.view.setExpanded(self.model.index(g, 0), len(groups) <= 8 or row.bold)

    def sync_availability(self, tokens, trees) -> None:
        # computed Qt-free: the session's phone page shows the same reasons
        self.reasons = PC.feat_reasons(
            self.doc.state,
            self.doc.content,
            self.doc.sheet,
            self.doc.findings,
            self.page.step,
            self.n,
            self.choice,
            trees,
        )

    def focus_first(self) -> None:
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 0))
