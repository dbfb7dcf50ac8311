"""Rules packs other than Houses of the Landsraad, each with its own small Qt-free engine
(issue 19).  Their rules are data in ``content/<pack>/``."""
