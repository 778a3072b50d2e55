"""A campaign's party: the PCs' sheets the campaign keeps (domain/party.py), and what
each carried over from its last battle (projections/campaign.py)."""

from __future__ import annotations

from typing import List, Optional

import typer

from battletape.cli import app
from battletape.cli_bestiary import _campaign
from battletape.session import echo_events, get, out
from battletape.domain.words import N_
from battletape.domain.errors import BadInput, Either

ACTIONS = ("list", "add", "update", "remove")


@app.command(context_settings={"ignore_unknown_options": True,
                               "allow_extra_args": True})
def party(ctx: typer.Context,
          action: str = typer.Argument("list", help="list, add, update or remove."),
          name: Optional[str] = typer.Argument(None, help="The PC (add, update, remove)."),
          campaign: Optional[str] = typer.Option(None, "--campaign", help="Default: the current encounter's."),
          json_: bool = typer.Option(False, "--json")):
    """The PCs' sheets the campaign keeps, and what each carried over: `party` lists
    them; `party add NAME --hp N ...` keeps a sheet (the system's `add` options),
    `party update NAME --ac 17` changes it, `party remove NAME`.  Example: battletape
    party add Tobin --hp 30 --ac 15 --level 4 --hit-die d10"""
    from battletape.api.line_reader import typed_values
    from battletape.domain import party as sheets
    from battletape.domain import systems

    c = get(ctx)
    if action not in ACTIONS:
        raise BadInput("party", action, Either(ACTIONS))
    camp, system = _campaign(c, campaign)
    kept = sheets.sheets(c.bt.campaign_events(camp), system)
    if action == "list":
        _list(c, camp, system, kept, json_)
        return
    if not name:
        raise BadInput(f"party {action}", None, N_("the PC's name"))
    found = sheets.find(kept, name)
    if action == "remove":
        if found is None:
            raise BadInput("PC", name, N_("one of the party: {names}") if kept else
                           N_("one of the party: none yet"), names=", ".join(kept))
        echo_events(c, c.bt.record_campaign(camp, [sheets.SheetKept(
            name=found.name, system=system, removed=True)], c.command_line))
        return
    values, typed = typed_values(system, "add", [name, *ctx.args])
    typed -= {"name"}
    if action == "add" and found is not None:
        raise BadInput("PC", name,
                       N_("a PC not in the party yet ({name} is: `party update {name} "
                          "...`)"), name=found.name)
    if action == "update" and found is None:
        raise BadInput("PC", name, N_("one of the party: {names}") if kept else
                           N_("one of the party: none yet"), names=", ".join(kept))
    base = dict(found.stats) if found is not None else {}
    sheet = sheets.sheet_of(values, typed, base)
    if "hp" not in sheet:
        raise BadInput("--hp", None, N_("the PC's maximum hit points"))
    systems.get(system)  # the sheet's system is the campaign's current one
    who = found.name if found is not None else name
    echo_events(c, c.bt.record_campaign(camp, [sheets.keep(who, system, sheet)],
                                        c.command_line))


#: carried keys the listing leaves to the sheet (or says already)
QUIET = ("hp", "from", "status", "hit_die", "con_mod", "recovery_die")


def _list(c, campaign: str, system: str, kept: dict, as_json: bool) -> None:
    from battletape.domain import systems
    from battletape.projections.campaign import pc_state

    rows = []
    for name, sheet in kept.items():
        state = pc_state(c.bt, campaign, name) or {}
        carried = {k: v for k, v in state.items()
                   if k not in ("pc", "name", "max_hp", "level")}
        rows.append({"name": name, "system": sheet.system, "sheet": sheet.stats,
                     "carried": carried or None})
    if as_json:
        import json

        out(c, json.dumps(rows))
        return
    from battletape.domain.words import words

    rules = systems.get(system)
    _ = words(c.lang, rules.package)
    if not rows:
        out(c, _("no PC in the party of campaign {campaign} ({system}) yet: `party add "
                 "NAME --hp N ...`, or `add NAME --pc --hp N ...` in a battle",
                 campaign=campaign, system=system))
        return
    order = [p.name for p in rules.verb("add").params]
    for r in rows:
        items = sorted(r["sheet"].items(), key=lambda kv: order.index(kv[0])
                       if kv[0] in order else len(order))
        sheet = " ".join(f"{k.replace('_', '-')} "
                         f"{' '.join(map(str, v)) if isinstance(v, list) else v}"
                         for k, v in items)
        c_ = r["carried"]
        if c_:
            more = ", ".join(f"{rules.term(k.replace('_', ' '), c.lang)} {v}"
                             for k, v in c_.items()
                             if k not in QUIET and v not in (None, 0, {}))
            now = _("{hp}/{max_hp} hp, {status} after {battle}", hp=c_["hp"],
                    max_hp=r["sheet"].get("hp"), battle=c_.get("from"),
                    status=rules.term(c_.get("status", "up"), c.lang)) + (
                f"; {more}" if more else "")
        else:
            now = _("fresh (no battle yet, or healed up)")
        out(c, f"{r['name']}: {sheet} — {now}")
