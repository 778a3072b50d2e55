"""D&D 3.5 (seed 003): the saving throws the seed demands (Tempra, Riflessi, Volontà).

The seed uses saves throughout but never defines them (RC-only, rules/3.5e.md section 16):
a save is 1d20 + the sheet's bonus (``add --fort/--ref/--will``) + the conditions'
penalties (shaken, sickened: -2; a negative level: -1), the typed bonuses (``mod X save
+1 --type resistance``, 35-BON-11) and the change of its ability's modifier since the sheet
(Con, Dex, Wis; ``abilities``) against a DC; no Dex score fails every Reflex save, no Con
score is immune to Fortitude saves unless harmless (35-ABI-05/06); battletape keeps the
3.5 books' natural 1 fails and natural 20 succeeds as a labelled default. A save the rules
demand -- Fortitude DC 15 against massive damage (35-MAS-01), DC 10 + damage after a coup
de grace (35-CDG-01) -- is pending until rolled, and a failure kills. "Deve superare
un TS ... o morire comunque": the save is made at once, so until it is recorded ``next``
is refused and so is every action of the creature that owes it (forceable, like the
dying creature's d100). A plain ``save X --fort`` (no ``--against``) is the save owed
when its kind matches and its DC is the one the rules set (or none is typed): it
settles it, and a failure kills. A save against massive damage or a coup de grace that
is not owed is a rule refusal a GM may force (then recorded with the DC typed, 15 for
massive damage by default, and a failure kills all the same).
"""

from __future__ import annotations

import shlex
from itertools import repeat
from operator import attrgetter
from typing import TYPE_CHECKING

from battletape.domain import dice, named_effects
from battletape.domain.dnd35 import abilities, conditions, stats
from battletape.domain.dnd35.armor_class import COVER
from battletape.domain.dnd35.terms import save as save_id
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionRemoved, Event, SaveRolled

if TYPE_CHECKING:
    import random

AGAINST = ("massive-damage", "coup-de-grace")
#: a combatant's own keys (stats.py), to look at every creature's in one go
_EXTRA = attrgetter("extra")


def rule_of(against: str) -> str:
    return "Danno massiccio" if against == "massive-damage" else "Colpo di grazia"


def owed(c, kind: str, dc: int | None) -> bool:
    """``c`` owes a save of this kind (massive damage, coup de grace) and ``dc`` is its
    DC or none: a plain ``save X --fort`` is that save."""
    due = stats.get(c, "save_due")
    return bool(due) and due.get("save") == kind and dc in (None, due.get("dc"))


def require_settled(state, c=None) -> None:
    """Danno massiccio, Colpo di grazia: a demanded save is rolled at once; until it is,
    ``next`` (``c`` None: anyone's) or ``c``'s own actions are refused (forceable)."""
    people = [c] if c is not None else state.combatants.values()
    # stats.get(x, "save_due") (its default is None), first for all at once
    if not any(map(dict.get, map(_EXTRA, people), repeat("save_due"))):
        return
    for x in people:
        due = x.extra.get("save_due")
        if not due or x.status == "dead":
            continue
        refuse(N_("{name} must first make the Fortitude save DC {dc} the rules demand "
                  "({against}): `save {quoted} --{save} --roll N`; a failure kills"),
               rule_of(due["against"]), name=x.name, dc=due["dc"],
               against=due["against"].replace("-", " "), quoted=shlex.quote(x.name),
               save=due["save"])


def save(state, rng: "random.Random", name: str, which: str, dc: int | None,
         bonus: int | None, natural: int | None, against: str | None,
         cover: str | None = None, harmless: bool = False) -> list[Event]:
    from battletape.domain.dnd35.events import Died

    require_on(state)
    c = combatant(state, name)
    kind = save_id(which)
    due = stats.get(c, "save_due")
    if against is not None and against not in AGAINST and against not in conditions.EFFECTS:
        raise BadInput("--against", against,
                       N_("massive-damage, coup-de-grace or a condition"))
    if cover is not None and kind != "ref":
        raise BadInput("--cover", cover,
                       N_("--ref as well (cover helps Reflex saves only)"))
    if against is None and owed(c, kind, dc):
        against = due["against"]        # the save owed, typed without --against
    if against in AGAINST:
        if not due or due.get("against") != against:
            refuse(N_("{name} owes no save against {against}"), rule_of(against),
                   name=c.name, against=against)
            if dc is None and against == "massive-damage":
                from battletape.domain.dnd35.damage import MASSIVE_DC
                dc = MASSIVE_DC
        else:
            if kind != due["save"]:
                raise BadInput("save", which,
                               N_("{n} (the save demanded)"), n=due['save'])
            if dc is not None and dc != due["dc"]:
                raise BadInput("--dc", dc, N_('{n} (the DC the rules set)'), n=due['dc'])
            dc = due["dc"]
    if dc is None:
        raise BadInput("--dc", dc, N_("the save's DC"))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    if kind == "fort" and stats.get(c, "no_con") and not harmless:
        refuse(N_("{name} has no Constitution score: immune to any effect that requires "
                  "a Fortitude save (unless harmless or working on objects: --harmless)"),
               "Caratteristiche: Costituzione", name=c.name)
    events: list[Event] = [rolled(c, rng, kind, dc, bonus, natural, cover,
                                  against or kind)]
    ok = events[0].success
    if not ok and against in AGAINST:
        events.append(Died(name=c.name, cause=against))
    return events


def rolled(c, rng, kind: str, dc: int, bonus: int | None, natural: int | None,
           cover: str | None = None, against: str | None = None,
           ends: str | None = None) -> SaveRolled:
    """One save of ``c``: the sheet's bonus (or ``bonus``), the conditions' penalties,
    the negative levels, the typed bonuses and the ability's change (named effects'
    too), cover on Reflex; a natural 1 fails and a 20 succeeds."""
    sheet = (stats.get(c, "saves") or {}).get(kind, 0) if bonus is None else bonus
    mod = sheet + conditions.penalty(c, "saves") - stats.get(c, "negative_levels")
    mod += sum(m.value for m in abilities.save_mods(c, kind))
    if kind == "ref" and cover:
        if cover not in COVER or COVER[cover][1] is None:
            raise BadInput("--cover", cover, N_("normal, limited or improved"))
        mod += COVER[cover][1]
    roll = dice.d20_roll(natural, rng, mod)
    nat = roll.faces[0]
    ok = nat == 20 or (nat != 1 and roll.total >= dc)
    if kind == "ref" and abilities.has_no(c, "dex"):
        ok = False      # 35-ABI-05: no Dex score, "fallisce automaticamente i TS sui Riflessi"
    return SaveRolled(name=c.name, against=against or kind, difficulty=kind, target=dc,
                      roll=roll, success=ok, ends=ends)


def at_turn_end(c, rng, naturals: list[list[int]]) -> list[Event]:
    """``--save-ends SAVE:DC`` (effects.py): ``c`` repeats the save as its turn ends,
    one SaveRolled per condition (``ends`` names it); a success removes it.
    ``naturals``: the faces typed, in the order of its conditions (else virtual)."""
    events: list[Event] = []
    for i, (n, kind, dc) in enumerate(named_effects.saves_due(c)):
        face = naturals[i][0] if i < len(naturals) else None
        saved = rolled(c, rng, kind, dc, None, face, ends=n)
        events.append(saved)
        if saved.success:
            events.append(ConditionRemoved(name=c.name, condition=n,
                                           reason=f"saved ({kind} DC {dc})"))
    return events


def effect(state, rng, source: str, targets: list[str], which: str, dc: int,
           cond: str, save_ends: bool, rounds: int | None,
           naturals: dict[str, int]) -> list[Event]:
    """A save-only effect (effects.py): one save per target against ``dc``, and
    ``cond`` on each that fails (``--save-ends``: the same save ends it at the end of
    each of its turns); no damage."""
    from battletape.domain.dnd35.conditions import apply_condition

    require_on(state)
    src = combatant(state, source)
    kind = save_id(which)
    if not 1 <= dc <= 60:
        raise BadInput("--dc", dc, N_("a DC from 1 to 60"))
    if not targets:
        raise BadInput("targets", "", N_("TARGET[,TARGET...]"))
    chosen = [combatant(state, t) for t in targets]
    for name in naturals:
        if combatant(state, name).name not in {t.name for t in chosen}:
            raise BadInput("--save-roll", name, N_("one of the targets: {names}"),
                           names=", ".join(t.name for t in chosen))
    typed = {combatant(state, n).name: v for n, v in naturals.items()}
    events: list[Event] = []
    for t in chosen:
        if t.status == "dead":
            raise violation(N_("{name} is dead"), "Condizioni: Morto", name=t.name)
        saved = rolled(t, rng, kind, dc, None, typed.get(t.name))
        events.append(saved)
        if not saved.success:
            try:
                events += apply_condition(state, t.name, cond, src.name, rounds,
                                          save_ends=f"{kind}:{dc}" if save_ends else None)
            except AlreadyHolds:
                pass            # it has it already: its save is recorded all the same
    return events
