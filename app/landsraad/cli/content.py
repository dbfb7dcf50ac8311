"""`content list KIND` and `content show KIND ID`: the rules as the app reads them."""

from __future__ import annotations

import sys

from landsraad.cli.output import print_json
from landsraad.errors import ChoiceError
from landsraad.rules.content import CHARACTER_KINDS, load_content
from landsraad.rules.toml_loading import converter
from landsraad.slug import slugify


def _house():
    from landsraad.house import content as hc

    return hc


def all_kinds() -> tuple[str, ...]:
    return CHARACTER_KINDS + _house().HOUSE_KINDS


def register(sub) -> None:
    p = sub.add_parser("content", help="list or show the rules as data")
    csub = p.add_subparsers(dest="content_command", required=True, parser_class=sub._parser_class)
    lp = csub.add_parser("list", help="one line per entry: id<TAB>name")
    lp.add_argument("kind", metavar="KIND")
    lp.add_argument("--json", action="store_true")
    lp.set_defaults(handler=cmd_list)
    sp = csub.add_parser("show", help="one entry with all its fields")
    sp.add_argument("kind", metavar="KIND")
    sp.add_argument("id", metavar="ID")
    sp.add_argument("--json", action="store_true")
    sp.set_defaults(handler=cmd_show)
    rp = csub.add_parser(
        "readings",
        help="every reading the content records (notes, filled-in text, "
        "printed names, PROVISIONAL rows), with the rulebook page",
    )
    rp.add_argument("--json", action="store_true")
    rp.set_defaults(handler=cmd_readings)


def _summary(kind: str, entry) -> dict:
    out = {"id": entry.id, "name": entry.name}
    for extra in ("kind", "broad", "level", "rank", "cost", "starting_caste"):
        value = getattr(entry, extra, None)
        if value not in (None, "", 0, ()):
            out[extra] = value
    if kind == "feats":
        tree = load_content().feat_tree[entry.id]
        out.update(tree=tree.id, skill=tree.skill, feat_kind=tree.kind)
    return out


def _document_kind(name: str) -> dict:
    """A kind a pack makes, as the registry of document kinds has it (``documents/kinds.py``):
    its label, its schema version, whether it prints a sheet; ``registered`` false for a
    kind the pack names that no engine registers."""
    from landsraad.documents import kinds

    record = kinds.get(name)
    if record is None:
        return {"kind": name, "label": name, "registered": False}
    return {
        "kind": name,
        "label": record.label,
        "schema_version": record.schema_version,
        "prints": bool(record.sheet),
        "registered": True,
    }


def _check_kind(kind: str) -> None:
    if kind not in all_kinds():
        raise ChoiceError(f"unknown content kind {kind!r}; one of: packs, {', '.join(all_kinds())}")


def list_entries(kind: str) -> list[dict]:
    if kind == "packs":  # every content folder with a pack.toml (landsraad.packs)
        from landsraad.packs import list_packs

        return [{**p.to_json(), "documents": [_document_kind(k) for k in p.kinds]} for p in list_packs()]
    _check_kind(kind)
    if kind in CHARACTER_KINDS:
        return [_summary(kind, e) for e in load_content().kind_table(kind).values()]
    return _house().list_content(kind)


def show_entry(kind: str, ident: str) -> dict:
    if kind == "packs":
        found = [e for e in list_entries("packs") if e["id"] == slugify(ident)]
        if not found:
            raise ChoiceError(f"no rules pack with id {ident!r}")
        return found[0]
    _check_kind(kind)
    if kind not in CHARACTER_KINDS:
        return _house().show_content(kind, ident)
    table = load_content().kind_table(kind)
    entry = table.get(slugify(ident))
    if entry is None:
        raise ChoiceError(f"no {kind} entry with id {ident!r}")
    data = converter.unstructure(entry)
    if kind == "feats":
        tree = load_content().feat_tree[entry.id]
        data["tree"] = {k: v for k, v in converter.unstructure(tree).items() if k != "feat"}
    return data


def cmd_list(args) -> int:
    entries = list_entries(args.kind)
    if args.json:
        print_json(entries)
    else:
        for e in entries:
            sys.stdout.write(f"{e['id']}\t{e['name']}\n")
    return 0


def cmd_readings(args) -> int:
    from landsraad.present.readings import all_readings

    rows = all_readings()
    if args.json:
        print_json([r.to_json() for r in rows])
    else:
        for r in rows:
            page = f"p. {r.page}" if r.page else "-"
            sys.stdout.write(f"{r.area}\t{r.where}\t{r.kind}\t{page}\t{r.text}\n")
    return 0


def cmd_show(args) -> int:
    data = show_entry(args.kind, args.id)
    if args.json:
        print_json(data)
    else:
        for key, value in data.items():
            if value not in ("", [], {}, 0, False, None):
                sys.stdout.write(f"{key}: {value}\n")
    return 0
