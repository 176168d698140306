"""Build `pipeline/data/line_vocabulary.toml`: groups of statement line labels that name the same line, derived
from a standard source, not from questions seen.

Source: the `edgartools` package (MIT), which ships US-GAAP concept groups as data: `edgar/standardization/
synonym_groups.py` (XBRL tags that represent one financial concept, a few IFRS tags among them) and
`edgar/xbrl/standardization/concept_mappings.json` (standard display names -> the tags they stand for). Each tag
becomes a label by splitting its CamelCase name ("CostOfGoodsAndServicesSold" -> "Cost of goods and services
sold"); display names are labels as they are.

Those groups are made for comparing XBRL data and are looser than "the same line": a group of SG&A holds "Selling
and marketing expense", one of interest expense holds "Interest income (expense), net", one of cash holds "Cash,
cash equivalents and short-term investments". A group kept here must never join different measures, so each
member is compared with the group's head (its first tag, or the display name) by `line_vocabulary.relation`: a
member whose words hold the head's and more, or the reverse (a component, a total, a qualified variant), or share
a specific word with it and differ in another (an overlapping measure) is dropped; so is a later member in such a
relation with an earlier kept one. What stays are labels that name the head's line in the same or other words.

Run from the repository root, with the package installed without its dependencies (its files are read as data;
nothing of it is imported):

    .venv/bin/pip install --no-deps edgartools
    .venv/bin/python tools/build_line_vocabulary.py            # writes pipeline/data/line_vocabulary.toml
    .venv/bin/python tools/build_line_vocabulary.py --report   # also prints what was dropped and why
"""
from __future__ import annotations

import argparse
import ast
import importlib.metadata
import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pipeline.question.line_vocabulary import DATA, relation, words  # noqa: E402

# XBRL name parts that say how a value is tagged, never printed as part of a row's label.
_TAG_ONLY = re.compile(r"\b(at carrying value|excluding assessed tax|including assessed tax)\b")
# a learned tag -> concept mapping this confident is taken as a second source
MIN_CONFIDENCE = 0.95


def package_dir() -> Path:
    spec = importlib.util.find_spec("edgar")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("edgartools is not installed: .venv/bin/pip install --no-deps edgartools")
    return Path(list(spec.submodule_search_locations)[0])


def tag_label(tag: str) -> str:
    """'us-gaap_CostOfGoodsAndServicesSold' -> 'Cost of goods and services sold'."""
    name = re.sub(r"^(us-gaap|ifrs-full|ifrs)[_:]", "", tag)
    parts = re.findall(r"[A-Z]+(?![a-z])|[A-Z][a-z]+|[a-z]+|\d+", name)
    text = " ".join(p if p.isupper() and len(p) > 1 else p.lower() for p in parts)
    text = re.sub(r"\s+", " ", _TAG_ONLY.sub(" ", text)).strip()
    return text[:1].upper() + text[1:]


def synonym_groups(path: Path) -> list[tuple[str, list[str], str]]:
    """(name, tags, description) of each `SynonymGroup(...)` literal in edgartools' synonym module (read as data)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "SynonymGroup":
            kw = {k.arg: k.value for k in node.keywords}
            try:
                name = ast.literal_eval(kw["name"])
                tags = ast.literal_eval(kw["synonyms"])
            except (KeyError, ValueError):
                continue        # the module's docstring examples and helpers, not its built-in groups
            desc = ast.literal_eval(kw["description"]) if "description" in kw else ""
            out.append((name, list(tags), desc))
    return out


def concept_groups(path: Path) -> list[tuple[str, list[str]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(k, list(v)) for k, v in data.items() if not k.startswith("_") and isinstance(v, list)]


def standard_tags(path: Path) -> dict[str, str]:
    """XBRL tag -> the standard concept edgartools' learned mappings (`gaap_mappings.json`) assign it, kept only
    where that mapping is confident (>= 0.95 over the filers that use the tag) and not marked ambiguous."""
    out = {}
    for tag, d in json.loads(path.read_text(encoding="utf-8")).items():
        std = d.get("standard_tags") or []
        if len(std) == 1 and (d.get("confidence") or 0) >= MIN_CONFIDENCE and not d.get("ambiguous"):
            out[_bare(tag)] = std[0]
    return out


def _bare(tag: str) -> str:
    return re.sub(r"^(us-gaap|ifrs-full|ifrs)[_:]", "", tag)


def _concept(tags: list[str], std: dict[str, str]) -> str | None:
    """The one standard concept all of `tags` map to with confidence, else None."""
    found = {std.get(_bare(t)) for t in tags}
    return found.pop() if len(found) == 1 and None not in found else None


def strict(members: list[tuple[str, list[str]]], std: dict[str, str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The labels (head first) that name the head's line; the dropped ones with the reason. `members` are (label,
    the tags it stands for). A member in other words than the head is kept only when the second source agrees:
    the learned mappings put its tags and the head's under one standard concept, confidently."""
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    head_concept = _concept(members[0][1], std) if members else None
    for lab, tags in members:
        w = words(lab)
        if not w or any(t.endswith("Abstract") for t in tags):
            dropped.append((lab, "a heading (abstract), not a line" if w else "no words"))
            continue
        rels = [(k, relation(words(k), w)) for k in kept]
        clash = next(((k, r) for k, r in rels if r in ("nested", "overlap")), None)
        if clash:
            dropped.append((lab, f"{clash[1]} with '{clash[0]}'"))
            continue
        if any(r == "same" for _, r in rels):
            continue        # the same words as a kept label: nothing to add
        if not any(lab == tag_label(t) for t in tags) and \
                not any(relation(words(tag_label(t)), w) == "same" for t in tags):
            # a display name is edgartools' naming of its tags, not a second source: it adds no other words
            dropped.append((lab, "a display name in other words than its own tags"))
            continue
        if kept and (head_concept is None or _concept(tags, std) != head_concept):
            dropped.append((lab, f"other words than '{kept[0]}' and the learned mappings do not confirm it "
                                 f"({_concept(tags, std)} vs {head_concept})"))
            continue
        kept.append(lab)
    return kept, dropped


def build(pkg: Path) -> tuple[list[dict], list[str]]:
    concepts = concept_groups(pkg / "xbrl" / "standardization" / "concept_mappings.json")
    std = standard_tags(pkg / "xbrl" / "standardization" / "gaap_mappings.json")
    candidates: list[tuple[str, list[tuple[str, list[str]]], str]] = []
    for name, tags, desc in synonym_groups(pkg / "standardization" / "synonym_groups.py"):
        members = [(tag_label(t), [t]) for t in tags]
        # a display name whose tags all belong to this group is one more label of it
        short = {_bare(t) for t in tags}
        members += [(k, ts) for k, ts in concepts if ts and {_bare(t) for t in ts} <= short]
        candidates.append((name, members, f"edgartools synonym group '{name}' ({desc})" if desc else name))
    for key, tags in concepts:
        candidates.append((re.sub(r"\W+", "_", key.lower()).strip("_"),
                           [(key, tags), *((tag_label(t), [t]) for t in tags)], f"edgartools concept mapping '{key}'"))
    groups, report, seen = [], [], set()
    for name, members, source in candidates:
        kept, dropped = strict(members, std)
        report += [f"{name}: dropped '{lab}' ({why})" for lab, why in dropped]
        keyset = frozenset(words(k) for k in kept)
        if len(kept) < 2 or keyset in seen:
            continue        # one line named one way needs no vocabulary
        seen.add(keyset)
        groups.append({"name": name, "labels": kept, "source": source})
    return groups, report


def render(groups: list[dict], version: str, license_text: str) -> str:
    notice = "\n".join(f"#   {line}".rstrip() for line in license_text.strip().splitlines())
    head = f"""# Standard line-item vocabulary: groups of statement labels that name the same line.
# GENERATED by tools/build_line_vocabulary.py; do not edit by hand (edit the generator and re-run it).
#
# Source: edgartools {version} (PyPI), its US-GAAP concept groups and display names
# (edgar/standardization/synonym_groups.py, edgar/xbrl/standardization/concept_mappings.json), each XBRL tag
# read as a label by splitting its name. Members that are a component, a total, a qualified variant or an
# overlapping measure of the group's head were dropped (see the generator's docstring).
# No IFRS taxonomy labels: no package among PyPI's that this machine lists ships them as data.
#
# edgartools is distributed under the MIT License:
{notice}

source = "edgartools {version}"
"""
    body = []
    for g in groups:
        labels = ", ".join(json.dumps(lab) for lab in g["labels"])
        body.append(f'[[group]]\nname = {json.dumps(g["name"])}\nsource = {json.dumps(g["source"])}\n'
                    f'labels = [{labels}]\n')
    return head + "\n" + "\n".join(body)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DATA)
    ap.add_argument("--report", action="store_true", help="print the dropped members and why")
    args = ap.parse_args(argv)
    pkg = package_dir()
    version = importlib.metadata.version("edgartools")
    dist = importlib.metadata.distribution("edgartools")
    lic = next((f for f in dist.files or [] if f.name.upper().startswith("LICENSE")), None)
    license_text = lic.read_text() if lic is not None else "MIT License (notice not found in the installed package)"
    groups, report = build(pkg)
    args.out.write_text(render(groups, version, license_text), encoding="utf-8")
    print(f"{len(groups)} groups written to {args.out}")
    if args.report:
        print("\n".join(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
