"""The Siridar Fief view: ``view`` (the window's tab, system roll, scores, findings), the
panels ``places``, ``houses`` and ``events``, the ``dice`` widget and the system ``drawing``."""
