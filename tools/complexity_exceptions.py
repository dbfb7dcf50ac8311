"""Print the ``[tool.ruff.lint.per-file-ignores]`` lines for today's functions over the
complexity limit (``max-complexity`` in pyproject.toml), one file a line with its count.

The list in pyproject.toml only shrinks: run this after simplifying a function and paste
the shorter list; a new file over the limit is a function to split, not a line to add.

    .venv/bin/python -m tools.complexity_exceptions
"""

from __future__ import annotations

import collections
import json
import subprocess
import sys

PATHS = ["app", "tests", "benchmarks", "packaging", "tools"]


def main() -> int:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            *PATHS,
            "--select",
            "C901",
            "--config",
            "lint.per-file-ignores = {}",
            "--output-format",
            "json",
            "--exit-zero",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    counts = collections.Counter(d["filename"] for d in json.loads(run.stdout or "[]"))
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
    ).stdout.strip()
    for name, n in sorted(counts.items()):
        rel = name.removeprefix(root + "/")
        print(f'"{rel}" = ["C901"]{" " * max(1, 48 - len(rel))}# {n} function{"s" if n > 1 else ""}')
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
