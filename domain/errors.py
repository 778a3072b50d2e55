"""The error hierarchy: every failure a user can cause is a BattletapeError.

The GM has the last word (DESIGN.md principle 8). A refusal that comes from a rule is
written ``refuse(message, rule)``, never ``raise RuleViolation(...)`` directly::

    if state.turn != name:
        refuse(f"it is {state.turn}'s turn, not {name}'s", "Actions")
    # the code below runs when the GM forces: it must still do the thing sensibly

Outside ``--force`` it raises a :class:`RuleViolation` whose message ends by saying a
GM may force it. Under ``--force REASON`` (the application runs the decision inside
:func:`forcing`) it notes the refusal and returns, so the check is skipped and the
command takes effect; the core then records one ruling event per refusal overridden
(who, why, the rule and the refusal). A check that needs to know (to fold a forced
effect differently) asks :func:`forced`.

``raise RuleViolation`` stays for the rare refusal no ruling can make sense of (the
effect could not be recorded at all); its message does not offer ``--force``. Bad
input (``BadInput``, ``UnknownCombatant``, ``BadDiceExpression``) is never forced.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator, NamedTuple


class BattletapeError(Exception):
    """Base of every error shown to a user as one line."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class RuleViolation(BattletapeError):
    """The rules forbid what was asked; `rule` names the seed section; a forceable one
    (raised by :func:`refuse`) says so at the end of its message."""

    def __init__(self, message: str, rule: str | None = None, forceable: bool = False):
        text = f"{message} ({rule})" if rule else message
        super().__init__(f"{text} {FORCEABLE}" if forceable else text)
        self.refusal = message
        self.rule = rule
        self.forceable = forceable


#: how a forceable refusal ends
FORCEABLE = "(a GM may --force)"


class Overridden(NamedTuple):
    """A refusal a GM overrode: its words and the rule (seed section) it came from."""

    refusal: str
    rule: str | None


_forcing: ContextVar[list[Overridden] | None] = ContextVar("forcing", default=None)


def refuse(message: str, rule: str | None = None) -> None:
    """A rule refuses: raise a forceable RuleViolation, or, inside :func:`forcing`,
    note the refusal as overridden and return (the caller carries on)."""
    overridden = _forcing.get()
    if overridden is None:
        raise RuleViolation(message, rule, forceable=True)
    if Overridden(message, rule) not in overridden:
        overridden.append(Overridden(message, rule))


def forced() -> bool:
    """True while a GM's ``--force`` is deciding the command."""
    return _forcing.get() is not None


@contextmanager
def forcing() -> Iterator[list[Overridden]]:
    """Decide inside: every :func:`refuse` is noted in the list yielded, not raised."""
    token = _forcing.set([])
    try:
        yield _forcing.get()
    finally:
        _forcing.reset(token)


class AlreadyHolds(BattletapeError):
    """Not an error: what the command asks is already so (``engage A B`` when A and B
    are engaged). Nothing is recorded; the command says so and succeeds (exit 0), and
    a script goes on."""


class UnknownCombatant(BattletapeError):
    """A name that matches no combatant of the encounter."""

    def __init__(self, name: str, known: list[str] | None = None):
        hint = f"; known: {', '.join(known)}" if known else ""
        super().__init__(f"unknown combatant {name!r}{hint}")
        self.name = name
        self.known = known or []


class AmbiguousName(BattletapeError):
    """A short name that fits several combatants (or saved attacks)."""

    def __init__(self, what: str, name: str, candidates: list[str]):
        super().__init__(f"ambiguous {what} {name!r}: could be "
                         + ", ".join(candidates))
        self.what = what
        self.name = name
        self.candidates = candidates


class BadInput(BattletapeError):
    """A value out of range or of the wrong kind."""

    def __init__(self, what: str, value: object, expected: str):
        super().__init__(f"bad {what} {value!r}: expected {expected}")
        self.what = what
        self.value = value
        self.expected = expected


class BadDiceExpression(BattletapeError):
    """A dice expression that does not parse or is absurd."""

    def __init__(self, expression: str, reason: str):
        super().__init__(f"bad dice expression {expression!r}: {reason}")
        self.expression = expression
        self.reason = reason


class StoreError(BattletapeError):
    """The store cannot be opened, read or written."""


class UnknownEncounter(BattletapeError):
    """No encounter by that name (or none at all)."""

    def __init__(self, name: str | None):
        super().__init__(
            f"unknown encounter {name!r}" if name else
            "no encounter yet: start one with `battletape new NAME`"
        )
        self.name = name


class NotYetSupported(BattletapeError):
    """A rule system that battletape does not implement yet."""


class NotThisSystem(BadInput):
    """An option or value of another rule system, named as such (``--vs pd is a 13th
    Age defense; this encounter is 5e``)."""

    def __init__(self, message: str, what: str, value: object):
        BadInput.__init__(self, what, value, "")
        self.message = message
        self.args = (message,)

    def __str__(self) -> str:
        return self.message
