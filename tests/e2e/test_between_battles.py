"""13th Age SRD, Combat Rules: Rest and Recharge — quick rests, recharges and full
heal-ups happen between battles: each acts on the battle it names (`--encounter`),
never in the middle of one, and what would change nothing is refused."""

import pytest

from tests.helpers import nothing_recorded, ok, refused_whole

GM = "marta"


@pytest.fixture
def bridge(sqlite_store):
    """Bruna (30 hp, 8 recoveries) takes 10 from the orc: 20/30 when the battle ends."""
    s = sqlite_store
    for line in ("new Bridge --campaign Ember --seed 2",
                 "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3 --level 3",
                 "add Orc --hp 20 --ac 15 --pd 13 --md 10 --init 1",
                 "init Bruna=15 Orc=6", "next",
                 "attack Orc Bruna --bonus 5 --vs ac --roll 18 --dmg 10"):
        ok(s, line, user=GM)
    return s


def test_nothing_between_battles_happens_in_the_middle_of_one(bridge):
    for command in ("rest Bruna --roll 5", "recharge Bruna Fireball --need 16 --roll 17",
                    "heal-up"):
        refused_whole(bridge, command, "still going on", user=GM)
    ok(bridge, "end", user=GM)
    r = ok(bridge, "rest Bruna --roll 5", user=GM)   # 3d8 total 5: 20 -> 25
    assert "Bruna takes a quick rest after Bridge: 1 recovery spent" in r.out
    assert "5 hp healed" in r.out


def test_a_rest_acts_on_the_battle_it_names(bridge):
    ok(bridge, "end", user=GM)
    ok(bridge, "new Keep --campaign Ember", user=GM)
    # the campaign has moved on: a rest after Bridge is no longer between battles
    refused_whole(bridge, "--encounter Bridge rest Bruna --roll 5",
                  "not the campaign's last battle", user=GM)
    refused_whole(bridge, "--encounter Keep rest Bruna --roll 5", "still going on",
                  user=GM)
    ok(bridge, "--encounter Bridge branch 3 'what if'", user=GM)
    refused_whole(bridge, "--encounter 'what if' heal-up", "what-if branch", user=GM)


def test_what_changes_nothing_records_nothing_and_what_the_rules_refuse_is_refused(
        sqlite_store):
    s = sqlite_store
    for line in ("new Calm --campaign Ember", "add Bruna --pc --hp 30 --ac 17 --level 3",
                 "add Rat --hp 4 --ac 10", "end"):
        ok(s, line, user=GM)
    # Quick Rests: at full hit points with every recovery, a rest heals nothing
    nothing_recorded(s, "rest Bruna", "full hit points (30/30)", user=GM)
    nothing_recorded(s, "rest Bruna --roll 5", "full hit points", user=GM)
    refused_whole(s, "recharge Kael Fireball --need 16 --roll 17", "not a PC", user=GM)
    refused_whole(s, "heal-up Kael", "not a PC of the last battle", user=GM)
    ok(s, "heal-up", user=GM)
    nothing_recorded(s, "heal-up", "nothing to heal", user=GM)
    nothing_recorded(s, "heal-up bruna", "nothing to heal: Bruna", user=GM)
    ok(s, "heal-up --campaign-loss", user=GM)   # a retreat is a fact of its own
