"""The step pages of character creation: statistics, the four template steps, extras
(Character Points), caste and finishing touches.  Each page writes the document into its
widgets in ``sync`` and turns the player's input into one ``doc.edit``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QFormLayout, QGroupBox, QHBoxLayout, QHeaderView,
                               QLineEdit, QSpinBox, QTableView, QVBoxLayout, QWidget)

from landsraad.character import edits
from landsraad.character.build import key_skill_id
from landsraad.character.model import STEP_NAMES, Purchase
from landsraad.present import character as P
from landsraad.gui.character.choices import FeatChoiceWidget, OptionChoiceWidget
from landsraad.gui.documents import CharacterDocument
from landsraad.gui.models import Row, RowsListModel, RowsTableModel
from landsraad.gui.plain import plain_label
from landsraad.gui.resources import setup_form
from landsraad.gui.widgets import Syncing, clear_layout, set_meter
from landsraad.gui.widgets import label as _label


# ----- pages ------------------------------------------------------------------------------
class StepPage(Syncing, QWidget):
    step = ""

    def __init__(self, doc: CharacterDocument, parent=None):
        super().__init__(parent)
        self.doc = doc

    def refresh(self, full: bool) -> None:
        with self.syncing_now():
            self.sync(full)

    def sync(self, full: bool) -> None:  # pragma: no cover - overridden
        pass

    def focus_field(self, field: str) -> bool:
        return False


class StatisticsPage(StepPage):
    step = "statistics"

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        lay = QVBoxLayout(self)
        title = plain_label("01  Statistics")
        title.setObjectName("pageTitle")
        lay.addWidget(title)
        lay.addWidget(_label("Every statistic starts at 1 (Step 01). The templates of Steps 02–05 and the "
                             "Character Points of Step 06 raise them; the values below are the engine's.", "hint"))
        self.model = RowsTableModel(["Statistic", "Pair", "Style", "Value", "Meaning"], self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Statistics")
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
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
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)
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
        with self.doc.macro(f"Take {t.name} ({STEP_NAMES[self.step]})"):
            self.doc.edit(f"Set {STEP_NAMES[self.step]} to {t.name}", edits.take_template, self.step, tid)
            # a choice with only one possible answer is filled in, visibly, as part of the macro
            for n, tokens in edits.only_answers(self.doc.content, self.step, tid).items():
                self.doc.edit(f"Fill choice {n} (its only answer)", edits.answer_choice, self.step, n, tokens)

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
        clear_layout(lay)
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
                lab = plain_label(text)
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
        self.doc.edit(f"Record {ref} ({STEP_NAMES[self.step]})", edits.set_detail, self.step, ref, value,
                      merge_key=f"{self.step}.details.{ref}")

    def sync(self, full: bool) -> None:
        c, ch = self.doc.content, self.doc.state
        taken = ch.step(self.step).template
        if full:
            baseline = P.error_keys(self.doc.findings)
            self.reasons = {}
            for t in c.steps[self.step].template:
                if t.id == taken:
                    continue
                # only what stops the template itself (its requirements); errors its own open
                # choices will clear (a granted feat waiting for its skill) are no reason
                errs = [f for f in P.tentative_errors(ch, c, baseline, edits.take_template, self.step, t.id)
                        if f.field == f"{self.step}.template"]
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
            self.ui.templateList.setFocus(Qt.FocusReason.OtherFocusReason)
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
                e.setFocus(Qt.FocusReason.OtherFocusReason)
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
        from landsraad.gui.widgets import full_text_tooltips, show_rows
        full_text_tooltips(self.ui.purchasesView)
        show_rows(self.ui.purchasesView, 3)
        self.ui.purchasesView.verticalHeader().hide()
        self.ui.purchasesView.horizontalHeader().setStretchLastSection(True)
        self.ui.purchasesView.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.ui.buyButton.clicked.connect(self.buy)
        self.ui.fieldEdit.returnPressed.connect(self.buy)
        self.ui.removeButton.clicked.connect(self.remove_selected)
        # Delete on the purchases list removes the selected purchase, as the button does
        from PySide6.QtGui import QKeySequence, QShortcut
        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.ui.purchasesView)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.remove_selected)
        self.ui.convertButton.clicked.connect(self.convert)
        self.ui.unconvertButton.clicked.connect(self.unconvert)
        # two-aspect advantages (Allies, Contacts...): how the rating splits into its aspects
        self.aspects_box = QGroupBox("Aspects of two-aspect advantages")
        self.aspects_box.setToolTip("Two-aspect advantages: split each rating into its aspects")
        self.aspects_form = QFormLayout(self.aspects_box)
        self.ui.buyColumn.addWidget(self.aspects_box)
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

    def buy(self) -> None:
        kind, iid = self.ui.kindCombo.currentData(), self.ui.itemCombo.currentData()
        if not iid:
            return
        levels, text = self.ui.levelsSpin.value(), self.ui.fieldEdit.text().strip()
        p = Purchase(kind=kind, id=iid, levels=levels,
                     field=text if kind in ("skill", "special-die") else "",
                     detail=text if kind == "advantage" else "")
        self.doc.edit(f"Buy {self.ui.itemCombo.currentText()} +{levels}", edits.buy, p)
        self.ui.fieldEdit.clear()

    def remove_selected(self) -> None:
        idx = self.ui.purchasesView.currentIndex()
        if not idx.isValid():
            return
        i = idx.row()
        self.doc.edit(f"Remove purchase {i + 1}", edits.remove_purchase, i)

    def convert(self) -> None:
        key = self.ui.narrowCombo.currentData()
        if not key:
            return
        top = self.ui.topUpCheck.isChecked()
        self.doc.edit(f"Cash in {self.ui.narrowCombo.currentText()}", edits.cash_in, key, top)

    def unconvert(self) -> None:
        if self.doc.state.conversions:
            self.doc.edit("Undo cash-in", edits.undo_cash_in)

    def sync(self, full: bool) -> None:
        c, s, ch = self.doc.content, self.doc.sheet, self.doc.state
        self.model.set_rows([Row(P.purchase_cells(i, p, c), payload=f"extras.purchase.{i}")
                             for i, p in enumerate(ch.extras, 1)])
        over = set_meter(self.ui.budgetMeter, s.cp_spent, s.cp_budget,
                         f"{s.cp_spent} / {s.cp_budget} Character Points spent")
        self.ui.budgetLabel.setText(f"Spent {s.cp_spent} of {s.cp_budget}" + ("  — over budget!" if over else ""))
        narrows = [(k, f"{P.skill_name(c, s, k)} {v}") for k, v in s.skills.items()
                   if c.skills.get(key_skill_id(k)) is not None and c.skills[key_skill_id(k)].kind == "narrow"]
        current = [(self.ui.narrowCombo.itemData(i), self.ui.narrowCombo.itemText(i)) for i in range(self.ui.narrowCombo.count())]
        if current != narrows:
            self.ui.narrowCombo.clear()
            for k, label in narrows:
                self.ui.narrowCombo.addItem(label, k)
        self.ui.unconvertButton.setEnabled(bool(ch.conversions))
        self._sync_aspects()
        self.ui.convertBox.setTitle("Cash in a Narrow Skill"
                                    + (f"  ({len(ch.conversions)} cashed in)" if ch.conversions else ""))

    def _set_aspects(self, aid: str) -> None:
        if self.syncing:
            return
        a, b = (w.value() for w in self.aspect_spins[aid])
        self.doc.edit(f"Split {self.doc.content.advantages[aid].name} into {a} + {b}", edits.split_aspects, aid, a, b,
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
                for name, (_low, high) in zip(adv.aspects, edits.aspect_ranges(c)):
                    sp = QSpinBox()
                    sp.setRange(0, high)     # below the lowest is allowed: the finding says why
                    sp.setAccessibleName(f"{adv.name}: {name}")
                    sp.valueChanged.connect(lambda _v, a=aid: self._set_aspects(a))
                    row.addWidget(plain_label(name))
                    row.addWidget(sp)
                    spins.append(sp)
                row.addStretch(1)
                self.aspects_form.addRow(plain_label(adv.name), row)
                self.aspect_spins[aid] = tuple(spins)
        for aid, (sa, sb) in self.aspect_spins.items():
            a, b = edits.aspect_split(ch, c, aid, s.advantages[aid])
            if sa.value() != a:
                sa.setValue(a)
            if sb.value() != b:
                sb.setValue(b)
        self.aspects_box.setVisible(bool(held))

    def focus_field(self, field: str) -> bool:
        if field.startswith("advantages.") and field[len("advantages."):] in self.aspect_spins:
            self.aspect_spins[field[len("advantages."):]][0].setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if field.startswith("extras.purchase."):
            r = self.model.row_of(field)
            if r >= 0:
                self.ui.purchasesView.selectRow(r)
                self.ui.purchasesView.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        if field.startswith("extras.conversion."):
            self.ui.narrowCombo.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if field == "extras.budget":
            self.ui.kindCombo.setFocus(Qt.FocusReason.OtherFocusReason)
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
        return edits.caste_for_rank(self.doc.content, self.doc.sheet.caste_rank)

    def take_suggested(self) -> None:
        cid = self.suggested()
        if cid:
            self.take(cid)

    def take(self, cid: str | None) -> None:
        if not cid or self.doc.state.caste == cid:
            return
        name = self.doc.content.castes[cid].name
        self.doc.edit(f"Fix the caste: {name}", edits.set_caste, cid)

    def sync(self, full: bool) -> None:
        c, ch, s = self.doc.content, self.doc.state, self.doc.sheet
        if full:
            baseline = P.error_keys(self.doc.findings)
            self.reasons = {}
            for k in c.castes.values():
                if k.id == ch.caste:
                    continue
                errs = [f for f in P.tentative_errors(ch, c, baseline, edits.set_caste, k.id) if f.step == "caste"]
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
            self.ui.casteList.setFocus(Qt.FocusReason.OtherFocusReason)
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
        self.doc.edit(f"Edit {attr}", edits.set_text, attr, value, merge_key=f"finishing.{attr}")

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
                getattr(self.ui, widget).setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return False
