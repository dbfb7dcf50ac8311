"""File > Share with the table: the session server run from the window (issue 26).

``WindowHost`` is the window's ``landsraad.session.host.Host``: the server asks it for the
open documents (a snapshot kept up to date on the Qt main thread: ``doc.state`` is never
changed in place, so the server's thread reads it safely) and asks it to apply edits,
which are marshalled to the main thread and run with ``doc.edit(text, fn, *args)``: one
undo step on the Judge's stack, the player's name in its text, autosaved like any edit.
It is written against ``doc.state``, ``doc.edit``, ``doc.kind`` (a string) and the window's
``docs``/``current``, nothing more.

``SharePanel`` is the dock the Judge works the session from: start/stop, the address (this
machine, or the LAN address when the Judge offers it), the join code and its QR code (also
shown on the table view), who is connected (Remove), and what players sent (Accept /
Refuse, or "Accept as sent").
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import socket
import threading
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from landsraad.gui.plain import plain_label

# landsraad.session (attrs, aiohttp) is imported when sharing starts, not with the window:
# an empty window at start imports no engine (tests/test_gui_startup.py)


REFRESH_MS = 250


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            addr = s.getsockname()[0]
        except OSError:
            return None
    return None if addr.startswith("127.") else addr


class WindowHost(QObject):
    """The window's documents as a session Host (lives on the Qt main thread)."""

    _run = Signal(object)

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self._ids: dict[int, str] = {}
        self._docs: dict[str, Any] = {}
        self._versions: dict[str, int] = {}
        from landsraad.session.host import ListenerSet

        self._entries: tuple = ()
        self._current: str | None = None
        self._listeners = ListenerSet()
        self._run.connect(self._execute, Qt.ConnectionType.QueuedConnection)
        self._main = threading.get_ident()
        stack = window.ui.documentStack
        stack.currentChanged.connect(self.resync)
        stack.widgetRemoved.connect(self.resync)
        self.resync()

    # ----- the snapshot ---------------------------------------------------------------------
    def _id(self, doc) -> str:
        key = id(doc)
        if key not in self._ids:
            self._ids[key] = f"w{len(self._ids) + 1}"
            doc.changed.connect(lambda d=doc: self._doc_changed(d))
            doc.titleChanged.connect(lambda d=doc: self._doc_changed(d, title_only=True))
        return self._ids[key]

    def _entry(self, doc, doc_id: str):
        from landsraad.session.host import Entry, content_for, title_of

        kind = str(doc.kind)
        extra: dict = {}
        view = self.window.views.get(id(doc))
        if kind == "fief":
            extra["households"] = dict(getattr(doc, "households", {}) or {})
            # the scores the document computed for this state: the server does not do it again
            if getattr(doc, "scores", None) is not None:
                extra["scores"] = doc.scores
            pick = getattr(view, "selected_house", None)
            house = pick() if callable(pick) else None
            if house is not None:
                extra["house"] = house.id
        elif kind == "character":
            step = getattr(view, "current_step", None)
            if callable(step):
                extra["step"] = step()
        name = doc.display_name() if hasattr(doc, "display_name") else title_of(kind, doc.state, doc.path)
        return Entry(
            doc_id,
            kind,
            name,
            doc.state,
            getattr(doc, "content", None) or content_for(kind),
            self._versions.get(doc_id, 0),
            extra,
        )

    @Slot()
    def resync(self, *_args) -> None:
        docs = list(self.window.docs)
        self._docs = {self._id(d): d for d in docs}
        self._entries = tuple(self._entry(d, i) for i, d in self._docs.items())
        cur = self.window.current
        self._current = self._id(cur) if cur is not None else None
        self._listeners.tell("")

    def _doc_changed(self, doc, title_only: bool = False) -> None:
        doc_id = self._ids.get(id(doc))
        if doc_id is None or doc_id not in self._docs:
            return
        if not title_only:
            self._versions[doc_id] = self._versions.get(doc_id, 0) + 1
        # only the snapshot entry of this document: the views are computed off this thread
        self._entries = tuple(self._entry(doc, doc_id) if e.id == doc_id else e for e in self._entries)
        self._listeners.tell(doc_id)

    # ----- Host ---------------------------------------------------------------------------
    def entries(self) -> list:
        return list(self._entries)

    def current(self) -> str | None:
        return self._current

    def subscribe(self, listener):
        return self._listeners.add(listener)

    def call(self, fn) -> concurrent.futures.Future:
        fut: concurrent.futures.Future = concurrent.futures.Future()
        if threading.get_ident() == self._main:
            self._execute((fn, fut))
        else:
            self._run.emit((fn, fut))
        return fut

    @Slot(object)
    def _execute(self, job) -> None:
        fn, fut = job
        if fut.cancelled():
            return
        try:
            fut.set_result(fn())
        except BaseException as exc:  # noqa: BLE001 - the request gets the refusal, the window stays up
            fut.set_exception(exc)

    def apply(self, doc_id: str, edit, args: tuple, kwargs: dict, text: str, author: str) -> bool:
        from landsraad.errors import ChoiceError
        from landsraad.session.edits import whitelisted

        if not whitelisted(edit):  # only the session's table of named engine edits
            raise ChoiceError("not an edit the table may make")
        doc = self._docs.get(doc_id)
        if doc is None:
            raise ChoiceError("that document is no longer open in the window")
        changed = doc.edit(text, edit, *args, **kwargs)
        if changed:
            self.window.statusBar().showMessage(f"{author}: {text}", 8000)
        return bool(changed)

    def add_document(self, kind: str, state, title: str) -> str:
        from landsraad.gui.documents import Document

        if kind != "character":
            raise ValueError(kind)
        before = self.window.current
        doc = Document(kind, state)
        self.window.add_document(doc)
        if before is not None:  # the Judge stays on the document they were on
            self.window.show_document(before)
        self.resync()
        return self._id(doc)


class SharePanel(QDockWidget):
    """The Judge's side of the session: start/stop, address, code, QR, people, orders."""

    changed = Signal()

    def __init__(self, window):
        super().__init__("Share with the table", window)
        self.setObjectName("shareDock")
        self.window_ = window
        self.server = None
        self.host: WindowHost | None = None
        self.port = 0  # 0: any free port (tests); the menu asks for 8765
        body = QWidget()
        lay = QVBoxLayout(body)
        self.toggle = QPushButton("Start sharing")
        self.toggle.setCheckable(True)
        self.toggle.toggled.connect(self.set_sharing)
        lay.addWidget(self.toggle)
        self.lan = QCheckBox("Offer it on the local network")
        addr = lan_address()
        self.lan.setEnabled(addr is not None)
        self.lan.setToolTip(
            f"Listen on {addr} so the table's phones can join"
            if addr
            else "No local network address found: this machine only"
        )
        lay.addWidget(self.lan)
        self.address = plain_label("Not shared: nobody can connect.")
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.address)
        # the join address itself: a line to copy, as wide as the dock (a URL does not wrap)
        self.url = QLineEdit()
        self.url.setReadOnly(True)
        self.url.setAccessibleName("Join address")
        lay.addWidget(self.url)
        self.qr = QLabel()
        self.qr.setAccessibleName("QR code of the join address")
        lay.addWidget(self.qr)
        self.as_sent = QCheckBox("Accept as sent")
        self.as_sent.setToolTip("Apply what players send to a shared document without waiting for you")
        self.as_sent.toggled.connect(self._set_as_sent)
        lay.addWidget(self.as_sent)
        lay.addWidget(plain_label("Connected"))
        self.people = QListWidget()
        self.people.setAccessibleName("Connected")
        lay.addWidget(self.people)
        self.remove = QPushButton("Remove the player")
        self.remove.clicked.connect(self.remove_selected)
        lay.addWidget(self.remove)
        lay.addWidget(plain_label("Sent by the players"))
        self.orders = QListWidget()
        self.orders.setAccessibleName("Sent by the players")
        lay.addWidget(self.orders)
        row = QHBoxLayout()
        self.accept = QPushButton("Accept")
        self.accept.clicked.connect(lambda: self.answer(True))
        self.refuse = QPushButton("Refuse")
        self.refuse.clicked.connect(lambda: self.answer(False))
        row.addWidget(self.accept)
        row.addWidget(self.refuse)
        lay.addLayout(row)
        lay.addStretch(1)
        body.setMaximumWidth(280)  # in the Session dock's room: the Fief view keeps 1280x720
        self.setWidget(body)
        # the session tells of every change, each key of a name typed included: the panel
        # (who is here, what they sent) is redrawn at most every REFRESH_MS, off the typing path
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(REFRESH_MS)
        self._soon.timeout.connect(self.refresh)
        self.changed.connect(self._refresh_soon, Qt.ConnectionType.QueuedConnection)
        self.tv_qr: QLabel | None = None
        self._qr_of: tuple[str, QPixmap] | None = None  # the join address's QR, made once per address

    def _refresh_soon(self) -> None:
        if not self._soon.isActive():
            self._soon.start()

    # ----- start / stop -----------------------------------------------------------------------
    def set_sharing(self, on: bool) -> None:
        if on and self.server is None:
            from landsraad.session.server import SessionServer

            self.host = WindowHost(self.window_)
            address = lan_address() if self.lan.isChecked() else None
            self.server = SessionServer(
                self.host, address or "127.0.0.1", self.port, accept_as_sent=self.as_sent.isChecked()
            )
            try:
                self.server.start()
            except OSError as exc:
                self.server = None
                self.address.setText(f"Could not start: {exc.strerror or exc}")
                self.toggle.setChecked(False)
                return
            self.server.session.listeners.append(self.changed.emit)
            self.toggle.setText("Stop sharing")
        elif not on and self.server is not None:
            self.server.stop()
            self.server = None
            if self.host is not None:
                self.host.deleteLater()
                self.host = None
            self.toggle.setText("Start sharing")
        self.lan.setEnabled(self.server is None and lan_address() is not None)
        self.refresh()

    def join_url(self) -> str:
        from landsraad.session.server import join_address

        return join_address(self.server.session) if self.server else ""

    def _session_call(self, fn):
        return self.server.call(fn) if self.server is not None else None

    def _set_as_sent(self, on: bool) -> None:
        def set_it():
            self.server.session.accept_as_sent = on
            self.server.session.bump()

        if self.server is not None:
            self._session_call(set_it)

    # ----- what is shown -------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.server is None:
            self.address.setText("Not shared: nobody can connect.")
            self.url.clear()
            self.qr.clear()
            self.people.clear()
            self.orders.clear()
            self._show_on_table_view(None)
            return
        s = self.server.session
        url = self.join_url()
        self.address.setText(
            f"Code {s.gate.join_code}\nJudge code {s.gate.judge_code}\nThe TV: the address with &next=/table"
        )
        self.url.setText(url)
        self.url.setCursorPosition(0)
        if self._qr_of is None or self._qr_of[0] != url:
            self._qr_of = (url, self.qr_pixmap(url))
        pix = self._qr_of[1]
        self.qr.setPixmap(pix)
        people, orders = self._session_call(lambda: (s.people(), [p.public() for p in s.proposals]))
        self.people.clear()
        for p in people:
            item = QListWidgetItem(
                f"{p['name'] or '(no name yet)'} · {p['seat']}" + (f" · {p['step']}" if p["step"] else "")
            )
            item.setData(Qt.ItemDataRole.UserRole, p["id"])
            self.people.addItem(item)
        self.orders.clear()
        for o in orders:
            item = QListWidgetItem(f"{o['text']} — {o['state']}" + (f" ({o['reason']})" if o["reason"] else ""))
            item.setData(Qt.ItemDataRole.UserRole, o["id"])
            self.orders.addItem(item)
        self._show_on_table_view(pix)

    @staticmethod
    def qr_pixmap(url: str) -> QPixmap:
        import io

        import segno

        out = io.BytesIO()
        segno.make(url, error="m").save(out, kind="png", scale=4, border=2)
        pix = QPixmap()
        pix.loadFromData(out.getvalue(), "PNG")
        return pix

    def _show_on_table_view(self, pix: QPixmap | None) -> None:
        tv = self.window_.table_view
        if tv is None:
            return
        if self.tv_qr is None:
            # beside the title, at its right: the pages below keep their room
            self.tv_qr = QLabel(tv)
            self.tv_qr.setObjectName("tableQr")
            self.tv_qr.setAccessibleName("Join the table: QR code")
            outer = tv.layout()
            row = QWidget(tv)
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            outer.removeWidget(tv.title)
            line.addWidget(tv.title, 1)
            line.addWidget(self.tv_qr, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            outer.insertWidget(0, row)
        if pix is None:
            self.tv_qr.hide()
            return
        self.tv_qr.setPixmap(pix.scaledToHeight(max(96, tv.px * 4), Qt.TransformationMode.FastTransformation))
        self.tv_qr.setToolTip(self.join_url())
        self.tv_qr.show()

    # ----- the Judge's answers ---------------------------------------------------------------------
    def remove_selected(self) -> None:
        item = self.people.currentItem()
        if item is None or self.server is None:
            return
        i = item.data(Qt.ItemDataRole.UserRole)
        s = self.server.session

        def remove():
            tokens = list(s.seats)
            if 0 <= i < len(tokens) and s.seats[tokens[i]].role != "judge":
                s.remove_seat(tokens[i])

        self._session_call(remove)

    def answer(self, accept: bool, pid: int | None = None) -> None:
        if self.server is None:
            return
        if pid is None:
            item = self.orders.currentItem()
            if item is None:
                return
            pid = item.data(Qt.ItemDataRole.UserRole)
        s = self.server.session
        if accept:
            # the edit itself comes back to this thread through the Host (one undo step)
            self._session_call(lambda: asyncio.ensure_future(s.accept(pid)))
        else:
            self._session_call(lambda: s.refuse(pid))

    def shutdown(self) -> None:
        if self.server is not None:
            self.toggle.setChecked(False)


def install(window) -> SharePanel:
    """File > Share with the table (a toggle) and its dock, hidden until asked for."""
    import os

    panel = SharePanel(window)
    # 8765 as `landsraad serve`; LANDSRAAD_SHARE_PORT picks another (a second session on one machine)
    port = os.environ.get("LANDSRAAD_SHARE_PORT", "")
    panel.port = int(port) if port.isdigit() and int(port) <= 65535 else 8765
    # a tab beside the Session (the navigator): the document views keep their width at 1280x720
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, panel)
    window.tabifyDockWidget(window.ui.navigatorDock, panel)
    panel.hide()
    action = QAction("Share with the &table", window)
    action.setObjectName("actionShare")
    action.setCheckable(True)
    action.setToolTip("Let the table's phones and the TV's browser join this session (off until you start it)")

    def toggled(on: bool) -> None:
        panel.setVisible(on)
        if on:
            panel.raise_()
        panel.toggle.setChecked(on)

    action.toggled.connect(toggled)
    panel.toggle.toggled.connect(lambda on: action.setChecked(on) if action.isChecked() != on else None)
    window.ui.menuFile.insertAction(window.ui.actionQuit, action)
    # the table view opened while sharing shows the QR code at once
    window.ui.actionTableView.toggled.connect(lambda on: panel.refresh() if on and panel.server else None)
    window.share_panel, window.actionShare = panel, action
    return panel
