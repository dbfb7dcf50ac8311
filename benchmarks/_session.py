"""The session server's followers (issue 26), in a process of its own:

    python benchmarks/_session.py EDITS CLIENTS    -> one JSON line

A headless session serves the example Fief on loopback; CLIENTS followers each do what the
TV page does (an event stream; on each event, GET /api/table).  The Judge renames a House
EDITS times; for each edit, the time from the accepted edit (the host's ``apply`` returned)
to each follower holding a table with the new name.  Prints the median and the 90th
percentile over every follower and edit, and the process's resident memory before the
followers joined, after the first 10 edits and after the last.
"""

from __future__ import annotations

import http.cookiejar
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Follower(threading.Thread):
    def __init__(self, base: str, code: str):
        super().__init__(daemon=True)
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.opener.open(f"{base}/join?code={code}&next=/table", timeout=10).read()
        self.want: str | None = None
        self.seen: dict[str, float] = {}
        self.ready = threading.Event()
        self.stop = False

    def run(self) -> None:
        with self.opener.open(self.base + "/events", timeout=60) as stream:
            self.ready.set()
            for raw in stream:
                if self.stop:
                    return
                if not raw.startswith(b"data:"):
                    continue
                body = self.opener.open(self.base + "/api/table", timeout=10).read().decode()
                now = time.perf_counter()
                want = self.want
                if want and want in body and want not in self.seen:
                    self.seen[want] = now


def main(edits: int, clients: int) -> dict:
    from landsraad.house import edits as he
    from landsraad.session.host import HeadlessHost
    from landsraad.session.server import SessionServer

    folder = Path(tempfile.mkdtemp(prefix="landsraad-bench-"))
    try:
        path = folder / "venhei-fief.json"
        shutil.copy(ROOT / "examples" / "venhei-fief.json", path)
        host = HeadlessHost([str(path)])
        server = SessionServer(host).start()
        base = f"http://127.0.0.1:{server.port}"
        before = rss_mb()
        followers = [Follower(base, server.session.gate.join_code) for _ in range(clients)]
        for f in followers:
            f.start()
        for f in followers:
            f.ready.wait(10)
        time.sleep(0.3)
        house = host.state("d1").houses[0].id
        samples: list[float] = []
        after_10 = before
        for i in range(edits):
            name = f"Felderon-{i:05d}"
            for f in followers:
                f.want = name
            start = {}

            def apply(name=name, start=start):
                host.apply("d1", he.rename_house, (house, name), {}, "Rename", "Judge")
                start["t"] = time.perf_counter()

            server.call(apply)
            end = time.perf_counter() + 5
            while time.perf_counter() < end and not all(name in f.seen for f in followers):
                time.sleep(0.0005)
            samples += [f.seen[name] - start["t"] for f in followers if name in f.seen]
            if i == 9:
                after_10 = rss_mb()
        after = rss_mb()
        for f in followers:
            f.stop = True
        server.stop()
        samples.sort()
        return {
            "edits": edits,
            "clients": clients,
            "samples": len(samples),
            "median_ms": statistics.median(samples) * 1000,
            "p90_ms": samples[int(len(samples) * 0.9)] * 1000,
            "rss_mb_before": round(before, 1),
            "rss_mb_after_10": round(after_10, 1),
            "rss_mb_after": round(after, 1),
        }
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def follow_forever(base: str, code: str, clients: int) -> None:
    """``--follow URL CODE N``: N followers of a running session, until killed (the window's
    benchmark measures its edits with them in another process, as browsers would be)."""
    followers = [Follower(base, code) for _ in range(clients)]
    for f in followers:
        f.start()
    for f in followers:
        f.ready.wait(10)
    print("following", flush=True)
    while True:
        time.sleep(1)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--follow"]:
        follow_forever(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    k = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    print(json.dumps(main(n, k)))
