import os
def pytest_configure(config):
    what = os.environ.get("CV_PATCH", "")
    from landsraad.gui.character import pages, view, choices
    if "group" in what:
        choices.set_checked_in_group = lambda g, c: None
        pages.set_checked_in_group = lambda g, c: None
    if "info" in what:
        pages.TemplateStepPage._show_info = lambda self, tid: None
    if "fit" in what:
        view.CharacterView._fit_summary_columns = lambda self: None
    if "stops" in what:
        pages.StepPage.tab_stops = lambda self: []
