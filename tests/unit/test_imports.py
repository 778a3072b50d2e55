"""The house's import graph: no circle, no import that runs back up the layers.

Every module of the project is read with ``ast`` (nothing is imported): every
``import x`` and ``from x import y`` anywhere in the file, at module level and inside
functions, relative imports resolved. Module names map to files as installed:
``battletape.domain.X`` is ``domain/X.py``, ``battletape.projections``,
``battletape.replay`` and ``battletape.fixtures`` are their folders, ``battletape.X`` is
``battletape/X.py``; bench scripts import each other by their bare names.

An import names the module it reaches: ``from battletape.domain import dice`` reaches
``domain/dice.py``; ``from battletape.domain.dnd35 import attacks`` reaches
``domain/dnd35/attacks.py``, while ``from battletape.domain.dnd35.attacks import attack``
reaches the same file through a name it defines. The implicit import of a parent
package's ``__init__`` (Python runs it before any submodule) is not an edge: every
``__init__`` here is a docstring or a lazy table of names.

The rules checked:

(a) no cycle among the project's modules (each cycle is reported with its files);
(b) layers import downwards only: domain <- projections <- replay <- battletape; the
    layers never import ``fixtures`` or ``bench``, which may import anything; tests are
    not read;
(c) the core of the domain (``domain/*.py``) does not import a rule-system package
    (``domain/thirteenth_age``, ``dnd5e``, ``dnd35``): it finds systems through the
    registry, ``domain/systems.py``;
(d) a rule-system package does not import another one.

An import under ``if TYPE_CHECKING:`` counts like any other. It is still a dependency
of the module's meaning: the names it brings are what the module's signatures speak
of, and a type checker follows them as an interpreter follows the rest. Letting it pass
would make ``TYPE_CHECKING`` the fake way out of a circle, the one a function-level
import is for the interpreter; where a type belongs lower, it moves lower.
``importlib.import_module("...")`` strings are not read: they are how the registry and
the lazy package tables find modules on purpose, at run time.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# installed package name -> folder in the checkout
PACKAGES = {
    "battletape.domain": ROOT / "domain",
    "battletape.projections": ROOT / "projections",
    "battletape.replay": ROOT / "replay",
    "battletape.fixtures": ROOT / "fixtures",
    "battletape": ROOT / "battletape",
}
BENCH = ROOT / "bench"

# lowest first; a module may import its own layer or any below it
LAYERS = ("domain", "projections", "replay", "battletape")
FREE = ("fixtures", "bench")  # may import anything; no layer imports them
# every package under domain/ is a rule system (thirteenth_age, dnd5e, dnd35, ...)
SYSTEMS = frozenset(p.parent.name for p in (ROOT / "domain").glob("*/__init__.py"))

# Edges let through (none: every circle of the house is untied). A circle that a
# reshaping cannot untie at once is named here, edge by edge, until it is.
ALLOWED: frozenset = frozenset()


@dataclass(frozen=True)
class Edge:
    source: str  # file, relative to the checkout
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} -> {self.target}"


@cache
def modules() -> dict[str, Path]:
    """Every project module by its importable name."""
    found: dict[str, Path] = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join([package, *parts])
            found.setdefault(name, path)  # battletape.domain is not battletape/domain
    for path in sorted(BENCH.glob("*.py")):
        found[path.stem] = path
    return found


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _package_of(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _resolve(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")
    if node.level > 1:
        base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported(source: str, package: str, known) -> list[tuple[str, int]]:
    """The modules of ``known`` that ``source`` (a module of ``package``) imports, each
    with its line: anywhere in the file, ``if TYPE_CHECKING:`` and functions included."""
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names
                      if alias.name in known]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, package)
            for alias in node.names:
                # a submodule by that name, else a name defined in the module itself
                target = f"{base}.{alias.name}"
                target = target if target in known else base
                if target in known:
                    found.append((target, node.lineno))
    return found


@cache
def edges() -> tuple[Edge, ...]:
    """Every import from one project module to another, with the line it is on."""
    table = modules()
    found: set[Edge] = set()
    for name, path in table.items():
        source = path.read_text(encoding="utf-8")
        for target, line in imported(source, _package_of(name, path), table):
            if target != name:
                found.add(Edge(rel(path), rel(table[target]), line))
    return tuple(sorted(found, key=lambda e: (e.source, e.target, e.line)))


def graph(allowed: frozenset[tuple[str, str]] = ALLOWED) -> dict[str, set[str]]:
    result: dict[str, set[str]] = {rel(path): set() for path in modules().values()}
    for edge in edges():
        if (edge.source, edge.target) not in allowed:
            result[edge.source].add(edge.target)
    return result


def cycles(adjacency: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # iterative, so that a deep graph cannot hit the recursion limit
        work = [(start, iter(sorted(adjacency[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(adjacency[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for node in sorted(adjacency):
        if node not in index:
            visit(node)
    return sorted(found)


def layer(file: str) -> str:
    return file.split("/")[0]


def system(file: str) -> str | None:
    """The rule-system package a file is in (None: not in one)."""
    parts = file.split("/")
    in_one = parts[0] == "domain" and len(parts) > 2 and parts[1] in SYSTEMS
    return parts[1] if in_one else None


def upward(edge: Edge) -> bool:
    source, target = layer(edge.source), layer(edge.target)
    if source in FREE:
        return False
    if target in FREE:
        return True
    return LAYERS.index(target) > LAYERS.index(source)


def test_the_reader_finds_every_kind_of_import():
    known = {"battletape.domain.dice", "battletape.domain.dnd35.stats",
             "battletape.domain.dnd35.attacks", "battletape.domain.dnd35",
             "battletape.replay.history", "battletape.projections.describe"}
    source = """
import battletape.replay.history
from typing import TYPE_CHECKING
from battletape.domain import dice
from . import stats
if TYPE_CHECKING:
    from .attacks import AttackOrder

def later():
    from ...projections.describe import describe
    from battletape.domain.dnd35 import something_of_its_init
"""
    found = imported(source, "battletape.domain.dnd35", known)
    assert sorted(found, key=lambda f: f[1]) == [
        ("battletape.replay.history", 2), ("battletape.domain.dice", 4),
        ("battletape.domain.dnd35.stats", 5), ("battletape.domain.dnd35.attacks", 7),
        ("battletape.projections.describe", 10), ("battletape.domain.dnd35", 11)]


def test_a_circle_is_found_with_all_its_modules():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}) == [
        ["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_what_runs_back_up_and_what_may_import_anything():
    assert upward(Edge("domain/dice.py", "projections/describe.py", 1))
    assert upward(Edge("replay/html.py", "battletape/store.py", 1))
    assert upward(Edge("battletape/cli.py", "fixtures/generate.py", 1))
    assert not upward(Edge("battletape/cli.py", "domain/dice.py", 1))
    assert not upward(Edge("fixtures/generate.py", "battletape/application.py", 1))
    assert not upward(Edge("bench/bench_record.py", "battletape/cli.py", 1))


def test_every_rule_system_is_known_as_one():
    assert {"thirteenth_age", "dnd5e", "dnd35"} <= SYSTEMS
    assert system("domain/dnd35/attacks.py") == "dnd35"
    assert system("domain/dice.py") is None


def test_the_graph_reads_every_layer():
    found = {(e.source, e.target) for e in edges()}
    for lower, upper in (("domain", "projections"), ("projections", "replay"),
                         ("replay", "battletape")):
        assert any(s.startswith(upper + "/") and t.startswith(lower + "/")
                   for s, t in found)
    assert len(modules()) > 150


def test_no_import_circle():
    found = cycles(graph())
    print(f"import circles: {len(cycles(graph(frozenset())))} in all, "
          f"{len(found)} not allowed")
    assert not found, "import circles:\n" + "\n".join(
        f"  {len(c)} modules: " + ", ".join(c) for c in found)


def test_no_import_runs_back_up_the_layers():
    wrong = [str(e) for e in edges() if upward(e)]
    assert not wrong, "imports that run back up (domain <- projections <- replay <- " \
        "battletape):\n  " + "\n  ".join(wrong)


def test_the_domain_core_finds_systems_only_through_the_registry():
    wrong = [str(e) for e in edges() if layer(e.source) == "domain"
             and system(e.source) is None and system(e.target) is not None]
    assert not wrong, "the core of domain/ imports a rule system (use domain/systems.py):" \
        "\n  " + "\n  ".join(wrong)


def test_no_rule_system_imports_another():
    wrong = [str(e) for e in edges() if system(e.source) and system(e.target)
             and system(e.source) != system(e.target)]
    assert not wrong, "a rule system imports another:\n  " + "\n  ".join(wrong)


def test_the_stores_import_only_the_stores_and_the_layers_below():
    wrong = [str(e) for e in edges() if e.source.startswith("battletape/stores/")
             and layer(e.target) == "battletape"
             and not e.target.startswith("battletape/stores/")]
    assert not wrong, "a store imports the app above it:\n  " + "\n  ".join(wrong)


def test_the_apps_entry_builds_the_app_and_nothing_imports_it():
    """context.py (the console script, the shell's completion, the error boundary)
    builds the app through registry.py; cli.py is the app; completion and play sit
    below the app and know neither it nor each other's callers."""
    into = {(e.source, e.target) for e in edges()}
    assert not [s for s, t in into if t == "battletape/context.py"
                and layer(s) == "battletape"]
    assert ("battletape/context.py", "battletape/registry.py") in into
    assert ("battletape/cli.py", "battletape/registry.py") not in into
    for low, high in (("completion", "cli"), ("completion", "play")):
        assert (f"battletape/{low}.py", f"battletape/{high}.py") not in into


def test_no_function_of_the_house_takes_more_than_fifteen_parameters():
    """A verb is declared once and its decision takes its typed order (issue 21): no
    function restates a verb's options as a long list of parameters."""
    long = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                a = node.args
                count = len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
                if count > 15:
                    long.append(f"{rel(path)}:{node.lineno} {node.name} ({count})")
    assert not long, "functions with more than 15 parameters:\n  " + "\n  ".join(long)


def test_the_command_line_play_and_serve_reach_the_store_through_the_library():
    """The application (battletape/application.py) is the library's to open: the
    command line's Context is the library's Services (battletape/api/services.py)
    with its output settings; play, serve and completion use them."""
    below = ("battletape/application.py", "battletape/reading.py", "battletape/api/",
             "battletape/stores/")
    wrong = [str(e) for e in edges() if e.target == "battletape/application.py"
             and layer(e.source) == "battletape" and not e.source.startswith(below)]
    assert not wrong, "the app opens the application itself:\n  " + "\n  ".join(wrong)
