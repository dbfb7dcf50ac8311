"""Autosave and recovery: a simulated crash and the restore (issue 7)."""

import json
import os
import signal
import subprocess
import sys

from landsraad.character import document
from landsraad.documents.autosave import RecoveryStore
from tests.charbuild import complete_swordmaster

CRASHER = r"""
import os, sys
from landsraad.documents.autosave import RecoveryStore
from landsraad.character import document
from tests.charbuild import complete_swordmaster
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
    proc = subprocess.run([sys.executable, "-c", CRASHER, str(folder), str(user_file)],
                          capture_output=True, text=True, env=env, cwd=os.path.dirname(os.path.dirname(__file__)))
    assert proc.returncode == -signal.SIGKILL and "saved" in proc.stdout
    assert not user_file.exists()                        # the user's file is never written by autosave
    pending = RecoveryStore(folder).pending()            # next start
    assert [(r.kind, r.title, r.original) for r in pending] == [("character", "Duncan Idaho", str(user_file))]
    assert pending[0].saved_when                         # shown to the user
    restored = document.loads(pending[0].text)
    assert restored == complete_swordmaster()


def test_clean_exit_leaves_nothing_and_broken_documents_are_never_stored(tmp_path):
    store = RecoveryStore(tmp_path, debounce=0)
    assert store.save("a", "character", "x", '{"schema_version": 1}')
    assert not store.save("a", "character", "x", "")                 # empty
    assert not store.save("a", "character", "x", "{truncated")       # broken
    assert json.loads(json.loads(store.path_of("a").read_text())["document"]) == {"schema_version": 1}
    store.clean_exit(["a"])
    assert store.pending() == []


def test_debounce_saves_every_few_seconds_of_change(tmp_path):
    store = RecoveryStore(tmp_path, debounce=60)
    assert store.save("a", "fief", "F", "{}")
    assert not store.save("a", "fief", "F", '{"changed": 1}')        # within the interval
    assert store.save("a", "fief", "F", '{"changed": 1}', force=True)
