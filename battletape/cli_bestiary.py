"""The campaign's bestiary: stat blocks and saved attacks loaded from a TOML file."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from battletape.cli import app
from battletape.session import echo_events, get, out
from battletape.domain.words import N_
from battletape.domain.errors import BadInput

bestiary_app = typer.Typer(help="Stat blocks and saved attacks (add --from, attack A T "
                                "NAME).", no_args_is_help=True)
app.add_typer(bestiary_app, name="bestiary")

CAMPAIGN = typer.Option(None, "--campaign", help="Default: the current encounter's.")


def _campaign(c, campaign: Optional[str]) -> tuple[str, str]:
    """The campaign and the system its blocks default to (the current encounter's)."""
    if campaign:
        regs = [r for r in c.bt.registrations() if r.campaign.casefold()
                == campaign.casefold()]
        if not regs:
            raise BadInput("campaign", campaign,
                           N_("a campaign with at least one encounter"))
        return regs[-1].campaign, regs[-1].system
    reg = c.bt.registration(c.encounter)
    return reg.campaign, reg.system


@bestiary_app.command("add")
def bestiary_add(ctx: typer.Context, file: str = typer.Argument(..., help="A TOML file."),
                 campaign: Optional[str] = CAMPAIGN):
    """Load stat blocks into the campaign, recorded as events.  Example: battletape
    bestiary add monsters.toml"""
    import tomllib

    from battletape.domain import stat_blocks

    c = get(ctx)
    path = Path(file)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise BadInput("file", file,
                       N_("a readable TOML file ({strerror})"),
                       strerror=err.strerror) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise BadInput("file", file, N_('valid TOML ({err})'), err=err) from None
    camp, system = _campaign(c, campaign)
    blocks = stat_blocks.read(data, path.name, system)
    echo_events(c, c.bt.record_campaign(camp, blocks))


def _blocks(c, campaign: Optional[str]):
    from battletape.domain import stat_blocks

    camp, _ = _campaign(c, campaign)
    return stat_blocks.bestiary(c.bt.campaign_events(camp))


@bestiary_app.command("list")
def bestiary_list(ctx: typer.Context, campaign: Optional[str] = CAMPAIGN,
                  json_: bool = typer.Option(False, "--json")):
    """The campaign's stat blocks.  Example: battletape bestiary list"""
    import msgspec

    c = get(ctx)
    blocks = _blocks(c, campaign)
    if json_:
        out(c, msgspec.json.encode([_as_json(b) for b in blocks.values()]).decode())
        return
    if not blocks:
        out(c, "no stat blocks yet: load some with `battletape bestiary add FILE`")
    for b in blocks.values():
        attacks = ", ".join(b.attacks) or "no saved attacks"
        out(c, f"{b.key:<16} {b.system:<5} {b.name} ({b.stats.get('hp')} hp): {attacks}")


@bestiary_app.command("show")
def bestiary_show(ctx: typer.Context, key: str, campaign: Optional[str] = CAMPAIGN,
                  json_: bool = typer.Option(False, "--json")):
    """One stat block with its saved attacks.  Example: battletape bestiary show orc"""
    import msgspec

    from battletape.domain import stat_blocks

    c = get(ctx)
    b = stat_blocks.find(_blocks(c, campaign), key)
    if json_:
        out(c, msgspec.json.encode(_as_json(b)).decode())
        return
    out(c, f"{b.name} [{b.key}] ({b.system}, from {b.source or 'the store'})")
    out(c, "  " + " ".join(f"--{k.rstrip('_').replace('_', '-')} {v}"
                           for k, v in b.stats.items()))
    for name, values in b.attacks.items():
        opts = " ".join(f"--{k.rstrip('_').replace('_', '-')} {v}"
                        for k, v in values.items() if k != "triggers")
        out(c, f"  {name}: {opts}")
        for t in values.get("triggers", []):
            out(c, f"    {t}")


def _as_json(b) -> dict:
    return {"key": b.key, "name": b.name, "system": b.system, "source": b.source,
            "stats": b.stats, "attacks": b.attacks}
