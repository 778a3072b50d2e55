"""The conformance kit: the same checks on every registered rule system.

Every system found by the registry (the packages under ``domain/``, and those that
``BATTLETAPE_SYSTEMS`` names: ``test_a_fourth_system.py`` runs this file again with
the tests' tiny system, Duel) passes the same checks, through the real command line
on a real SQLite store:

- every event it can record reads as a sentence, in English and in Italian;
- every verb has help with an example, completion of its options, and refuses bad
  input with one line on stderr, exit code 2 and the store unchanged;
- its demo battle plays, and then undo then redo is the identity after every
  command; the state at N is the fold of the first N effective events; export then
  import changes nothing.

``BATTLETAPE_KIT_SYSTEMS`` (ids separated by commas) narrows the systems checked.
"""

from __future__ import annotations

import json
import os
import shlex
from importlib import import_module
from pathlib import Path

import pytest

from battletape.domain import events as ev, systems
from tests.helpers import cli, ok, sample_event

ROOT = Path(__file__).resolve().parents[2]


def _chosen() -> list[str]:
    wanted = [s for s in os.environ.get("BATTLETAPE_KIT_SYSTEMS", "").split(",") if s]
    return [sid for sid in systems.all_systems() if not wanted or sid in wanted]


SYSTEMS = _chosen()
each_system = pytest.mark.parametrize("sid", SYSTEMS)


def _script(system) -> list[str]:
    """The system's demo battle, one command a line."""
    from importlib import resources

    package, path = system.demo
    text = resources.files(package).joinpath(path).read_text(encoding="utf-8")
    return [line for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, str]:
    """Each system's demo battle, played line by line into a store of its own."""
    out = {}
    for sid in SYSTEMS:
        store = str(tmp_path_factory.mktemp(f"kit-{sid}") / "battletape.db")
        for line in _script(systems.get(sid)):
            ok(store, *shlex.split(line))
        out[sid] = store
    return out


def _view(store: str, *extra: str) -> dict:
    view = json.loads(ok(store, "state", "--json", *extra).out)
    view.pop("position")
    return view


# --- sentences ------------------------------------------------------------------------

def _own_events(system) -> list[type]:
    return list(import_module(system.events_module).EVENTS) if system.events_module else []


@each_system
def test_every_event_of_the_system_is_a_sentence_in_english_and_italian(sid):
    from battletape.projections.describe import describe

    system = systems.get(sid)
    ev.EncounterEvent  # the union (and CommandAmended's forward reference) made
    for cls in [*_own_events(system), *ev.CORE_ENCOUNTER_EVENTS]:
        e = sample_event(cls)
        english, italian = describe(e, "en", sid), describe(e, "it", sid)
        for line in (english, italian):
            assert line.strip(), cls.__name__
            assert cls.__name__ not in line and " name=" not in line, line
        if cls in _own_events(system):
            assert italian != english, f"{sid} {cls.__name__}: {italian}"


# --- verbs: help, completion, bad input -----------------------------------------------

def _verbs(sid: str) -> list:
    return list(systems.get(sid).verbs.values())


@each_system
def test_every_verb_has_help_with_an_example(played, sid):
    for verb in _verbs(sid):
        words = verb.name.split()
        r = cli(played[sid], *words, "--help")
        assert r.code == 0, f"{sid} {verb.name}: {r.err}"
        assert "Example" in r.out, f"{sid} {verb.name} has no example"
        for flag in sorted(verb.options)[:3]:
            assert flag in r.out, f"{sid} {verb.name}: {flag} missing from its help"


def _complete(words: str) -> list[str]:
    """What bash is offered for ``words`` (typer's protocol, answered in this
    process as the console script answers it)."""
    import io
    from contextlib import redirect_stdout

    from battletape.context import answer_shell

    saved = {k: os.environ.get(k) for k in ("_BATTLETAPE_COMPLETE", "COMP_WORDS",
                                           "COMP_CWORD", "BATTLETAPE_STORE")}
    os.environ.update(_BATTLETAPE_COMPLETE="complete_bash", COMP_WORDS=words,
                      COMP_CWORD=str(len(shlex.split(words)) - 1))
    os.environ.pop("BATTLETAPE_STORE", None)
    out = io.StringIO()
    try:
        with redirect_stdout(out):
            code = answer_shell()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    assert code == 0
    return [line for line in out.getvalue().splitlines() if line]


@each_system
def test_every_verb_completes_its_options_and_the_encounters_names(played, sid):
    store = played[sid]
    first = next(iter(json.loads(ok(store, "state", "--json").out)["combatants"]))
    for verb in _verbs(sid):
        options = sorted(o for o in verb.options if o.startswith("--"))
        line = f"battletape --store {store} {verb.name} --"
        offered = _complete(line) if options else []
        assert set(options) <= set(offered), f"{sid} {verb.name}: {offered}"
        if any(p.positional and p.type is str for p in verb.params):
            names = _complete(f"battletape --store {store} {verb.name} {first[:2]}")
            assert first in names or shlex.quote(first) in names, (sid, verb.name, names)


def _bad_line(verb) -> list[str] | None:
    """A line of the verb that is wrong whatever the state: an unknown combatant
    where it takes a name, otherwise a word where it takes a number."""
    words = verb.name.split()
    positional = [p for p in verb.params if p.positional]
    if positional and positional[0].type is str and verb.name not in ("add", "new"):
        rest = ["1" if p.type is int else "Nobody" for p in positional]
        return [*words, "Nobody", *rest[1:]]
    numeric = next((p for p in verb.params if p.type is int and not p.positional), None)
    if numeric is not None:
        head = ["Someone" if p.type is str else "1" for p in positional]
        return [*words, *head, numeric.flags[0], "many"]
    return None


@each_system
def test_every_verb_refuses_bad_input_in_one_line_leaving_the_store_unchanged(played, sid):
    store = played[sid]
    before = ok(store, "log", "--json", "--all").out
    checked = 0
    for verb in _verbs(sid):
        line = _bad_line(verb)
        if line is None:
            continue
        r = cli(store, *line)
        assert r.code == 2, f"{sid} {line}: exit {r.code} {r.out} {r.err}"
        assert len(r.err.strip().splitlines()) == 1, f"{sid} {line}: {r.err}"
        assert r.err.startswith("Error: ") and "Traceback" not in r.err
        checked += 1
    assert checked >= max(1, len(_verbs(sid)) // 2), f"{sid}: {checked} verbs checked"
    assert ok(store, "log", "--json", "--all").out == before


# --- the invariants -------------------------------------------------------------------

@each_system
def test_undo_then_redo_is_the_identity_after_every_command(tmp_path, sid):
    store = str(tmp_path / "battletape.db")
    for n, line in enumerate(_script(systems.get(sid))):
        ok(store, *shlex.split(line))
        if n == 0:
            continue
        after = _view(store)
        ok(store, "undo", "--reason", "kit")
        ok(store, "redo")
        assert _view(store) == after, f"{sid}: {line}"


@each_system
def test_the_state_at_n_is_the_fold_of_the_first_n_effective_events(played, sid):
    """Read through the command line (``state --at N``), folded from the log the
    store keeps (``log --json --all``), with a command voided so that N counts."""
    from battletape.domain.history import EffectiveHistory
    from battletape.domain.state import EncounterState
    from battletape.projections.encounter_state import fold_all
    from battletape.projections.views import state_view

    store = played[sid]
    ok(store, "undo", "--reason", "kit: a voided command")
    lines = ok(store, "log", "--json", "--all").out.splitlines()
    log = [ev.decoder.decode(line) for line in lines]
    history = EffectiveHistory(log)
    assert history.void_positions(), "the undo voided a command"
    for n in range(1, len(log) + 1):
        mine = state_view(fold_all(EncounterState(), history.events(n)))
        mine.pop("position")
        assert _view(store, "--at", str(n)) == mine, f"{sid} at {n}"
    ok(store, "redo")


@each_system
def test_export_then_import_changes_nothing(played, tmp_path, sid):
    store = played[sid]
    exported = tmp_path / "battle.jsonl"
    ok(store, "export", "--format", "jsonl", "-o", str(exported))
    fresh = str(tmp_path / "imported.db")
    ok(fresh, "import", str(exported))
    original = ok(store, "log", "--json", "--all").out.splitlines()
    copied = ok(fresh, "log", "--json", "--all").out.splitlines()
    assert len(original) == len(copied)
    for p in range(1, len(original) + 1):
        assert _view(fresh, "--at", str(p)) == _view(store, "--at", str(p)), f"{sid} {p}"


@each_system
def test_a_remark_changes_nothing_and_why_ends_at_the_state(played, sid):
    """issue 25: `note P TEXT` shows right after P and changes no value; `why` for each
    combatant's hit points and status ends at the value `state` gives."""
    store = played[sid]
    before = _view(store)
    ok(store, "note", "2", "kit: a remark")
    assert _view(store) == before
    lines = ok(store, "log").out.splitlines()
    assert lines[2].endswith("on 2: kit: a remark"), lines[:4]
    for name, c in before["combatants"].items():
        for field in ("hp", "status"):
            got = json.loads(ok(store, "why", name, field, "--json").out)
            assert got["value"] == c[field], f"{sid} {name} {field}"
            assert got["steps"][-1]["value_after"] == c[field], f"{sid} {name} {field}"
    ok(store, "undo", "--reason", "kit: the remark taken back")
    assert "kit: a remark" not in ok(store, "log").out
    ok(store, "redo")
