"""D&D 3.5 (seed 003), Condizioni: the seed's list, Abbagliato ... Stordito, as data.

"Una creatura può essere influenzata da molte condizioni diverse, anche
contemporaneamente. Alcune condizioni (come affaticato ed esausto) sono mutuamente
esclusive." Each condition's numbers are an ``Effects`` record read by the attack, the
Armor Class, the saves and the action budget; the fear ladder (shaken -> frightened ->
panicked) and the fatigue ladder (fatigued -> exhausted) are applied by ``cond add``.
The hit-point statuses (disabled, dying, stable, dead) are statuses, not conditions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.dnd35 import stats
from domain.dnd35.terms import CONDITIONS, condition
from domain.encounter import combatant, require_on
from domain.errors import BadInput, RuleViolation
from domain.events import ConditionApplied, ConditionRemoved, Event
from domain.state import Combatant, EncounterState

SECTION = "Condizioni"
STATUSES = {"disabled", "dying", "dead", "stable"}


@dataclass(frozen=True)
class Effects:
    attack: int = 0            # on every attack roll
    melee_attack: int = 0      # on melee attack rolls only
    damage: int = 0            # on weapon damage rolls
    saves: int = 0
    checks: int = 0            # skill and ability checks
    initiative: int = 0
    ac: int = 0                # on Armor Class against every attack
    ac_melee: int = 0          # against melee attacks
    ac_ranged: int = 0         # against ranged attacks
    loses_dex: bool = False    # no Dex bonus (nor dodge bonus) to AC
    dex_zero: bool = False     # counts as Dex 0 (-5 in place of its Dex modifier)
    no_actions: bool = False
    one_action: bool = False   # a single standard or move action, no full-round
    move_only: bool = False    # a single move action (nauseated)
    no_attack: bool = False
    no_run_charge: bool = False
    no_aoo: bool = False       # takes no attack of opportunity
    threatens: bool = True
    miss_chance: int = 0       # on its own attacks (blinded: total concealment)
    concealed: int = 0         # attacks against it (stalled 20, invisible 50)
    unseen: bool = False       # its attackers can't see it: +2 to its attacks and
    #                            its targets lose their Dex bonus (invisible)
    helpless: bool = False
    living_only: bool = False
    implies: tuple[str, ...] = ()
    rounds: int | None = None  # a standard duration (rebuked, turned: 1 minute)
    note: str = ""


FEAR = {"shaken": -2, "frightened": -2, "panicked": -2}

EFFECTS: dict[str, Effects] = {
    "dazzled": Effects(attack=-1, checks=-1, note="-1 on attack rolls, Spot and Search"),
    "blinded": Effects(ac=-2, loses_dex=True, checks=-4, miss_chance=50,
                       note="half speed; every opponent has total concealment"),
    "cowering": Effects(ac=-2, loses_dex=True, no_actions=True, no_aoo=True),
    "starving": Effects(note="no combat effect (Affamato): 1d6 nonlethal a day"),
    "fascinated": Effects(no_actions=True, checks=-4, no_aoo=True),
    "fatigued": Effects(no_run_charge=True, living_only=True, note="-2 Str, -2 Dex"),
    "deafened": Effects(initiative=-4, note="20% spell failure with verbal components"),
    "staggered": Effects(one_action=True),
    "knocked-down": Effects(implies=("prone",), note="a flier is blown back 1d6 x 3 m"),
    "flat-footed": Effects(loses_dex=True, no_aoo=True),
    "confused": Effects(note="d100 each turn for its behaviour"),
    "dehydrated": Effects(implies=("fatigued",)),
    "exhausted": Effects(no_run_charge=True, living_only=True,
                         note="-6 Str, -6 Dex, half speed"),
    "ethereal": Effects(note="no combat effect the tracker keeps (Etereo)"),
    "immobilized": Effects(note="can't leave its position"),
    "dazed": Effects(no_actions=True, no_aoo=True, rounds=1),
    "checked": Effects(note="can't move against the wind"),
    "pinned": Effects(ac_melee=0, loses_dex=True, dex_zero=True, no_actions=True,
                      no_aoo=True, threatens=False,
                      note="-4 AC against anyone but the pinner"),
    "grappling": Effects(threatens=False, no_aoo=True,
                         note="loses Dex to AC except against its grapple opponents"),
    "panicked": Effects(attack=-2, saves=-2, checks=-2, no_attack=True,
                        note="flees with two move actions a round"),
    "incorporeal": Effects(note="50% to ignore physical or energy damage"),
    "helpless": Effects(ac_melee=-4, loses_dex=True, dex_zero=True, no_actions=True,
                        no_aoo=True, helpless=True),
    "sickened": Effects(attack=-2, damage=-2, saves=-2, checks=-2, living_only=True),
    "rebuked": Effects(implies=("cowering",), rounds=10),
    "entangled": Effects(attack=-2, no_run_charge=True, note="half speed, -4 Dex"),
    "invisible": Effects(unseen=True, concealed=50),
    "nauseated": Effects(move_only=True, no_attack=True, living_only=True, no_aoo=True),
    "paralyzed": Effects(implies=("helpless",), no_actions=True, dex_zero=True,
                         loses_dex=True, no_aoo=True),
    "petrified": Effects(implies=("unconscious",), no_actions=True),
    "blown-away": Effects(implies=("prone",), note="rolled 1d4 x 3 m, 1d4 nonlethal per 3 m"),
    "unconscious": Effects(implies=("helpless", "prone"), no_actions=True,
                           loses_dex=True, dex_zero=True, no_aoo=True),
    "prone": Effects(melee_attack=-4, ac_melee=-4, ac_ranged=4),
    "energy-drained": Effects(note="see negative_levels"),
    "turned": Effects(rounds=10, no_attack=True, note="flees the source"),
    "shaken": Effects(attack=-2, saves=-2, checks=-2),
    "frightened": Effects(attack=-2, saves=-2, checks=-2, no_attack=True,
                          note="flees the source with two move actions a round"),
    "stalled": Effects(no_actions=True, loses_dex=True, concealed=20, no_aoo=True),
    "stunned": Effects(ac=-2, loses_dex=True, no_actions=True, no_aoo=True),
    "climbing": Effects(loses_dex=True, note="no shield; damage forces a Climb check"),
}

#: mutually exclusive pairs: adding the first removes the second (35-CND-00)
REPLACES = {"exhausted": ("fatigued",), "frightened": ("shaken",),
            "panicked": ("shaken", "frightened")}
#: ladders: the condition again (from another effect) becomes the next rung
LADDER = {"shaken": {"shaken": "frightened", "frightened": "panicked"},
          "frightened": {"shaken": "panicked", "frightened": "panicked"},
          "fatigued": {"fatigued": "exhausted"}}


def effects(c: Combatant) -> list[tuple[str, Effects]]:
    return [(n, EFFECTS[n]) for n in c.conditions if n in EFFECTS]


def has(c: Combatant, attribute: str) -> list[str]:
    """The conditions of ``c`` whose Effects set ``attribute``."""
    return [n for n, e in effects(c) if getattr(e, attribute)]


def total(c: Combatant, attribute: str) -> int:
    return sum(getattr(e, attribute) for _, e in effects(c))


def fear_penalty(c: Combatant, attribute: str = "attack") -> int:
    """The fear conditions' -2 counts once (35-CND-38: the worst penalty of a kind)."""
    return min([getattr(EFFECTS[n], attribute) for n in FEAR if n in c.conditions] or [0])


def penalty(c: Combatant, attribute: str) -> int:
    """Every condition's number for ``attribute``, the fear penalties counted once."""
    return total(c, attribute) - sum(getattr(EFFECTS[n], attribute) for n in FEAR
                                     if n in c.conditions) + fear_penalty(c, attribute)


def apply_condition(state: EncounterState, name: str, text: str, source: str | None,
                    rounds: int | None, effect: str | None = None) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    cond = condition(text)
    if cond in STATUSES:
        raise BadInput("condition", text, f"a condition: {cond} is a hit-point status that "
                       "follows the hit points (damage, heal, death-save)")
    if c.status == "dead":
        raise RuleViolation(f"{c.name} is dead", SECTION)
    if rounds is not None and rounds < 1:
        raise BadInput("--rounds", rounds, "1 or more")
    eff = EFFECTS[cond]
    if eff.living_only and not stats.get(c, "living"):
        raise RuleViolation(f"{c.name} is not a living creature: immune to {cond}",
                            f"{SECTION}: {CONDITIONS[cond].title()}")
    if cond in ("fatigued", "exhausted") and stats.get(c, "no_con"):
        raise RuleViolation(f"{c.name} has no Constitution score: it can't become "
                            f"{cond}", "Caratteristiche: Costituzione")
    effects_seen: dict[str, list[str]] = c.extra.get("fear_effects", {})
    if effect and effect.casefold() in [e.casefold() for e in effects_seen.get(cond, [])] \
            and cond in ("shaken", "frightened"):
        raise RuleViolation(f"{c.name} is already {cond} by {effect}: the same fear effect "
                            "repeated doesn't stack", f"{SECTION}: Scosso")
    rung = cond
    for held in list(c.conditions):
        if held in LADDER and cond in LADDER[held] and (
                held != cond or cond in ("shaken", "fatigued", "frightened")):
            rung = LADDER[held][cond]
    if rung in c.conditions and rung == cond and cond not in LADDER:
        raise RuleViolation(f"{c.name} is already {cond}", SECTION)
    if rung == "panicked" and "panicked" in c.conditions:
        raise RuleViolation(f"{c.name} is already panicked", SECTION)
    duration = rounds if rounds is not None else eff.rounds
    events: list[Event] = []
    for old in REPLACES.get(rung, ()):
        if old in c.conditions:
            events.append(ConditionRemoved(name=c.name, condition=old,
                                           reason=f"becomes {rung}"))
    if rung == "exhausted" and "fatigued" in c.conditions and cond == "fatigued":
        pass
    until = f"round {state.round + duration}" if duration else None
    events.append(ConditionApplied(name=c.name, condition=rung, source=source or effect,
                                   until=until, turn_ends=duration or 0))
    return events


def remove_condition(state: EncounterState, name: str, text: str) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    cond = condition(text)
    if cond not in c.conditions:
        raise RuleViolation(f"{c.name} is not {cond}", SECTION)
    return [ConditionRemoved(name=c.name, condition=cond)]


def fold_apply(c: Combatant, e: ConditionApplied) -> None:
    from domain.state import Condition

    c.conditions[e.condition] = Condition(until=e.until, turn_ends=e.turn_ends,
                                          source=e.source)
    if e.source and e.condition in ("shaken", "frightened", "panicked"):
        c.extra.setdefault("fear_effects", {}).setdefault(e.condition, []).append(e.source)
    for implied in EFFECTS.get(e.condition, Effects()).implies:
        c.conditions.setdefault(implied, Condition(source=e.condition))
        for deeper in EFFECTS[implied].implies:
            c.conditions.setdefault(deeper, Condition(source=implied))


def fold_remove(c: Combatant, e: ConditionRemoved) -> None:
    c.conditions.pop(e.condition, None)
    for implied in EFFECTS.get(e.condition, Effects()).implies:
        info = c.conditions.get(implied)
        if info is not None and info.source == e.condition and implied != "prone":
            del c.conditions[implied]
            fold_remove(c, ConditionRemoved(name=c.name, condition=implied))


def expiring(state: EncounterState, round_: int, name: str) -> list[Event]:
    """Conditions with a duration in rounds end at the start of the same creature's
    turn that many rounds later (the caster's count is not kept: the creature's own)."""
    c = state.combatants.get(name)
    if c is None:
        return []
    out: list[Event] = []
    for cond, info in c.conditions.items():
        if info.until and info.until.startswith("round "):
            if round_ >= int(info.until.split()[1]):
                out.append(ConditionRemoved(name=c.name, condition=cond,
                                            reason="duration over"))
    return out
