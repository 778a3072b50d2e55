"""What a BadInput expected is said in the reader's language (issue 22): at every
``raise BadInput(what, value, expected)`` of the code, ``expected`` is a message of
the catalogues (``N_("...")``, its ``{fields}`` given as keywords), words-free
notation (``"0..99"``), or an expression over codes (``", ".join(DAMAGE_TYPES)``:
codes are typed as they are); the few others are listed with their reason."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

from battletape.domain.errors import BadInput
from battletape.domain.words import N_, words

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("domain", "projections", "replay", "battletape")

#: expected arguments that are neither a message nor codes, by (file, source): why
ALLOWED = {
    ("domain/stat_blocks.py", "right"):
        "a Param.check's answer: its choices (codes) or its range",
    ("domain/named_effects.py", "_expected(spec)"):
        "the shapes of a named effect's modifiers: codes (TARGET:+N, TARGET:WORD)",
    ("domain/roster.py", "NAME_RULES[forbidden]"):
        "NAME_RULES' values are N_-marked where they are written",
    ("replay/why.py", "EXPECTED"): "a module constant, N_-marked where it is written",
    ("replay/export.py", "FORMAT"): "the export format's id (a code)",
    ("battletape/api/line_reader.py", "err.format_message()"):
        "click's own message for a value of a line's option (click says it in English)",
}


def _calls() -> list[tuple[str, ast.Call]]:
    found = []
    for root in SOURCES:
        for path in sorted((ROOT / root).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and getattr(
                        node.func, "id", getattr(node.func, "attr", None)) == "BadInput":
                    found.append((path.relative_to(ROOT).as_posix(), node))
    return found


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _wordless(text: str) -> bool:
    return not re.search(r"[A-Za-z]", re.sub(r"\{[^}]*\}", "", text))


def _problem(arg: ast.expr, keywords: set[str]) -> str | None:
    """Why ``arg`` is not said in the reader's language (None: it is)."""
    if isinstance(arg, ast.IfExp):
        return _problem(arg.body, keywords) or _problem(arg.orelse, keywords)
    if isinstance(arg, ast.Call) and getattr(arg.func, "id", None) == "N_":
        text = arg.args[0].value
        missing = _fields(text) - keywords
        return f"fields {missing} not given" if missing else None
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return None if _wordless(arg.value) else "an English literal not marked N_"
    if isinstance(arg, ast.Call) and getattr(arg.func, "attr", None) == "join":
        return None  # a list of codes (ids are typed as they are)
    if isinstance(arg, ast.Call) and getattr(arg.func, "id", None) == "Either":
        return None  # one of some codes, said with the language's "or"
    return "neither a message nor codes"


def test_every_expected_is_a_message_a_notation_or_codes():
    calls = _calls()
    assert len(calls) > 400  # the scan finds the code's BadInputs
    bad = []
    for where, call in calls:
        if len(call.args) < 3:
            continue
        arg = call.args[2]
        if (where, ast.unparse(arg)) in ALLOWED:
            continue
        why = _problem(arg, {k.arg for k in call.keywords})
        if why:
            bad.append(f"{where}:{call.lineno}: {why}: {ast.unparse(arg)[:80]}")
    assert bad == []


def test_a_template_is_the_same_english_and_said_in_italian():
    err = BadInput("--check", 30, N_("a turning check 1d20 {cha:+d}: {n}..{n2}"),
                   cha=2, n=3, n2=22)
    assert str(err) == "bad --check 30: expected a turning check 1d20 +2: 3..22"
    assert err.expected == "a turning check 1d20 +2: 3..22"
    said = err.say("it", words("it", "battletape.domain.dnd35"))
    assert said.endswith("atteso una prova di Scacciare 1d20 +2: 3..22"), said


def test_a_marked_literal_and_a_nested_expectation_are_said_in_italian():
    it = words("it")
    assert BadInput("hp", -3, N_("a positive number")).say("it", it) == (
        "valore non valido per PF: -3; atteso un numero positivo")
    inner = BadInput("x", "y", N_("a whole number"))
    outer = BadInput("position", 9, "position {expected_}", expected_=inner)
    assert str(outer) == "bad position 9: expected position a whole number"
    assert outer.say("it", it).endswith("atteso la posizione un numero intero")


def test_codes_and_notation_read_as_they_are():
    err = BadInput("ac", 99, "0..60")
    assert err.say("it", words("it")).endswith("atteso 0..60")
    assert BadInput("type", "x", ", ".join(["fire", "cold"])).say(
        "it", words("it")).endswith("atteso fire, cold")


def test_one_of_some_codes_is_said_with_the_languages_or():
    from battletape.domain.errors import BadInput, Either
    from battletape.domain.words import words

    err = BadInput("how", "stay", Either(("fled", "surrendered")))
    assert err.message == "bad how 'stay': expected fled or surrendered"
    assert err.say("it", words("it")).endswith("atteso fled o surrendered")
    three = BadInput("party", "x", Either(("list", "add", "remove")))
    assert three.message.endswith("expected list or add or remove")
    assert three.say("it", words("it")).endswith("atteso list, add o remove")
