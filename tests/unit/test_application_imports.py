"""The application layer's imports run one way (issue 21): no circle through the
application, its reading side, the stores or the library, and the stores import
nothing of the layers above them. Every import counts: at module level, inside a
function, under TYPE_CHECKING."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "battletape"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The battletape/ modules ``path`` imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from package import module`` imports that module; ``from module
            # import name`` the module
            subs = [f"{node.module}.{a.name}" for a in node.names
                    if f"{node.module}.{a.name}" in modules]
            names = subs if len(subs) == len(node.names) else [node.module, *subs]
        else:
            continue
        found |= {n for n in names if n in modules}
    return found


def graph() -> dict[str, set[str]]:
    files = {_module(p): p for p in ROOT.rglob("*.py")}
    modules = set(files)
    return {m: _imports(p, modules) - {m} for m, p in files.items()}


def reachable(g: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for n in g.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_no_circle_runs_through_the_application_its_reading_the_stores_or_the_api():
    g = graph()
    watched = [m for m in g if m in ("battletape.application", "battletape.reading")
               or m.startswith(("battletape.stores", "battletape.api"))]
    assert "battletape.stores.store" in watched and "battletape.api.client" in watched
    circles = [m for m in watched if m in reachable(g, m)]
    assert circles == []


def test_the_stores_import_only_the_stores_and_the_layers_below():
    g = graph()
    for m, deps in g.items():
        if m.startswith("battletape.stores"):
            assert all(d.startswith("battletape.stores") for d in deps), (m, deps)


def test_reading_does_not_import_the_application():
    assert "battletape.application" not in reachable(graph(), "battletape.reading")
