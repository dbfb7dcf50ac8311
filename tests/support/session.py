"""Shared pieces of the session tests: a served Fief with two player Houses, and a small
HTTP client with its own cookie jar (a browser's seat) speaking to the server over loopback."""

from __future__ import annotations

import http.cookiejar
import json
import shutil
import urllib.error
import urllib.request
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


def prepared_fief(folder: Path) -> Path:
    """The rulebook's Venhei Fief (L1152-L1193: Houses Felderon, Banthet and Vorst), with
    Felderon and Banthet the players' Houses and a High Householder each (L4883: High
    Householders direct the Ventures)."""
    from landsraad.documents.codec import load_document, save_document
    from landsraad.house.domain import add_householder

    path = folder / "venhei-fief.json"
    shutil.copy(EXAMPLE, path)
    _kind, fief = load_document(path)
    for h in fief.houses:
        if h.name in ("Felderon", "Banthet"):
            h.player = True
    felderon = next(h for h in fief.houses if h.name == "Felderon")
    banthet = next(h for h in fief.houses if h.name == "Banthet")
    add_householder(fief, felderon.id, "Helene Felderon", "high")
    add_householder(fief, banthet.id, "Orrin Banthet", "high")
    save_document("fief", fief, path)
    return path


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


class Client:
    """One browser: its cookies, its seat's CSRF token once it asked /api/me."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())
        self.csrf = ""

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with self.opener.open(req, timeout=20) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def get(self, path: str):
        return self.request("GET", path)

    def get_json(self, path: str):
        status, _h, body = self.get(path)
        return status, json.loads(body) if body else None

    def post(self, path: str, data, csrf: str | None = None, raw: bytes | None = None):
        body = raw if raw is not None else json.dumps(data).encode()
        status, _h, out = self.request(
            "POST",
            path,
            body,
            {"Content-Type": "application/json", "X-CSRF-Token": self.csrf if csrf is None else csrf},
        )
        try:
            return status, json.loads(out)
        except ValueError:
            return status, out

    def join(self, code: str, nxt: str = ""):
        status, headers, _b = self.get(f"/join?code={code}" + (f"&next={nxt}" if nxt else ""))
        if status == 302:
            self.csrf = self.get_json("/api/me")[1]["csrf"]
        return status, headers

    def seat(self, name: str, **kind):
        return self.post("/api/seat", {"name": name, **kind})

    def edit(self, edit: str, **args):
        return self.post("/api/edit", {"edit": edit, "args": args})
