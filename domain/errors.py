"""The error hierarchy: every failure a user can cause is a BattletapeError."""

from __future__ import annotations


class BattletapeError(Exception):
    """Base of every error shown to a user as one line."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class RuleViolation(BattletapeError):
    """The rules forbid what was asked; `rule` names the seed section."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


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
