"""The recorded rolls of a command an amendment corrects: which option of its line
typed each roll, and which dice the amendment keeps.

``amend P --roll N`` changes the roll recorded at P and keeps every other die of the
command: a natural typed with a comma list (one per target, one per attack of a full
attack) is written back whole, with N in P's place; every die rolled virtually that
the amendment does not change is kept (``dice.Kept``), so a crit keeps its
confirmation and its damage dice. A roll the system types with another option than
the verb's (3.5's ``--confirm``, ``--miss-roll``: ``RuleSystem.roll_option_of``) is
found the same way, by its place among the command's rolls of that kind.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from battletape.domain import dice
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import Event, Roll


def _roll(e: Event) -> Roll | None:
    r = getattr(e, "roll", None)
    return r if isinstance(r, Roll) else None


def typed_value(e: Event) -> str:
    """The natural of ``e``'s roll as a command line types it (5e's A/B for two)."""
    faces = _roll(e).faces
    return "/".join(map(str, faces)) if len(faces) > 1 else str(_roll(e).natural)


@dataclass
class Plan:
    """How an amended line types its rolls, and the dice it keeps."""

    #: option -> every value the amended line types with it (None: as recorded)
    values: dict[str, list[str]] = field(default_factory=dict)
    #: options whose value the line drops at an index: option -> indices
    dropped: dict[str, list[int]] = field(default_factory=dict)
    #: ids of rolls the amended line types or changes (not kept as dice)
    replaced: set[int] = field(default_factory=set)
    #: ids of typed rolls whose value the line drops (kept as dice instead)
    dropped_rolls: set[int] = field(default_factory=set)

    def merge(self, other: "Plan") -> "Plan":
        self.values.update(other.values)
        for option, indices in other.dropped.items():
            self.dropped.setdefault(option, []).extend(indices)
        self.replaced |= other.replaced
        self.dropped_rolls |= other.dropped_rolls
        return self

    def apply(self, args: list[str]) -> None:
        """Write the plan into a command line's words."""
        for option, indices in self.dropped.items():
            if option not in self.values:
                drop_values(args, option, indices)
        for option, values in self.values.items():
            set_values(args, option, values)

    def kept(self, events: Sequence[Event]) -> list[tuple[int, list[int]]]:
        """The recorded dice the amendment keeps, one unit a roll and size, in order
        (``dice.Kept``): the virtual ones it does not type, and typed ones whose value
        it drops."""
        rolls: list[Roll] = []
        seen: list[Roll] = []
        for e in events:
            for name in e.__struct_fields__:
                r = getattr(e, name, None)
                if not isinstance(r, Roll) or id(r) in self.replaced or not r.faces:
                    continue
                if r.source != "virtual" and id(r) not in self.dropped_rolls:
                    continue
                if name == "damage_roll" and any(r == s for s in seen):
                    continue  # damage rolled once, recorded on every target's event
                if name == "damage_roll":
                    seen.append(r)
                rolls.append(r)
        return dice.kept_units(rolls)


def of_kind(events: Sequence[Event], like: Event, option_of) -> list[Event]:
    """The command's events that record a roll of ``like``'s kind, typed with the same
    option (one per target or per attack; a reroll is typed with its own)."""
    return [e for e in events if type(e) is type(like) and _roll(e) is not None
            and option_of(e) == option_of(like)]


def _span(events: Sequence[Event], at: Event, option_of) -> list[Event]:
    """The events of ``at``'s own roll: from just after the previous event of its kind
    up to it (3.5 records a confirmation and a miss chance before the attack)."""
    kind = of_kind(events, at, option_of)
    i = kind.index(at)
    start = events.index(kind[i - 1]) + 1 if i > 0 else 0
    return list(events[start:events.index(at) + 1])


def plan_roll(events: Sequence[Event], at: Event, option: str, value: str,
              option_of) -> Plan:
    """``amend P --roll VALUE`` at ``at``, whose roll ``option`` types: every value of
    that option written back with VALUE in ``at``'s place; the rolls that belong to
    ``at``'s roll (a confirmation, a miss chance) no longer typed but kept as dice, so
    they count only if the new natural calls for them."""
    plan = Plan()
    kind = of_kind(events, at, option_of)
    values = [typed_value(e) for e in kind]
    if "," in value:  # every value of the option typed anew
        values = value.split(",")
    else:
        values[kind.index(at)] = value
    plan.values[option] = values
    plan.replaced |= {id(_roll(e)) for e in kind}
    for e in _span(events, at, option_of)[:-1] if option_of(at) is None else ():
        other = option_of(e)
        if other and other != option and _roll(e) is not None:
            plan.dropped.setdefault(other, []).append(
                of_kind(events, e, option_of).index(e))
            plan.dropped_rolls.add(id(_roll(e)))
    return plan


def plan_other(events: Sequence[Event], at: Event, option: str, value: str,
               option_of) -> Plan:
    """``amend P --confirm VALUE`` (any roll the system types with its own option): the
    roll of that option that belongs to ``at``'s roll, changed, or given where the
    command recorded none (a natural newly amended into a threat)."""
    plan = Plan()
    mine = [e for e in _span(events, at, option_of) if option_of(e) == option] if _roll(at) else []
    if option_of(at) == option:
        mine = [at]
    rolls = [e for e in events if option_of(e) == option and _roll(e) is not None]
    values = [typed_value(e) for e in rolls]
    if mine:
        values[rolls.index(mine[0])] = value
        plan.replaced.add(id(_roll(mine[0])))
    else:
        before = [e for e in rolls if events.index(e) < events.index(at)]
        values.insert(len(before), value)
    plan.values[option] = values
    plan.replaced |= {id(_roll(e)) for e in rolls}
    return plan


def set_values(args: list[str], option: str, values: list[str]) -> None:
    """``option`` typed with every value of ``values``, comma-separated."""
    from battletape.api.redeciding import _set_option

    _set_option(args, option, ",".join(values))


def drop_values(args: list[str], option: str, indices: list[int]) -> None:
    """The values at ``indices`` of ``option``'s comma list taken out of the line
    (the option goes when none is left)."""
    for i, a in enumerate(args):
        if a == option and i + 1 < len(args):
            at, text, inline = i + 1, args[i + 1], False
        elif a.startswith(option + "="):
            at, text, inline = i, a[len(option) + 1:], True
        else:
            continue
        values = [v for k, v in enumerate(text.split(",")) if k not in indices]
        if not values:
            del args[i:i + (1 if inline else 2)]
        else:
            args[at] = f"{option}={','.join(values)}" if inline else ",".join(values)
        return


def check_roll_event(at: Event | None, position: int, what: str) -> Event:
    if at is None or _roll(at) is None:
        raise BadInput(what, position, N_("the position of an event with a roll "
                       "(`log` shows them)"))
    return at


