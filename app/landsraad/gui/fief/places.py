"""The places panel of the Fief view: the selected body or Territory, its name, who
controls it, the body a ring circles, an arcology's type and a Territory's terrain."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from landsraad.gui.models import Row
from landsraad.gui.widgets import fill_combo
from landsraad.house import edits
from landsraad.house.fief import read_body
from landsraad.house.model import MAJOR
from landsraad.house.place_names import place_names
from landsraad.present.house import deltas_text

READING_MARK = " †"  # a reading of the rulebook: the item's tooltip says which, in words (issue 27)


class PlacesPanel:
    """Mixed into ``FiefView`` (uses its ``doc``, ``ui``, ``bodies``, ``terrain``, ``_edit``)."""

    def selected_place(self):
        row = self.bodies.row_at(self.ui.bodiesView.currentIndex())
        return row.payload if row is not None else None

    def _rename_place(self, text: str) -> None:
        if self.syncing or not self.selected_place():
            return
        kind, pid = self.selected_place()
        self._edit("Rename", edits.rename_place, kind, pid, text, merge_key=f"rename.{pid}")

    def _toggle_terrain(self, terrain_id: str, checked: bool) -> None:
        place = self.selected_place()
        if not place or place[0] != "territory":
            return
        tid = place[1]
        name = self.doc.content.terrain(terrain_id).name
        self._edit(f"{'Add' if checked else 'Remove'} {name}", edits.set_terrain, tid, terrain_id, checked)

    def _combo_edit(self, combo: QComboBox, text: str, edit) -> None:
        place = self.selected_place()
        if not place:
            return
        self._edit(text, edit, place[1], combo.currentData())

    def _set_controller(self, _i) -> None:
        self._combo_edit(self.ui.controllerCombo, "Assign control", edits.set_controller)

    def _set_circles(self, _i) -> None:
        self._combo_edit(self.ui.circlesCombo, "Set the ring's body", edits.set_circles)

    def _set_arcology(self, _i) -> None:
        self._combo_edit(self.ui.arcologyCombo, "Set arcology type", edits.set_arcology_type)

    def _body_reading(self, b, r) -> str:
        if b is None or r is None:
            return "no body recorded for this die"
        bits = [f"{r.name}" + (f" “{b.name}”" if b.name else "")]
        if r.territories:
            bits.append(f"{r.territories} Territor{'y' if r.territories == 1 else 'ies'}")
        if r.effects:
            bits.append(deltas_text(r.effects, self.doc.content))
        return " · ".join(bits)

    def _controller_name(self, cid) -> str:
        return place_names(self.doc.state, self.doc.content).controller(cid)

    def _sync_place_editor(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        place = self.selected_place()
        with self.syncing_now():
            body = territory = None
            if place and place[0] == "body":
                body = fief.body(place[1])
            elif place and place[0] == "territory" and fief.territory(place[1]):
                body, territory = fief.territory(place[1])
            r = read_body(body, c) if body else None
            names = place_names(fief, c)
            name = (territory.name if territory else body.name) if body else ""
            if ui.placeNameEdit.text() != name:
                ui.placeNameEdit.setText(name)
            ui.placeNameEdit.setEnabled(body is not None)
            # the name it has while none is typed, so the field says what the lists will show
            ui.placeNameEdit.setPlaceholderText(
                (names.default_territory(territory.id) if territory else names.default_body(body.id))
                if body
                else "select a place"
            )
            ctrl = bool(r and r.controller and territory is None)
            items = [("(nobody yet)", None)]
            if r and r.controller == "any":
                items.append((names.controller(MAJOR), MAJOR))
            items += [(names.controller(h.id), h.id) for h in fief.houses]
            fill_combo(ui.controllerCombo, items, body.controller if body else None)
            ui.controllerCombo.setEnabled(ctrl)
            ui.controllerCombo.setToolTip(
                "Who controls this Solar System Feature"
                if ctrl
                else "Only a Solar System Feature that asks for a controller has one: select such a body"
                if body is not None
                else "Select a body first"
            )
            ring = bool(r and r.effects_to == "circled-body" and territory is None)
            fill_combo(
                ui.circlesCombo,
                [("(nothing)", None)] + [(names.body(x.id), x.id) for x in fief.bodies if x is not body],
                body.circles if body else None,
            )
            ui.circlesCombo.setEnabled(ring)
            arc = bool(r and r.domain == "arcology" and territory is not None)
            from landsraad.rules.readings import tooltip as reading_tip

            fill_combo(
                ui.arcologyCombo,
                [("(none)", None)]
                + [
                    (a.name + (READING_MARK if a.provisional or a.note else ""), a.id)
                    for a in c.territory.arcology_type
                ],
                territory.arcology_type if territory else None,
            )
            for i, a in enumerate(c.territory.arcology_type, start=1):
                ui.arcologyCombo.setItemData(
                    i, deltas_text(a.modifiers, c) + "\n" + reading_tip(a), Qt.ItemDataRole.ToolTipRole
                )
            ui.arcologyCombo.setEnabled(arc)
            ui.arcologyCombo.setToolTip(
                (
                    "The arcology type of this Territory; "
                    + READING_MARK.strip()
                    + " marks a reading of the rulebook (its tooltip says which)"
                )
                if arc
                else "Only a Territory on an arcology has an arcology type: select one"
            )
            rows = []
            for tr in c.territory.terrain:
                if territory is None:
                    rows.append(Row((tr.name,), payload=tr.id, enabled=False, tooltip="Select a Territory first"))
                    continue
                order = territory.features.index(tr.id) + 1 if tr.id in territory.features else 0
                tip = deltas_text(tr.modifiers, c) + (f"\n{tr.description}" if tr.description else "")
                reading = reading_tip(tr)
                tip += f"\n{reading}" if reading else ""
                rows.append(
                    Row(
                        (f"{tr.name}" + (f"  (#{order})" if order else ""),),
                        payload=tr.id,
                        tooltip=tip,
                        checkable=True,
                        checked=bool(order),
                    )
                )
            self.terrain.set_rows(rows)
            ui.terrainLabel.setText(
                f"Terrain of {names.territory(territory.id)} (tick in order; the latest dominates)"
                if territory
                else "Terrain: select a Territory"
            )

    def select_place(self, payload) -> None:
        idx = self.bodies.find(payload)
        if idx.isValid():
            self.ui.bodiesView.setCurrentIndex(idx)
            self._sync_place_editor()
