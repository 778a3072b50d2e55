"""D&D 3.5 (seed 003), Condizioni: the seed's list, Abbagliato ... Stordito, as data.

"Una creatura può essere influenzata da molte condizioni diverse, anche
contemporaneamente. Alcune condizioni (come affaticato ed esausto) sono mutuamente
esclusive." Each condition's numbers are an ``Effects`` record read by the attack, the
Armor Class, the saves, the ability scores and the action budget.

- ``cond add`` applies the ladders (35-CND-38/39: shaken + a shaken effect -> frightened,
  + a frightened effect -> panicked, the same fear effect repeated doesn't stack;
  35-CND-06: fatigued + fatigued -> exhausted) and the exclusive pairs (35-CND-00:
  exhausted replaces fatigued, a higher fear rung replaces the lower).
- Implied conditions fold with their cause as their source and end with it: paralyzed
  -> helpless; unconscious -> helpless and prone; petrified -> unconscious; rebuked ->
  cowering; dehydrated -> fatigued; knocked down and blown away -> prone (the prone stays
  when its cause ends: the creature is still on the ground). A creature whose hit points
  leave it unconscious, dying or stable counts as unconscious (helpless, prone).
- Durations (``--rounds N``; dazed 1 round, rebuked and turned 10 rounds) end at the
  initiative count at which they began, N rounds later: the start of the turn of the
  creature whose turn it was (the target's own turn outside any turn).
- Living only (35-CND-24, 35-CND-30): constructs and undead are never sickened or
  nauseated (nor fatigued, exhausted or dehydrated: no Constitution).
- Confuso (35-CND-11): ``confusion X [--roll N]`` in X's turn, see ``confusion.py``.
- Incorporeo (35-CND-22): ``damage X N [--magic] [--miss-roll N]``; an incorporeal
  attacker: its touch keeps a force effect's armor (``armor_class.incorporeal``), its
  melee weapon on a corporeal target is harmless or, magic, 50% to miss
  (``attacks.incorporeal_weapon``).
- Affascinato (35-CND-05): "qualsiasi minaccia diretta ... interrompe automaticamente
  l'effetto" -- an attack or a special move on the fascinated creature ends it
  (``attack``, ``maneuver``: a casting is the GM's ``cond remove``); "è possibile scuotere
  una creatura affascinata e liberarla ... come azione standard" -- ``do A
  shake-fascinated --target X`` ends it (``fascination_ends``; the row without a
  fascinated target is recorded as any other action, and ends nothing).
"""

from __future__ import annotations

import msgspec

from battletape.domain.patterns import pattern
from battletape.domain.dnd35 import stats
from battletape.domain.dnd35.action_table import MOVES
from battletape.domain.dnd35.terms import CONDITIONS, condition
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.named_effects import HOLDING, TURN_END
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, ConditionRemoved, Event
from battletape.domain.state import Combatant, Condition, EncounterState

SECTION = "Condizioni"
#: hit-point statuses, not conditions (Inabile, Morente, Morto, Stabile: section 13)
STATUSES = {"disabled", "dying", "dead", "stable"}
#: hit-point statuses that leave the creature unconscious (Privo di Sensi, 35-CND-34)
OUT_COLD = {"unconscious", "dying", "stable"}


class Effects(msgspec.Struct, frozen=True):
    """A condition's numbers (a msgspec struct: quicker to make at import than a
    dataclass)."""

    attack: int = 0            # on every attack roll
    melee_attack: int = 0      # on melee attack rolls only
    damage: int = 0            # on weapon damage rolls
    saves: int = 0
    checks: int = 0            # every skill and ability check
    initiative: int = 0
    ac: int = 0                # on Armor Class against every attack
    ac_melee: int = 0          # against melee attacks
    ac_ranged: int = 0         # against ranged attacks
    abilities: tuple[tuple[str, int], ...] = ()   # penalties on ability scores
    speed: float = 1.0         # factor on speed (half speed: 0.5; can't move: 0)
    loses_dex: bool = False    # no Dex bonus (nor dodge bonus) to AC
    dex_zero: bool = False     # counts as Dex 0 (-5 in place of its Dex modifier)
    no_actions: bool = False
    one_action: bool = False   # a single standard or move action, no full-round
    move_only: bool = False    # a single move action (nauseated)
    no_attack: bool = False
    no_run_charge: bool = False
    no_move: bool = False      # can't leave its position
    no_aoo: bool = False       # takes no attack of opportunity
    threatens: bool = True
    miss_chance: int = 0       # on its own attacks (blinded: total concealment)
    concealed: int = 0         # attacks against it (stalled 20, invisible 50)
    unseen: bool = False       # its attackers can't see it: +2 to its attacks and
    #                            its targets lose their Dex bonus (invisible)
    helpless: bool = False
    living_only: bool = False
    implies: tuple[str, ...] = ()
    rounds: int | None = None  # a standard duration (dazed 1, rebuked and turned 10)
    skills: str = ""           # penalties on named skills (battletape rolls no skill)
    note: str = ""


FEAR = {"shaken": -2, "frightened": -2, "panicked": -2}
FEAR_RUNG = {"shaken": 1, "frightened": 2, "panicked": 3}
FATIGUE = ("fatigued", "exhausted")

EFFECTS: dict[str, Effects] = {
    "dazzled": Effects(attack=-1, skills="-1 Spot and Search"),
    "blinded": Effects(ac=-2, loses_dex=True, miss_chance=50, speed=0.5,
                       skills="-4 on most Str- and Dex-based skills; fails Spot",
                       note="every opponent has total concealment; immune to gaze"),
    "cowering": Effects(ac=-2, loses_dex=True, no_actions=True, no_aoo=True),
    "starving": Effects(note="no combat effect (Affamato): 1d6 nonlethal a day"),
    "fascinated": Effects(no_actions=True, no_aoo=True,
                          skills="-4 on reactive checks (Listen, Spot)",
                          note="a direct threat ends it; shaken free as a standard action"),
    "fatigued": Effects(no_run_charge=True, living_only=True,
                        abilities=(("str", -2), ("dex", -2)),
                        note="8 hours of rest remove it"),
    "deafened": Effects(initiative=-4, skills="fails Listen",
                        note="20% spell failure with verbal components"),
    "staggered": Effects(one_action=True),
    "knocked-down": Effects(implies=("prone",), note="a flier is blown back 1d6 x 3 m"),
    "flat-footed": Effects(loses_dex=True, no_aoo=True, note="no immediate action"),
    "confused": Effects(note="d100 each turn for its behaviour (`confusion`)"),
    "dehydrated": Effects(implies=("fatigued",), living_only=True,
                          note="heat deals it lethal damage"),
    "exhausted": Effects(no_run_charge=True, living_only=True, speed=0.5,
                         abilities=(("str", -6), ("dex", -6)),
                         note="1 hour of rest: fatigued"),
    "ethereal": Effects(note="no combat effect the tracker keeps (Etereo)"),
    "immobilized": Effects(no_move=True, speed=0.0,
                           note="a hoverer stays aloft, other fliers fall 6 m a round"),
    "dazed": Effects(no_actions=True, no_aoo=True, rounds=1),
    "checked": Effects(note="can't move against the wind; a flier is blown back"),
    "pinned": Effects(loses_dex=True, dex_zero=True, no_actions=True, no_aoo=True,
                      threatens=False, speed=0.0,
                      note="-4 AC against anyone but the pinner; mental actions only"),
    "grappling": Effects(threatens=False, no_aoo=True,
                         note="loses Dex to AC except against its grapple opponents"),
    "panicked": Effects(saves=-2, checks=-2, attack=-2, no_attack=True,
                        note="flees with two move actions a round; cornered: cowering"),
    "incorporeal": Effects(note="immune to nonmagical attacks; 50% to ignore magical "
                           "damage but force and positive or negative energy"),
    "helpless": Effects(ac_melee=-4, loses_dex=True, dex_zero=True, no_actions=True,
                        no_aoo=True, helpless=True, note="coup de grace"),
    "sickened": Effects(attack=-2, damage=-2, saves=-2, checks=-2, living_only=True),
    "rebuked": Effects(implies=("cowering",), rounds=10),
    "entangled": Effects(attack=-2, no_run_charge=True, speed=0.5,
                         abilities=(("dex", -4),),
                         note="casting: Concentration DC 15 + spell level"),
    "invisible": Effects(unseen=True, concealed=50),
    "nauseated": Effects(move_only=True, no_attack=True, living_only=True, no_aoo=True),
    "paralyzed": Effects(implies=("helpless",), no_actions=True, dex_zero=True,
                         loses_dex=True, no_aoo=True, speed=0.0,
                         note="Str and Dex 0; purely mental actions"),
    "petrified": Effects(implies=("unconscious",), no_actions=True, speed=0.0),
    "blown-away": Effects(implies=("prone",), note="rolled 1d4 x 3 m, 1d4 nonlethal per 3 m"),
    "unconscious": Effects(implies=("helpless", "prone"), no_actions=True,
                           loses_dex=True, dex_zero=True, no_aoo=True, speed=0.0),
    "prone": Effects(melee_attack=-4, ac_melee=-4, ac_ranged=4,
                     note="no ranged weapon but crossbows and shuriken; crawls"),
    "energy-drained": Effects(note="negative levels: `drain X N`"),
    "turned": Effects(rounds=10, no_attack=True,
                      note="flees the source; ends if it comes within 3 m"),
    "shaken": Effects(attack=-2, saves=-2, checks=-2),
    "frightened": Effects(attack=-2, saves=-2, checks=-2, no_attack=True,
                          note="flees the source with two move actions a round"),
    "stalled": Effects(no_actions=True, loses_dex=True, concealed=20, no_aoo=True,
                       note="falls 45 m, then 90 m a round; Reflex DC 20 recovers"),
    "stunned": Effects(ac=-2, loses_dex=True, no_actions=True, no_aoo=True,
                       note="drops everything it holds"),
    "climbing": Effects(loses_dex=True, note="no shield; damage forces a Climb check"),
}

#: mutually exclusive pairs: adding the first removes the second (35-CND-00)
REPLACES = {"exhausted": ("fatigued",), "frightened": ("shaken",),
            "panicked": ("shaken", "frightened")}
#: ladders: the condition again (from another effect) becomes the next rung
LADDER = {"shaken": {"shaken": "frightened", "frightened": "panicked"},
          "frightened": {"shaken": "panicked", "frightened": "panicked"},
          "fatigued": {"fatigued": "exhausted", "dehydrated": "exhausted"}}


def rule(cond: str) -> str:
    """The seed's heading for ``cond``: ``Condizioni: Scosso``."""
    return f"{SECTION}: {CONDITIONS.get(cond, cond).title()}"


# --- what a creature has ----------------------------------------------------------------

def held(c: Combatant) -> list[str]:
    """Its conditions, with those its hit points imply: unconscious, dying or stable is
    unconscious, so helpless and prone (35-CND-34)."""
    names = list(c.conditions)
    if c.status in OUT_COLD:
        for n in ("unconscious", "helpless", "prone"):
            if n not in names:
                names.append(n)
    return names


def effects(c: Combatant) -> list[tuple[str, Effects]]:
    if not c.conditions and c.status not in OUT_COLD:  # (most creatures: none held)
        return []
    return [(n, EFFECTS[n]) for n in held(c) if n in EFFECTS]


def has(c: Combatant, attribute: str) -> list[str]:
    """The conditions of ``c`` whose Effects set ``attribute``."""
    if not c.conditions and c.status not in OUT_COLD:
        return []
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


def ability_penalty(c: Combatant, ability: str) -> list[tuple[str, int]]:
    """The conditions' penalties on an ability score (fatigued -2 Str and Dex, exhausted
    -6, entangled -4 Dex): (condition, value)."""
    return [(n, v) for n, e in effects(c) for a, v in e.abilities if a == ability]


def speed(c: Combatant) -> float:
    """The speed in metres its conditions leave (half speed once; 0 can't move)."""
    factor = min([e.speed for _, e in effects(c)] or [1.0])
    return float(stats.get(c, "speed")) * factor


def check_movement(c: Combatant, slug: str, kind: str) -> None:
    """No run or charge (fatigued, exhausted, entangled); no leaving its square
    (immobilized, paralyzed, pinned: ``no_move`` or speed 0)."""
    if slug in ("run", "charge"):
        for n in has(c, "no_run_charge"):
            refuse(N_("{name} is {condition} and can't run or charge"), rule(n),
                   name=c.name, condition=n)
    if (slug in MOVES or slug == "5-foot-step") and slug != "stand-up":
        stuck = has(c, "no_move") or [n for n, e in effects(c) if e.speed == 0]
        for n in stuck:
            refuse(N_("{name} is {condition}: it can't leave its position"), rule(n),
                   name=c.name, condition=n)


# --- cond add / cond remove -------------------------------------------------------------

def _fear_rung(c: Combatant) -> str | None:
    return max((n for n in FEAR if n in c.conditions), key=FEAR_RUNG.get, default=None)


def _climb(c: Combatant, cond: str) -> str:
    """The rung ``cond`` reaches on ``c`` (35-CND-06, 35-CND-38, 35-CND-39)."""
    if cond in FEAR:
        now = _fear_rung(c)
        if now == "panicked":
            raise AlreadyHolds.said(N_("{name} is already {condition}"), name=c.name,
                                    condition="panicked")
        if now is None:
            return cond
        if cond == "panicked":
            return "panicked"
        return LADDER[now][cond]
    if cond in ("fatigued", "dehydrated"):
        if "exhausted" in c.conditions:
            if cond == "fatigued":
                raise AlreadyHolds.said(N_("{name} is already exhausted: a fatiguing "
                                           "effect changes nothing"), name=c.name)
            return cond
        if "fatigued" in c.conditions:
            return "exhausted" if cond == "fatigued" else cond
    return cond


def apply_condition(state: EncounterState, name: str, text: str, source: str | None,
                    rounds: int | None, effect: str | None = None,
                    mods: list[str] | None = None, until: str | None = None,
                    save_ends: str | None = None) -> list[Event]:
    """A condition of the seed's list, or a named effect (``effects.py``: modifiers,
    durations on a named creature's turns, a save that ends it)."""
    from battletape.domain.dnd35.events import FearEffectNoted

    require_on(state)
    c = combatant(state, name)
    try:
        cond = condition(text)
    except BadInput as bad:
        if not (mods or save_ends):
            raise BadInput("condition", text,
                           N_("{expected_} (or a named effect with --mod or --save-ends)"),
                           expected_=bad) from None
        return _named_effect(state, c, text, source, rounds, mods or [], until,
                             save_ends)
    timed = _duration(state, c, rounds, until)
    save = _save_ends(save_ends)
    if cond in STATUSES:
        raise BadInput("condition", text,
                       N_("a condition: {cond} is a hit-point status that follows the "
                          "hit points (damage, heal, death-save)"), cond=cond)
    if cond == "energy-drained":
        raise BadInput("condition", text, N_("a condition: energy drain is counted in "
                       "negative levels (`drain NAME N`)"))
    if rounds is not None and not 1 <= rounds <= 10000:
        raise BadInput("--rounds", rounds, N_("1 or more"))
    if effect is not None and not effect.strip():
        raise BadInput("--effect", effect, N_("the effect's name"))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    eff = EFFECTS[cond]
    if eff.living_only and not stats.get(c, "living"):
        refuse(N_("{name} is not a living creature (construct or undead): immune to "
                  "being {condition}"), rule(cond), name=c.name, condition=cond)
    if cond in ("fatigued", "exhausted", "dehydrated") and stats.get(c, "no_con"):
        refuse(N_("{name} has no Constitution score: it can't become {condition}"),
               "Caratteristiche: Costituzione", name=c.name, condition=cond)
    if cond in FEAR and effect:
        seen = [e.casefold() for e in c.extra.get("fear_effects") or []]
        if effect.strip().casefold() in seen:
            raise AlreadyHolds.said(N_("{name} already suffers {effect}: the same fear "
                                       "effect repeated doesn't stack"), name=c.name,
                                    effect=effect.strip())
    if cond in c.conditions and cond not in LADDER:
        raise AlreadyHolds.said(N_("{name} is already {condition}"), name=c.name,
                                condition=cond)
    if cond not in c.conditions and cond in held(c) and cond not in LADDER:
        raise _already_held(c, cond)
    rung = _climb(c, cond)
    duration = rounds if rounds is not None else EFFECTS[rung].rounds or eff.rounds
    events: list[Event] = []
    if cond in FEAR and effect:
        events.append(FearEffectNoted(name=c.name, effect=effect.strip(), condition=rung))
    reason = f"becomes {rung}"
    for old in REPLACES.get(rung, ()):
        if old in c.conditions:
            events.append(ConditionRemoved(name=c.name, condition=old, reason=reason))
    if cond == "dehydrated" and rung == "dehydrated" and "fatigued" in c.conditions:
        # "qualunque effetto che normalmente la renderebbe affaticata la rende esausta"
        events += [ConditionRemoved(name=c.name, condition="fatigued",
                                    reason="dehydrated: becomes exhausted"),
                   ConditionApplied(name=c.name, condition="exhausted", source="dehydrated")]
    until = _until(state, c, duration) if duration else None
    applied = ConditionApplied(name=c.name, condition=rung,
                               source=source or (effect.strip() if effect else None),
                               until=until, turn_ends=duration or 0, save=save)
    if timed is not None and timed[0] in TURN_END:  # --until: on a creature's turns
        applied = ConditionApplied(name=c.name, condition=rung, source=applied.source,
                                   until=timed[0], turn_ends=timed[1], turn_of=timed[2],
                                   save=save)
    events.append(applied)
    return events


def _save_ends(text: str | None) -> str | None:
    from battletape.domain.dnd35 import effects

    return effects.save_ends(text)


def _duration(state: EncounterState, c: Combatant, rounds: int | None,
              until: str | None) -> tuple[str | None, int, str | None] | None:
    """``--until end-of-turn[:NAME]`` or ``end-of-next-turn[:NAME]``: (the kind, the
    turn ends to go, whose turns count if not the bearer's); None without it."""
    from battletape.domain import named_effects

    kind, whose = named_effects.until_of(until, ())
    if kind is None:
        return None
    if rounds is not None:
        raise BadInput("--rounds", rounds, N_("1 or more, without --until"))
    turn_of = combatant(state, whose).name if whose else None
    return kind, named_effects.turn_ends(kind, state, turn_of or c.name), turn_of


def effect_modifiers(given: list[str]) -> dict[str, int]:
    """``--mod`` of a named effect into {KEY: N} (``effects.py``: typed bonuses,
    threat range, damage reduction, energy resistance and immunity)."""
    from battletape.domain.dnd35 import effects

    return effects.modifiers(given)


def _named_effect(state: EncounterState, c: Combatant, text: str, source: str | None,
                  rounds: int | None, mods: list[str], until: str | None = None,
                  save_ends: str | None = None) -> list[Event]:
    """A named effect of a spell or power (issue 24, the interface every system shares:
    ``cond add Kael "bull's strength" --mod str:+4:enhancement --rounds 30``): its
    typed bonuses are kept and stacked as ``mod`` keeps them (35-BON-*), its other
    modifiers read by the rolls (``effects.py``), and they end with it (``cond remove``,
    ``--rounds``, ``--until``, ``--save-ends``)."""
    from battletape.domain import named_effects
    from battletape.domain.dnd35 import bonuses, effects

    key = named_effects.effect_key(text, list(CONDITIONS) + list(CONDITIONS.values()))
    given = effect_modifiers(mods)
    save = _save_ends(save_ends)
    if rounds is not None and not 1 <= rounds <= 10000:
        raise BadInput("--rounds", rounds, N_("1 or more"))
    timed = _duration(state, c, rounds, until)
    for k in given:
        if not effects.is_bonus(k):
            continue
        stat, _, kind = k.partition(":")
        kind = kind or "untyped"
        if not bonuses.applies(kind, stat) and not (kind == "resistance" and stat == "save"):
            refuse(N_("a {kind} bonus applies to {stats} only, not {stat}"),
                   f"Bonus: {bonuses.TYPES[kind][0].title()}", kind=kind,
                   stats=", ".join(sorted(bonuses.TYPES[kind][1] or [])), stat=stat)
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    had = c.conditions.get(key)
    src = combatant(state, source).name if source else None
    until_at = _until(state, c, rounds) if rounds else None
    turn_ends, turn_of = rounds or 0, None
    if timed is not None:
        until_at, turn_ends, turn_of = timed
    if had is not None and had.mods == given and had.until == until_at \
            and had.save == save and had.turn_of == turn_of:
        raise AlreadyHolds.said(N_("{name} is under {effect} already"), name=c.name,
                                effect=key)
    return [ConditionApplied(name=c.name, condition=key, source=src, until=until_at,
                             turn_ends=turn_ends, mods=given, save=save,
                             turn_of=turn_of)]


def _already_held(c: Combatant, cond: str) -> AlreadyHolds:
    """``cond`` held already, and why: the status, or the condition that implies it."""
    if c.status in OUT_COLD and cond not in c.conditions:
        return AlreadyHolds.said(N_("{name} is already {condition} ({status})"),
                                 name=c.name, condition=cond, status=c.status)
    if c.conditions[cond].source:
        return AlreadyHolds.said(N_("{name} is already {condition} (from {source})"),
                                 name=c.name, condition=cond,
                                 source=c.conditions[cond].source)
    return AlreadyHolds.said(N_("{name} is already {condition} (held)"), name=c.name,
                             condition=cond)


def _until(state: EncounterState, c: Combatant, rounds: int) -> str:
    """N rounds from now, at the same initiative count: the current turn's creature."""
    anchor = state.turn or c.name
    return f"round {state.round + rounds}, {anchor}'s turn"


def remove_condition(state: EncounterState, name: str, text: str) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    named = " ".join(str(text).split()).lower()
    cond = named if named in c.conditions else condition(text)  # a named effect, or the seed's
    if cond in STATUSES:
        raise BadInput("condition", text,
                       N_("a condition: {cond} is a hit-point status"), cond=cond)
    if cond not in c.conditions:
        if cond in held(c):
            raise violation(N_("{name} is {condition} because it is {status}: heal it "
                               "instead"), rule(cond), name=c.name, condition=cond,
                            status=c.status)
        raise AlreadyHolds.said(N_("{name} is not {condition}"), name=c.name,
                                condition=cond)
    parent = c.conditions[cond].source
    if parent in c.conditions and cond in EFFECTS[parent].implies and cond != "prone":
        raise violation(
        N_("{name} is {condition} because it is {holder}: remove {holder}"),
                        rule(cond), name=c.name, condition=cond, holder=parent)
    return [ConditionRemoved(name=c.name, condition=cond)]


#: why fascination ends (ConditionRemoved.reason; the log says it in its language)
SHAKEN_FREE, DIRECT_THREAT = "shaken free by ", "a direct threat by "


def fascination_ends(t: Combatant, by: str, how: str) -> list[Event]:
    """35-CND-05: ``t`` is no longer fascinated -- shaken free by ``by`` (``how`` is
    SHAKEN_FREE) or threatened by it (DIRECT_THREAT); nothing if not fascinated."""
    if "fascinated" not in t.conditions or t.name == by:
        return []
    return [ConditionRemoved(name=t.name, condition="fascinated", reason=how + by)]


# --- fold -------------------------------------------------------------------------------

def fold_apply(c: Combatant, e: ConditionApplied) -> None:
    from battletape.domain.dnd35 import effects
    from battletape.domain.dnd35.bonus_effects import is_force_effect

    c.conditions[e.condition] = Condition(until=e.until, turn_ends=e.turn_ends,
                                          source=e.source, mods=dict(e.mods),
                                          save=e.save, turn_of=e.turn_of)
    if e.mods:  # a named effect: its typed bonuses are bonuses from it (``mod``)
        kept = [m for m in c.extra.get("mods") or [] if m.get("effect") != e.condition]
        force = is_force_effect(e.condition)
        for key, value in e.mods.items():
            if not effects.is_bonus(key):
                continue        # a threat range or a reduction: read from the condition
            stat, _, kind = key.partition(":")
            kept.append({"stat": stat, "value": value, "bonus_type": kind or "untyped",
                         "source": e.condition, "until": None, "against": None,
                         "uses": 0, "effect": e.condition,
                         **({"force": True} if force else {})})
        c.extra["mods"] = kept
    _imply(c, e.condition)


def _imply(c: Combatant, cond: str) -> None:
    for implied in EFFECTS.get(cond, Effects()).implies:
        if any(implied in REPLACES.get(n, ()) for n in c.conditions):
            continue        # exhausted: dehydration's fatigue adds nothing
        if implied not in c.conditions:
            c.conditions[implied] = Condition(source=cond)
            _imply(c, implied)


def fold_remove(c: Combatant, e: ConditionRemoved) -> None:
    gone = c.conditions.pop(e.condition, None)
    if gone is not None and gone.mods:
        c.extra["mods"] = [m for m in c.extra.get("mods") or []
                           if m.get("effect") != e.condition]
    for implied in EFFECTS.get(e.condition, Effects()).implies:
        info = c.conditions.get(implied)
        if info is not None and info.source == e.condition and implied != "prone":
            fold_remove(c, ConditionRemoved(name=c.name, condition=implied))
    if not any(n in c.conditions for n in FEAR) and not e.reason.startswith("becomes"):
        c.extra.pop("fear_effects", None)
    if e.condition == "confused":
        c.extra.pop("confusion", None)
        c.extra.pop("confusion_attacker", None)


def fold_fear_effect(c: Combatant, effect: str) -> None:
    c.extra["fear_effects"] = [*(c.extra.get("fear_effects") or []), effect]


def attacked(state: EncounterState, attacker: str, target: str) -> None:
    """Confuso: a confused creature that is attacked attacks its attacker next turn."""
    t = state.combatants.get(target)
    if t is not None and "confused" in t.conditions and attacker != target:
        t.extra["confusion_attacker"] = attacker


# --- durations --------------------------------------------------------------------------

_UNTIL = pattern(r"round (-?\d+)(?:, (.+)'s turn)?$")


def _due(state: EncounterState, until: str | None, round_: int, name: str,
         holder: str) -> bool:
    """``round R, A's turn``: at the start of the first turn of round R at or after A's
    count (or any turn after round R); a bare ``round R``: at the start of the holder's
    own turn from round R on."""
    m = _UNTIL.match(until or "")
    if m is None:
        return False
    end, anchor = int(m[1]), m[2]
    if anchor is None:
        return name == holder and round_ >= end
    if round_ != end:
        return round_ > end
    order = state.order
    if anchor == name or anchor not in order or name not in order:
        return True
    return order.index(name) >= order.index(anchor)


def expiring(state: EncounterState, round_: int, name: str) -> list[Event]:
    """The durations that end as ``name``'s turn of ``round_`` starts: N rounds after
    they began, at the initiative count of the turn they began in."""
    out: list[Event] = []
    for c in filter(HOLDING, state.combatants.values()):
        for cond, info in c.conditions.items():
            if info.until and _due(state, info.until, round_, name, c.name):
                out.append(ConditionRemoved(name=c.name, condition=cond,
                                            reason="duration over"))
    return out


# --- Incorporeo (35-CND-22) -------------------------------------------------------------

#: damage types that reach an incorporeal creature in full
FULL_ON_INCORPOREAL = ("force", "positive", "negative")
INCORPOREAL_CHANCE = 50


def incorporeal_damage(target: str, amount: int, type_: str | None, magic: bool,
                       miss_roll: int | None, inner):
    """``damage X N``: an incorporeal X is immune to nonmagical damage and ignores a
    magical one on a d100 of 01-50; force and positive or negative energy hurt in full."""
    from battletape.domain.dnd35.terms import damage_type

    if miss_roll is not None and not 1 <= miss_roll <= 100:
        raise BadInput("--miss-roll", miss_roll, N_("a d100 result from 1 to 100"))

    def decide(state: EncounterState, rng) -> list[Event]:
        from battletape.domain.dnd35.events import IncorporealDamageRolled
        from battletape.domain.dice import d100

        require_on(state)
        t = combatant(state, target)
        if "incorporeal" not in t.conditions or amount == 0 or \
                damage_type(type_) in FULL_ON_INCORPOREAL:
            if miss_roll is not None:
                raise BadInput("--miss-roll", miss_roll,
                               N_("no roll: only magical damage to an incorporeal creature "
                               "(not force, positive or negative energy) is rolled"))
            return inner(state, rng)
        if not magic:
            if miss_roll is not None:
                raise BadInput("--miss-roll", miss_roll, N_("--magic as well (nonmagical "
                               "damage never reaches an incorporeal creature)"))
            return [IncorporealDamageRolled(name=t.name, amount=amount, magic=False,
                                            ignored=True)]
        r = d100(miss_roll, rng, "--miss-roll")
        ignored = r.total <= INCORPOREAL_CHANCE
        out: list[Event] = [IncorporealDamageRolled(name=t.name, amount=amount, magic=True,
                                                    roll=r, ignored=ignored)]
        return out if ignored else out + inner(state, rng)

    return decide
