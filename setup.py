"""The one thing pyproject.toml cannot say: code packages found under app/, plus the
three data folders mapped into the package (package-dir in pyproject.toml)."""

from setuptools import find_packages, setup

DATA = ["landsraad._data.content", "landsraad._data.forms", "landsraad._data.resources"]

setup(packages=find_packages("app") + DATA)
