"""The app's imports run one way: the entry (context) builds the app (registry), the
app (cli) and its command modules sit below it, and completion, play and the line
reader below those; no module among them imports one that imports it back, at module
level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import battletape

HERE = Path(battletape.__file__).parent
MODULES = ("cli", "completion", "context", "play", "script_lines", "registry",
           "dispatch", "line_reader", "lines", "amending", "cli_record", "cli_bestiary")


def imports(name: str) -> set[str]:
    """The battletape modules ``battletape/<name>.py`` imports, anywhere in it."""
    tree = ast.parse((HERE / f"{name}.py").read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "battletape":
                found |= {a.name for a in node.names}
            elif node.module.startswith("battletape.") and node.module.count(".") == 1:
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("battletape.") and a.name.count(".") == 1}
    return {m for m in found if (HERE / f"{m}.py").exists()}


def test_no_circle_among_the_apps_modules():
    graph = {m: imports(m) for m in {p.stem for p in HERE.glob("*.py")}}

    def reaches(start: str, goal: str) -> bool:
        seen, todo = set(), [start]
        while todo:
            m = todo.pop()
            for n in graph.get(m, ()):
                if n == goal:
                    return True
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        return False

    circles = [m for m in MODULES if reaches(m, m)]
    assert circles == [], circles


def test_the_layers_of_the_app():
    assert "cli" not in imports("completion") and "play" not in imports("completion")
    assert imports("context") >= {"registry", "completion"}
    for low in ("play", "script_lines", "completion", "cli", "registry"):
        assert "context" not in imports(low), low
    assert "registry" not in imports("cli")
