"""D&D 3.5 (seed 003), Attacco di Opportunità (Attack of Opportunity) and Area minacciata."""

import pytest

from battletape.domain.errors import RuleViolation
from tests.unit.dnd35.support import fight, refused, through_round_one

AOO = dict(bonus=2, roll="10", kind="melee", opportunity=True)


def trio(**b_options):
    """A, B, C past round 1 (nobody flat-footed); A's turn; A engaged with B."""
    b = through_round_one(fight(("A", 20), ("B", 20, b_options), ("C", 20)))
    b.run("engage", "A", "B")
    return b


def provoke(b, who="A", slug="drink-potion", **kw):
    e = b.run("do", who, slug, **kw)[0]
    return e.originator_version


def test_35_AOO_01_one_aoo_a_round_reset_at_the_start_of_its_own_turn():
    """35-AOO-01 (Attacco di Opportunità): `attack B A --opportunity` sets B `aoo_used` 1;
    a second one in the round → error; reset at the start of B's next turn (⚠ the reset
    point is the recorded choice)."""
    b = trio()
    pos = provoke(b)
    e = b.run("attack", "B", "A", trigger=pos, **AOO)[0]
    assert e.action == "aoo" and b.x("B", "aoo_used") == 1
    assert b.x("B", "actions_used") == []        # outside the normal action limits
    pos2 = provoke(b, slug="stand-up-free")
    with pytest.raises(RuleViolation, match="taken its 1 attack"):
        b.run("attack", "B", "A", trigger=pos2, **AOO)
    b.run("next")
    assert b.state.turn == "B" and b.x("B", "aoo_used") == 0


def test_35_AOO_01_a_declined_opportunity_leaves_the_aoo_for_another():
    """35-AOO-01: "è sempre possibile rinunciare ad effettuarlo e aspettare un'altra
    opportunità durante il round"."""
    b = trio()
    provoke(b)                                   # B lets it pass
    pos = provoke(b, slug="stand-up-free")
    b.run("attack", "B", "A", trigger=pos, **AOO)
    assert b.x("B", "aoo_used") == 1


def test_35_AOO_02_combat_reflexes_three_aoos_one_per_opportunity():
    """35-AOO-02: `add B --aoo 3`: three AoOs in the round accepted, a fourth refused;
    two on the same `--trigger` refused; each at the full bonus."""
    b = trio(aoo=3)
    first = provoke(b)
    a1 = b.run("attack", "B", "A", trigger=first, **AOO)[0]
    with pytest.raises(RuleViolation, match="one per opportunity"):
        b.run("attack", "B", "A", trigger=first, **AOO)
    second = provoke(b, slug="stand-up-free")
    b.run("attack", "B", "A", trigger=second, **AOO)
    b.run("next")                                # B's turn: its AoOs come back
    b.run("next"), b.run("next")
    assert b.state.turn == "A"
    for slug in ("drink-potion", "reload", "stand-up-free"):
        b.run("attack", "B", "A", trigger=provoke(b, slug=slug), **AOO)
    assert b.x("B", "aoo_used") == 3
    with pytest.raises(RuleViolation, match="taken its 3 attack"):
        b.run("attack", "B", "A", trigger=provoke(b, slug="stand-up-free"), **AOO)
    assert a1.modifiers == {"attack bonus": 2}    # no iterative penalty


def test_35_AOO_03_no_aoo_against_an_opponent_with_cover():
    """35-AOO-03: "Non si può effettuare alcun AdO contro un avversario che ha copertura":
    `attack B A --opportunity --cover normal` → error."""
    b = trio()
    pos = provoke(b)
    with pytest.raises(RuleViolation, match="cover"):
        b.run("attack", "B", "A", trigger=pos, cover="normal", **AOO)
    b.run("attack", "B", "A", trigger=pos, **AOO)


def test_35_AOO_04_a_bull_rush_provokes_for_the_push_and_for_the_movement():
    """35-AOO-04: "durante un tentativo di Spingere sia il movimento che la spinta
    provocano AdO": B (target, Combat Reflexes) may take two AoOs on the one action, C
    (threatening the path) one."""
    b = trio(aoo=2)
    e = b.run("do", "A", "bull-rush", target="B", threatened_by="C")[0]
    assert sorted(e.provokes) == ["B", "C"]
    assert e.reasons == {"B": ["bull-rush", "movement"]}
    pos = e.originator_version
    b.run("attack", "B", "A", trigger=pos, **AOO)
    b.run("attack", "B", "A", trigger=pos, **AOO)
    b.run("attack", "C", "A", trigger=pos, **AOO)
    assert (b.x("B", "aoo_used"), b.x("C", "aoo_used")) == (2, 1)


def test_35_AOO_04_one_reason_one_aoo_even_with_more_left():
    """35-AOO-04 with 35-AOO-02: drinking a potion is one opportunity: B with 2 AoOs a
    round takes one for it."""
    b = trio(aoo=2)
    pos = provoke(b)
    b.run("attack", "B", "A", trigger=pos, **AOO)
    with pytest.raises(RuleViolation, match="one per opportunity"):
        b.run("attack", "B", "A", trigger=pos, **AOO)


def test_35_AOO_05_a_charger_tripped_prone_loses_its_charge():
    """35-AOO-05: the AoO resolves before the provoking action, which may become
    impossible: `do A charge --threatened-by C`, C trips A as its AoO → A prone → `attack
    A B --charge` refused, and `next` records the charge as lost."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20)))
    e = b.run("do", "A", "charge", threatened_by="C")[0]
    assert e.provokes == ["C"] and e.pending
    b.run("maneuver", "C", "A", "trip", opportunity=True, trigger=e.originator_version,
          touch=15, check=18, opposed=2)
    assert "prone" in b.c("A").conditions and b.x("C", "aoo_used") == 1
    with pytest.raises(RuleViolation, match="charge is lost: A is prone"):
        b.run("attack", "A", "B", bonus=3, roll="15", charge=True, kind="melee")
    ended = b.run("next")
    lost = b.last("ProvokedActionLost")
    assert (lost.name, lost.action, lost.reason) == ("A", "charge", "A is prone")
    assert lost in ended


def test_35_AOO_05_an_aoo_that_misses_lets_the_charge_go_on():
    """35-AOO-05: the same charge, the AoO misses: the charge attack follows at +2,
    without spending another action."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20)))
    pos = b.run("do", "A", "charge", threatened_by="C")[0].originator_version
    b.run("attack", "C", "A", bonus=0, roll="2", kind="melee", opportunity=True,
          trigger=pos)
    e = b.run("attack", "A", "B", bonus=3, roll="15", charge=True, kind="melee")
    assert [type(x).__name__ for x in e] == ["AttackResolved"]
    assert e[0].modifiers["charge"] == 2 and b.x("A", "actions_used") == ["full-round"]
    assert "ProvokedActionLost" not in [type(x).__name__ for x in b.run("next")]


def test_35_AOO_05_an_aoo_happens_outside_its_makers_turn():
    """35-AOO-05: an AoO can happen outside its maker's turn: B attacks in A's turn."""
    b = trio()
    assert b.state.turn == "A"
    b.run("attack", "B", "A", trigger=provoke(b), **AOO)
    assert b.last("AttackResolved").attacker == "B"


def test_35_AOO_06_a_trip_as_an_aoo_may_provoke_from_its_target():
    """35-AOO-06: a trip made as an AoO counts as the AoO and itself provokes from the
    target (an unarmed trip: "solo dal bersaglio"); the last provoked resolves first: A's
    AoO against B is taken on the trip's position."""
    b = trio()
    pos = provoke(b)
    e = b.run("maneuver", "B", "A", "trip", opportunity=True, trigger=pos, touch=2,
              check=10, opposed=10)
    trip = e[0]
    assert (trip.kind, trip.provokes) == ("aoo", ["A"])
    assert b.x("B", "aoo_used") == 1 and b.x("B", "actions_used") == []
    b.run("attack", "A", "B", trigger=trip.originator_version, **AOO)
    assert b.x("A", "aoo_used") == 1


def test_35_AOO_06_a_trip_weapon_trip_as_aoo_does_not_provoke_and_bull_rush_cannot():
    """35-AOO-06: with a trip weapon the trip doesn't provoke; a bull rush doesn't take
    the place of a melee attack, so it is no AoO."""
    b = trio()
    pos = provoke(b)
    e = b.run("maneuver", "B", "A", "trip", opportunity=True, trigger=pos, touch=2,
              check=10, opposed=10, trip_weapon=True)
    assert e[0].provokes == []
    with pytest.raises(RuleViolation, match="not as an attack of opportunity"):
        b.run("maneuver", "C", "A", "bull-rush", opportunity=True, check=10, opposed=10)


def test_35_AOO_07_engaged_and_named_creatures_threaten_unarmed_do_not():
    """35-AOO-07 (Area minacciata): an armed creature threatens the squares around it
    (`engage`, `--threatened-by`) even out of its turn; a creature without natural or
    melee weapons (`add --unarmed`) threatens nothing."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20), ("U", 20,
                                                                   {"unarmed": True})))
    b.run("engage", "A", "B")
    b.run("engage", "A", "U")
    e = b.run("do", "A", "move", threatened_by="C")[0]
    assert sorted(e.provokes) == ["B", "C"]


def test_35_AOO_07_leaving_threatened_squares_with_move_provokes_from_each():
    """35-AOO-07: `move A away` (a move action) leaves every threatened square: each
    creature threatening it may take an AoO; the engagements end."""
    b = through_round_one(fight(("A", 20), ("B", 20), ("C", 20)))
    b.run("engage", "A", "B")
    b.run("engage", "A", "C")
    e = b.run("move", "A", "away")
    assert sorted(e[0].provokes) == ["B", "C"] and b.c("A").engaged_with == []


@pytest.mark.parametrize("setup,reason", [
    ("flat-footed", "flat-footed"),
    ("total-defense", "total defense"),
    ("grappling", "grappling"),
])
def test_35_AOO_08_no_aoo_by_flat_footed_total_defense_or_grappling(setup, reason):
    """35-AOO-08: no AoO by a flat-footed creature (round 1 before its turn), one in total
    defense, a grappling one (it threatens nothing): not offered, and `--opportunity`
    refused with the reason."""
    if setup == "flat-footed":
        b = fight(("A", 20), ("B", 20))
        b.run("engage", "A", "B")
    else:
        b = through_round_one(fight(("A", 20), ("B", 20)))
        b.run("engage", "A", "B")
        if setup == "total-defense":
            b.run("next")
            b.run("do", "B", "total-defense")
            b.run("next")
        else:
            b.run("cond add", "B", "grappling")
    assert b.state.turn == "A"
    e = b.run("do", "A", "drink-potion")[0]
    assert e.provokes == []
    with pytest.raises(RuleViolation, match=reason):
        b.run("attack", "B", "A", **AOO)


def test_35_AOO_08_no_aoo_against_total_concealment():
    """35-AOO-08 with 35-CON-02: `--opportunity --concealment 50` → error; an invisible
    creature provokes nobody."""
    b = trio()
    pos = provoke(b)
    with pytest.raises(RuleViolation, match="total concealment"):
        b.run("attack", "B", "A", trigger=pos, concealment=50, **AOO)
    b.run("cond add", "A", "invisible")
    assert b.run("do", "A", "stand-up-free")[0].provokes == []
    with pytest.raises(RuleViolation, match="total concealment"):
        b.run("attack", "B", "A", **AOO)


def test_35_AOO_08_a_confused_creature_only_against_one_attacking_it():
    """35-AOO-08: a confused creature makes an AoO only against a creature already
    attacking it."""
    b = trio()
    b.run("cond add", "B", "confused")
    pos = provoke(b, slug="stand-up-free")
    with pytest.raises(RuleViolation, match="confused"):
        b.run("attack", "B", "A", trigger=pos, **AOO)
    b.run("attack", "A", "B", bonus=0, roll="2", kind="melee")     # A attacks B
    pos2 = provoke(b, slug="stand-up-free")
    b.run("attack", "B", "A", trigger=pos2, **AOO)
    assert b.x("B", "aoo_used") == 1


def test_35_AOO_07_an_aoo_without_trigger_needs_a_creature_that_threatens_the_target():
    """35-AOO-07 (Area minacciata, audit D15): A picks something up (engaged with nobody,
    no --threatened-by): C, never engaged, never offered one, can't take an AoO on A
    (forceable); once engaged with A it may (15 + 4 = 19 vs AC 15, 3 damage)."""
    from battletape.domain.errors import forcing

    b = through_round_one(fight(("A", 30, {"pc": True, "ac": 15, "init": 3}),
                                ("B", 30, {"ac": 14}), ("C", 30, {"ac": 14})))
    b.run("do", "A", "pick-up")
    r = refused(b, "attack", "C", "A", opportunity=True, bonus=4, roll="15", dmg=3,
                kind="melee")
    assert r.forceable and "C does not threaten A" in str(r)
    with forcing():
        b.run("attack", "C", "A", opportunity=True, bonus=4, roll="15", dmg=3,
              kind="melee")
    assert b.c("A").hp == 27
    b.run("engage", "B", "A")
    b.run("attack", "B", "A", opportunity=True, bonus=4, roll="15", dmg=3, kind="melee")
    assert b.c("A").hp == 24
