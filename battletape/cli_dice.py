"""Provably fair virtual dice on the command line: where an encounter's dice come
from, a player's contribution to them, and the reveal of their secret."""

from __future__ import annotations

import typer

from battletape.domain.words import N_, tr, words
from battletape.cli import app
from battletape.session import echo_events, get, out
from battletape.domain.errors import violation

dice_app = typer.Typer(help="Provably fair virtual dice: status, contribute, reveal.",
                       no_args_is_help=True)
app.add_typer(dice_app, name="dice")


@dice_app.command("status")
def status(ctx: typer.Context, json_: bool = typer.Option(False, "--json")):
    """Where this encounter's virtual dice come from.  Example: battletape dice status"""
    from battletape.domain import fair_dice

    c = get(ctx)
    view = fair_dice.describe(c.bt.state(c.encounter))
    if json_:
        import msgspec

        out(c, msgspec.json.encode(view).decode())
        return
    _ = words(c.lang)
    if view["mode"] == "public seed":
        out(c, _("virtual dice: public seed {seed} — reproducible by anyone (for tests "
                 "and demos)", seed=view["seed"]))
    elif view["mode"] == "unverifiable":
        out(c, _("virtual dice: no committed secret yet (an encounter from before "
                 "committed dice); its next virtual roll commits one"))
    else:
        said = (_("revealed") if view["revealed"]
                else _("secret until `dice reveal` or `end`"))
        out(c, _("virtual dice: committed, sha256 {commitment} (since position "
                 "{since}), {said}", commitment=view["commitment"], since=view["since"],
                 said=said))
        for who in view["contributions"]:
            out(c, "  " + _("contribution: {who}", who=who))


@dice_app.command("contribute")
def contribute(ctx: typer.Context, name: str, value: str):
    """A player mixes a value into the dice secret, before its first roll, so that the
    GM does not choose the dice alone.  Example: battletape dice contribute Bruna "owlbear 42" """
    from battletape.domain import bounds, fair_dice

    bounds.check_name("name", name)
    c = get(ctx)
    echo_events(c, c.record(lambda s, r, evs: fair_dice.contribute(s, evs, name, value),
                            needs_history=True))


@dice_app.command("reveal")
def reveal(ctx: typer.Context,
           campaign: bool = typer.Option(False, "--campaign", help="The dice of the campaign's rolls between battles (rests, recharges).")):
    """Publish the secret of the virtual dice (a GM; `end` does it too): anyone can
    then check every virtual roll with `battletape verify`.  Example: battletape dice reveal"""
    from battletape.domain import fair_dice

    c = get(ctx)
    reg = c.bt.registration(c.encounter)
    gms = c.bt.gms(reg.campaign)
    if c.bt.user.casefold() not in {g.casefold() for g in gms}:
        raise violation(N_("{name} is not a GM of campaign {campaign!r}: only a GM "
                           "reveals the dice secret"), name=c.bt.user,
                        campaign=reg.campaign)
    if campaign:
        for e in c.bt.reveal_campaign_dice(reg.campaign):
            out(c, f"{e.originator_version:>5}  " + tr(c.lang, 
                "campaign {campaign}: the dice secret (sha256 {commitment}…) is revealed",
                campaign=reg.campaign, commitment=e.commitment[:12]))
        return
    held = c.bt.dice_secrets(reg.encounter_id)
    echo_events(c, c.record(lambda s, r: fair_dice.reveal(
        s, held.get(s.dice.commitment) if s.dice and s.dice.commitment else None)))
