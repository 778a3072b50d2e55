"""A rule system is declared in one place (issue 21, point 2): outside its package
(``domain/<system>/``) no code names a system. Every string literal of every .py
outside the system packages and ``tests/`` (bench/ and fixtures/ included) is read:
none may be a system's id or alias, nor name an id among its words ("the rule system:
13a, 5e or 3.5e" is ``systems.listing()``'s to say). Docstrings may tell the story.

Allowed, and nowhere else:

* ``DEFAULT_SYSTEM`` in domain/systems.py: the system ``new`` starts when none is named;
* the old-store readers: stores written before ``--system`` existed hold 13th Age
  encounters without saying so (an ``EncounterStarted`` or ``EncounterRegistered``
  without ``system``, a snapshot of layout 0). They read as 13th Age whatever the
  default becomes, so they keep their own literal.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from battletape.domain import systems

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = {
    # the one default (domain/systems.py)
    ("domain/systems.py", 'DEFAULT_SYSTEM = "13a"'),
    # old stores: encounters started before --system existed are 13th Age's
    ("domain/events.py", 'system: str = "13a"'),
    ("domain/state.py", 'system: str = "13a"'),
    ("battletape/stores/mapper.py", 'system = state.get("system", "13a")'),
}


def _sources() -> list[Path]:
    own = {Path(folder) for folder in systems.folders()}
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in ("tests", "build", "dist") or rel.parts[0].startswith("."):
            continue
        if any(folder in path.parents for folder in own):
            continue
        out.append(path)
    return out


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings or bare string statements."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _named(text: str) -> str | None:
    """The system ``text`` names: an id or alias as the whole literal, or an id among
    its words."""
    every = systems.all_systems().values()
    # an alias that is a bare number ("5", "3.5") is a number far more often than a
    # system: a timeout of "5" is no 5e
    whole = {s.id.casefold() for s in every} | {a.casefold() for s in every
                                                 for a in s.aliases if not _number(a)}
    if text.strip().casefold() in whole:
        return text.strip()
    ids = "|".join(re.escape(s.id) for s in sorted(every, key=lambda s: -len(s.id)))
    found = re.search(rf"(?<![\w.-])({ids})(?![\w-])", text)
    return found.group(1) if found else None


def system_ids_outside_the_packages() -> list[str]:
    hits = []
    for path in _sources():
        source = path.read_text("utf-8")
        lines = source.splitlines()
        tree = ast.parse(source, str(path))
        docs = _docstrings(tree)
        rel = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) \
                    or id(node) in docs:
                continue
            named = _named(node.value)
            if named is None:
                continue
            line = lines[node.lineno - 1].strip()
            if (rel, line.split("  #")[0].strip()) not in ALLOWED:
                hits.append(f"{rel}:{node.lineno}: {named!r} in {line}")
    return hits


def test_no_code_outside_a_system_package_names_a_system():
    hits = system_ids_outside_the_packages()
    assert not hits, "a system named outside its package:\n" + "\n".join(hits)


def test_the_grep_sees_what_it_is_meant_to_see():
    # the check itself: ids as whole literals and among words, aliases whole, no
    # false alarm on numbers and names that merely contain the characters
    for system in systems.all_systems().values():
        assert _named(system.id) == system.id
        assert _named(f"the rule system: {system.id}.") == system.id
        for alias in system.aliases:
            assert _named(alias) is not None or _number(alias)
    assert _named("--count 15") is None and _named("a5e") is None
    assert _named("demo.bt") is None


def test_the_allow_list_is_tiny_and_each_entry_still_exists():
    assert len(ALLOWED) <= 5
    for rel, line in ALLOWED:
        assert line in (ROOT / rel).read_text("utf-8"), (rel, line)
