"""13th Age SRD, Combat Rules: Conditions (Condizioni).

"You can only be affected by the same condition once at a time. The worst one
affects you and the lesser effects are ignored. Similarly, penalties from these
conditions don't stack." Dazed, fear and weakened each give -4 to attacks; helpless,
stunned and weakened -4 to defenses; none of them adds to another.
"""

from __future__ import annotations

from battletape.domain.errors import BadInput
from battletape.domain.words import N_

# id -> Italian name in seed 000
CONDITIONS = {
    "confused": "confuso",
    "dazed": "frastornato",
    "fear": "paura",
    "hampered": "impedito",
    "helpless": "indifeso",
    "stuck": "invischiato",
    "stunned": "stordito",
    "vulnerable": "vulnerabile",
    "weakened": "indebolito",
    "grabbed": "afferrato",
    # a monster that leaves the fight (Flee is the PCs' own): it stops taking turns,
    # its status is `fled`, and the battle goes on (no campaign loss)
    "fled": "in fuga",
    "surrendered": "arreso",
}
LEAVING = ("fled", "surrendered")
UNTIL = ("end-of-turn", "end-of-next-turn", "end-of-battle")
ATTACK_PENALTY = -4  # Dazed, Fear (dazes you), Weakened
DEFENSE_PENALTY = -4  # Helpless, Stunned, Weakened
GRAB_ATTACK_BONUS = 4  # Grabbed: "The creature grabbing you gets a +4 attack bonus"
GRAB_DISENGAGE_PENALTY = -5  # Grabbed: disengage checks take a -5 penalty
VULNERABLE_CRIT_EXPANSION = 2  # Vulnerable: crit range expanded by 2 (normally 18+)


def check(condition: str) -> str:
    """The id of one of the seed's conditions, or of a named effect (a power's, a
    spell's: domain.thirteenth_age.effects)."""
    from battletape.domain.thirteenth_age import effects

    key = condition.lower()
    if key not in CONDITIONS:
        return effects.name_of(condition, CONDITIONS)
    return key


def check_until(until: str | None) -> str | None:
    from battletape.domain.thirteenth_age import effects

    kind, _ = effects.until_of(until)
    if kind is not None and kind not in UNTIL:
        raise BadInput("duration", until, N_("{codes} (end-of-turn:NAME, "
                          "end-of-next-turn:NAME: the end of NAME's turn)"),
                       codes=", ".join(UNTIL))
    return kind


def attack_penalty(conditions: set[str]) -> int:
    """The worst attack penalty among the attacker's conditions (they don't stack)."""
    return ATTACK_PENALTY if conditions & {"dazed", "fear", "weakened"} else 0


def defense_penalty(conditions: set[str], unconscious: bool) -> int:
    """The worst defense penalty; an unconscious creature is helpless."""
    helpless = unconscious or "helpless" in conditions
    if helpless or conditions & {"stunned", "weakened"}:
        return DEFENSE_PENALTY
    return 0


def can_act(conditions: set[str]) -> bool:
    """Stunned: "you ... can't take any actions"."""
    return "stunned" not in conditions


def can_move(conditions: set[str]) -> bool:
    """Stuck: "You can't move, disengage, pop free, change your position"."""
    return "stuck" not in conditions


def can_make_opportunity_attacks(conditions: set[str]) -> bool:
    """Confused and Grabbed creatures can't make opportunity attacks."""
    return not conditions & {"confused", "grabbed"}


def turn_ends_to_expiry(until: str | None, own_turn: bool) -> int:
    """How many ends of the creature's own turns before a timed condition lapses (the
    core's, every system's)."""
    from battletape.domain import named_effects

    return named_effects.turns_to_go(until, own_turn)


# how long a condition lasts, shortest first: ending at the end of a turn, then by a
# save (an easy one ends soonest), then with the battle; one with no end lasts longest
_LASTS = {("until", "end-of-turn"): 0, ("until", "end-of-next-turn"): 1,
          ("save", "easy"): 2, ("save", "normal"): 3, ("save", "hard"): 4,
          ("until", "end-of-battle"): 5}


def lasts(save: str | None, until: str | None) -> int:
    """Rank of a condition's duration (higher lasts longer)."""
    if save:
        return _LASTS[("save", save.lower())]
    if until:
        return _LASTS.get(("until", until), 5)
    return 6


def already_had(c, key: str, save: str | None, until: str | None,
                source: str | None) -> bool:
    """The creature has the condition already and the new one is not worse (does not
    last longer): applying it again changes nothing."""
    had = c.conditions.get(key)
    return (had is not None and (source is None or had.source in (None, source))
            and lasts(save, until) <= lasts(had.save, had.until))


def apply_condition(state, name: str, condition: str, save: str | None,
                    until: str | None, source: str | None,
                    mods: list[str] | None = None) -> list:
    """Put a condition or a named effect on a creature (a save-ends one, a timed one,
    or open-ended); ``mods`` (``attack:+2``) are a named effect's modifiers."""
    from battletape.domain.encounter import combatant, require_on
    from battletape.domain.events import ConditionApplied, Engaged
    from battletape.domain.thirteenth_age import effects, saves

    require_on(state)
    c = combatant(state, name)
    key = check(condition)
    until_given = until
    until = check_until(until)
    whose = effects.until_of(until_given)[1]
    turn_of = combatant(state, whose).name if whose else None
    if save is not None:
        saves.target(save)
    given_mods = effects.modifiers(list(mods or []))
    events: list = []
    src = None
    if source:
        src = combatant(state, source).name
    if key in LEAVING and c.pc:
        from battletape.domain.errors import refuse

        refuse(N_("{name} is a PC: the PCs leave a battle together with `flee` (a "
                  "campaign loss)"), "Flee", name=c.name)
    if already_had(c, key, save, until, src) and \
            given_mods == c.conditions[key].mods and \
            turn_of == c.conditions[key].turn_of:
        from battletape.domain.errors import AlreadyHolds

        had = c.conditions[key]
        raise (AlreadyHolds.said(N_("{name} is {condition} already (save {save}), no "
                                    "shorter than the new one"), name=c.name,
                                 condition=key, save=had.save) if had.save else
               AlreadyHolds.said(N_("{name} is {condition} already (until {until}), no "
                                    "shorter than the new one"), name=c.name,
                                 condition=key, until=had.until) if had.until else
               AlreadyHolds.said(N_("{name} is {condition} already (until removed), no "
                                    "shorter than the new one"), name=c.name,
                                 condition=key))
    if key == "grabbed":
        if src is None:
            from battletape.domain.errors import BadInput
            raise BadInput("grabbed", None, N_("--by NAME, the creature grabbing"))
        if src not in c.engaged_with:
            events.append(Engaged(a=src, b=c.name, how="grab"))
    own_turn = state.turn == (turn_of or c.name)
    events.append(ConditionApplied(name=c.name, condition=key,
                                   save=save.lower() if save else None, until=until,
                                   source=src,
                                   turn_ends=turn_ends_to_expiry(until, own_turn),
                                   mods=given_mods, turn_of=turn_of))
    return events


def remove_condition(state, name: str, condition: str, reason: str = "") -> list:
    from battletape.domain.encounter import combatant, require_on
    from battletape.domain.errors import AlreadyHolds
    from battletape.domain.events import ConditionRemoved

    require_on(state)
    c = combatant(state, name)
    key = check(condition)
    if key not in c.conditions:
        raise AlreadyHolds.said(N_("{name} is not {condition}"), name=c.name,
                                condition=key)
    return [ConditionRemoved(name=c.name, condition=key, reason=reason or "removed")]
