"""The documents of the d20 Quick Rules and Dune conflict packs in the window: a d20
character (kind ``quick-character``) and a conflict's order of action (kind ``conflict``).
Each recomputes its findings, saves through its pack's codec and prints its own sheet."""

from __future__ import annotations

from landsraad.gui.documents import Document


class QuickDocument(Document):
    """A d20 Quick Rules character (kind ``quick-character``)."""
    kind = "quick-character"
    label = "d20 character"

    def __init__(self, character=None, path: str | None = None, content=None, parent=None):
        from landsraad.packs.quick.content import load_quick_content
        from landsraad.packs.quick.model import QuickCharacter
        self.content = content or load_quick_content()
        super().__init__(character if character is not None else QuickCharacter(), path, parent)

    def recompute(self) -> None:
        from landsraad.packs.quick.validate import validate
        self.findings = validate(self.state, self.content)

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.packs.quick import document
        document.save(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.quick import document
        return document.dumps(self.state)

    def export_pdf(self, path: str) -> None:
        from landsraad.sheets.quick import export_quick
        export_quick(self.state, self.content, path)


class ConflictDocument(Document):
    """A Dune conflict's order of action (kind ``conflict``)."""
    kind = "conflict"
    label = "Conflict"

    def __init__(self, conflict=None, path: str | None = None, content=None, parent=None):
        from landsraad.packs.conflict.content import load_conflict_content
        self.content = content or load_conflict_content()
        if conflict is None:
            from landsraad.packs.conflict.order import Actor, Conflict, Side
            conflict = Conflict(name="New conflict",
                                sides=[Side("players", "Players"), Side("gm", "Adversaries", gm=True)],
                                actors=[Actor("Player 1", "players", placeholder=True),
                                        Actor("Adversary 1", "gm", placeholder=True)])
        super().__init__(conflict, path, parent)

    def recompute(self) -> None:
        self.findings = []          # the order of action refuses a bad move; it keeps no findings

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.packs.conflict import document
        document.save(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.conflict import document
        return document.dumps(self.state)

    def export_pdf(self, path: str) -> None:
        from landsraad.sheets.conflict import export_conflict
        export_conflict(self.state, self.content.order, path)
