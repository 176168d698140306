"""The layering rules hold in the code: `app/` and `evals/` call pipeline functions and hold no SQL of their own,
`pipeline/` never imports `app/` or `evals/`, and no module imports another module's private names."""
import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SQL = re.compile(r"\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX))", re.I)


def _modules(*folders: str) -> list[Path]:
    return sorted(p for f in folders for p in (ROOT / f).rglob("*.py"))


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _imports(tree: ast.AST) -> list[tuple[int, str, list[str]]]:
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module:
            out.append((n.lineno, n.module, [a.name for a in n.names]))
        elif isinstance(n, ast.Import):
            out.extend((n.lineno, a.name, []) for a in n.names)
    return out


@pytest.mark.parametrize("folder", ["app", "evals"])
def test_app_and_evals_hold_no_sql(folder):
    found = [f"{p.relative_to(ROOT)}:{line}" for p in _modules(folder)
             for line, s in _strings(ast.parse(p.read_text(encoding="utf-8"))) if SQL.search(s)]
    assert not found, f"SQL outside pipeline/: {found}"


def test_sql_in_pipeline_lives_in_its_stores():
    """The answerer, nodes, graph, router and the rest call store functions (pipeline/stores, and the memory
    stores in pipeline/memory); they hold no SQL of their own."""
    found = [f"{p.relative_to(ROOT)}:{line}" for p in _modules("pipeline")
             if not ({"stores", "memory"} & set(p.relative_to(ROOT).parts))
             for line, s in _strings(ast.parse(p.read_text(encoding="utf-8"))) if SQL.search(s)]
    assert not found, f"SQL outside the stores: {found}"


def test_pipeline_never_imports_app_or_evals():
    found = [f"{p.relative_to(ROOT)}:{line} {mod}" for p in _modules("pipeline", "ingest")
             for line, mod, _ in _imports(ast.parse(p.read_text(encoding="utf-8")))
             if mod.split(".")[0] in ("app", "evals", "benchmarks")]
    assert not found


def test_no_module_imports_another_modules_private_names():
    ours = ("pipeline", "app", "evals", "ingest", "benchmarks")
    found = [f"{p.relative_to(ROOT)}:{line} {mod}.{name}" for p in _modules(*ours)
             for line, mod, names in _imports(ast.parse(p.read_text(encoding="utf-8")))
             if mod.split(".")[0] in ours for name in names if name.startswith("_")]
    assert not found


def test_the_rules_catch_what_they_forbid(tmp_path):
    """The checks above are not vacuous: each flags a sample that breaks its rule."""
    bad = ast.parse('from pipeline.lexicon import _fold\nq = "SELECT doc_id FROM documents"\nimport evals.cases\n')
    assert any(SQL.search(s) for _, s in _strings(bad))
    assert any(n.startswith("_") for _, _, names in _imports(bad) for n in names)
    assert any(mod.startswith("evals") for _, mod, _ in _imports(bad))
