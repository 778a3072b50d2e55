"""D&D 3.5 (seed 003), Attacchi (Attacks): what the GM announced for an attack.

Every option of ``attack`` as one value, read by the attack's rules (``attacks``) and by
the sections that change an attack (``weapons``, ``special_moves``, ``battle_grid``,
``damage``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class AttackOrder:
    attacker: str
    targets: list[str]
    bonus: int
    vs: str = "ac"
    rolls: list[int] = field(default_factory=list)
    threat: int = 20
    confirms: list[int] = field(default_factory=list)
    mult: int = 2
    damage: str | None = None
    dmg: int | None = None
    dmgs: list[int] = field(default_factory=list)   # --dmg 9,7: one value per hit
    extra: str | None = None
    extra_dmg: int | None = None
    precision: bool = False
    nonlethal: bool = False
    damage_type: str | None = None
    kind: str | None = None
    full: bool = False
    two_weapon: bool = False
    off_hand: str = "one-handed"
    unarmed: bool = False
    opportunity: bool = False
    trigger: int | None = None
    charge: bool = False
    defensively: bool = False
    flank: bool = False
    cover: str | None = None
    concealment: int | None = None
    miss_rolls: list[int] = field(default_factory=list)
    into_melee: bool = False
    increment: int | None = None
    thrown: bool = False
    hidden: bool = False
    light: str | None = None          # dim or dark, for the attacker (Illuminazione)
    obscured: bool = False            # fog, smoke: an attack blind (Linea di visuale)
    cover_hardness: int | None = None
    coup_de_grace: bool = False
    magic: bool = False
    incorporeal_rolls: list[int] = field(default_factory=list)
    nonproficient: bool = False
    difficult: bool = False
    weapon: str | None = None
    threatened_by: list[str] = field(default_factory=list)
    naturals: list[str] = field(default_factory=list)
    manufactured: bool = False
    str_mod: int | None = None
    handed: str | None = None
    both_hands: bool = False
    weapon_size: str | None = None
    improvised: bool = False
    splash: bool = False
    splash_dmg: int | None = None
    adjacent: list[str] = field(default_factory=list)
    intersection: bool = False
    scatter: int | None = None
    distance: float | None = None
