"""Python made from forms/*.ui by tools/compile_forms.py."""
