"""Analytics rows: the buffers a batch fills, and the rows that need no fold.

Rows are plain tuples in the column order of ``projections.analytics.schema``; the
fold that makes most of them is ``projections.analytics.folder``.
"""

from __future__ import annotations

from collections import defaultdict

from battletape.domain import events as ev
from battletape.domain.state import EncounterState, state_decoder, state_encoder


class Rows:
    """Row buffers, one list of tuples per table.

    Rows name their stream, encounter, campaign and rule system by a small integer,
    an index into ``refs``; the ingest turns them into dictionary columns."""

    def __init__(self) -> None:
        self.tables: dict[str, list[tuple]] = defaultdict(list)
        self.refs: list[tuple[str, str | None, str | None, str | None]] = []
        self._index: dict[tuple, int] = {}

    def __len__(self) -> int:
        return sum(len(r) for r in self.tables.values())

    def ref(self, stream: str, encounter: str | None, campaign: str | None,
            system: str | None = None) -> int:
        key = (stream, encounter, campaign, system)
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.refs)
            self.refs.append(key)
        return found

    def dicts(self) -> dict[str, list]:
        return {"stream": [r[0] for r in self.refs],
                "encounter": [r[1] for r in self.refs],
                "campaign": [r[2] for r in self.refs],
                "system": [r[3] for r in self.refs]}


def roll_row(ctx: tuple, roller, kind: str, roll: ev.Roll, purpose=None) -> tuple:
    sides = roll.sides
    die = sides[0] if sides and sides.count(sides[0]) == len(sides) else None
    faces = roll.faces
    return ctx + (roller, kind, purpose, roll.expr, die, sides, faces,
                  faces[0] if faces else None, roll.modifier, roll.total, roll.source)


def kept(roll: ev.Roll) -> int:
    """The natural d20 that counts: of two (advantage, disadvantage), the one kept."""
    faces = roll.faces
    return roll.total - roll.modifier if len(faces) > 1 else roll.natural


def campaign_rows(rows: Rows, ref: int, e: ev.Event, tail: tuple = ()) -> None:
    """Rolls made between battles (recharges, quick rests) belong to the campaign
    (``ref``: the campaign stream's reference in ``rows``); ``tail``: NULLs for the
    rule systems' own columns of `rolls`."""
    from battletape.domain import systems

    ctx = (ref, ref, ref, e.originator_version, None, None)
    for s in systems.all_systems().values():
        for name, kind, roll, detail in s.campaign_rolls(e):
            rows.tables["rolls"].append(roll_row(ctx, name, kind, roll, detail) + tail)


def summary(stream, state: EncounterState, started_at, branched_from, known: int,
            seq: int) -> tuple[tuple, list[tuple]]:
    """The `encounters` row and the `combatants` rows of an encounter as it stands."""
    enc = (state.name, state.campaign, stream, state.system, state.seed, branched_from,
           started_at, state.ended, state.round, known, seq, len(state.combatants))
    people = [(state.name, state.campaign, state.system, c.name, c.group, c.pc, c.level, c.max_hp,
               c.hp, c.temp_hp, c.status, c.initiative, c.damage_dealt, c.damage_taken,
               getattr(c.part, "recoveries", 0), getattr(c.part, "rallies", 0),  # 13a's; else 0
               c.death_saves_failed, sorted(c.conditions))
              for c in state.combatants.values()]
    return enc, people


def effective_keys(events: list[ev.Event], history=None) -> list[tuple[tuple, ev.Event]]:
    """The effective history (domain.history's) with a key naming each event:
    ``("s", position)`` for a stored event, ``("r", amendment, position)`` for an
    amendment's replacement event."""
    from battletape.domain.history import EffectiveHistory

    history = history if history is not None else EffectiveHistory(events)
    out = []
    for e in events:
        counted = history.counted(e)
        if not counted:
            continue
        if counted[0] is e:
            out.append((("s", e.originator_version), e))
        else:
            at = history.amended[e.cmd].originator_version
            out += [(("r", at, r.originator_version), r) for r in counted]
    return out


def dump_state(state: EncounterState) -> str:
    return state_encoder.encode(state).decode()


def load_state(text: str | bytes) -> EncounterState:
    return state_decoder.decode(text)
