"""Windows for the packs other than Houses of the Landsraad (issue 19): the views of
Across The Dune Sea fencing (``fencer_view``, ``duel_panel``), the d20 Quick Rules
character (``quick_view``), the Dune conflict's order of action (``conflict_view``) and
their table-view pages (``table_pages``).

The window reaches them only through each pack's entries in the table of kinds
(``landsraad.gui.kinds``), filled by ``gui/packs/<pack>/kind.py``.
"""
