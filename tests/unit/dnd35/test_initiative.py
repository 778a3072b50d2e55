"""D&D 3.5 (seed 003), Iniziativa (Initiative): the order, ties, flat-footed in round 1,
joining a fight, Preparare un'azione (ready), Ritardare il turno (delay), Sorpresa."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd35.support import SYSTEM, Battle, fight


def names(events):
    return [type(e).__name__ for e in events]


def order(b):
    return [(n, b.c(n).initiative) for n in b.state.order]


# --- the order ------------------------------------------------------------------------------

def test_35_INI_01_initiative_is_d20_plus_the_bonus_highest_first():
    """35-INI-01 (Iniziativa): 1d20 + Dex modifier for everyone at the start; highest
    acts first: A 8 + 5 = 13 before B 11 + 0 = 11."""
    b = Battle()
    b.run("add", "A", hp=10, init=5)
    b.run("add", "B", hp=10)
    e = b.run("init", naturals=["A=8", "B=11"])
    rolled = {x.names[0]: x.roll for x in e if type(x).__name__ == "InitiativeRolled"}
    assert (rolled["A"].natural, rolled["A"].total) == (8, 13)
    assert order(b) == [("A", 13), ("B", 11)] and b.state.turn == "A"


def test_35_INI_01_a_group_of_npcs_shares_one_roll():
    """35-INI-01: the DM may roll per group: `add Orc --count 3` → one roll for the three;
    a roll not typed is rolled with the bonus."""
    b = Battle()
    b.run("add", "Orc", hp=5, count=3, init=1)
    b.run("add", "Kael", hp=10, init=2)
    e = [x for x in b.run("init", naturals=["Orc=12"]) if type(x).__name__ ==
         "InitiativeRolled"]
    assert len(e) == 2
    group = next(x for x in e if x.group == "Orc")
    assert group.names == ["Orc 1", "Orc 2", "Orc 3"] and group.roll.total == 13
    kael = next(x for x in e if x.names == ["Kael"])
    assert kael.roll.total == kael.roll.natural + 2 and 1 <= kael.roll.natural <= 20


def test_35_INI_01_deafened_minus_4_on_initiative():
    """35-INI-01 with Assordato: a deafened creature's initiative check −4: A 10 + 2 − 4
    = 8 acts after B's 9."""
    b = Battle()
    b.run("add", "A", hp=10, init=2)
    b.run("add", "B", hp=10)
    b.run("cond add", "A", "deafened")
    b.run("init", naturals=["A=10", "B=9"])
    assert order(b) == [("B", 9), ("A", 8)]


def test_35_INI_02_ties_the_higher_bonus_first():
    """35-INI-02: A 15 (bonus +3) and B 15 (+1) → A first."""
    b = fight(("B", 20, {"init": 1}), ("A", 20, {"init": 3}), inits={"B": 14, "A": 12})
    assert order(b) == [("A", 15), ("B", 15)]
    assert not b.x("A", "tie_undecided")


def test_35_INI_02_still_tied_they_reroll_between_themselves():
    """35-INI-02: both +2 at 15 → TieRerollDue; `init --reroll A=12,B=7` → A first, and
    the reroll never moves them past C (18) or D (10)."""
    b = fight(("B", 20, {"init": 2}), ("A", 20, {"init": 2}), ("C", 20), ("D", 20),
              inits={"B": 13, "A": 13, "C": 18, "D": 10})
    due = b.last("TieRerollDue")
    assert sorted(due.names) == ["A", "B"] and due.total == 15
    assert b.x("A", "tie_undecided") and b.x("B", "tie_undecided")
    b.run("init", reroll=["A=12,B=7"])
    assert [n for n, _ in order(b)] == ["C", "A", "B", "D"]
    assert not b.x("A", "tie_undecided")


def test_35_INI_02_a_reroll_of_untied_creatures_or_tied_again_is_refused():
    """35-INI-02: only tied creatures reroll; a reroll tied again must be rolled again."""
    b = fight(("A", 20, {"init": 2}), ("B", 20, {"init": 2}), ("C", 20),
              inits={"A": 13, "B": 13, "C": 5})
    with pytest.raises(RuleViolation, match="not tied"):
        b.run("init", reroll=["A=12,C=7"])
    with pytest.raises(RuleViolation, match="tied again"):
        b.run("init", reroll=["A=9,B=9"])
    with pytest.raises(BadInput):
        b.run("init", reroll=["A=12"])


def test_35_INI_03_the_order_stays_fixed_a_creature_that_does_nothing_keeps_its_count():
    """35-INI-03: the order stays the same round after round; B takes no action and keeps
    its count."""
    b = fight(("A", 20), ("B", 20), ("C", 20))
    first = order(b)
    for _ in range(7):
        b.run("next")
    assert b.state.round == 3 and order(b) == first


def test_35_INI_04_flat_footed_until_its_first_turn():
    """35-INI-04: "Durante il primo round ... ogni creatura che non ha ancora agito è
    considerata colta alla sprovvista": round 1 before B's turn `flat_footed` true (its
    flat-footed AC is hit, no AoO, no immediate action); from B's TurnStarted false for
    the rest of the encounter."""
    b = fight(("A", 20), ("B", 20, {"ac": 16, "flat_footed": 13}))
    assert b.x("A", "flat_footed") is False and b.x("B", "flat_footed") is True
    hit = b.run("attack", "A", "B", bonus=0, roll="14", kind="melee")[-1]
    assert hit.defense_value == 13 and hit.hit
    b.run("engage", "A", "B")
    assert b.run("do", "A", "stand-up-free")[0].provokes == []
    with pytest.raises(RuleViolation, match="flat-footed"):
        b.run("attack", "B", "A", bonus=0, roll="10", kind="melee", opportunity=True)
    with pytest.raises(RuleViolation, match="flat-footed"):
        b.run("do", "B", "immediate")
    b.run("next")
    assert b.x("B", "flat_footed") is False and b.x("B", "flat_footed_ac") == 13
    for _ in range(4):
        b.run("next")
        assert b.x("B", "flat_footed") is False
    b.run("next")
    assert b.state.turn == "A" and b.x("B", "ac") == 16
    assert b.run("attack", "A", "B", bonus=0, roll="14",
                 kind="melee")[-1].defense_value == 16


def test_35_INI_06_an_aware_newcomer_acts_first_from_the_next_round():
    """35-INI-06 (Unirsi a un combattimento): top count 18, `add Late --joins aware` →
    initiative 19, from the next round; in this round it takes no turn."""
    b = fight(("A", 20), ("B", 20), inits={"A": 18, "B": 10})
    b.run("add", "Late", hp=10, joins="aware")
    assert b.c("Late").initiative == 19 and b.state.order[0] == "Late"
    b.run("next")
    assert b.state.turn == "B"
    e = b.run("next")
    assert names(e) == ["TurnEnded", "RoundStarted", "TurnStarted"]
    assert (b.state.round, b.state.turn) == (2, "Late")


def test_35_INI_06_several_aware_newcomers_highest_dex_first():
    """35-INI-06: several newcomers at once, the highest Dex score first, both before the
    top count."""
    b = fight(("A", 20), ("B", 20), inits={"A": 18, "B": 10})
    b.run("add", "Slow", hp=10, joins="aware", score=["dex:10"])
    b.run("add", "Quick", hp=10, joins="aware", score=["dex:16"])
    assert order(b)[:3] == [("Quick", 19), ("Slow", 19), ("A", 18)]


def test_35_INI_06_an_unaware_newcomer_rolls_normally():
    """35-INI-06: an unaware newcomer rolls initiative normally and acts from the next
    round, at its count."""
    b = fight(("A", 20), ("B", 20), inits={"A": 18, "B": 10})
    b.run("add", "Late", hp=10, joins="unaware")
    b.run("init", naturals=["Late=14"])
    assert order(b) == [("A", 18), ("Late", 14), ("B", 10)]
    b.run("next")
    assert b.state.turn == "B"
    b.run("next"), b.run("next")
    assert (b.state.round, b.state.turn) == (2, "Late")


def test_35_INI_06_joins_needs_a_fight_under_way():
    """35-INI-06: before initiative everyone rolls: `--joins` refused."""
    b = Battle()
    b.run("add", "A", hp=10)
    with pytest.raises(BadInput, match="--joins"):
        b.run("add", "Late", hp=10, joins="aware")


# --- Preparare un'azione, Ritardare il turno ------------------------------------------------

def abc():
    return fight(("A", 20), ("B", 20), ("C", 20), inits={"A": 18, "B": 12, "C": 5})


def test_35_RDY_01_ready_then_act_before_the_trigger_takes_its_count():
    """35-RDY-01 (Preparare un'azione): `ready A "..."` is a standard action that doesn't
    provoke; `act A` in B's turn → A's count placed just before B's (12), also in the next
    round; only the readied (standard) action may be taken."""
    b = abc()
    b.run("engage", "A", "B")
    e = b.run("ready", "A", "B attacks")
    assert e[0].kind == "standard" and e[0].provokes == []
    b.run("next")
    b.run("act", "A")
    assert b.c("A").initiative == 12 and b.state.order == ["A", "B", "C"]
    with pytest.raises(RuleViolation, match="readied a standard action"):
        b.run("do", "A", "move-action")
    b.run("do", "A", "standard")
    with pytest.raises(RuleViolation, match="no standard action left"):
        b.run("do", "A", "standard")
    b.run("next"), b.run("next")
    assert (b.state.round, b.state.turn) == (2, "A")
    assert b.state.order == ["A", "B", "C"] and b.c("A").initiative == 12


def test_35_RDY_01_the_trigger_must_come_before_the_next_turn_or_it_is_lost():
    """35-RDY-01: if A's next turn comes first → `ReadiedActionLost`."""
    b = abc()
    b.run("ready", "A", "the door opens", action="move")
    b.run("next"), b.run("next")
    e = b.run("next")
    assert "ReadiedActionLost" in names(e) and b.state.turn == "A"
    assert b.last("ReadiedActionLost").trigger == "the door opens"
    assert b.x("A", "readied") is None and b.c("A").initiative == 18


def test_35_RDY_01_a_5_foot_step_with_it_only_if_it_has_not_moved():
    """35-RDY-01: "Se non ci si è mai spostati durante il proprio turno, è possibile
    eseguire il passo gratuito da 1,5 metri come parte di un'azione preparata"."""
    b = abc()
    b.run("ready", "A", "B comes")
    b.run("next"), b.run("act", "A")
    b.run("do", "A", "5-foot-step")
    b2 = abc()
    b2.run("do", "A", "move")
    b2.run("ready", "A", "B comes")
    b2.run("next"), b2.run("act", "A")
    with pytest.raises(RuleViolation, match="has moved this round"):
        b2.run("do", "A", "5-foot-step")


def test_35_RDY_01_ready_only_standard_move_swift_or_free_in_own_turn():
    """35-RDY-01: a single standard, move, swift or free action; only in one's turn."""
    b = abc()
    with pytest.raises(BadInput, match="--action"):
        b.run("ready", "A", "B comes", action="full-round")
    with pytest.raises(RuleViolation, match="own turn"):
        b.run("ready", "B", "A comes")


def test_35_DLY_01_delay_acts_after_the_creature_and_keeps_the_new_count():
    """35-DLY-01 (Ritardare il turno): `delay A`, `act A` after B → A's count is B's, and
    next round A acts after B, never back at its old count."""
    b = abc()
    e = b.run("delay", "A")
    assert names(e) == ["Delayed", "TurnStarted"] and b.state.turn == "B"
    e = b.run("act", "A")
    assert names(e) == ["TurnEnded", "DelayedActionTaken", "TurnStarted"]
    assert b.state.turn == "A" and b.c("A").initiative == 12
    assert b.state.order == ["B", "A", "C"]
    b.run("next"), b.run("next")
    assert (b.state.round, b.state.turn) == (2, "B")
    with pytest.raises(RuleViolation, match="neither delayed nor readied"):
        b.run("act", "A")
    b.run("next")
    assert b.state.turn == "A"


def test_35_DLY_01_delay_only_before_acting_in_its_turn():
    """35-DLY-01: delaying lowers the count before acting."""
    b = abc()
    b.run("do", "A", "move-action")
    with pytest.raises(RuleViolation, match="delay comes first"):
        b.run("delay", "A")


# --- Sorpresa -----------------------------------------------------------------------------

def ambush():
    b = Battle()
    for n in ("A", "B", "C", "D"):
        b.run("add", n, hp=20)
    b.run("init", naturals=["A=14", "B=9"], aware=["A,B"])
    return b


def test_35_SUR_01_surprise_round_only_the_aware_roll_and_act():
    """35-SUR-01 (Sorpresa): `init --aware A,B A=14 B=9` → `surprise_round` true, round 0,
    order [A, B]; every other combatant `flat_footed` and unable to act."""
    b = ambush()
    assert SYSTEM.state_keys(b.state)["surprise_round"] is True and b.state.round == 0
    assert b.state.order == ["A", "B"] and b.state.turn == "A"
    assert b.x("C", "flat_footed") and b.x("D", "flat_footed")
    with pytest.raises(RuleViolation, match="unaware"):
        b.run("do", "C", "free")
    with pytest.raises(RuleViolation, match="only the aware rolled"):
        b.run("init", naturals=["C=5"])


def test_35_SUR_01_no_surprise_round_when_everyone_is_aware():
    """35-SUR-01: at least one creature must be unaware."""
    b = Battle()
    b.run("add", "A", hp=20)
    b.run("add", "B", hp=20)
    with pytest.raises(RuleViolation, match="everyone is aware"):
        b.run("init", naturals=["A=14", "B=9"], aware=["A,B"])


def test_35_SUR_01_everyone_aware_is_a_forceable_refusal():
    """35-SUR-01 (audit D13): "everyone is aware: no surprise round" is a rule's
    refusal: it says a GM may force it; forced, A and B act in a surprise round."""
    from battletape.domain.errors import forcing

    b = Battle()
    b.run("add", "A", hp=20)
    b.run("add", "B", hp=20)
    with pytest.raises(RuleViolation, match="everyone is aware") as e:
        b.run("init", naturals=["A=14", "B=9"], aware=["A,B"])
    assert e.value.forceable
    with forcing():
        b.run("init", naturals=["A=14", "B=9"], aware=["A,B"])
    assert SYSTEM.state_keys(b.state)["surprise_round"] is True
    assert b.state.order == ["A", "B"]


def test_35_SUR_02_after_the_surprise_round_everyone_rolls_again():
    """35-SUR-02: "Al termine del round di sorpresa tutti tirano nuovamente Iniziativa":
    `next` ends it and then demands a fresh `init` for everyone; round 1 follows; A and B,
    who acted, are not flat-footed in round 1, D is until its turn."""
    b = ambush()
    b.run("next")
    e = b.run("next")
    assert names(e) == ["TurnEnded", "SurpriseRoundEnded"]
    assert SYSTEM.state_keys(b.state) == {"surprise_round": False, "needs_init": True}
    with pytest.raises(RuleViolation, match="everyone rolls initiative again"):
        b.run("next")
    b.run("init", naturals=["A=3", "B=5", "C=15", "D=10"])
    assert b.state.round == 1 and b.state.order == ["C", "D", "B", "A"]
    assert SYSTEM.state_keys(b.state)["needs_init"] is False
    assert [b.x(n, "flat_footed") for n in "ABCD"] == [False, False, False, True]
    b.run("next")
    assert b.x("D", "flat_footed") is False


def test_35_SUR_03_one_standard_or_move_no_swift_no_full_round():
    """35-SUR-03: in the surprise round a single standard **or** move action plus free
    actions: `attack A B --full` → error; `do A swift` → error; `attack A B --charge`
    accepted as a standard action, then nothing but free actions."""
    b = ambush()
    with pytest.raises(RuleViolation, match="surprise round"):
        b.run("attack", "A", "C", bonus=1, roll="10", full=True, kind="melee")
    with pytest.raises(RuleViolation, match="swift"):
        b.run("do", "A", "swift")
    with pytest.raises(RuleViolation, match="no full-round action"):
        b.run("do", "A", "full-round")
    e = b.run("attack", "A", "C", bonus=1, roll="10", charge=True, kind="melee")
    assert e[0].kind == "standard"
    with pytest.raises(RuleViolation, match="single standard or move"):
        b.run("do", "A", "move-action")
    b.run("do", "A", "speak")
    b.run("next")
    b.run("do", "B", "move")
    with pytest.raises(RuleViolation, match="single standard or move"):
        b.run("do", "B", "move")


def test_35_SUR_03_withdraw_as_a_standard_action_in_the_surprise_round():
    """35-SUR-03 with 35-WDR-01: withdraw may be taken as a standard action."""
    b = ambush()
    assert b.run("do", "A", "withdraw")[0].kind == "standard"
