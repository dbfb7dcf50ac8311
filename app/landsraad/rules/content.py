"""Load a content pack (the character chapter) and check it is consistent.

``load_content()`` reads every TOML file of the pack into the typed classes of
``landsraad.rules.model`` and then checks every cross-reference: a template naming an
unknown skill, a narrow skill without its broad, a feat tree with a missing level, a
duplicate id... each fails with a ContentError naming the file, the entry and the reason.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from landsraad.errors import ContentError
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules import model as m
from landsraad.rules.toml_loading import read_toml, structure_entry, structure_list
from landsraad.slug import slugify

TEMPLATE_STEPS = ("early-life", "vocational-conditioning", "house-service", "personal-calling")
SECRET_ORDERS = ("bene-gesserit", "reverend-mother", "mentat", "ginaz")


@attrs.frozen
class Content:
    pack: m.Pack
    statistics: dict[str, m.Statistic]
    castes: dict[str, m.Caste]
    skills: dict[str, m.Skill]
    advantages: dict[str, m.Advantage]
    trees: dict[str, m.FeatTree]
    feats: dict[str, m.Feat]
    feat_tree: dict[str, m.FeatTree]  # feat id -> its tree
    steps: dict[str, m.TemplateStep]  # step id -> step with its templates
    directory: Path

    # ----- lookups -------------------------------------------------------------
    def template(self, step: str, template_id: str) -> m.Template | None:
        st = self.steps.get(step)
        if st is None:
            return None
        for t in st.template:
            if t.id == template_id:
                return t
        return None

    def narrows_of(self, broad_id: str) -> list[m.Skill]:
        return [s for s in self.skills.values() if s.broad == broad_id]

    def tree_feats(self, tree_id: str) -> dict[int, m.Feat]:
        return {f.level: f for f in self.trees[tree_id].feat}

    def order_feats(self, order: str) -> list[m.Feat]:
        return [f for t in self.trees.values() if t.order == order for f in t.feat]

    def resolve(self, token: str) -> tuple[str, str] | None:
        """A user's id, name or alias -> (kind, id); statistics, skills, advantages, feats in that order."""
        key = slugify(token)
        for kind, table in (
            ("statistic", self.statistics),
            ("skill", self.skills),
            ("advantage", self.advantages),
            ("feat", self.feats),
        ):
            if key in table:
                return kind, key
        for kind, table in (("skill", self.skills), ("advantage", self.advantages)):
            for entry in table.values():
                if key in {slugify(a) for a in entry.aliases}:
                    return kind, entry.id
        return None

    def kind_table(self, kind: str) -> dict:
        """Entries of a `content list` KIND (statistics, skills, …, personal-calling)."""
        tables: dict[str, dict[str, Any]] = {
            "statistics": self.statistics,
            "skills": self.skills,
            "advantages": self.advantages,
            "feats": self.feats,
            "castes": self.castes,
        }
        if kind in tables:
            return tables[kind]
        if kind in self.steps:
            return {t.id: t for t in self.steps[kind].template}
        raise KeyError(kind)


CHARACTER_KINDS = ("statistics", "skills", "advantages", "feats", "castes") + TEMPLATE_STEPS


def _by_id(items: Iterable) -> dict:
    return {i.id: i for i in items}


@functools.lru_cache(maxsize=4)
def load_content(directory: Path | None = None) -> Content:
    """Load and check the pack in ``directory`` (default: the shipped pack); cached."""
    directory = Path(directory) if directory else content_dir() / DEFAULT_PACK
    f = lambda name: directory / name  # noqa: E731

    pack_path = f("pack.toml")
    pack = structure_entry(read_toml(pack_path), m.Pack, str(pack_path), "pack")
    stats = _by_id(structure_list(read_toml(f("statistics.toml")), "statistic", m.Statistic, f("statistics.toml")))
    castes = _by_id(structure_list(read_toml(f("castes.toml")), "caste", m.Caste, f("castes.toml")))
    skills = _by_id(structure_list(read_toml(f("skills.toml")), "skill", m.Skill, f("skills.toml")))
    advs = _by_id(structure_list(read_toml(f("advantages.toml")), "advantage", m.Advantage, f("advantages.toml")))
    trees = _by_id(structure_list(read_toml(f("feats.toml")), "tree", m.FeatTree, f("feats.toml")))
    steps: dict[str, m.TemplateStep] = {}
    for step_id in TEMPLATE_STEPS:
        path = f(f"{step_id}.toml")
        raw = read_toml(path)
        # structure the templates one by one so an error names the template
        templates = structure_list(raw, "template", m.Template, path)
        rest = {k: v for k, v in raw.items() if k != "template"}
        rest["template"] = []
        shell = structure_entry(rest, m.TemplateStep, str(path), "step")
        steps[step_id] = attrs.evolve(shell, template=tuple(templates))
        if shell.step.id != step_id:
            raise ContentError(str(path), "step", f"id {shell.step.id!r} should be {step_id!r}")

    feats: dict[str, m.Feat] = {}
    feat_tree: dict[str, m.FeatTree] = {}
    for tree in trees.values():
        for feat in tree.feat:
            if feat.id in feats:
                raise ContentError(
                    str(f("feats.toml")),
                    f"tree {tree.id!r}",
                    f"duplicate feat id {feat.id!r} (also in tree {feat_tree[feat.id].id!r})",
                )
            feats[feat.id] = feat
            feat_tree[feat.id] = tree

    content = Content(
        pack=pack,
        statistics=stats,
        castes=castes,
        skills=skills,
        advantages=advs,
        trees=trees,
        feats=feats,
        feat_tree=feat_tree,
        steps=steps,
        directory=directory,
    )
    _check(content)
    return content


# ----- consistency checks ---------------------------------------------------------
def _check(c: Content) -> None:
    d = c.directory
    skills_file = str(d / "skills.toml")
    for s in c.skills.values():
        where = f"skill {s.id!r}"
        if s.kind == "narrow":
            broad = c.skills.get(s.broad)
            if broad is None or broad.kind != "broad":
                raise ContentError(skills_file, where, f"narrow skill names unknown broad skill {s.broad!r}")
        elif s.broad:
            raise ContentError(skills_file, where, "only narrow skills name a broad skill")
        if s.statistic and s.statistic not in c.statistics:
            raise ContentError(skills_file, where, f"unknown statistic {s.statistic!r}")
        _check_requires(c, s.requires, skills_file, where)
    for s in c.skills.values():
        if s.kind == "broad" and len(c.narrows_of(s.id)) != 2:
            raise ContentError(
                skills_file,
                f"skill {s.id!r}",
                f"a broad skill has exactly two narrow skills (L1290), found {len(c.narrows_of(s.id))}",
            )

    adv_file = str(d / "advantages.toml")
    for a in c.advantages.values():
        where = f"advantage {a.id!r}"
        if not a.rated and a.cost <= 0:
            raise ContentError(adv_file, where, "a fixed advantage needs a cost > 0")
        if a.caste_rank_min and a.caste_rank_min not in {k.rank for k in c.castes.values()}:
            raise ContentError(adv_file, where, f"caste_rank_min {a.caste_rank_min} is not a caste rank")
        if a.kind == "aspects" and len(a.aspects) != 2:
            raise ContentError(adv_file, where, "a two-aspect advantage names exactly two aspects")
        if a.kind == "tiered" and not a.tiers:
            raise ContentError(adv_file, where, "a tiered advantage lists its tiers")
        _check_requires(c, a.requires, adv_file, where)

    feats_file = str(d / "feats.toml")
    others = set(c.statistics) | set(c.skills) | set(c.advantages)
    for tree in c.trees.values():
        where = f"tree {tree.id!r}"
        levels = sorted(f.level for f in tree.feat)
        top = c.pack.limits.feat_level_max
        if levels != list(range(1, top + 1)):
            raise ContentError(
                feats_file, where, f"a feat tree has one feat at each level 1-{top}, found levels {levels}"
            )
        if tree.skill and tree.skill not in c.skills:
            raise ContentError(feats_file, where, f"unknown skill {tree.skill!r}")
        if tree.kind == "secret" and tree.order not in SECRET_ORDERS:
            raise ContentError(feats_file, where, f"a secret tree names its order, one of {', '.join(SECRET_ORDERS)}")
        for feat in tree.feat:
            if feat.id in others:
                raise ContentError(
                    feats_file, f"{where} feat {feat.id!r}", "feat id collides with a statistic, skill or advantage id"
                )
            _check_requires(c, feat.requires, feats_file, f"{where} feat {feat.id!r}")

    for step_id, step in c.steps.items():
        path = str(d / f"{step_id}.toml")
        for choice in step.common.choice:
            _check_choice(c, choice, path, f"common choice {choice.label!r}")
        for t in step.template:
            where = f"template {t.id!r}"
            for g in t.grants:
                _check_grant(c, g, path, where)
            for n, choice in enumerate(t.choice, 1):
                _check_choice(c, choice, path, f"{where} choice {n}")
            _check_requires(c, t.requires, path, where)
            if step_id == "vocational-conditioning" and t.starting_caste not in {c_.rank for c_ in c.castes.values()}:
                raise ContentError(path, where, f"starting_caste {t.starting_caste} is not a caste rank")


def _check_grant(c: Content, g: m.Grant, path: str, where: str) -> None:
    tables: dict[str, dict[str, Any]] = {
        "statistic": c.statistics,
        "skill": c.skills,
        "special-die": c.skills,
        "advantage": c.advantages,
        "feat": c.feats,
    }
    table = tables.get(g.kind)
    if g.kind == "licence":
        if g.order not in SECRET_ORDERS:
            raise ContentError(path, where, f"licence names unknown secret order {g.order!r}")
        return
    if table is None or g.id not in table:
        raise ContentError(path, where, f"grants unknown {g.kind} {g.id!r}")
    if g.kind in ("statistic", "skill", "special-die") and g.amount < 1:
        raise ContentError(path, where, f"{g.kind} {g.id!r}: amount must be at least 1")
    if g.kind == "skill" and g.field and not c.skills[g.id].field:
        raise ContentError(path, where, f"skill {g.id!r} takes no field")
    if g.kind == "skill" and c.skills[g.id].field and not g.field:
        raise ContentError(
            path,
            where,
            f'skill {g.id!r} needs its {c.skills[g.id].field} named (field = "...", or "*" for the player\'s choice)',
        )
    if g.kind == "advantage":
        adv = c.advantages[g.id]
        if adv.rated and g.rating <= 0:
            raise ContentError(path, where, f"advantage {g.id!r} needs a rating")
        if adv.kind == "tiered" and g.mode == "set" and g.rating not in adv.tiers:
            raise ContentError(path, where, f"advantage {g.id!r}: rating {g.rating} is not a tier {list(adv.tiers)}")


def _check_choice(c: Content, ch: m.Choice, path: str, where: str) -> None:
    if ch.count < 1 or ch.max_each < 1:
        raise ContentError(path, where, "count and max_each must be at least 1")
    if ch.kind == "options":
        if not ch.options:
            raise ContentError(path, where, "a choice lists its options")
        ids = [o.id for o in ch.options]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ContentError(path, where, f"duplicate option id(s) {sorted(dup)}")
        if ch.count > len(ch.options) * ch.max_each:
            raise ContentError(path, where, f"cannot pick {ch.count} from {len(ch.options)} options")
        for o in ch.options:
            for g in o.grants:
                _check_grant(c, g, path, f"{where} option {o.id!r}")
            _check_requires(c, o.requires, path, f"{where} option {o.id!r}")
    else:
        if not ch.patterns:
            raise ContentError(path, where, "a feat choice lists its patterns")
        for t in ch.trees:
            if t not in c.trees:
                raise ContentError(path, where, f"unknown feat tree {t!r}")
        if not ch.trees and not ch.any_possessed:
            raise ContentError(path, where, "a feat choice names its trees or sets any_possessed")
        for p in ch.patterns:
            for slot in p.slots:
                if not slot or any(lv not in range(1, c.pack.limits.feat_level_max + 1) for lv in slot):
                    raise ContentError(path, f"{where} pattern {p.id!r}", f"bad slot {list(slot)}")


def _check_requires(c: Content, reqs, path: str, where: str) -> None:
    for r in reqs:
        if r.kind in ("advantage", "advantage-rating") and r.id not in c.advantages:
            raise ContentError(path, where, f"requires unknown advantage {r.id!r}")
        if r.kind == "skill-not-above" and r.skill not in c.skills:
            raise ContentError(path, where, f"requires unknown skill {r.skill!r}")
        if r.kind == "all-feats-of-order" and r.order not in SECRET_ORDERS:
            raise ContentError(path, where, f"requires unknown secret order {r.order!r}")
