"""The history events of the Fief view: the House's choices, made in its history panel
(``history_panel.HistoryPanel``, every event at once with its choice in place), and the
way a finding opens the event it is about."""

from __future__ import annotations

from PySide6.QtCore import Qt

from landsraad.dice import new_seed, parse_dice
from landsraad.errors import LandsraadError
from landsraad.gui.fief.history_panel import HistoryPanel
from landsraad.house import edits


class EventsPanel:
    """Mixed into ``FiefView`` (uses its ``doc``, ``ui``, ``selected_house``, ``select_house``, ``_house_edit``)."""

    def _make_history_panel(self) -> HistoryPanel:
        """The history panel, in the events box of the form."""
        panel = HistoryPanel(self)
        panel.tab_after = self.ui.foundingCombo
        self.ui.historyError.setVisible(False)  # shown with a reason only (houses.py)
        self.ui.eventsLayout.addWidget(panel)
        return panel

    def selected_event(self):
        """The current event of the history panel (the one last focused or opened), or None."""
        return self.history.current_event()

    def choose(
        self,
        source: str,
        *,
        option: int | None = None,
        traits: list[str] | None = None,
        table: str | None = None,
        madness: list[int] | None = None,
    ) -> None:
        """Record the selected House's choice for one event (the history panel calls this)."""
        what = "table" if table is not None else "Madness roll" if madness is not None else "choice"
        self._house_edit(
            f"{source}: {what} for House {{name}}",
            edits.choose_event,
            self.doc.content,
            source,
            table=table,
            option=option,
            traits=traits,
            madness=madness,
        )

    def roll_madness_seeded(self, source: str) -> None:
        seed = self.ui.historySeedSpin.value()
        self._house_edit(
            f"{source}: Madness roll for House {{name}} (seed {seed})",
            edits.roll_madness,
            self.doc.content,
            source,
            seed,
        )
        self.ui.historySeedSpin.setValue(new_seed() % 2147483647)

    def typed_madness(self, source: str, text: str) -> str:
        """Seven typed faces for a Madness event; returns why they cannot be read ("" when done)."""
        h = self.selected_house()
        if h is None:
            return ""
        try:
            roll = parse_dice(text.replace(",", " "))
            self.doc.edit(
                f"{source}: Madness roll for House {h.name} (typed)",
                edits.choose_event,
                h.id,
                self.doc.content,
                source,
                madness=list(roll.faces),
            )
        except LandsraadError as exc:  # the engine's words: "Madness rolls 7 d10, one per trait"
            return str(exc)
        return ""

    def _sync_event_editor(self) -> None:
        self.history.refresh()

    def select_event(self, source: str) -> None:
        """Make ``source`` the current event and scroll it into view (the keyboard stays put)."""
        self.history.show_event(source, focus=False)

    def open_event(self, hid: str, source: str) -> bool:
        """A finding's way to its event: the House selected, its history shown, the event
        scrolled into view and the keyboard on its choice."""
        self.select_house(hid)
        self.ui.fiefTabs.setCurrentWidget(self.ui.housesPage)
        if self.history.show_event(source, focus=True):
            return True
        self.ui.historyRollButton.setFocus(Qt.FocusReason.OtherFocusReason)
        return False
