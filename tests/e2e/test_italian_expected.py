"""What a bad value expected, said in Italian (issue 22): ``bad WHAT VALUE: expected
EXPECTED`` was an Italian frame around English words; now the expected part is a
message of the catalogues too (a system's in its own). Said with ``--lang it`` the
line holds no English word (but names, options and codes typed as they are), one
line on stderr, exit 2, the store as it was; the English is as it was."""

from __future__ import annotations

import pytest

from tests.e2e.test_italian_errors import _fight, _said

GOB = frozenset({"Gob"})


@pytest.mark.parametrize("system", ["13a", "5e", "3.5e"])
def test_the_core_expectations_in_every_system(sqlite_store, system):
    _fight(sqlite_store, system)
    it, en = _said(sqlite_store, "add", "Gob", "--hp", "10", "--gender", "z", code=2,
                   names=GOB)
    assert it == "Errore: valore non valido per --gender: 'z'; atteso f o m\n"
    assert en == "Error: bad --gender 'z': expected f or m\n"
    it, en = _said(sqlite_store, "add", "Gob", "--hp", "-3", code=2, names=GOB)
    assert it.endswith("atteso un numero positivo\n")
    assert en.endswith("expected a positive number\n")
    it, en = _said(sqlite_store, "party", "remove", "Zed", code=2, names=frozenset({"Zed"}))
    assert it.endswith("atteso uno del gruppo: Bruna\n")
    assert en.endswith("expected one of the party: Bruna\n")


def test_13th_age(sqlite_store):
    _fight(sqlite_store, "13a")
    attack = ["attack", "Bruna", "Orco", "--bonus", "5", "--vs", "ac"]
    it, en = _said(sqlite_store, *attack, "--roll", "25", code=2)
    assert it == ("Errore: valore non valido per d20 naturale: 25; atteso un d20 "
                  "naturale da 1 a 20\n")
    assert en == "Error: bad natural d20 25: expected a natural d20 from 1 to 20\n"
    it, en = _said(sqlite_store, *attack, "--roll", "12", "--dmg", "-3", code=2)
    assert it.endswith("atteso un totale di 0 o più\n")
    it, en = _said(sqlite_store, "cond", "add", "Orco", "dazed", "--until", "nope",
                   code=2)
    assert it.endswith("(end-of-turn:NOME, end-of-next-turn:NOME: la fine del turno di "
                       "NOME)\n")
    assert en.endswith("(end-of-turn:NAME, end-of-next-turn:NAME: the end of NAME's "
                       "turn)\n")


def test_5e(sqlite_store):
    _fight(sqlite_store, "5e")
    attack = ["attack", "Bruna", "Orco", "--bonus", "5"]
    it, en = _said(sqlite_store, *attack, "--roll", "25", code=2)
    assert it.endswith("atteso naturali da 1 a 20\n")
    assert en.endswith("expected naturals from 1 to 20\n")
    it, _en = _said(sqlite_store, *attack, "--roll", "12", "--kind", "xyz", code=2)
    assert it.endswith("atteso `melee` (mischia), `ranged` (a distanza) o `spell` "
                       "(incantesimo)\n")  # codes as typed, in backticks
    it, en = _said(sqlite_store, *attack, "--roll", "12/13", code=2)
    assert it.endswith("atteso un solo naturale: due facce richiedono --adv o --dis\n")
    assert en.endswith("expected one natural: two faces need --adv or --dis\n")
    it, _en = _said(sqlite_store, "add", "Gob", "--hp", "10", "--cr", "99", code=2,
                    names=GOB | {"challenge rating"})
    assert it.endswith("atteso 0, 1/8, 1/4, 1/2 o 1..30\n")


def test_35(sqlite_store):
    """The seed's terms: CA, tocco, colto alla sprovvista (3.5 SRD, Combat)."""
    _fight(sqlite_store, "3.5e")
    attack = ["attack", "Bruna", "Orco", "--bonus", "3"]
    it, en = _said(sqlite_store, *attack, "--roll", "25", code=2)
    assert it.endswith("atteso d20 naturali da 1 a 20\n")
    it, en = _said(sqlite_store, *attack, "--roll", "12", "--vs", "nope", code=2)
    assert it.endswith("atteso `ac` (CA), `touch` (tocco) o `flat-footed` (colto alla "
                       "sprovvista)\n")
    assert en.endswith("expected ac, touch or flat-footed\n")
    it, en = _said(sqlite_store, "add", "Gob", "--hp", "5", "--score", "dex:200",
                   code=2, names=GOB | {"dex:200"})
    assert it.endswith("atteso CAR:N con un punteggio 0..99\n")
    assert en.endswith("expected ABIL:N with a score 0..99\n")
    it, _en = _said(sqlite_store, "add", "Gob", "--hp", "5", "--score", "dex",
                    code=2, names=GOB | {"dex"})
    assert it.endswith("atteso CAR:N, p.es. `dex:14`\n")
