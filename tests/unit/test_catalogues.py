"""The message catalogues (projections/words.py, projections/catalogues.py): every
message of the code has its Italian, compiled; no Italian is a copy of its English
but where the words are the same; a translation keeps every value of its message."""

from __future__ import annotations

import string

import pytest

from battletape.projections import catalogues
from battletape.domain.words import Words, catalogue, words

#: messages whose Italian is written as the English is
SAME_IN_ITALIAN = {" (immune)", ", GM {names}", "Round {n}", " ({bonus_action})",
                   "{name}: {action} ({kind}){what}{provokes}"}


#: fields a translation may leave out, saying the same in its own words (5e's
#: "takes the Dodge action": Italian names the action by the seed's term, {action})
MAY_LEAVE = {"Action"}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_of_the_code_has_its_italian_compiled():
    assert catalogues.problems() == []


@pytest.mark.parametrize("package", catalogues.packages())
def test_no_italian_is_a_copy_of_its_english_and_none_loses_a_value(package):
    for po in catalogues.po_files(package):
        for m in catalogues.read(po):
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            said = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.id not in SAME_IN_ITALIAN:
                assert ids[0] not in said, f"{po.name}: {m.id!r} is not translated"
            for text in said:
                assert _fields(ids[0]) - MAY_LEAVE <= _fields(text), (m.id, text)


def test_english_reads_no_catalogue_and_is_the_message_itself():
    assert catalogue("battletape.projections", "en") is None
    en = words("en")
    assert en("{name} flees the fight", name="Orc") == "Orc flees the fight"
    assert en.names(["A", "B", "C"]) == "A, B, C" and en.names([]) == "nobody"


def test_italian_comes_from_the_catalogue_with_its_contexts():
    it = words("it")
    assert it("{name} flees the fight", name="Orc") == "Orc fugge dal combattimento"
    assert it.ctx("save", "hard") == "difficile" and it.ctx("outcome", "fled") == "fuga"
    assert it.names(["A", "B", "C"]) == "A, B e C" and it.names([]) == "nessuno"
    # a word the catalogue does not hold reads as it is (a name, a new damage type)
    assert it.ctx("damage type", "sonic") == "sonic"


def test_a_language_without_a_catalogue_reads_english():
    assert Words("fr", ("battletape.projections",))("{name} flees the fight",
                                                    name="Orc") == "Orc flees the fight"
