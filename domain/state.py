"""The state of an encounter: what the fold of its effective events produces."""


from typing import Any, Union

import msgspec

from battletape.domain.parts import CombatantPart, EncounterPart, declared

# the tagged unions of the parts the rule systems declare (domain/parts.py)
COMBATANT_PARTS = declared(CombatantPart)
ENCOUNTER_PARTS = declared(EncounterPart)
CombatantParts = Union[COMBATANT_PARTS] if COMBATANT_PARTS else None  # type: ignore
EncounterParts = Union[ENCOUNTER_PARTS] if ENCOUNTER_PARTS else None  # type: ignore


class Ongoing(msgspec.Struct, kw_only=True):
    amount: int
    type: str | None = None
    save: str = "normal"
    natural: int | None = None
    extra: dict[str, Any] = {}  # the rule system's own (13th Age: nonmagical)


class Condition(msgspec.Struct, kw_only=True):
    save: str | None = None
    until: str | None = None
    turn_ends: int = 0
    source: str | None = None
    mods: dict[str, int] = {}     # a named effect's modifiers: {statistic: N}
    turn_of: str | None = None    # whose turn ends count toward the end (default: own)


class Combatant(msgspec.Struct, kw_only=True):
    name: str
    max_hp: int
    hp: int
    group: str | None = None
    pc: bool = False
    temp_hp: int = 0
    ac: int = 10
    level: int = 1
    init_bonus: int = 0
    initiative: int | None = None
    status: str = "up"
    conditions: dict[str, Condition] = {}
    ongoing: list[Ongoing] = []
    engaged_with: list[str] = []
    death_saves_failed: int = 0
    delayed: bool = False
    readied: str | None = None
    acts_out_of_turn: bool = False
    actions_used: list[str] = []
    damage_dealt: int = 0
    damage_taken: int = 0
    #: the name's grammatical gender in sentences ("f", "m", ""): domain/grammar.py
    gender: str = ""
    # the rule system's own part: a typed Struct it declares (domain/<system>/state.py)
    part: CombatantParts | None = None
    # or free-form keys (domain/<system>/: their meaning)
    extra: dict[str, Any] = {}


class Dice(msgspec.Struct, kw_only=True):
    """Where the encounter's virtual dice come from (domain/fair_dice.py)."""

    commitment: str | None = None  # SHA-256 of the secret in use
    since: int = 0                 # position of that commitment
    contributions: list[str] = []  # players' values mixed in ("NAME: VALUE")
    revealed: dict[str, str] = {}  # commitment -> secret, for every secret published


class EncounterState(msgspec.Struct, kw_only=True):
    name: str = ""
    system: str = "13a"
    campaign: str = "default"
    seed: int | None = None
    options: dict[str, bool] = {}
    position: int = 0
    round: int = 0
    turn: str | None = None
    order: list[str] = []
    acted: list[str] = []
    out_of_turn: list[str] = []
    combatants: dict[str, Combatant] = {}
    ended: str | None = None
    # the rule system's own part of the encounter, typed or free-form
    part: EncounterParts | None = None
    extra: dict[str, Any] = {}
    dice: Dice | None = None

    def find(self, name: str) -> Combatant | None:
        """The combatant called ``name``, matched case-insensitively."""
        found = self.combatants.get(name)
        if found is not None:
            return found
        lowered = name.casefold()
        for key, combatant in self.combatants.items():
            if key.casefold() == lowered:
                return combatant
        return None

    def group(self, name: str) -> list[Combatant]:
        lowered = name.casefold()
        return [c for c in self.combatants.values()
                if c.group is not None and c.group.casefold() == lowered]


state_encoder = msgspec.json.Encoder()
state_decoder = msgspec.json.Decoder(EncounterState)


def copy(state: EncounterState) -> EncounterState:
    """A deep copy, so that a fold never changes the state it was given."""
    return state_decoder.decode(state_encoder.encode(state))
