"""Campaign continuity: what a PC carries from one battle of a campaign to the next.

The core carries the hit points a battle left; the encounter's rule system says what
else carries over and what the campaign's events between battles change (13th Age,
Rest and Recharge: recoveries, quick rests, penalties, lasting wounds, and a full
heal-up that resets them all: ``RuleSystem.carried_over``).
"""

from __future__ import annotations

from battletape.domain import events as ev, systems
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_


def pc_state(bt, campaign: str, name: str, before: str | None = None) -> dict | None:
    """The PC's carried state after the campaign's battles (those before ``before``)."""
    events = bt.campaign_events(campaign)
    prior = []
    for e in events:
        if isinstance(e, ev.EncounterRegistered) and before is not None and \
                e.name.casefold() == before.casefold():
            break
        prior.append(e)
    for i in range(len(prior) - 1, -1, -1):
        e = prior[i]
        if not isinstance(e, ev.EncounterRegistered) or e.branched_from is not None:
            continue  # what-ifs aren't canon
        state = bt.state(e.name)
        c = state.find(name)
        if c is None or not c.pc:
            continue
        carried = systems.of(state).carried_over(c, prior[i + 1:])
        if carried is None:
            return None
        return {"hp": c.hp, "max_hp": c.max_hp, "from": e.name, "status": c.status,
                "level": c.level, "pc": True, "name": c.name, **carried}
    return None


def carried_for(bt, encounter: str | None, name: str) -> dict | None:
    """What a PC brings into ``encounter`` (a branch starts as its original did)."""
    reg = bt.registration(encounter)
    return pc_state(bt, reg.campaign, name, before=reg.branched_from or reg.name)


def between_battles(bt, campaign: str | None, encounter: str | None) -> tuple[str, str]:
    """The campaign and the battle a rest, a recharge or a heal-up follows: the one
    named (``--encounter``), else the campaign's last; it must be over, the campaign's
    last, and no what-if branch ("Rest and Recharge": between battles)."""
    rule = "Rest and Recharge"
    named = bt.registration(encounter) if encounter is not None else None
    if named is not None and named.branched_from is not None:
        raise violation(N_("{name} is a what-if branch: rests, recharges and heal-ups "
                           "follow the campaign's own battles"), rule, name=named.name)
    if campaign is None:
        campaign = (named or bt.registration()).campaign
    battles = [e for e in bt.campaign_events(campaign)
               if isinstance(e, ev.EncounterRegistered) and e.branched_from is None]
    if not battles:
        raise BadInput("campaign", campaign, N_("a campaign with at least one battle"))
    last = battles[-1]
    if named is not None and named.campaign.casefold() != campaign.casefold():
        raise BadInput("--encounter", named.name,
                       N_("a battle of campaign {campaign!r}"), campaign=campaign)
    if named is not None and named.name != last.name:
        raise violation(N_("{name} is not the campaign's last battle ({last} came after "
                           "it): a rest follows the last one"), rule, name=named.name,
                        last=last.name)
    state = bt.state(last.name)
    if not state.ended:
        raise violation(N_("the battle {name} is still going on (round {round}): only "
                           "between battles — `end` it first"), rule, name=last.name,
                        round=state.round)
    return campaign, last.name


def pcs_of(bt, encounter: str) -> list[str]:
    """The PCs who fought ``encounter``."""
    return [c.name for c in bt.state(encounter).combatants.values() if c.pc]


def battle_going_on(bt, campaign: str | None, encounter: str | None) -> bool:
    """Whether a rest asked for now falls in a fight: the encounter named (or the
    current one, when it is of ``campaign``) is going on."""
    reg = bt.registration(encounter)
    if campaign is not None and encounter is None and \
            reg.campaign.casefold() != campaign.casefold():
        return False
    return not bt.state(reg.name).ended
