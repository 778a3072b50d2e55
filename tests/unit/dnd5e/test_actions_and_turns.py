"""5e SRD (seed 002), Giocare: Azioni, Il tuo turno, Iniziativa, Ordine del combattimento."""

import pytest

from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, fight


def test_5E_ACT_01_the_twelve_actions_and_unknown_names():
    """5E-ACT-01: Azioni: the table's twelve; `do X dash` records ActionTaken; an unknown name is
    an error listing them; improvising needs --what."""
    from battletape.domain.dnd5e.terms import ACTIONS

    assert len(ACTIONS) == 12
    b = fight(("X", 20))
    e = b.run("do", "X", "dash")[0]
    assert (type(e).__name__, e.action, e.slot) == ("ActionTaken", "dash", "action")
    with pytest.raises(BadInput, match="dash, disengage, dodge"):
        b.run("do", "X", "cartwheel")
    with pytest.raises(BadInput):
        b.run("do", "X", "improvise")


def test_5E_ACT_02_attack_uses_the_action_or_a_granted_bonus_action():
    """5E-ACT-02: Attacco: in the attacker's own turn `attack` uses its action (or a bonus action
    with --action bonus)."""
    b = fight(("A", 20), ("B", 40))
    b.run("attack", "A", "B", bonus=3, roll="10")
    assert b.c("A").actions_used == ["action"]
    b.run("attack", "A", "B", bonus=3, roll="10", action="bonus")
    assert b.c("A").actions_used == ["action", "bonus"]


def test_5E_ACT_04_disengage_forbids_opportunity_attacks_for_the_turn():
    """5E-ACT-04: Disimpegno: "Il tuo movimento non provoca attacchi di opportunità per il resto
    del turno"."""
    b = fight(("B", 20), ("A", 20))
    b.run("do", "B", "disengage")
    with pytest.raises(RuleViolation, match="Disengage"):
        b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")
    b.run("next"), b.run("next")  # B's next turn: the flag is gone
    assert b.x("B", "disengaged") is False
    b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")
    assert b.x("A", "reaction_used") is True


def test_5E_ACT_05_dodge_disadvantage_against_and_advantage_on_dex_saves():
    """5E-ACT-05: Schivata: until the start of your next turn, attacks against you have
    disadvantage, your Dex saves advantage; lost if Speed 0 or incapacitated."""
    b = fight(("A", 20, {"ac": 10}), ("B", 20))
    b.run("do", "A", "dodge")
    b.run("next")
    e = b.run("attack", "B", "A", bonus=0, roll="18/4")[0]
    assert e.natural == 4 and "disadvantage:target dodging" in e.tags
    s = b.run("save", "A", ability="dex", dc=10, roll="3/16")[0]
    assert s.success and s.roll.total == 16
    b.run("cond add", "A", "grappled", source="B")
    assert b.x("A", "dodging") is False


def test_5E_ACT_05_dodge_ends_at_the_start_of_the_next_turn():
    """5E-ACT-05."""
    b = fight(("A", 20), ("B", 20))
    b.run("do", "A", "dodge")
    b.run("next")
    assert b.x("A", "dodging") is True
    b.run("next")
    assert b.x("A", "dodging") is False


def test_5E_ACT_07_hide_is_a_stealth_check_and_marks_hidden():
    """5E-ACT-07: Nascondersi: "Fare una prova di Destrezza (Furtività)"; the GM decides (no DC in
    the seed); the creature is hidden until it attacks."""
    b = fight(("V", 20, {"level": 1}), ("B", 20))
    e = b.run("check", "V", skill="stealth", bonus=3, proficient=["stealth"], roll="12")[0]
    assert (e.ability, e.total) == ("dex", 17)
    b.run("do", "V", "hide")
    assert b.x("V", "hidden") is True


def test_5E_ACT_10_ready_then_act_when_it_fires():
    """5E-ACT-10: Preparare: a trigger, then the response; it spends the reaction (SRD)."""
    b = fight(("A", 20), ("B", 40, {"ac": 10}))
    b.run("ready", "A", "the ogre comes through")
    assert b.c("A").readied == "the ogre comes through" and "action" in b.c("A").actions_used
    b.run("next")
    b.run("act", "A")
    assert b.x("A", "reaction_used") is True
    e = b.run("attack", "A", "B", bonus=3, roll="15")[0]
    assert e.action == "readied" and e.hit
    with pytest.raises(RuleViolation):
        b.run("act", "A")


def test_5E_ACT_10_the_readied_response_is_one_action_in_anothers_turn():
    """5E-ACT-10, 5E-ACT-12: Preparare: "Definire un'azione da compiere come risposta a un
    innesco"; "Puoi fare solo un'azione alla volta". The audit's D01: after `act A` in B's
    turn, one attack; a second attack, a bonus-action attack and a Dash are refused (a GM
    may force); A's own next turn gives it its action back."""
    b = fight(("A", 20, {"pc": True}), ("B", 40, {"ac": 5}), ("C", 40, {"ac": 5}))
    b.run("ready", "A", "B comes through the door")
    b.run("next")  # B's turn
    b.run("act", "A")
    e = b.run("attack", "A", "B", bonus=0, roll="10", dmg=1)[0]
    assert e.action == "readied" and e.hit and b.c("A").actions_used == ["readied"]
    with pytest.raises(RuleViolation, match="A already took its readied action"):
        b.run("attack", "A", "B", bonus=0, roll="10", dmg=1)
    with pytest.raises(RuleViolation, match="already took its readied action"):
        b.run("attack", "A", "C", bonus=0, roll="10", dmg=1, action="bonus")
    with pytest.raises(RuleViolation, match="already took its readied action"):
        b.run("do", "A", "dash")
    assert b.c("B").hp == 39 and b.c("C").hp == 40
    ruling, forced = b.run("attack", "A", "B", bonus=0, roll="10", dmg=1,
                           gm="the haste spell")
    assert ruling.rule == "Azioni: Preparare" and forced.hit and b.c("B").hp == 38
    b.run("next"), b.run("next")  # C, then A's own turn: its action again
    assert b.state.turn == "A" and b.c("A").actions_used == []
    b.run("do", "A", "dash")


def test_5E_ACT_10_the_readied_response_is_an_action_not_a_bonus_action():
    """5E-ACT-10: the response fired by `act` is one action: a bonus-action attack in
    another's turn is refused; a readied Dash is that action."""
    b = fight(("A", 20, {"pc": True}), ("B", 40, {"ac": 5}))
    b.run("ready", "A", "the door opens")
    b.run("next")
    b.run("act", "A")
    with pytest.raises(RuleViolation, match="one action, not a bonus action"):
        b.run("attack", "A", "B", bonus=0, roll="10", action="bonus")
    assert b.run("do", "A", "dash")[0].slot == "readied"
    with pytest.raises(RuleViolation, match="already took its readied action"):
        b.run("attack", "A", "B", bonus=0, roll="10")


def test_5E_ACT_12_one_action_per_turn():
    """5E-ACT-12: Una cosa alla volta: after `attack A B` in A's turn, `do A dash` is refused."""
    b = fight(("A", 20), ("B", 40))
    b.run("attack", "A", "B", bonus=3, roll="10")
    with pytest.raises(RuleViolation, match="A already took its action this turn"):
        b.run("do", "A", "dash")


def test_5E_ACT_13_one_bonus_action_and_none_when_incapacitated():
    """5E-ACT-13: Azioni bonus: "Non puoi averne più di una per turno"; a condition preventing
    actions prevents bonus actions too."""
    b = fight(("A", 20), ("B", 40))
    b.run("attack", "A", "B", bonus=3, roll="10", action="bonus")
    with pytest.raises(RuleViolation, match="bonus action"):
        b.run("do", "A", "dash", bonus_action=True)
    b.run("next"), b.run("next")
    b.run("cond add", "A", "incapacitated")
    with pytest.raises(RuleViolation, match="incapacitated"):
        b.run("do", "A", "dash", bonus_action=True)


def test_5E_ACT_14_one_reaction_until_the_start_of_your_turn():
    """5E-ACT-14: Reazioni: "Dopo una Reazione non puoi farne un'altra fino all'inizio del tuo
    prossimo turno"."""
    b = fight(("B", 20), ("A", 20))
    b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")
    assert b.x("A", "reaction_used") is True
    with pytest.raises(RuleViolation, match="reaction"):
        b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")
    b.run("next")  # A's turn starts: the reaction is back
    assert b.x("A", "reaction_used") is False


def test_5E_EXP_05_one_free_interaction_then_the_action():
    """5E-EXP-05: Interazioni a tempo limitato: one free interaction per turn; another needs the
    Utilize action (or is refused when the action is spent)."""
    b = fight(("A", 20))
    first = b.run("do", "A", "interact", what="open the door")[0]
    second = b.run("do", "A", "interact", what="pick up the key")[0]
    assert (first.slot, second.slot) == ("interact", "action")
    with pytest.raises(RuleViolation):
        b.run("do", "A", "interact")


def test_5E_EXP_01_lightly_obscured_disadvantage_on_perception():
    """5E-EXP-01: Aree oscurate: lightly obscured -> disadvantage on Wis (Perception) by sight
    (the GM gives --dis); without the flag the first face counts."""
    b = fight(("A", 20))
    dim = b.run("check", "A", skill="perception", bonus=1, roll="17/5", dis=True)[0]
    bright = b.run("check", "A", skill="perception", bonus=1, roll="17")[0]
    assert (dim.total, bright.total) == (6, 18)


def test_5E_EXP_02_heavily_obscured_is_attacking_unseen():
    """5E-EXP-02: Heavily obscured: "la creatura ha la condizione Cieco": an attack into it is on a
    creature you can't see: `--unseen` -> disadvantage."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=0, roll="17/9", unseen=True)[0]
    assert e.natural == 9


def test_5E_EXP_03_darkness_heavily_obscured_dim_light_lightly():
    """5E-EXP-03: Luce: dim light = lightly obscured (disadvantage on sight checks), darkness =
    heavily obscured (as Blinded: attack rolls against it have advantage)."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    b.run("cond add", "A", "blinded")  # in darkness
    e = b.run("attack", "A", "B", bonus=0, roll="17/9")[0]
    assert e.natural == 9 and "disadvantage:can't see target (attacker blinded)" in e.tags


def test_5E_CMB_01_next_after_the_last_starts_a_new_round():
    """5E-CMB-01: Round e turni: "Un round rappresenta circa 6 secondi"."""
    b = fight(("A", 20), ("B", 20))
    assert (b.state.round, b.state.turn) == (1, "A")
    b.run("next")
    assert (b.state.round, b.state.turn) == (1, "B")
    b.run("next")
    assert (b.state.round, b.state.turn) == (2, "A")


def test_5E_INI_01_dex_check_d20_plus_bonus():
    """5E-INI-01: "Ogni partecipante tira una prova di Destrezza": `add Gob --hp 7 --init 2`;
    `init Gob=13` -> 15."""
    b = Battle()
    b.run("add", "Gob", hp=7, init=2)
    b.run("init", naturals=["Gob=13"])
    assert b.c("Gob").initiative == 15


def test_5E_INI_02_identical_groups_roll_once():
    """5E-INI-02: "gruppi identici tirano una volta sola": Goblin 1..3 all 13."""
    b = Battle()
    b.run("add", "Goblin", hp=7, init=2, count=3)
    events = b.run("init", naturals=["Goblin=11"])
    assert [c.initiative for c in b.state.combatants.values()] == [13, 13, 13]
    assert sum(type(e).__name__ == "InitiativeRolled" for e in events) == 1
    assert not any(type(e).__name__ == "InitiativeTied" for e in events)


def test_5E_INI_03_surprised_rolls_with_disadvantage():
    """5E-INI-03: Sorpresa: "Un combattente colto di sorpresa ha svantaggio all'Iniziativa":
    `init --surprised Gob Gob=15/6` -> 6 + 2 = 8; one face is an error."""
    b = Battle()
    b.run("add", "Gob", hp=7, init=2)
    with pytest.raises(BadInput, match="two naturals"):
        b.run("init", naturals=["Gob=15"], surprised=["Gob"])
    e = b.run("init", naturals=["Gob=15/6"], surprised=["Gob"])[0]
    assert b.c("Gob").initiative == 8 and e.roll.faces == [15, 6]
    assert "surprised" in e.roll.expr


def test_5E_INI_04_highest_first():
    """5E-INI-04: Ordine di Iniziativa: from highest to lowest."""
    b = Battle()
    for n in ("Low", "High", "Mid"):
        b.run("add", n, hp=5)
    b.run("init", naturals=["Low=3", "High=18", "Mid=10"])
    assert b.state.order == ["High", "Mid", "Low"] and b.state.turn == "High"


def test_5E_INI_05_ties_recorded_then_decided():
    """5E-INI-05: Pareggi: no automatic tiebreak; the tie is recorded and `tiebreak` fixes it,
    with who decided."""
    b = Battle()
    b.run("add", "A", hp=5, pc=True)
    b.run("add", "B", hp=5, pc=True)
    events = b.run("init", naturals=["A=14", "B=14"])
    tie = [e for e in events if type(e).__name__ == "InitiativeTied"][0]
    assert (tie.names, tie.total) == (["A", "B"], 14)
    assert b.x("A", "tie_undecided") and b.state.order == ["A", "B"]
    e = b.run("tiebreak", names=["B", "A"], by="players")[0]
    assert e.decided_by == "players" and b.state.order == ["B", "A"]
    assert not b.x("A", "tie_undecided")
    b.run("add", "C", hp=5)
    with pytest.raises(RuleViolation):
        b.run("tiebreak", names=["A", "C"])


def test_5E_TRN_01_move_and_one_action_in_your_turn():
    """5E-TRN-01: Il tuo turno: one action slot per turn, back at your next turn."""
    b = fight(("A", 20), ("B", 20))
    b.run("do", "A", "dash")
    with pytest.raises(RuleViolation):
        b.run("do", "A", "dodge")
    b.run("next"), b.run("next")
    b.run("do", "A", "dodge")
    assert b.c("A").actions_used == ["action"]


def test_5E_CMB_03_a_side_defeated_and_flee_end():
    """5E-CMB-03: Fine del combattimento: when a side is "uccisa, resa priva di sensi, arresa o
    fuggita"; `flee` and `end` as today."""
    from battletape.domain.dnd5e.order_of_combat import side_defeated

    b = fight(("Hero", 20, {"pc": True}), ("Gob", 7))
    assert not side_defeated(b.state)
    b.run("damage", "Gob", 7)
    assert side_defeated(b.state)
    b.run("flee")
    assert b.state.ended == "fled" and b.c("Hero").status == "fled"


def test_5E_MOV_03_dropping_prone_is_free_unless_speed_0():
    """5E-MOV-03: Cadersi a terra: prone without spending an action "salvo se la tua Velocità è 0"."""
    b = fight(("A", 20), ("B", 20))
    b.run("do", "A", "drop-prone")
    assert "prone" in b.c("A").conditions and b.c("A").actions_used == []
    b.run("next")
    b.run("cond add", "B", "restrained")
    with pytest.raises(RuleViolation, match="Speed 0"):
        b.run("do", "B", "drop-prone")


def test_5E_INI_01_initiative_is_a_dex_check_poisoned_gives_disadvantage():
    """5E-INI-01 with 5E-CON-05 and 5E-CON-08: "Ogni partecipante tira una prova di
    Destrezza", and Avvelenato gives "Svantaggio ai ... prove di caratteristica". The
    audit's D04: Bruna (--init 1) poisoned: `init Bruna=13` asks for two naturals, as
    `check` does (a forceable refusal: the GM may waive it, issue 24); `Bruna=13/4` keeps
    4 -> 5, tagged. Frightened too, unless its source is out of sight
    (`--source-hidden Kael`)."""
    b = Battle()
    b.run("add", "Bruna", hp=20, pc=True, init=1)
    b.run("add", "Kael", hp=20, pc=True, init=1)
    b.run("add", "Gob", hp=7)
    b.run("cond add", "Bruna", "poisoned")
    b.run("cond add", "Kael", "frightened", source="Gob")
    with pytest.raises(RuleViolation, match="two naturals as A/B.*disadvantage:poisoned"):
        b.run("init", naturals=["Bruna=13", "Kael=9", "Gob=5"], source_hidden=["Kael"])
    with pytest.raises(RuleViolation, match="disadvantage:frightened"):
        b.run("init", naturals=["Bruna=13/4", "Kael=9", "Gob=5"])
    rolled = b.run("init", naturals=["Bruna=13/4", "Kael=9", "Gob=5"],
                   source_hidden=["Kael"])
    bruna, kael = rolled[0], rolled[1]
    assert bruna.roll.total == 5 and "disadvantage:poisoned" in bruna.roll.expr
    assert kael.roll.total == 10 and "disadvantage" not in kael.roll.expr


def test_5E_INI_02_a_group_takes_one_natural_not_two():
    """5E-INI-02: "gruppi identici tirano una volta sola". The audit's D08: `add Gob --init 2
    --count 2`; `init "Gob 1=11" "Gob 2=5" Bruna=8` is bad input (nothing recorded), not
    the 5 silently dropped; the same natural twice, or the group's name, is one roll: 13."""
    b = Battle()
    b.run("add", "Gob", hp=7, init=2, count=2)
    b.run("add", "Bruna", hp=20, pc=True)
    before = len(b.events)
    with pytest.raises(BadInput, match="one natural for group Gob: Gob 1, Gob 2 share"):
        b.run("init", naturals=["Gob 1=11", "Gob 2=5", "Bruna=8"])
    assert len(b.events) == before
    b.run("init", naturals=["Gob 1=11", "Gob 2=11", "Bruna=8"])
    assert (b.c("Gob 1").initiative, b.c("Gob 2").initiative) == (13, 13)


def test_5E_INI_05_the_players_decide_a_tie_among_their_characters():
    """5E-INI-05: Pareggi: "i giocatori decidono tra i personaggi". The audit's D12: Bruna and
    Kael tie at 14: `tiebreak Kael Bruna` (by the GM, the default) is refused with the way
    to say the players' decision (`--by players`); a GM may force it, recorded as the GM's."""
    b = Battle()
    b.run("add", "Bruna", hp=20, pc=True)
    b.run("add", "Kael", hp=20, pc=True)
    b.run("init", naturals=["Bruna=14", "Kael=14"])
    with pytest.raises(RuleViolation, match="the players decide a tie among their "
                                            "characters: --by players"):
        b.run("tiebreak", names=["Kael", "Bruna"])
    assert b.x("Kael", "tie_undecided")
    ruling, decided = b.run("tiebreak", names=["Kael", "Bruna"], gm="the players asked me")
    assert ruling.rule == "Iniziativa: Pareggi" and decided.decided_by == "gm"
    assert b.state.order == ["Kael", "Bruna"]
    b2 = Battle()
    b2.run("add", "Bruna", hp=20, pc=True)
    b2.run("add", "Kael", hp=20, pc=True)
    b2.run("init", naturals=["Bruna=14", "Kael=14"])
    assert b2.run("tiebreak", names=["Kael", "Bruna"], by="players")[0].decided_by == "players"
