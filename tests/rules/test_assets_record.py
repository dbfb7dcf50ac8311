"""The asset record and its check live below the engines (issue 24, engines in layers):
a stored asset is checked against the conflict pack's data without importing its engine,
by the same rule the pack itself applies."""

import subprocess
import sys

from landsraad.packs.conflict.assets import check_assets as pack_check
from landsraad.packs.conflict.content import load_conflict_content
from landsraad.rules.assets import Asset, check_assets, load_asset_rules


def test_the_data_read_below_the_engines_is_the_packs_own():
    rules, kinds = load_asset_rules()
    content = load_conflict_content()
    assert rules == content.assets
    assert kinds == frozenset(content.kinds)


def test_quality_is_normally_0_to_4_and_assets_are_tangible_or_intangible():
    # conflict-assets.txt L11 (two forms), L17 (Quality 0 to 4)
    ok = [Asset("Concealable knife", "tangible", 0), Asset("Blackmail evidence", "intangible", 4)]
    assert check_assets(ok) == []
    bad = [Asset("Ornithopter", "material", 5, ["no-such-kind"])]
    problems = check_assets(bad)
    assert problems == [
        "Asset Ornithopter: the form is tangible or intangible, not 'material' (L11).",
        "Asset Ornithopter: Quality 5 is outside 0-4 (L17).",
        "Asset Ornithopter: unknown kinds of conflict no-such-kind (L7, L25).",
    ]
    assert pack_check(bad, load_conflict_content()) == problems


def test_loading_a_character_with_assets_imports_no_pack_engine():
    # the import graph is what the layers contract checks; here, at run time: the Landsraad
    # character and House engines leave the conflict pack unimported
    code = (
        "import sys, landsraad.character.document, landsraad.house.document\n"
        "import landsraad.character.model, landsraad.house.model\n"
        "print(sorted(m for m in sys.modules if m.startswith('landsraad.packs')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
