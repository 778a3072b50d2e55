"""13th Age SRD, Combat Rules: Rest and Recharge (Riposo e Ricarica).

Quick Rests: "you can choose to heal yourself by using as many recoveries as you have
available. If you are staggered when you take a quick rest, you must try to heal
yourself." Recharge: "roll a d20 ... You have to roll the power's recharge value or
higher to use it again." Full Heal-ups: hit points reset to full, recoveries regained,
lasting wounds removed; a retreat to heal up early is a campaign loss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.thirteenth_age import combat_stats
from battletape.domain.thirteenth_age.events import (FullHealUpTaken, QuickRestTaken,
                                                    RechargeRolled)

if TYPE_CHECKING:
    import random


def quick_rest(pc: dict | None, name: str, spend: int | None, totals: list[int],
               rng: random.Random) -> list[Event]:
    """Spend recoveries between battles; ``pc`` is the carried state of the PC."""
    if pc is None:
        raise violation(N_("{name} has no battle behind it in this campaign since the "
                           "last full heal-up"), "Quick Rests", name=name)
    if pc["status"] == "dead":
        raise violation(N_("{name} is dead"), "Quick Rests", name=name)
    staggered = pc["hp"] * 2 <= pc["max_hp"]
    if spend is None:
        spend = len(totals) if totals else (1 if staggered else 0)
    if spend > 0 and pc["recoveries"] <= 0:
        raise violation(
            N_("{name} has no recoveries left: a quick rest heals only \"by using as many "
               "recoveries as you have available\" — a full heal-up (`heal-up`) restores "
               "them; {name} stays at {hp} hp"), "Quick Rests", name=name, hp=pc["hp"])
    if spend < 0 or spend > pc["recoveries"]:
        raise BadInput("recoveries to spend", spend,
                       N_('0..{n} (the recoveries available)'), n=pc['recoveries'])
    if staggered and spend == 0 and pc["recoveries"] > 0:
        refuse(N_("{name} is staggered and must try to heal"), "Quick Rests", name=name)
    if pc["hp"] >= pc["max_hp"]:
        raise AlreadyHolds.said(N_("{name} is at full hit points ({hp}/{max_hp}): a "
                                   "quick rest would change nothing"), name=name,
                                hp=pc["hp"], max_hp=pc["max_hp"])
    if spend == 0:
        raise AlreadyHolds.said(N_("{name} spends no recovery: a quick rest would "
                                   "change nothing (--roll N or --spend N)"), name=name)
    if totals and len(totals) != spend:
        raise BadInput("--roll", totals,
                       N_("one recovery total per recovery ({spend})"), spend=spend)
    expr = f"{pc['level']}d{pc['recovery_die']}"
    con = combat_stats.ability_damage(pc["con_mod"], pc["level"])
    rolls = [dice.dice_total(expr, totals[i] if totals else None, rng)
             for i in range(spend)]
    hp = max(pc["hp"], 0)
    healed = 0
    for r in rolls:
        gain = max(0, r.total + con)
        new = min(pc["max_hp"], hp + gain)
        healed += new - hp
        hp = new
    return [QuickRestTaken(name=name, rolls=rolls, con_bonus=con,
                           healed=hp - pc["hp"], recoveries_spent=spend,
                           after=pc["from"])]


def pc_of(pcs: list[str], name: str) -> str:
    """``name`` as one of the PCs of the battle just over (matched ignoring case)."""
    found = next((p for p in pcs if p.casefold() == name.casefold()), None)
    if found is None:
        raise violation(N_("{name} is not a PC of the last battle ({pcs})") if pcs
                        else N_("{name} is not a PC of the last battle (none)"),
                        "Rest and Recharge", name=name, pcs=", ".join(pcs))
    return found


def recharge(name: str, power: str, need: int, natural: int | None,
             rng: random.Random, pcs: list[str] | None = None) -> list[Event]:
    """Recharge a PC's power after the battle it fought (``pcs``: that battle's)."""
    if pcs is not None:
        name = pc_of(pcs, name)
    if not 2 <= need <= 20:
        raise BadInput("recharge value", need, "2..20")
    if not power.strip():
        raise BadInput("power", power, N_("the power's name"))
    roll = dice.d20_roll(natural, rng, what="recharge natural")
    return [RechargeRolled(name=name, power=power, roll=roll, recharge=need,
                           success=roll.total >= need)]


def full_heal_up(names: list[str], campaign_loss: bool,
                 carried: dict[str, dict | None] | None = None) -> list[Event]:
    """Full Heal-ups; ``carried``: each PC concerned as the campaign knows it (None:
    healed up since the last battle). A heal-up that heals nobody changes nothing,
    unless it is a retreat (a campaign loss is a fact of its own)."""
    if carried is not None and not campaign_loss and all(
            pc is None for pc in carried.values()):
        who = ", ".join(carried) or "no PC"
        raise AlreadyHolds.said(N_("nothing to heal: {who} already healed up since the "
                                   "last battle"), who=who)
    return [FullHealUpTaken(names=names, campaign_loss=campaign_loss)]


def carried_over(c, since: list[Event]) -> dict | None:
    """What a PC brings from its last battle into the next (``since``: the campaign's
    events after that battle): the hit points and recoveries its quick rests left,
    its penalty and lasting wounds; None after a full heal-up ("your hit points reset
    to full. You regain any recoveries you've used")."""
    me = c.name.casefold()
    hp, recoveries = c.hp, c.part.recoveries
    for e in since:
        if isinstance(e, FullHealUpTaken) and (
                not e.names or me in {n.casefold() for n in e.names}):
            return None
        if isinstance(e, QuickRestTaken) and e.name.casefold() == me:
            hp += e.healed
            recoveries -= e.recoveries_spent
    p = c.part
    return {"hp": hp, "recoveries": recoveries, "penalty": p.penalty,
            "lasting_wounds": p.lasting_wounds,
            "lost_max_hp": p.lasting_wounds * (2 + c.level),
            "con_mod": p.con_mod, "recovery_die": p.recovery_die}
