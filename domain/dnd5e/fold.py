"""5e SRD (seed 002), Giocare: how the events of a 5e encounter fold.

One arm per event; anything else leaves the state as it was. ``apply`` changes a
working state in place (the caller copies when it must not). Core events fold with
5e's meaning: HP never below 0, monsters die at 0, damage at 0 HP is a death-save
failure (two on a critical), temporary HP are lost first and never stack, healing
wakes and resets the death saves, the reaction returns at the START of the creature's
own turn, Dodge lasts until then, Disengage until the end of the turn.
"""

from __future__ import annotations

from battletape.domain import events as ev, named_effects
from battletape.domain.dnd5e import conditions, effects
from battletape.domain.dnd5e import events as ev5
from battletape.domain.dnd5e.damage_and_healing import heal
from battletape.domain.dnd5e.death_saving_throws import fold_death_save, fold_stabilize
from battletape.domain.dnd5e.dropping_to_zero import die, fall_unconscious, take, wake
from battletape.domain.dnd5e.initiative import ordered
from battletape.domain.dnd5e.rest import fold_rest
from battletape.domain.folding import (end_encounter, end_out_of_turn, mark_tied, rank_tied,
                            start_encounter)
from battletape.domain.state import Combatant, Condition, EncounterState

FRESH = {"death_saves_succeeded": 0, "death_save_due": False, "exhaustion": 0,
         "reaction_used": False, "dodging": False, "disengaged": False, "hidden": False}


def _spend(state: EncounterState, name: str, slot: str) -> None:
    """Actions, bonus actions, the free interaction (this turn), the reaction and the
    readied response (in another's turn, kept in ``actions_used`` until its own)."""
    c = state.combatants.get(name)
    if c is None or not slot:
        return
    if slot == "reaction":
        c.extra["reaction_used"] = True
    elif slot == "readied":
        # Preparare: the response is one action; it is taken (until its next turn)
        c.acts_out_of_turn = False
        if c.name in state.out_of_turn:
            state.out_of_turn.remove(c.name)
        if "readied" not in c.actions_used:
            c.actions_used.append("readied")
    elif slot in ("action", "bonus", "interact") and state.turn == c.name \
            and slot not in c.actions_used:
        c.actions_used.append(slot)


def _lose_dodge(c: Combatant) -> None:
    """Schivata: "Perdi questo beneficio se sei incapacitato o se la tua Velocità è 0"."""
    if conditions.incapacitated(c) or conditions.speed_zero(c) or c.status != "up":
        c.extra["dodging"] = False


def _damage(state: EncounterState, c: Combatant, amount: int, crit: bool,
            knock_out: bool = False) -> None:
    take(c, amount, crit, knock_out)
    _lose_dodge(c)


def _concentration_save(state: EncounterState, c: Combatant, amount: int) -> None:
    """A creature that concentrates and takes damage owes a Constitution save, one per
    instance (effects.py)."""
    if amount > 0 and effects.held_by(state, c.name):
        owed = list(c.extra.get("concentration_saves") or [])
        c.extra["concentration_saves"] = owed + [effects.concentration_dc(amount)]


def apply(state: EncounterState, e: ev.Event) -> EncounterState:
    """Fold ``e`` into ``state`` in place and return it."""
    state.position = e.originator_version or state.position + 1
    match e:
        case ev.EncounterStarted():
            start_encounter(state, e)
            state.extra["underwater"] = bool(e.options.get("underwater", False))
        case ev.CombatantAdded():
            state.combatants[e.name] = Combatant(
                name=e.name, max_hp=e.max_hp, hp=e.hp, group=e.group, pc=e.pc, ac=e.ac,
                level=e.level, init_bonus=e.init_bonus,
                extra={**FRESH, **{k: v for k, v in e.stats.items()}})
            if e.stats.get("exhaustion"):  # carried from the PC's last battle
                state.combatants[e.name].conditions["exhaustion"] = Condition(
                    until=f"level {e.stats['exhaustion']}")
            if e.pc and e.hp <= 0 and e.carried_from:  # ended the last one at 0 hp
                state.combatants[e.name].status = "stable"
                fall_unconscious(state.combatants[e.name])
        case ev.InitiativeRolled():
            for name in e.names:
                state.combatants[name].initiative = e.roll.total
            state.order = ordered(state)
        case ev5.InitiativeTied():
            mark_tied(state, e.names)
        case ev5.TieBroken():
            rank_tied(state, e.names)
            state.order = ordered(state)
        case ev.RoundStarted():
            state.round = e.round
            state.acted = []
        case ev.TurnStarted():
            state.turn = e.name
            c = state.combatants[e.name]
            c.actions_used = []
            c.readied = None
            c.extra.update(reaction_used=False, dodging=False, disengaged=False,
                           death_save_due=c.status == "unconscious", attacks=0)
            end_out_of_turn(state)
        case ev.TurnEnded():
            c = state.combatants[e.name]
            c.actions_used = []
            c.extra["disengaged"] = False
            named_effects.count_down(state, e.name)  # counted on this creature's turns
            end_out_of_turn(state)
            c.acts_out_of_turn = False
            if e.name not in state.acted:
                state.acted.append(e.name)
            state.turn = None
        case ev.AttackResolved():
            a, t = state.combatants[e.attacker], state.combatants[e.target]
            _spend(state, a.name, e.action)
            if e.action in ("action", "extra") and state.turn == a.name:
                a.extra["attacks"] = a.extra.get("attacks", 0) + 1  # this turn's Attack
            a.extra["hidden"] = False
            a.damage_dealt += e.damage
            _damage(state, t, e.damage, e.crit, "knocked-out" in e.tags)
            _concentration_save(state, t, e.damage)
        case ev.DamageTaken():
            _damage(state, state.combatants[e.target], e.amount, e.source == "critical")
            _concentration_save(state, state.combatants[e.target], e.amount)
        case ev.SaveRolled():
            if e.ends == effects.CONCENTRATION:
                owed = list(state.combatants[e.name].extra.get("concentration_saves") or [])
                state.combatants[e.name].extra["concentration_saves"] = owed[1:]
        case ev5.InstantDeath():
            die(state.combatants[e.name])
        case ev.Healed():
            heal(state.combatants[e.target], e.amount)
        case ev.TempHpGained():
            state.combatants[e.target].temp_hp = e.amount
        case ev5.TemporaryHitPointsChosen():
            state.combatants[e.target].temp_hp = e.temp_hp
        case ev.ConditionApplied():
            c = state.combatants[e.name]
            c.conditions[e.condition] = Condition(until=e.until, turn_ends=e.turn_ends,
                                                  source=e.source, save=e.save,
                                                  mods=dict(e.mods), turn_of=e.turn_of)
            for implied in conditions.implied(c, e.condition):
                c.conditions.setdefault(implied, Condition(source=e.condition))
            _lose_dodge(c)
        case ev.ConditionRemoved():
            c = state.combatants[e.name]
            if e.condition == "unconscious" and c.status in ("unconscious", "stable",
                                                             "knocked-out"):
                wake(c)  # no longer unconscious: the status follows (forced at 0 HP)
            gone = c.conditions.pop(e.condition, None)
            if gone is not None and gone.source in state.combatants \
                    and not effects.held_by(state, gone.source):
                state.combatants[gone.source].extra["concentration_saves"] = []
            for implied in conditions.EFFECTS.get(e.condition, conditions.Effects()).implies:
                info = c.conditions.get(implied)
                if info is not None and info.source == e.condition and implied != "prone":
                    del c.conditions[implied]
        case ev5.ExhaustionChanged():
            c = state.combatants[e.name]
            c.extra["exhaustion"] = e.level
            if e.level > 0:
                c.conditions["exhaustion"] = Condition(until=f"level {e.level}")
            else:
                c.conditions.pop("exhaustion", None)
            if e.level >= conditions.MAX_EXHAUSTION:
                die(c)
        case ev.DeathSaveRolled():
            fold_death_save(state.combatants[e.name], e)
        case ev.StabilizeAttempted():
            _spend(state, e.helper, e.action)
            fold_stabilize(state.combatants[e.name], e)
        case ev5.ActionTaken():
            c = state.combatants[e.name]
            _spend(state, c.name, e.slot)
            if e.action == "dodge":
                c.extra["dodging"] = True
                _lose_dodge(c)
            elif e.action == "disengage":
                c.extra["disengaged"] = True
            elif e.action == "hide":
                c.extra["hidden"] = True
        case ev.Readied():
            state.combatants[e.name].readied = e.trigger
            _spend(state, e.name, e.action)
        case ev5.ReadiedResponseTaken():
            c = state.combatants[e.name]
            c.readied = None
            c.extra["reaction_used"] = True
            c.acts_out_of_turn = True
            state.out_of_turn.append(c.name)
        case ev5.MaxHpReduced():
            c = state.combatants[e.target]
            c.max_hp = e.max_hp
            c.hp = min(c.hp, c.max_hp)
            if c.max_hp == 0:
                die(c)
        case ev5.Mounted():
            m, r = state.combatants[e.mount], state.combatants[e.rider]
            r.extra["mount"], m.extra["rider"] = m.name, r.name
            m.extra["controlled"] = e.controlled
            if e.controlled and e.initiative is not None:
                m.initiative = e.initiative
            state.order = ordered(state)
        case ev5.Dismounted():
            r = state.combatants[e.rider]
            m = state.combatants.get(e.mount)
            r.extra["mount"] = None
            if m is not None:
                m.extra["rider"], m.extra["controlled"] = None, False
            state.order = ordered(state)
        case ev5.RestTaken():
            for name in e.names:
                fold_rest(state.combatants[name], e.kind, e)
        case ev5.UnderwaterSet():
            state.extra["underwater"] = e.underwater
        case ev.EncounterEnded():
            end_encounter(state, e)
        case _:
            pass
    return state
