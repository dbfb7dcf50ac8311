"""Property tests: any sequence of choices drawn from the content validates or yields findings;
the engine never raises."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landsraad.character.model import TEMPLATE_STEP_IDS, Character, Conversion, Purchase, TemplateChoice
from landsraad.character.validate import validate
from landsraad.findings import Finding, Severity
from landsraad.rules.content import load_content

C = load_content()


@st.composite
def template_choice(draw, step):
    t = draw(st.sampled_from(C.steps[step].template))
    picks = {}
    for n, choice in enumerate(C.steps[step].choices_of(t), 1):
        if draw(st.booleans()):
            if choice.kind == "feats":
                pool = [f.id for tid in (choice.trees or list(C.trees)[:8]) for f in C.trees[tid].feat]
            else:
                pool = [o.id + ("(Field)" if any(g.field == "*" for g in o.grants) else "") for o in choice.options]
            picks[n] = draw(st.lists(st.sampled_from(pool), max_size=choice.count + 1))
    return TemplateChoice(t.id, picks)


purchase = st.one_of(
    st.builds(Purchase, st.just("statistic"), st.sampled_from(list(C.statistics)), st.integers(1, 2)),
    st.builds(
        Purchase, st.just("skill"), st.sampled_from([s for s in C.skills if not C.skills[s].field]), st.integers(1, 4)
    ),
    st.builds(Purchase, st.just("special-die"), st.sampled_from(list(C.skills)[:20]), st.integers(1, 2)),
    st.builds(Purchase, st.just("advantage"), st.sampled_from(list(C.advantages)), st.integers(1, 5)),
    st.builds(Purchase, st.just("feat"), st.sampled_from(list(C.feats))),
)


@st.composite
def character(draw):
    ch = Character(name=draw(st.text(max_size=8)), sex=draw(st.sampled_from(["", "female", "male"])))
    for step in TEMPLATE_STEP_IDS:
        if draw(st.integers(0, 4)):
            setattr(ch, step.replace("-", "_"), draw(template_choice(step)))
    ch.extras = draw(st.lists(purchase, max_size=5))
    narrows = [s.id for s in C.skills.values() if s.kind == "narrow"]
    ch.conversions = draw(st.lists(st.builds(Conversion, st.sampled_from(narrows), st.booleans()), max_size=2))
    ch.caste = draw(st.sampled_from([None] + list(C.castes)))
    return ch


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(character())
def test_any_choices_validate_or_give_findings(ch):
    sheet, findings = validate(ch, C)
    assert all(isinstance(f, Finding) and f.message for f in findings)
    assert all(f.severity in Severity for f in findings)
    # an unfinished character always says what is missing
    if any(getattr(ch, s.replace("-", "_")).template is None for s in TEMPLATE_STEP_IDS):
        assert any(f.severity is Severity.TODO for f in findings)
    assert sheet.cp_spent >= 0
