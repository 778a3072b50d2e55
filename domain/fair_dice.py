"""Provably fair virtual dice: commit, roll, reveal.

At ``new`` battletape draws a secret (at the edge, never here), and the encounter
records only its SHA-256, the *commitment*. Players may mix values of their own into
it before the first roll (``new --player-seed``, ``dice contribute``), so no GM
chooses the dice alone. Each virtual die is then drawn from

    HMAC-SHA256(key, "position|command|index")    key = HMAC-SHA256(secret, contributions)

where ``position`` is where the command's first event goes, ``command`` the command
line as recorded and ``index`` the draw's rank within the command. Before the secret is
published nobody can predict a roll from the store's events; once ``end`` (or ``dice
reveal``) publishes it, anyone re-derives every virtual roll (``battletape verify``).

A public ``--seed`` (tests, demos) keeps the reproducible ``Random(f"{seed}:{pos}")``
of :func:`domain.dice.source`, and is shown as public wherever dice are reported.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from battletape.domain import dice
from battletape.domain import events as ev
from battletape.domain.digests import hmac_sha256, sha256_hex
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_
from battletape.domain.state import Dice, EncounterState

_BITS = 64
_SPAN = 1 << _BITS


def commitment(secret: bytes) -> str:
    """The public SHA-256 of a secret."""
    return sha256_hex(secret)


def key(secret: bytes, contributions: Sequence[str]) -> bytes:
    """The secret with the players' contributions mixed in."""
    mixed = "\n".join(contributions).encode()
    return hmac_sha256(secret, b"battletape dice\n" + mixed)


class Committed:
    """The virtual dice of one command, drawn from a committed secret."""

    def __init__(self, key_: bytes, position: int | str, command: str):
        self._key, self._prefix = key_, f"{position}|{command}|".encode()
        self.draws = 0

    def _next(self) -> int:
        msg = self._prefix + str(self.draws).encode()
        self.draws += 1
        return int.from_bytes(hmac_sha256(self._key, msg)[:8], "big")

    def _below(self, n: int) -> int:
        """Uniform in 0..n-1 (rejection sampling: no face favoured)."""
        if n <= 0:
            raise ValueError("empty range")
        limit = _SPAN - _SPAN % n
        while True:
            v = self._next()
            if v < limit:
                return v % n

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        width = (stop - start + step - 1) // step
        return start + step * self._below(width)

    def randint(self, a: int, b: int) -> int:
        return a + self._below(b - a + 1)

    def random(self) -> float:
        return (self._next() >> 11) / float(1 << 53)

    def choice(self, seq):
        return seq[self._below(len(seq))]


# --- the fold --------------------------------------------------------------------

FACTS = (ev.DiceCommitted, ev.DiceContributed, ev.DiceRevealed)  # no command decides them


def fold(state: EncounterState, e: ev.Event) -> None:
    """The dice part of the state: which secret is in use, what was mixed in, what
    was published."""
    match e:
        case ev.EncounterStarted():
            state.dice = (Dice(commitment=e.dice_commitment, since=e.originator_version,
                               contributions=list(e.player_seeds))
                          if e.dice_commitment else None)
        case ev.DiceCommitted():
            revealed = state.dice.revealed if state.dice else {}
            state.dice = Dice(commitment=e.commitment, since=e.originator_version,
                              revealed=dict(revealed))
        case ev.DiceContributed():
            if state.dice is not None:
                state.dice.contributions.append(f"{e.name}: {e.value}")
        case ev.DiceRevealed():
            if state.dice is not None:
                state.dice.revealed[e.commitment] = e.secret


# --- deciding --------------------------------------------------------------------

def secret_of(state: EncounterState, known: Mapping[str, bytes],
              recording: bool = False) -> bytes | None:
    """The secret in use, if it is published or ``known`` (the GM's store holds it).
    A published secret rolls no new dice (``recording``): anyone could predict them."""
    d = state.dice
    if d is None or d.commitment is None:
        return None
    if d.commitment in d.revealed:
        return None if recording else bytes.fromhex(d.revealed[d.commitment])
    secret = known.get(d.commitment)
    return secret if secret is not None and commitment(secret) == d.commitment else None


def source(state: EncounterState, position: int, command: str,
           known: Mapping[str, bytes], recording: bool = False):
    """The virtual dice of the command at ``position``: public-seeded, committed, or
    ``None`` when no secret usable here is in place (recording: a new one is
    needed; checking: the rolls cannot be derived again)."""
    if state.seed is not None:
        return dice.source(state.seed, position)
    secret = secret_of(state, known, recording)
    if secret is None:
        return None
    return Committed(key(secret, state.dice.contributions), position, command)


def virtual_dice(e: ev.Event) -> list[tuple[int, int]]:
    """(face, sides) of every virtual die an event holds, in the order recorded."""
    import msgspec

    def walk(value) -> list[tuple[int, int]]:
        if isinstance(value, dict):
            if value.get("source") == "virtual" and "faces" in value:
                return list(zip(value.get("faces", []), value.get("sides", [])))
            return [d for v in value.values() for d in walk(v)]
        if isinstance(value, list):
            return [d for v in value for d in walk(v)]
        return []

    return walk(msgspec.to_builtins(e))


def rolled_since(events: Iterable[ev.Event], since: int) -> int | None:
    """The position of the first virtual roll after ``since``, if any."""
    return next((e.originator_version for e in events
                 if e.originator_version > since and virtual_dice(e)), None)


# --- a campaign's rolls between battles ----------------------------------------------

def campaign_state(events: Iterable[ev.Event], name: str = "campaign") -> EncounterState:
    """The dice part of a campaign stream, folded as an encounter's is."""
    state = EncounterState(name=name)
    for e in events:
        if isinstance(e, FACTS):
            fold(state, e)
    return state


def campaign_source(state: EncounterState, secret: bytes, position: int,
                    command: str) -> Committed:
    """The dice of the campaign command at ``position`` (a rest, a recharge)."""
    return Committed(key(secret, state.dice.contributions if state.dice else []),
                     f"campaign:{position}", command)


def contribute(state: EncounterState, events: Sequence[ev.Event], name: str,
               value: str) -> list[ev.Event]:
    """``dice contribute NAME VALUE``: before the first roll of the secret in use."""
    if not value.strip():
        raise BadInput("contribution", value, N_("a non-empty value"))
    d = state.dice
    if state.seed is not None:
        raise violation(N_("this encounter's dice come from the public seed {seed}: "
                           "nothing to contribute to"), seed=state.seed)
    if d is None or d.commitment is None:
        raise violation(N_("this encounter has no committed dice secret yet: it gets "
                           "one at its next virtual roll"))
    if d.commitment in d.revealed:
        raise violation(N_("the dice secret in use is already revealed"))
    first = rolled_since(events, d.since)
    if first is not None:
        raise violation(N_("the dice already rolled from this secret (position "
                           "{position}): a contribution must come before the first "
                           "roll"), position=first)
    return [ev.DiceContributed(name=name, value=value)]


def reveal(state: EncounterState, secret: bytes | None) -> list[ev.Event]:
    """``dice reveal`` (and ``end``): publish the secret in use."""
    d = state.dice
    if state.seed is not None:
        raise violation(N_("this encounter's dice come from the public seed {seed}: "
                           "there is no secret to reveal"), seed=state.seed)
    if d is None or d.commitment is None:
        raise violation(N_("this encounter has no dice secret to reveal"))
    if d.commitment in d.revealed:
        raise violation(N_("the dice secret in use is already revealed"))
    if secret is None or commitment(secret) != d.commitment:
        raise violation(N_("this store does not hold the secret of this encounter's "
                           "dice (it was recorded elsewhere)"))
    return [ev.DiceRevealed(commitment=d.commitment, secret=secret.hex())]


def describe(state: EncounterState) -> dict:
    """The ``dice`` key of ``state --json``."""
    if state.seed is not None:
        return {"mode": "public seed", "seed": state.seed}
    d = state.dice
    if d is None or d.commitment is None:
        return {"mode": "unverifiable"}
    return {"mode": "committed", "commitment": d.commitment, "since": d.since,
            "contributions": list(d.contributions),
            "revealed": d.commitment in d.revealed,
            "revealed_secrets": len(d.revealed)}
