"""Developer tools, not part of the app: ``compile_forms`` (make forms) and ``preview``
(a sheet PDF page as PNG, for the README's pictures)."""
