"""Every seed section a 13th Age refusal names (its ``rule``) has its Italian name,
the heading of seed 000 (the Italian translation of the Archmage Engine), in the
system's catalogue: an Italian GM looks the rule up in the Italian text."""

from __future__ import annotations

import ast
from pathlib import Path

from battletape.domain.thirteenth_age import system as thirteenth_age
from battletape.domain.words import words

PACKAGE = Path(thirteenth_age.__file__).parent
CALLS = {"refuse", "violation", "RuleViolation"}


def _rule_names() -> set[str]:
    """The literal rule names of every refusal in the package's modules (the second
    argument, or ``rule=``; a module-level constant read through)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        constants = {t.id: n.value.value for n in ast.walk(tree)
                     if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
                     and isinstance(n.value.value, str)
                     for t in n.targets if isinstance(t, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in CALLS:
                continue
            for a in node.args[1:2] + [k.value for k in node.keywords if k.arg == "rule"]:
                if isinstance(a, ast.Constant) and isinstance(a.value, str):
                    found.add(a.value)
                elif isinstance(a, ast.Name) and a.id in constants:
                    found.add(constants[a.id])
    return found


def test_every_rule_a_refusal_names_has_its_italian_heading():
    names = _rule_names()
    assert {"Actions on Your Turn", "Death and Dying", "Disengaging"} <= names
    it = words("it", thirteenth_age.SYSTEM.package)
    untranslated = sorted(n for n in names if it.ctx("rule", n) == n)
    assert untranslated == []
    assert it.ctx("rule", "Death and Dying") == "Morte e Morente"
    assert it.ctx("rule", "Readying an Action") == "Preparare un'azione"
