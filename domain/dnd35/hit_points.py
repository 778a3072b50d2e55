"""D&D 3.5 (seed 003), Punti ferita: the thresholds the seed states in *Inabile*,
*Morente*, *Morto*, *Stabile* and *Danni non letali* (section 13 of rules/3.5e.md).

- hp >= 1: ``up`` -- unless nonlethal damage exceeds the current hp (``unconscious``);
  nonlethal equal to the current hp is *staggered* (35-NL-03, 35-HPS-11);
- exactly 0: ``disabled`` (one standard or move action a round; a standard action costs
  1 hp); any nonlethal damage then knocks it ``unconscious``;
- -1 to -9: ``dying`` (unconscious, no actions; each round in its turn a d100: 01-10 it
  becomes stable, otherwise it loses 1 hp); ``stable`` once stabilised;
- -10 or lower: ``dead``; also Con 0, a failed save against massive damage or a coup de
  grace, negative levels equal to its Hit Dice.

Only living creatures can be disabled or dying: constructs and undead (``--nonliving``)
are destroyed at 0 hp (35-HPS-09). A dead creature can't be healed (35-HPS-10); the seed
states no cap on healing (RC-only), so battletape keeps the maximum as a labelled default.
⚠ The seed is silent on a stable creature that takes damage: as in the 3.5 books, it is
dying again. Objects (``add --object``) are not living: at 0 hp they break (``dead``).
"""

from __future__ import annotations

from battletape.domain.dnd35 import ability_scores, stats
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_
from battletape.domain.events import DeathSaveRolled, Event, Healed, StabilizeAttempted
from battletape.domain.state import Combatant, EncounterState

DEAD_AT = -10
STABLE_UP_TO = 10      # d100 faces 01-10 (35-HPS-05: "10%"; which faces is not stated)


def status_of(c: Combatant) -> str:
    """The status the thresholds give (the dead and the fled stay so)."""
    if c.status in ("dead", "fled") or stats.get(c, "killed"):
        return c.status if c.status == "fled" else "dead"
    con = ability_scores.score(c, "con")
    if c.hp <= DEAD_AT or (con is not None and con <= 0 and not stats.get(c, "no_con")):
        return "dead"
    if c.hp <= 0 and not stats.get(c, "living"):
        return "dead"
    if c.hp < 0:
        return "stable" if stats.get(c, "stabilized_by") else "dying"
    nonlethal = stats.get(c, "nonlethal")
    if c.hp == 0:
        return "unconscious" if nonlethal > 0 else "disabled"
    return "unconscious" if nonlethal > c.hp else "up"


def staggered(c: Combatant) -> bool:
    """Barcollante: nonlethal damage equal to current hp (or the condition itself)."""
    n = stats.get(c, "nonlethal")
    return "staggered" in c.conditions or (n > 0 and n == c.hp and c.hp > 0)


def settle(c: Combatant) -> None:
    """Recompute the status after a change of hp, nonlethal damage or ability scores."""
    before = c.status
    c.status = status_of(c)
    if c.status == "dead" and before != "dead":
        c.extra["death_save_due"] = False
    if c.hp >= 0:
        c.extra["stabilized_by"] = None


def lose_hp(c: Combatant, amount: int) -> None:
    if amount <= 0 or c.status == "dead":
        return
    c.hp -= amount
    c.damage_taken += amount
    if c.hp < 0:
        # ⚠ the seed is silent: as in the 3.5 books, a stable creature that takes
        # damage is dying again
        c.extra["stabilized_by"] = None
    settle(c)


def gain_nonlethal(c: Combatant, amount: int) -> None:
    """35-NL-01: nonlethal damage does not lower hp; objects and the non-living are
    immune (35-OBJ-01; constructs and undead)."""
    if amount <= 0 or c.status == "dead" or not stats.get(c, "living"):
        return
    c.extra["nonlethal"] = stats.get(c, "nonlethal") + amount
    settle(c)


def heal(c: Combatant, amount: int) -> None:
    """35-NL-04: healing of lethal damage heals as much nonlethal; 35-HPS-06: a dying
    creature that regains at least 1 hp becomes stable (0: disabled, 1+: up)."""
    was_negative = c.hp < 0
    c.hp = min(c.max_hp, c.hp + amount)
    c.extra["nonlethal"] = max(0, stats.get(c, "nonlethal") - amount)
    if was_negative and c.hp < 0:
        c.extra["stabilized_by"] = "healing"
    settle(c)


def check_heal(c: Combatant) -> None:
    if c.status == "dead":
        raise violation(N_("{name} is dead: a dead creature can't benefit from normal or "
                           "magical healing (it can be raised)"), "Condizioni: Morto",
                        name=c.name)


def direct_heal(state: EncounterState, target: str, amount: int) -> list[Event]:
    require_on(state)
    c = combatant(state, target)
    check_heal(c)
    if amount <= 0:
        raise BadInput("healing", amount, N_("1 or more"))
    return [Healed(target=c.name, amount=amount)]


def fold_death_save(c: Combatant, e: DeathSaveRolled) -> None:
    c.extra["death_save_due"] = False
    if e.success:
        c.extra["stabilized_by"] = "self"
        settle(c)
    else:
        lose_hp(c, 1)


def fold_stabilize(c: Combatant, e: StabilizeAttempted) -> None:
    if e.success and c.status == "dying":
        c.extra["stabilized_by"] = e.helper
        settle(c)
