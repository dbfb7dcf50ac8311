"""The character creation view: ``view`` (the window's tab), ``pages`` (one per step),
``choices`` (the choice widgets of a template step)."""
