"""5e SRD (seed 002), Giocare: the events only 5e emits.

The core's events are reused wherever their meaning fits (CombatantAdded with the 5e
statistics in ``stats``, InitiativeRolled, AttackResolved against "ac", SaveRolled,
DeathSaveRolled, ...). These are the facts the core has no word for. Imported while
``domain.events`` is still initialising: only the base classes are used here.
"""

from __future__ import annotations

from battletape.domain.events import ADDED_LATER, Event, Roll


class InitiativeTied(Event, kw_only=True):
    """Pareggi: totals that tie; the order among them waits for a decision."""

    names: list[str]
    total: int


class TieBroken(Event, kw_only=True):
    """Pareggi: the order among tied combatants, first to last, and who decided it."""

    names: list[str]
    decided_by: str = "gm"


class ActionTaken(Event, kw_only=True):
    """Azioni: one of the twelve actions (or an interaction, improvising, dropping
    prone) and the slot it used: action, bonus, interact or free."""

    name: str
    action: str
    slot: str = "action"
    what: str = ""


class ReadiedResponseTaken(Event, kw_only=True):
    """Preparare: the readied response fires; it spends the reaction (SRD, 5E-GAP-05)."""

    name: str
    trigger: str = ""
    during: str | None = None


class ConditionIgnored(Event, kw_only=True):
    """Immunità: a condition the creature is immune to is recorded, not applied."""

    name: str
    condition: str
    reason: str = "immune"


class ExhaustionChanged(Event, kw_only=True):
    """Affaticato: the exhaustion level moves by ``change`` to ``level`` (0..10)."""

    name: str
    change: int
    level: int


class MaxHpReduced(Event, kw_only=True):
    """A 0 PF: an effect lowers the hit point maximum (0 kills)."""

    target: str
    amount: int
    max_hp: int


class TemporaryHitPointsChosen(Event, kw_only=True):
    """Punti ferita temporanei, No accumulo: old or new, never both."""

    target: str
    old: int
    offered: int
    keep: str
    temp_hp: int


class InstantDeath(Event, kw_only=True):
    """Morte istantanea / Danni a 0 PF: the excess damage reached the maximum.

    ``rule`` names the reading used (the seed's "superano" is strictly greater;
    battletape follows the SRD's "equals or exceeds"), so a dispute can amend it.
    """

    name: str
    damage: int
    excess: int
    max_hp: int
    rule: str = "excess >= max hp (SRD)"


class Mounted(Event, kw_only=True):
    """Combattimento a cavallo: a controlled mount takes the rider's initiative."""

    mount: str
    rider: str
    controlled: bool = True
    initiative: int | None = None


class Dismounted(Event, kw_only=True):
    rider: str
    mount: str
    reason: str = ""


class RestTaken(Event, kw_only=True):
    """Riposo: a short (1 hour) or long (8 hours) rest of these creatures, between
    battles (in the campaign's stream, ``after`` the battle it follows) or forced in
    a fight; what it did by the SRD's reading (domain/dnd5e/rest.py): the hit points
    healed, the Hit Dice rolled (short) or regained (long), exhaustion taken down."""

    kind: str
    names: list[str] = []
    healed: dict[str, int] = {}
    hit_dice: dict[str, list[Roll]] = {}
    dice_regained: dict[str, int] = {}
    exhaustion_down: list[str] = []
    con_bonus: dict[str, int] = {}
    after: str | None = None
    #: those a long rest did nothing for: under 1 hit point at its start ("almeno 1
    #: punto ferita"); added later, so older events read as []
    unrested: list[str] = []


ADDED_LATER.update(RestTaken=("unrested",))


class UnderwaterSet(Event, kw_only=True):
    """Combattimento sott'acqua: the fight is (or is no longer) under water."""

    underwater: bool = True


class AbilityCheckRolled(Event, kw_only=True):
    """Prove di caratteristica: ability, skill, every addend, the DC if one was set."""

    name: str
    ability: str
    skill: str | None = None
    roll: Roll
    natural: int
    modifiers: dict[str, int] = {}
    total: int
    dc: int | None = None
    success: bool | None = None
    tags: list[str] = []


EVENTS = [InitiativeTied, TieBroken, ActionTaken, ReadiedResponseTaken, ConditionIgnored,
          ExhaustionChanged, MaxHpReduced, TemporaryHitPointsChosen, InstantDeath,
          Mounted, Dismounted, RestTaken, UnderwaterSet, AbilityCheckRolled]
