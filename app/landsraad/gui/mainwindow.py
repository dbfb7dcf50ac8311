"""The main window: the session's documents in a navigator, one view per document,
menus and shortcuts, undo/redo of the current document, zoom, and the table view (a second
window for the group's screen)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QFileDialog, QHeaderView, QMainWindow, QMessageBox

from landsraad import __version__
from landsraad.errors import LandsraadError
from landsraad.gui.documents import Document, open_document
from landsraad.gui.kinds import view_kind, view_kinds
from landsraad.gui.models import Row, RowsTableModel, TreeModel
from landsraad.gui.plain import menu_text, message_box, plain_tip, warn
from landsraad.gui.resources import BASE_POINT_SIZE, ZOOM_STEPS, icon, setup_form, stylesheet
from landsraad.gui.settings import APP_NAME, settings

RECENT_KEY = "recentFiles"
RECENT_MAX = 8
EXPORT_FOLDER_KEY = "export/lastFolder"  # where the last PDF went: proposed for unsaved documents


def redo_shortcuts() -> list[QKeySequence]:
    """The platform's Redo keys, then Ctrl+Shift+Z and Ctrl+Y where the platform lacks them,
    each once: a key listed twice on one action is ambiguous and Qt then runs neither
    (on X11 the platform's Redo already is Ctrl+Shift+Z)."""
    keys: list[QKeySequence] = []
    for k in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo) + [
        QKeySequence("Ctrl+Shift+Z"),
        QKeySequence("Ctrl+Y"),
    ]:
        if not k.isEmpty() and k not in keys:
            keys.append(k)
    return keys


def _count(documents) -> str:
    """ "4 documents (Siridar Fief, Character ×2, Fencer)": what a session export holds."""
    from landsraad.documents import kinds

    counts: dict[str, int] = {}
    for kind, _ in documents:
        counts[kind] = counts.get(kind, 0) + 1
    parts = [((r.label if (r := kinds.get(k)) else k) + (f" ×{n}" if n > 1 else "")) for k, n in counts.items()]
    total = len(documents)
    return f"{total} document{'s' if total != 1 else ''} ({', '.join(parts)})"


class MainWindow(QMainWindow):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.ui = setup_form("mainwindow", self)
        ui = self.ui
        self.setWindowIcon(icon("app-icon"))
        self.docs: list[Document] = []
        self.views: dict[int, object] = {}
        self.zoom_index = ZOOM_STEPS.index(1.0)
        self.table_view = None  # the group's window (View > Table view)
        self._had_rolls: bool | None = None  # the roll log dock was shown for a document with rolls
        # dialogs are attributes so tests (and scripts) can answer them
        self.ask_save_changes = self._ask_save_changes  # (doc) -> "save" | "discard" | "cancel"
        self.ask_save_path = self._ask_save_path  # (doc, title, filter) -> path or ""
        self.ask_open_paths = self._ask_open_paths  # () -> [paths]
        self._proposed_export = ""  # the PDF path the export dialog proposes
        self.report_error = lambda title, text: warn(self, title, text)
        self.ask_reopen = self._ask_reopen  # ([paths]) -> bool
        from landsraad.gui.plain import install_plain_tooltips

        install_plain_tooltips()  # every tooltip shown as text (issue 28)
        self.ask_disk_change = self._ask_disk_change  # (doc) -> "reload" | "keep" | "save-as" | "cancel"
        # open documents' files: a command changing one while it is open is offered in a bar
        # above the document (not a modal box: the Judge may be typing), Save asks (issue 28)
        from PySide6.QtCore import QFileSystemWatcher

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._file_changed)
        self.disk_pending: list[Document] = []  # changed on disk, not yet answered
        self.disk_bar = self._make_disk_bar()
        self.show_about = lambda text: QMessageBox.about(self, f"About {APP_NAME}", text)
        # undo / redo of the current document
        self.undo_group = QUndoGroup(self)
        self.undo_action = self.undo_group.createUndoAction(self, "&Undo")
        self.redo_action = self.undo_group.createRedoAction(self, "&Redo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        from landsraad.gui import undo_keys  # Ctrl+Z in a text field: its typing, then the document's

        self._undo_keys = undo_keys.install(self)
        self.redo_action.setShortcuts(redo_shortcuts())
        ui.menuEdit.addAction(self.undo_action)
        ui.menuEdit.addAction(self.redo_action)
        # shortcuts
        std = QKeySequence.StandardKey
        ui.actionNewCharacter.setShortcut(std.New)
        ui.actionOpen.setShortcut(std.Open)
        ui.actionSave.setShortcut(std.Save)
        ui.actionSaveAs.setShortcut(QKeySequence("Ctrl+Shift+S"))
        ui.actionClose.setShortcut(std.Close)
        ui.actionQuit.setShortcut(QKeySequence("Ctrl+Q"))
        ui.actionZoomIn.setShortcuts([QKeySequence(std.ZoomIn), QKeySequence("Ctrl+=")])
        ui.actionZoomOut.setShortcut(std.ZoomOut)
        ui.actionFullScreen.setShortcut(QKeySequence("F11"))
        for name, ic in (
            ("actionNewCharacter", "doc-character"),
            ("actionNewFief", "doc-fief"),
            ("actionOpen", "open"),
            ("actionSave", "save"),
            ("actionTableView", "dice"),
        ):
            getattr(ui, name).setIcon(icon(ic))
        from landsraad.gui import new_menu  # File > New: every kind's entries (gui/kinds.py)

        new_menu.connect_form_actions(self)
        ui.actionOpen.triggered.connect(self.open_dialog)
        ui.actionSave.triggered.connect(lambda: self.save())
        ui.actionSaveAs.triggered.connect(lambda: self.save_as())
        ui.actionExportPdf.triggered.connect(lambda: self.export_pdf())
        ui.actionExportHousePdf.triggered.connect(lambda: self.export_house_pdf())
        ui.actionExportSessionPdf.triggered.connect(lambda: self.export_session_pdf())
        from landsraad.gui.house_turn import add_month_export  # File > Export the month's House turn (issue 18)

        self.actionExportMonthPdf = add_month_export(self)
        from landsraad.gui.house_turn import add_table_turn  # View > House Turn for the Table (issue 18)

        self.actionTableTurn, self.table_turn_views = add_table_turn(self)
        ui.actionClose.triggered.connect(lambda: self.close_document())
        ui.actionQuit.triggered.connect(self.close)
        ui.actionZoomIn.triggered.connect(lambda: self.set_zoom(self.zoom_index + 1))
        ui.actionZoomOut.triggered.connect(lambda: self.set_zoom(self.zoom_index - 1))
        ui.actionZoomReset.triggered.connect(lambda: self.set_zoom(ZOOM_STEPS.index(1.0)))
        ui.actionFullScreen.toggled.connect(self.set_full_screen)
        ui.actionTableView.toggled.connect(self.set_table_view)
        ui.actionAbout.triggered.connect(self.about)
        # Help > Rules readings: every reading the content records (gui/readings.py)
        self.action_readings = ui.menuHelp.addAction("Rules &readings…")
        self.action_readings.setObjectName("actionReadings")
        self.action_readings.triggered.connect(lambda: self.show_readings())
        self.readings_dialog = None
        ui.menuView.addAction(ui.navigatorDock.toggleViewAction())
        ui.menuView.addAction(ui.rollLogDock.toggleViewAction())
        # navigator
        self.navigator = TreeModel(["Document"], self)
        ui.navigatorView.setModel(self.navigator)
        ui.navigatorView.setUniformRowHeights(True)  # one line each: no row measured at an edit
        ui.navigatorView.activated.connect(self._navigate)
        ui.navigatorView.clicked.connect(self._navigate)
        # roll log
        self.roll_log = RowsTableModel(["When", "For", "Why", "Seed", "Faces", "Reading"], self)
        ui.rollLogView.setModel(self.roll_log)
        ui.rollLogView.verticalHeader().hide()
        rh = ui.rollLogView.horizontalHeader()
        rh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        rh.setStretchLastSection(True)
        self.resizeDocks([ui.navigatorDock], [270], Qt.Orientation.Horizontal)
        self.resizeDocks([ui.rollLogDock], [140], Qt.Orientation.Vertical)
        ui.mainToolBar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._update_recent_menu()
        self._update_export_action()
        self._update_roll_log()
        self.update_title()
        from landsraad.gui.autosave import AutosaveController

        self.autosave = AutosaveController(self)
        self.pack_actions = new_menu.add_kind_actions(self)  # New Fencer, New Duel: the kinds' own
        self.new_pack_menu = new_menu.add_new_from_pack(self)  # File > New from pack
        from landsraad.gui.share import install as install_share  # File > Share with the table (issue 26)

        install_share(self)

    # ----- documents -----------------------------------------------------------------------
    @property
    def current(self) -> Document | None:
        w = self.ui.documentStack.currentWidget()
        for d in self.docs:
            if self.views.get(id(d)) is w:
                return d
        return None

    def current_view(self):
        d = self.current
        return self.views.get(id(d)) if d else None

    def add_document(self, doc: Document, recovery_key: str | None = None, recovery_stamp: str | None = None):
        doc.setParent(self)
        vk = view_kind(doc)
        if vk is None:
            raise LandsraadError(f"the window has no view for a {doc.label} document")
        try:  # a document that loads but breaks its view: a message, the window stays up (issue 28)
            view = vk.view(doc)
        except Exception as exc:  # noqa: BLE001 - any failure of a view is reported, never a quit
            from landsraad.present.findings import view_failure

            self.report_error("Cannot show", view_failure(doc.path or doc.display_name(), exc))
            doc.deleteLater()
            return None
        self.docs.append(doc)
        self.views[id(doc)] = view
        self.ui.documentStack.addWidget(view)
        self.undo_group.addStack(doc.stack)
        # titleChanged follows every edit, undo and redo (after changed) and every save: the
        # navigator is rebuilt once per edit, not also on changed
        doc.titleChanged.connect(self._doc_changed)
        self.autosave.watch(doc, recovery_key, recovery_stamp)
        self._watch(doc)
        self.show_document(doc)
        return view

    # ----- files changed on disk while open (issue 28) ----------------------------------
    def _watch(self, doc: Document) -> None:
        if doc.path and os.path.exists(doc.path) and doc.path not in self.watcher.files():
            self.watcher.addPath(doc.path)

    def _file_changed(self, path: str) -> None:
        # an atomic save replaces the file: the watcher loses it, so it is watched anew
        if os.path.exists(path) and path not in self.watcher.files():
            self.watcher.addPath(path)
        from landsraad.documents.guards import stamp

        now = stamp(path)
        for doc in self.docs:
            if doc.path == path and now is not None and now != doc.disk_stamp and doc not in self.disk_pending:
                self.disk_pending.append(doc)
        self._update_disk_bar()

    def _make_disk_bar(self):
        """A bar above the open document (not a modal box: the Judge may be typing)."""
        from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton

        from landsraad.gui.plain import plain_label

        bar = QFrame(self.ui.centralwidget)
        bar.setObjectName("diskBar")
        bar.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QHBoxLayout(bar)
        lay.setContentsMargins(8, 4, 8, 4)
        self._disk_label = plain_label("", bar)
        self._disk_label.setWordWrap(True)
        lay.addWidget(self._disk_label, 1)
        for text, answer, tip in (
            ("&Reload", "reload", "Read the file again; Undo brings your version back"),
            ("&Keep mine", "keep", "Keep your version: Save replaces theirs (theirs stays in the .bak)"),
            ("Save &As…", "save-as", "Save your version as another file"),
        ):
            button = QPushButton(text, bar)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, a=answer: self.answer_disk_change(a))
            lay.addWidget(button)
        self.ui.centralLayout.insertWidget(0, bar)
        bar.hide()
        return bar

    def _update_disk_bar(self) -> None:
        doc = self.current
        if doc is not None and doc in self.disk_pending:
            self._disk_label.setText(
                f"{Path(doc.path).name} was changed on disk by a command or another program while open here."
            )
            self._disk_label.setToolTip(str(doc.path))
            self.disk_bar.show()
        else:
            self.disk_bar.hide()

    def answer_disk_change(self, answer: str, doc: Document | None = None) -> bool:
        """The bar's buttons: "reload", "keep" or "save-as" for the current document."""
        doc = doc or self.current
        if doc is None:
            return False
        if doc in self.disk_pending:
            self.disk_pending.remove(doc)
        done = self._disk_changed(doc, answer, saving=False)
        self._update_disk_bar()
        return done

    def _disk_changed(self, doc: Document, answer: str, saving: bool) -> bool:
        """Reload / Keep mine / Save As; True when the document was saved or reloaded."""
        from landsraad.documents.guards import stamp

        if answer == "reload":
            try:
                doc.reload()
            except (LandsraadError, OSError) as exc:
                self.report_error("Cannot reload", str(exc))
                return False
            self.statusBar().showMessage(f"Reloaded {doc.path}", 5000)
            return True
        if answer == "save-as":
            return self.save_as(doc)
        if answer == "keep" and saving:
            return self._save_now(doc, force=True)
        if answer == "keep":
            doc.disk_stamp = stamp(doc.path) if doc.path else None  # the next save replaces theirs
        return False

    def _ask_disk_change(self, doc: Document) -> str:
        box = message_box(
            self,
            QMessageBox.Icon.Warning,
            "Changed on disk",
            f"{doc.path} was changed on disk (by a command or another program) since you opened or saved it here.",
            "Reload it (your unsaved changes go, Undo brings them back), keep your version "
            "and save it over theirs (theirs stays in the .bak), or save yours under another name?",
        )
        reload = box.addButton("&Reload", QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton("&Keep mine", QMessageBox.ButtonRole.DestructiveRole)
        save_as = box.addButton("Save &As…", QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(reload)
        box.exec()
        return {id(reload): "reload", id(keep): "keep", id(save_as): "save-as"}.get(id(box.clickedButton()), "cancel")

    def show_document(self, doc: Document) -> None:
        self.ui.documentStack.setCurrentWidget(self.views[id(doc)])
        self.undo_group.setActiveStack(doc.stack)
        self._update_disk_bar()
        self._doc_changed()
        self._follow_in_table_view()

    def new_document(self, kind: str) -> Document | None:
        """File > New of ``kind``: made and added by its ViewKind (None when it cannot be
        made now: a duel with fewer than two open fencers)."""
        vk = view_kind(kind)
        if vk is None or vk.new is None:
            return None
        doc = vk.new(self)
        if doc is not None and vk.focus_new:
            self.current_view().focus_work()  # the keyboard starts on the first step's options
        return doc

    def new_character(self) -> Document | None:
        """File > New Character (the form's own action, and the tests' and scripts' way)."""
        return self._new_from_form(self.ui.actionNewCharacter)

    def new_fief(self) -> Document | None:
        return self._new_from_form(self.ui.actionNewFief)

    def _new_from_form(self, action) -> Document | None:
        vk = next((v for v in view_kinds() if v.new_action == action.objectName()), None)
        return self.new_document(vk.kind) if vk is not None else None

    def open_states(self, kind: str) -> list:
        """The states of the open documents of ``kind`` (the open characters, for a Fief's
        householders and sheets), in the order opened."""
        return [d.state for d in self.docs if d.kind == kind]

    def open_documents(self) -> list[tuple[str, object]]:
        return [(d.kind, d.state) for d in self.docs]

    def open_path(self, path: str) -> Document | None:
        # realpath, not Path.resolve(): a symlink loop raises RuntimeError there (issue 13)
        path = os.path.realpath(path)
        for d in self.docs:
            if d.path and os.path.realpath(d.path) == path:
                self.show_document(d)
                return d
        try:
            doc = open_document(path)
        except LandsraadError as exc:
            self.report_error("Cannot open", str(exc))
            return None
        if self.add_document(doc) is None:  # its view could not be built: said, not opened
            return None
        self._remember(path)
        self.statusBar().showMessage(f"Opened {path}", 5000)
        return doc

    def open_dialog(self) -> None:
        for p in self.ask_open_paths():
            self.open_path(p)

    def _ask_open_paths(self) -> list[str]:
        from landsraad.gui.file_dialogs import remember_folder, start_folder

        paths, _ = QFileDialog.getOpenFileNames(
            self, "Open", start_folder(), "Landsraad documents (*.json);;All files (*)"
        )
        if paths:
            remember_folder(paths[0])
        return paths

    def _ask_save_path(self, doc: Document, title: str, filt: str) -> str:
        if "*.pdf" in filt:  # an export: never propose the document's own .json (issue 13)
            start = self._proposed_export or self.export_start_path(doc)
        else:
            from landsraad.gui.file_dialogs import start_path

            start = doc.path or start_path(f"{doc.display_name()}.json")
        path, _ = QFileDialog.getSaveFileName(self, title, start, filt)
        if path:
            from landsraad.gui.file_dialogs import remember_folder

            remember_folder(path)
        return path

    def save(self, doc: Document | None = None) -> bool:
        doc = doc or self.current
        if doc is None:
            return False
        if not doc.path:
            return self.save_as(doc)
        return self._save_now(doc)

    def _save_now(self, doc: Document, force: bool = False) -> bool:
        from landsraad.documents.guards import ChangedOnDisk

        try:
            doc.save(force=force)
        except ChangedOnDisk:  # a command changed the file since: never replaced unasked
            if doc in self.disk_pending:
                self.disk_pending.remove(doc)
            done = self._disk_changed(doc, self.ask_disk_change(doc), saving=True)
            self._update_disk_bar()
            return done
        except (LandsraadError, OSError) as exc:
            self.report_error("Cannot save", str(exc))
            return False
        self._remember(doc.path)
        self._watch(doc)
        self.statusBar().showMessage(f"Saved {doc.path}", 5000)
        return True

    def save_as(self, doc: Document | None = None) -> bool:
        doc = doc or self.current
        if doc is None:
            return False
        path = self.ask_save_path(doc, "Save as", "Landsraad documents (*.json)")
        if not path:
            return False
        old = doc.path
        try:
            doc.save(path)
        except (LandsraadError, OSError) as exc:
            self.report_error("Cannot save", str(exc))
            return False
        if old and old != doc.path:
            self.watcher.removePath(old)
        self._remember(doc.path)
        self._watch(doc)
        return True

    def close_document(self, doc: Document | None = None) -> bool:
        doc = doc or self.current
        if doc is None:
            return False
        if doc.modified:
            answer = self.ask_save_changes(doc)
            if answer == "cancel" or (answer == "save" and not self.save(doc)):
                return False
        self.autosave.forget(doc)
        if doc.path and not any(d is not doc and d.path == doc.path for d in self.docs):
            self.watcher.removePath(doc.path)
        if doc in self.disk_pending:
            self.disk_pending.remove(doc)
        view = self.views.pop(id(doc))
        self.ui.documentStack.removeWidget(view)
        view.deleteLater()
        self.undo_group.removeStack(doc.stack)
        self.docs.remove(doc)
        doc.deleteLater()
        if self.docs:
            self.show_document(self.docs[-1])
        else:
            self.ui.documentStack.setCurrentIndex(0)
            self._doc_changed()
            self._follow_in_table_view()
            self._update_disk_bar()
        return True

    def offer_last_session(self) -> list[Document]:
        """Offer to reopen the documents that were open when the window last closed."""
        from landsraad.gui import session_memory

        open_paths = {str(Path(d.path).resolve()) for d in self.docs if d.path}
        paths = [p for p in session_memory.last_session(self) if p not in open_paths]
        if not paths or not self.ask_reopen(paths):
            return []
        return [d for d in (self.open_path(p) for p in paths) if d is not None]

    def _ask_reopen(self, paths: list[str]) -> bool:
        from landsraad.gui import session_memory

        shown = [Path(p).name for p in paths[:10]] + ([f"… and {len(paths) - 10} more"] if len(paths) > 10 else [])
        box = message_box(
            self,
            QMessageBox.Icon.Question,
            "Reopen last session",
            session_memory.reopen_question(len(paths)),
            "\n".join(shown),
        )
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def _ask_save_changes(self, doc: Document) -> str:
        box = message_box(
            self,
            QMessageBox.Icon.Warning,
            "Unsaved changes",
            f"{doc.display_name()} has changes that are not saved.",
            "Save them before closing?",
        )
        box.setStandardButtons(
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(
            answer, "cancel"
        )

    def closeEvent(self, event) -> None:
        for doc in list(self.docs):
            if doc.modified:
                self.show_document(doc)
                answer = self.ask_save_changes(doc)
                if answer == "cancel" or (answer == "save" and not self.save(doc)):
                    event.ignore()
                    return
        self.share_panel.shutdown()  # the session server stops with the window
        self.autosave.clean_exit()
        from landsraad.gui import session_memory

        session_memory.remember(self)
        if self.table_view is not None:
            self.table_view.closed_by_user = None
            self.table_view.close()
        event.accept()

    # ----- recent files --------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = settings().value(RECENT_KEY, [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: str) -> None:
        path = os.path.realpath(path)
        files = [p for p in self.recent_files() if p != path]
        files.insert(0, path)
        settings().setValue(RECENT_KEY, files[:RECENT_MAX])
        self._update_recent_menu()

    def _update_recent_menu(self) -> None:
        menu = self.ui.menuRecent
        menu.clear()
        files = self.recent_files()
        for i, p in enumerate(files, 1):
            act = QAction(f"&{i} {menu_text(Path(p).name)}", menu)
            act.setToolTip(plain_tip(p))
            act.triggered.connect(lambda _=False, p=p: self.open_path(p))
            menu.addAction(act)
        if not files:
            act = menu.addAction("(no recent files)")
            act.setEnabled(False)
        else:
            menu.addSeparator()
            menu.addAction("Clear the list", lambda: (settings().setValue(RECENT_KEY, []), self._update_recent_menu()))

    # ----- export --------------------------------------------------------------------------
    def _update_export_action(self) -> None:
        doc = self.current
        act = self.ui.actionExportPdf
        self.ui.actionExportSessionPdf.setEnabled(bool(self.docs))
        if doc is None:
            act.setEnabled(False)
            act.setToolTip("Open a character or a Fief to export its sheet")
            self.ui.actionExportHousePdf.setEnabled(False)
            return
        act.setEnabled(True)
        act.setToolTip("Export the sheet as PDF")
        house = self.ui.actionExportHousePdf
        vk = view_kind(doc)
        house.setEnabled(bool(vk and vk.has_part_sheet and vk.has_part_sheet(doc)))
        house.setToolTip(
            "Export the sheet of the House selected in the Fief"
            if house.isEnabled()
            else "Open a Fief with Houses to export a House"
        )

    def export_start_path(self, doc: Document | None, stem: str | None = None) -> str:
        """The PDF an export dialog proposes: ``NAME.pdf`` beside the document, or in the
        folder of the last export when the document has no file yet."""
        from landsraad.slug import slugify

        if stem is None:
            stem = (
                Path(doc.path).stem
                if doc is not None and doc.path
                else (slugify(doc.display_name()) if doc is not None else "") or "sheet"
            )
        if doc is not None and doc.path:
            folder = str(Path(doc.path).parent)
        else:
            from landsraad.gui.file_dialogs import start_folder

            folder = str(settings().value(EXPORT_FOLDER_KEY, "") or "") or start_folder()
        return str(Path(folder) / f"{stem}.pdf")

    def export_path(self, doc: Document, title: str, path: str | None, stem: str | None = None) -> str:
        """The export's output: asked for (proposing NAME.pdf), ``.pdf`` added when missing,
        and refused with a message when it is an open document's file or any Landsraad
        document on disk (``documents.codec.check_export_output``, as the command line)."""
        if not path:
            self._proposed_export = self.export_start_path(doc, stem)
            try:
                path = self.ask_save_path(doc, title, "PDF (*.pdf)")
            finally:
                self._proposed_export = ""
        if not path:
            return ""
        from landsraad.documents.codec import check_export_output

        inputs = [d.path for d in self.docs if d.path]
        try:
            # the name as chosen first: a user who picked hero.json hears that it is a document
            # (rather than silently getting hero.json.pdf), then the name with .pdf added
            check_export_output(path, inputs)
            if Path(path).suffix.lower() != ".pdf":
                path = f"{path}.pdf"
                check_export_output(path, inputs)
        except LandsraadError as exc:
            self.report_error("Cannot export", f"{exc}\n\nNothing was written.")
            return ""
        return path

    def exported(self, path: str, message: str = "") -> None:
        """An export was written: its folder is proposed next time, and the status bar says so."""
        settings().setValue(EXPORT_FOLDER_KEY, os.path.dirname(os.path.realpath(path)))
        self.statusBar().showMessage(message or f"Exported {path}", 5000)

    def export_pdf(self, path: str | None = None) -> bool:
        doc = self.current
        if doc is None:
            return False
        stem = Path(doc.path).stem if doc.path else doc.display_name()
        path = self.export_path(doc, f"Export {stem} as PDF", path)
        if not path:
            return False
        try:
            # the session's other documents go with it: a Fief's open characters count in its
            # Houses' scores, as on screen
            doc.export_pdf(path, self.open_documents())
        except Exception as exc:  # noqa: BLE001 - report, never crash the table's session
            self.report_error("Cannot export", str(exc))
            return False
        self.exported(path)
        return True

    def export_house_pdf(self, path: str | None = None) -> bool:
        """File > Export House: the sheet of a part of the current document (a Fief's House)."""
        doc = self.current
        vk = view_kind(doc) if doc is not None else None
        if vk is None or vk.export_part is None:
            return False
        return vk.export_part(self, doc, path)

    def export_session_pdf(self, path: str | None = None) -> bool:
        """Every open document in one PDF, in ``render_session``'s order: each Fief with its
        Houses, then the characters, then the packs' documents (fencers with their cards,
        duels, d20 characters, conflicts) in the order they were opened."""
        if not self.docs:
            return False
        path = self.export_path(self.current or self.docs[0], "Export the whole session as PDF", path, stem="session")
        if not path:
            return False
        from landsraad.sheets import export_documents
        from landsraad.sheets.session import session_kinds

        printed = set(session_kinds())
        documents = [(d.kind, d.state) for d in self.docs if d.kind in printed]
        contents = {d.kind: d.content for d in self.docs}  # each kind's, as the window reads it
        try:
            export_documents(path, documents, contents=contents)
        except Exception as exc:  # noqa: BLE001 - report, never crash the table's session
            self.report_error("Cannot export", str(exc))
            return False
        self.exported(path, f"Exported {_count(documents)}: {path}")
        return True

    # ----- navigation, title ---------------------------------------------------------------
    def _navigate(self, index) -> None:
        row = self.navigator.row_at(index)
        if row is None or row.payload is None:
            return
        kind, key = row.payload[0], row.payload[1]
        doc = next((d for d in self.docs if id(d) == key), None)
        if doc is None:
            return
        self.show_document(doc)
        vk = view_kind(doc)
        if kind == "part" and vk is not None and vk.select_part is not None:
            vk.select_part(self.views[id(doc)], row.payload[2])

    def _doc_changed(self) -> None:
        from landsraad.gui import session_memory

        session_memory.note_open(self)  # what a crash would leave open, this instance's (issue 27)
        for vk in view_kinds():  # a character's House or advantages may have changed a Fief's scores
            if vk.session_changed is not None:
                vk.session_changed(self)
        tree = []
        order = {vk.kind: vk.nav_order for vk in view_kinds()}
        for d in sorted(self.docs, key=lambda d: order.get(d.kind, 99)):  # stable: as opened within
            vk = view_kind(d)
            # the unsaved mark first, so a long name cut at the dock's edge still shows it (issue 27);
            # each row's whole text in its tooltip, where the dock is too narrow for it (issue 15)
            name = f"{vk.nav_label if vk else d.label}: {d.display_name()}"
            text = ("* " if d.modified else "") + name
            kids = [
                Row((r.text,), payload=("part", id(d), r.key), icon=r.icon, tooltip=r.text)
                for r in (vk.nav_children(d) if vk and vk.nav_children else [])
            ]
            tree.append(
                (
                    Row(
                        (text,),
                        payload=("doc", id(d)),
                        icon=vk.icon if vk else "dice",
                        bold=d is self.current,
                        tooltip=name + (" (unsaved changes)" if d.modified else ""),
                    ),
                    kids,
                )
            )
        shape = [len(kids) for kids in self.navigator.children]
        self.navigator.set_tree(tree)
        if [len(kids) for kids in self.navigator.children] != shape:
            self.ui.navigatorView.expandAll()  # a House or a Fief came: its rows open
        # the tree's highlight is the document shown (issue 27: after Ctrl+W they disagreed)
        shown = self.current
        index = self.navigator.find(("doc", id(shown))) if shown is not None else None
        if index is not None and index.isValid():
            self.ui.navigatorView.setCurrentIndex(index)
        else:
            self.ui.navigatorView.clearSelection()
        self._update_roll_log()
        self._update_export_action()
        self.update_title()
        doc = self.current
        if doc is not None:
            from landsraad.findings import is_complete
            from landsraad.present.findings import counts_text

            self.statusBar().showMessage(
                f"{doc.display_name()}: {counts_text(doc.findings, warnings=False)}"
                + ("  ·  complete" if is_complete(doc.findings) else "")
            )

    def _update_roll_log(self) -> None:
        # the current document's rolls: a character open shows its own (none), never the Fief's
        doc = self.current
        vk = view_kind(doc) if doc is not None else None
        rows = vk.rolls(doc) if vk is not None and vk.rolls is not None else []
        self.roll_log.set_rows(rows)
        has_rolls = any((v := view_kind(d)) is not None and v.rolls is not None for d in self.docs)
        if has_rolls != self._had_rolls:
            self.ui.rollLogDock.setVisible(has_rolls)  # shown when the session has rolls to show
        self._had_rolls = has_rolls
        # a short title: tabbed beside the Session on a short screen it reads whole (issue 15);
        # the document it shows is in the accessible name
        self.ui.rollLogDock.setWindowTitle(f"Rolls ({len(rows)})" if doc else "Roll log")
        self.ui.rollLogDock.setAccessibleName(
            f"Roll log: {doc.display_name()} ({len(rows)} rolls)" if doc else "Roll log"
        )

    def update_title(self) -> None:
        doc = self.current
        if doc is None:
            self.setWindowTitle(APP_NAME)
        else:
            star = "*" if doc.modified else ""
            self.setWindowTitle(f"{doc.display_name()}{star} — {APP_NAME}")

    # ----- zoom, full screen, table view -------------------------------------------------
    @property
    def zoom(self) -> float:
        return ZOOM_STEPS[self.zoom_index]

    def point_size(self) -> float:
        return BASE_POINT_SIZE * self.zoom

    def set_zoom(self, index: int) -> None:
        self.zoom_index = max(0, min(len(ZOOM_STEPS) - 1, index))
        self.apply_style()
        self.statusBar().showMessage(f"Zoom {int(self.zoom * 100)}%", 3000)
        from landsraad.gui.session_memory import ZOOM_KEY

        settings().setValue(ZOOM_KEY, self.zoom)  # remembered for the next evening (issue 27)

    def apply_style(self) -> None:
        # every view, dialog and drawing follows the one stylesheet's font size
        self.setStyleSheet(stylesheet(self.point_size()))

    def set_full_screen(self, on: bool) -> None:
        if on:
            self.showFullScreen()
        else:
            self.showNormal()

    def set_table_view(self, on: bool) -> None:
        """Open (on the second screen when there is one) or close the group's window."""
        if on:
            if self.table_view is None:
                from landsraad.gui.table_view import TableView

                self.table_view = TableView()
                self.table_view.closed_by_user = lambda: self.ui.actionTableView.setChecked(False)
            self._follow_in_table_view()
            self.table_view.show_on_best_screen(self)
        elif self.table_view is not None:
            self.table_view.hide()

    def _follow_in_table_view(self) -> None:
        if self.table_view is not None:
            self.table_view.follow(self.current, self.current_view())

    def show_readings(self):
        """The Rules readings page (modeless; one at a time)."""
        from landsraad.gui.readings import ReadingsDialog

        if self.readings_dialog is None:
            self.readings_dialog = ReadingsDialog(self)
        self.readings_dialog.show()
        self.readings_dialog.raise_()
        return self.readings_dialog

    def about(self) -> str:
        text = (
            f"<h3>{APP_NAME} {__version__}</h3>"
            "<p>Characters, Houses and Siridar Fiefs for <i>Houses of the Landsraad</i>, "
            "a fan Dune role-playing game on the One Roll Engine.</p>"
            f"<p>Version {__version__}. Offline; your documents are plain JSON files.</p>"
            "<p>Where the rulebook is ambiguous, silent or lost its text, the app follows a reading: "
            "<b>Help › Rules readings</b> lists every one with its page.</p>"
        )
        self.show_about(text)
        return text
