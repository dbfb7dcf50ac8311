"""The tests never write into the user's own settings (the recent-files list once held
pytest's paths): tests/conftest.py gives each test QSettings files of its own."""

import os
from pathlib import Path

from landsraad.character import document as chdoc
from landsraad.gui.settings import settings
from tests.support.charbuild import complete_swordmaster


def test_the_recent_files_list_is_written_under_the_tests_own_folder(window, tmp_path):
    path = tmp_path / "duncan.json"
    chdoc.save(complete_swordmaster(), path)
    window.open_path(str(path))
    where = Path(settings().fileName())
    assert where.is_relative_to(tmp_path), where
    assert where.is_file()  # really written there
    assert window.recent_files() == [str(path.resolve())]
    home = Path(os.path.expanduser("~"))
    if not tmp_path.is_relative_to(home):
        assert not where.is_relative_to(home)


def test_each_test_starts_with_an_empty_list(window):
    assert window.recent_files() == []  # the test above left nothing behind
