"""Click's own words in the reader's language (issue 22: help and errors in Italian):
the help's "Usage:", its section titles, "[required]" and the help option; a usage
error ("Missing argument 'TARGET'.", "'x' is not a valid integer."); and a verb or
an option that only another system has, named as such — one line, exit code 2, in
English as click and battletape write it."""

from __future__ import annotations

import pytest

from battletape import click_words
from battletape.domain.words import words
from tests.helpers import cli, ok, snapshot_of


@pytest.fixture
def fight(sqlite_store):
    ok(sqlite_store, "new", "Grotta", "--system", "5e", "--seed", "3")
    ok(sqlite_store, "add", "Bram", "--pc", "--hp", "20", "--ac", "15", "--init", "2")
    ok(sqlite_store, "add", "Orc", "--hp", "15", "--ac", "13", "--init", "1")
    return sqlite_store


def test_a_verbs_help_in_italian_has_no_click_english(fight):
    it = ok(fight, "--lang", "it", "damage", "--help").out
    assert it.startswith("Uso: battletape damage")
    assert "Argomenti:" in it and "Opzioni:" in it and "[obbligatorio]" in it
    assert "Mostra questo messaggio ed esce." in it
    for english in ("Usage:", "Options:", "Arguments:", "[required]", "Show this message"):
        assert english not in it
    en = ok(fight, "damage", "--help").out  # the next call reads English again
    assert en.startswith("Usage: battletape damage") and "Show this message and exit." in en
    assert "Usage:" in ok(fight, "state", "--help").out


@pytest.mark.parametrize("args, english, italian", [
    (("damage",), "Error: Missing argument 'TARGET'.",
     "Errore: Manca l'argomento 'TARGET'."),
    (("damage", "Orc", "x"), "Error: Invalid value for 'AMOUNT': 'x' is not a valid int.",
     "Errore: Valore non valido per 'AMOUNT': 'x' non è un numero intero."),
    (("damagex",), "Error: No such command 'damagex'. Did you mean damage?",
     "Errore: Non c'è un comando 'damagex'. Forse intendevi damage?"),
    (("stat",), "Error: No such command 'stat'. Did you mean stats or state?",
     "Errore: Non c'è un comando 'stat'. Forse intendevi stats o state?"),
    (("frobnicate",), "Error: No such command 'frobnicate'.",
     "Errore: Non c'è un comando 'frobnicate'."),
    (("state", "--at", "x"), "Error: Invalid value for '--at': 'x' is not a valid int.",
     "Errore: Valore non valido per '--at': 'x' non è un numero intero."),
])
def test_a_usage_error_in_italian_is_one_line_exit_2(fight, args, english, italian):
    before = snapshot_of(fight)
    en = cli(fight, *args)
    assert (en.code, en.err.strip()) == (2, english)
    it = cli(fight, "--lang", "it", *args)
    assert (it.code, it.err.strip()) == (2, italian)
    assert snapshot_of(fight) == before


def test_an_unknown_option_of_a_verb_names_the_verbs_options(fight):
    before = snapshot_of(fight)
    r = cli(fight, "damage", "Orc", "3", "--typo")
    assert r.code == 2 and r.err.strip() == (
        "Error: no such option --typo for `damage` in 5e; its options: --crit, "
        "--modifier, --type (the global options --force, -e, --lang, --as go before or "
        "after it)")
    it = cli(fight, "--lang", "it", "damage", "Orc", "3", "--typo")
    assert it.err.strip() == ("Errore: nessuna opzione --typo per `damage` in 5e; le "
                              "sue opzioni: --crit, --modifier, --type (le opzioni "
                              "globali --force, -e, --lang, --as vanno prima o dopo il "
                              "comando)")
    assert cli(fight, "damage", "Orc", "-3").err.startswith("Error: bad damage -3")
    assert snapshot_of(fight) == before


def test_another_systems_command_group_is_refused_not_an_empty_help(fight):
    """`escalation` (13th Age's `escalation set|hold|release`) in a 5e fight."""
    before = snapshot_of(fight)
    r = cli(fight, "escalation")
    assert r.code == 2 and r.out == ""
    assert r.err.strip().startswith("Error: `escalation` is a 13th Age")
    assert r.err.strip().endswith("this encounter is 5e (D&D 5e SRD (Giocare, seed 002))")
    it = cli(fight, "--lang", "it", "escalation", "set", "3")
    assert it.code == 2 and it.err.startswith("Errore: `escalation set` è un comando di 13th Age")
    assert snapshot_of(fight) == before


def test_a_command_groups_help_in_italian(sqlite_store):
    ok(sqlite_store, "new", "Ponte")
    it = ok(sqlite_store, "--lang", "it", "escalation").out
    assert it.startswith("Uso: battletape escalation COMANDO [ARGOMENTI]...")
    assert "Imposta il dado di escalation." in it


def test_every_click_error_pattern_is_said_in_italian():
    it = words("it")
    examples = {
        "Missing option '--hp'.": "Manca l'opzione '--hp'.",
        "Missing command.": "Manca il comando.",
        "No such option: --hpp (Possible options: --hp)":
            "Non c'è un'opzione --hpp (forse --hp?)",
        "No such option: --x": "Non c'è un'opzione --x",
        "Got unexpected extra argument (z)": "Argomenti in più, non attesi (z)",
        "Option '--hp' requires an argument.": "L'opzione '--hp' vuole un valore.",
        "Option '--pc' does not take a value.": "L'opzione '--pc' non prende valori.",
        "Invalid value for '--system': 'x' is not one of '13a', '5e'.":
            "Valore non valido per '--system': 'x' non è tra '13a', '5e'.",
        "Invalid value for '--n': 0 is not in the range x>=1.":
            "Valore non valido per '--n': 0 è fuori dall'intervallo x>=1.",
        "'x' is not a valid float.": "'x' non è un numero.",
        "something click never said": "something click never said",
    }
    assert {m: click_words.error(m, it) for m in examples} == examples
    assert len(click_words.ERRORS) == 15


def test_a_scripts_usage_error_is_said_in_the_readers_language(fight, tmp_path):
    """`run`: a line's usage error in Italian, a command typed wrong with the closest
    ones, as on the command line; nothing of the script is recorded."""
    before = snapshot_of(fight)
    script = tmp_path / "typo.bt"
    script.write_text("damage Orc 2\nstat\n")
    r = cli(fight, "run", str(script))
    assert (r.code, r.err.strip()) == (
        2, "Error: line 2: No such command 'stat'. Did you mean stats or state?")
    script.write_text("damage Orc 2\ndamage Orc\n")
    it = cli(fight, "--lang", "it", "run", str(script))
    assert (it.code, it.err.strip()) == (2, "Errore: riga 2: Manca l'argomento 'AMOUNT'.")
    assert snapshot_of(fight) == before
