"""Test-wide settings: nothing a test does may touch the user's own folders."""

import os

import pytest


@pytest.fixture(autouse=True)
def _private_recovery_folder(tmp_path, monkeypatch):
    # the window autosaves to the user's data folder; tests get a folder of their own
    monkeypatch.setenv("LANDSRAAD_RECOVERY_DIR", str(tmp_path / "recovery"))


os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
