"""The verbs of a rule system as data: each one's arguments, options and decision.

A system lists its verbs (``VERBS`` in its ``commands`` module). The command line
builds one parser per system and verb from these tables, so each system owns its
options (``attack --vs pd`` in 13th Age, ``attack --adv`` in 5e) and the core keeps
one command per verb. A verb's ``run(services, **values)`` checks the values and
returns the decision, a pure function ``decide(state, rng)`` (or
``decide(state, rng, events)`` when ``needs_history``) that returns new events.
"""

from __future__ import annotations

from battletape.domain.words import N_
from typing import Any, Callable, NamedTuple, Protocol


class Param(NamedTuple):
    """One positional argument or option of a verb."""

    name: str                      # the keyword given to ``run``
    positional: bool = False
    type: type = str               # str, int, float or bool (a flag)
    default: Any = None
    flags: tuple[str, ...] = ()    # option spellings; default ``--name-with-dashes``
    help: str = ""
    multiple: bool = False         # a repeatable option, or a variadic argument
    required: bool = False
    choices: tuple[str, ...] = ()  # the words it takes (any case), when a closed set
    low: float | None = None       # the smallest number it takes
    high: float | None = None      # the largest number it takes
    dice: bool = False             # a dice expression (1d8+3)
    # what ``amend`` may change in place: "target" (``--target``), "amount" (``--dmg``)
    role: str = ""
    # in the verb's order struct (Verb.order): the field's name, the value the rules
    # read made from the typed one (``14,7`` -> [14, 7]) and that value's type
    field: str = ""
    parse: Callable[[Any], Any] | None = None
    of: Any = None

    @property
    def key(self) -> str:
        """The field of the verb's order struct this value fills."""
        return self.field or self.name

    def order_value(self, value: Any) -> Any:
        """``value`` as the order struct holds it."""
        if self.parse is not None:
            return self.parse(value)
        return tuple(value) if isinstance(value, list) else value

    def check(self, value: Any) -> str | None:
        """What would be right, if ``value`` (of the right type) is not: a choice, a
        bound, a dice expression; ``None`` when it is fine."""
        if value is None:
            return None
        if self.choices and str(value).lower() not in self.choices:
            return ", ".join(self.choices)
        if self.low is not None and isinstance(value, (int, float)) and value < self.low:
            return self._range()
        if self.high is not None and isinstance(value, (int, float)) and value > self.high:
            return self._range()
        if self.dice:
            from battletape.domain.dice import bounds

            try:
                bounds(str(value))
            except Exception:  # d20's or battletape's refusal: the file is wrong
                return "dice notation, e.g. 1d8+3"
        return None

    def _range(self) -> str:
        def show(n):
            return f"{n:g}" if n is not None else ""

        if self.high is None:
            return f"{show(self.low)} or more"
        if self.low is None:
            return f"{show(self.high)} or less"
        return f"{show(self.low)}..{show(self.high)}"


def arg(name: str, type: type = str, help: str = "", required: bool = True,
        multiple: bool = False, default: Any = None, role: str = "", field: str = "",
        parse: Callable[[Any], Any] | None = None, of: Any = None) -> Param:
    return Param(name, True, type, default, (), help, multiple, required, role=role,
                 field=field, parse=parse, of=of)


def opt(name: str, type: type = str, default: Any = None, *flags: str, help: str = "",
        multiple: bool = False, required: bool = False, choices: tuple[str, ...] = (),
        low: float | None = None, high: float | None = None,
        dice: bool = False, field: str = "", parse: Callable[[Any], Any] | None = None,
        of: Any = None) -> Param:
    return Param(name, False, type, [] if multiple and default is None else default,
                 flags or ("--" + name.rstrip("_").replace("_", "-"),), help, multiple,
                 required, tuple(choices), low, high, dice, field=field, parse=parse,
                 of=of)


def flag(name: str, *flags: str, help: str = "") -> Param:
    return opt(name, bool, False, *flags, help=help)


class Services(Protocol):
    """What a verb may ask of the application beyond the encounter's state."""

    def carried(self, name: str) -> dict | None:
        """A PC's HP and resources carried from the campaign's last battle."""

    def pc_state(self, campaign: str, name: str) -> dict | None:
        """A PC as the campaign knows it now (between battles)."""

    def rest_pcs(self, campaign: str, names: list[str]) -> list[dict]:
        """The PCs a rest between battles names (default: every PC of the battle
        just over, the dead aside), each as the campaign knows it now."""


Decide = Callable[..., list]


class Verb(NamedTuple):
    """A command of a system: ``attack``, ``cond add``, ``death-save``."""

    name: str
    run: Callable[..., Decide]
    params: tuple[Param, ...] = ()
    help: str = ""
    negative_numbers: bool = False   # "-3" reaches the verb's own check
    needs_history: bool = False
    # "encounter": decide(state, rng) records into the encounter; "campaign": a verb
    # between battles, decide(campaign, rng) records into the campaign's stream;
    # "rest": the campaign's between battles, the encounter's (forced) during one
    scope: str = "encounter"
    # where ``amend --roll`` puts the corrected natural: the option, and whether it
    # is given as NAME=N (the saves of the turn ending); "" for a verb with no roll
    roll_option: str = "--roll"
    roll_per_name: bool = False

    @property
    def options(self) -> set[str]:
        return {f for p in self.params for f in p.flags}

    @property
    def order(self) -> type | None:
        """The struct of the verb's values its decision takes, for a typed verb."""
        return getattr(self.run, "order", None)

    def position(self, role: str) -> int | None:
        """Where the positional value of ``role`` ("target", "amount") stands among
        the words of a command line (the verb's own words first), for ``amend``."""
        at = len(self.name.split())
        for p in self.params:
            if not p.positional:
                continue
            if p.role == role:
                return at
            at += 1
        return None

    def words(self, values: dict[str, Any]) -> list[str]:
        """The command line (as words) that reads back as ``values``: the verb, its
        positional values in order, then each option given a value (for scripts and
        generated battles that record command lines)."""
        out = self.name.split()
        for p in self.params:
            if p.positional and p.name in values and values[p.name] is not None:
                value = values[p.name]
                out += [str(v) for v in value] if p.multiple else [str(value)]
        for p in self.params:
            if p.positional or p.name not in values:
                continue
            value = values[p.name]
            if p.type is bool:
                if value:
                    out.append(p.flags[0])
            elif p.multiple:
                for v in value or ():
                    out += [p.flags[0], str(v)]
            elif value is not None:
                out += [p.flags[0], str(value)]
        return out

    def decision(self, services: Services | None = None, **given: Any) -> Decide:
        """The decision for ``given`` values, the table's defaults for the rest (for
        generators and tests that call a verb without its command line)."""
        values = {p.name: (list(p.default) if isinstance(p.default, list)
                           else [] if p.multiple and p.default is None else p.default)
                  for p in self.params}
        values.update(given)
        return self.run(services, **values)


def order_type(name: str, params: tuple[Param, ...], frozen: bool = True,
               module: str | None = None, doc: str = "",
               namespace: dict[str, Any] | None = None) -> type:
    """A verb's values as one typed msgspec Struct: a field per :class:`Param`, with
    its type and default (a repeatable one a tuple; a parsed one its ``of``), and the
    methods and properties of ``namespace`` (a ``__post_init__`` runs on every new
    value, ``msgspec.structs.replace``'s too)."""
    import msgspec

    fields = []
    for p in params:
        if p.parse is not None:
            kind: Any = p.of if p.of is not None else Any
            default = p.parse(p.default)
        else:
            kind = tuple[p.type, ...] if p.multiple else p.type  # type: ignore[name-defined]
            default = () if p.multiple else p.default
            if default is None:
                kind = kind | None
        fields.append((p.key, kind, default))
    struct = msgspec.defstruct(name, fields, kw_only=True, frozen=frozen,
                               module=module, namespace=namespace)
    if doc:
        struct.__doc__ = doc
    return struct


class _Typed:
    """``run(services, **values)`` for a decision that takes the verb's values as one
    typed struct: ``decide(services, order)`` (callers keep giving keywords)."""

    def __init__(self, decide: Callable[..., Decide], order: type,
                 params: tuple[Param, ...]):
        self.decide, self.order = decide, order
        self.params = {p.name: p for p in params}
        # each value's field, parser and the default its field has already, read once
        # (verify makes thousands of orders)
        defaults = _field_defaults(order)
        self._fields = {p.name: (p.key, p.parse, p.default if _holds(
            defaults.get(p.key, _NO_DEFAULT), p.order_value(p.default)) else _NO_DEFAULT)
            for p in params}
        self.__name__ = getattr(decide, "__name__", "run")

    def __call__(self, services: Any, **values: Any) -> Decide:
        return self.decide(services, self.ordered(values))

    def ordered(self, values: dict[str, Any]) -> Any:
        """The order of ``values`` (by the verb's parameter names)."""
        made = {}
        fields = self._fields
        for k, v in values.items():  # Param.order_value, inline
            found = fields.get(k)
            if found is None:
                raise TypeError(f"{self.__name__}() got an unexpected keyword {k!r}")
            key, parse, default = found
            if v is default:  # what the field holds when it is not given
                continue
            made[key] = (parse(v) if parse is not None
                         else tuple(v) if isinstance(v, list) else v)
        return self.order(**made)

    def given(self, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` but for those its order holds anyway (its fields' defaults): the
        same decision from fewer values, for a caller that decides them many times."""
        fields = self._fields
        return {k: v for k, v in values.items()
                if k not in fields or v is not fields[k][2]}


_NO_DEFAULT = object()  # a field without a default: every value is given


def _field_defaults(order: type) -> dict[str, Any]:
    """The default of each field of an order struct (every order is a msgspec Struct:
    :func:`order_type`, 3.5's ``AttackOrder``) that has one."""
    import msgspec

    return {f.name: f.default if f.default is not msgspec.NODEFAULT
            else f.default_factory()
            for f in msgspec.structs.fields(order)
            if f.default is not msgspec.NODEFAULT
            or f.default_factory is not msgspec.NODEFAULT}


def _holds(default: Any, value: Any) -> bool:
    """Whether a field whose default is ``default`` holds ``value`` when not given."""
    return default is not _NO_DEFAULT and type(default) is type(value) \
        and default == value


def typed(verb: "Verb", order: type | None = None) -> "Verb":
    """``verb`` whose ``run`` takes one struct of its values (:attr:`Verb.order`):
    ``order``, or one built from its params; each value declared once, in the
    table."""
    struct = order or order_type(
        verb.name.title().replace(" ", "").replace("-", "") + "Values", verb.params)
    return verb._replace(run=_Typed(verb.run, struct, verb.params))


def names(text: str | list[str] | None) -> list[str]:
    """``A, B`` -> ["A", "B"] (a list given as it is): an option naming creatures."""
    if isinstance(text, (list, tuple)):
        return list(text)
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def lower(text: str | None) -> str | None:
    """A word compared whatever its case (a damage type, a light level)."""
    return text.lower() if text else None


def ints(text: str | None, what: str) -> list[int]:
    """``14,7`` -> [14, 7]; a one-line error for anything else."""
    from battletape.domain.errors import BadInput

    if not text:
        return []
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise BadInput(what, text, N_("whole numbers separated by commas")) from None


def pairs(items: list[str], what: str) -> dict[str, list[int]]:
    """``NAME=N[,N...]`` items into {NAME: [N, ...]}."""
    from battletape.domain.errors import BadInput

    out: dict[str, list[int]] = {}
    for item in items:
        name, sep, values = item.rpartition("=")
        try:
            numbers = [int(v) for v in values.split(",")] if sep and name else None
        except ValueError:
            numbers = None
        if not numbers:
            raise BadInput(what, item, N_("NAME=NATURAL, e.g. Bruna=14"))
        out.setdefault(name, []).extend(numbers)
    return out
