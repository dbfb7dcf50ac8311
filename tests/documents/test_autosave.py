"""Autosave and recovery: a simulated crash and the restore (issue 7)."""

import json
import os
import signal
import subprocess
import sys

from landsraad.character import document
from landsraad.documents.autosave import RecoveryStore
from tests.support.charbuild import complete_swordmaster

CRASHER = r"""
import os, sys
from landsraad.documents.autosave import RecoveryStore
from landsraad.character import document
from tests.support.charbuild import complete_swordmaster
store = RecoveryStore(sys.argv[1], debounce=0)
ch = complete_swordmaster()
store.save("k1", "character", ch.name, document.dumps(ch), original=sys.argv[2])
print("saved", flush=True)
os.kill(os.getpid(), 9)   # the machine dies: no clean exit
"""


def test_crash_then_restore(tmp_path):
    folder = tmp_path / "recovery"
    user_file = tmp_path / "duncan.json"
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    proc = subprocess.run(
        [sys.executable, "-c", CRASHER, str(folder), str(user_file)],
        capture_output=True,
        text=True,
        env=env,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    )
    assert proc.returncode == -signal.SIGKILL and "saved" in proc.stdout
    assert not user_file.exists()  # the user's file is never written by autosave
    pending = RecoveryStore(folder).pending()  # next start
    assert [(r.kind, r.title, r.original) for r in pending] == [("character", "Duncan Idaho", str(user_file))]
    assert pending[0].saved_when  # shown to the user
    restored = document.loads(pending[0].text)
    assert restored == complete_swordmaster()


def test_clean_exit_leaves_nothing_and_broken_documents_are_never_stored(tmp_path):
    store = RecoveryStore(tmp_path, debounce=0)
    assert store.save("a", "character", "x", '{"schema_version": 1}')
    assert not store.save("a", "character", "x", "")  # empty
    assert not store.save("a", "character", "x", "{truncated")  # broken
    assert json.loads(json.loads(store.path_of("a").read_text())["document"]) == {"schema_version": 1}
    store.clean_exit(["a"])
    assert store.pending() == []


def test_debounce_saves_every_few_seconds_of_change(tmp_path):
    store = RecoveryStore(tmp_path, debounce=60)
    assert store.save("a", "fief", "F", "{}")
    assert not store.save("a", "fief", "F", '{"changed": 1}')  # within the interval
    assert store.save("a", "fief", "F", '{"changed": 1}', force=True)


# ----- owners: a running instance's files are never offered nor deleted (issue 13) ----------
OWNER = r"""
import sys
from landsraad.documents.autosave import RecoveryStore
store = RecoveryStore(sys.argv[1], debounce=0)
store.save("live1", "fief", "Venhei", '{"kind": "fief"}')
print("saved", flush=True)
sys.stdin.readline()          # alive until the test closes our stdin (or kills us)
"""


def _start_owner(folder):
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    proc = subprocess.Popen(
        [sys.executable, "-c", OWNER, str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
    )
    assert proc.stdout.readline().strip() == "saved"
    return proc


def test_a_second_instance_never_offers_a_running_instances_files(tmp_path):
    folder = tmp_path / "recovery"
    proc = _start_owner(folder)
    try:
        second = RecoveryStore(folder)
        scan = second.scan()
        assert scan.offered == [] and scan.busy == 1 and scan.unreadable == []
        second.end_offer()
        assert (folder / "live1.json").exists()  # nothing deleted under a live owner
    finally:
        proc.kill()  # the owner dies (SIGKILL: no clean exit)
        proc.wait()
        proc.stdin.close()
        proc.stdout.close()
    scan = RecoveryStore(folder).scan()  # now its work is a crash's leftover
    assert [(r.key, r.title) for r in scan.offered] == [("live1", "Venhei")] and scan.busy == 0


def test_one_crash_is_offered_by_one_instance_at_a_time(tmp_path):
    a = RecoveryStore(tmp_path, debounce=0)
    a.save("k", "character", "Duncan", '{"kind": "character"}')
    b = RecoveryStore(tmp_path)
    assert b.pending() == []  # a is alive (in this process, as another instance)
    a.release()  # a goes away without cleaning up, as in a crash
    scan_b = b.scan()  # b offers it, and holds a's lock while asking
    assert [r.key for r in scan_b.offered] == ["k"]
    c = RecoveryStore(tmp_path)
    scan_c = c.scan()
    assert scan_c.offered == [] and scan_c.busy == 1  # a third start meanwhile does not offer it again
    c.end_offer()
    b.end_offer()
    assert [r.key for r in RecoveryStore(tmp_path).pending()] == ["k"]


def test_a_clean_exit_leaves_no_lock_file(tmp_path):
    a = RecoveryStore(tmp_path, debounce=0)
    a.save("k", "fief", "F", "{}")
    assert list(tmp_path.glob("owner-*.lock"))
    a.clean_exit(["k"])
    assert list(tmp_path.iterdir()) == []


def _record(**over):
    rec = {
        "key": "ok",
        "kind": "character",
        "title": "Duncan",
        "original": None,
        "saved_at": "2026-12-01T10:00:00+00:00",
        "document": '{"kind": "character"}',
    }
    rec.update(over)
    return json.dumps(rec)


def test_odd_recovery_files_are_skipped_with_a_reason_and_the_valid_ones_offered(tmp_path):
    (tmp_path / "good.json").write_text(_record(key="good"))
    bad = {
        "yesterday.json": _record(saved_at="yesterday"),
        "naive.json": _record(saved_at="2026-12-01T10:00:00"),
        "types.json": _record(title=5, document={"kind": "character"}),
        "kind.json": _record(kind="<b>spice</b>"),
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deepdoc.json": _record(document="[" * 100_000 + "]" * 100_000),
        "notjson.json": "{truncated",
        "list.json": "[1, 2]",
        "binary.json": b"\xff\xfe\x00garbage",
    }
    for name, text in bad.items():
        p = tmp_path / name
        p.write_bytes(text if isinstance(text, bytes) else text.encode())
    scan = RecoveryStore(tmp_path).scan()
    assert [r.key for r in scan.offered] == ["good"]
    reasons = {u.path.name: u.reason for u in scan.unreadable}
    assert set(reasons) == set(bad)
    assert "yesterday" in reasons["yesterday.json"] and "not a time" in reasons["yesterday.json"]
    assert "time zone" in reasons["naive.json"]
    assert "'title' is int" in reasons["types.json"]
    assert "nested too deeply" in reasons["deep.json"] and "nested too deeply" in reasons["deepdoc.json"]
    assert scan.offered[0].saved_when  # a valid time, shown to the user


def test_restoring_knows_whether_the_users_file_changed_since(tmp_path):
    from landsraad.documents.autosave import file_stamp

    user = tmp_path / "duncan.json"
    user.write_text('{"kind": "character", "name": "Duncan"}')
    store = RecoveryStore(tmp_path / "rec", debounce=0)
    store.save("k", "character", "Duncan", '{"kind": "character"}', original=str(user), original_stamp=file_stamp(user))
    store.release()
    (rec,) = RecoveryStore(tmp_path / "rec").pending()
    assert not rec.original_changed()
    user.write_text('{"kind": "character", "name": "Duncan, edited elsewhere"}')
    assert rec.original_changed()
