"""The session server: an aiohttp application over a ``Host``.

Pages (``static/``): ``/`` (type the code), ``/join?code=CODE[&next=/table]`` (the QR code's
address: a seat cookie, then ``/player``, ``next`` or ``/judge``), ``/table`` (the TV),
``/player`` (a player's character or House), ``/judge`` (the Judge's list of what was sent).
JSON: ``/api/me``, ``/api/seat``, ``/api/step``, ``/api/table``, ``/api/character``,
``/api/house``, ``/api/edit``, ``/api/sheet.pdf``, ``/api/judge…``; ``/events`` is a stream
of Server-Sent Events (a number and a document id per change, never content: each page then
asks for what its seat may see).

Every request passes ``_guard``: security headers (a Content-Security-Policy without inline
scripts), the seat from the cookie, the CSRF token on every POST, JSON bodies only, any
failure one JSON sentence (never a traceback); bodies over ``MAX_BODY`` are 413.
``SessionServer`` runs the application in a thread with its own asyncio loop (the window,
the tests); ``serve_forever`` runs it in the calling thread (``landsraad serve``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

import attrs
from aiohttp import web

from landsraad.errors import LandsraadError
from landsraad.session import security as S
from landsraad.session import views
from landsraad.session.edits import WHITELIST, BadEdit, prepare
from landsraad.session.host import Host

MAX_BODY = 64 * 1024  # a request body (an edit is a few hundred bytes)
MAX_STREAMS = 64  # event streams open at once
MAX_PROPOSALS = 500  # orders waiting for the Judge
PING_SECONDS = 15.0
PAGES = {"/table": "table.html", "/player": "player.html", "/judge": "judge.html", "/": "join.html"}
STATIC = {"app.js": "application/javascript", "style.css": "text/css"}
NEXT_PATHS = ("/table", "/player", "/judge")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

# while edits keep coming, the followers are told at most this often (seconds)
FOLLOW_EVERY = 0.05


class Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


@attrs.define
class Proposal:
    id: int
    seat: str  # the sender's seat token (never shown to anyone)
    author: str
    doc: str
    house: str | None
    edit: str
    args: tuple
    kwargs: dict
    text: str
    request: dict  # the arguments as sent (for the Judge and the sending House)
    state: str = "sent"  # "sent" | "accepted" | "refused"
    reason: str = ""

    def public(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "author": self.author,
            "edit": self.edit,
            "text": self.text,
            "args": self.request,
            "state": self.state,
            "reason": self.reason,
        }


SESSION: web.AppKey = web.AppKey("session")


def _static(name: str) -> bytes:
    return resources.files("landsraad.session").joinpath("static", name).read_bytes()


class Session:
    """The session's own state (not any document's): seats, orders sent, history handed over."""

    def __init__(
        self,
        host: Host,
        gate: S.Gate | None = None,
        accept_as_sent: bool = False,
        address: str = "127.0.0.1",
        port: int = 0,
    ):
        self.host, self.gate = host, gate or S.Gate()
        self.accept_as_sent = accept_as_sent
        self.address, self.port = address, port
        self.seats: dict[str, S.Seat] = {}
        self.proposals: list[Proposal] = []
        self.handed: set[tuple[str, str]] = set()
        self.version = 0
        self.changed_doc: str | None = None
        self._ids = itertools.count(1)
        self._wake = asyncio.Event()
        self._cache: dict[Any, tuple[Any, bytes]] = {}
        self._views = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="session-views")
        self.streams = 0
        self.listeners: list[Callable[[], None]] = []  # the window's share panel (any thread)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._edited_docs: set[str] = set()
        self._flush_handle: asyncio.TimerHandle | None = None
        self._last_flush = float("-inf")
        self._unsubscribe: Callable[[], None] | None = None

    # ----- changes --------------------------------------------------------------------------
    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._wake = asyncio.Event()

        def told(doc_id: str) -> None:
            loop.call_soon_threadsafe(self._edited, doc_id)

        self._unsubscribe = self.host.subscribe(told)

    def _edited(self, doc_id: str) -> None:
        """A document changed.  The followers are told at once after a pause, and at most
        every FOLLOW_EVERY seconds while edits keep coming (a name typed in the window): the
        views are made and sent once for the burst's latest state, not once a key, so the
        Judge's typing does not wait for them (issue 26)."""
        loop = self.loop
        assert loop is not None
        self._edited_docs.add(doc_id)
        if self._flush_handle is not None:
            return  # a flush is already due: it takes this one too
        wait = self._last_flush + FOLLOW_EVERY - loop.time()
        if wait <= 0:
            self._flush()
        else:
            self._flush_handle = loop.call_later(wait, self._flush)

    def _flush(self) -> None:
        self._flush_handle = None
        docs, self._edited_docs = self._edited_docs, set()
        self._last_flush = self.loop.time() if self.loop is not None else 0.0
        self.bump(next(iter(docs)) if len(docs) == 1 else None)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        self._views.shutdown(wait=False, cancel_futures=True)

    def bump(self, doc_id: str | None = None) -> None:
        self.version += 1
        self.changed_doc = doc_id
        self._wake.set()
        self._wake = asyncio.Event()
        for fn in list(self.listeners):
            with contextlib.suppress(Exception):
                fn()

    async def wait_change(self, seen: int, timeout: float) -> int:
        if self.version == seen:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
        return self.version

    # ----- what the pages read --------------------------------------------------------------
    async def view(self, key: Any, version: Any, make: Callable[[], Any]) -> bytes:
        """The JSON of a view, computed once per version (off the loop: states are snapshots)."""
        hit = self._cache.get(key)
        if hit is not None and hit[0] == version:
            return hit[1]
        data = await asyncio.get_running_loop().run_in_executor(self._views, make)
        body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        self._cache[key] = (version, body)
        if len(self._cache) > 256:
            self._cache.pop(next(iter(self._cache)))
        return body

    def building(self) -> list[str]:
        entries = {e.id: e for e in self.host.entries()}
        out = []
        for seat in self.seats.values():
            if seat.kind == "character" and seat.doc in entries:
                name = entries[seat.doc].title if entries[seat.doc].title else seat.name
                out.append(views.building_line(S.clean_name(name) or seat.name, seat.step))
        return out

    def seat_choices(self) -> dict[str, Any]:
        taken = {s.doc for s in self.seats.values() if s.kind == "character"}
        chars, houses = [], []
        for e in self.host.entries():
            if e.kind == "character" and e.id not in taken:
                chars.append({"doc": e.id, "name": e.title})
            elif e.kind == "fief":
                houses += [{"doc": e.id, "house": h.id, "name": h.name, "fief": e.title} for h in e.state.houses]
        return {"characters": chars, "houses": houses}

    def entry(self, doc_id: str | None):
        return next((e for e in self.host.entries() if e.id == doc_id), None)

    # ----- edits ------------------------------------------------------------------------------
    async def apply(self, doc: str, edit: Any, args: tuple, kwargs: dict, text: str, author: str) -> bool:
        fut = self.host.call(lambda: self.host.apply(doc, edit, args, kwargs, text, author))
        return bool(await asyncio.wrap_future(fut))

    async def accept(self, pid: int) -> Proposal:
        p = next((p for p in self.proposals if p.id == pid and p.state == "sent"), None)
        if p is None:
            raise Refused(404, "no such order waiting")
        allowed = WHITELIST[p.edit]
        try:
            await self.apply(p.doc, allowed.fn, p.args, p.kwargs, p.text, p.author)
            p.state = "accepted"
        except LandsraadError as exc:
            p.state, p.reason = "refused", " ".join(str(exc).split())[:400]
        self.bump()
        return p

    def refuse(self, pid: int, reason: str = "") -> None:
        p = next((p for p in self.proposals if p.id == pid and p.state == "sent"), None)
        if p is None:
            raise Refused(404, "no such order waiting")
        p.state, p.reason = "refused", S.clean_name(reason, 200) or "refused by the Judge"
        self.bump()

    def remove_seat(self, token_or_name: str) -> bool:
        for token, seat in list(self.seats.items()):
            if token == token_or_name or (seat.role != "judge" and seat.name == token_or_name):
                del self.seats[token]
                self.bump()
                return True
        return False

    def people(self) -> list[dict[str, Any]]:
        """Who is connected (for the Judge): names, seats and roles, never tokens."""
        return [
            {"id": i, "name": s.name, "role": s.role, "seat": s.kind, "doc": s.doc, "house": s.house, "step": s.step}
            for i, s in enumerate(self.seats.values())
        ]


# ----- the application ----------------------------------------------------------------------------
def _seat(request: web.Request) -> S.Seat | None:
    session: Session = request.app[SESSION]
    return session.seats.get(request.cookies.get(S.COOKIE, ""))


def _need(request: web.Request, *roles: str) -> S.Seat:
    seat = _seat(request)
    if seat is None or (roles and seat.role not in roles):
        raise Refused(403, "join the session first (the code the Judge shows)")
    return seat


async def _body(request: web.Request) -> dict[str, Any]:
    if request.content_type != "application/json":
        raise Refused(415, "send JSON")
    raw = await request.read()
    if len(raw) > MAX_BODY:
        raise Refused(413, "request too large")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise Refused(400, "not JSON") from None
    if not isinstance(data, dict):
        raise Refused(400, "send a JSON object")
    from landsraad.documents import limits

    try:
        limits.check_tree(data, "request")
    except limits.LimitError as exc:
        raise Refused(400, str(exc)) from None
    return data


@web.middleware
async def _guard(request: web.Request, handler):
    try:
        if request.method == "POST":
            seat = _seat(request)
            if seat is None:
                raise Refused(403, "join the session first")
            if not S.same_token(request.headers.get("X-CSRF-Token"), seat.csrf):
                raise Refused(403, "the page is out of date: reload it")
            if request.content_length is not None and request.content_length > MAX_BODY:
                raise Refused(413, "request too large")
        response = await handler(request)
    except Refused as exc:
        response = web.json_response({"error": exc.message}, status=exc.status)
    except web.HTTPRequestEntityTooLarge:
        response = web.json_response({"error": "request too large"}, status=413)
    except web.HTTPException as exc:
        if exc.status >= 400:
            response = web.json_response({"error": exc.reason}, status=exc.status)
        else:
            raise
    except (BadEdit, LandsraadError) as exc:
        response = web.json_response({"error": " ".join(str(exc).split())[:400]}, status=400)
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:  # noqa: BLE001 - a broken request never takes the server down
        response = web.json_response({"error": "the server could not do that"}, status=500)
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


def _page(name: str) -> web.Response:
    return web.Response(body=_static(name), content_type="text/html", charset="utf-8")


async def index(request: web.Request) -> web.StreamResponse:
    seat = _seat(request)
    if seat is not None:
        raise web.HTTPFound({"judge": "/judge", "tv": "/table"}.get(seat.role, "/player"))
    return _page("join.html")


async def page(request: web.Request) -> web.StreamResponse:
    path = request.path
    seat = _seat(request)
    if seat is None or (path == "/judge" and seat.role != "judge"):
        raise web.HTTPFound("/")
    return _page(PAGES[path])


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:  # a fixed list: nothing from a request reaches a file path
        raise Refused(404, "not found")
    return web.Response(body=_static(name), content_type=STATIC[name], charset="utf-8")


async def join(request: web.Request) -> web.StreamResponse:
    session: Session = request.app[SESSION]
    address = request.remote or "?"
    if session.gate.blocked(address):
        raise Refused(429, "too many wrong codes: wait a minute")
    role = session.gate.check(address, request.query.get("code", ""))
    if role is None:
        if session.gate.blocked(address):
            raise Refused(429, "too many wrong codes: wait a minute")
        raise Refused(403, "wrong code")
    nxt = request.query.get("next", "")
    old = _seat(request)
    if old is not None and old.role == role and (role == "judge" or nxt != "/table" or old.role == "tv"):
        seat = old  # the same browser joining again keeps its seat
    else:
        if len(session.seats) >= S.MAX_SEATS:
            raise Refused(503, "the table is full")
        seat = S.new_seat("tv" if (role == "player" and nxt == "/table") else role)
        seat.name = "Judge" if role == "judge" else ("TV" if seat.role == "tv" else "")
        session.seats[seat.token] = seat
        session.bump()
    target = (
        nxt
        if nxt in NEXT_PATHS and (nxt != "/judge" or seat.role == "judge")
        else {"judge": "/judge", "tv": "/table"}.get(seat.role, "/player")
    )
    response = web.HTTPFound(target)
    response.set_cookie(S.COOKIE, seat.token, httponly=True, samesite="Strict", path="/")
    response.headers.update(HEADERS)
    raise response


async def me(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request)
    out: dict[str, Any] = {
        "role": seat.role,
        "name": seat.name,
        "csrf": seat.csrf,
        "seat": seat.kind,
        "doc": seat.doc,
        "house": seat.house,
        "version": session.version,
    }
    if seat.role == "player" and seat.kind == "none":
        out["choices"] = session.seat_choices()
    return web.json_response(out)


async def take_seat(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    data = await _body(request)
    name = S.clean_name(data.get("name", "") if isinstance(data.get("name"), str) else "")
    if not name:
        raise Refused(400, "type your name")
    kind = data.get("kind")
    if kind == "new":
        from landsraad.character.model import Character

        doc = await asyncio.wrap_future(
            session.host.call(lambda: session.host.add_document("character", Character(name=name, player=name), name))
        )
        seat.doc, seat.house = doc, None
    elif kind == "character":
        choices = session.seat_choices()["characters"]
        if not any(c["doc"] == data.get("doc") for c in choices):
            raise Refused(409, "that character is not free")
        seat.doc, seat.house = str(data["doc"]), None
    elif kind == "house":
        houses = session.seat_choices()["houses"]
        pick = next((h for h in houses if h["doc"] == data.get("doc") and h["house"] == data.get("house")), None)
        if pick is None:
            raise Refused(409, "no such House")
        seat.doc, seat.house = pick["doc"], pick["house"]
    else:
        raise Refused(400, "kind: new, character or house")
    seat.name = name
    session.bump()
    return web.json_response({"seat": seat.kind, "doc": seat.doc, "house": seat.house})


async def set_step(request: web.Request) -> web.Response:
    from landsraad.character.model import STEP_IDS

    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    step = (await _body(request)).get("step")
    if step not in STEP_IDS:
        raise Refused(400, "no such step")
    if seat.step != step:
        seat.step = str(step)
        session.bump(seat.doc)
    return web.json_response({"step": seat.step})


async def api_table(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    _need(request)
    entries = session.host.entries()
    current = session.host.current()
    building = session.building()
    key = ("table", current)
    version = (
        tuple((e.id, e.version, e.title) for e in entries),
        tuple(building),
        tuple(sorted(next((e.extra for e in entries if e.id == current), {}).items(), key=str)),
    )
    body = await session.view(key, version, lambda: views.table_json(entries, current, building))
    return web.Response(body=body, content_type="application/json")


async def api_character(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    entry = session.entry(seat.doc) if seat.kind == "character" else None
    if entry is None:
        raise Refused(404, "you have no character in this session")
    body = await session.view(("character", entry.id), entry.version, lambda: views.character_json(entry))
    return web.Response(body=body, content_type="application/json")


def _own_orders(session: Session, seat: S.Seat) -> list[dict[str, Any]]:
    return [p.public() for p in session.proposals if p.doc == seat.doc and p.house == seat.house]


async def api_house(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    entry = session.entry(seat.doc) if seat.kind == "house" else None
    if entry is None or seat.house is None:
        raise Refused(404, "you hold no House in this session")
    handed = (entry.id, seat.house) in session.handed
    pending = _own_orders(session, seat)
    house = seat.house
    data = await asyncio.get_running_loop().run_in_executor(
        session._views, lambda: views.house_json(entry, house, handed, pending)
    )
    return web.json_response(data)


async def api_edit(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    data = await _body(request)
    name = data.get("edit")
    allowed = WHITELIST.get(name) if isinstance(name, str) else None
    if allowed is None:
        raise Refused(400, "no such edit")
    if allowed.needs == "character":
        if seat.kind != "character":
            raise Refused(403, "that edit is for your own character")
        entry = session.entry(seat.doc)
        if entry is None:
            raise Refused(404, "your character is no longer shared")
        _a, fargs, kwargs, text = prepare(name, data.get("args", {}), entry.content)
        changed = await session.apply(entry.id, allowed.fn, fargs, kwargs, f"{text} ({seat.name})", seat.name)
        return web.json_response({"state": "accepted", "changed": changed})
    if seat.kind != "house":
        raise Refused(403, "that edit is for your own House")
    entry = session.entry(seat.doc)
    if entry is None or seat.house is None:
        raise Refused(404, "your House is no longer shared")
    if allowed.needs == "history" and (entry.id, seat.house) not in session.handed:
        raise Refused(403, "the Judge has not handed your House its history choices")
    _a, fargs, kwargs, text = prepare(name, data.get("args", {}), entry.content, seat.house)
    if sum(1 for p in session.proposals if p.state == "sent") >= MAX_PROPOSALS:
        raise Refused(503, "too many orders waiting for the Judge")
    raw = data.get("args", {})
    p = Proposal(
        next(session._ids),
        seat.token,
        seat.name,
        entry.id,
        seat.house,
        str(name),
        fargs,
        kwargs,
        f"{text} ({seat.name})",
        raw,
    )
    session.proposals.append(p)
    if session.accept_as_sent:
        await session.accept(p.id)
    else:
        session.bump()
    return web.json_response(p.public())


async def sheet_pdf(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    seat = _need(request, "player")
    entry = session.entry(seat.doc) if seat.kind == "character" else None
    if entry is None:
        raise Refused(404, "you have no character in this session")
    from landsraad.sheets import render_character

    body = await session.view(
        ("sheet", entry.id),
        entry.version,
        lambda: {"pdf": render_character(entry.state, entry.content).decode("latin-1")},
    )
    pdf = json.loads(body)["pdf"].encode("latin-1")
    return web.Response(
        body=pdf,
        content_type="application/pdf",
        headers={"Content-Disposition": 'attachment; filename="character.pdf"'},
    )


async def events(request: web.Request) -> web.StreamResponse:
    session: Session = request.app[SESSION]
    seat = _need(request)
    if session.streams >= MAX_STREAMS:
        raise Refused(503, "too many pages open")
    response = web.StreamResponse(
        headers={
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-store",
            **{k: v for k, v in HEADERS.items() if k != "Cache-Control"},
        }
    )
    await response.prepare(request)
    session.streams += 1
    try:
        seen = -1
        while seat.token in session.seats:
            if seen != session.version:
                seen = session.version
                msg = json.dumps({"v": seen, "doc": session.changed_doc})
                await response.write(f"data: {msg}\n\n".encode())
            else:
                await response.write(b": ping\n\n")
            await session.wait_change(seen, PING_SECONDS)
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        session.streams -= 1
    return response


# ----- the Judge --------------------------------------------------------------------------------
async def api_judge(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    _need(request, "judge")
    houses = {(e.id, h.id): f"{h.name}" for e in session.host.entries() if e.kind == "fief" for h in e.state.houses}
    return web.json_response(
        {
            "join_code": session.gate.join_code,
            "address": join_address(session),
            "accept_as_sent": session.accept_as_sent,
            "people": session.people(),
            "proposals": [dict(p.public(), house=houses.get((p.doc, p.house or ""), "")) for p in session.proposals],
            "houses": [
                {"doc": d, "house": h, "name": n, "handed": (d, h) in session.handed} for (d, h), n in houses.items()
            ],
        }
    )


async def judge_post(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    _need(request, "judge")
    data = await _body(request)
    what = request.match_info["what"]
    if what == "accept":
        pid = data.get("id")
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise Refused(400, "id")
        return web.json_response((await session.accept(pid)).public())
    if what == "refuse":
        pid = data.get("id")
        if isinstance(pid, bool) or not isinstance(pid, int):
            raise Refused(400, "id")
        session.refuse(pid, str(data.get("reason", "")))
    elif what == "accept-as-sent":
        session.accept_as_sent = bool(data.get("on"))
        session.bump()
    elif what == "hand-over":
        key = (str(data.get("doc", "")), str(data.get("house", "")))
        if data.get("on"):
            session.handed.add(key)
        else:
            session.handed.discard(key)
        session.bump()
    elif what == "remove":
        people = list(session.seats)
        i = data.get("id")
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(people):
            raise Refused(400, "id")
        if session.seats[people[i]].role == "judge":
            raise Refused(400, "the Judge stays")
        session.remove_seat(people[i])
    else:
        raise Refused(404, "not found")
    return web.json_response({"ok": True})


async def qr_svg(request: web.Request) -> web.Response:
    session: Session = request.app[SESSION]
    _need(request, "judge")
    return web.Response(body=qr_code(join_address(session)), content_type="image/svg+xml")


def join_address(session: Session, path: str = "/join", code: str | None = None) -> str:
    host = session.address if session.address not in ("0.0.0.0", "::", "") else "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{session.port}{path}?code={code or session.gate.join_code}"


def qr_code(text: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=8, border=2, dark="#000000", light="#ffffff")
    return out.getvalue()


def make_app(session: Session) -> web.Application:
    app = web.Application(middlewares=[_guard], client_max_size=MAX_BODY)
    app[SESSION] = session
    app.router.add_get("/", index)
    for path in ("/table", "/player", "/judge"):
        app.router.add_get(path, page)
    app.router.add_get("/join", join)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/api/me", me)
    app.router.add_post("/api/seat", take_seat)
    app.router.add_post("/api/step", set_step)
    app.router.add_get("/api/table", api_table)
    app.router.add_get("/api/character", api_character)
    app.router.add_get("/api/house", api_house)
    app.router.add_post("/api/edit", api_edit)
    app.router.add_get("/api/sheet.pdf", sheet_pdf)
    app.router.add_get("/events", events)
    app.router.add_get("/api/judge", api_judge)
    app.router.add_post("/api/judge/{what}", judge_post)
    app.router.add_get("/qr.svg", qr_svg)
    return app


# ----- running it ---------------------------------------------------------------------------------
class SessionServer:
    """The server in a thread of its own with its own asyncio loop: ``start()`` returns once
    it listens (its port known), ``stop()`` closes every connection and joins the thread."""

    def __init__(
        self,
        host: Host,
        address: str = "127.0.0.1",
        port: int = 0,
        gate: S.Gate | None = None,
        accept_as_sent: bool = False,
    ):
        self.session = Session(host, gate, accept_as_sent, address, port)
        self.address, self.port = address, port
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    def start(self, timeout: float = 10.0) -> SessionServer:
        self._thread = threading.Thread(target=self._run, name="landsraad-session", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the session server did not start")
        if self._error is not None:
            raise self._error
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except BaseException as exc:  # noqa: BLE001 - handed to start()
            self._error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._close())
            # the event streams still waiting end here, not when the loop is thrown away
            pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for t in pending:
                t.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.close()

    async def _open(self) -> None:
        self._runner, self.port = await open_site(self.session, self.address, self.port)

    async def _close(self) -> None:
        self.session.detach()
        if self._runner is not None:
            await self._runner.cleanup()

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn()`` on the server's loop (the window changing the session), its result."""
        if self._loop is None:
            raise RuntimeError("not started")

        async def run():
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self) -> None:
        if self._loop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)
        self._thread = None

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"


async def open_site(session: Session, address: str, port: int) -> tuple[web.AppRunner, int]:
    session.attach(asyncio.get_running_loop())
    runner = web.AppRunner(make_app(session), access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    site = web.TCPSite(runner, address, port)
    await site.start()
    server = site._server
    sockets = getattr(server, "sockets", None) or []
    real_port = sockets[0].getsockname()[1] if sockets else port
    session.port = real_port
    return runner, real_port


def serve_forever(host: Host, address: str, port: int, announce: Callable[[Session], None]) -> None:
    """Run until SIGINT or SIGTERM (``landsraad serve``); ``announce`` prints the first line."""
    import signal

    async def main() -> None:
        session = Session(host, None, False, address, port)
        runner, _port = await open_site(session, address, port)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        announce(session)
        await stop.wait()
        session.detach()
        await runner.cleanup()

    asyncio.run(main())


def wait_for(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()
