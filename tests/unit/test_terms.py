"""A system's statuses and rule words are English ids in its terms module, their
Italian in its catalogue (context "term"): one logic, words as data; a third language
is a catalogue of its own. The seed's conditions keep their Italian names (also read
as typed)."""

from __future__ import annotations

import pytest

from battletape.domain import systems
from battletape.domain.words import words

#: the seeds say these in Italian too
SAME_IN_ITALIAN = {"round", "coma"}
BUILT_IN = [s for s in systems.all_systems().values()
            if s.package.startswith("battletape.domain.")]


@pytest.mark.parametrize("system", BUILT_IN, ids=lambda s: s.id)
def test_every_term_has_its_italian_in_the_catalogue(system):
    said = words("it", system.package)
    missing = [w for w in system.term_ids
               if w not in SAME_IN_ITALIAN and said.ctx("term", w) == w]
    assert missing == []
    assert set(system.statuses) <= set(system.term_ids) | set(system.conditions)
    for word in system.term_ids:
        assert system.term(word, "en") == word
        assert system.term(word, "it") == (system.conditions.get(word)
                                           or said.ctx("term", word))


def test_the_seeds_words():
    by_id = {s.id: s for s in BUILT_IN}
    assert by_id["13a"].term("staggered", "it") == "barcollante"
    assert by_id["13a"].term("escalation die", "it") == "dado di escalation"
    assert by_id["5e"].term("bonus action", "it") == "azione bonus"
    assert by_id["3.5e"].term("touch", "it") == "tocco"
    assert by_id["3.5e"].term("disabled", "it") == "inabile"
    assert by_id["5e"].term("prone", "it") == "prono"  # a condition: the seed's name
