"""Issue 28: the recovery folder could stop the window from starting (a FIFO named
``*.json`` blocked the start, a link to /dev/zero exhausted memory, a record whose
original is a FIFO hung a restore) and stale ``.landsraad-*.tmp`` files piled up."""

import json
import os
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

from landsraad.documents.autosave import RecoveryStore, file_stamp

CHARACTER = Path(__file__).parents[1] / "data" / "documents" / "character-v1.json"


def _scan_within(store, seconds=5.0):
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("scan", store.scan()), daemon=True)
    t.start()
    t.join(seconds)
    assert "scan" in box, "the scan blocked"
    store.end_offer()
    return box["scan"]


def _record(folder, name, original):
    rec = {
        "key": name,
        "kind": "character",
        "title": "Paul",
        "saved_at": datetime.now(UTC).isoformat(),
        "document": CHARACTER.read_text(encoding="utf-8"),
        "original": str(original),
        "original_stamp": "0" * 64,
    }
    (folder / f"{name}.json").write_text(json.dumps(rec), encoding="utf-8")


def test_fifos_devices_and_links_out_of_the_folder_are_unreadable_files_not_a_hang(tmp_path):
    folder = tmp_path / "recovery"
    folder.mkdir()
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    outside = tmp_path / "secret.json"
    outside.write_text("{}", encoding="utf-8")
    (folder / "out.json").symlink_to(outside)
    _record(folder, "good", tmp_path / "paul.json")
    scan = _scan_within(RecoveryStore(folder))
    assert [r.key for r in scan.offered] == ["good"]
    reasons = {u.path.name: u.reason for u in scan.unreadable}
    assert set(reasons) == {"pipe.json", "zero.json", "out.json"}
    assert "regular file" in reasons["pipe.json"] and "link" in reasons["zero.json"]


def test_a_record_whose_original_is_a_fifo_does_not_hang_its_restore(tmp_path):
    fifo = tmp_path / "paul.json"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    assert file_stamp(fifo) is None
    folder = tmp_path / "recovery"
    folder.mkdir()
    _record(folder, "k", fifo)
    (rec,) = _scan_within(RecoveryStore(folder)).offered
    assert rec.original_changed() and time.monotonic() - t0 < 2


def test_stale_temporary_files_are_cleaned_from_the_recovery_folder(tmp_path):
    folder = tmp_path / "recovery"
    folder.mkdir()
    stale, fresh = folder / ".landsraad-abc.json.x1y2z3w4.tmp", folder / ".landsraad-def.json.a1b2c3d4.tmp"
    for p in (stale, fresh):
        p.write_text("half a save", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    _scan_within(RecoveryStore(folder))
    assert not stale.exists() and fresh.exists()
