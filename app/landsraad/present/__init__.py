"""Engine results worded for people: Qt-free and rule-free, shared by the window, the
command line and the sheets.  ``character`` (steps, grants, summary, purchases),
``house`` (trait changes, history rows), ``findings`` (severities and counts)."""
