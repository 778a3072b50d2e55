"""Campaign continuity: a PC's hit points, recoveries and penalties between battles.

Rest and Recharge: a PC carries its state from one battle of a campaign to the next,
through quick rests, until a full heal-up ("your hit points reset to full. You regain
any recoveries you've used"), which also removes every lasting wound.
"""

from __future__ import annotations

from types import SimpleNamespace

from battletape.domain import events as ev
from battletape.domain.errors import BadInput, RuleViolation

# the carried-over values of a combatant whose system keeps no part (as they were
# before the parts: a 5e PC carries no penalty, no wound, Con +0, d8)
_NO_PART = SimpleNamespace(penalty=0, lasting_wounds=0, con_mod=0, recovery_die=8)


def pc_state(bt, campaign: str, name: str, before: str | None = None) -> dict | None:
    """The PC's carried state after the campaign's battles (those before ``before``)."""
    events = bt.campaign_events(campaign)
    prior = []
    for e in events:
        if isinstance(e, ev.EncounterRegistered) and before is not None and \
                e.name.casefold() == before.casefold():
            break
        prior.append(e)
    rests: list[ev.QuickRestTaken] = []
    for e in reversed(prior):
        match e:
            case ev.FullHealUpTaken() if not e.names or name.casefold() in {
                    n.casefold() for n in e.names}:
                return None
            case ev.QuickRestTaken() if e.name.casefold() == name.casefold():
                rests.append(e)
            case ev.EncounterRegistered() if e.branched_from is None:  # what-ifs aren't canon
                c = bt.state(e.name).find(name)
                if c is None or not c.pc:
                    continue
                hp, recoveries = c.hp, c.recoveries
                for r in reversed(rests):
                    hp += r.healed
                    recoveries -= r.recoveries_spent
                # what a 13th Age PC carries over (a system without a part: defaults)
                p = c.part if c.part is not None else _NO_PART
                return {"hp": hp, "max_hp": c.max_hp, "recoveries": recoveries,
                        "penalty": p.penalty, "lasting_wounds": p.lasting_wounds,
                        "lost_max_hp": p.lasting_wounds * (2 + c.level),
                        "from": e.name, "status": c.status, "level": c.level,
                        "con_mod": p.con_mod, "recovery_die": p.recovery_die,
                        "pc": True, "name": c.name}
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
        raise RuleViolation(f"{named.name} is a what-if branch: rests, recharges and "
                            "heal-ups follow the campaign's own battles", rule)
    if campaign is None:
        campaign = (named or bt.registration()).campaign
    battles = [e for e in bt.campaign_events(campaign)
               if isinstance(e, ev.EncounterRegistered) and e.branched_from is None]
    if not battles:
        raise BadInput("campaign", campaign, "a campaign with at least one battle")
    last = battles[-1]
    if named is not None and named.campaign.casefold() != campaign.casefold():
        raise BadInput("--encounter", named.name, f"a battle of campaign {campaign!r}")
    if named is not None and named.name != last.name:
        raise RuleViolation(f"{named.name} is not the campaign's last battle ({last.name} "
                            "came after it): a rest follows the last one", rule)
    state = bt.state(last.name)
    if not state.ended:
        raise RuleViolation(f"the battle {last.name} is still going on (round "
                            f"{state.round}): only between battles — `end` it first", rule)
    return campaign, last.name


def pcs_of(bt, encounter: str) -> list[str]:
    """The PCs who fought ``encounter``."""
    return [c.name for c in bt.state(encounter).combatants.values() if c.pc]
