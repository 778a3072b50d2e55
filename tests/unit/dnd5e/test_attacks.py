"""5e SRD (seed 002), Giocare: Effettuare un attacco, Copertura, Attacchi a distanza,
Attacchi di opportunità, Combattimento a cavallo, Combattimento sott'acqua."""

import pytest

from battletape.domain.dnd5e.commands import NotThisSystem
from battletape.domain.errors import BadInput, RuleViolation
from tests.unit.dnd5e.support import Battle, fight


def test_5E_ATK_01_attack_records_target_faces_modifiers_total_ac_and_damage():
    """5E-ATK-01: Effettuare un attacco: target, modifiers, roll to hit, then damage."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}))
    e = b.run("attack", "A", "B", bonus=5, roll="12", dmg=7, type_="slashing",
              kind="melee")[0]
    assert (e.target, e.roll.faces, e.modifiers, e.total, e.defense, e.defense_value,
            e.hit, e.damage) == ("B", [12], {"attack bonus": 5}, 17, "ac", 15, True, 7)
    assert b.c("B").hp == 33


def test_5E_ATK_01_vs_pd_is_a_13th_age_defense():
    """5E-ATK-01."""
    b = fight(("A", 20), ("B", 40))
    with pytest.raises(NotThisSystem) as err:
        b.run("attack", "A", "B", bonus=5, roll="12", vs="pd")
    assert str(err.value) == "--vs pd is a 13th Age defense; this encounter is 5e"


def test_5E_ATK_02_attacking_an_unseen_creature_has_disadvantage():
    """5E-ATK-02: "Se attacchi una creatura che non vedi, hai svantaggio": --unseen --roll 17/9
    keeps 9."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    assert b.run("attack", "A", "B", bonus=0, roll="17/9", unseen=True)[0].natural == 9


def test_5E_ATK_03_wrong_square_misses():
    """5E-ATK-03: "Se non è dove pensi, manchi": a miss whatever the roll, no damage."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=10, roll="19", dmg=8, wrong_square=True)[0]
    assert not e.hit and e.damage == 0 and b.c("B").hp == 40


def test_5E_ATK_04_unseen_by_target_gives_advantage():
    """5E-ATK-04: "Se una creatura non può vederti, hai vantaggio per colpirla"."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=0, roll="4/17", unseen_by_target=True)[0]
    assert e.natural == 17 and "advantage:target can't see attacker" in e.tags


def test_5E_ATK_05_attacking_from_hiding_reveals():
    """5E-ATK-05: "Se attacchi da nascosto, riveli la tua posizione"."""
    b = fight(("A", 20), ("B", 40), ("C", 40))
    b.run("do", "A", "hide")
    b.run("next"), b.run("next"), b.run("next")
    assert b.x("A", "hidden")
    # unseen by its target, it attacks with advantage (5E-ATK-04): two faces
    e = b.run("attack", "A", "B", bonus=0, roll="10/4")[0]
    assert "revealed: attacked from hiding" in e.tags and not b.x("A", "hidden")
    assert e.natural == 10


def test_5E_COV_01_half_cover_plus_2_to_ac():
    """5E-COV-01: Mezza copertura: +2 to AC: --cover half --bonus 2 --roll 13 vs AC 15 -> 15 vs 17."""
    b = fight(("A", 20), ("B", 40, {"ac": 15}))
    e = b.run("attack", "A", "B", bonus=2, roll="13", cover="half")[0]
    assert (e.total, e.defense_value, e.hit) == (15, 17, False)
    b.run("next"), b.run("next")
    assert b.run("attack", "A", "B", bonus=2, roll="13")[0].hit


def test_5E_COV_02_three_quarters_plus_5_to_ac_and_dex_saves():
    """5E-COV-02: Tre quarti: +5 to AC and to Dex saves (effect ... --cover three-quarters)."""
    b = fight(("A", 20), ("B", 40, {"ac": 10, "save": ["dex:+1"]}))
    assert b.run("attack", "A", "B", bonus=0, roll="12", cover="three-quarters")[0] \
        .defense_value == 15
    evs = b.run("effect", "A", "B", ability="dex", dc=15, dmg=10, half=True,
                save_roll=["B=10"], cover=["B=three-quarters"])
    save = [e for e in evs if type(e).__name__ == "SaveRolled"][0]
    assert save.roll.total == 16 and save.success


def test_5E_COV_03_total_cover_cant_be_targeted():
    """5E-COV-03: Totale: "Non può essere preso di mira direttamente"; store unchanged."""
    b = fight(("A", 20), ("B", 40))
    before = len(b.events)
    with pytest.raises(RuleViolation, match="B has total cover"):
        b.run("attack", "A", "B", bonus=2, roll="13", cover="total")
    assert len(b.events) == before


def test_5E_RNG_01_long_range_disadvantage_beyond_refused():
    """5E-RNG-01: Two ranges: the second is the maximum "con svantaggio"; nothing beyond."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}))
    e = b.run("attack", "A", "B", bonus=0, roll="15/3", kind="ranged", range_="long")[0]
    assert e.natural == 3 and "disadvantage:long range" in e.tags
    with pytest.raises(RuleViolation, match="beyond"):
        b.run("attack", "A", "B", bonus=0, roll="15", kind="ranged", range_="beyond",
              action="bonus")


def test_5E_RNG_02_ranged_attack_with_an_enemy_adjacent():
    """5E-RNG-02: Corpo a corpo ravvicinato: disadvantage unless that enemy is incapacitated or
    can't see."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}), ("C", 40))
    e = b.run("attack", "A", "B", bonus=0, roll="15/3", kind="ranged",
              adjacent_enemy="C")[0]
    assert e.natural == 3
    b.run("cond add", "C", "stunned")
    e = b.run("attack", "A", "B", bonus=0, roll="15", kind="ranged", adjacent_enemy="C",
              action="bonus")[0]
    assert e.natural == 15 and not any(t.startswith("disadvantage") for t in e.tags)


def test_5E_OA_01_opportunity_attack_is_one_melee_attack_with_the_reaction():
    """5E-OA-01."""
    b = fight(("B", 20), ("A", 20))
    with pytest.raises(RuleViolation, match="melee"):
        b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="ranged")
    e = b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")[0]
    assert e.action == "reaction" and b.x("A", "reaction_used")
    assert b.c("A").actions_used == []


def test_5E_OA_02_no_opportunity_attack_after_teleport_or_forced_move():
    """5E-OA-02: Evitarli: Disengage, teleport, "vieni spostato da un effetto"."""
    b = fight(("B", 20), ("A", 20))
    for trigger in ("teleport", "forced"):
        with pytest.raises(RuleViolation, match="provokes no opportunity attack"):
            b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee",
                  trigger=trigger)


def test_5E_OA_03_an_incapacitated_creature_makes_no_opportunity_attack():
    """5E-OA-03."""
    b = fight(("B", 20), ("A", 20))
    b.run("cond add", "A", "stunned")
    with pytest.raises(RuleViolation, match="stunned"):
        b.run("attack", "A", "B", bonus=3, roll="10", opportunity=True, kind="melee")


def test_5E_MNT_03_controlled_mount_takes_the_riders_initiative_and_three_actions():
    """5E-MNT-03: Controllare una cavalcatura: "La sua Iniziativa diventa la tua"; only Dash,
    Disengage, Dodge; an independent mount keeps its own."""
    b = fight(("Rider", 20, {"pc": True}), ("Orc", 20), ("Horse", 20),
              inits={"Rider": 15, "Orc": 12, "Horse": 5})
    b.run("mount", "Horse", "Rider", controlled=True)
    assert b.c("Horse").initiative == 15 and b.state.order == ["Rider", "Horse", "Orc"]
    b.run("next")
    b.run("do", "Horse", "dodge")
    with pytest.raises(RuleViolation, match="controlled mount"):
        b.run("attack", "Horse", "Orc", bonus=4, roll="12")
    i = fight(("Rider", 20, {"pc": True}), ("Horse", 20), inits={"Rider": 15, "Horse": 5})
    i.run("mount", "Horse", "Rider", independent=True)
    assert i.c("Horse").initiative == 5 and i.state.order == ["Rider", "Horse"]


def test_5E_MNT_04_falling_from_the_mount_dex_save_dc_10():
    """5E-MNT-04: Cadere: Dex save DC 10 or fall prone: --roll 9 -> prone; --roll 10 -> no change."""
    b = fight(("Rider", 20, {"pc": True}), ("Horse", 20))
    b.run("mount", "Horse", "Rider", controlled=True)
    b.run("save", "Rider", ability="dex", dc=10, bonus=0, roll="10", fall=True)
    assert "prone" not in b.c("Rider").conditions
    b.run("save", "Rider", ability="dex", dc=10, bonus=0, roll="9", fall=True)
    assert "prone" in b.c("Rider").conditions and b.c("Rider").extra["mount"] is None


def test_5E_MNT_04_only_a_rider_falls_and_against_dc_10():
    """5E-MNT-04: Cadere: "devi superare un TS di Destrezza CD 10 o cadi prono". The audit's
    D11: `save Orc --ability dex --dc 25 --roll 12 --fall`, Orc riding nothing, is refused
    (at DC 10 too; a GM may force it); a rider's fall against DC 25 is refused; DC 10 is
    taken."""
    b = fight(("Rider", 20, {"pc": True}), ("Orc", 20), ("Horse", 20))
    with pytest.raises(RuleViolation, match="Orc rides no mount"):
        b.run("save", "Orc", ability="dex", dc=25, roll="12", fall=True)
    with pytest.raises(RuleViolation, match="Orc rides no mount"):
        b.run("save", "Orc", ability="dex", dc=10, roll="9", fall=True)
    assert "prone" not in b.c("Orc").conditions
    b.run("mount", "Horse", "Rider", controlled=True)
    with pytest.raises(RuleViolation, match="DC 10, not 25"):
        b.run("save", "Rider", ability="dex", dc=25, roll="12", fall=True)
    assert b.run("save", "Rider", ability="dex", dc=10, roll="12", fall=True)[0].success
    ruling, saved, prone = b.run("save", "Orc", ability="dex", dc=25, roll="12", fall=True,
                                 gm="thrown off the cart")
    assert ruling.rule == "Combattimento a cavallo: Cadere" and not saved.success
    assert prone.condition == "prone"


def test_5E_UW_01_underwater_melee_without_swimming_speed():
    """5E-UW-01: Armi ostacolate: disadvantage unless piercing or a swimming speed."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}), ("Fish", 20, {"swim": True}),
              underwater=True)
    e = b.run("attack", "A", "B", bonus=0, roll="15/3", kind="melee", type_="slashing")[0]
    assert e.natural == 3
    e = b.run("attack", "A", "B", bonus=0, roll="15", kind="melee", type_="piercing",
              action="bonus")[0]
    assert e.natural == 15
    b.run("next"), b.run("next")
    assert b.run("attack", "Fish", "B", bonus=0, roll="15", kind="melee",
                 type_="slashing")[0].natural == 15


def test_5E_UW_02_underwater_ranged_attacks():
    """5E-UW-02: Automatically miss beyond normal range; disadvantage within it."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}), underwater=True)
    e = b.run("attack", "A", "B", bonus=0, roll="15/3", kind="ranged")[0]
    assert e.natural == 3
    e = b.run("attack", "A", "B", bonus=5, roll="19/18", kind="ranged", range_="long",
              action="bonus")[0]
    assert not e.hit


def test_5E_COV_03_total_cover_in_effects_and_saves():
    """5E-COV-03: Totale: "Non può essere preso di mira direttamente". The audit's D09:
    `effect A B ... --cover B=total` is refused as `attack` is (a GM may force it: the
    save then records the total cover and gets no bonus, B takes 10); `save B --cover
    total` records it rather than dropping it silently."""
    b = fight(("A", 20, {"pc": True}), ("B", 40, {"save": ["dex:+0"]}))
    with pytest.raises(RuleViolation, match="B has total cover and can't be targeted"):
        b.run("effect", "A", "B", ability="dex", dc=15, dmg=10, half=True,
              save_roll=["B=10"], cover=["B=total"])
    assert b.c("B").hp == 40
    new = b.run("effect", "A", "B", ability="dex", dc=15, dmg=10, half=True,
                save_roll=["B=10"], cover=["B=total"], gm="the fireball's area")
    assert new[0].rule == "Copertura: totale"
    saved = b.last("SaveRolled")
    assert not saved.success and "cover:total (no bonus)" in saved.roll.expr
    assert b.c("B").hp == 30
    save = b.run("save", "B", ability="dex", dc=10, roll="9", cover="total")[0]
    assert not save.success and "cover:total (no bonus)" in save.roll.expr


def test_5E_RNG_02_an_enemy_that_cant_see_the_invisible_attacker():
    """5E-RNG-02 with 5E-CON-12: only an enemy "che ti vede" imposes the close-quarters
    disadvantage; an invisible attacker can't be seen. The audit's D07: A invisible,
    `attack A C --kind ranged --adjacent-enemy B --roll 15` asks for two naturals (the
    advantage stands alone) and 3/15 keeps 15, with no "B within 1,5 m"."""
    b = fight(("A", 20, {"pc": True}), ("B", 40), ("C", 40, {"ac": 5}))
    b.run("cond add", "A", "invisible")
    with pytest.raises(RuleViolation, match="two naturals.*advantage:attacker invisible"):
        b.run("attack", "A", "C", bonus=0, roll="15", kind="ranged", adjacent_enemy="B")
    e = b.run("attack", "A", "C", bonus=0, roll="3/15", kind="ranged",
              adjacent_enemy="B")[0]
    assert e.natural == 15 and not any("within 1,5 m" in t for t in e.tags)


def test_5E_UW_02_a_ranged_spell_attack_under_water():
    """5E-UW-02: "Attacchi a distanza. Mancano sempre oltre la gittata normale. Entro la
    gittata normale hanno svantaggio" -- the seed says ranged attacks, not weapon attacks
    only, so a spell attack with a range band is one. The audit's D05: `attack A B --kind
    spell --range long --roll 15` under water is no longer a plain hit: it has the
    disadvantage (two naturals) and misses; within normal range, disadvantage; a spell
    attack with no range given may be melee: nothing is inferred."""
    b = fight(("A", 20), ("B", 40, {"ac": 5}), underwater=True)
    with pytest.raises(RuleViolation, match="two naturals"):
        b.run("attack", "A", "B", bonus=0, roll="15", kind="spell", range_="long")
    e = b.run("attack", "A", "B", bonus=0, roll="15/19", kind="spell", range_="long")[0]
    assert not e.hit and "underwater: ranged beyond normal range misses" in e.tags
    e = b.run("attack", "A", "B", bonus=0, roll="15/3", kind="spell", range_="normal",
              action="bonus")[0]
    assert e.natural == 3 and "disadvantage:underwater spell attack" in e.tags
    b.run("next"), b.run("next")
    e = b.run("attack", "A", "B", bonus=0, roll="15", kind="spell")[0]
    assert e.hit and not any("underwater" in t for t in e.tags)


def test_5E_UW_03_everything_underwater_resists_fire():
    """5E-UW-03: "Tutto sott'acqua ha resistenza ai danni da fuoco": 9 fire -> 4."""
    b = Battle()
    b.run("underwater")
    b.run("add", "X", hp=20)
    b.run("damage", "X", 9, type_="fire")
    assert b.c("X").hp == 16


def test_extra_attack_is_a_further_attack_of_the_attack_action():
    """5E-ACT-02, 5E-GEN-01 (Azioni: Attacco; exceptions supersede general rules): a
    second attack in one turn needs a feature (Extra Attack, Multiattack), given as
    ``--action extra``, and only after an attack with the Attack action."""
    from battletape.domain.errors import RuleViolation

    b = Battle()
    b.run("add", "Ogre", hp=59, ac=11, init=0)
    b.run("add", "Aria", hp=24, ac=16, init=3, pc=True)
    b.run("init", ["Ogre=15", "Aria=2"])
    with pytest.raises(RuleViolation, match="no attack with the Attack action"):
        b.run("attack", "Ogre", "Aria", bonus=6, roll="12", dmg=9, kind="melee",
              action="extra")
    b.run("attack", "Ogre", "Aria", bonus=6, roll="12", dmg=9, kind="melee")
    with pytest.raises(RuleViolation, match="already took its action"):
        b.run("attack", "Ogre", "Aria", bonus=6, roll="13", dmg=9, kind="melee")
    b.run("attack", "Ogre", "Aria", bonus=6, roll="13", dmg=8, kind="melee",
          action="extra")
    assert b.c("Aria").hp == 24 - 9 - 8
