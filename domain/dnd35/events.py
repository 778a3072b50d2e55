"""D&D 3.5 (seed 003): the events only 3.5 emits.

The core's events are reused wherever their meaning fits (CombatantAdded with the 3.5
statistics in ``stats``, InitiativeRolled, AttackResolved against ac/touch/flat-footed
with every modifier named, DamageTaken, Healed, ConditionApplied, SaveRolled,
DeathSaveRolled as the d100 roll of a dying creature, StabilizeAttempted as the Heal
check). These are the facts the core has no word for. Imported while ``domain.events``
is still initialising: only the base classes are used here.
"""

from __future__ import annotations

from domain.events import Event, Roll


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
    by: str | None = None
    temp_hp: int = 0


class NegativeLevelsGained(Event, kw_only=True):
    """Risucchio di energia (35-CND-36)."""

    name: str
    count: int
    by: str | None = None


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


class ModifierRemoved(Event, kw_only=True):
    name: str
    source: str


class ReadiedActionLost(Event, kw_only=True):
    """Preparare un'azione (35-RDY-01): the trigger did not come before the creature's
    next turn."""

    name: str
    trigger: str


EVENTS = [TieRerollDue, TieRerolled, SurpriseRoundEnded, TableActionTaken, ConfirmationRolled,
          MissChanceRolled, NonlethalDamageTaken, SaveDemanded, Died, AbilityChanged,
          NegativeLevelsGained, ModifierAdded, ModifierRemoved, ReadiedActionLost]
