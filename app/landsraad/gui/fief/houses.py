"""The Houses panel of the Fief view: add, remove, rename and place a House, its
predominant feature, its history roll (seeded or typed) and its Founding Set."""

from __future__ import annotations

from landsraad.dice import new_seed
from landsraad.errors import LandsraadError
from landsraad.gui.widgets import fill_combo
from landsraad.house import edits
from landsraad.house.fief import creation_roll
from landsraad.house.history import history_events
from landsraad.house.place_names import place_names


class HousesPanel:
    """Mixed into ``FiefView`` (uses its ``doc``, ``ui``, ``houses``, ``events``, ``_edit``)."""

    def selected_house(self):
        idx = self.ui.housesView.currentIndex()
        hid = self.houses.payload(idx.row()) if idx.isValid() else None
        return self.doc.state.house(hid) if hid else None

    def add_house(self) -> None:
        name = self.ui.newHouseEdit.text().strip() or f"House {len(self.doc.state.houses) + 1}"
        if self._edit(f"Add House {name}", edits.add_house, name):
            self.ui.newHouseEdit.clear()
            self.select_house(self.doc.state.houses[-1].id)  # add_house puts it last

    def remove_house(self) -> None:
        h = self.selected_house()
        if h is None:
            return
        self._edit(f"Remove House {h.name}", edits.remove_house, h.id)

    def _house_edit(self, text: str, edit, *args, merge_key: str | None = None, **kwargs) -> None:
        """Run ``edit(fief, selected House id, *args, **kwargs)``; ``{name}`` in ``text`` is the House's name."""
        h = self.selected_house()
        if h is None or self.syncing:
            return
        self._edit(text.format(name=h.name), edit, h.id, *args, merge_key=merge_key, **kwargs)

    def _rename_house(self, text: str) -> None:
        self._house_edit(
            "Rename House {name}",
            edits.rename_house,
            text,
            merge_key=f"house.name.{getattr(self.selected_house(), 'id', '')}",
        )

    def _set_player(self, on: bool) -> None:
        self._house_edit("Players' House: {name}", edits.set_players_house, on)

    def _set_territory(self, _i) -> None:
        self._house_edit("Place House {name}", edits.place_house, self.ui.territoryCombo.currentData())

    def _set_predominant(self, _i) -> None:
        self._house_edit(
            "Predominant feature of House {name}", edits.set_predominant, self.ui.predominantCombo.currentData()
        )

    def apply_history_roll(self, roll) -> None:
        self._house_edit(
            "Roll the history of House {name}: " + roll.text + (" (typed)" if roll.typed else f" (seed {roll.seed})"),
            edits.roll_history,
            roll,
        )

    def roll_history_seeded(self) -> None:
        self.apply_history_roll(creation_roll(None, self.ui.historySeedSpin.value()))
        self.ui.historySeedSpin.setValue(new_seed() % 2147483647)
        self._history_error("")

    def roll_history_typed(self) -> None:
        try:
            roll = creation_roll(self.ui.historyTypedEdit.text(), None)
        except LandsraadError as exc:
            self._history_error(str(exc))
            return
        self._history_error("")
        self.apply_history_roll(roll)

    def _history_error(self, text: str) -> None:
        """Why typed history dice cannot be read; the line takes no room when there is none."""
        self.ui.historyError.setText(text)
        self.ui.historyError.setVisible(bool(text))

    def _set_founding(self, _i) -> None:
        self._house_edit("Founding Set of House {name}", edits.set_founding, self.ui.foundingCombo.currentData())

    def _territory_name(self, tid) -> str:
        return place_names(self.doc.state, self.doc.content).place(tid)

    def _sync_house_editor(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        h = self.selected_house()
        with self.syncing_now():
            for w in (
                ui.houseNameEdit,
                ui.playerCheck,
                ui.territoryCombo,
                ui.predominantCombo,
                ui.removeHouseButton,
                ui.historyRollButton,
                ui.historyTypedButton,
                ui.foundingCombo,
            ):
                w.setEnabled(h is not None)
            name = h.name if h else ""
            if ui.houseNameEdit.text() != name:
                ui.houseNameEdit.setText(name)
            ui.playerCheck.setChecked(bool(h and h.player))
            titems = [("Territory: (none)", None)]
            names = place_names(fief, c)
            for b in fief.bodies:
                for t in b.territories:
                    titems.append((f"Territory: {names.place(t.id)}", t.id))
            fill_combo(ui.territoryCombo, titems, h.territory if h else None)
            ui.territoryCombo.setToolTip(ui.territoryCombo.currentText())  # whole, where it is elided
            found = fief.territory(h.territory) if h else None
            feats = found[1].features if found else []
            fill_combo(
                ui.predominantCombo,
                [("Predominant feature: (none)", None)]
                + [(f"Predominant: {c.terrain(x).name if c.terrain(x) else x}", x) for x in feats],
                h.predominant if h else None,
            )
            ui.predominantCombo.setToolTip(ui.predominantCombo.currentText())
            ui.historyBox.setTitle(f"History of House {h.name} (11d10)" if h else "Step Three: history (11d10)")
            events = history_events(h, c) if h else []
            fill_combo(
                ui.foundingCombo,
                [("(choose the Founding Set)", None)]
                + [(f"{ev.source} {ev.name}", ev.source) for ev in events if ev.is_set],
                h.founding if h else None,
            )
        self._sync_event_editor()
        if hasattr(self, "house_panel"):
            self.house_panel.sync()

    def select_house(self, hid: str) -> None:
        r = self.houses.row_of(hid)
        if r >= 0:
            self.ui.housesView.setCurrentIndex(self.houses.index(r))
            self._sync_house_editor()
