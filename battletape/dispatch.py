"""One command per verb, one parser per rule system: the encounter's system decides.

``battletape attack …`` reaches :func:`run` with its words unparsed; the encounter's
system (``new --system``) names the verb's options (``domain/<system>/commands.py``),
a click parser is built from that table, and the verb's decision is recorded.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from battletape.api.line_reader import (STAT_BLOCK_PARAMS, STAT_BLOCK_VERBS,  # noqa: F401
                                        context_settings, stat_block_decision,
                                        verb_params)
from battletape.domain import systems
from battletape.domain.errors import BattletapeError
from battletape.domain.words import N_

if TYPE_CHECKING:
    from battletape.domain.systems import RuleSystem
    from battletape.domain.verbs import Verb

PASSTHROUGH = {"ignore_unknown_options": True, "allow_extra_args": True,
               "help_option_names": []}


class NotInSystem(BattletapeError):
    """A verb or an option that means nothing in the encounter's system."""


def words(system_id: str | None = None) -> dict[str, str]:
    """Every verb's first word, across systems (or of ``system_id`` alone), with a
    one-line help (the system's own where it has the verb)."""
    out: dict[str, str] = {}
    chosen = ([systems.get(system_id)] if system_id is not None
              else systems.all_systems().values())
    for system in chosen:
        for name, verb in system.verbs.items():
            word = name.split()[0]
            if word not in out:
                out[word] = (verb.help.split("  Example")[0] if " " not in name
                             else _group_summary(system, word))
    return out


def _group_summary(system: "RuleSystem", word: str, say=None) -> str:
    """A command group's one line: its verbs' summaries in their order, joined
    ("Apply a condition, …; remove a condition."), each said by ``say`` (the
    system's catalogue) when given."""
    parts = []
    for name, verb in system.verbs.items():
        if name.startswith(word + " "):
            text = (verb.help.split("  Example")[0] if say is None
                    else _said_summary(say, verb)).rstrip(".")
            if parts and text[:2].istitle():  # "Remove …" -> "remove …", not "GM"
                text = text[0].lower() + text[1:]
            parts.append(text)
    return "; ".join(parts) + "."


def _system_of(c) -> "RuleSystem":
    if c.capture is not None:
        return systems.get(c.capture.state.system)
    return systems.get(c.bt.registration(c.encounter).system)


def system_of_line(args: list[str]) -> "RuleSystem":
    """The system of the encounter a command line acts on (its ``--store`` and
    ``--encounter``), else the primary one; never creates a store (for help)."""
    from battletape.session import Context, global_value

    c = Context(store=global_value(args, "--store"),
                encounter=global_value(args, "--encounter", "-e"))
    try:
        return _help_system(c)
    except Exception:  # a store that does not open: help still shows
        return systems.get(systems.DEFAULT_SYSTEM)
    finally:
        c.close()


def _help_system(c) -> "RuleSystem":
    """For --help: the current encounter's system, else the primary one (help never
    creates a store)."""
    from pathlib import Path

    from battletape.stores.store import resolve_url

    url = resolve_url(c.store)
    if "://" not in url and not Path(url).exists():
        return systems.get(systems.DEFAULT_SYSTEM)
    try:
        return _system_of(c)
    except BattletapeError:
        return systems.get(systems.DEFAULT_SYSTEM)


def run(ctx, word: str, args: list[str]) -> None:
    """Parse ``args`` with the encounter's system's table for ``word`` and record."""
    from battletape.session import get

    c = get(ctx)
    wants_help = "--help" in args or "-h" in args
    try:
        system = _help_system(c) if wants_help else _system_of(c)
    except BattletapeError:
        _known(word)
        raise
    name = word
    group = sorted(n.split()[1] for n in system.verbs if n.startswith(word + " "))
    if not group and system.verb(word) is None and _grouped_elsewhere(word):
        asked = f"{word} {args[0]}" if args and not args[0].startswith("-") else word
        raise _elsewhere(asked, system)
    if group:
        if not args or args[0].startswith("-"):
            if wants_help or not args:
                print(_group_help(word, system, group, c.lang))
                return
        name = f"{word} {args[0]}"
        args = args[1:]
    verb = system.verb(name)
    if verb is None:
        _known(word)
        raise _elsewhere(name, system)
    command = build(system.id, name, c.lang if wants_help else "en")
    from battletape.session import click_module

    click = click_module()
    try:
        with command.make_context(name, list(args), parent=ctx.parent or ctx) as sub:
            command.invoke(sub)
    except click.exceptions.NoSuchOption as err:
        raise _foreign_option(name, err.option_name, system) from None
    except click.exceptions.UsageError as err:
        # an unknown option reaches the verb as an extra argument (negative numbers
        # pass through as arguments): say it is no option of the verb
        unknown = next((a.split("=")[0] for a in args if a.startswith("--")
                        and a.split("=")[0] not in verb.options), None)
        if unknown is None or "unexpected extra argument" not in err.format_message():
            raise
        raise _foreign_option(name, unknown, system) from None


def _known(word: str) -> None:
    """A word that is no system's verb is no command at all (a typo)."""
    if word not in words():
        from battletape.session import click_module

        raise click_module().exceptions.UsageError(f"No such command '{word}'.")


def _grouped_elsewhere(word: str) -> bool:
    return any(n.startswith(word + " ") for s in systems.all_systems().values()
               for n in s.verbs)


@cache
def verb_summaries(lang: str) -> dict[str, str]:
    """A verb's one-line summary (its help before ``Example``) in ``lang``: the
    summary of its help as its system's catalogue says it."""
    from battletape.domain import systems
    from battletape.domain.words import words

    out: dict[str, str] = {}
    for system in systems.all_systems().values():
        say = words(lang, system.package)
        for name, verb in system.verbs.items():
            english = verb.help.split("  Example")[0]
            out.setdefault(english, _said_summary(say, verb))
            if " " in name:
                word = name.split()[0]
                out.setdefault(_group_summary(system, word),
                               _group_summary(system, word, say))
    return out


def _said_summary(say, verb: "Verb") -> str:
    """A verb's summary (its help before ``Example``) as ``say``'s catalogue says it."""
    return re.split(r"\s+(?:Example|Esempio):", say.text(verb.help))[0]


def _group_help(word: str, system: "RuleSystem", group: list[str], lang: str) -> str:
    from battletape.domain.words import words

    _ = words(lang, system.package)
    summaries = verb_summaries(lang)
    lines = [_("Usage: battletape {word} COMMAND [ARGS]...", word=word), "",
             f"{system.title}:"]
    for sub in group:
        summary = system.verbs[f"{word} {sub}"].help.split("  Example")[0]
        lines.append(f"  {sub:<10} {summaries.get(summary) or _.text(summary)}")
    return "\n".join(lines)


def _said(template: str, **fields) -> "NotInSystem":
    """A NotInSystem error worded by the core's catalogue (a list field said as the
    reader's language lists names; in English joined by "and")."""
    english = template.format(**{k: " and ".join(v) if isinstance(v, list) else v
                                 for k, v in fields.items()})
    return NotInSystem(english, template, **fields)


def _elsewhere(name: str, system: "RuleSystem") -> "NotInSystem":
    others = [s for s in systems.all_systems().values()
              if s.verb(name) or any(n.startswith(name + " ") for n in s.verbs)]
    if not others:
        return _said(N_("no command `{name}` in {title}"), name=name, title=system.title)
    return _said(N_("`{name}` is a {systems} command; this encounter is {id} ({title})"),
                 name=name, systems=[s.title for s in others], id=system.id,
                 title=system.title)


def _foreign_option(name: str, option: str, system: "RuleSystem") -> "NotInSystem":
    others = [s for s in systems.all_systems().values()
              if s is not system and s.verb(name) and option in s.verb(name).options]
    if others:
        return _said(N_("{option} is a {systems} option of `{name}`; this encounter is "
                        "{id} ({title})"), option=option, name=name, id=system.id,
                     systems=[s.title for s in others], title=system.title)
    known = ", ".join(sorted(system.verb(name).options))
    if not known:
        return _said(N_("no such option {option} for `{name}` in {id}; it takes no "
                        "options (the global options --force, -e, --lang, --as go "
                        "before or after it)"), option=option, name=name, id=system.id)
    return _said(N_("no such option {option} for `{name}` in {id}; its options: {known} "
                    "(the global options --force, -e, --lang, --as go before or after "
                    "it)"), option=option, name=name, id=system.id, known=known)


def _in_a_fight(c, values: dict) -> bool:
    """A rest asked for while the battle it would follow is going on."""
    from battletape.projections.campaign import battle_going_on

    return battle_going_on(c.bt, values.get("campaign"), c.encounter)


@cache
def build(system_id: str, name: str, lang: str = "en"):
    """The click command of verb ``name`` in ``system_id``, built from its table, its
    help in ``lang`` (the system's catalogue)."""
    from typer.core import TyperCommand

    from battletape.session import click_module, echo_events, get

    click = click_module()
    system = systems.get(system_id)
    verb: Verb = system.verbs[name]

    def callback(**values):
        current = click.globals.get_current_context()
        c = get(current)
        if name in STAT_BLOCK_VERBS:
            typed = {p.name for p in verb.params if current.get_parameter_source(
                p.name) is click.core.ParameterSource.COMMANDLINE}
            echo_events(c, c.record(stat_block_decision(c, verb, values, typed),
                                    verb.needs_history))
            return
        if verb.scope == "rest" and (c.capture is not None or _in_a_fight(c, values)):
            echo_events(c, c.record(verb.run(c, **values)))  # refused unless forced
            return
        if verb.scope in ("campaign", "rest"):
            from battletape.projections.campaign import between_battles

            campaign, battle = between_battles(c.bt, values.get("campaign"), c.encounter)
            c.battle = battle  # the battle it follows: what the verb acts on
            decide = c.forcing(verb.run(c, **values), campaign)
            if c.capture is not None:  # decided again (verify, amend): save nothing
                return c.capture.decide(lambda s, r: decide(campaign, r))
            echo_events(c, c.bt.record_campaign_rolls(campaign, decide, c.command_line))
            return
        decide = verb.run(c, **values)
        echo_events(c, c.record(decide, verb.needs_history))

    params = list(verb_params(system_id, name, lang))
    settings = context_settings(system_id, name)
    from battletape.domain.words import words

    said = words(lang, system.package).text(verb.help) if lang != "en" else verb.help
    return TyperCommand(name, params=params, callback=callback,
                        help=f"{said}\n\n({system.id}: {system.title})",
                        context_settings=settings, rich_markup_mode=None)
