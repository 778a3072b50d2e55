"""Every event of every system reads as a sentence in the log, the replays and the
reports, in English and in Italian: none falls back to its raw fields
(``QuickRestTaken name=Bruna rolls=[…]``)."""

from __future__ import annotations

import re
import typing
from importlib import import_module

import pytest

from battletape.domain import events as ev, systems
from battletape.domain.thirteenth_age import events as te
from battletape.projections.describe import describe
from tests.helpers import sample_event

RAW = re.compile(r"\b[a-z_]+=")
def _events_of(system) -> list[type]:
    ev.EncounterEvent  # the union (and CommandAmended's forward reference) made
    own = (list(import_module(system.events_module).EVENTS)
           if system.events_module else [])
    return list(ev.CORE_ENCOUNTER_EVENTS) + own + list(typing.get_args(ev.CampaignEvent))


CASES = [(sid, cls) for sid, s in systems.all_systems().items() for cls in _events_of(s)]


@pytest.mark.parametrize("system, cls", CASES,
                         ids=[f"{s}-{c.__name__}" for s, c in CASES])
def test_every_event_is_a_sentence_in_english_and_italian(system, cls):
    e = sample_event(cls)
    english, italian = describe(e, "en", system), describe(e, "it", system)
    for line in (english, italian):
        assert line.strip(), cls.__name__
        assert not RAW.search(line), line
        assert cls.__name__ not in line, line
    # Italian is worded, not the English line again ("round 3" is the seed's word)
    assert italian != english or cls is ev.RoundStarted, italian


def test_the_cases_the_issue_names_read_as_sentences():
    rest = te.QuickRestTaken(name="Bruna", rolls=[ev.Roll(expr="1d10", faces=[7],
                                                          sides=10, total=7)],
                             con_bonus=2, healed=9, recoveries_spent=1)
    assert describe(rest) == ("Bruna takes a quick rest: 1 recovery spent "
                              "(1d10 [7] = 7, +2 each), 9 hp healed")
    assert describe(rest, "it").startswith("Bruna fa un riposo breve: 1 recupero speso")
    assert describe(ev.RulingRecorded(text="the ogre is large", by="Marta")) == \
        "GM ruling by Marta: the ogre is large"
    assert describe(te.FlightChanged(name="Vex", flying=True)) == "Vex takes to the air"
    assert describe(te.FlightChanged(name="Vex", flying=False), "it") == "Vex atterra"
    assert describe(ev.Delayed(name="Vex")) == "Vex delays, to act later this round"
    assert describe(ev.Readied(name="Vex", trigger="the ogre charges")) == \
        "Vex readies an action for when the ogre charges"
    assert describe(te.SpiritFought(name="Kael", ally="Bruna", stat="attack", amount=1,
                                    until_round=4)) == \
        "Kael fights in spirit: Bruna gets +1 attack until round 4"
    assert describe(te.EscalationSet(value=0, held=True, reason="stalled")) == \
        "the GM sets the escalation die to 0; held: it will not advance: stalled"
    assert describe(te.EscalationSet(value=2), "it") == \
        "il GM porta il dado di escalation a 2"
    assert describe(te.FullHealUpTaken(names=["Bruna", "Kael"])) == \
        "full heal-up for Bruna, Kael: hit points and recoveries restored"
