"""Atomic saves: SIGKILL a process that saves over and over; the file on disk is always a
complete old or new document, never truncated or mixed (issue 7)."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from landsraad.documents.save import backup_path, save_text

WRITER = r"""
import sys
from landsraad.documents.save import save_text
path = sys.argv[1]
docs = [sys.argv[2], sys.argv[3]]
print("ready", flush=True)
i = 0
while True:
    save_text(path, docs[i % 2])
    i += 1
"""


def _doc(tag: str) -> str:
    # big enough that a torn write would be visible (several file-system blocks)
    return json.dumps({"schema_version": 1, "kind": "test", "tag": tag, "payload": [tag * 40] * 400}) + "\n"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX only")
def test_sigkill_never_leaves_a_torn_file(tmp_path):
    path = tmp_path / "doc.json"
    a, b = _doc("A"), _doc("B")
    save_text(path, a)
    rng = random.Random(7)
    for _ in range(50):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), a, b], stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        for target in (path, backup_path(path)):
            if target.exists():
                assert target.read_text(encoding="utf-8") in (a, b), "torn or mixed file"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # a kill between mkstemp and replace may leave a temp file beside it, never in place of it
    assert all(name.startswith(".") for name in leftovers)


def test_previous_version_kept_as_backup(tmp_path):
    path = tmp_path / "c.json"
    save_text(path, "one\n")
    save_text(path, "two\n")
    assert path.read_text() == "two\n" and backup_path(path).read_text() == "one\n"
