"""Every template option held to the spec: one test per option, from numbers typed in
from character-creation.md (tests/data/*), never read back from content/."""

import importlib.util
from pathlib import Path

import pytest

from landsraad.rules.content import load_content

DATA = Path(__file__).resolve().parents[1] / "data"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, DATA / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


EL_PC = _load("template_grants_el_pc")
VC_HS = _load("template_grants_vc_hs")


def _el_pc_grant(g):
    if g.kind == "advantage":
        return (g.kind, g.id, g.rating)
    return (g.kind, g.id, 1 if g.kind == "feat" else g.amount)


def _vc_hs_grant(g):
    if g.kind == "licence":
        return ("licence", g.order, None)
    if g.kind == "feat":
        return ("feat", g.id, None)
    if g.kind == "advantage":
        return ("advantage", g.id, g.rating or None)
    ident = f"{g.id}({g.field})" if g.field else g.id
    return (g.kind, ident, g.amount)


@pytest.fixture(scope="module")
def content():
    return load_content()


CASES = [(step, tid) for step in ("early-life", "personal-calling") for tid in EL_PC.EXPECTED[step]]


@pytest.mark.parametrize("step,tid", CASES)
def test_early_life_and_personal_calling_option(content, step, tid):
    want = EL_PC.EXPECTED[step][tid]
    t = content.template(step, tid)
    assert t is not None, f"{step} has no option {tid}"
    assert [_el_pc_grant(g) for g in t.grants] == want["grants"]
    got = [(ch.count, sorted(o.id for o in ch.options)) for ch in t.choice]
    assert got == want["choices"]


VC_CASES = [(step, tid) for step in ("vocational-conditioning", "house-service") for tid in VC_HS.EXPECTED[step]]


def _choice_tuple(ch):
    if ch.kind == "feats":
        return ("feats", sorted(p.id for p in ch.patterns), sorted(ch.trees))
    return (ch.count, ch.max_each, sorted(o.id for o in ch.options))


@pytest.mark.parametrize("step,tid", VC_CASES)
def test_vocational_conditioning_and_house_service_option(content, step, tid):
    want = VC_HS.EXPECTED[step][tid]
    t = content.template(step, tid)
    assert t is not None, f"{step} has no option {tid}"
    assert t.starting_caste == want["caste"]
    assert [_vc_hs_grant(g) for g in t.grants] == want["grants"]
    assert [_choice_tuple(ch) for ch in t.choice] == want["choices"]
    for (n, oid), grants in want.get("option_grants", {}).items():
        assert [_vc_hs_grant(g) for g in t.choice[n - 1].option(oid).grants] == grants, (n, oid)
    for (n, oid), cost in want.get("option_costs", {}).items():
        assert t.choice[n - 1].option(oid).cost == cost
    assert [n for n, ch in enumerate(t.choice, 1) if ch.optional] == want.get("optional", [])
    assert [(r.kind, r.value) for r in t.requires] == want.get("requires", [])


@pytest.mark.parametrize("step", ["vocational-conditioning", "house-service"])
def test_common_choices_and_pattern_slots(content, step):
    st = content.steps[step]
    assert [_choice_tuple(ch) for ch in st.common.choice] == VC_HS.COMMON[step]
    for ch in list(st.common.choice) + [c for t in st.template for c in t.choice if c.kind == "feats"]:
        for p in ch.patterns:
            assert [list(s) for s in p.slots] == VC_HS.PATTERN_SLOTS[p.id], p.id
