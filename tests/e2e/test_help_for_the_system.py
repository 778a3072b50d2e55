"""Help and options for the system at hand (issue 23 point 11): a global option
written after the verb (`--force`, `-e`, `--lang`) is taken, or the error says where
it goes; `--help` and `?` in `play` show the encounter's verbs only; a verb's
unknown option names its options, or says it takes none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import cli, ok, run_script, state

GM = "marta"


@pytest.fixture
def fight(sqlite_store):
    s = sqlite_store
    ok(s, "new Ambush --campaign Emberfall --seed 3", user=GM)
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3", user=GM)
    ok(s, "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1", user=GM)
    ok(s, "init Bruna=15 Orc=6", user=GM)  # Bruna first
    return s


def test_force_after_the_verb_is_taken_as_before_it(fight):
    s = fight
    # 13th Age, Actions on Your Turn: it is Bruna's turn, the Orc can't attack
    r = cli(s, "attack", "Orc", "Bruna", "--bonus", "5", "--vs", "ac", "--roll", "14",
            "--dmg", "6", "--force", "the orc won the ambush", user=GM)
    assert r.code == 0, r.err
    assert state(s)["combatants"]["Bruna"]["hp"] == 24  # 14+5=19 vs AC 17: 6 damage
    log = ok(s, "log").out
    assert "forced over \"it is Bruna's turn, not Orc's" in log
    assert "the orc won the ambush" in log
    # recorded as if typed before the verb: deciding it again forces it again
    last = [e for e in ok(s, "log", "--json").json_lines() if e["command"]][-1]
    assert last["command"].startswith("--force 'the orc won the ambush' attack Orc")
    assert "ok: 1 encounter(s)" in ok(s, "verify").out


def test_other_global_options_after_the_verb(fight):
    s = fight
    ok(s, "new 'What if' --campaign Emberfall --seed 4", user=GM)
    ok(s, "add Kael --pc --hp 24 --ac 15 --pd 13 --md 14 --init 2", user=GM)
    said = ok(s, "damage", "Bruna", "4", "-e", "Ambush", "--lang", "it", user=GM).out
    assert "Bruna subisce 4 danni (diretti)" in said
    assert state(s, "-e", "Ambush")["combatants"]["Bruna"]["hp"] == 26
    # a command that has an option of that name keeps it: stats -e is its own
    assert "encounter Ambush" in ok(s, "stats", "-e", "Ambush").out


def test_a_script_line_takes_force_after_the_verb(fight):
    s = fight
    r = run_script(s, "attack Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6 "
                      "--force 'the orc won the ambush'\n")
    assert r.code == 2 and "only a GM may --force" in r.err  # not a GM: refused
    script = Path(s).parent / "ambush.bt"
    script.write_text("a Orc Bruna --bonus 5 --vs ac --roll 14 --dmg 6 --force ambush\n")
    r = cli(s, "run", str(script), user=GM)
    assert r.code == 0, r.err
    assert state(s)["combatants"]["Bruna"]["hp"] == 24


@pytest.mark.parametrize("lang, said", [
    ("en", "its value, before or after the command (a global option)"),
    ("it", "il suo valore, prima o dopo il comando (un'opzione globale)")])
def test_a_global_option_without_its_value_says_where_it_goes(fight, lang, said):
    r = cli(fight, "--lang", lang, "next", "--force", user=GM)
    assert r.code == 2 and said in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_a_verbs_unknown_option_names_its_options_or_none(fight):
    r = cli(fight, "delay", "Bruna", "--quickly")
    assert r.code == 2
    assert "it takes no options" in r.err and "its options: (" not in r.err
    assert "go before or after it" in r.err
    r = cli(fight, "next", "--quickly")
    assert "its options: --save, --save-bonus" in r.err
    r = cli(fight, "--lang", "it", "delay", "Bruna", "--quickly")
    assert r.err.startswith("Errore: nessuna opzione --quickly per `delay` in 13a: "
                            "non ha opzioni")
    r = cli(fight, "--lang", "it", "exhaustion", "Bruna", "1")
    assert "`exhaustion` è un comando di D&D 5e" in r.err


def _help_verbs(store: str, *encounter: str) -> str:
    return ok(store, *encounter, "--help").out


def test_the_list_of_commands_is_the_encounters_system(sqlite_store, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    s = sqlite_store
    ok(s, "new Keep --system 3.5e --seed 1")
    ok(s, "new Bridge --seed 2")
    bridge, bridge_also = _help_verbs(s, "-e", "Bridge").split("See also")
    keep, keep_also = _help_verbs(s, "-e", "Keep").split("See also")
    assert "escalation" in bridge and "escalation" not in keep
    # the other systems' verbs: named once, on one "see also" line at the end
    assert "escalation" in keep_also and "escalation" not in bridge_also
    assert "exhaustion" in keep_also and "exhaustion" in bridge_also  # 5e's
    assert "Vedi anche, in altri sistemi di regole:" in _help_verbs(
        s, "--lang", "it", "-e", "Keep")
    assert "16+" in bridge and "16+" not in keep  # death-save: 13th Age's, not 3.5's
    assert "10% to stabilise" in keep
    assert "tiebreak" not in bridge and "exhaustion" not in keep


@pytest.mark.parametrize("system, own, foreign", [
    ("13a", "escalation", "exhaustion"), ("5e", "exhaustion", "escalation"),
    ("3.5e", "do", "rally")])
def test_play_question_mark_lists_the_encounters_verbs(sqlite_store, system, own, foreign):
    from battletape.play import Session
    from battletape.session import Context

    ok(sqlite_store, "new", "Fight", "--system", system)
    c = Context(store=sqlite_store)
    try:
        text = Session(c).help_text()
    finally:
        c.close()
    words = {line.split()[0] for line in text.splitlines() if line.startswith("  ")}
    assert own in words and foreign not in words


def test_a_command_group_is_summed_up_by_its_verbs(fight):
    """`cond` and `escalation` in the list of commands: what their verbs do, in the
    reader's language (they used to read "Cond: add, remove." in both)."""
    from battletape.dispatch import verb_summaries, words

    s = fight
    english = words("13a")
    assert english["cond"] == ("Apply a condition, or a named effect of a power or "
                               "spell; remove a condition.")
    assert english["escalation"].startswith("Set the escalation die; stop the die "
                                            "advancing")
    assert verb_summaries("it")[english["cond"]] == (
        "Applica una condizione, o un effetto con nome di un potere o di un "
        "incantesimo; rimuove una condizione.")
    listing = ok(s, "--help").out
    italian = ok(s, "--lang", "it", "--help").out
    assert "cond        Apply a condition, or a named effect" in listing
    assert "cond        Applica una condizione, o un effetto" in italian
    assert "Cond:" not in listing + italian and "Escalation:" not in listing + italian


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_core_commands_arguments_are_explained_in_its_help(sqlite_store, lang):
    """`battletape CMD --help` says what each argument of a core command is (a
    position of what, which outcomes, which notation), in the reader's language: no
    bare `position [required]`."""
    from battletape.domain import systems
    from battletape.registry import whole_command

    ok(sqlite_store, "new Cellar --system 5e")
    group = whole_command("5e")
    verbs = {n.split()[0] for s in systems.ids() for n in systems.get(s).verbs}
    names = sorted(n for n, cmd in group.commands.items()
                   if not cmd.hidden and n not in verbs)
    bare = []
    for name in names:
        r = cli(sqlite_store, "--lang", lang, name, "--help")
        if r.code != 0 or "Usage:" not in r.out and "Uso:" not in r.out:
            continue  # a group (cond, escalation): its verbs are checked by name
        head = "Arguments:" if lang == "en" else "Argomenti:"
        if head not in r.out:
            continue
        block = r.out.split(head, 1)[1].split("\n\n", 1)[0].splitlines()[1:]
        for line in block:
            words = line.split()
            required = "[required]" if lang == "en" else "[obbligatorio]"
            if words and (len(words) == 1 or words[1:] == [required]) and \
                    line.startswith("  ") and not line.startswith("    "):
                bare.append(f"{name}: {line.strip()}")
    assert bare == []
