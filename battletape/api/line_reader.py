"""The one line reader: a command line read by the parser made from its verb's
declaration.

The command line, ``run`` and ``play`` parse a verb's words with the click command
built from its declaration (:func:`battletape.dispatch.build`, whose parameters are
:func:`verb_params`); deciding a recorded line again (``verify``, ``ripple``, ``amend
--command``, the library) reads it with the same parameters, their types and
defaults, without running it. A stat block to fill from (``add --from KEY``, a saved
attack) is the library's too (:func:`stat_block_decision`).
"""

from __future__ import annotations

import sys
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple

from battletape.api.lines import click_module
from battletape.domain.words import N_
from battletape.domain import systems

if TYPE_CHECKING:
    from battletape.domain.verbs import Verb

#: the verbs a stat block fills: ``add --from KEY``, ``attack A T SAVED``
STAT_BLOCK_VERBS = ("add", "attack")
#: the values those two take beyond their verb's table
STAT_BLOCK_PARAMS = ("from_", "saved", "update")


@cache
def _grouped(system_id: str) -> frozenset[str]:
    """The first words of the system's two-word verbs (``cond`` of ``cond add``)."""
    return frozenset(n.split()[0] for n in systems.get(system_id).verbs if " " in n)


class Read(NamedTuple):
    """A verb and the values its ``run`` takes, as its parser reads them; with a stat
    block to fill from (``from_``, ``saved`` among the values: ``stat_block_decision``
    takes them), ``typed``: the values the line gives (the stat block fills the
    others)."""

    verb: "Verb"
    values: dict[str, Any]
    typed: frozenset[str] = frozenset()


def verb_name(system_id: str, args: list[str]) -> tuple[str, list[str]] | None:
    """The verb a command line names in ``system_id`` and the words after it
    (``cond add NAME …``), or ``None`` (a core command, a global option first)."""
    if not args or args[0].startswith("-"):
        return None
    system = systems.get(system_id)
    word, rest = args[0], args[1:]
    if word in _grouped(system_id):
        if not rest or rest[0].startswith("-"):
            return None
        word, rest = f"{word} {rest[0]}", rest[1:]
    verb = system.verb(word)
    if verb is None or verb.scope not in ("encounter", "rest"):
        return None
    return word, rest


def read(system_id: str, args: list[str]) -> Read | None:
    """The verb and values of ``args`` (a command line split into words, without the
    global options), read by the verb's parser (the one the command line, ``run`` and
    ``play`` use: its parameters' types and defaults), without running it; ``None``
    for a line that names no verb of the system (a core command) or that the parser
    refuses (:func:`refusal` says why, in its words)."""
    found = verb_name(system_id, args)
    if found is None:
        return None
    name, rest = found
    reader = _reader(system_id, name)
    quick = _quick(system_id, name, rest)
    if quick is not None:
        given, values = quick
    else:
        click = click_module()
        try:
            given, extra, _ = reader.parser.parse_args(list(rest))
            if extra:
                return None
            values = dict(reader.defaults)
            for key, raw in given.items():
                values[key] = reader.params[key].type_cast_value(reader.ctx, raw)
        except click.exceptions.ClickException:
            return None
    unfilled = _unfilled(name, given, reader.required)
    if unfilled is None:
        return None
    filled = not unfilled  # a stat block, a saved attack or a PC's sheet fills it
    if name not in STAT_BLOCK_VERBS:
        return Read(reader.verb, values)
    typed = frozenset(k for k, v in given.items() if v not in (None, ()))
    if not filled:  # the verb's own values: a line without a stat block
        for key in STAT_BLOCK_PARAMS:  # (``values`` is this line's own dict)
            values.pop(key, None)
        return Read(reader.verb, values, typed)
    return Read(reader.verb, values, typed)


def refusal(system_id: str, args: list[str]) -> str:
    """What is wrong with a line :func:`read` does not take, in the parser's words."""
    found = verb_name(system_id, args)
    if found is None:
        return (f"{args[0]!r} is no verb of {system_id} that a line decides again"
                if args else "an empty line")
    name, rest = found
    from typer.core import TyperCommand

    click = click_module()
    command = TyperCommand(name, params=list(verb_params(system_id, name)))
    try:
        ctx = command.make_context(name, list(rest))
    except click.exceptions.ClickException as err:
        return err.format_message()
    missing = [p.name for p in _reader(system_id, name).verb.params
               if p.required and ctx.params.get(p.name) in (None, ())]
    return f"{name}: missing {', '.join(missing)}" if missing else f"{name}: unreadable"


@cache
def verb_params(system_id: str, name: str, lang: str = "en") -> tuple:
    """The parameters of verb ``name`` in ``system_id``, from its declaration: what
    its parser reads, and its ``--help`` in ``lang`` (typer's parameters, over
    click's; the help from the system's catalogue)."""
    from typer.core import TyperArgument as argument, TyperOption as option

    from battletape.domain.words import words

    click = click_module()
    system = systems.get(system_id)
    verb = system.verbs[name]
    say = words(lang, system.package).text if lang != "en" else str
    params: list = []
    for p in verb.params:
        if name in STAT_BLOCK_VERBS and p.required and not p.positional:
            p = p._replace(required=False)  # a stat block or saved attack may give it
        ptype = {int: click.types.INT, float: click.types.FLOAT,
                 str: click.types.STRING, bool: click.types.BOOL}[p.type]
        if p.positional:
            params.append(argument(
                param_decls=[p.name], type=ptype, metavar=p.name.rstrip("_").upper(),
                required=p.required, nargs=-1 if p.multiple else 1,
                default=None if p.multiple else p.default,
                help=say(p.help) if p.help else None))
        elif p.type is bool:
            params.append(option(param_decls=[p.name, *p.flags], is_flag=True,
                                 default=bool(p.default),
                                 help=say(p.help) if p.help else p.help))
        else:
            params.append(option(
                param_decls=[p.name, *p.flags], type=ptype, default=p.default,
                help=say(p.help) if p.help else p.help,
                multiple=p.multiple, required=p.required,
                show_default=p.default not in (None, "", [], False)))
    if name == "add":
        params.append(option(
            param_decls=["from_", "--from"], type=click.types.STRING, default=None,
            help=say("A stat block of the campaign's bestiary (bestiary add FILE): its "
                     "statistics and saved attacks; a typed option overrides it.")))
        params.append(option(
            param_decls=["update", "--update"], is_flag=True, default=False,
            help=say("With --pc: the options typed change the PC's sheet the campaign "
                     "keeps (`party`), not only this battle's.")))
    elif name == "attack":
        at = next(i for i, p in enumerate(params) if p.name == "targets") + 1
        params.insert(at, argument(
            param_decls=["saved"], type=click.types.STRING, required=False,
            default=None, metavar="[SAVED_ATTACK]",
            help=say("A saved attack of the attacker's stat block (a prefix will do): "
                     "its bonus, defense, damage, type, kind and triggers; typed options "
                     "win.")))
    return tuple(params)


def context_settings(system_id: str, name: str) -> dict:
    """The settings of the verb's parser (a verb that takes negative numbers)."""
    verb = systems.get(system_id).verbs[name]
    return {"help_option_names": ["--help", "-h"],
            **({"ignore_unknown_options": True} if verb.negative_numbers else {})}


class _Reader(NamedTuple):
    verb: "Verb"
    ctx: Any                  # a context of the verb's command, for its types
    parser: Any               # the command's own click parser, built once
    params: dict[str, Any]    # the command's parameters by name
    defaults: dict[str, Any]  # the values of a line that gives none
    required: tuple[str, ...]


class _Parsed:
    """What click's parser collects (its ``_ParsingState``): the values by name, and
    the parameters in the order met."""

    __slots__ = ("opts", "order")

    def __init__(self):
        self.opts: dict[str, Any] = {}
        self.order: list = []


@cache
def _casts(system_id: str, name: str) -> dict[str, Any] | None:
    """Each parameter's conversion of a word as click's type makes it (``int``,
    ``float``, ``str``; a flag's value as it is), or None when a parameter's type or
    shape is one :func:`_quick` leaves to click."""
    click = click_module()
    reader = _reader(system_id, name)
    if reader.parser._opt_prefixes != {"-", "--"}:
        return None
    types = click.types
    simple = {types.IntParamType: int, types.FloatParamType: float,
              types.StringParamType: str}
    out: dict[str, Any] = {}
    for key, param in reader.params.items():
        kind, flag = type(param.type), getattr(param, "is_flag", False)
        if param.nargs not in (1, -1):
            return None
        if kind is types.BoolParamType and flag:
            out[key] = None
        elif kind in simple and not flag:
            out[key] = simple[kind]
        else:
            return None
    return out


class _Plan(NamedTuple):
    """What :func:`_quick` reads a verb's lines with, from its click parser, made once."""

    long: dict[str, tuple]     # the parser's options by spelling (_spellings)
    short: dict[str, tuple]
    arguments: list            # the parser's positional arguments, in order
    single: bool               # every argument takes one word
    casts: dict[str, tuple]    # name -> (conversion or None for a flag, several values)
    defaults: dict[str, Any]
    module: Any                # click's parser module (its _unpack_args)


@cache
def _plan(system_id: str, name: str) -> _Plan | None:
    casts = _casts(system_id, name)
    if casts is None:
        return None
    reader = _reader(system_id, name)
    parser = reader.parser
    many = {key: (cast, p.multiple or p.nargs == -1)
            for key, p in reader.params.items() for cast in (casts[key],)}
    return _Plan(_spellings(parser._long_opt, many), _spellings(parser._short_opt, many),
                 list(parser._args), all(a.nargs == 1 for a in parser._args), many,
                 reader.defaults, sys.modules[type(parser).__module__])


_STORE, _APPEND, _CONST, _OTHER = range(4)  # what an option does with its word


def _spellings(options: dict[str, Any], casts: dict) -> dict[str, tuple]:
    """Each spelling of the options :func:`_parse` reads: (the value's name, what the
    option does, its constant or its click option); an option it leaves to click (a
    type it does not convert, more than one word) is not there."""
    out = {}
    for spelt, option in options.items():
        if option.dest not in casts:
            continue
        action = option.action
        if action == "store" or action == "append":  # (option.takes_value)
            if option.nargs == 1:
                out[spelt] = (option.dest, _STORE if action == "store" else _APPEND,
                              option)
        elif action == "store_const":
            out[spelt] = (option.dest, _CONST, option.const)
        else:
            out[spelt] = (option.dest, _OTHER, option)
    return out


def _quick(system_id: str, name: str, words: list[str]) -> tuple[dict, dict] | None:
    """``words`` read as the verb's click parser reads them, without its machinery:
    options spelt whole (``--roll 14``, ``--roll=14``, ``-r 14``, a flag) and values;
    the given values and every value (defaults filled, converted as click's types
    convert them). None for anything else (``--``, an unknown or bundled option, a
    missing value, a word a type refuses): click reads those, in its own words."""
    plan = _plan(system_id, name)
    if plan is None:
        return None
    opts = _parse(plan, words)
    if opts is None:
        return None
    given = _converted(plan, opts)
    if given is None:
        return None
    values = dict(plan.defaults)
    values.update(given)
    return opts, values


def _parse(plan: _Plan, words: list[str]) -> dict | None:
    """The words given to each parameter, as click's parser collects them (None for
    a line :func:`_quick` leaves to click)."""
    long, short = plan.long, plan.short
    state = _Parsed()
    opts = state.opts
    largs: list[str] = []
    i, n = 0, len(words)
    while i < n:
        word = words[i]
        i += 1
        if word[:1] != "-" or len(word) == 1:
            largs.append(word)
            continue
        if word == "--":
            return None
        spelt, eq, value = word.partition("=")
        entry = long.get(spelt)
        if entry is None:
            entry = short.get(word) if not eq else None
            if entry is None:  # (--help, an option left to click: click's)
                return None
        dest, does, what = entry
        if does <= _APPEND:  # a value: the next word, or after "="
            if not eq:
                if i >= n:
                    return None
                value = words[i]
                i += 1
            if does == _STORE:  # _Option.process, inline
                opts[dest] = value
            else:
                what.process(value, state)
        elif eq:
            return None
        elif does == _CONST:
            opts[dest] = what
        else:
            what.process(None, state)
    arguments = plan.arguments
    if plan.single:  # click's _unpack_args and _Argument.process, for one word each
        if len(largs) > len(arguments):
            return None
        for index, argument in enumerate(arguments):
            opts[argument.dest] = largs[index] if index < len(largs) else None
    else:
        pargs, extra = plan.module._unpack_args(largs, [a.nargs for a in arguments])
        if extra:
            return None
        for index, argument in enumerate(arguments):
            if argument.nargs != 1 and argument.nargs != -1:
                return None
            argument.process(pargs[index], state)
    return opts


def _converted(plan: _Plan, opts: dict) -> dict | None:
    """The values given, converted as click's types convert them (None: a word a
    type refuses, left to click)."""
    casts = plan.casts
    values = {}
    try:
        for key, raw in opts.items():
            cast, several = casts[key]
            if raw is None:
                values[key] = () if several else None
            elif cast is None:
                if type(raw) is not bool or several:
                    return None
                values[key] = raw
            elif several:
                if isinstance(raw, str):
                    return None
                values[key] = tuple(cast(x) for x in raw)
            else:
                values[key] = cast(raw)
    except (ValueError, TypeError):
        return None
    return values


def _unfilled(name: str, given: dict, required: tuple[str, ...]) -> bool | None:
    """Whether a line's given words (``given``) leave nothing for a stat block, a
    saved attack or a PC's sheet to fill: True; False when one fills it; None when a
    line that fills nothing misses a required value (the parser refuses it)."""
    if name in STAT_BLOCK_VERBS:
        for key in STAT_BLOCK_PARAMS:
            if given.get(key) not in (None, False):
                return False
        if name == "add" and given.get("pc") and given.get("hp") is None:
            return False
    for key in required:
        if given.get(key) in (None, ()):
            return None
    return True


def order(system_id: str, args: list[str]) -> tuple["Verb", Any] | None:
    """The verb a line names and the order its decision takes, read straight from
    the words: for a verb whose decision takes one typed order (``verbs._Typed``) and
    a line that gives every value itself (no stat block, saved attack or PC's sheet
    fills it). The same order as :func:`read` then the verb's ``run`` make, without
    their dictionary of every value; None for any other line (``read`` reads it)."""
    found = verb_name(system_id, args)
    if found is None:
        return None
    name, rest = found
    direct = _direct(system_id, name)
    if direct is None:
        return None
    plan, verb, base, required = direct
    opts = _parse(plan, rest)
    if opts is None or not _unfilled(name, opts, required):
        return None
    given = _converted(plan, opts)
    if given is None:
        return None
    if name in STAT_BLOCK_VERBS:
        for key in STAT_BLOCK_PARAMS:
            given.pop(key, None)
    try:
        return verb, verb.run.ordered({**base, **given} if base else given)
    except Exception:  # refused when it is decided, in the same words
        return None


@cache
def _direct(system_id: str, name: str) -> tuple | None:
    """What :func:`order` reads a verb's lines with: its plan, its typed run and the
    defaults of the parser that its order's fields do not hold themselves."""
    from battletape.domain.verbs import _Typed

    plan = _plan(system_id, name)
    reader = _reader(system_id, name)
    run = reader.verb.run
    if plan is None or type(run) is not _Typed:
        return None
    base = {k: v for k, v in run.given(plan.defaults).items()
            if k not in STAT_BLOCK_PARAMS}
    return plan, reader.verb, base, reader.required


@cache
def _reader(system_id: str, name: str) -> _Reader:
    """The parser of a verb, made ready to read many lines: built once, with its
    defaults (a line reads in microseconds, as verify needs)."""
    from typer.core import TyperCommand

    command = TyperCommand(name, params=list(verb_params(system_id, name)),
                           context_settings=context_settings(system_id, name))
    ctx = command.make_context(name, [], resilient_parsing=True)
    verb = systems.get(system_id).verbs[name]
    required = tuple(p.name for p in verb.params if p.required)  # (a stat block's too)
    return _Reader(verb, ctx, command.make_parser(ctx),
                   {p.name: p for p in command.params}, dict(ctx.params), required)


def stat_block_decision(c, verb: "Verb", values: dict, typed: set[str] | frozenset[str]):
    """The decision of ``add`` or ``attack`` with the options not typed taken from a
    stat block (``--from``) or a saved attack; without either, the verb's own."""
    from battletape.domain import stat_blocks

    values = dict(values)
    key, saved = values.pop("from_", None), values.pop("saved", None)

    update = values.pop("update", False)
    if key is None and saved is None and verb.name == "add" and values.get("pc"):
        return _party_decision(c, verb, values, typed, update)

    def decide(state, rng, *history):
        if key is not None:
            block = c.stat_block(state, key)
            stat_blocks.require_system(block, state.system)
            filled = stat_blocks.fill(verb, values, typed, block.stats)
            added = verb.run(c, **filled)(state, rng, *history)
            return added + [stat_blocks.used(block, added)]
        if saved is not None:
            from battletape.domain.events import SavedAttackUsed

            attacker, attack, options = stat_blocks.saved_attack(
                state, values["attacker"], saved)
            filled = stat_blocks.fill(verb, values, typed, options)
            made = verb.run(c, **filled)(state, rng, *history)
            triggers = list(options.get("triggers", []))
            return made + [SavedAttackUsed(
                attacker=attacker, attack=attack, triggers=triggers,
                values={k: v for k, v in filled.items()
                        if k in options and k not in typed},
                fired=stat_blocks.fired(triggers, attacker, made))]
        return verb.run(c, **stat_blocks.fill(verb, values, typed, {}))(
            state, rng, *history)
    return decide


def _party_decision(c, verb: "Verb", values: dict, typed, update: bool):
    """``add NAME --pc``: without ``--hp``, the options not typed from the PC's sheet
    the campaign keeps (domain/party.py); a sheet typed whole (``--hp``) is this
    battle's, and kept for the campaign's next battles when the party does not know
    the PC yet; with ``--update`` the options typed change the kept sheet too."""
    from battletape.domain import party, stat_blocks
    from battletape.domain.errors import BattletapeError
    from battletape.domain.words import N_

    typed = set(typed)

    def decide(state, rng, *history):
        if "hp" in typed and not update:  # the sheet typed whole, for this battle
            added = verb.run(c, **values)(state, rng, *history)
            if c.capture is not None or c.party_sheet(state, values["name"]):
                return added
            return added + [party.keep(values["name"], state.system,
                                       party.sheet_of(values, typed))]
        kept = c.party_sheet(state, values["name"])
        if kept is None and "hp" not in typed:
            raise BattletapeError.said(
                N_("missing option --hp: {name} has no sheet in the party of campaign "
                   "{campaign!r}: type it (--hp N ...), or keep it with `party add "
                   "{name} --hp N ...`"), name=values["name"], campaign=state.campaign)
        base = kept[1] if kept is not None else {}
        sheet = party.sheet_of(values, typed, base)
        filled = stat_blocks.fill(verb, values, typed, base) if kept is not None else values
        if kept is not None:
            filled = {**filled, "name": kept[0]}
        added = verb.run(c, **filled)(state, rng, *history)
        out = list(added)
        if kept is not None:
            out.append(party.used(kept[0], base))
        if c.capture is None and (kept is None or (update and sheet != base)):
            out.append(party.keep(kept[0] if kept else values["name"], state.system,
                                  sheet))
        return out
    return decide


def typed_values(system_id: str, name: str, args: list[str]) -> tuple[dict, set[str]]:
    """The values ``args`` give verb ``name`` (read by its parser, nothing run) and
    which of them were typed; a line the parser refuses is one line of error."""
    from battletape.domain.errors import BadInput

    reader = _reader(system_id, name)
    click = click_module()
    try:
        given, extra, _ = reader.parser.parse_args(list(args))
        values = dict(reader.defaults)
        for key, raw in given.items():
            values[key] = reader.params[key].type_cast_value(reader.ctx, raw)
    except click.exceptions.ClickException as err:
        raise BadInput(name, " ".join(args), err.format_message()) from None
    if extra:
        raise BadInput(name, " ".join(extra),
                       N_("options of `{name}` in {system_id}"),
                       name=name, system_id=system_id)
    return values, {k for k, v in given.items() if v not in (None, ())}
