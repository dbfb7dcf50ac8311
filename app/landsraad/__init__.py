"""Landsraad Forge: character, House and Siridar Fief creation for *Houses of the Landsraad*.

The engine packages (``rules``, ``character``, ``house``, ``documents``, ``dice``)
never import Qt, so they run headless and back the command line.  The window lives
in ``landsraad.gui`` and the printable sheets in ``landsraad.sheets``.
"""

__version__ = "0.1.0"
