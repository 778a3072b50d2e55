"""D&D 3.5 (seed 003), Movimento (Movement): the 5-foot step, running, minimum movement,
withdraw, crawling, climbing, difficult terrain."""

import pytest

from battletape.domain.errors import RuleViolation
from tests.unit.dnd35.support import fight, through_round_one

AOO = dict(bonus=2, roll="10", kind="melee", opportunity=True)


def trio(a=None):
    return through_round_one(fight(("A", 20, a or {}), ("B", 20), ("C", 20)))


# --- Passo da 1,5 metri ------------------------------------------------------------------

def test_35_5FT_01_one_step_a_round_never_provoking():
    """35-5FT-01 (Passo da 1,5 metri): `do A 5-foot-step` twice → error; it never
    provokes (B engaged) and is no action."""
    b = trio()
    b.run("engage", "A", "B")
    e = b.run("do", "A", "5-foot-step")[0]
    assert e.provokes == [] and e.kind == "none" and b.x("A", "actions_used") == []
    with pytest.raises(RuleViolation, match="taken its 5-foot step"):
        b.run("do", "A", "5-foot-step")
    b.run("next"), b.run("next"), b.run("next")
    b.run("do", "A", "5-foot-step")                 # the next round: again


def test_35_5FT_01_not_in_a_round_with_other_movement_either_way():
    """35-5FT-01: after `do A move` with movement → error; after the step, no movement."""
    b = trio()
    b.run("do", "A", "move")
    with pytest.raises(RuleViolation, match="has moved this round"):
        b.run("do", "A", "5-foot-step")
    b.run("next")
    b.run("do", "B", "5-foot-step")
    with pytest.raises(RuleViolation, match="5-foot step this round"):
        b.run("do", "B", "move")


def test_35_5FT_01_speed_1_5_m_no_step():
    """35-5FT-01: base speed above 1,5 m needed: A Speed 1,5 m → error; 3 m → allowed."""
    b = trio({"speed": 1.5})
    with pytest.raises(RuleViolation, match="speed is 1.5 m"):
        b.run("do", "A", "5-foot-step")
    trio({"speed": 3}).run("do", "A", "5-foot-step")


def test_35_5FT_01_hampered_movement_no_step():
    """35-5FT-01: "Fintanto che il proprio movimento non è impedito": a grappling or
    immobilized creature takes no 5-foot step."""
    for cond in ("grappling", "immobilized"):
        b = trio()
        b.run("cond add", "A", cond)
        with pytest.raises(RuleViolation, match=cond):
            b.run("do", "A", "5-foot-step")


# --- Correre -------------------------------------------------------------------------------

def test_35_RUN_01_running_loses_dex_and_dodge_until_the_next_turn():
    """35-RUN-01 (Correre): `do A run` (full-round) → A's Dex and dodge bonus to AC gone
    until A's next turn (⚠ duration not stated): AC 15 (flat-footed 12) → 12, back to 15
    at A's TurnStarted."""
    b = trio({"ac": 15, "flat_footed": 12})
    b.run("mod", "A", "ac", 1, type_="dodge", source="Dodge feat")
    assert b.x("A", "ac") == 16
    e = b.run("do", "A", "run")[0]
    assert e.kind == "full-round" and b.x("A", "ac") == 12
    b.run("next")
    hit = b.run("attack", "B", "A", bonus=0, roll="12", kind="melee")[-1]
    assert hit.defense_value == 12 and "running" in " ".join(hit.tags)
    b.run("next"), b.run("next")
    assert b.state.turn == "A" and b.x("A", "ac") == 16


@pytest.mark.parametrize("cond", ["fatigued", "exhausted", "entangled"])
def test_35_RUN_01_no_running_when_fatigued_exhausted_or_entangled(cond):
    """35-RUN-01: A fatigued, exhausted or entangled → `do A run` refused."""
    b = trio()
    b.run("cond add", "A", cond)
    with pytest.raises(RuleViolation, match=f"{cond} and can't run"):
        b.run("do", "A", "run")


# --- Movimento minimo ----------------------------------------------------------------------

def test_35_MOV_03_minimum_movement_full_round_provokes_not_a_step():
    """35-MOV-03 (Movimento minimo): a full-round action, 1,5 m however slow (speed 1,5
    m); it provokes normally and is not a 5-foot step (none after it)."""
    b = trio({"speed": 1.5})
    b.run("engage", "A", "B")
    e = b.run("do", "A", "minimum-move")[0]
    assert e.kind == "full-round" and e.provokes == ["B"]
    with pytest.raises(RuleViolation, match="has moved this round"):
        b.run("do", "A", "5-foot-step")


# --- Ritirata -------------------------------------------------------------------------------

def test_35_WDR_01_withdraw_the_first_square_is_not_threatened_by_visible_foes():
    """35-WDR-01 (Ritirata): `do A withdraw` (full-round) next to B: no AoO for leaving
    the start; `attack B A --opportunity --trigger <the withdraw>` → error; C threatening
    a later square of the path (`--threatened-by C`) may take it."""
    b = trio()
    b.run("engage", "A", "B")
    e = b.run("do", "A", "withdraw", threatened_by="C")[0]
    assert e.kind == "full-round" and e.provokes == ["C"]
    with pytest.raises(RuleViolation, match="not threatened by a visible opponent"):
        b.run("attack", "B", "A", trigger=e.originator_version, **AOO)
    b.run("attack", "C", "A", trigger=e.originator_version, **AOO)


def test_35_WDR_01_an_invisible_opponent_still_gets_its_aoo():
    """35-WDR-01: "Gli avversari invisibili possono effettuare AdO normalmente"."""
    b = trio()
    b.run("engage", "A", "B")
    b.run("cond add", "B", "invisible")
    e = b.run("do", "A", "withdraw")[0]
    assert e.provokes == ["B"]
    b.run("attack", "B", "A", trigger=e.originator_version, **AOO)
    assert b.x("B", "aoo_used") == 1


def test_35_WDR_01_no_withdraw_while_blinded():
    """35-WDR-01: A blinded → `do A withdraw` refused."""
    b = trio()
    b.run("cond add", "A", "blinded")
    with pytest.raises(RuleViolation, match="blinded: no withdraw"):
        b.run("do", "A", "withdraw")


# --- Strisciare, Scalare ---------------------------------------------------------------------

def test_35_CRW_01_crawl_while_prone_a_move_action_that_provokes():
    """35-CRW-01 (Strisciare): prone, 1,5 m as a move action that provokes; standing
    creatures don't crawl; a prone one neither moves nor steps otherwise."""
    b = trio()
    b.run("engage", "A", "B")
    with pytest.raises(RuleViolation, match="not prone"):
        b.run("do", "A", "crawl")
    b.run("cond add", "A", "prone")
    with pytest.raises(RuleViolation, match="prone: it moves only by crawling"):
        b.run("do", "A", "move")
    with pytest.raises(RuleViolation, match="prone"):
        b.run("do", "A", "5-foot-step")
    e = b.run("do", "A", "crawl")[0]
    assert e.kind == "move" and e.provokes == ["B"]


def test_35_CRW_01_a_legless_creature_crawls_at_speed_and_may_step():
    """35-CRW-01: a legless creature (a snake, `--legs 0`) crawls at its normal speed
    and may take 5-foot steps while crawling, even prone."""
    b = trio({"legs": 0})
    b.run("cond add", "A", "prone")
    b.run("do", "A", "5-foot-step")
    b.run("next"), b.run("next"), b.run("next")
    b.run("do", "A", "move")


def test_35_CLB_01_climbing_no_dex_bonus_to_ac():
    """35-CLB-01 (Scalare): `cond add A climbing` → flat-footed AC against A (AC 15,
    flat-footed 12 → 12); a creature with a climb speed keeps its Dex bonus."""
    b = trio({"ac": 15, "flat_footed": 12})
    b.run("cond add", "A", "climbing")
    assert b.x("A", "ac") == 12
    b.run("next")
    assert b.run("attack", "B", "A", bonus=0, roll="12",
                 kind="melee")[-1].defense_value == 12
    spider = trio({"ac": 15, "flat_footed": 12, "climb_speed": True})
    spider.run("cond add", "A", "climbing")
    assert spider.x("A", "ac") == 15


# --- Terreno difficile ---------------------------------------------------------------------

def test_35_DIF_01_no_charge_or_run_across_difficult_terrain():
    """35-DIF-01 (Terreno difficile): `attack A B --charge --difficult` → refused; `do A
    run --difficult` → refused; without it, accepted."""
    b = trio()
    with pytest.raises(RuleViolation, match="difficult terrain"):
        b.run("attack", "A", "B", bonus=2, roll="10", charge=True, difficult=True,
              kind="melee")
    with pytest.raises(RuleViolation, match="difficult terrain"):
        b.run("do", "A", "run", difficult=True)
    with pytest.raises(RuleViolation, match="difficult terrain"):
        b.run("do", "A", "charge", difficult=True)
    b.run("do", "A", "run")
