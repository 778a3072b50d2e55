"""A system-neutral core (issue 21, point 1): 13th Age's events and state live in its
own package; the core's events and state name none of them, and every moved event
still reads and writes under the topic it was first stored by."""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from battletape.stores import store
from battletape.domain import events as ev, state as st
from battletape.domain.thirteenth_age import events as te

DOMAIN = Path(__file__).resolve().parents[2] / "domain"
MOVED = ("EscalationSet", "RecoverySpent", "RallyAttempted", "FlightChanged",
         "SpiritFought", "QuickRestTaken", "RechargeRolled", "FullHealUpTaken")
STATE_FIELDS = ("escalation_die", "recoveries", "pd", "md", "recovery_die", "con_mod")


def _words(path: Path) -> set[str]:
    return set(re.findall(r"[A-Za-z_]+", path.read_text("utf-8")))


def test_the_core_events_name_none_of_13th_ages_events():
    assert not set(MOVED) & _words(DOMAIN / "events.py")
    assert not set(MOVED) & set(ev.EVENT_TYPES) - {c.__name__ for c in te.EVENTS}


def test_the_core_state_names_none_of_13th_ages_fields():
    assert not set(STATE_FIELDS) & _words(DOMAIN / "state.py")
    assert not set(STATE_FIELDS) & set(st.EncounterState.__struct_fields__)


def _sample(cls):
    roll = ev.Roll(expr="1d10", faces=[7], sides=[10], total=9, modifier=2)
    values = {str: "Bruna", int: 3, bool: True, ev.Roll: roll}
    return cls(**{f.name: values.get(f.type, roll) for f in msgspec.structs.fields(cls)
                  if f.required})


@pytest.mark.parametrize("name", MOVED)
def test_a_moved_event_round_trips_under_its_first_stored_topic(name):
    cls = getattr(te, name)
    assert cls in te.EVENTS and ev.EVENT_TYPES[name] is cls
    e = msgspec.structs.replace(_sample(cls), originator_version=4)
    mapper = store.MsgspecMapper(transcoder=store.NullTranscoder())
    stored = mapper.to_stored_event(e)
    # the topic and the tag it was first stored by, so older stores keep reading
    assert stored.topic == f"domain.events:{name}" == store.topic(cls)
    assert msgspec.json.decode(stored.state)["type"] == name
    assert mapper.to_domain_event(stored) == e
    assert ev.decoder.decode(stored.state) == e


def test_an_event_born_in_its_system_keeps_its_own_topic():
    assert store.topic(te.HealingPotionUsed) == "domain.thirteenth_age.events:HealingPotionUsed"


def test_the_dashboard_and_the_campaign_take_13th_ages_parts_from_its_declaration():
    from battletape.domain import systems
    from battletape.projections.analytics import stats

    root = DOMAIN.parent / "projections"
    for path in (root / "analytics" / "stats.py", root / "campaign.py"):
        text = path.read_text("utf-8").casefold()
        assert "escalation" not in text and "quickrest" not in text and "13a" not in text
    keys = [q[0] for q in stats.queries()]
    assert keys[:5] == ["damage", "escalation", "attackers", "battles", "recoveries"]
    assert [s[0] for s in systems.get("13a").stats_sections()] == ["escalation", "recoveries"]
    assert systems.get("5e").stats_sections() == []


MOVED_FIELDS = ("pd", "md", "recoveries", "recovery_die", "con_mod", "resist",
                "penalty", "lasting_wounds")


def test_combatant_added_carries_13th_ages_statistics_in_its_stats():
    assert not set(MOVED_FIELDS) & set(ev.CombatantAdded.__struct_fields__)
    assert not set(MOVED_FIELDS) & set(st.Combatant.__struct_fields__)
    # an older store's event, its statistics still fields of its own, reads as today's
    old = (b'{"type":"CombatantAdded","originator_version":3,"name":"Bruna",'
           b'"max_hp":30,"hp":30,"pc":true,"ac":17,"pd":14,"md":10,"init_bonus":3,'
           b'"level":3,"recoveries":8,"recovery_die":10,"con_mod":2,'
           b'"resist":{"fire":16},"penalty":0,"lasting_wounds":0,"stats":{}}')
    e = ev.decoder.decode(old)
    assert e.stats == {"pd": 14, "recoveries": 8, "recovery_die": 10, "con_mod": 2,
                       "resist": {"fire": 16}}
    amended = ev.decoder.decode(
        b'{"type":"CommandAmended","target":3,"replacement":[' + old + b']}')
    assert amended.replacement == [e]


def test_an_old_combatant_added_folds_as_it_did():
    from battletape.domain.thirteenth_age import roster
    from battletape.projections.encounter_state import apply

    old = (b'{"type":"CombatantAdded","originator_version":2,"name":"Orc","max_hp":20,'
           b'"hp":20,"ac":15,"pd":14,"md":11,"resist":{"fire":16},"recoveries":0,'
           b'"recovery_die":8,"con_mod":0,"penalty":0,"lasting_wounds":0}')
    s = apply(st.EncounterState(name="Bridge", system="13a"), ev.EncounterStarted(
        name="Bridge", originator_version=1))
    today = roster.add(s, "Orc", 20, ac=15, pd=14, md=11, resist=["fire:16"])
    from_old = apply(st.copy(s), ev.decoder.decode(old))
    from_new = apply(st.copy(s), msgspec.structs.replace(today[0], originator_version=2))
    c = from_old.combatants["Orc"]
    assert (c.part.pd, c.part.md, c.part.resist, c.part.recoveries) == (14, 11,
                                                                         {"fire": 16}, 0)
    assert from_old == from_new
    assert today[0].stats == ev.decoder.decode(old).stats


# 13th Age's fields of the core's events (layout 1) and where they are now (``extra``)
LAYOUT_1 = {
    "SurpriseDeclared": (b'"actors":["Vex"],"advance_escalation":true',
                         {"advance_escalation": True}),
    "RoundStarted": (b'"round":3,"escalation_die":2', {"escalation_die": 2}),
    "Readied": (b'"name":"Vex","trigger":"the orc moves","readies":"move"',
                {"readies": "move"}),
    "AttackResolved": (b'"attacker":"Vex","target":"Orc","defense":"ac",'
                       b'"defense_value":15,"roll":{"expr":"1d20","faces":[14],"total":14},'
                       b'"natural":14,"bonus":7,"escalation":2,"total":23,"hit":true',
                       {"escalation": 2}),
    "DamageTaken": (b'"target":"Orc","amount":5,"fake_roll":{"expr":"1d20",'
                    b'"faces":[9],"total":9,"source":"virtual"},"knock_out":false',
                    {"fake_roll": {"expr": "1d20", "faces": [9], "total": 9,
                                   "source": "virtual"}}),
    "OngoingDamageApplied": (b'"name":"Orc","amount":5,"nonmagical":true,'
                             b'"fake_roll":null', {"nonmagical": True}),
}


def test_no_core_event_keeps_a_field_only_13th_age_records():
    for tag, moved in te.EXTRA.items():
        assert not set(moved) & set(ev.EVENT_TYPES[tag].__struct_fields__), tag


@pytest.mark.parametrize("tag", sorted(LAYOUT_1))
def test_an_older_core_event_reads_its_13th_age_fields_into_extra(tag):
    fields, extra = LAYOUT_1[tag]
    old = b'{"type":"%s","originator_version":7,"schema":1,%s}' % (tag.encode(), fields)
    e = ev.decoder.decode(old)
    assert type(e).__name__ == tag and e.extra == extra
    # and as a replacement of an amendment stored beside it
    amended = ev.decoder.decode(b'{"type":"CommandAmended","target":7,"schema":1,'
                                b'"replacement":[' + old + b']}')
    assert amended.replacement == [e]
    # today's layout keeps the same values where it put them, and reads as it is
    today = ev.decoder.decode(msgspec.json.encode(e).replace(b'"schema":1', b'"schema":2'))
    assert today.extra == extra and today.schema == ev.SCHEMA


def test_a_5e_round_of_layout_1_loses_its_escalation_die_of_zero():
    e = ev.decoder.decode(b'{"type":"RoundStarted","round":2,"escalation_die":0,'
                          b'"schema":1}')
    assert e.extra == {} and e == ev.RoundStarted(round=2, schema=1)


def test_the_fake_roll_reads_back_as_a_roll():
    fields, _ = LAYOUT_1["DamageTaken"]
    e = ev.decoder.decode(b'{"type":"DamageTaken","schema":1,%s}' % fields)
    assert te.fake_roll(e) == ev.Roll(expr="1d20", faces=[9], total=9, source="virtual")
