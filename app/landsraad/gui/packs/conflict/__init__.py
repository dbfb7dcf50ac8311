"""The window's entries for this pack's kinds (``kind``); its views are in ``landsraad.gui.packs``."""
