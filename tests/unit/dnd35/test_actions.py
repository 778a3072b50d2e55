"""D&D 3.5 (seed 003), Round e azioni (Round and Actions): the round, the action budget,
the action types (standard, move, full-round, free, swift, immediate)."""

import pytest

from battletape.domain.errors import RuleViolation
from tests.unit.dnd35.support import Battle, fight, through_round_one


def names(events):
    return [type(e).__name__ for e in events]


def duo():
    return through_round_one(fight(("A", 20), ("B", 20)))


# --- Round -----------------------------------------------------------------------------

def test_35_RND_01_each_acts_in_its_turn_then_a_new_round():
    """35-RND-01 (Round e azioni): each creature acts in its turn, in initiative order;
    when all have acted, a new round starts."""
    b = fight(("A", 20), ("B", 20), ("C", 20))
    assert (b.state.round, b.state.turn) == (1, "A")
    assert names(b.run("next")) == ["TurnEnded", "TurnStarted"] and b.state.turn == "B"
    b.run("next")
    assert b.state.turn == "C" and b.state.round == 1
    e = b.run("next")
    assert names(e) == ["TurnEnded", "RoundStarted", "TurnStarted"]
    assert (b.state.round, b.state.turn) == (2, "A")


def test_35_RND_01_one_minute_is_ten_rounds_rebuked_lasts_ten_rounds():
    """35-RND-01: 1 minute = 10 rounds; rebuked (1 minute) applied in round 1 lasts to
    the start of the creature's turn in round 11."""
    b = fight(("A", 20), ("Zombie", 20))
    b.run("cond add", "Zombie", "rebuked", source="A")
    while b.state.round < 10 or b.state.turn != "Zombie":
        b.run("next")
    assert "rebuked" in b.c("Zombie").conditions          # round 10: still rebuked
    b.run("next"), b.run("next")
    assert (b.state.round, b.state.turn) == (11, "Zombie")
    assert "rebuked" not in b.c("Zombie").conditions


# --- the budget ---------------------------------------------------------------------------

def test_35_RND_02_one_standard_action_a_round():
    """35-RND-02: `do A standard` twice → error."""
    b = duo()
    b.run("do", "A", "standard")
    with pytest.raises(RuleViolation, match="no standard action left"):
        b.run("do", "A", "standard")
    assert b.x("A", "actions_used") == ["standard"]


def test_35_RND_02_a_move_may_replace_the_standard_two_moves():
    """35-RND-02: `do A move` twice → accepted (the second replaces the standard); then
    no standard and no third move."""
    b = duo()
    b.run("do", "A", "move")
    b.run("do", "A", "move")
    assert b.x("A", "actions_used") == ["move", "move"]
    with pytest.raises(RuleViolation, match="no standard action left"):
        b.run("do", "A", "standard")
    with pytest.raises(RuleViolation, match="no move action left"):
        b.run("do", "A", "draw-weapon")


def test_35_RND_02_full_round_excludes_standard_and_move():
    """35-RND-02: one standard and one move, **or** one full-round action: `do A
    full-round` after `do A move` → error; after a full-round, no standard."""
    b = duo()
    b.run("do", "A", "move")
    with pytest.raises(RuleViolation, match="full-round action takes the whole round"):
        b.run("do", "A", "full-round")
    b.run("next"), b.run("next")
    b.run("do", "A", "full-round")
    with pytest.raises(RuleViolation, match="no standard action left"):
        b.run("do", "A", "standard")


def test_35_RND_02_one_swift_and_the_budget_returns_next_turn():
    """35-RND-02: `do A swift` twice → error; standard + move + swift + free in one turn
    accepted; at A's next turn the budget is whole again."""
    b = duo()
    for slot in ("standard", "move", "swift", "free"):
        b.run("do", "A", slot)
    with pytest.raises(RuleViolation, match="swift or immediate"):
        b.run("do", "A", "swift")
    b.run("next"), b.run("next")
    assert b.state.turn == "A" and b.x("A", "actions_used") == []
    b.run("do", "A", "swift")


# --- the action types ----------------------------------------------------------------------

def test_35_ACT_02_a_move_action_without_moving_still_allows_the_5_foot_step():
    """35-ACT-02 (Azione di movimento): "se si effettuano [azioni di movimento] senza però
    spostarsi ... è possibile muoversi di 1,5 metri": draw a weapon (move action), then
    the 5-foot step; after a move that moves, no step."""
    b = duo()
    assert b.run("do", "A", "draw-weapon")[0].kind == "move"
    b.run("do", "A", "5-foot-step")
    assert b.x("A", "actions_used") == ["move"]
    b.run("next"), b.run("next")
    b.run("do", "A", "move")
    with pytest.raises(RuleViolation, match="has moved this round"):
        b.run("do", "A", "5-foot-step")


def test_35_ACT_02_stand_up_is_a_move_action():
    """35-ACT-02: standing up is a move action (two of them use the round's standard)."""
    b = duo()
    b.run("cond add", "A", "prone")
    assert b.run("do", "A", "stand-up")[0].kind == "move"
    b.run("do", "A", "move-action")
    with pytest.raises(RuleViolation, match="no move action left"):
        b.run("do", "A", "move-action")


def test_35_ACT_03_full_attack_is_full_round_and_allows_the_5_foot_step():
    """35-ACT-03 (Azione di round completo): a full attack is a full-round action; the
    free 5-foot step is allowed with it; nothing else but free actions."""
    b = through_round_one(fight(("A", 20, {"bab": 6}), ("B", 20)))
    e = b.run("attack", "A", "B", bonus=6, roll="10,10", full=True, kind="melee")
    assert e[0].kind == "full-round" and e[0].action == "full-attack"
    b.run("do", "A", "5-foot-step")
    b.run("do", "A", "speak")
    with pytest.raises(RuleViolation, match="no move action left"):
        b.run("do", "A", "move-action")


def test_35_ACT_03_charge_as_a_standard_action_when_limited_to_one():
    """35-ACT-03: some full-round actions (charge) are taken as a standard action when
    limited to one standard action: the surprise round → `attack A B --charge` spends
    "standard"."""
    b2 = Battle()
    for n in ("A", "B"):
        b2.run("add", n, hp=20)
    b2.run("init", naturals=["A=15"], aware=["A"])
    e = b2.run("attack", "A", "B", bonus=2, roll="10", charge=True, kind="melee")
    assert e[0].action == "charge" and e[0].kind == "standard"
    assert b2.x("A", "actions_used") == ["standard"]


def test_35_ACT_04_free_actions_are_unlimited_and_out_of_turn():
    """35-ACT-04 (Azione gratuita): one or more per round, none spends the budget;
    speaking works even out of turn."""
    b = duo()
    for _ in range(5):
        b.run("do", "A", "free")
    b.run("do", "A", "drop-item")
    assert b.x("A", "actions_used") == []
    b.run("do", "A", "full-round")              # the whole budget is still there
    b.run("next")
    e = b.run("do", "A", "speak")
    assert e[0].out_of_turn and e[0].kind == "free"


def test_35_ACT_05_swift_once_a_round_before_or_after_the_others():
    """35-ACT-05 (Azione veloce): only one per round, before or after the other actions;
    not out of turn."""
    b = duo()
    b.run("do", "A", "swift")
    b.run("do", "A", "full-round")
    with pytest.raises(RuleViolation, match="swift or immediate"):
        b.run("do", "A", "quickened-spell")
    b.run("next")
    with pytest.raises(RuleViolation, match="it is B's turn"):
        b.run("do", "A", "swift")
    b.run("next")
    b.run("do", "A", "full-round")
    b.run("do", "A", "swift-spell")             # after the other actions
    assert b.x("A", "actions_used") == ["full-round", "swift"]


def test_35_ACT_06_immediate_out_of_turn_spends_the_next_turns_swift():
    """35-ACT-06 (Azione immediata): in B's turn `do A immediate` → accepted, A
    `swift_spent_next`; in A's next turn `do A swift` → error (and no immediate)."""
    b = duo()
    b.run("next")
    e = b.run("do", "A", "immediate")
    assert e[0].out_of_turn and b.x("A", "swift_spent_next") is True
    with pytest.raises(RuleViolation, match="next turn's swift"):
        b.run("do", "A", "immediate-spell")
    b.run("next")
    assert b.state.turn == "A" and b.x("A", "swift_spent_next") is False
    with pytest.raises(RuleViolation, match="swift or immediate"):
        b.run("do", "A", "swift")
    with pytest.raises(RuleViolation, match="swift or immediate"):
        b.run("do", "A", "immediate")
    b.run("next"), b.run("next")
    b.run("do", "A", "swift")                   # the turn after: free again


def test_35_ACT_06_immediate_in_own_turn_counts_as_the_swift():
    """35-ACT-06: in your turn an immediate action counts as your swift action."""
    b = duo()
    b.run("do", "A", "immediate-spell")
    with pytest.raises(RuleViolation, match="swift or immediate"):
        b.run("do", "A", "swift")
    assert b.x("A", "swift_spent_next") is False


def test_35_ACT_06_no_immediate_action_while_flat_footed():
    """35-ACT-06: "fintanto che non si è colti alla sprovvista": round 1, B has not acted
    → `do B immediate` refused; after B's first turn, accepted."""
    b = fight(("A", 20), ("B", 20))
    assert b.x("B", "flat_footed") is True
    with pytest.raises(RuleViolation, match="flat-footed: no immediate action"):
        b.run("do", "B", "immediate")
    b.run("next"), b.run("next")
    assert b.state.turn == "A" and b.x("B", "flat_footed") is False
    b.run("do", "B", "immediate")
    assert b.x("B", "swift_spent_next") is True
