"""Issue 28: two processes writing one document lost updates (30 + 30 ``fief month``
runs advanced 34 months).  Every write-back command holds the document's lock for its
whole read-modify-write (``documents.guards.locked``, a lock file beside it)."""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from landsraad.documents import guards
from landsraad.errors import FileWriteError

FIEF = Path(__file__).parents[1] / "data" / "documents" / "fief-v2.json"

LOOP = textwrap.dedent("""
    import sys
    from landsraad.cli import main
    path, n = sys.argv[1], int(sys.argv[2])
    for _ in range(n):
        code = main(["fief", "month", path, "-o", path, "--json"])
        assert code == 0, code
""")


def test_thirty_and_thirty_months_in_two_processes_advance_sixty(tmp_path):
    fief = tmp_path / "venhei.json"
    fief.write_bytes(FIEF.read_bytes())
    start = json.loads(fief.read_text(encoding="utf-8"))["month"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", LOOP, str(fief), "30"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        for _ in range(2)
    ]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err.decode()
    assert json.loads(fief.read_text(encoding="utf-8"))["month"] == start + 60
    assert not guards.lock_path(fief).exists()  # the lock file goes with the lock


def test_a_second_writer_waits_then_is_refused_with_a_clear_message(tmp_path):
    fief = tmp_path / "venhei.json"
    fief.write_bytes(FIEF.read_bytes())
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent("""
        import sys, time
        from landsraad.documents.guards import locked
        with locked([sys.argv[1]]):
            print("held", flush=True)
            time.sleep(3)
        """),
            str(fief),
        ],
        stdout=subprocess.PIPE,
    )
    assert holder.stdout.readline().strip() == b"held"
    t0 = time.monotonic()
    with pytest.raises(FileWriteError, match="being changed by another Landsraad Forge process"):
        with guards.locked([fief], timeout=0.3):
            pass
    assert 0.25 < time.monotonic() - t0 < 2.5
    with guards.locked([fief], timeout=10):  # the holder lets go: the waiter gets it
        pass
    holder.wait(timeout=10)
    holder.stdout.close()


def test_a_lock_in_a_read_only_place_does_not_stop_a_read(tmp_path):
    with guards.locked([tmp_path / "no-such-folder" / "x.json"]):
        pass
