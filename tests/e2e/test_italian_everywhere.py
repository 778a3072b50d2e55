"""Italian wherever a GM reads (issue 22): the three demos read with ``--lang it`` —
the log, the state table, the Markdown report and the HTML page — hold none of the
English words of the English messages (the catalogues' message ids), but for the
names the GM typed and the commands' own words (ids in backticks, ``rules-error``)."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from battletape.projections import catalogues
from tests.helpers import ok

#: words both languages write alike, or that the seeds use in Italian too
SHARED = {"round", "seed", "battletape", "verify", "sha256", "bab", "demo", "ongoing"}
_WORD = re.compile(r"[A-Za-z][a-z]{2,}")
_FIELD = re.compile(r"\{[^}]*\}|`[^`]*`|--[a-z-]+")  # fields, commands, options
#: code in a message (a command, an SQL value: `attack`), the same in every language
_CODE = re.compile(r"`[^`]*`")


@cache
def english_words() -> frozenset[str]:
    """Every word of the English messages that no Italian message uses (a verb's
    ``--help`` aside: its Italian keeps the command's own words, ``--vs ac``, ``fire``;
    code in backticks set aside: an SQL value `damage` is no Italian word)."""
    english: set[str] = set()
    italian: set[str] = set()
    helps = {text for package in catalogues.packages()
             for text in catalogues.helps(package)}
    for package in catalogues.packages():
        for po in catalogues.po_files(package):
            for m in catalogues.read(po):
                if not m.id or m.id in helps:
                    continue
                for text in (m.id if isinstance(m.id, tuple) else (m.id,)):
                    english |= {w.lower() for w in _WORD.findall(_prose(text))}
                for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                    italian |= {w.lower() for w in _WORD.findall(_prose(text))}
    return frozenset(english - italian - SHARED)


def _prose(message: str) -> str:
    """A message's words, its fields, code and examples (command lines) aside."""
    message = re.split(r"\s+(?:Example|Esempio):", message)[0]
    return _CODE.sub(" ", _FIELD.sub(" ", message))


def leaked(text: str, names: set[str]) -> dict[str, int]:
    """The English words of ``text`` once the typed names and the commands' own
    words are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"`[^`]*`|--[a-z-]+", " ", text)  # commands and options
    text = re.sub(r"\S*[a-z]-[a-z]\S*", " ", text)  # ids: rules-error, end-of-turn
    found: dict[str, int] = {}
    for word in _WORD.findall(text):
        if word.lower() in english_words():
            found[word.lower()] = found.get(word.lower(), 0) + 1
    return found


def _visible(page: str) -> str:
    """The page's own words, those its script says, and the log lines and the
    corrections its data holds."""
    data = json.loads(re.search(r'<script id="data" type="application/json">(.*?)'
                                r"</script>", page, re.S).group(1))
    template = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    said = [re.sub(r"\{\w+\}", " ", w) for w in data["page"]["labels"].values()]
    for v in data["main"]["variations"]:
        said += [v["what"], v["rule"], *v.get("new", [])]
    return (re.sub(r"<[^>]+>", " ", template) + "\n".join(s[0] for s in data["main"]["steps"])
            + "\n" + "\n".join(said))


def test_the_english_words_are_a_real_list():
    words = english_words()
    assert {"attacks", "takes", "joins", "encounter", "damage"} <= words
    assert "attacca" not in words and "round" not in words


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_a_demo_read_in_italian_holds_no_english_word(sqlite_store, system, tmp_path):
    ok(sqlite_store, "demo", "--system", system, "--delay", "0")
    view = json.loads(ok(sqlite_store, "state", "--json").out)
    names = {view["encounter"], view["campaign"], *view["combatants"]}
    page = tmp_path / "page.html"
    ok(sqlite_store, "--lang", "it", "export", "--format", "html", "-o", str(page))
    read = {
        "log": ok(sqlite_store, "--lang", "it", "log", "--all").out,
        "state": ok(sqlite_store, "--lang", "it", "state").out,
        "report": ok(sqlite_store, "--lang", "it", "export", "--format", "md").out,
        "page": _visible(page.read_text("utf-8")),
    }
    found = {what: leaked(text, names) for what, text in read.items()}
    assert not any(found.values()), found


def _store_bytes(store: str) -> bytes:
    from pathlib import Path

    return Path(store).read_bytes()


@pytest.mark.parametrize("how", ["--lang", "BATTLETAPE_LANG", "locale"])
def test_a_refusal_in_italian_is_one_line_and_changes_nothing(sqlite_store, monkeypatch,
                                                               how):
    """A rule's refusal, bad input and an unknown name, said in Italian whichever way
    the GM asks for it; exit 2, the store as it was."""
    ok(sqlite_store, "new", "Ponte")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17")
    before = _store_bytes(sqlite_store)
    args = ["--lang", "it"] if how == "--lang" else []
    if how == "BATTLETAPE_LANG":
        monkeypatch.setenv("BATTLETAPE_LANG", "it")
    elif how == "locale":
        monkeypatch.delenv("BATTLETAPE_LANG")
        monkeypatch.setenv("LANG", "it_IT.UTF-8")
    from tests.helpers import cli

    refused = cli(sqlite_store, *args, "attack", "Bruna", "Bruna", "--bonus", "1",
                  "--vs", "ac", "--roll", "3", "--dmg", "1")
    assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
    assert refused.err == ("Errore: ancora nessuna iniziativa: tirala con `init` "
                           "(Cyclic Initiative)\n")
    unknown = cli(sqlite_store, *args, "damage", "Zed", "3")
    assert unknown.err == "Errore: combattente sconosciuto 'Zed'; noti: Bruna\n"
    bad = cli(sqlite_store, *args, "--lang", "xx", "state")
    assert bad.code == 2 and bad.err.startswith("Errore: valore non valido per --lang")
    assert _store_bytes(sqlite_store) == before


def test_a_refusal_the_gm_may_force_says_so_in_italian(sqlite_store):
    ok(sqlite_store, "new", "Ponte", "--system", "5e")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17", "--init", "2")
    ok(sqlite_store, "add", "Orco", "--hp", "15", "--ac", "13")
    ok(sqlite_store, "init", "Bruna=15", "Orco=9")
    ok(sqlite_store, "leave", "Bruna")  # a PC may leave alone in 5e
    from tests.helpers import cli

    dead = cli(sqlite_store, "--lang", "it", "attack", "Orco", "Bruna", "--bonus", "3",
               "--roll", "12", "--dmg", "4")
    assert dead.code == 2 and dead.err.startswith("Errore: ")
    assert dead.err.rstrip().endswith("(un GM può imporlo con --force)"), dead.err


def test_plays_toolbar_and_help_in_italian(sqlite_store):
    from battletape.play import SHORT_HELP, Session
    from battletape.session import Context

    ok(sqlite_store, "new", "Ponte")
    c = Context(store=sqlite_store, lang="it")
    try:
        text = Session(c).help_text()
    finally:
        c.close()
    assert text.startswith("Comandi (`? COMANDO` per le sue opzioni):")
    assert text.rstrip().endswith("a attacco · n prossimo · u annulla · s stato · "
                                  "l registro · d danni · h cura · r tiro · c condizioni "
                                  "· ds tiro contro la morte · ? aiuto · q esci")
    assert "a attack · n next" in SHORT_HELP  # the English is the message itself


def test_the_dashboard_in_italian(sqlite_store, monkeypatch):
    """`stats` names its sections, columns and verdicts in the reader's language; the
    JSON keeps the columns' SQL names (a tool's contract)."""
    monkeypatch.setenv("COLUMNS", "200")
    ok(sqlite_store, "demo", "--delay", "0")
    it = ok(sqlite_store, "--lang", "it", "stats").out
    assert "Danni inflitti e subiti" in it and "Percentuale di colpi per dado di" in it
    assert " nome " in it and " inflitti " in it and "Damage dealt" not in it
    english = ok(sqlite_store, "stats").out
    assert "Damage dealt and taken" in english and " dealt " in english
    data = json.loads(ok(sqlite_store, "--lang", "it", "stats", "--json").out)
    assert "dealt" in data["damage"][0]


def _refused(store: str, *args: str) -> tuple[str, str]:
    """A command refused, said in Italian and in English (exit 2 both times)."""
    from tests.helpers import cli

    said = {lang: cli(store, "--lang", lang, *args) for lang in ("it", "en")}
    assert all(r.code == 2 for r in said.values()), {k: r.err for k, r in said.items()}
    return said["it"].err, said["en"].err


def test_a_5e_refusal_is_said_wholly_in_italian(sqlite_store):
    """A rule system's own refusal comes from its catalogue: Italian words around the
    typed names, the English as it was."""
    ok(sqlite_store, "new", "Ponte", "--system", "5e")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17", "--init", "2")
    ok(sqlite_store, "add", "Orco", "--hp", "15", "--ac", "13")
    ok(sqlite_store, "init", "Bruna=15", "Orco=9")
    attack = ("attack", "Bruna", "Orco", "--bonus", "5", "--roll", "3", "--dmg", "1")
    ok(sqlite_store, *attack)
    it, en = _refused(sqlite_store, *attack)
    assert it == ("Errore: Bruna ha già compiuto la sua azione in questo turno (Azioni: "
                  "Una cosa alla volta) (un GM può imporlo con --force)\n")
    assert en == ("Error: Bruna already took its action this turn (Azioni: Una cosa alla "
                  "volta) (a GM may --force)\n")
    it, en = _refused(sqlite_store, "death-save", "Bruna")
    assert it == ("Errore: Bruna è in piedi, non a 0 punti ferita (Tiri salvezza contro "
                  "la morte)\n")
    assert en == "Error: Bruna is up, not at 0 hit points (Tiri salvezza contro la morte)\n"
    assert not leaked(it, {"Bruna", "Orco"})


def test_a_13th_age_refusal_is_said_in_italian_around_its_rule(sqlite_store):
    """13th Age's own refusals from its catalogue; the rule is named by the Italian
    seed's (000) heading of its section; the English is as it was."""
    ok(sqlite_store, "new", "Ponte")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17")
    ok(sqlite_store, "add", "Orco", "--hp", "15", "--ac", "13")
    ok(sqlite_store, "init", "Bruna=15", "Orco=9")
    attack = ("attack", "Bruna", "Orco", "--bonus", "5", "--vs", "ac", "--roll", "3",
              "--dmg", "1")
    ok(sqlite_store, *attack)
    it, en = _refused(sqlite_store, *attack)
    assert it == ("Errore: a Bruna non resta alcuna azione standard in questo turno "
                  "(usate: standard) (Azioni nel tuo turno) (un GM può imporlo con "
                  "--force)\n")
    assert en == ("Error: Bruna has no standard action left this turn (used: standard) "
                  "(Actions on Your Turn) (a GM may --force)\n")
    it, en = _refused(sqlite_store, "death-save", "Bruna")
    assert it == "Errore: Bruna è in piedi, non sta morendo (Morte e Morente)\n"
    assert en == "Error: Bruna is up, not dying (Death and Dying)\n"
    assert not leaked(it, {"Bruna", "Orco"})


def test_a_35_refusal_is_said_wholly_in_italian(sqlite_store):
    """3.5's own refusals from its catalogue (its rules are the Italian seed's
    sections); the English is as it was."""
    ok(sqlite_store, "new", "Ponte", "--system", "3.5e")
    ok(sqlite_store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17")
    ok(sqlite_store, "add", "Orco", "--hp", "15", "--ac", "13")
    ok(sqlite_store, "init", "Bruna=15", "Orco=9")
    attack = ("attack", "Bruna", "Orco", "--bonus", "5", "--roll", "3", "--dmg", "1")
    ok(sqlite_store, *attack)
    it, en = _refused(sqlite_store, *attack)
    assert it == ("Errore: a Bruna non resta un'azione standard in questo round "
                  "(standard) (Round e azioni) (un GM può imporlo con --force)\n")
    assert en == ("Error: Bruna has no standard action left this round (standard) "
                  "(Round e azioni) (a GM may --force)\n")
    it, en = _refused(sqlite_store, "death-save", "Bruna")
    assert it == ("Errore: Bruna è in piedi, non morente (da -1 a -9 pf): nessun tiro per "
                  "stabilizzarsi (Condizioni: Morente)\n")
    assert en == ("Error: Bruna is up, not dying (-1 to -9 hp): no roll to stabilise "
                  "(Condizioni: Morente)\n")
    assert not leaked(it, {"Bruna", "Orco"})


def test_the_schema_in_italian(sqlite_store, monkeypatch):
    """`sql --schema` documents the tables and columns in the reader's language, the
    systems' own columns included; the names stay SQL's, the English as it was."""
    monkeypatch.setenv("COLUMNS", "200")
    it = ok(sqlite_store, "--lang", "it", "sql", "--schema").out
    english = ok(sqlite_store, "sql", "--schema").out
    assert "attacks: ogni tiro per colpire, uno per bersaglio" in it
    assert "  attacker_pc " in it and "l'attaccante è un PG" in it
    assert "punti ferita temporanei" in it and "tiro salvezza" in it
    assert "[13a] il valore del dado di escalation" in it  # the systems' columns
    assert "vantaggio" in it and "minaccia di critico" in it
    assert "dice (view): una riga per faccia naturale" in it
    assert "Le ramificazioni ipotetiche sono escluse" in it
    assert "every attack roll" not in it
    # the same tables, columns and types, line for line, and no English word but theirs
    assert _skeleton(it) == _skeleton(english)
    assert not leaked(it, {w for line in _skeleton(english) for w in line.split()})
    # English as ever: the messages themselves
    assert "attacks: every attack roll, one per target" in english
    assert "  attacker_pc " in english and "the attacker is a PC" in english
    assert "[13a] the escalation die's value at the time" in english
    assert "What-if branches are left out of every table" in english
    assert "ogni tiro" not in english


def _skeleton(schema: str) -> list[str]:
    """The SQL of `sql --schema`: each table's name, each column's name and type."""
    return [" ".join(line.split()[:2]) if line.startswith("  ")
            else line.split(": ", 1)[0] if ": " in line else "" for line in
            schema.splitlines()]


def test_every_command_says_its_help_in_italian(sqlite_store, monkeypatch):
    """The command line's own commands (`log`, `state`, `export`, …) and options say
    their `--help` in Italian from the core's catalogue; every help the app declares
    has its Italian (a system's listing aside, made from its data); the English as
    written."""
    from battletape.context import said_in
    from battletape.registry import whole_command
    from battletape.session import all_words

    monkeypatch.setenv("COLUMNS", "200")
    words = all_words("it")
    helps: list[str] = []

    def walk(command) -> None:
        helps.extend(t for t in [command.help] + [p.help for p in command.params
                                                  if getattr(p, "help", None)] if t)
        for sub in (getattr(command, "commands", None) or {}).values():
            walk(sub)

    walk(whole_command())
    untranslated = [h for h in helps if words.text(h) == h
                    and "Options depend on" not in h and ": 13a: " not in h]
    assert untranslated == []
    ok(sqlite_store, "new", "Ponte")
    it = ok(sqlite_store, "--lang", "it", "log", "--help").out
    assert "La storia effettiva, un evento per riga." in it
    assert "Ogni evento, segnati quelli annullati." in it
    top = ok(sqlite_store, "--lang", "it", "--help").out
    assert "Registra, correggi, rivedi e analizza" in top and "Inizia uno scontro." in top
    assert "Danni diretti." in top and "Direct damage." not in top  # a verb's summary
    english = ok(sqlite_store, "log", "--help").out
    assert "The effective history, one event per line." in english
    # the app built for one call is the one translated: the next call reads English
    assert "Every event, voided ones marked." in ok(sqlite_store, "log", "--help").out
    command = whole_command()
    said_in(command, words)
    assert "Ogni evento" in str(command.commands["log"].params[1].help)
