"""Italian wherever a GM reads (issue 22): the errors and the "nothing recorded" lines
that were English words written in the code are messages of the catalogues now. Said
with ``--lang it`` they hold no English word (but the names typed and the commands'
own words), one line, the exit code as ever, the store as it was; the English is as
it was, word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_italian_everywhere import leaked
from tests.helpers import cli, ok, snapshot_of

NAMES = {"Bruna", "Orco", "Ponte", "anna", "default"}


def _said(store: str, *args: str, code: int, user: str | None = None,
          names: frozenset[str] = frozenset()) -> tuple[str, str]:
    """``args`` said in Italian and in English: the one line each prints (stdout for
    "nothing recorded", exit 0; stderr for an error, exit 2), the store unchanged."""
    before = snapshot_of(store) if Path(store).is_file() else None
    said = {}
    for lang in ("it", "en"):
        r = cli(store, "--lang", lang, *args, user=user)
        assert r.code == code, (lang, r.out, r.err)
        text, other = (r.out, r.err) if code == 0 else (r.err, r.out)
        assert other == "" and text.count("\n") == 1, (text, other)
        assert "Traceback" not in text
        said[lang] = text
    if before is not None:
        assert snapshot_of(store) == before
    assert not leaked(said["it"], NAMES | names), said["it"]
    return said["it"], said["en"]


def _fight(store: str, system: str) -> None:
    ok(store, "new", "Ponte", "--system", system)
    ok(store, "add", "Bruna", "--pc", "--hp", "30", "--ac", "17", "--init", "2")
    ok(store, "add", "Orco", "--hp", "15", "--ac", "13")
    ok(store, "init", "Bruna=15", "Orco=9")


def test_13th_age_already_so_in_italian(sqlite_store):
    """Disengaging with no one engaged (13A: Disengaging) records nothing, in Italian."""
    _fight(sqlite_store, "13a")
    it, en = _said(sqlite_store, "disengage", "Bruna", code=0)
    assert it == "nulla registrato: Bruna non è ingaggiato con nessuno\n"
    assert en == "nothing recorded: Bruna is not engaged with anyone\n"
    it, en = _said(sqlite_store, "land", "Bruna", code=0)
    assert it == "nulla registrato: Bruna è già a terra\n"  # a word as a field: flight
    assert en == "nothing recorded: Bruna is already landed\n"
    ok(sqlite_store, "cond", "add", "Orco", "dazed", "--save", "hard")
    it, en = _said(sqlite_store, "cond", "add", "Orco", "dazed", "--save", "hard", code=0)
    assert it == ("nulla registrato: Orco è già frastornato (tiro salvezza difficile), "
                  "non meno a lungo del nuovo\n")
    assert en == ("nothing recorded: Orco is dazed already (save hard), no shorter than "
                  "the new one\n")


def test_5e_already_so_in_italian(sqlite_store):
    """A condition not had, a rider not mounted: the seed's names (Avvelenato)."""
    _fight(sqlite_store, "5e")
    it, en = _said(sqlite_store, "cond", "remove", "Bruna", "poisoned", code=0)
    assert it == "nulla registrato: Bruna non è avvelenato\n"
    assert en == "nothing recorded: Bruna is not poisoned\n"
    it, en = _said(sqlite_store, "dismount", "Bruna", code=0)
    assert it == "nulla registrato: Bruna non è in sella\n"
    assert en == "nothing recorded: Bruna is not mounted\n"


def test_35_already_so_in_italian(sqlite_store):
    """3.5: already in melee; the fear ladder's top (35-CON: In preda al panico)."""
    _fight(sqlite_store, "3.5e")
    ok(sqlite_store, "engage", "Bruna", "Orco")
    it, en = _said(sqlite_store, "engage", "Bruna", "Orco", code=0)
    assert it == "nulla registrato: Bruna e Orco sono già in mischia\n"
    assert en == "nothing recorded: Bruna and Orco are already in melee\n"
    for _ in range(3):  # shaken, frightened, panicked
        ok(sqlite_store, "cond", "add", "Orco", "shaken")
    it, en = _said(sqlite_store, "cond", "add", "Orco", "shaken", code=0)
    assert it == "nulla registrato: Orco è già in preda al panico\n"
    assert en == "nothing recorded: Orco is already panicked\n"
    it, en = _said(sqlite_store, "add", "Zed", "--hp", "3", "--ac", "11", "--pd", "12",
                   code=2)
    assert it == "Errore: --pd è una difesa di 13th Age; questo scontro è 3.5e\n"
    assert en == "Error: --pd is a 13th Age defense; this encounter is 3.5e\n"


def test_a_store_error_in_italian(tmp_path):
    it, en = _said(str(tmp_path), "state", code=2)
    assert it == f"Errore: l'archivio {str(tmp_path)!r} è una cartella, non un file di database\n"
    assert en == f"Error: store {str(tmp_path)!r} is a directory, not a database file\n"
    missing = tmp_path / "nowhere" / "x.db"
    it, _en = _said(str(missing), "state", code=2)
    assert it == (f"Errore: archivio {str(missing)!r}: la cartella "
                  f"{str(missing.parent)!r} non esiste\n")
    assert not missing.parent.exists()


def test_nothing_to_undo_in_italian(sqlite_store):
    ok(sqlite_store, "new", "Ponte")
    it, en = _said(sqlite_store, "undo", code=2)
    assert it == "Errore: nulla da annullare: lo scontro ha solo il suo inizio\n"
    assert en == "Error: nothing to undo: the encounter has only its start\n"


@pytest.mark.parametrize("args, doing", [
    (("undo",), "correggere una battaglia"),
    (("--force", "una regola", "damage", "Bruna", "3"), "forzare una regola (--force)"),
])
def test_only_a_gm_in_italian(sqlite_store, args, doing):
    """A player who is no GM of the campaign is refused, in Italian, the GMs named."""
    _fight(sqlite_store, "13a")
    gm = ok(sqlite_store, "gm", "list").out.split()[0]
    it, en = _said(sqlite_store, *args, code=2, user="anna", names=frozenset({gm}))
    assert it == (f"Errore: anna non è GM della campagna 'default' (GM: {gm}): solo un "
                  f"GM può {doing}\n")
    assert en.startswith("Error: anna is not a GM of campaign 'default' (GMs: ")


def test_a_script_line_wraps_the_error_in_the_readers_language(sqlite_store, tmp_path):
    """`run`: the line's number around its error, both in Italian."""
    ok(sqlite_store, "new", "Ponte")
    script = tmp_path / "s.bt"
    script.write_text("undo\n", "utf-8")
    it, en = _said(sqlite_store, "run", str(script), code=2)
    assert it == "Errore: riga 1: nulla da annullare: lo scontro ha solo il suo inizio\n"
    assert en == "Error: line 1: nothing to undo: the encounter has only its start\n"


def test_a_condition_is_named_by_the_encounters_own_seed(sqlite_store):
    """5e's seed says "immobilizzato", 3.5's "fermato sul posto": an error of a 5e
    fight names it by 5e's word, though every catalogue is read."""
    s = sqlite_store
    ok(s, "new", "Grotta", "--system", "5e", "--seed", "1")
    ok(s, "add", "Bram", "--pc", "--hp", "10", "--ac", "12")
    assert ok(s, "--lang", "it", "cond", "remove", "Bram", "immobilized").out.strip() == \
        "nulla registrato: Bram non è immobilizzato"
    ok(s, "new", "Torre", "--system", "3.5e", "--seed", "1")
    ok(s, "add", "Kael", "--pc", "--hp", "10", "--ac", "12")
    assert ok(s, "--lang", "it", "cond", "remove", "Kael", "immobilized").out.strip() == \
        "nulla registrato: Kael non è fermato sul posto"
