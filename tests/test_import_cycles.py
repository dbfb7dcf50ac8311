"""Runtime import cycles the layers contract cannot see (both ends in one package), issue 24:
each pair listed here was a cycle and is one no longer; a pair is added when its cycle is
broken, never removed."""

import grimp
import pytest

BROKEN_CYCLES = [
    ("landsraad.gui.mainwindow", "landsraad.gui.session_memory"),  # the QSettings store: gui/settings.py
    ("landsraad.gui.character.choices", "landsraad.gui.character.pages"),  # choices.ChoicePage, a Protocol
]


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("landsraad", include_external_packages=False)


@pytest.mark.parametrize(("a", "b"), BROKEN_CYCLES)
def test_no_cycle_between(graph, a, b):
    # lazy imports inside functions count: grimp reads every import statement
    there = graph.find_shortest_chain(importer=a, imported=b)
    back = graph.find_shortest_chain(importer=b, imported=a)
    assert there is None or back is None, f"{a} and {b} import each other: {there} / {back}"


def test_the_check_sees_imports_inside_functions(graph):
    # mainwindow imports session_memory only inside its methods: the graph must still hold it,
    # else the check above would pass on any pair
    assert graph.find_shortest_chain(importer="landsraad.gui.mainwindow", imported="landsraad.gui.session_memory")
