"""Rules packs: every folder of ``content/`` that holds a ``pack.toml``.

A pack says who it is (``id``, ``name``), what it ``covers`` in one sentence, and the
``kinds`` of documents it makes (File > New offers them).  Packs are discovered, never
listed in code, so a pack another builder adds shows up by having its folder.
Qt-free; reads only ``pack.toml`` (not the pack's rules), so listing is cheap.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from landsraad.errors import ContentError
from landsraad.paths import content_dir


@dataclass(frozen=True)  # not attrs: the window lists packs at start-up, before any engine loads
class PackInfo:
    id: str
    name: str
    covers: str = ""
    kinds: tuple[str, ...] = ()
    folder: Path | None = None

    def to_json(self) -> dict:
        return {"id": self.id, "name": self.name, "covers": self.covers, "kinds": list(self.kinds)}


def read_pack(folder: Path) -> PackInfo:
    """The ``[pack]`` table of ``folder/pack.toml`` (top-level keys are accepted too)."""
    path = folder / "pack.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(str(path), "pack", f"cannot read: {exc}") from None
    table = data.get("pack", data)
    if not isinstance(table, dict):
        raise ContentError(str(path), "pack", "[pack] must be a table")
    ident = table.get("id") or folder.name
    name = table.get("name") or ident
    kinds = table.get("kinds", ())
    if isinstance(kinds, str):
        kinds = (kinds,)
    if not isinstance(ident, str) or not isinstance(name, str) or not all(isinstance(k, str) for k in kinds):
        raise ContentError(str(path), "pack", "id, name and kinds must be text")
    covers = table.get("covers", "")
    return PackInfo(ident, name, covers if isinstance(covers, str) else "", tuple(kinds), folder)


def list_packs(root: Path | None = None) -> list[PackInfo]:
    """Every pack under ``root`` (default: the app's content folder), the Landsraad pack
    first (it is the app's own), then by id."""
    from landsraad.paths import DEFAULT_PACK

    root = content_dir() if root is None else Path(root)
    if not root.is_dir():
        return []
    found = [read_pack(d) for d in sorted(root.iterdir()) if (d / "pack.toml").is_file()]
    return sorted(found, key=lambda p: (p.id != DEFAULT_PACK, p.id))


def pack_dir(pack_id: str, root: Path | None = None) -> Path:
    for p in list_packs(root):
        if p.id == pack_id and p.folder is not None:
            return p.folder
    raise ContentError(str(root or content_dir()), pack_id, "no such rules pack")


def pack_of_kind(kind: str, root: Path | None = None) -> PackInfo | None:
    """The pack whose ``kinds`` name this document kind ("quick-character" -> d20 Quick
    Rules), so a document that does not say its pack still finds it."""
    for p in list_packs(root):
        if kind in p.kinds:
            return p
    return None


def check_output(path, kind: str) -> None:
    """Refuse to write a ``kind`` document over an existing file that is something else
    (another kind of document, a PDF, any file that is not one of ours): the user's file
    is never replaced by mistake (cli-contract.md, -o).  The one rule of every write-back
    command: ``documents.guards.check_write_back``."""
    from landsraad.documents.guards import check_write_back

    check_write_back(path, kind)
