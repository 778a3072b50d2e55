"""What a command did to the creatures it touched, in the log's words: a creature
drops, dies, is staggered (bloodied), stabilizes, wakes, flees or surrenders. The log,
the replays and the line a recording command prints all say it through here, after
the event that did it (an attack, direct damage, ongoing damage at the end of a turn,
a mook's damage spilling over to its mob)."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.domain.state import EncounterState
from battletape.domain.words import N_, N_plural, words
from battletape.projections.encounter_state import apply

#: statuses of a creature that is down, in any system
DOWN = ("unconscious", "dying", "disabled", "dead", "knocked-out")

#: what happened to a creature -> its sentence (the core's catalogue)
SAID = {
    "drops": N_("{name} drops ({status})"),
    "dies": N_("{name} dies"),
    "staggered": N_("{name} is {staggered}"),
    "stabilizes": N_("{name} stabilizes"),
    "wakes": N_("{name} wakes"),
    "flees": N_("{name} flees"),
    "surrenders": N_("{name} surrenders"),
}

#: damage an event's target could not take, gone on to a creature the event does not
#: name (13th Age's mooks: the excess spills over to the next of the mob)
SPILLS = N_plural("{amount} spills over to {name}", "{amount} spill over to {name}")
#: the next creature it spilled over to, after the first
SPILLS_ON = N_("{amount} to {name}")

#: a creature's standing: {name: (status, staggered, surrendered, hp)}
Standing = dict[str, tuple[str, bool, bool, int]]


def standing(state: EncounterState) -> Standing:
    """Each creature's status, whether it is staggered (the system's word) and whether
    it left by surrendering: what a consequence is read from."""
    if not state.combatants:
        return {}
    rules = systems.of(state)
    return {n: (c.status, c.hp > 0 and c.status == "up" and rules.staggered(c),
                "surrendered" in c.conditions, c.hp)
            for n, c in state.combatants.items()}


def _what(before: tuple, now: tuple) -> str | None:
    was, was_staggered = before[:2]
    status, staggered, surrendered = now[:3]
    if status != was:
        if status == "dead":
            return "dies"
        if status in DOWN and was not in DOWN:
            return "drops"
        if status == "stable" and was in DOWN:
            return "stabilizes"
        if status == "up" and was != "dead" and (was in DOWN or was == "stable"):
            return "wakes"
        if status == "fled":
            return "surrenders" if surrendered else "flees"
        return None
    return "staggered" if staggered and not was_staggered else None


def changes(before: Standing, state: EncounterState, now: Standing | None = None,
            event: ev.Event | None = None) -> list[tuple[str, str, str, str]]:
    """[(name, what, status, gender)] of each creature whose standing ``state``
    changed since ``before`` (what: a key of SAID; gender: its name's, for the
    languages whose words agree with it); creatures that were not there are left
    out (``now``: ``standing(state)``, when the caller has it). Given the ``event``
    that made the change, a creature it does not name that lost hit points comes
    first, as ``(name, "spills", amount, gender)``."""
    now = now if now is not None else standing(state)
    out = []
    spilled = []
    named: set[str] | None = None  # the event's names, read when someone lost hp
    for name, was in before.items():
        if name not in now:
            continue
        if (what := _what(was, now[name])) is not None:
            out.append((name, what, now[name][0], state.combatants[name].gender))
        if event is not None and now[name][3] < was[3]:
            named = named if named is not None else _named(event)
            if name not in named:
                spilled.append((name, "spills", str(was[3] - now[name][3]),
                                state.combatants[name].gender))
    return spilled + out


def _named(e: ev.Event) -> set[str]:
    """The names an event's fields hold (its target, its attacker, its targets)."""
    out: set[str] = set()
    for field in e.__struct_fields__:
        value = getattr(e, field)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, (list, tuple)):
            out.update(v for v in value if isinstance(v, str))
    return out


class DropWatch:
    """The effective history folded one event at a time, in order (so a replay that
    reads its log lazily stays lazy): ``see(e)`` folds ``e`` and tells what it did to
    whom."""

    def __init__(self, state: EncounterState | None = None) -> None:
        self.state = state if state is not None else EncounterState()
        self._now: Standing | None = None  # the standing after the last event seen

    def see(self, e: ev.Event) -> list[tuple[str, str, str, str]]:
        """[(name, what, status, gender)]: see :func:`changes`."""
        before = self._now if self._now is not None else standing(self.state)
        apply(self.state, e)
        self._now = standing(self.state)
        return changes(before, self.state, self._now, e)


def drops(events: Sequence[ev.Event],
          history: EffectiveHistory | None = None) -> dict[int, list[tuple[str, str, str, str]]]:
    """{position: [(name, what, status, gender), ...]} over the effective history (an amended
    command by its replacement, at the command's position)."""
    history = history if history is not None else EffectiveHistory(events)
    watch = DropWatch()
    out: dict[int, list[tuple[str, str, str, str]]] = {}
    for e in events:
        fallen = [d for counted in history.counted(e) for d in watch.see(counted)]
        if fallen:
            out[e.originator_version] = fallen
    return out


def narrate(fallen: list[tuple], lang: str, system: str,
            said: str = "") -> str:
    """`` — Goblin dies``, `` — Bram drops (unconscious)``, `` — Orc is staggered``
    (in ``lang``), or nothing; what the event's own sentence ``said`` already tells
    ("Dire Rat 1 flees") is not told again."""
    if not fallen:
        return ""
    rules = systems.get(system)
    say = words(lang)
    out = ""
    spilled = False
    for names, what, status, gender in _together(fallen):
        if what == "spills":  # "6 spill over to Kobold 2, 2 to Kobold 3"
            out += (", " + say(SPILLS_ON, amount=status, name=names[0]) if spilled
                    else " — " + say.plural(*SPILLS, int(status), amount=status,
                                            name=names[0]))
            spilled = True
            continue
        if len(names) > 1:  # "Goblin 1, Goblin 2 e Goblin 3 fuggono"
            sentence = say.plural(*TOGETHER[what], len(names), names=say(
                "{names} and {last}", names=", ".join(names[:-1]), last=names[-1]))
        else:
            sentence = say.of(gender, SAID[what], name=names[0],
                              status=rules.term(status, lang, gender),
                              staggered=rules.term(rules.words_staggered, lang, gender))
        if sentence not in said:
            out += f" — {sentence}"
    return out


def recorded_line(e: ev.Event, fallen: list[tuple], lang: str, system: str) -> str:
    """The line a recording command prints for ``e`` (its position, its sentence and
    what it did to whom): ``"   14  Bruna attacks Goblin 2: … — Goblin 2 dies"``."""
    from battletape.projections.describe import describe

    text = describe(e, lang, system)
    return f"{e.originator_version:>5}  {text}" + narrate(fallen, lang, system, text)


#: what befell several creatures at once, said of them together
TOGETHER = {
    "dies": N_plural("{names} dies", "{names} die"),
    "flees": N_plural("{names} flees", "{names} flee"),
    "surrenders": N_plural("{names} surrenders", "{names} surrender"),
    "wakes": N_plural("{names} wakes", "{names} wake"),
    "stabilizes": N_plural("{names} stabilizes", "{names} stabilize"),
}


def _together(fallen: list[tuple]) -> list[tuple[list[str], str, str, str]]:
    """``fallen`` with the creatures that met the same fate (one of TOGETHER) at once
    taken together, in the order they came: [(names, what, status, gender)]."""
    out: list[tuple[list[str], str, str, str]] = []
    for name, what, status, *rest in fallen:
        gender = rest[0] if rest else ""
        same = next((o for o in out if o[1] == what and what in TOGETHER), None)
        if same is not None:
            same[0].append(name)
        else:
            out.append(([name], what, status, gender))
    return out
