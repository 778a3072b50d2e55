"""A rule system's verbs as Python methods, derived from their declarations.

Each :class:`battletape.domain.verbs.Verb` becomes a method of an encounter: its name
with spaces and dashes as underscores (``cond add`` -> ``cond_add``, ``death-save`` ->
``death_save``), its positional arguments in order, its options as keyword arguments
named after the params (a trailing underscore may be left out: ``type=`` for
``type_``). The values are checked against the declaration, and the command line the
CLI would have recorded is derived from them, so ``log`` and ``amend`` read a command
recorded by a bot as one typed at the table.
"""

from __future__ import annotations

import shlex
from keyword import iskeyword
from typing import TYPE_CHECKING, Any

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

if TYPE_CHECKING:
    from battletape.domain.systems import RuleSystem
    from battletape.domain.verbs import Param, Verb


def method_name(verb_name: str) -> str:
    """``cond add`` -> ``cond_add``; ``death-save`` -> ``death_save``."""
    return verb_name.replace(" ", "_").replace("-", "_")


def find(system: "RuleSystem", name: str) -> "Verb | None":
    """The verb of ``system`` that method ``name`` (or the verb's own name) is."""
    found = system.verb(name) if hasattr(system, "verb") else system.verbs.get(name)
    if found is not None:
        return found
    return next((v for n, v in system.verbs.items() if method_name(n) == name), None)


def _keyword(p: "Param") -> str:
    """The keyword of a param: its name without the trailing underscore, unless
    that is a Python keyword (``from_`` stays ``from_``)."""
    bare = p.name.rstrip("_")
    return bare if bare.isidentifier() and not iskeyword(bare) else p.name


def values(verb: "Verb", system_id: str, args: tuple, kwargs: dict) -> dict[str, Any]:
    """The values of every param of ``verb``: ``args`` for the positional params in
    order (a variadic one takes the rest), ``kwargs`` by name; the declaration's
    defaults for the rest. A wrong name, a missing or malformed value is BadInput."""
    params = list(verb.params)
    by_key = {p.name: p for p in params} | {_keyword(p): p for p in params}
    given: dict[str, Any] = {}
    positional = [p for p in params if p.positional]
    rest = list(args)
    for p in positional:
        if not rest:
            break
        if p.multiple:
            given[p.name], rest = rest, []
        else:
            given[p.name] = rest.pop(0)
    if rest:
        raise BadInput(f"`{verb.name}`", rest[0],
                       N_("at most {n} positional value(s) ({n2})"),
                       n=len(positional), n2=', '.join(_keyword(p) for p in positional))
    for key, value in kwargs.items():
        p = by_key.get(key)
        if p is None:
            known = ", ".join(sorted(_keyword(q) for q in params))
            raise BadInput(f"`{verb.name}` in {system_id}", key,
                           N_('one of its params: {known}'), known=known)
        if p.name in given:
            raise BadInput(f"`{verb.name}`", key, N_("each value given once"))
        given[p.name] = value
    out: dict[str, Any] = {}
    for p in params:
        if p.name in given and given[p.name] is not None:
            out[p.name] = coerce(verb, p, given[p.name])
        elif p.required:
            raise BadInput(f"`{verb.name}`", _keyword(p), N_("a value: it is required"))
        else:
            default = p.default
            out[p.name] = (list(default) if isinstance(default, (list, tuple))
                           else [] if p.multiple and default is None else default)
    return out


def coerce(verb: "Verb", p: "Param", value: Any) -> Any:
    """``value`` as the param's declared type (a number for a text option is its
    text; a list for a comma-separated option is joined: ``roll=[14, 7]``)."""
    if p.multiple:
        items = list(value) if isinstance(value, (list, tuple)) else [value]
        return [_one(verb, p, v) for v in items]
    if p.type is str and isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return _one(verb, p, value)


def _one(verb: "Verb", p: "Param", value: Any) -> Any:
    what = f"{verb.name} {_keyword(p)}"
    if p.type is bool:
        if not isinstance(value, bool):
            raise BadInput(what, value, N_("True or False"))
        return value
    if p.type is int:
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise BadInput(what, value, N_("a whole number"))
        try:
            return int(value)
        except ValueError:
            raise BadInput(what, value, N_("a whole number")) from None
    if p.type is float:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise BadInput(what, value, N_("a number")) from None
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        return str(value)
    raise BadInput(what, value, N_("a text"))


def command_line(verb: "Verb", vals: dict[str, Any], force: str | None = None) -> str:
    """The command as the CLI would have recorded it (without the program name)."""
    words = verb.name.split()
    for p in verb.params:
        value = vals.get(p.name)
        if p.positional:
            words += [str(v) for v in value] if p.multiple else \
                [str(value)] if value is not None else []
            continue
        if value is None or value == p.default or (p.multiple and not value):
            continue
        flag = p.flags[0]
        if p.type is bool:
            words.append(flag)
        elif p.multiple:
            for v in value:
                words += [flag, str(v)]
        else:
            words += [flag, str(value)]
    forced = ["--force", force] if force is not None else []
    return shlex.join(forced + words)


def signature(verb: "Verb"):
    """The method's signature (an ``inspect.Signature``), for ``help()`` and
    editors."""
    import inspect

    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
    for p in verb.params:
        if p.positional:
            kind = (inspect.Parameter.VAR_POSITIONAL if p.multiple
                    else inspect.Parameter.POSITIONAL_OR_KEYWORD)
            default = (inspect.Parameter.empty if p.required or p.multiple
                       else p.default)
            params.append(inspect.Parameter(_keyword(p), kind, default=default))
    for p in verb.params:
        if not p.positional:
            default = inspect.Parameter.empty if p.required else p.default
            params.append(inspect.Parameter(_keyword(p), inspect.Parameter.KEYWORD_ONLY,
                                            default=default))
    params.append(inspect.Parameter("force", inspect.Parameter.KEYWORD_ONLY,
                                    default=None))
    return inspect.Signature(params)


def docstring(verb: "Verb", system: "RuleSystem") -> str:
    """The verb's help, then one line per param."""
    lines = [verb.help, "", f"({system.id}: {system.title})", ""]
    for p in verb.params:
        where = "positional" if p.positional else ", ".join(p.flags)
        lines.append(f"{_keyword(p)} ({where}): {p.help or p.type.__name__}")
    lines.append("force: a GM's reason to record it although a rule refuses it")
    return "\n".join(lines)
