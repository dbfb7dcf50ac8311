"""Character creation, guided: the eight steps, a live summary and the findings.

The view edits the document only through ``CharacterDocument.edit`` (one QUndoCommand per
edit; taking a template is one macro) and shows only what ``validate`` computed.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QPushButton,
                               QHeaderView, QLabel, QLineEdit, QSpinBox, QTableView, QTreeView, QVBoxLayout, QWidget)

from landsraad.character.model import STEP_NAMES, STEPS, TEMPLATE_STEP_IDS, Conversion, Purchase
from landsraad.findings import Severity
from landsraad.gui import present as P
from landsraad.gui.documents import CharacterDocument
from landsraad.gui.models import Row, RowsListModel, RowsTableModel, TreeModel
from landsraad.gui.resources import setup_form

STEP_IDS = [s for s, _ in STEPS]


def _set_picks(step: str, n: int, tokens: list[str]):
    def change(ch):
        picks = ch.step(step).picks
        if tokens:
            picks[n] = list(tokens)
        else:
            picks.pop(n, None)
    return change


def _same_words(a: str, b: str) -> bool:
    norm = lambda t: sorted(t.lower().replace("(", " ").replace(")", " ").split())  # noqa: E731
    return norm(a) == norm(b)


def _label(text: str, role: str = "", wrap: bool = True) -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(wrap)
    if role:
        lab.setProperty("role", role)
    return lab


# ----- choices ---------------------------------------------------------------------------
class OptionChoiceWidget(QGroupBox):
    """One numbered "choose …" of options: a check box (or a count) per option, with what it
    grants and, where the player names a field, a box per pick."""

    def __init__(self, page: "TemplateStepPage", n: int, choice, parent=None):
        super().__init__(parent)
        self.page, self.n, self.choice = page, n, choice
        self.doc: CharacterDocument = page.doc
        c = self.doc.content
        self.setAccessibleName(f"Choice {n}: {choice.label}")
        outer = QVBoxLayout(self)
        head = QHBoxLayout()
        head.addWidget(_label(P.choice_heading(choice)), 1)
        if choice.note or choice.house_rule:
            self.setToolTip(P.reading_text(choice))
        self.suggest_button = QPushButton("Suggest the rest")
        self.suggest_button.setAccessibleName(f"Choice {n}: suggest the remaining picks at random")
        self.suggest_button.setToolTip("Fill the remaining picks at random among the options that can be taken; "
                                       "one undo step, and the status bar says what was picked.")
        self.suggest_button.clicked.connect(self.suggest)
        head.addWidget(self.suggest_button)
        outer.addLayout(head)
        self.reasons: dict[str, str] = {}
        grid = QGridLayout()
        outer.addLayout(grid)
        grid.setColumnStretch(2, 1)
        self.controls: dict[str, QCheckBox | QSpinBox] = {}
        self.field_boxes: dict[str, QHBoxLayout] = {}
        self.field_edits: dict[str, list[QLineEdit]] = {}
        self.needs: dict[str, str] = {}
        self.grant_labels: dict[str, QLabel] = {}
        for r, opt in enumerate(choice.options):
            label = opt.label or opt.id
            if choice.max_each == 1:
                ctl = QCheckBox(label)
                ctl.toggled.connect(lambda on, o=opt.id: self._set_count(o, 1 if on else 0))
                grid.addWidget(ctl, r, 0, 1, 2)
            else:
                ctl = QSpinBox()
                ctl.setRange(0, choice.max_each)
                ctl.setMinimumWidth(64)
                ctl.valueChanged.connect(lambda v, o=opt.id: self._set_count(o, v))
                name = QLabel(label)
                name.setBuddy(ctl)
                grid.addWidget(ctl, r, 0)
                grid.addWidget(name, r, 1)
            ctl.setAccessibleName(f"Choice {n}: {label}")
            self.controls[opt.id] = ctl
            extra = P.grants_text(opt.grants, c)
            if _same_words(extra, label):
                extra = ""                      # the printed label already says it
            if opt.cost:
                extra += f"  ·  costs {opt.cost} Character Points"
            g = _label(extra, "hint")
            self.grant_labels[opt.id] = g
            grid.addWidget(g, r, 2)
            self.needs[opt.id] = P.option_needs_field(opt, c)
            box = QHBoxLayout()
            self.field_boxes[opt.id] = box
            self.field_edits[opt.id] = []
            grid.addLayout(box, r, 3)
        self.reason = _label("", "reason")
        grid.addWidget(self.reason, len(choice.options), 0, 1, 4)

    # current answer ------------------------------------------------------------------
    def tokens(self) -> list[str]:
        return list(self.doc.state.step(self.page.step).picks.get(self.n, []))

    def counts_fields(self):
        counts: Counter = Counter()
        fields: dict[str, list[str]] = {}
        for oid, fld in P.split_tokens(self.tokens()):
            counts[oid] += 1
            fields.setdefault(oid, []).append(fld)
        return counts, fields

    def _tokens_from(self, counts, fields) -> list[str]:
        out = []
        known = {o.id for o in self.choice.options}
        for opt in self.choice.options:
            for i in range(counts.get(opt.id, 0)):
                flds = fields.get(opt.id, [])
                out.append(P.make_token(opt.id, flds[i] if i < len(flds) else ""))
        # picks the content does not know are kept (the engine flags them), never dropped
        for tok in self.tokens():
            if P.split_tokens([tok])[0][0] not in known:
                out.append(tok)
        return out

    def _set_count(self, oid: str, value: int) -> None:
        if self.page.syncing:
            return
        counts, fields = self.counts_fields()
        if counts.get(oid, 0) == value:
            return
        counts[oid] = value
        opt = self.choice.option(oid)
        verb = "Pick" if value else "Unpick"
        self.doc.edit(f"{verb} {opt.label or oid} ({STEP_NAMES[self.page.step]} {self.n})",
                      _set_picks(self.page.step, self.n, self._tokens_from(counts, fields)))

    def _set_field(self, oid: str, i: int, text: str) -> None:
        if self.page.syncing:
            return
        counts, fields = self.counts_fields()
        flds = fields.setdefault(oid, [])
        while len(flds) <= i:
            flds.append("")
        flds[i] = text
        self.doc.edit(f"Name the {self.needs[oid]} ({STEP_NAMES[self.page.step]} {self.n})",
                      _set_picks(self.page.step, self.n, self._tokens_from(counts, fields)),
                      merge_key=f"{self.page.step}.{self.n}.{oid}.{i}")

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
        for _ in range(left):
            pool = [o.id for o in self.choice.options if counts.get(o.id, 0) < self.choice.max_each
                    and not self.reasons.get(o.id) and not self.needs[o.id]]
            if not pool:
                break
            oid = rng.choice(pool)
            counts[oid] += 1
            picked.append(oid)
        if not picked:
            return []
        labels = ", ".join(self.choice.option(o).label or o for o in picked)
        self.doc.edit(f"Suggest {labels} ({STEP_NAMES[self.page.step]} {self.n}, random, seed {seed})",
                      _set_picks(self.page.step, self.n, self._tokens_from(counts, fields)))
        win = self.window()
        if hasattr(win, "statusBar"):
            win.statusBar().showMessage(f"Suggested for choice {self.n}: {labels} (random, seed {seed}); "
                                        "Undo takes it back.", 10000)
        return picked

    # sync from the document ------------------------------------------------------------
    def sync(self, full: bool) -> None:
        counts, fields = self.counts_fields()
        total = sum(counts.values())
        picked = f"{total} of {self.choice.count} picked"
        self.setTitle(f"Choice {self.n}  —  {picked}")
        for opt in self.choice.options:
            ctl = self.controls[opt.id]
            k = counts.get(opt.id, 0)
            if isinstance(ctl, QCheckBox):
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
                e.setMinimumWidth(150)
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
        baseline = P.error_keys(self.doc.findings)
        self.reasons = {}
        self.suggest_button.setEnabled(not full)
        for opt in self.choice.options:
            ctl = self.controls[opt.id]
            k = counts.get(opt.id, 0)
            reason = ""
            if full and k == 0:
                reason = f"This choice is full ({total} of {self.choice.count} picked): unpick one first."
            elif not full and k < self.choice.max_each:
                tokens = self.tokens() + [opt.id]
                errs = P.tentative_errors(ch, c, _set_picks(self.page.step, self.n, tokens), baseline)
                if errs:
                    reason = errs[0].message
            enabled = not reason or k > 0
            if isinstance(ctl, QSpinBox):
                ctl.setMaximum(k if (full or reason) else self.choice.max_each)
                enabled = True if k > 0 or not reason else False
            ctl.setEnabled(enabled)
            if reason and k == 0:
                self.reasons[opt.id] = reason
            tip = P.grants_text(opt.grants, c)
            for ok, sentence in P.requirement_texts(opt.requires, ch, self.doc.sheet, c):
                tip += f"\nRequires {sentence}" + (" ✔" if ok else " ✖" if ok is False else "")
            if opt.note or opt.house_rule:
                tip += "\n" + P.reading_text(opt)
            if reason:
                tip = f"Cannot be taken now: {reason}\n" + tip
            ctl.setToolTip(tip)
            self.grant_labels[opt.id].setToolTip(tip)

    def focus_first(self) -> None:
        for ctl in self.controls.values():
            if ctl.isEnabled():
                ctl.setFocus(Qt.OtherFocusReason)
                return
        self.setFocus(Qt.OtherFocusReason)


class FeatChoiceWidget(QGroupBox):
    """A feat choice: the patterns it offers, and the offered feat trees as a tree view whose
    feats are ticked (mouse or Space); a feat that cannot be taken is disabled and says why."""

    def __init__(self, page: "TemplateStepPage", n: int, choice, parent=None):
        super().__init__(parent)
        self.page, self.n, self.choice = page, n, choice
        self.doc: CharacterDocument = page.doc
        self.setAccessibleName(f"Choice {n}: {choice.label}")
        lay = QVBoxLayout(self)
        pats = "\n".join(f"•  {p.label or p.id}" for p in choice.patterns)
        lay.addWidget(_label(choice.label))
        lay.addWidget(_label("Fill one of these exactly, each group of slots in a different feat tree:\n" + pats, "hint"))
        self.model = TreeModel(["Feat tree / feat", "Skill / effect"], self, check_handler=self._toggle)
        self.view = QTreeView()
        self.view.setModel(self.model)
        self.view.setAccessibleName(f"Choice {n}: feats to tick")
        self.view.setAccessibleDescription("Space ticks the selected feat; disabled feats say why in their tooltip")
        self.view.header().setSectionResizeMode(0, QHeaderView.ResizeToContents)
        self.view.setMinimumHeight(260)
        lay.addWidget(self.view)
        self.max_level = max((lv for p in choice.patterns for s in p.slots for lv in s), default=1)
        self.most = max((sum(len(s) for s in p.slots) for p in choice.patterns), default=1)
        self.reasons: dict[str, str] = {}
        self.tree_ids: list[str] = []

    def tokens(self) -> list[str]:
        return list(self.doc.state.step(self.page.step).picks.get(self.n, []))

    def _toggle(self, fid: str, on: bool) -> None:
        if self.page.syncing or fid is None:
            return
        tokens = [t for t in self.tokens() if t != fid]
        if on:
            tokens.append(fid)
        feat = self.doc.content.feats[fid]
        self.doc.edit(f"{'Take' if on else 'Drop'} {feat.name} ({STEP_NAMES[self.page.step]} {self.n})",
                      _set_picks(self.page.step, self.n, tokens))

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
                kids.append(Row((f"{feat.level}  {feat.name}", feat.effect), payload=feat.id, tooltip=tip,
                                enabled=not reason, checkable=True, checked=feat.id in tokens))
            picked = sum(1 for f in feats if f.id in tokens)
            skill = c.skills[tree.skill].name if tree.skill in c.skills else tree.group
            groups.append((Row((tree.name + (f"  ({picked} ticked)" if picked else ""), skill), payload=f"tree:{tree.id}",
                               bold=bool(picked), tooltip=P.reading_text(tree)), kids))
        self.model.set_tree(groups)
        ids = [t.id for t in trees]
        if ids != self.tree_ids:
            self.tree_ids = ids
            for g, (row, _k) in enumerate(groups):
                self.view.setExpanded(self.model.index(g, 0), len(groups) <= 8 or row.bold)

    def sync_availability(self, tokens, trees) -> None:
        ch, c = self.doc.state, self.doc.content
        baseline = P.error_keys(self.doc.findings)
        held_elsewhere = {fid: st for fid, st in self.doc.sheet.feats.items() if fid not in tokens}
        self.reasons = {}
        for tree in trees:
            for lv, feat in c.tree_feats(tree.id).items():
                if lv > self.max_level or feat.id in tokens:
                    continue
                fid = feat.id
                if fid in held_elsewhere:
                    self.reasons[fid] = f"{feat.name} is already held ({STEP_NAMES.get(held_elsewhere[fid], held_elsewhere[fid])})."
                elif len(tokens) >= self.most:
                    self.reasons[fid] = (f"This choice is full ({len(tokens)} feats, the most any of its options "
                                         "takes): drop one first.")
                else:
                    # a partial answer may not fit a pattern yet (F5): the findings say so, and the engine
                    # flags some partial answers that can still grow, so F5 is no reason to refuse a feat
                    errs = [f for f in P.tentative_errors(ch, c, _set_picks(self.page.step, self.n, tokens + [fid]),
                                                          baseline) if f.rule != "F5"]
                    if errs:
                        self.reasons[fid] = errs[0].message

    def focus_first(self) -> None:
        self.view.setFocus(Qt.OtherFocusReason)
        if not self.view.currentIndex().isValid() and self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 0))


# ----- pages ------------------------------------------------------------------------------
class StepPage(QWidget):
    step = ""

    def __init__(self, doc: CharacterDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.syncing = False

    def refresh(self, full: bool) -> None:
        self.syncing = True
        try:
            self.sync(full)
        finally:
            self.syncing = False

    def sync(self, full: bool) -> None:  # pragma: no cover - overridden
        pass

    def focus_field(self, field: str) -> bool:
        return False


class StatisticsPage(StepPage):
    step = "statistics"

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        lay = QVBoxLayout(self)
        title = QLabel("01  Statistics")
        title.setObjectName("pageTitle")
        lay.addWidget(title)
        lay.addWidget(_label("Every statistic starts at 1 (Step 01). The templates of Steps 02–05 and the "
                             "Character Points of Step 06 raise them; the values below are the engine's.", "hint"))
        self.model = RowsTableModel(["Statistic", "Pair", "Style", "Value", "Meaning"], self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Statistics")
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        lay.addWidget(self.table)

    def sync(self, full: bool) -> None:
        c, s = self.doc.content, self.doc.sheet
        self.model.set_rows([Row((st.name, st.pair, st.style, str(s.statistics[sid]), st.meaning),
                                 payload=f"statistics.{sid}")
                             for sid, st in c.statistics.items()])

    def focus_field(self, field: str) -> bool:
        r = self.model.row_of(field)
        if r >= 0:
            self.table.selectRow(r)
            self.table.setFocus(Qt.OtherFocusReason)
            return True
        return False


class TemplateStepPage(StepPage):
    def __init__(self, doc, step: str, parent=None):
        super().__init__(doc, parent)
        self.step = step
        self.ui = setup_form("template_step", self)
        st = doc.content.steps[step]
        self.ui.pageTitle.setObjectName("pageTitle")
        self.ui.pageTitle.setText(f"{P.step_index(step) + 1:02d}  {STEP_NAMES[step]}")
        self.ui.stepHint.setText(f"Choose one of the {len(st.template)} options, then answer its choices. "
                                 "Taking an option is one undo step; options that cannot be taken say why.")
        self.ui.templateBox.setTitle(f"{STEP_NAMES[step]}: choose one")
        self.templates = RowsListModel(self)
        self.ui.templateList.setModel(self.templates)
        self.ui.templateList.setAccessibleName(f"{STEP_NAMES[step]} options")
        self.ui.templateList.activated.connect(lambda idx: self.take(self.templates.payload(idx.row())))
        self.ui.templateList.selectionModel().currentChanged.connect(lambda cur, _prev: self._show_info(cur.row()))
        self.ui.takeButton.clicked.connect(self._take_selected)
        self.ui.pageSplitter.setStretchFactor(0, 0)
        self.ui.pageSplitter.setStretchFactor(1, 1)
        self.ui.pageSplitter.setSizes([270, 950])
        self.ui.pageLayout.setStretch(2, 1)
        self.built_for: str | None = "-"
        self.choice_widgets: list[OptionChoiceWidget | FeatChoiceWidget] = []
        self.detail_edits: dict[str, QLineEdit] = {}
        self.reasons: dict[str, str] = {}

    # taking a template: one macro ---------------------------------------------------
    def _take_selected(self) -> None:
        idx = self.ui.templateList.currentIndex()
        if idx.isValid():
            self.take(self.templates.payload(idx.row()))

    def take(self, tid: str | None) -> None:
        if not tid or self.doc.state.step(self.step).template == tid:
            return
        t = self.doc.content.template(self.step, tid)
        st = self.doc.content.steps[self.step]
        with self.doc.macro(f"Take {t.name} ({STEP_NAMES[self.step]})"):
            def set_template(ch):
                tc = ch.step(self.step)
                tc.template = tid
                tc.picks = {}
                tc.details = {}
            self.doc.edit(f"Set {STEP_NAMES[self.step]} to {t.name}", set_template)
            # a choice with only one possible answer is filled in, visibly, as part of the macro
            for n, choice in enumerate(st.choices_of(t), 1):
                if choice.kind != "options" or choice.optional:
                    continue
                if len(choice.options) * choice.max_each == choice.count and \
                        not any(P.option_needs_field(o, self.doc.content) for o in choice.options):
                    tokens = [o.id for o in choice.options for _ in range(choice.max_each)]
                    self.doc.edit(f"Fill choice {n} (its only answer)", _set_picks(self.step, n, tokens))

    def _show_info(self, row: int) -> None:
        tid = self.templates.payload(row)
        t = self.doc.content.template(self.step, tid) if tid else None
        if t is None:
            self.ui.templateInfo.setText("")
            return
        text = P.template_tooltip(t, self.doc.content)
        if self.reasons.get(tid):
            text += f"\nCannot be taken now: {self.reasons[tid]}"
        self.ui.templateInfo.setText(text)

    # building the choices of the template taken ------------------------------------
    def _rebuild_choices(self, tid: str | None) -> None:
        lay = self.ui.choicesLayout
        while lay.count():
            item = lay.takeAt(0)
            w = item.widget()
            if w is not None:
                w.setParent(None)
                w.deleteLater()
        self.choice_widgets, self.detail_edits = [], {}
        self.built_for = tid
        c = self.doc.content
        t = c.template(self.step, tid) if tid else None
        if t is None:
            lay.addWidget(_label("Take one of the options on the left to see its choices.", "hint"))
            lay.addStretch(1)
            return
        head = QGroupBox(f"{t.name}: fixed grants")
        hl = QVBoxLayout(head)
        hl.addWidget(_label(P.grants_text(t.grants, c)))
        if t.flavour:
            hl.addWidget(_label(t.flavour[0].upper() + t.flavour[1:] + ".", "hint"))
        reqs = P.requirement_texts(t.requires, self.doc.state, self.doc.sheet, c)
        for ok, sentence in reqs:
            mark = "✔" if ok else ("?" if ok is None else "✖")
            hl.addWidget(_label(f"Requires {sentence} {mark}", "hint" if ok else "reason"))
        lay.addWidget(head)
        # texts the player records: grant refs and "asks"
        needs = [(g.ref, f"Name the {c.skills[g.id].field if g.kind == 'skill' else (c.advantages[g.id].needs_detail or 'detail')}"
                         f" of {P.grant_text(g, c)}") for g in t.grants if g.ref and (g.field == '*' or g.detail == '*')]
        needs += [(label, label) for label in t.asks]
        if needs:
            box = QGroupBox("Record")
            form = QFormLayout(box)
            for ref, text in needs:
                e = QLineEdit()
                e.setAccessibleName(text)
                e.textEdited.connect(lambda value, r=ref: self._set_detail(r, value))
                lab = QLabel(text)
                lab.setBuddy(e)
                form.addRow(lab, e)
                self.detail_edits[ref] = e
            lay.addWidget(box)
        for n, choice in enumerate(c.steps[self.step].choices_of(t), 1):
            w = FeatChoiceWidget(self, n, choice) if choice.kind == "feats" else OptionChoiceWidget(self, n, choice)
            self.choice_widgets.append(w)
            lay.addWidget(w)
        lay.addStretch(1)

    def _set_detail(self, ref: str, value: str) -> None:
        if self.syncing:
            return

        def change(ch):
            details = ch.step(self.step).details
            if value:
                details[ref] = value
            else:
                details.pop(ref, None)
        self.doc.edit(f"Record {ref} ({STEP_NAMES[self.step]})", change, merge_key=f"{self.step}.details.{ref}")

    def sync(self, full: bool) -> None:
        c, ch = self.doc.content, self.doc.state
        taken = ch.step(self.step).template
        if full:
            baseline = P.error_keys(self.doc.findings)
            self.reasons = {}
            for t in c.steps[self.step].template:
                if t.id == taken:
                    continue
                def change(x, tid=t.id):
                    tc = x.step(self.step)
                    tc.template, tc.picks, tc.details = tid, {}, {}
                # only what stops the template itself (its requirements); errors its own open
                # choices will clear (a granted feat waiting for its skill) are no reason
                errs = [f for f in P.tentative_errors(ch, c, change, baseline) if f.field == f"{self.step}.template"]
                if errs:
                    self.reasons[t.id] = errs[0].message
        rows = []
        for t in c.steps[self.step].template:
            mark = "✔ " if t.id == taken else ""
            reason = self.reasons.get(t.id, "")
            tip = P.template_tooltip(t, c) + (f"\n\nCannot be taken now: {reason}" if reason else "")
            rows.append(Row((f"{mark}{t.name}",), payload=t.id, tooltip=tip, enabled=not reason, bold=t.id == taken))
        self.templates.set_rows(rows)
        if taken != self.built_for:
            self._rebuild_choices(taken)
            if taken:
                r = self.templates.row_of(taken)
                self.ui.templateList.setCurrentIndex(self.templates.index(r))
        for ref, e in self.detail_edits.items():
            text = ch.step(self.step).details.get(ref, "")
            if e.text() != text:
                e.setText(text)
        for w in self.choice_widgets:
            w.sync(full)

    def focus_field(self, field: str) -> bool:
        prefix = f"{self.step}."
        if not field.startswith(prefix):
            return False
        rest = field[len(prefix):]
        if rest == "template":
            self.ui.templateList.setFocus(Qt.OtherFocusReason)
            return True
        if rest.startswith("choice."):
            try:
                n = int(rest.split(".")[1])
            except ValueError:
                return False
            if 1 <= n <= len(self.choice_widgets):
                w = self.choice_widgets[n - 1]
                self.ui.choicesArea.ensureWidgetVisible(w)
                w.focus_first()
                return True
        if rest.startswith("details."):
            e = self.detail_edits.get(rest[len("details."):])
            if e is not None:
                self.ui.choicesArea.ensureWidgetVisible(e)
                e.setFocus(Qt.OtherFocusReason)
                return True
        return False


class ExtrasPage(StepPage):
    step = "extras"

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.ui = setup_form("extras_step", self)
        self.ui.pageTitle.setObjectName("pageTitle")
        for kid, name in P.PURCHASE_KINDS:
            self.ui.kindCombo.addItem(name, kid)
        self.ui.kindCombo.currentIndexChanged.connect(self._fill_items)
        self.ui.itemCombo.currentIndexChanged.connect(self._item_info)
        self._fill_items()
        self.model = RowsTableModel(["#", "Kind", "What", "Levels"], self)
        self.ui.purchasesView.setModel(self.model)
        self.ui.purchasesView.verticalHeader().hide()
        self.ui.purchasesView.horizontalHeader().setStretchLastSection(True)
        self.ui.purchasesView.horizontalHeader().setSectionResizeMode(2, QHeaderView.Stretch)
        self.ui.buyButton.clicked.connect(self.buy)
        self.ui.fieldEdit.returnPressed.connect(self.buy)
        self.ui.removeButton.clicked.connect(self.remove_selected)
        self.ui.convertButton.clicked.connect(self.convert)
        self.ui.unconvertButton.clicked.connect(self.unconvert)
        # two-aspect advantages (Allies, Contacts...): how the rating splits into its aspects
        self.aspects_box = QGroupBox("Two-aspect advantages: split each rating into its aspects")
        self.aspects_form = QFormLayout(self.aspects_box)
        self.ui.pageLayout.addWidget(self.aspects_box)
        self.aspect_spins: dict[str, tuple[QSpinBox, QSpinBox]] = {}

    def _fill_items(self) -> None:
        kind = self.ui.kindCombo.currentData()
        self.ui.itemCombo.blockSignals(True)
        self.ui.itemCombo.clear()
        for iid, label in P.purchase_items(kind, self.doc.content):
            self.ui.itemCombo.addItem(label, iid)
        self.ui.itemCombo.blockSignals(False)
        self._item_info()

    def _item_info(self) -> None:
        kind, iid, c = self.ui.kindCombo.currentData(), self.ui.itemCombo.currentData(), self.doc.content
        info = ""
        if kind in ("skill", "special-die") and iid in c.skills:
            s = c.skills[iid]
            info = f"{s.name}: {s.kind} skill" + (f", name its {s.field}" if s.field else "") + (f". {s.summary}" if s.summary else "")
        elif kind == "advantage" and iid in c.advantages:
            a = c.advantages[iid]
            info = f"{a.name} ({a.kind}): {a.effect}" + (f" Name its {a.needs_detail}." if a.needs_detail else "")
            if a.kind == "aspects":
                from landsraad.rules.pages import cite
                info += f" Split into {a.aspects[0]} (at least 1) and {a.aspects[1]} ({cite('L1308')})."
        elif kind == "feat" and iid in c.feats:
            info = c.feats[iid].effect
        elif kind == "statistic" and iid in c.statistics:
            info = c.statistics[iid].meaning
        entry = {"skill": c.skills, "special-die": c.skills, "advantage": c.advantages, "feat": c.feats,
                 "statistic": c.statistics}.get(kind, {}).get(iid)
        reading = P.reading_text(entry) if entry is not None else ""
        self.ui.buyInfo.setText(info + (f"\n{reading}" if reading else ""))
        self.ui.buyInfo.setToolTip(reading)

    def select(self, kind: str, item_id: str, levels: int = 1, field: str = "") -> None:
        """Fill the purchase form (used by the keyboard and by tests)."""
        self.ui.kindCombo.setCurrentIndex(self.ui.kindCombo.findData(kind))
        self.ui.itemCombo.setCurrentIndex(self.ui.itemCombo.findData(item_id))
        self.ui.levelsSpin.setValue(levels)
        self.ui.fieldEdit.setText(field)

    def buy(self) -> None:
        kind, iid = self.ui.kindCombo.currentData(), self.ui.itemCombo.currentData()
        if not iid:
            return
        levels, text = self.ui.levelsSpin.value(), self.ui.fieldEdit.text().strip()
        p = Purchase(kind=kind, id=iid, levels=levels,
                     field=text if kind in ("skill", "special-die") else "",
                     detail=text if kind == "advantage" else "")
        self.doc.edit(f"Buy {self.ui.itemCombo.currentText()} +{levels}", lambda ch: ch.extras.append(p))
        self.ui.fieldEdit.clear()

    def remove_selected(self) -> None:
        idx = self.ui.purchasesView.currentIndex()
        if not idx.isValid():
            return
        i = idx.row()
        self.doc.edit(f"Remove purchase {i + 1}", lambda ch: ch.extras.pop(i))

    def convert(self) -> None:
        key = self.ui.narrowCombo.currentData()
        if not key:
            return
        top = self.ui.topUpCheck.isChecked()
        self.doc.edit(f"Cash in {self.ui.narrowCombo.currentText()}",
                      lambda ch: ch.conversions.append(Conversion(narrow=key, top_up=top)))

    def unconvert(self) -> None:
        if self.doc.state.conversions:
            self.doc.edit("Undo cash-in", lambda ch: ch.conversions.pop())

    def sync(self, full: bool) -> None:
        c, s, ch = self.doc.content, self.doc.sheet, self.doc.state
        self.model.set_rows([Row(P.purchase_cells(i, p, c), payload=f"extras.purchase.{i}")
                             for i, p in enumerate(ch.extras, 1)])
        meter = self.ui.budgetMeter
        meter.setRange(0, max(s.cp_budget, 1))
        meter.setValue(min(s.cp_spent, s.cp_budget))
        meter.setFormat(f"{s.cp_spent} / {s.cp_budget} Character Points spent")
        over = s.cp_spent > s.cp_budget
        if meter.property("over") != over:
            meter.setProperty("over", over)
            meter.style().unpolish(meter)
            meter.style().polish(meter)
        self.ui.budgetLabel.setText(f"Spent {s.cp_spent} of {s.cp_budget}" + ("  — over budget!" if over else ""))
        narrows = [(k, f"{P.skill_name_of(c, s, k)} {v}") for k, v in s.skills.items()
                   if c.skills.get(P.key_skill_id(k)) is not None and c.skills[P.key_skill_id(k)].kind == "narrow"]
        current = [(self.ui.narrowCombo.itemData(i), self.ui.narrowCombo.itemText(i)) for i in range(self.ui.narrowCombo.count())]
        if current != narrows:
            self.ui.narrowCombo.clear()
            for k, label in narrows:
                self.ui.narrowCombo.addItem(label, k)
        self.ui.unconvertButton.setEnabled(bool(ch.conversions))
        self._sync_aspects()
        self.ui.convertBox.setTitle("Cash in a Narrow Skill into its Broad Skill"
                                    + (f"  ({len(ch.conversions)} cashed in)" if ch.conversions else ""))

    def _set_aspects(self, aid: str) -> None:
        if self.syncing:
            return
        a, b = (w.value() for w in self.aspect_spins[aid])

        def change(ch):
            ch.aspects[aid] = [a, b]
        self.doc.edit(f"Split {self.doc.content.advantages[aid].name} into {a} + {b}", change,
                      merge_key=f"aspects.{aid}")

    def _sync_aspects(self) -> None:
        c, s, ch = self.doc.content, self.doc.sheet, self.doc.state
        held = [aid for aid in s.advantages if c.advantages[aid].kind == "aspects"]
        if list(self.aspect_spins) != held:
            while self.aspects_form.rowCount():
                self.aspects_form.removeRow(0)
            self.aspect_spins = {}
            for aid in held:
                adv = c.advantages[aid]
                row = QHBoxLayout()
                spins = []
                for name, low in zip(adv.aspects, (1, 0)):
                    sp = QSpinBox()
                    sp.setRange(0, 5)
                    sp.setAccessibleName(f"{adv.name}: {name}")
                    sp.valueChanged.connect(lambda _v, a=aid: self._set_aspects(a))
                    row.addWidget(QLabel(name))
                    row.addWidget(sp)
                    spins.append(sp)
                row.addStretch(1)
                self.aspects_form.addRow(QLabel(adv.name), row)
                self.aspect_spins[aid] = tuple(spins)
        for aid, (sa, sb) in self.aspect_spins.items():
            split = ch.aspects.get(aid)
            rating = s.advantages[aid]
            a, b = (list(split) + [0, 0])[:2] if split else (min(rating, 5), max(rating - 5, 0))
            if sa.value() != a:
                sa.setValue(a)
            if sb.value() != b:
                sb.setValue(b)
        self.aspects_box.setVisible(bool(held))

    def focus_field(self, field: str) -> bool:
        if field.startswith("advantages.") and field[len("advantages."):] in self.aspect_spins:
            self.aspect_spins[field[len("advantages."):]][0].setFocus(Qt.OtherFocusReason)
            return True
        if field.startswith("extras.purchase."):
            r = self.model.row_of(field)
            if r >= 0:
                self.ui.purchasesView.selectRow(r)
                self.ui.purchasesView.setFocus(Qt.OtherFocusReason)
                return True
        if field.startswith("extras.conversion."):
            self.ui.narrowCombo.setFocus(Qt.OtherFocusReason)
            return True
        if field == "extras.budget":
            self.ui.kindCombo.setFocus(Qt.OtherFocusReason)
            return True
        return False


class CastePage(StepPage):
    step = "caste"

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.ui = setup_form("caste_step", self)
        self.ui.pageTitle.setObjectName("pageTitle")
        self.model = RowsListModel(self)
        self.ui.casteList.setModel(self.model)
        self.ui.casteList.activated.connect(lambda idx: self.take(self.model.payload(idx.row())))
        self.ui.takeCasteButton.clicked.connect(
            lambda: self.take(self.model.payload(self.ui.casteList.currentIndex().row())))
        self.ui.suggestButton.clicked.connect(self.take_suggested)
        self.reasons: dict[str, str] = {}

    def suggested(self) -> str | None:
        rank = self.doc.sheet.caste_rank
        for k in self.doc.content.castes.values():
            if k.rank == rank:
                return k.id
        return None

    def take_suggested(self) -> None:
        cid = self.suggested()
        if cid:
            self.take(cid)

    def take(self, cid: str | None) -> None:
        if not cid or self.doc.state.caste == cid:
            return
        name = self.doc.content.castes[cid].name

        def change(ch):
            ch.caste = cid
        self.doc.edit(f"Fix the caste: {name}", change)

    def sync(self, full: bool) -> None:
        c, ch, s = self.doc.content, self.doc.state, self.doc.sheet
        if full:
            baseline = P.error_keys(self.doc.findings)
            self.reasons = {}
            for k in c.castes.values():
                if k.id == ch.caste:
                    continue

                def change(x, cid=k.id):
                    x.caste = cid
                errs = [f for f in P.tentative_errors(ch, c, change, baseline) if f.step == "caste"]
                if errs:
                    self.reasons[k.id] = errs[0].message
        rows = []
        for k in sorted(c.castes.values(), key=lambda k: -k.rank):
            reason = self.reasons.get(k.id, "")
            mark = "✔ " if k.id == ch.caste else ""
            tip = f"{k.name} (rank {k.rank}): {k.description}" + (f"\nCannot be taken: {reason}" if reason else "")
            tip += ("\n" + P.reading_text(k)) if P.reading_text(k) else ""
            rows.append(Row((f"{mark}{k.name}  ·  rank {k.rank}  ·  {k.description}",), payload=k.id,
                            tooltip=tip, enabled=not reason, bold=k.id == ch.caste))
        self.model.set_rows(rows)
        sug = self.suggested()
        if sug:
            self.ui.suggestion.setText(f"The templates give {c.castes[sug].name} (rank {s.caste_rank}). "
                                       "Another caste needs the Judge's approval.")
        else:
            self.ui.suggestion.setText("Choose a Vocational Conditioning first: it gives the starting caste.")
        self.ui.suggestButton.setEnabled(bool(sug) and sug != ch.caste)

    def focus_field(self, field: str) -> bool:
        if field == "caste":
            self.ui.casteList.setFocus(Qt.OtherFocusReason)
            return True
        return False


class FinishingPage(StepPage):
    step = "finishing-touches"
    LINE_FIELDS = (("name", "nameEdit"), ("player", "playerEdit"), ("sex", "sexEdit"), ("house", "houseEdit"))
    TEXT_FIELDS = (("description", "descriptionEdit"), ("equipment", "equipmentEdit"), ("notes", "notesEdit"))

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.ui = setup_form("finishing_step", self)
        self.ui.pageTitle.setObjectName("pageTitle")
        for attr, widget in self.LINE_FIELDS:
            getattr(self.ui, widget).textEdited.connect(lambda text, a=attr: self._set(a, text))
        for attr, widget in self.TEXT_FIELDS:
            w = getattr(self.ui, widget)
            w.textChanged.connect(lambda a=attr, w=w: self._set(a, w.toPlainText()))
        # what the character adds to its House (L1415), under the House field
        self.house_hint = _label("", "hint")
        self.house_hint.setAccessibleName("What the character adds to its House")
        self.ui.form.insertRow(4, "", self.house_hint)

    def _set(self, attr: str, value: str) -> None:
        if self.syncing:
            return

        def change(ch):
            setattr(ch, attr, value)
        self.doc.edit(f"Edit {attr}", change, merge_key=f"finishing.{attr}")

    def sync(self, full: bool) -> None:
        ch = self.doc.state
        for attr, widget in self.LINE_FIELDS:
            w = getattr(self.ui, widget)
            if w.text() != getattr(ch, attr):
                w.setText(getattr(ch, attr))
        for attr, widget in self.TEXT_FIELDS:
            w = getattr(self.ui, widget)
            if w.toPlainText() != getattr(ch, attr):
                w.setPlainText(getattr(ch, attr))
        self.house_hint.setText(P.house_contribution(ch, self.doc.sheet, self.doc.content))

    def focus_field(self, field: str) -> bool:
        for attr, widget in self.LINE_FIELDS + self.TEXT_FIELDS:
            if field == attr:
                getattr(self.ui, widget).setFocus(Qt.OtherFocusReason)
                return True
        return False


# ----- the view ---------------------------------------------------------------------------
class CharacterView(QWidget):
    def __init__(self, doc: CharacterDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.ui = setup_form("character", self)
        self.setObjectName("characterView")
        self.focused_field: str | None = None
        # steps
        self.steps = RowsListModel(self)
        self.ui.stepList.setModel(self.steps)
        self.pages: dict[str, StepPage] = {}
        for step in STEP_IDS:
            if step == "statistics":
                page = StatisticsPage(doc)
            elif step in TEMPLATE_STEP_IDS:
                page = TemplateStepPage(doc, step)
            elif step == "extras":
                page = ExtrasPage(doc)
            elif step == "caste":
                page = CastePage(doc)
            else:
                page = FinishingPage(doc)
            self.pages[step] = page
            self.ui.stepPages.addWidget(page)
        # findings
        self.findings = RowsTableModel(["Severity", "Step", "Message"], self)
        fv = self.ui.findingsView
        fv.setModel(self.findings)
        fv.verticalHeader().hide()
        fv.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeToContents)
        fv.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeToContents)
        fv.horizontalHeader().setSectionResizeMode(2, QHeaderView.Stretch)
        fv.activated.connect(lambda idx: self.open_finding(self.findings.payload(idx.row())))
        # summary
        self.summary = TreeModel(["", "Value"], self)
        sv = self.ui.summaryView
        sv.setModel(self.summary)
        sv.header().setStretchLastSection(False)
        sv.header().setSectionResizeMode(0, QHeaderView.Stretch)
        sv.header().setSectionResizeMode(1, QHeaderView.Interactive)
        sv.header().resizeSection(1, 125)
        self.ui.mainSplitter.setStretchFactor(0, 0)
        self.ui.mainSplitter.setStretchFactor(1, 3)
        self.ui.mainSplitter.setStretchFactor(2, 1)
        self.ui.centerSplitter.setStretchFactor(0, 4)
        self.ui.centerSplitter.setStretchFactor(1, 1)
        self.ui.mainSplitter.setSizes([320, 1000, 380])
        self.ui.centerSplitter.setSizes([700, 200])
        doc.changed.connect(self.refresh)
        self.refresh()
        self.ui.stepList.selectionModel().currentChanged.connect(lambda cur, _p: self._page_changed(cur.row()))
        self.open_step(self.first_open_step())
        QShortcut(QKeySequence("Ctrl+PgDown"), self, activated=lambda: self.move_step(1))
        QShortcut(QKeySequence("Ctrl+PgUp"), self, activated=lambda: self.move_step(-1))
        QShortcut(QKeySequence("Ctrl+1"), self, activated=lambda: self.ui.stepList.setFocus())
        QShortcut(QKeySequence("Ctrl+2"), self, activated=lambda: self.ui.stepPages.currentWidget().setFocus())
        QShortcut(QKeySequence("Ctrl+3"), self, activated=lambda: self.ui.findingsView.setFocus())

    # --------------------------------------------------------------------------------------
    def title(self) -> str:
        return self.doc.display_name()

    def first_open_step(self) -> str:
        for step in STEP_IDS:
            if P.step_state(self.doc.state, self.doc.findings, step) != P.DONE:
                return step
        return STEP_IDS[0]

    @property
    def current_step(self) -> str:
        return STEP_IDS[self.ui.stepPages.currentIndex()]

    def open_step(self, step: str) -> StepPage:
        i = STEP_IDS.index(step)
        self.ui.stepList.setCurrentIndex(self.steps.index(i))
        self._page_changed(i)
        return self.pages[step]

    def move_step(self, delta: int) -> None:
        i = max(0, min(len(STEP_IDS) - 1, STEP_IDS.index(self.current_step) + delta))
        self.open_step(STEP_IDS[i])

    def _page_changed(self, row: int) -> None:
        if 0 <= row < len(STEP_IDS):
            if self.ui.stepPages.currentIndex() != row:
                self.ui.stepPages.setCurrentIndex(row)
            self.pages[STEP_IDS[row]].refresh(full=True)

    def refresh(self) -> None:
        ch, findings, c = self.doc.state, self.doc.findings, self.doc.content
        rows = []
        for n, step in enumerate(STEP_IDS, 1):
            state = P.step_state(ch, findings, step)
            mine = [f for f in findings if f.step == step and f.severity is not Severity.WARNING]
            tip = f"{STEP_NAMES[step]}: {state}" + ("".join(f"\n• {f.message}" for f in mine[:6]))
            rows.append(Row((f"{P.step_label(n, step)}\n{state}",), payload=step, tooltip=tip,
                            icon=P.STATE_ICON[state]))
        self.steps.set_rows(rows)
        self.findings.set_rows([Row(P.finding_cells(f), payload=f, tooltip=f"{f.rule}: {f.message}",
                                    icon=P.SEVERITY_ICON[f.severity]) for f in findings])
        self.ui.findingsBox.setTitle(self._findings_title(findings))
        groups = P.summary_groups(ch, self.doc.sheet, c)
        self.summary.set_tree([(Row((g[0], g[1]), payload=g[2], bold=True),
                                [Row((k[0], k[1]), payload=k[2], tooltip=f"{k[0]}: {k[1]}") for k in kids])
                               for g, kids in groups])
        if not getattr(self, "_expanded", False):
            self.ui.summaryView.expandAll()
            self._expanded = True
        s = self.doc.sheet
        self.ui.cpMeter.setRange(0, max(s.cp_budget, 1))
        self.ui.cpMeter.setValue(min(s.cp_spent, s.cp_budget))
        self.ui.cpMeter.setFormat(f"{s.cp_spent} / {s.cp_budget} spent")
        over = s.cp_spent > s.cp_budget
        if self.ui.cpMeter.property("over") != over:
            self.ui.cpMeter.setProperty("over", over)
            self.ui.cpMeter.style().unpolish(self.ui.cpMeter)
            self.ui.cpMeter.style().polish(self.ui.cpMeter)
        self.ui.cpLabel.setText(f"Character Points: {s.cp_spent} spent of {s.cp_budget}")
        for step, page in self.pages.items():
            page.refresh(full=(page is self.ui.stepPages.currentWidget()))

    @staticmethod
    def _findings_title(findings) -> str:
        n = Counter(f.severity for f in findings)
        return (f"Findings: {n[Severity.ERROR]} error{'s' if n[Severity.ERROR] != 1 else ''}, "
                f"{n[Severity.TODO]} to do, {n[Severity.WARNING]} warning{'s' if n[Severity.WARNING] != 1 else ''}"
                "  (Enter opens the step and field)")

    def open_finding(self, finding) -> None:
        if finding is None:
            return
        step = finding.step if finding.step in STEP_IDS else self.current_step
        page = self.open_step(step)
        field = finding.field or ""
        self.focused_field = field

        def focus():
            if page.focus_field(field):
                return
            idx = self.summary.find(field)
            if idx.isValid():
                self.ui.summaryView.setCurrentIndex(idx)
                self.ui.summaryView.scrollTo(idx)
                self.ui.summaryView.setFocus(Qt.OtherFocusReason)
        focus()
