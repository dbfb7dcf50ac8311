"""What every command prints the same way: JSON on stdout, text lines on stdout."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(obj: Any) -> None:
    """Exactly one JSON object (or list) on stdout, UTF-8, as the contract says."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2) + "\n")


def out(line: str = "") -> None:
    sys.stdout.write(line + "\n")
