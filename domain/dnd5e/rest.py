"""5e SRD (seed 002), Giocare: Riposo (Resting).

Short rest 1 hour, long rest 8 hours; "recovering HP is one of the main benefits".
What the seed states elsewhere: temporary hit points end at a long rest (5E-THP-02); a
knocked-out creature wakes after a short rest (5E-KO-02). How many HP a rest restores
the seed does not say (5E-GAP-11); this module reads the SRD 5.1's "Resting" there:

* a **short rest**: a character spends Hit Dice, up to its level in all until a long
  rest gives them back; each die (the sheet's ``--hit-die``) is rolled and the
  character's Constitution modifier added, minimum 0, healed up to the maximum;
* a **long rest**: all lost hit points back, and spent Hit Dice back up to half the
  character's level (minimum one); a level of exhaustion goes; a character at 0 hit
  points at its start gains none of it ("at least 1 hit point").

A rest happens between battles, on the PCs it names (default: every PC of the battle
just over, the dead aside), recorded in the campaign's stream and carried into the
next battle (:func:`carried_over`); in the middle of a fight it is refused ("Riposo":
a rest is a time of rest) unless a GM forces it, and then it acts on the fight itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battletape.domain import dice
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.state import Combatant, Condition, EncounterState

if TYPE_CHECKING:
    import random

KINDS = ("short", "long")
RULE = "Riposo"


def _con(stats: dict) -> int:
    from battletape.domain.dnd5e.ability_scores import modifier

    con = (stats.get("scores") or {}).get("con")
    return modifier(con) if con is not None else 0


def view(c: Combatant) -> dict[str, Any]:
    """A combatant as a rest reads it (the same keys ``carried_over`` gives)."""
    return {"name": c.name, "hp": c.hp, "max_hp": c.max_hp, "level": c.level,
            "status": c.status, "hit_die": c.extra.get("hit_die"),
            "hit_dice_spent": c.extra.get("hit_dice_spent", 0),
            "exhaustion": c.extra.get("exhaustion", 0), "con_mod": _con(c.extra)}


def decide(kind: str, pcs: list[dict[str, Any]], spend: dict[str, int],
           totals: dict[str, list[int]], rng: random.Random,
           after: str | None = None) -> list[Event]:
    """The rest of ``pcs`` (each as :func:`view` gives it): ``spend`` Hit Dice per
    name, or the ``totals`` rolled at the table, one per die, before Con."""
    from battletape.domain.dnd5e.events import RestTaken

    if kind not in KINDS:
        raise BadInput("rest", kind, N_("short or long"))
    names = {p["name"].casefold(): p["name"] for p in pcs}
    for given in [*spend, *totals]:
        if given.casefold() not in names:
            raise BadInput("--spend/--roll", given, N_("a PC this rest names: {names}"),
                           names=", ".join(names.values()))
    spend = {names[k.casefold()]: v for k, v in spend.items()}
    totals = {names[k.casefold()]: v for k, v in totals.items()}
    if kind == "long" and (spend or totals):
        raise BadInput("--spend/--roll", "long", N_("Hit Dice are spent on a short rest"))
    healed: dict[str, int] = {}
    spent: dict[str, list] = {}
    regained: dict[str, int] = {}
    tired: list[str] = []
    unrested: list[str] = []
    for p in pcs:
        name, hp, top = p["name"], max(p["hp"], 0), p["max_hp"]
        if p["status"] == "dead":
            raise violation(
            N_("{name} is dead: a rest heals no one dead"), RULE, name=name)
        if kind == "long":
            if p["hp"] < 1:
                unrested.append(name)
                continue  # "at least 1 hit point at the start" of a long rest
            if top > hp:
                healed[name] = top - hp
            back = min(p["hit_dice_spent"], max(1, p["level"] // 2))
            if back:
                regained[name] = back
            if p["exhaustion"] > 0:
                tired.append(name)
            continue
        typed = totals.get(name, [])
        n = spend.get(name, len(typed))
        left = p["level"] - p["hit_dice_spent"]
        if n < 0 or n > left:
            raise BadInput(f"Hit Dice of {name}", n,
                           N_("0..{left} (the Hit Dice left of {n})"),
                           left=left, n=p['level'])
        if typed and len(typed) != n:
            raise BadInput("--roll", typed, N_('one total per Hit Die spent ({n})'), n=n)
        if n and not typed and not p["hit_die"]:
            raise BadInput(f"{name}'s hit die", None,
                           N_("--hit-die dN on its sheet, or the totals rolled at the "
                              "table (--roll {name}=T)"), name=name)
        sides = p["hit_die"] or 0
        rolls = []
        for i in range(n):
            expr = f"1d{sides}" if sides else "typed"
            roll = (dice.typed(expr, typed[i]) if typed else dice.roll(expr, rng))
            rolls.append(roll)
            hp = min(top, hp + max(0, roll.total + p["con_mod"]))
        if rolls:
            spent[name] = rolls
        if hp > max(p["hp"], 0):
            healed[name] = hp - max(p["hp"], 0)
    return [RestTaken(kind=kind, names=[p["name"] for p in pcs], healed=healed,
                      hit_dice=spent, dice_regained=regained, exhaustion_down=tired,
                      con_bonus={p["name"]: p["con_mod"] for p in pcs
                                 if p["name"] in spent}, after=after,
                      unrested=unrested)]


def between_battles(kind: str, pcs: list[dict[str, Any]], spend: dict[str, int],
                    totals: dict[str, list[int]], rng: random.Random,
                    battle: str) -> list[Event]:
    """A rest after the battle ``battle``: what changes nothing records nothing."""
    made = decide(kind, pcs, spend, totals, rng, after=battle)
    e = made[0]
    if not (e.healed or e.hit_dice or e.dice_regained or e.exhaustion_down):
        who = ", ".join(p["name"] for p in pcs) or "no PC"
        if kind == "short":
            raise AlreadyHolds.said(N_("a short rest would change nothing for {who} "
                                       "(spend Hit Dice: --spend NAME=N, or --roll "
                                       "NAME=T)"), who=who)
        raise AlreadyHolds.said(N_("a {rest} rest would change nothing for {who}"),
                                rest=kind, who=who)
    return made


def mid_fight(state: EncounterState, kind: str, names: list[str],
              spend: dict[str, int], totals: dict[str, list[int]],
              rng: random.Random) -> list[Event]:
    """A rest the GM forces in the middle of a fight, on the creatures named
    (default: the PCs neither dead nor fled)."""
    require_on(state)
    if kind not in KINDS:
        raise BadInput("rest", kind, N_("short or long"))
    who = [combatant(state, n) for n in names] if names else [
        c for c in state.combatants.values()
        if c.pc and c.status not in ("dead", "fled")]
    refuse(N_("the battle {name} is still going on (round {round}): a short rest "
              "happens between battles — `end` it first") if kind == "short"
           else N_("the battle {name} is still going on (round {round}): a long rest "
                   "happens between battles — `end` it first") if kind == "long"
           else N_("the battle {name} is still going on (round {round}): a {kind} rest "
                   "happens between battles — `end` it first"), RULE,
           name=state.name, round=state.round, kind=kind)
    return decide(kind, [view(c) for c in who], spend, totals, rng)


def fold_rest(c: Combatant, kind: str, e=None) -> None:
    from battletape.domain.dnd5e.dropping_to_zero import wake

    if c.status == "knocked-out":
        wake(c)
    if kind == "long":
        c.temp_hp = 0
    if e is None:
        return
    gain = e.healed.get(c.name, 0)
    if gain:
        c.hp = max(c.hp, 0) + gain
        if c.status in ("unconscious", "stable"):
            wake(c)
    spent = len(e.hit_dice.get(c.name, [])) - e.dice_regained.get(c.name, 0)
    if spent:
        c.extra["hit_dice_spent"] = c.extra.get("hit_dice_spent", 0) + spent
    if c.name in e.exhaustion_down:
        level = max(0, c.extra.get("exhaustion", 0) - 1)
        c.extra["exhaustion"] = level
        if level:
            c.conditions["exhaustion"] = Condition(until=f"level {level}")
        else:
            c.conditions.pop("exhaustion", None)


def carried_over(c: Combatant, since: list[Event]) -> dict[str, Any]:
    """What a 5e PC brings from its last battle into the next (``since``: the
    campaign's events after it): its hit points and Hit Dice as the rests since
    left them, its exhaustion (which lasts until a long rest takes it down)."""
    from battletape.domain.dnd5e.events import RestTaken

    me = view(c)
    hp, spent, tired = me["hp"], me["hit_dice_spent"], me["exhaustion"]
    for e in since:
        if isinstance(e, RestTaken) and c.name in e.names:
            hp = max(hp, 0) + e.healed.get(c.name, 0)
            spent += len(e.hit_dice.get(c.name, [])) - e.dice_regained.get(c.name, 0)
            if c.name in e.exhaustion_down:
                tired = max(0, tired - 1)
    return {"hp": hp, "hit_dice_spent": spent, "exhaustion": tired,
            "hit_die": me["hit_die"], "con_mod": me["con_mod"]}


def with_carried(added: list[Event], carried: dict[str, Any] | None) -> list[Event]:
    """``add NAME --pc``'s event with what the PC carried over (``carried_over``)."""
    from battletape.domain.roster import with_carried

    return with_carried(added, carried, ("hit_dice_spent", "exhaustion"), lowest_hp=0)
