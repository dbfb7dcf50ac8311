"""The step pages of character creation: statistics, the four template steps, extras
(Character Points), caste and finishing touches.  Each page writes the document into its
widgets in ``sync`` and turns the player's input into one ``doc.edit``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from landsraad.character import edits
from landsraad.character.build import key_skill_id
from landsraad.character.model import STEP_NAMES, Purchase
from landsraad.gui.character.choices import FeatChoiceWidget, OptionChoiceWidget, OptionRadio, set_checked_in_group
from landsraad.gui.character.fit import keep_rows
from landsraad.gui.documents import Document
from landsraad.gui.models import Row, RowsTableModel
from landsraad.gui.plain import plain_label, plain_tip
from landsraad.gui.resources import setup_form
from landsraad.gui.widgets import Syncing, clear_layout, set_meter
from landsraad.gui.widgets import label as _label
from landsraad.present import character as P


def _widgets_in_order(parent: QWidget):
    """``parent``'s widgets depth first, each before its children, in the order they were
    added (the forms' and layouts' order: top to bottom, left column before right)."""
    kids = [c for c in parent.children() if isinstance(c, QWidget)]
    if isinstance(parent, QSplitter):  # a splitter's children are in its panes' order
        kids = [parent.widget(i) for i in range(parent.count())]
    elif isinstance(parent, OptionChoiceWidget):
        # an option's field boxes are made when it is picked: on its line, after its control
        kids.sort(key=lambda w: (w.y(), w.x()))
    for child in kids:
        yield child
        yield from _widgets_in_order(child)


# ----- pages ------------------------------------------------------------------------------
class StepPage(Syncing, QWidget):
    step = ""
    ROWS_IN_SIGHT = 3

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc

    def refresh(self, full: bool) -> None:
        with self.syncing_now():
            self.sync(full)

    def sync(self, full: bool) -> None:  # pragma: no cover - overridden
        pass

    def focus_field(self, field: str) -> bool:
        return False

    def fit_lists(self) -> None:
        """Every list of the page keeps three rows in sight (and a short one all of its rows)."""
        for view in self.findChildren(QAbstractItemView):
            if not isinstance(view, QHeaderView):
                keep_rows(view, self.ROWS_IN_SIGHT, at_least=view.minimumHeight())

    def radio_groups(self) -> list[QButtonGroup]:
        """The page's "choose one" groups (each is one Tab stop)."""
        return []

    def tab_stops(self) -> list[QWidget]:
        """The page's controls in the order Tab visits them: the order of the page's widgets
        (top to bottom, left to right, as the forms and the choices lay them out), a group of
        radio buttons as one stop (its checked button, else its first that can be taken).
        Only the page's own widgets are walked, never the window's whole focus chain."""
        grouped = {id(b): g for g in self.radio_groups() for b in g.buttons()}
        out: list[QWidget] = []
        seen: set[int] = set()
        for w in _widgets_in_order(self):
            if not (w.focusPolicy() & Qt.FocusPolicy.TabFocus) or not w.isEnabled() or not w.isVisibleTo(self):
                continue
            if isinstance(w, QScrollArea) or w.focusProxy() is not None:
                continue
            group = grouped.get(id(w))
            if group is None:
                out.append(w)
            elif id(group) not in seen:
                seen.add(id(group))
                usable = [b for b in group.buttons() if b.isEnabled()]
                out.append(group.checkedButton() or (usable[0] if usable else w))
        return out

    def first_control(self) -> QWidget:
        """Where the keyboard starts on this page (New Character, Ctrl+2)."""
        stops = self.tab_stops()
        return stops[0] if stops else self


class StatisticsPage(StepPage):
    step = "statistics"
    ROWS_IN_SIGHT = 6  # all six statistics

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        lay = QVBoxLayout(self)
        title = plain_label("01  Statistics")
        title.setObjectName("pageTitle")
        lay.addWidget(title)
        lay.addWidget(
            _label(
                "Every statistic starts at 1 (Step 01). The templates of Steps 02–05 and the "
                "Character Points of Step 06 raise them; the values below are the engine's.",
                "hint",
            )
        )
        self.model = RowsTableModel(["Statistic", "Pair", "Style", "Value", "Meaning"], self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Statistics")
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)
        lay.addWidget(self.table)
        lay.addStretch(1)

    def sync(self, full: bool) -> None:
        c, s = self.doc.content, self.doc.sheet
        self.model.set_rows(
            [
                Row((st.name, st.pair, st.style, str(s.statistics[sid]), st.meaning), payload=f"statistics.{sid}")
                for sid, st in c.statistics.items()
            ]
        )

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
        self.ui.stepHint.setText(
            f"Choose one of the {len(st.template)} options (arrow keys move, Space takes), then answer its choices."
        )
        self.ui.stepHint.setToolTip("Taking an option is one undo step; options that cannot be taken say why.")
        self.ui.templateBox.setTitle("Choose one")
        self.ui.templateBox.setAccessibleName(f"{STEP_NAMES[step]}: choose one")
        self.ui.templateArea.setAccessibleName(f"{STEP_NAMES[step]} options")
        # choose one: a radio button per option, in one exclusive group
        self.template_group = QButtonGroup(self)
        self.radios: dict[str, OptionRadio] = {}
        for t in st.template:
            r = OptionRadio(t.name, self.template_group, browse=True)
            r.setAccessibleName(t.name)
            r.clicked.connect(lambda _on=False, tid=t.id: self.take(tid))
            r.focused.connect(lambda tid=t.id, r=r: self._focused(tid, r))
            self.ui.templateLayout.addWidget(r)
            self.radios[t.id] = r
        self.ui.templateLayout.addStretch(1)
        self.ui.templateSplitter.setStretchFactor(0, 3)
        self.ui.templateSplitter.setStretchFactor(1, 1)
        self.ui.templateSplitter.setSizes([300, 100])
        self.ui.pageSplitter.setStretchFactor(0, 0)
        self.ui.pageSplitter.setStretchFactor(1, 1)
        self.ui.pageSplitter.setSizes([230, 950])
        self.ui.pageLayout.setStretch(2, 1)
        self.built_for: str | None = "-"
        self.placeholder: QLabel | None = None
        self.choice_widgets: list[OptionChoiceWidget | FeatChoiceWidget] = []
        self.detail_edits: dict[str, QLineEdit] = {}
        self.reasons: dict[str, str] = {}

    # taking a template: one macro ---------------------------------------------------
    def take(self, tid: str | None) -> None:
        if not tid or self.doc.state.step(self.step).template == tid:
            return
        t = self.doc.content.template(self.step, tid)
        with self.doc.macro(f"Take {t.name} ({STEP_NAMES[self.step]})"):
            self.doc.edit(f"Set {STEP_NAMES[self.step]} to {t.name}", edits.take_template, self.step, tid)
            # a choice with only one possible answer is filled in, visibly, as part of the macro
            for n, tokens in edits.only_answers(self.doc.content, self.step, tid).items():
                self.doc.edit(f"Fill choice {n} (its only answer)", edits.answer_choice, self.step, n, tokens)

    def radio_groups(self) -> list[QButtonGroup]:
        return [self.template_group] + [
            w.group for w in self.choice_widgets if isinstance(w, OptionChoiceWidget) and w.group is not None
        ]

    def fit_lists(self) -> None:
        super().fit_lists()
        # the radios never scroll sideways: the column is as wide as the longest option, as styled
        area = self.ui.templateArea
        area.setMinimumWidth(
            self.ui.templateContainer.minimumSizeHint().width()
            + area.verticalScrollBar().sizeHint().width()
            + 2 * area.frameWidth()
        )

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit_lists()  # the stylesheet's font is known once the page is shown

    def _focused(self, tid: str, radio: OptionRadio) -> None:
        self.ui.templateArea.ensureWidgetVisible(radio)
        self._show_info(tid)

    def _show_info(self, tid: str | None) -> None:
        t = self.doc.content.template(self.step, tid) if tid else None
        if t is None:
            self.ui.templateInfo.setText(
                "The arrow keys move between the options; this shows what the one with "
                "the focus gives. Space or Enter takes it."
            )
            return
        text = P.template_tooltip(t, self.doc.content)
        if self.reasons.get(tid):
            text += f"\nCannot be taken now: {self.reasons[tid]}"
        self.ui.templateInfo.setText(text)
        if self.built_for is None and self.placeholder is not None:
            self.placeholder.setText(text + "\n\nSpace or Enter takes it; then its choices show here.")

    def first_control(self) -> QWidget:
        """Where the keyboard starts on this page: the option taken, else the first that can be."""
        taken = self.radios.get(self.doc.state.step(self.step).template or "")
        enabled = [r for r in self.radios.values() if r.isEnabled()]
        return taken or (enabled[0] if enabled else self.ui.templateArea)

    # building the choices of the template taken ------------------------------------
    def _rebuild_choices(self, tid: str | None) -> None:
        lay = self.ui.choicesLayout
        clear_layout(lay)
        self.placeholder = None
        self.choice_widgets, self.detail_edits = [], {}
        self.built_for = tid
        c = self.doc.content
        t = c.template(self.step, tid) if tid else None
        if t is None:
            # until an option is taken, this side shows what the option with the focus gives
            self.placeholder = _label("Take one of the options on the left to see its choices.", "hint")
            lay.addWidget(self.placeholder)
            lay.addStretch(1)
            return
        head = QGroupBox(f"{t.name}: fixed grants")
        hl = QVBoxLayout(head)
        hl.addWidget(_label(P.grants_text(t.grants, c)))
        if t.flavour:
            hl.addWidget(_label(t.flavour[0].upper() + t.flavour[1:] + ".", "hint"))
        reqs = P.requirement_texts(t.requires, self.doc.state, self.doc.sheet, c)
        for ok, sentence in reqs:
            mark = "✔" if ok else ("(not recorded yet: Finishing Touches)" if ok is None else "✖")
            hl.addWidget(_label(f"Requires {sentence} {mark}", "hint" if ok else "reason"))
        lay.addWidget(head)
        # texts the player records: grant refs and "asks"
        from landsraad.present.choices import detail_needs

        needs = detail_needs(t, c)
        if needs:
            box = QGroupBox("Record")
            form = QFormLayout(box)
            for ref, text in needs:
                e = QLineEdit()
                e.setAccessibleName(text)
                e.textEdited.connect(lambda value, r=ref, t=text: self._set_detail(r, value, t))
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

    def _set_detail(self, ref: str, value: str, what: str = "") -> None:
        if self.syncing:
            return
        what = what or ref
        what = what[len("Name the ") :] if what.startswith("Name the ") else what
        self.doc.edit(
            f"Record the {what[:1].lower() + what[1:]} ({STEP_NAMES[self.step]})",
            edits.set_detail,
            self.step,
            ref,
            value,
            merge_key=f"{self.step}.details.{ref}",
        )

    def sync(self, full: bool) -> None:
        c, ch = self.doc.content, self.doc.state
        taken = ch.step(self.step).template
        if full:
            # computed Qt-free: the session's phone page shows the same reasons
            from landsraad.present.choices import template_reasons

            self.reasons = template_reasons(ch, c, self.doc.findings, self.step)
        for t in c.steps[self.step].template:
            reason = self.reasons.get(t.id, "")
            tip = P.template_tooltip(t, c) + (f"\n\nCannot be taken now: {reason}" if reason else "")
            r = self.radios[t.id]
            r.setEnabled(not reason or t.id == taken)
            r.setToolTip(plain_tip(tip))
            r.setAccessibleDescription(tip)
        set_checked_in_group(self.template_group, self.radios.get(taken or ""))
        if taken != self.built_for:
            self._rebuild_choices(taken)
            self._show_info(taken)
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
        rest = field[len(prefix) :]
        if rest == "template":
            self.first_control().setFocus(Qt.FocusReason.OtherFocusReason)
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
            e = self.detail_edits.get(rest[len("details.") :])
            if e is not None:
                self.ui.choicesArea.ensureWidgetVisible(e)
                e.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        return False


class ExtrasPage(StepPage):
    step = "extras"
    COST_COLUMNS = ["#", "Kind", "What", "CP"]

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.ui = setup_form("extras_step", self)
        self.ui.pageTitle.setObjectName("pageTitle")
        for kid, name in P.PURCHASE_KINDS:
            self.ui.kindCombo.addItem(name, kid)
        # long names must not widen the page (Step 06 needed 1326 px before): the list shows them whole
        from landsraad.gui.widgets import compact, full_text_tooltips

        for combo in (self.ui.kindCombo, self.ui.itemCombo, self.ui.narrowCombo):
            compact(combo)
        self.ui.kindCombo.currentIndexChanged.connect(self._fill_items)
        self.ui.itemCombo.currentIndexChanged.connect(self._item_info)
        self.ui.levelsSpin.valueChanged.connect(self._show_price)
        self.ui.fieldEdit.textChanged.connect(self._show_price)
        # every cost of the step: the templates' Character Point packages, then the purchases
        self.model = RowsTableModel(self.COST_COLUMNS, self)
        view = self.ui.purchasesView
        view.setModel(self.model)
        full_text_tooltips(view)
        view.verticalHeader().hide()
        head = view.horizontalHeader()
        for col in (0, 1, 3):  # sized to their text in sync (the style's padding counted)
            head.setSectionResizeMode(col, QHeaderView.ResizeMode.Interactive)
        head.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setTabKeyNavigation(False)
        view.selectionModel().currentRowChanged.connect(lambda _c, _p: self._sync_remove())
        self.ui.buyButton.clicked.connect(self.buy)
        self.ui.fieldEdit.returnPressed.connect(self.buy)
        self.ui.removeButton.setAccessibleName("Remove the selected purchase")
        self.ui.removeButton.clicked.connect(self.remove_selected)
        # Delete on the costs list removes the selected purchase, as the button does
        from PySide6.QtGui import QKeySequence, QShortcut

        delete = QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), view)
        delete.setContext(Qt.ShortcutContext.WidgetShortcut)
        delete.activated.connect(self.remove_selected)
        self.ui.convertButton.clicked.connect(self.convert)
        self.ui.unconvertButton.clicked.connect(self.unconvert)
        self.ui.extrasSplitter.setStretchFactor(0, 1)
        self.ui.extrasSplitter.setStretchFactor(1, 1)
        self.ui.extrasSplitter.setSizes([900, 1100])  # the costs read whole beside the form
        self.ui.pageLayout.setStretch(2, 1)
        # two-aspect advantages (Allies, Contacts...): how the rating splits into its aspects
        self.aspects_box = QWidget()
        self.aspects_box.setToolTip("Two-aspect advantages: split each rating into its aspects")
        self.aspects_form = QFormLayout(self.aspects_box)
        self.ui.buyTabs.addTab(self.aspects_box, "Aspects")
        self.aspect_spins: dict[str, tuple[QSpinBox, QSpinBox]] = {}
        self._fill_items()

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
            info = (
                f"{s.name}: {s.kind} skill"
                + (f", name its {s.field}" if s.field else "")
                + (f". {s.summary}" if s.summary else "")
            )
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
        entry = {
            "skill": c.skills,
            "special-die": c.skills,
            "advantage": c.advantages,
            "feat": c.feats,
            "statistic": c.statistics,
        }.get(kind, {}).get(iid)
        reading = P.reading_text(entry) if entry is not None else ""
        self.ui.buyInfo.setText(info + (f"\n{reading}" if reading else ""))
        self.ui.buyInfo.setToolTip(reading)
        self.ui.itemCombo.setToolTip(self.ui.itemCombo.currentText())
        self._show_price()

    def first_control(self) -> QWidget:
        return self.ui.kindCombo  # the keyboard starts on what to buy

    def selection(self) -> Purchase | None:
        kind, iid = self.ui.kindCombo.currentData(), self.ui.itemCombo.currentData()
        if not iid:
            return None
        levels, text = self.ui.levelsSpin.value(), self.ui.fieldEdit.text().strip()
        return Purchase(
            kind=kind,
            id=iid,
            levels=levels,
            field=text if kind in ("skill", "special-die") else "",
            detail=text if kind == "advantage" else "",
        )

    def _show_price(self) -> None:
        """The price before Buy: the engine builds the character with the selection."""
        p = self.selection()
        if p is None:
            self.ui.priceLabel.setText("")
            self.ui.buyButton.setText("&Buy")
            return
        cost, text, refused = P.purchase_quote(
            self.doc.state, self.doc.content, p, now=(self.doc.sheet, self.doc.findings)
        )
        self.ui.priceLabel.setText(text)
        self.ui.priceLabel.setProperty("role", "reason" if refused else "")
        self.ui.priceLabel.style().unpolish(self.ui.priceLabel)
        self.ui.priceLabel.style().polish(self.ui.priceLabel)
        self.ui.buyButton.setText(f"&Buy: {cost} CP")
        self.ui.buyButton.setAccessibleName(f"Buy {self.ui.itemCombo.currentText()} for {cost} Character Points")

    def buy(self) -> None:
        p = self.selection()
        if p is None:
            return
        self.doc.edit(f"Buy {self.ui.itemCombo.currentText()} +{p.levels}", edits.buy, p)
        self.ui.fieldEdit.clear()

    def _fit_cost_columns(self, rows: list[Row]) -> None:
        """The short columns as wide as their longest text: "Statistic", "Vocational Conditioning"
        read whole; what is bought takes the rest (elided there, whole in the tooltip)."""
        view = self.ui.purchasesView
        fm, head = view.fontMetrics(), view.horizontalHeader()
        for col in (0, 1, 3):
            texts = [self.COST_COLUMNS[col]] + [r.cells[col] for r in rows]
            head.resizeSection(col, max(fm.horizontalAdvance(t) for t in texts) + 24)

    def _selected_purchase(self) -> int | None:
        """The 0-based purchase of the selected cost row (a template's package is no purchase)."""
        idx = self.ui.purchasesView.currentIndex()
        ref = self.model.payload(idx.row()) if idx.isValid() else None
        if not ref or not ref.startswith("extras.purchase."):
            return None
        return int(ref.rsplit(".", 1)[1]) - 1

    def _sync_remove(self) -> None:
        idx = self.ui.purchasesView.currentIndex()
        ref = self.model.payload(idx.row()) if idx.isValid() else None
        i = self._selected_purchase()
        self.ui.removeButton.setEnabled(i is not None)
        if ref and i is None and P.ref_step(ref) in STEP_NAMES:
            self.ui.removeButton.setToolTip(f"An option taken in {STEP_NAMES[P.ref_step(ref)]}: change it there.")
        else:
            self.ui.removeButton.setToolTip("Remove the selected purchase (Delete)")

    def remove_selected(self) -> None:
        i = self._selected_purchase()
        if i is None:
            return
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
        rows = []
        for cells, ref in P.cost_rows(ch, s, c):
            package = not ref.startswith("extras.")
            tip = (
                f"{cells[2]}: {cells[3]} Character Points, an option taken in that step (change it there)"
                if package
                else ""
            )
            rows.append(Row(cells, payload=ref, tooltip=tip))
        self.model.set_rows(rows)
        self._fit_cost_columns(rows)
        self._sync_remove()
        over = set_meter(
            self.ui.budgetMeter, s.cp_spent, s.cp_budget, f"{s.cp_spent} / {s.cp_budget} Character Points spent"
        )
        self.ui.budgetLabel.setText(f"Spent {s.cp_spent} of {s.cp_budget}" + ("  — over budget!" if over else ""))
        narrows = [
            (k, f"{P.skill_name(c, s, k)} {v}")
            for k, v in s.skills.items()
            if c.skills.get(key_skill_id(k)) is not None and c.skills[key_skill_id(k)].kind == "narrow"
        ]
        current = [
            (self.ui.narrowCombo.itemData(i), self.ui.narrowCombo.itemText(i))
            for i in range(self.ui.narrowCombo.count())
        ]
        if current != narrows:
            self.ui.narrowCombo.clear()
            for k, label in narrows:
                self.ui.narrowCombo.addItem(label, k)
        self.ui.unconvertButton.setEnabled(bool(ch.conversions))
        self._sync_aspects()
        tabs = self.ui.buyTabs
        tabs.setTabText(
            tabs.indexOf(self.ui.convertBox), "Cash in" + (f" ({len(ch.conversions)})" if ch.conversions else "")
        )
        if full:
            self._show_price()

    def _set_aspects(self, aid: str) -> None:
        if self.syncing:
            return
        a, b = (w.value() for w in self.aspect_spins[aid])
        self.doc.edit(
            f"Split {self.doc.content.advantages[aid].name} into {a} + {b}",
            edits.split_aspects,
            aid,
            a,
            b,
            merge_key=f"aspects.{aid}",
        )

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
                    sp.setRange(0, high)  # below the lowest is allowed: the finding says why
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
        tabs = self.ui.buyTabs
        tabs.setTabVisible(tabs.indexOf(self.aspects_box), bool(held))

    def focus_field(self, field: str) -> bool:
        if field.startswith("advantages.") and field[len("advantages.") :] in self.aspect_spins:
            self.ui.buyTabs.setCurrentWidget(self.aspects_box)
            self.aspect_spins[field[len("advantages.") :]][0].setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if field.startswith("extras.purchase."):
            r = self.model.row_of(field)
            if r >= 0:
                self.ui.purchasesView.selectRow(r)
                self.ui.purchasesView.setFocus(Qt.FocusReason.OtherFocusReason)
                return True
        if field.startswith("extras.conversion."):
            self.ui.buyTabs.setCurrentWidget(self.ui.convertBox)
            self.ui.narrowCombo.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if field == "extras.budget":
            self.ui.buyTabs.setCurrentWidget(self.ui.buyArea)
            self.ui.kindCombo.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return False


class CastePage(StepPage):
    """Step 07, choose one: a radio button per caste (highest rank first), its description under
    it; the arrow keys move the caste along (one undo step)."""

    step = "caste"

    def __init__(self, doc, parent=None):
        super().__init__(doc, parent)
        self.ui = setup_form("caste_step", self)
        self.ui.pageTitle.setObjectName("pageTitle")
        self.group = QButtonGroup(self)
        self.radios: dict[str, OptionRadio] = {}
        grid = self.ui.casteLayout
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        for r, k in enumerate(sorted(doc.content.castes.values(), key=lambda k: -k.rank)):
            radio = OptionRadio(f"{k.name}  ·  rank {k.rank}", self.group)
            radio.setAccessibleName(f"{k.name}, rank {k.rank}")
            radio.clicked.connect(lambda _on=False, cid=k.id: self.take(cid))
            hint = _label(k.description, "hint")
            grid.addWidget(radio, r, 0)
            grid.addWidget(hint, r, 1)
            self.radios[k.id] = radio
        self.ui.suggestButton.clicked.connect(self.take_suggested)
        self.reasons: dict[str, str] = {}

    def radio_groups(self) -> list[QButtonGroup]:
        return [self.group]

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
        self.doc.edit(f"Fix the caste: {name}", edits.set_caste, cid, merge_key="caste")

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
        for k in c.castes.values():
            reason = self.reasons.get(k.id, "")
            tip = f"{k.name} (rank {k.rank}): {k.description}" + (f"\nCannot be taken: {reason}" if reason else "")
            tip += ("\n" + P.reading_text(k)) if P.reading_text(k) else ""
            radio = self.radios[k.id]
            radio.setEnabled(not reason or k.id == ch.caste)
            radio.setToolTip(plain_tip(tip))
            radio.setAccessibleDescription(tip)
        set_checked_in_group(self.group, self.radios.get(ch.caste or ""))
        sug = self.suggested()
        if sug:
            self.ui.suggestion.setText(
                f"The templates give {c.castes[sug].name} (rank {s.caste_rank}). "
                "Another caste needs the Judge's approval."
            )
        else:
            self.ui.suggestion.setText("Choose a Vocational Conditioning first: it gives the starting caste.")
        self.ui.suggestButton.setEnabled(bool(sug) and sug != ch.caste)

    def first_control(self) -> QWidget:
        if self.ui.suggestButton.isEnabled():
            return self.ui.suggestButton
        return super().first_control()

    def focus_field(self, field: str) -> bool:
        if field == "caste":
            self.first_control().setFocus(Qt.FocusReason.OtherFocusReason)
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
        # the three texts grow with the page and keep two lines each on a short screen (1280x720)
        for _attr, widget in self.TEXT_FIELDS:
            w = getattr(self.ui, widget)
            w.setMinimumHeight(2 * w.fontMetrics().lineSpacing() + 2 * w.frameWidth() + 10)

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
