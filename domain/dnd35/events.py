"""D&D 3.5 (seed 003): the events only 3.5 emits.

The core's events are reused wherever their meaning fits (CombatantAdded with the 3.5
statistics in ``stats``, InitiativeRolled, AttackResolved against ac/touch/flat-footed
with every modifier named, DamageTaken, Healed, ConditionApplied, SaveRolled,
DeathSaveRolled as the d100 roll of a dying creature, StabilizeAttempted as the Heal
check). These are the facts the core has no word for. Imported while ``domain.events``
is still initialising: only the base classes are used here.
"""

from __future__ import annotations

from battletape.domain.events import ADDED_LATER, Event, Roll


class TieRerollDue(Event, kw_only=True):
    """Iniziativa, ties still tied after the initiative bonus: the tied creatures reroll."""

    names: list[str]
    total: int


class TieRerolled(Event, kw_only=True):
    """The tied creatures' reroll (35-INI-02): their order among themselves."""

    names: list[str]
    rolls: dict[str, int] = {}


class SurpriseRoundEnded(Event, kw_only=True):
    """Sorpresa (35-SUR-02): "al termine del round di sorpresa tutti tirano nuovamente
    Iniziativa, comprese le creature che hanno appena agito"."""


class TableActionTaken(Event, kw_only=True):
    """An action of the action table (or a budget slot): its type, and the creatures
    that may take an attack of opportunity because of it (35-TAB-01)."""

    name: str
    action: str
    kind: str
    provokes: list[str] = []
    only_target: bool = False
    what: str = ""
    out_of_turn: bool = False
    # per creature offered, the opportunities (35-AOO-04: one action, several reasons)
    reasons: dict[str, list[str]] = {}
    # a charge declared with `do A charge`: its attack comes with `attack --charge`, after
    # the attacks of opportunity its movement provoked (35-AOO-05)
    pending: bool = False


class ConfirmationRolled(Event, kw_only=True):
    """Colpi critici: the second attack roll with the same bonuses (35-CRT-02)."""

    attacker: str
    target: str
    roll: Roll
    total: int
    defense_value: int
    confirmed: bool


class MissChanceRolled(Event, kw_only=True):
    """Occultamento: the d100 after an attack roll that hit (35-CON-01/02)."""

    attacker: str
    target: str
    roll: Roll
    chance: int
    missed: bool


class NonlethalDamageTaken(Event, kw_only=True):
    """Danni non letali: tracked apart from hit points (35-NL-01)."""

    target: str
    amount: int
    source: str = "direct"


class SaveDemanded(Event, kw_only=True):
    """A save the rules demand now: massive damage (Fortitude DC 15), a coup de grace
    (Fortitude DC 10 + damage)."""

    name: str
    save: str
    dc: int
    against: str


class Died(Event, kw_only=True):
    """Morto by something other than hit points: a failed save against massive damage
    or a coup de grace, Con 0, negative levels equal to Hit Dice."""

    name: str
    cause: str


class AbilityChanged(Event, kw_only=True):
    """Danni alle caratteristiche / Risucchio di caratteristica (35-ABD-01, 35-ABI-03)."""

    name: str
    ability: str
    amount: int
    drain: bool = False
    drainer: str | None = None   # (``by`` is the recorder, Event.by)
    temp_hp: int = 0
    asked: int = 0          # the points the effect dealt (doubled on a critical)
    crit: bool = False


class NegativeLevelsGained(Event, kw_only=True):
    """Risucchio di energia (35-CND-36)."""

    name: str
    count: int
    drainer: str | None = None   # (``by`` is the recorder, Event.by)


class ModifierAdded(Event, kw_only=True):
    """A typed bonus or penalty on one of a creature's numbers (Bonus, 35-BON-01)."""

    name: str
    stat: str
    value: int
    bonus_type: str = "untyped"
    source: str = ""
    against: str | None = None
    until: str | None = None
    uses: int = 0
    #: a force effect (Mage Armor): its armor bonus counts against an incorporeal touch
    #: (Incorporeo); added later, so older events read as False
    force_effect: bool = False


class ModifierRemoved(Event, kw_only=True):
    name: str
    source: str


class ReadiedActionLost(Event, kw_only=True):
    """Preparare un'azione (35-RDY-01): the trigger did not come before the creature's
    next turn."""

    name: str
    trigger: str


class CoverHit(Event, kw_only=True):
    """Distruggere la copertura (35-COV-02): an attack that missed only because of the
    cover deals its damage to the cover, hardness subtracted."""

    attacker: str
    target: str
    cover: str
    damage_roll: Roll | None = None
    damage: int = 0
    hardness: int = 0
    dealt: int = 0


class AidAnotherRolled(Event, kw_only=True):
    """Aiutare un altro (35-AID-01): the attack roll against AC 10; the +2 itself is a
    ModifierAdded on the ally, used once, until the start of the aider's next turn."""

    aider: str
    ally: str
    target: str
    give: str
    roll: Roll
    total: int
    success: bool


class FeintRolled(Event, kw_only=True):
    """Fintare (35-FNT-01): Bluff against Sense Motive + the target's BAB; on a success the
    target loses its Dex bonus to AC against the feinter's next melee attack made before
    the end of the feinter's next turn."""

    feinter: str
    target: str
    roll: Roll
    modifiers: dict[str, int] = {}
    total: int
    opposed: int
    success: bool
    turns: int = 2


class ManeuverResolved(Event, kw_only=True):
    """Mosse speciali (35-GRP-01..03, 35-TRP-01, 35-DIS-01, 35-SUN-01, 35-BR-01,
    35-OVR-01): the touch attack (grapple, trip), the opposed checks with every modifier
    named, and the outcome; its conditions (prone, grappling, pinned) and damage follow
    as their own events."""

    attacker: str
    target: str
    maneuver: str
    touch: Roll | None = None
    touch_ac: int | None = None
    touch_hit: bool | None = None
    check: Roll | None = None
    check_mods: dict[str, int] = {}
    opposed: Roll | None = None
    opposed_mods: dict[str, int] = {}
    success: bool = False
    result: str = ""
    counter: bool = False            # this attempt is the defender's free counter
    counter_allowed: bool = False    # the defender may try one now (trip, disarm, overrun)
    item: str | None = None
    damage_roll: Roll | None = None
    damage: int = 0
    hardness: int = 0
    distance_m: float = 0.0
    #: the touch attack's modifiers, each named (the mover's conditions, negative levels,
    #: armor check penalty); added later, so older events read as {}
    touch_mods: dict[str, int] = {}


ADDED_LATER.update(ManeuverResolved=("touch_mods",),
                   AttackResolved=("extra.defense_parts",))

#: what 3.5 records of the core's events in their ``extra``, with its defaults: the
#: defense's breakdown of an attack, each part named (the sheet's AC, no Dex, Dex 0,
#: conditions, cover, typed bonuses)
EXTRA = {"AttackResolved": {"defense_parts": {}}}


def defense_parts(e) -> dict[str, int]:
    """The defense's breakdown of an AttackResolved ({} for one stored before it)."""
    return e.extra.get("defense_parts", {})


class TurningResolved(Event, kw_only=True):
    """Scacciare (35-TRN-01): the turning check sets the maximum Hit Dice (cleric level
    -4..+4), turning damage 2d6 + level + Cha modifier the total Hit Dice; lowest Hit Dice
    first; destroyed at half the level or less, turned otherwise."""

    name: str
    level: int
    check: Roll
    max_hd: int
    hd_roll: Roll
    hd_total: int
    turned: list[str] = []
    destroyed: list[str] = []
    uses: int = 1
    uses_max: int | None = None

class SplashLanded(Event, kw_only=True):
    """Armi a Spargimento (35-WPN-05): where a splash weapon landed. On a hit, ``at`` is the
    target (its direct damage is the AttackResolved) and ``splashed`` the adjacent
    creatures; thrown at a grid intersection, ``at`` is "intersection" and ``roll`` the
    attack roll against AC 5; a miss lands in one of the 8 squares around (``scatter``,
    1d8). The splash damage itself follows as DamageTaken events."""

    attacker: str
    at: str
    hit: bool
    splashed: list[str] = []
    damage: int = 0
    roll: Roll | None = None
    defense_value: int | None = None
    scatter: Roll | None = None


class SpellFailureRolled(Event, kw_only=True):
    """Fallimento degli incantesimi (35-ARM-03): the d100 of an arcane caster in armor or
    with a shield; at most the failure chance (armor + shield) wastes the spell."""

    name: str
    roll: Roll
    chance: int
    failed: bool
    spell: str = ""


EVENTS = [TieRerollDue, TieRerolled, SurpriseRoundEnded, TableActionTaken, ConfirmationRolled,
          MissChanceRolled, NonlethalDamageTaken, SaveDemanded, Died, AbilityChanged,
          NegativeLevelsGained, ModifierAdded, ModifierRemoved, ReadiedActionLost,
          CoverHit, AidAnotherRolled, FeintRolled, ManeuverResolved, TurningResolved]
EVENTS += [SplashLanded, SpellFailureRolled]


class AbilityCheckMade(Event, kw_only=True):
    """Prove di caratteristica (35-ABI-02): 1d20 + the ability modifier, every addend
    named (conditions, negative levels, typed bonuses), the DC if one was set."""

    name: str
    ability: str
    roll: Roll
    natural: int
    modifiers: dict[str, int] = {}
    total: int
    dc: int | None = None
    success: bool | None = None


EVENTS += [AbilityCheckMade]


class ProvokedActionLost(Event, kw_only=True):
    """Attacco di Opportunità (35-AOO-05): the attack of opportunity resolved before the
    action that provoked it, which became impossible (a charger tripped prone) and is
    lost."""

    name: str
    action: str
    reason: str


EVENTS += [ProvokedActionLost]



class FearEffectNoted(Event, kw_only=True):
    """Scosso, Spaventato (35-CND-38/39): a fear effect the creature suffers; the same
    effect again doesn't stack while its fear lasts."""

    name: str
    effect: str
    condition: str


class ConfusionRolled(Event, kw_only=True):
    """Confuso (35-CND-11): the d100 of a confused creature's turn and what it does
    (attack-source, act-normally, babble, flee, attack-nearest; attack-attacker when it
    was attacked since its last turn, with no roll needed)."""

    name: str
    roll: Roll | None = None
    behaviour: str
    target: str | None = None
    why: str = ""


class IncorporealDamageRolled(Event, kw_only=True):
    """Incorporeo (35-CND-22): damage to an incorporeal creature: none from a nonmagical
    source; 50% (d100) to ignore a magical one; force, positive and negative energy in
    full."""

    name: str
    amount: int
    magic: bool
    roll: Roll | None = None
    ignored: bool


EVENTS += [FearEffectNoted, ConfusionRolled, IncorporealDamageRolled]


class NaturalHealing(Event, kw_only=True):
    """A rest of these PCs (short: an hour; long: a night; day: a day and a night in
    bed), between battles (in the campaign's stream, ``after`` the battle it follows)
    or forced in a fight: the hit points, nonlethal damage and ability damage it
    healed (domain/dnd35/natural_healing.py)."""

    kind: str
    names: list[str] = []
    healed: dict[str, int] = {}
    nonlethal: dict[str, int] = {}
    ability: dict[str, dict[str, int]] = {}
    after: str | None = None


EVENTS += [NaturalHealing]
