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

from battletape.domain.words import N_


class BattletapeError(Exception):
    """Base of every error shown to a user as one line. One written as a message of
    the catalogues (``template``: its English words with named ``fields``) is said in
    the reader's language by :meth:`say`; any other in its English words."""

    template: str | None = None
    fields: dict = {}

    def __init__(self, message: str, template: str | None = None, **fields: object):
        super().__init__(message)
        self.message = message
        if template is not None:
            self.template, self.fields = template, fields

    def __str__(self) -> str:
        return self.message

    @classmethod
    def said(cls, template: str, /, **fields: object) -> "BattletapeError":
        """The error written as a message of the catalogues (``template``, marked
        ``N_``, with named ``{fields}``): its English message is the template filled
        (a list field joined as English lists names, an error field by its message),
        and :meth:`say` says it in the reader's language. For the classes built by
        their message alone; a :class:`RuleViolation` is made by :func:`violation`."""
        if cls.__init__ is not BattletapeError.__init__:
            raise TypeError(f"{cls.__name__} has its own constructor: not said(...)")
        return cls(_english(template, fields), template, **fields)

    def say(self, lang: str = "en", words=None) -> str:
        """The error in ``lang``, from ``words`` (a ``domain.words.Words``: the
        caller's catalogues, every system's at the command line; the core's alone by
        default)."""
        if lang == "en" or self.template is None:
            return self.message
        _ = words or _words(lang)
        return _(self.template, **_said(_, self.fields))


def _said(_, fields: dict) -> dict:
    """The values of a message's fields in the reader's words, where the catalogue
    holds them under the field's name (``status``: ``unconscious``); an error that a
    message wraps (``line {number}: {error}``) said in them too."""
    return {k: _.ctx(k, v) if isinstance(v, str) else _.names(v) if isinstance(v, list)
            else v.say(_.lang, _) if isinstance(v, BattletapeError) else v
            for k, v in fields.items()}


def _english(template: str, fields: dict) -> str:
    """``template`` filled in English (no catalogue read)."""
    from battletape.domain.words import Words

    return template.format(**_said(Words("en", ()), fields)) if fields else template


def _words(lang: str):
    """The core's messages (the domain's refusals are said there)."""
    from battletape.domain.words import words

    return words(lang)


class RuleViolation(BattletapeError):
    """The rules forbid what was asked; `rule` names the seed section; a forceable one
    (raised by :func:`refuse`) says so at the end of its message."""

    def __init__(self, message: str, rule: str | None = None, forceable: bool = False,
                 template: str | None = None, **fields: object):
        text = f"{message} ({rule})" if rule else message
        super().__init__(f"{text} {FORCEABLE}" if forceable else text, template,
                         **fields)
        self.refusal = message
        self.rule = rule
        self.forceable = forceable

    def say(self, lang: str = "en", words=None) -> str:
        if lang == "en":
            return self.message
        _ = words or _words(lang)
        said = (_(self.template, **_said(_, self.fields)) if self.template is not None
                else self.refusal)
        if self.rule:
            said += f" ({_.ctx('rule', self.rule)})"
        return f"{said} {_(FORCEABLE)}" if self.forceable else said


#: how a forceable refusal ends
FORCEABLE = N_("(a GM may --force)")


class Overridden(NamedTuple):
    """A refusal a GM overrode: its words and the rule (seed section) it came from."""

    refusal: str
    rule: str | None


_forcing: ContextVar[list[Overridden] | None] = ContextVar("forcing", default=None)


def refuse(message: str, rule: str | None = None, **fields: object) -> None:
    """A rule refuses: raise a forceable RuleViolation, or, inside :func:`forcing`,
    note the refusal as overridden and return (the caller carries on). With
    ``fields``, ``message`` is a message of the catalogues (``{name}`` filled from
    them), said in the reader's language."""
    template = message
    if fields:
        message = _english(message, fields)
    overridden = _forcing.get()
    if overridden is None:
        raise RuleViolation(message, rule, forceable=True, template=template, **fields)
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


def violation(message: str, rule: str | None = None, **fields: object) -> RuleViolation:
    """A refusal no ruling can make sense of (raise it), its ``message`` one of the
    catalogues with ``{fields}``, said in the reader's language (a list field joined
    as the language lists names, an error field said in it)."""
    return RuleViolation(_english(message, fields), rule, template=message, **fields)


class AlreadyHolds(BattletapeError):
    """Not an error: what the command asks is already so (``engage A B`` when A and B
    are engaged). Nothing is recorded; the command says so and succeeds (exit 0), and
    a script goes on."""


class UnknownCombatant(BattletapeError):
    """A name that matches no combatant of the encounter."""

    def __init__(self, name: str, known: list[str] | None = None):
        hint = f"; known: {', '.join(known)}" if known else ""
        super().__init__(f"unknown combatant {name!r}{hint}",
                         N_("unknown combatant {name}; known: {known}") if known
                         else N_("unknown combatant {name}"), name=repr(name),
                         known=", ".join(known or []))
        self.name = name
        self.known = known or []


class AmbiguousName(BattletapeError):
    """A short name that fits several combatants (or saved attacks)."""

    def __init__(self, what: str, name: str, candidates: list[str]):
        super().__init__(f"ambiguous {what} {name!r}: could be "
                         + ", ".join(candidates), N_("ambiguous {what} {name}: could be "
                         "{candidates}"), what=what, name=repr(name),
                         candidates=", ".join(candidates))
        self.what = what
        self.name = name
        self.candidates = candidates


class Either(tuple):
    """Codes one of which was expected (``Either(("fled", "surrendered"))``): "fled or
    surrendered" in English, in each language's own "or" (codes typed as they are)."""

    def __str__(self) -> str:
        return " or ".join(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def said(self, _) -> str:
        if len(self) < 2:
            return "".join(self)
        return _("{some} or {last}", some=", ".join(self[:-1]), last=self[-1])


class BadInput(BattletapeError):
    """A value out of range or of the wrong kind. ``expected`` is a message of the
    catalogues (a literal marked ``N_`` at the call, or a template whose ``{fields}``
    come as keyword arguments: ``N_("{low}..{high}"), low=1, high=20``), said in the
    reader's language; a list of codes (``", ".join(DAMAGE_TYPES)``) is said as it is,
    codes being typed as they are."""

    def __init__(self, what: str, value: object, expected: "str | Either", /,
                 **fields: object):
        english = str(expected) if isinstance(expected, Either) else (expected.format(**{k: v.expected if isinstance(v, BadInput) else v
                                      for k, v in fields.items()}) if fields else expected)
        super().__init__(f"bad {what} {value!r}: expected {english}",
                         N_("bad {what} {value}: expected {expected}"), what=what,
                         value=repr(value), expected=english)
        self.what = what
        self.value = value
        self.expected = english
        self.expected_template, self.expected_fields = expected, fields

    def say(self, lang: str = "en", words=None) -> str:
        if lang == "en" or self.template is None:
            return self.message
        _ = words or _words(lang)
        fields = _said(_, {k: v for k, v in self.fields.items() if k != "expected"})
        fields["expected"] = _expected(_, self.expected_template, self.expected_fields)
        return _(self.template, **fields)


def _expected(_, template: str, fields: dict) -> str:
    """What a :class:`BadInput` expected, in the reader's words: its message (plain,
    or under the context ``expected``), its fields filled as they are (numbers, codes),
    but a BadInput's (what another refusal expected) said as well."""
    if isinstance(template, Either):
        return template.said(_)
    said = _.text(template)
    if said == template:
        said = _.text(template, "expected")
    return said.format(**{k: _expected(_, v.expected_template, v.expected_fields)
                          if isinstance(v, BadInput) else v for k, v in fields.items()}
                       ) if fields else said


class BadDiceExpression(BattletapeError):
    """A dice expression that does not parse or is absurd."""

    def __init__(self, expression: str, reason: "str | BattletapeError",
                 **values: object):
        """``reason``: why, a message of the catalogues (marked ``N_``) with its
        ``values``, said in the reader's language; or an error already made (d20's
        own words, which no catalogue holds)."""
        why = reason if isinstance(reason, BattletapeError) else \
            BattletapeError.said(reason, **values)
        super().__init__(f"bad dice expression {expression!r}: {why}",
                         N_("bad dice expression {expression}: {reason}"),
                         expression=repr(expression), reason=why)
        self.expression = expression
        self.reason = str(why)


class StoreError(BattletapeError):
    """The store cannot be opened, read or written."""


class UnknownEncounter(BattletapeError):
    """No encounter by that name (or none at all)."""

    def __init__(self, name: str | None):
        super().__init__(
            f"unknown encounter {name!r}" if name else
            "no encounter yet: start one with `battletape new NAME`",
            N_("unknown encounter {name}") if name else
            N_("no encounter yet: start one with `battletape new NAME`"), name=repr(name))
        self.name = name


class NotYetSupported(BattletapeError):
    """A rule system that battletape does not implement yet."""


class NotThisSystem(BadInput):
    """An option or value of another rule system, named as such (``--vs pd is a 13th
    Age defense; this encounter is 5e``); made by :meth:`said` it is a message of the
    catalogues, said in the reader's language."""

    def __init__(self, message: str, what: str, value: object,
                 template: str | None = None, **fields: object):
        BadInput.__init__(self, what, value, "")
        self.message = message
        self.args = (message,)
        self.template, self.fields = template, fields

    @classmethod
    def said(cls, template: str, what: str, value: object, /,  # type: ignore[override]
             **fields: object) -> "NotThisSystem":
        """The option ``what`` given ``value``, refused by ``template`` (``N_``)."""
        return cls(_english(template, fields), what, value, template, **fields)

    say = BattletapeError.say

    def __str__(self) -> str:
        return self.message
