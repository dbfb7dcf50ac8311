"""Python made from forms/*.ui by landsraad.gui.compile_forms."""
