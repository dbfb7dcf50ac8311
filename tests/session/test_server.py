"""The session server over real HTTP on loopback (issue 26): seats, edits written back,
the TV's table, House secrets, and the security list, asked as each seat."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from landsraad.session import security as S
from landsraad.session.host import HeadlessHost
from landsraad.session.server import SessionServer
from tests.support.session import Client, prepared_fief


@pytest.fixture
def served(tmp_path):
    path = prepared_fief(tmp_path)
    host = HeadlessHost([str(path)])
    server = SessionServer(host).start()
    yield server, host, path
    server.stop()


def _client(server) -> Client:
    return Client(f"http://127.0.0.1:{server.port}")


def _house_id(host, name):
    fief = host.state("d1")
    return next(h.id for h in fief.houses if h.name == name)


# ----- codes, cookies, CSRF ------------------------------------------------------------------------
def test_codes_are_long_unambiguous_new_at_every_start_and_the_judge_has_its_own():
    seen = set()
    for _ in range(20):
        g = S.Gate()
        assert len(g.join_code) >= 8 and len(g.judge_code) >= 8
        assert g.join_code != g.judge_code
        assert not set(g.join_code + g.judge_code) & set("0O1IL")
        seen.add(g.join_code)
    assert len(seen) == 20


def test_wrong_codes_are_403_then_429_for_a_minute_even_for_the_right_code():
    now = [1000.0]
    g = S.Gate(clock=lambda: now[0])
    for _ in range(9):
        assert g.check("10.0.0.9", "WRONGCODE") is None
        assert not g.blocked("10.0.0.9")
    assert g.check("10.0.0.9", "WRONGCODE") is None
    assert g.blocked("10.0.0.9")  # the 10th wrong try blocks the address
    assert not g.blocked("10.0.0.8")  # another address is not blocked
    now[0] += 59
    assert g.blocked("10.0.0.9")
    now[0] += 2
    assert not g.blocked("10.0.0.9")
    assert g.check("10.0.0.9", g.join_code.lower()) == "player"  # typed in lower case on a phone


def test_join_sets_a_strict_httponly_cookie_and_wrong_codes_lock_out(served):
    server, _host, _path = served
    c = _client(server)
    status, headers = c.join(server.session.gate.join_code)
    assert status == 302 and headers["Location"] == "/player"
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    bad = _client(server)
    codes = [bad.join("WRONG234")[0] for _ in range(10)]
    assert codes[:9] == [403] * 9 and codes[9] == 429
    assert bad.join(server.session.gate.join_code)[0] == 429  # blocked for the minute


def test_next_is_only_a_path_of_the_session(served):
    server, _host, _path = served
    code = server.session.gate.join_code
    c = _client(server)
    assert c.join(code, "/table")[1]["Location"] == "/table"
    for evil in ("https://evil.example/", "//evil.example", "/judge", "/api/judge"):
        d = _client(server)
        assert d.join(code, evil)[1]["Location"] == "/player"


def test_every_post_needs_the_seats_csrf_token_and_json(served):
    server, _host, _path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    assert c.post("/api/seat", {"name": "Kara", "kind": "new"}, csrf="")[0] == 403
    assert c.post("/api/seat", {"name": "Kara", "kind": "new"}, csrf="x" * 32)[0] == 403
    status, _h, _b = c.request(
        "POST",
        "/api/seat",
        b"name=Kara&kind=new",
        {"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": c.csrf},
    )
    assert status == 415
    assert c.seat("Kara", kind="new")[0] == 200
    anonymous = _client(server)
    assert anonymous.post("/api/edit", {"edit": "set-text", "args": {}}, csrf="")[0] == 403


def test_headers_forbid_inline_scripts_and_framing(served):
    server, _host, _path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    for path in ("/player", "/api/me", "/static/app.js"):
        status, headers, body = c.get(path)
        assert status == 200
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    _s, _h, html = c.get("/player")
    assert b"<script>" not in html and b"onclick" not in html  # no inline script at all


def test_bodies_over_the_limit_are_413_and_junk_is_a_clear_400(served):
    server, _host, _path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    c.seat("Kara", kind="new")
    assert c.post("/api/edit", None, raw=b"{" + b" " * (70 * 1024) + b"}")[0] == 413
    for junk in (
        b"not json",
        b"[1,2]",
        b'{"edit": 5}',
        b'{"edit": "exec", "args": {}}',
        b'{"edit": "answer-choice", "args": {"step": "early-life", "n": "2", "tokens": []}}',
        b'{"edit": "set-text", "args": {"attr": "__class__", "value": "x"}}',
        b'{"edit": "answer-choice", "args": ' + b"[" * 200 + b"]" * 200 + b"}",
        b'{"edit": "take-template", "args": {"step": "../../etc", "template": "x"}}',
    ):
        status, data = c.post("/api/edit", None, raw=junk)
        assert status in (400, 415), (junk, status)
        assert "Traceback" not in json.dumps(data)
    assert c.get("/api/me")[0] == 200  # still answering


def test_nothing_from_a_request_reaches_a_file_path(served):
    server, _host, path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    for evil in (
        "/static/../../pyproject.toml",
        "/static/%2e%2e%2fserver.py",
        "/static/server.py",
        "/static/..%2f..%2fetc%2fpasswd",
        "/static/",
    ):
        assert c.get(evil)[0] == 404
    c.seat("../../evil", kind="new")
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == ["session-character-1.json", "venhei-fief.json", "venhei-fief.json.bak"]  # no name from a request


def test_names_are_cleaned_and_bounded(served):
    server, _host, _path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    assert c.seat("Kara" + "x" * 100_000, kind="new")[0] == 413  # 10^5 characters: over the body limit
    status, _d = c.seat("<script>alert(1)</script>\u202eKara" + "x" * 50_000, kind="new")
    assert status == 200
    me = c.get_json("/api/me")[1]
    assert "\u202e" not in me["name"] and len(me["name"]) == S.PLAYER_NAME
    assert me["name"].startswith("<script>alert(1)</script>Kara")  # kept as text (the pages set text, never HTML)
    assert c.edit("set-text", attr="name", value="y" * 50_000)[0] == 400  # a document name is bounded too


# ----- a character built from a phone ------------------------------------------------------------
def test_a_new_character_is_built_with_the_engines_edits_and_written_back(served):
    server, _host, path = served
    c = _client(server)
    c.join(server.session.gate.join_code)
    assert c.seat("Kara", kind="new")[0] == 200
    status, ch = c.get_json("/api/character")
    assert status == 200 and ch["title"] == "Kara"
    assert [s["n"] for s in ch["steps"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert c.edit("take-template", step="early-life", template="commoner-upbringing")[0] == 200
    ch = c.get_json("/api/character")[1]
    taken = ch["templates"]["early-life"]["taken"]
    # Commoner Upbringing: "Choose any three of the following" (L2897, L2839)
    choice = taken["choices"][0]
    assert choice["count"] == 3 and {"attack", "hearing", "perform"} <= {o["id"] for o in choice["options"]}
    assert c.edit("answer-choice", step="early-life", n=1, tokens=["attack", "hearing", "sight"])[0] == 200
    ch = c.get_json("/api/character")[1]
    choice = ch["templates"]["early-life"]["taken"]["choices"][0]
    assert choice["picked"] == 3
    left = [o for o in choice["options"] if o["count"] == 0]
    assert left and all(o["reason"].startswith("This choice is full (3 of 3 picked)") for o in left)
    written = json.loads((path.parent / "session-character-1.json").read_text())
    assert written["character"]["early_life"]["template"] == "commoner-upbringing"
    assert (path.parent / "session-character-1.json.bak").exists()  # atomic, the earlier version kept
    # the TV says who is building what
    c.post("/api/step", {"step": "house-service"})
    tv = _client(server)
    tv.join(server.session.gate.join_code, "/table")
    assert "Kara — Step 04" in tv.get_json("/api/table")[1]["building"]
    status, headers, pdf = c.get("/api/sheet.pdf")
    assert status == 200 and pdf.startswith(b"%PDF") and headers["Content-Type"] == "application/pdf"


def test_the_table_json_is_the_window_table_views_own_computation(served):
    from landsraad.house.content import load_house_content
    from landsraad.house.scores import house_scores
    from landsraad.present.table import score_rows

    server, host, _path = served
    tv = _client(server)
    tv.join(server.session.gate.join_code, "/table")
    data = tv.get_json("/api/table")[1]["doc"]
    fief, hc = host.state("d1"), load_house_content()
    rows = score_rows(fief.houses, hc, {h.id: house_scores(fief, h, hc) for h in fief.houses})
    assert data["scores"]["rows"] == rows[1:]
    assert data["scores"]["header"][1:] == [
        "Warfare",
        "Defense",
        "Espionage",
        "Influence",
        "Dominion",
        "Territory",
        "Treasury",
    ]
    # House Felderon's history as the rulebook rolls it (L1156): 2x9 Glory, 3x8 Victory, 2x6 Infrastructure
    assert data["history"]["lines"][:3] == [
        "2x9  Glory: +10 Treasury, +5 Defense",
        "3x8  Victory: +10 Defense, +10 Treasury",
        "2x6  Infrastructure: +10 Influence",
    ]


def test_a_character_seat_cannot_touch_the_fief_and_a_house_seat_cannot_touch_characters(served):
    server, host, _path = served
    a = _client(server)
    a.join(server.session.gate.join_code)
    a.seat("Kara", kind="new")
    assert a.edit("strategy", strategy="warmonger")[0] == 403
    assert a.get_json("/api/house")[0] == 404
    b = _client(server)
    b.join(server.session.gate.join_code)
    b.seat("Ilse", kind="house", doc="d1", house=_house_id(host, "Felderon"))
    assert b.edit("set-text", attr="name", value="Stolen")[0] == 403
    assert b.get_json("/api/character")[0] == 404
    # the character already seated is not offered to anyone else
    c = _client(server)
    c.join(server.session.gate.join_code)
    assert c.seat("Mallory", kind="character", doc="d2")[0] == 409


# ----- House secrets ---------------------------------------------------------------------------
def test_secret_orders_reach_only_their_house_and_the_judge(served):
    server, host, _path = served
    code = server.session.gate.join_code
    felderon, banthet = _house_id(host, "Felderon"), _house_id(host, "Banthet")
    a, b, tv, judge = _client(server), _client(server), _client(server), _client(server)
    a.join(code), b.join(code), tv.join(code, "/table"), judge.join(server.session.gate.judge_code)
    a.seat("Ilse", kind="house", doc="d1", house=felderon)
    b.seat("Tomas", kind="house", doc="d1", house=banthet)
    # each House's orders (L4883: Strategy, a Venture per High Householder)
    assert a.edit("strategy", strategy="warmonger")[1]["state"] == "sent"
    assert a.edit("venture", director="Helene Felderon", venture="investigate", against=banthet)[0] == 200
    assert b.edit("strategy", strategy="courtesan")[1]["state"] == "sent"
    # Misinform: a fake Strategy and fake Ventures (L4912)
    assert (
        b.edit(
            "venture",
            director="Orrin Banthet",
            venture="misinform",
            fake_strategy="builder",
            fake_ventures=["attack", "develop"],
        )[0]
        == 200
    )
    pending = judge.get_json("/api/judge")[1]["proposals"]
    assert len(pending) == 4
    for p in pending:
        assert judge.post("/api/judge/accept", {"id": p["id"]})[1]["state"] == "accepted", p
    fief = host.state("d1")
    assert fief.house(felderon).domain.pending_strategy == "warmonger"
    assert fief.house(banthet).domain.venture_of("Orrin Banthet").fake_strategy == "builder"
    assert fief.house(banthet).domain.venture_of("Orrin Banthet").fake_ventures == ["attack", "develop"]
    # the Judge resolves Investigate (L4910): Felderon learns Banthet's Strategy... or the fake one
    from landsraad.house.ventures import resolve_venture

    # Misinform first (its Difficulty applies to the Investigate, spec §7 steps 5-6)
    server.call(lambda: host.apply("d1", resolve_venture, (banthet, "Orrin Banthet"), {"seed": 5}, "Resolve", "Judge"))
    server.call(
        lambda: host.apply(
            "d1", resolve_venture, (felderon, "Helene Felderon"), {"seed": 2, "against_seed": 8}, "Resolve", "Judge"
        )
    )
    learnt = host.state("d1").house(felderon).domain.knowledge
    answers = {}
    for who, client in (("felderon", a), ("banthet", b), ("tv", tv)):
        texts = []
        for path in ("/api/me", "/api/table", "/api/house", "/api/character", "/api/judge", "/events?x"):
            if path.startswith("/events"):
                continue
            texts.append(client.get(path)[2].decode())
        answers[who] = "\n".join(texts)
    # the secrets as the answers would carry them (option lists name every Strategy for everyone)
    secrets = {
        "felderon": [
            "Helene Felderon",
            "Decide on the warmonger Strategy",
            '"pending": "warmonger"',
            '"venture": "investigate"',
        ],
        "banthet": [
            "Orrin Banthet",
            "Decide on the courtesan Strategy",
            '"pending": "courtesan"',
            '"fake_strategy": "builder"',
            '"venture": "misinform"',
        ],
    }
    for own, other in (("felderon", "banthet"), ("banthet", "felderon")):
        for secret in secrets[own]:
            assert secret in answers[own], (own, secret)
            assert secret not in answers[other], (other, secret)
            assert secret not in answers["tv"], ("tv", secret)
    # what Felderon learnt (Investigate: Banthet's Strategy, true or Misinform's fake) is Felderon's alone
    assert learnt and learnt[-1].about == banthet
    learnt_json = '"source": "investigate"'
    assert learnt_json in answers["felderon"]
    assert learnt_json not in answers["banthet"] and learnt_json not in answers["tv"]
    # ...and the House's page reads it in words, as the window says it (the page words nothing)
    turn = a.get_json("/api/house")[1]["turn"]
    assert turn["strategy_line"].startswith("Strategy: Neutral (Warmonger")  # names, not ids
    assert turn["venture_lines"] and turn["venture_lines"][0].startswith(
        "Helene Felderon's Investigate against House Banthet"
    )
    assert turn["knowledge_lines"][-1].startswith("month 1, Investigate on House Banthet: ")
    assert "(a fake)" not in " ".join(turn["knowledge_lines"])  # never told whether it is true (L4912)
    for line in turn["venture_lines"] + turn["operation_lines"] + turn["knowledge_lines"]:
        assert "{" not in line and "':" not in line and '":' not in line, line


def test_history_choices_wait_for_the_judge_to_hand_them_over(served):
    server, host, _path = served
    felderon = _house_id(host, "Felderon")
    a, judge = _client(server), _client(server)
    a.join(server.session.gate.join_code)
    judge.join(server.session.gate.judge_code)
    a.seat("Ilse", kind="house", doc="d1", house=felderon)
    assert a.edit("history-choice", source="2x9", option=1)[0] == 403
    assert judge.post("/api/judge/hand-over", {"doc": "d1", "house": felderon, "on": True})[0] == 200
    judge.post("/api/judge/accept-as-sent", {"on": True})
    status, out = a.edit("history-choice", source="2x9", option=1)
    assert status == 200 and out["state"] in ("accepted", "refused")


def test_a_removed_player_loses_the_seat(served):
    server, _host, _path = served
    a, judge = _client(server), _client(server)
    a.join(server.session.gate.join_code)
    a.seat("Kara", kind="new")
    judge.join(server.session.gate.judge_code)
    people = judge.get_json("/api/judge")[1]["people"]
    kara = next(p for p in people if p["name"] == "Kara")
    assert judge.post("/api/judge/remove", {"id": kara["id"]})[0] == 200
    assert a.get_json("/api/character")[0] == 403


def test_an_edit_reaches_a_follower_within_half_a_second(served):
    import urllib.request

    server, host, _path = served
    tv = _client(server)
    tv.join(server.session.gate.join_code, "/table")
    seen = []
    got = threading.Event()

    def listen():
        req = urllib.request.Request(tv.base + "/events")
        with tv.opener.open(req, timeout=10) as r:
            for raw in r:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    seen.append((time.monotonic(), json.loads(line[5:])))
                    if len(seen) >= 2:
                        got.set()
                        return

    t = threading.Thread(target=listen, daemon=True)
    t.start()
    time.sleep(0.3)
    from landsraad.house import edits as he

    felderon = _house_id(host, "Felderon")
    start = time.monotonic()
    server.call(lambda: host.apply("d1", he.rename_house, (felderon, "Felderon-Nasteur"), {}, "Rename", "Judge"))
    assert got.wait(2)
    assert seen[-1][0] - start < 0.5 and seen[-1][1]["doc"] == "d1"
    assert "Felderon-Nasteur" in tv.get("/api/table")[2].decode()


# ----- landsraad serve ---------------------------------------------------------------------------
def test_serve_prints_address_and_code_serves_the_tv_and_stops_on_sigterm(tmp_path):
    path = prepared_fief(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "landsraad", "serve", str(path), "--port", "18131"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        first = proc.stdout.readline()
        assert first.startswith("http://127.0.0.1:18131/join?code=")
        code = first.split("code ")[-1].strip()
        assert len(code) >= 8 and f"code={code}" in first
        tv = Client("http://127.0.0.1:18131")
        assert tv.join(code, "/table")[1]["Location"] == "/table"
        assert "Felderon" in tv.get_json("/api/table")[1]["doc"]["scores"]["rows"][0][0]
        assert tv.get("/table")[0] == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0 and "Traceback" not in err


def test_serve_bad_input_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for argv in ([str(bad)], [str(tmp_path / "missing.json")], [str(prepared_fief(tmp_path)), "--port", "x"]):
        r = subprocess.run(
            [sys.executable, "-m", "landsraad", "serve", *argv], capture_output=True, text=True, timeout=60
        )
        assert r.returncode == 2 and r.stderr.startswith("landsraad: error: ") and r.stderr.count("\n") == 1


def test_the_judges_answers_and_their_refusals(served):
    server, host, _path = served
    felderon = _house_id(host, "Felderon")
    a, judge = _client(server), _client(server)
    a.join(server.session.gate.join_code)
    a.seat("Ilse", kind="house", doc="d1", house=felderon)
    assert a.get_json("/api/judge")[0] == 403 and a.get("/qr.svg")[0] == 403
    assert a.post("/api/judge/accept", {"id": 1})[0] == 403
    judge.join(server.session.gate.judge_code)
    assert judge.get("/judge")[0] == 200 and a.get("/judge")[0] == 302
    sent = a.edit("strategy", strategy="warmonger")[1]
    assert judge.post("/api/judge/refuse", {"id": sent["id"], "reason": "Not this month\u202e"})[0] == 200
    mine = a.get_json("/api/house")[1]["pending"]
    assert mine[0]["state"] == "refused" and mine[0]["reason"] == "Not this month"
    for what, body in (
        ("accept", {"id": sent["id"]}),
        ("refuse", {"id": sent["id"]}),
        ("accept", {"id": "1"}),
        ("refuse", {"id": True}),
        ("remove", {"id": 99}),
        ("nothing", {}),
    ):
        assert judge.post(f"/api/judge/{what}", body)[0] in (400, 404), what
    people = judge.get_json("/api/judge")[1]["people"]
    me = next(p for p in people if p["role"] == "judge")
    assert judge.post("/api/judge/remove", {"id": me["id"]})[0] == 400  # the Judge stays
    # an order the engine refuses is refused with its reason, to its House only
    judge.post("/api/judge/accept-as-sent", {"on": True})
    out = a.edit("venture", director="Nobody", venture="develop", target="espionage")[1]
    assert out["state"] == "refused" and "is not an active High Householder" in out["reason"]
    assert judge.post("/api/judge/hand-over", {"doc": "d1", "house": felderon, "on": False})[0] == 200
    # a seat's page and the pages of a seat it is not
    assert a.get("/")[0] == 302 and a.get("/player")[0] == 200
    nobody = _client(server)
    assert nobody.get("/")[0] == 200 and nobody.get("/table")[0] == 302 and nobody.get_json("/api/me")[0] == 403
    assert nobody.get("/static/style.css")[0] == 200


def test_serve_forever_stops_on_sigterm_in_process(tmp_path):
    import os
    import signal

    from landsraad.session.server import join_address, serve_forever

    host = HeadlessHost([str(prepared_fief(tmp_path))])
    seen = []

    def announce(session):
        seen.append(join_address(session))
        os.kill(os.getpid(), signal.SIGTERM)  # the loop's handler stops it, cleanly

    serve_forever(host, "127.0.0.1", 0, announce)
    assert seen and seen[0].startswith("http://127.0.0.1:")
