"""The recording commands: set-up, free rolls, the GM's rulings, and one command per
verb of the rule systems, each parsed by the encounter's system (battletape.dispatch)."""

from __future__ import annotations

from typing import Optional

import typer

from battletape.domain.words import tr
from battletape import dispatch
from battletape.cli import COMMAND_MODULES, CORE_COMMANDS, app
from battletape.session import echo_events, get, out
from battletape.domain import systems


# --- set-up ---------------------------------------------------------------------------

@app.command()
def new(ctx: typer.Context,
        name: str = typer.Argument(..., help="The encounter's name (quoted if it has spaces)."),
        system: str = typer.Option(systems.DEFAULT_SYSTEM, help="The rule system: " + systems.listing() + "."),
        campaign: str = typer.Option("default", help="The campaign this battle belongs to."),
        seed: Optional[int] = typer.Option(None, help="A public seed: virtual dice reproducible by anyone (tests, demos). Without it they come from a committed secret, revealed at `end`."),
        player_seed: list[str] = typer.Option([], "--player-seed", help="A player's value mixed into the dice secret (repeatable), so the GM does not choose the dice alone."),
        rule: list[str] = typer.Option([], "--rule", help="An optional rule of the system: " + systems.option_listing() + "."),
        lasting_wounds: bool = typer.Option(False, "--lasting-wounds", help="The same as --rule lasting-wounds."),
        meaningful_death: bool = typer.Option(False, "--meaningful-death", help="The same as --rule meaningful-death.")):
    """Start an encounter.  Example: battletape new "Goblin ambush" --campaign Emberfall --system 5e"""
    c = get(ctx)
    chosen = systems.get(system)
    # the two flags 13th Age encounters were started with before --rule existed
    rules = list(rule) + [r for r, on in (("lasting-wounds", lasting_wounds),
                                          ("meaningful-death", meaningful_death)) if on]
    c.bt.new(name, system=chosen.id, campaign=campaign, seed=seed,
             options=chosen.check_options(rules), command=c.command_line,
             player_seeds=[f"player: {v}" for v in player_seed])
    c.encounter = name
    out(c, tr(c.lang, "encounter {name} started ({system}, campaign {campaign})",
                         name=repr(name), system=chosen.id, campaign=campaign))


@app.command()
def use(ctx: typer.Context,
        name: Optional[str] = typer.Argument(None, help="The encounter (a prefix or its initials will do).")):
    """Make an encounter the current one (without NAME: say which is).  Example: battletape use "what if Bruna fled" """
    c = get(ctx)
    if name is None:
        reg = c.bt.registration(c.encounter)
        out(c, f"the current encounter is {reg.name!r} ({reg.system}, campaign "
               f"{reg.campaign})")
        return
    reg = c.bt.select(name)
    c.encounter = reg.name
    out(c, f"the current encounter is now {reg.name!r} ({reg.system}, campaign "
           f"{reg.campaign})")


@app.command(context_settings={"ignore_unknown_options": True})
def roll(ctx: typer.Context,
         expr: str = typer.Argument(..., help="Dice in avrae/d20 notation: 1d20+5, 4d6kh3, 2d6ro1+2."),
         by: Optional[str] = typer.Option(None, "--by", help="Who rolls (a combatant, a player)."),
         for_: str = typer.Option("", "--for", help="What the roll is for, in words."),
         faces: Optional[str] = typer.Option(None, "--faces", help="The dice as thrown at the table, comma-separated, in the expression's order: 1d100 --faces 42, 2d6+3 --faces 4,6"),
         json_: bool = typer.Option(False, "--json")):
    """A free roll in avrae/d20 notation, recorded; --faces types the dice thrown at the table.  Example: battletape roll 1d20+5 --by Bruna --for "climb the wall" (also 4d6kh3, (1d20+5, 1d20+5)kh1, d%, -1d4; battletape roll 1d100 --faces 42)"""
    from battletape.domain import free_rolls

    c = get(ctx)
    typed = free_rolls.parse_faces(faces) if faces is not None else None
    events = c.record(lambda s, r: free_rolls.free_roll(s, r, expr, by, for_, typed))
    if json_:
        import msgspec
        e = events[0]
        out(c, msgspec.json.encode({"position": e.originator_version, "expr": e.roll.expr,
                                    "faces": e.roll.faces, "sides": e.roll.sides,
                                    "modifier": e.roll.modifier, "total": e.roll.total,
                                    "by": e.roller, "for": e.purpose}).decode())
    else:
        echo_events(c, events)


@app.command()
def ruling(ctx: typer.Context,
           text: str = typer.Argument(..., help="The call, in words."),
           rule: Optional[str] = typer.Option(None, help="The seed section it concerns.")):
    """Record a GM's call where the rules leave one.  Example: battletape ruling "the ogre is large: it carries Bruna" """
    from battletape.domain import gm

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: gm.ruling(s, text, rule)))


# --- the verbs of the rule systems ----------------------------------------------------

def _passthrough(word: str, help_: str) -> None:
    def command(ctx: typer.Context):
        dispatch.run(ctx, word, list(ctx.args))

    command.__name__ = word.replace("-", "_")
    command.__doc__ = help_ + "  (Options depend on the encounter's system: " \
        "battletape WORD --help.)"
    from battletape.completion import VerbCommand

    app.command(word, cls=VerbCommand, context_settings=dispatch.PASSTHROUGH,
                add_help_option=False)(command)


_registered: set[str] = set()


def register(word: str | None = None) -> None:
    """Register the verb ``word`` (or every verb of every system) as a command."""
    wanted = dispatch.words() if word is None else {word: ""}
    for w, help_ in wanted.items():
        if w not in CORE_COMMANDS and w not in _registered:
            _passthrough(w, help_)
            _registered.add(w)
            COMMAND_MODULES.setdefault(w, "cli_record")


def scope(system_id: str) -> None:
    """Word the verbs' commands for an encounter of ``system_id`` (top-level help,
    `?` in play): each verb its system's help; another system's verb hidden (typing
    it still says whose it is)."""
    own = dispatch.words(system_id)
    for info in app.registered_commands:
        word = info.name
        if word not in _registered:
            continue
        info.hidden = word not in own
        if word in own:
            info.help = own[word] + "  (Options depend on the encounter's system: " \
                "battletape WORD --help.)"
