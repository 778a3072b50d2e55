"""5e SRD (seed 002), Giocare: Condizioni (Conditions).

"Sono cumulative: se ne subisci più di una, i loro effetti si sommano." A condition
does not stack with itself (the SRD; the seed is silent, 5E-GAP-02): applying it again
only renews it. "Una condizione termina quando la sua durata scade o qualcosa la
rimuove": ``--until end-of-turn|end-of-next-turn`` or ``--rounds N`` (it ends at the
same point of round + N). Each of the seed's nineteen conditions is data below:
what it does to the creature's own rolls, to attacks against it, to its saves and its
actions. Where the seed omits an SRD effect (Petrified's advantage to attackers and
auto-failed saves, Restrained's Dex-save disadvantage, the blinded creature's own
disadvantage), the seed's list is followed; the blinded attacker's disadvantage is
derived from "Se attacchi una creatura che non vedi, hai svantaggio" (5E-ATK-02).
A creature at 0 HP is Unconscious "finché non recuperi PF": removing the condition by
hand is refused (a GM may force it; the creature then wakes, at 0 HP), and so is
removing a condition another one implies while that one lasts (Unconscious's
Incapacitated). Immunità holds for a condition that comes implied by another (immune
to Prone, it falls Unconscious but not prone: recorded as ignored). Exhaustion
("Affaticato") has levels 1..10 and kills at 10; the seed gives no
per-level penalty (its glossary is missing, 5E-GAP-03), so none is applied: the GM
gives it as a modifier.
"""

from __future__ import annotations

import msgspec

from battletape.domain import named_effects
from battletape.domain.dnd5e import stats
from battletape.domain.dnd5e.terms import CONDITIONS
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, ConditionRemoved, Event
from battletape.domain.state import EncounterState


class Effects(msgspec.Struct, frozen=True):
    """What one condition does, as the seed states it (a msgspec struct: quicker to
    make at import than a named tuple)."""

    own_attacks: str | None = None        # "disadvantage" / "advantage" on its attacks
    attacks_against: str | None = None    # on attack rolls against it (any kind)
    melee_against: str | None = None      # only melee attacks against it (Prone)
    checks: str | None = None             # on its ability checks
    incapacitating: bool = False          # no actions, bonus actions or reactions
    speed_zero: bool = False
    cant_move: bool = False
    auto_fail_str_dex: bool = False
    melee_crit: bool = False              # a melee hit against it is a critical hit
    blind: bool = False                   # it can't see (its attacks: can't see target)
    implies: tuple[str, ...] = ()
    needs_source_visible: bool = False    # Frightened: while the source is visible
    halves_speed: bool = False
    fails_checks_of: str | None = None    # auto-fails checks relying on this sense


EFFECTS: dict[str, Effects] = {
    "blinded": Effects(attacks_against="advantage", blind=True, fails_checks_of="sight"),
    "grappled": Effects(speed_zero=True, cant_move=True),
    "exhaustion": Effects(),
    "deafened": Effects(fails_checks_of="hearing"),
    "poisoned": Effects(own_attacks="disadvantage", checks="disadvantage"),
    "held": Effects(speed_zero=True, cant_move=True),
    "confused": Effects(),
    "frightened": Effects(own_attacks="disadvantage", checks="disadvantage",
                          needs_source_visible=True),
    "immobilized": Effects(attacks_against="advantage", cant_move=True),
    "charmed": Effects(),
    "incapacitated": Effects(incapacitating=True),
    "invisible": Effects(own_attacks="advantage", attacks_against="disadvantage"),
    "unconscious": Effects(attacks_against="advantage", incapacitating=True,
                           auto_fail_str_dex=True, melee_crit=True,
                           implies=("incapacitated", "prone")),
    "prone": Effects(own_attacks="disadvantage", melee_against="advantage"),
    "slowed": Effects(halves_speed=True),
    "restrained": Effects(own_attacks="disadvantage", attacks_against="advantage",
                          speed_zero=True, cant_move=True),
    "stunned": Effects(attacks_against="advantage", incapacitating=True, cant_move=True,
                       auto_fail_str_dex=True, implies=("incapacitated",)),
    "petrified": Effects(incapacitating=True, cant_move=True,
                         implies=("incapacitated",)),
    "paralyzed": Effects(attacks_against="advantage", incapacitating=True,
                         cant_move=True, auto_fail_str_dex=True, melee_crit=True,
                         implies=("incapacitated",)),
}
assert set(EFFECTS) == set(CONDITIONS)

UNTIL = ("end-of-turn", "end-of-next-turn")
SOURCED = ("grappled", "frightened", "charmed")


def condition_id(text: str) -> str:
    """An English condition id from its id or the seed's Italian name."""
    word = text.strip().lower()
    if word in CONDITIONS:
        return word
    for en, it in CONDITIONS.items():
        if it == word:
            return en
    raise BadInput("condition", text, ", ".join(CONDITIONS))


def has(c, effect: str) -> list[str]:
    """The conditions of ``c`` that carry ``effect`` (a field of Effects)."""
    return [n for n in c.conditions if n in EFFECTS and getattr(EFFECTS[n], effect)]


def implied(c, condition: str) -> list[str]:
    """The conditions ``condition`` brings with it (Unconscious: Incapacitated and
    Prone), but for those ``c`` is immune to (Immunità: it "non subisce quella
    condizione", however it comes)."""
    immune = stats.list_of(c, "immune")
    return [n for n in EFFECTS.get(condition, Effects()).implies if n not in immune]


SENSES = {"sight": "vista", "hearing": "udito"}


def sense(text: str | None) -> str | None:
    """``--sense``: sight or hearing (the seed's vista, udito), or None."""
    if text is None:
        return None
    word = text.strip().lower()
    for en, it in SENSES.items():
        if word in (en, it):
            return en
    raise BadInput("--sense", text, N_("sight or hearing (vista, udito)"))


def failing_checks(c, sense_: str | None) -> list[str]:
    """The conditions that make ``c`` fail a check relying on ``sense_``: Accecato
    ("fallisci automaticamente le prove ... basate sulla vista"), Assordato ("fallisci
    prove basate sull'udito")."""
    if sense_ is None:
        return []
    return [n for n in c.conditions if n in EFFECTS and EFFECTS[n].fails_checks_of == sense_]


def on_checks(c, source_hidden: bool = False) -> list[str]:
    """The conditions giving ``c`` disadvantage on its ability checks: Poisoned, and
    Frightened "finché la fonte della paura è visibile" (not when ``source_hidden``)."""
    return [n for n in has(c, "checks")
            if not (source_hidden and EFFECTS[n].needs_source_visible)]


def incapacitated(c) -> list[str]:
    """The conditions that incapacitate ``c``; "Sei incapacitato" (Unconscious, Stunned,
    Paralyzed, Petrified) is the Incapacitated condition, which an immune creature does
    not get."""
    if not c.conditions:
        return []
    found = has(c, "incapacitating")
    if "incapacitated" in stats.list_of(c, "immune"):
        found = [n for n in found if "incapacitated" not in EFFECTS[n].implies]
    return found


def speed_zero(c) -> list[str]:
    """Speed 0: the seed's grappled, held and restrained."""
    return has(c, "speed_zero")


def halve_speed(squares: int) -> int:
    """Rallentato: "La tua Velocità è dimezzata", rounded down (5E-ABI-04)."""
    return squares // 2


def apply_condition(state: EncounterState, name: str, condition: str,
                    source: str | None = None, until: str | None = None,
                    rounds: int | None = None, mods: list[str] | None = None,
                    save_ends: str | None = None,
                    concentration: bool = False) -> list[Event]:
    """A condition of the seed's list, or a named effect (``effects.py``: modifiers,
    durations on a named creature's turns, a save that ends it, concentration)."""
    from battletape.domain.dnd5e import effects
    from battletape.domain.dnd5e.events import ConditionIgnored

    require_on(state)
    c = combatant(state, name)
    try:
        cond = condition_id(condition)
    except BadInput as bad:
        if not (mods or save_ends or concentration):
            raise BadInput("condition", condition,
                           N_("{expected_} (or a named effect with --mod, --save-ends "
                              "or --concentration)"), expected_=bad) from None
        cond = effects.effect_key(condition)   # a named effect of a spell or feature
    if cond == "exhaustion":
        raise BadInput("condition", condition,
                       N_("`exhaustion NAME +N` for exhaustion levels"))
    given_mods = effects.modifiers(mods)
    save = effects.save_ends(save_ends)
    kind, whose = named_effects.until_of(until, UNTIL)
    if rounds is not None and (rounds < 1 or until is not None):
        raise BadInput("--rounds", rounds, N_("1 or more, without --until"))
    turn_of = combatant(state, whose).name if whose else None
    src = combatant(state, source).name if source else None
    if concentration and src is None:
        raise BadInput("--concentration", condition,
                       N_("--source CASTER: who concentrates"))
    if concentration:
        given_mods[effects.CONCENTRATION] = 1
    if cond in stats.list_of(c, "immune"):
        return [ConditionIgnored(name=c.name, condition=cond, reason="immune")]
    seed = cond in EFFECTS
    ignored = [ConditionIgnored(name=c.name, condition=n, reason=f"immune ({cond})")
               for n in (EFFECTS[cond].implies if seed else ())
               if n not in implied(c, cond) and n not in c.conditions]
    turn_ends = named_effects.turn_ends(kind, state, turn_of or c.name)
    until = kind
    if rounds:
        until = f"round {state.round + rounds}, {state.turn or 'start'}"
    had = c.conditions.get(cond)
    if had is not None and (src is None or had.source in (None, src)) and (
            had.until is None or (had.until == until and turn_ends <= had.turn_ends)) \
            and given_mods == (had.mods or {}) and save == had.save \
            and turn_of == had.turn_of:
        raise (AlreadyHolds.said(N_("{name} is {condition} already (until {until}), no "
                                    "shorter than the new one"), name=c.name,
                                 condition=cond, until=had.until) if had.until else
               AlreadyHolds.said(N_("{name} is {condition} already, no shorter than the "
                                    "new one"), name=c.name, condition=cond))
    events: list[Event] = []
    if concentration:
        # the caster concentrates on one spell: another one ends the old (SRD)
        events += [ConditionRemoved(name=bearer, condition=n,
                                    reason=f"concentration: {src} casts {cond}")
                   for bearer, n in effects.held_by(state, src) if n != cond]
    return events + [ConditionApplied(name=c.name, condition=cond, until=until,
                                      source=src, turn_ends=turn_ends, save=save,
                                      mods=given_mods, turn_of=turn_of)] + ignored


def remove_condition(state: EncounterState, name: str, condition: str,
                     reason: str = "removed") -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    named = " ".join(str(condition).split()).lower()
    cond = named if named in c.conditions else condition_id(condition)  # a named effect, or the seed's
    if cond not in c.conditions:
        raise AlreadyHolds.said(N_("{name} is not {condition}"), name=c.name,
                                condition=cond)
    if cond == "exhaustion":
        raise BadInput("condition", condition,
                       N_("`exhaustion NAME -N` to lower the level"))
    if cond == "unconscious" and c.hp == 0 and c.status in ("unconscious", "stable"):
        refuse(N_("{name} has 0 hit points: it is unconscious until it regains hit "
                  "points"), "A 0 punti ferita: Privo di sensi", name=c.name)
    holder = c.conditions[cond].source
    if holder in c.conditions and cond in EFFECTS[holder].implies and cond != "prone":
        refuse(N_("{name} is {condition} because it is {holder}: remove {holder}"),
               "Condizioni", name=c.name, condition=cond, holder=holder)
    return [ConditionRemoved(name=c.name, condition=cond, reason=reason)]


MAX_EXHAUSTION = 10


def exhaustion(state: EncounterState, name: str, change: int) -> list[Event]:
    """Affaticato: "Ha livelli da 1 a 10 ... A 10 muori"."""
    from battletape.domain.dnd5e.events import ExhaustionChanged

    require_on(state)
    c = combatant(state, name)
    if change == 0:
        raise BadInput("exhaustion change", change, N_("+N or -N, not 0"))
    if "exhaustion" in stats.list_of(c, "immune"):
        from battletape.domain.dnd5e.events import ConditionIgnored
        return [ConditionIgnored(name=c.name, condition="exhaustion")]
    level = stats.get(c, "exhaustion") + change
    if not 0 <= level <= MAX_EXHAUSTION:
        raise BadInput(f"exhaustion of {c.name}", level,
                       N_("a level from 0 to {MAX_EXHAUSTION} (now {n})"),
                       MAX_EXHAUSTION=MAX_EXHAUSTION, n=stats.get(c, 'exhaustion'))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Affaticato", name=c.name)
    return [ExhaustionChanged(name=c.name, change=change, level=level)]


def expiring_at_turn_end(c, state: EncounterState, bearers=None) -> list[Event]:
    """Conditions that end with this turn (``--until``): ``c``'s own, and those of any
    creature counted on ``c``'s turns (``--until end-of-turn:NAME``; the core's
    ``named_effects``). ``bearers``: the creatures with durations, if known."""
    return [ConditionRemoved(name=b, condition=n, reason="expired")
            for b, n in named_effects.expiring_at_turn_end(state, c.name, bearers)]


def expiring_at(state: EncounterState, round_: int, turn: str,
                order: list[str], bearers=None) -> list[Event]:
    """Conditions of ``--rounds N`` that end at this point (round, turn) of the fight:
    ``until`` is "round R, ANCHOR", the turn on which they were applied, N rounds on;
    they end when the fight reaches that round and ANCHOR's place in ``order`` (the
    initiative order, the caller's) or passes it: the anchor may have died or fled
    meanwhile. ``bearers``: the creatures with durations, if the caller has them."""
    return [ConditionRemoved(name=c.name, condition=n, reason="expired")
            for c in (state.combatants.values() if bearers is None else bearers)
            if c.conditions
            for n, info in c.conditions.items()
            if _reached(order, round_, turn, info.until)]


def _reached(order: list[str], round_: int, turn: str, until: str | None) -> bool:
    if not until or not until.startswith("round "):
        return False
    head, _, anchor = until[len("round "):].partition(", ")
    if not head.isdigit():
        return False
    if round_ != int(head):
        return round_ > int(head)
    if anchor not in order or turn not in order:
        return True  # "start" (applied before initiative), or an anchor gone
    return order.index(turn) >= order.index(anchor)
