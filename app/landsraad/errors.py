"""The project's own errors.  Every bad input ends in one of these, with a message
that names the file, the entry or field, and the reason; never a bare traceback."""


class LandsraadError(Exception):
    """Base of every error the command line turns into exit 2."""


class ContentError(LandsraadError):
    """A content file is malformed or inconsistent.  ``str()`` names file, entry and reason."""

    def __init__(self, file: str, entry: str | None, reason: str):
        self.file = file
        self.entry = entry
        self.reason = reason
        where = f"{file}: {entry}" if entry else file
        super().__init__(f"{where}: {reason}")


class DiceError(LandsraadError):
    """A dice string or face list that cannot be read."""


class DocumentError(LandsraadError):
    """A saved document that cannot be read (bad JSON, wrong version, wrong field)."""

    def __init__(self, file: str, reason: str, field: str | None = None):
        self.file = file
        self.field = field
        self.reason = reason
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {reason}")


class ChoiceError(LandsraadError):
    """A pick, buy or edit that names something the rules do not offer."""


class FileWriteError(LandsraadError, OSError):
    """A file that cannot be written (disk full, read-only folder, a folder in its place,
    an output refused because it would replace a document).  ``str()`` names the file.
    Also an OSError, so code that guards a write with ``except OSError`` still catches it."""

    def __init__(self, file: str, reason: str):
        self.file = file
        self.reason = reason
        LandsraadError.__init__(self, f"{file}: {reason}")

    def __str__(self) -> str:
        return f"{self.file}: {self.reason}"
