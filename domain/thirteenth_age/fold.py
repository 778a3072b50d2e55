"""13th Age SRD, Combat Rules: how the events of a 13th Age encounter fold.

One arm per event; anything else leaves the state as it was. ``apply`` changes a
working state in place (the caller copies when it must not).
"""

from __future__ import annotations

from battletape.domain import events as ev, named_effects
from battletape.domain.folding import (actor_of, delay_turn, end_out_of_turn,
                            spend_action, start_encounter, take_delayed_turn,
                            take_readied_action, unengage)
from battletape.domain.state import Combatant, Condition, EncounterState, Ongoing
from battletape.domain.thirteenth_age import damage_and_healing as dh, events as te, mooks
from battletape.domain.thirteenth_age.events import added_stat as stat
from battletape.domain.thirteenth_age.initiative_order import ordered
from battletape.domain.thirteenth_age.state import Combatant13a, Encounter13a, encounter


def _reorder(state: EncounterState) -> None:
    state.order = ordered(state)


def _damage(state: EncounterState, c: Combatant, amount: int, knock_out: bool = False,
            villain: bool = False) -> None:
    def one(m: Combatant, share: int) -> None:
        before = m.status
        dh.take_damage(m, share, state.options.get("meaningful_death", False),
                       knock_out=knock_out, villain=villain)
        if m.status == "dead" and before != "dead":
            unengage(state, m)

    mooks.spill(state, c, amount, one)  # a mook's excess goes on through its mob


def apply(state: EncounterState, e: ev.Event) -> EncounterState:
    """Fold ``e`` into ``state`` in place and return it."""
    state.position = e.originator_version or state.position + 1
    if getattr(e, "action", ""):
        if e.action == "interrupt":  # spent until the end of the actor's next turn
            actor = actor_of(state, e)
            if actor is not None:
                actor.part.interrupt_spent = True
        elif e.action == "readied":  # the one readied action is taken
            actor = actor_of(state, e)
            if actor is not None:
                actor.part.readied_action = ""
        else:
            spend_action(state, e)
            actor = actor_of(state, e)
            if (actor is not None and e.action != "free" and actor.name != state.turn
                    and mooks.in_mobs_turn(state, actor)
                    and e.action not in actor.actions_used):
                actor.actions_used.append(e.action)  # a mook acts in its mob's turn
    match e:
        case ev.TurnStarted():
            state.turn = e.name
            c = state.combatants[e.name]
            c.delayed = False  # Delay/Ready: unused at your next action, it is lost
            c.readied = None
            c.actions_used = []
            p = c.part
            p.moving = p.moved = p.coup_de_grace = p.death_saved = False
            p.engaging = False
            p.readied_action = ""
            # Death and Dying: "a death save at the start of each of your turns"
            p.dying_at_start = c.pc and c.status in ("unconscious", "stable") \
                and not p.coma
            end_out_of_turn(state)
            mooks.act_together(state, e.name)
        case ev.TurnEnded():
            c = state.combatants[e.name]
            p = c.part
            p.no_actions = False
            p.interrupt_spent = False  # "until the end of your next turn"
            c.actions_used = []
            p.moving = p.moved = p.coup_de_grace = p.dying_at_start = False
            p.engaging = False
            p.provoked = []
            end_out_of_turn(state)
            if e.name not in state.acted:
                state.acted.append(e.name)
            c.acts_out_of_turn = False
            named_effects.count_down(state, e.name)  # durations counted on its turns
            state.turn = None
        case ev.AttackResolved():
            a, t = state.combatants[e.attacker], state.combatants[e.target]
            a.damage_dealt += e.damage
            for tag in e.tags:  # Ranged and Spell Attacks draw opportunity attacks
                if tag.startswith("provokes:") and tag[9:] not in a.part.provoked:
                    a.part.provoked.append(tag[9:])
            if "opportunity" in e.tags and a.name in t.part.provoked:
                t.part.provoked.remove(a.name)
            if "coup-de-grace" in e.tags and a.name == state.turn:
                a.part.coup_de_grace = True
            _damage(state, t, e.damage, "knock-out" in e.tags, a.part.villain)
        case ev.RoundStarted():
            state.round = e.round
            encounter(state).escalation_die = te.own(e, "escalation_die")
            state.acted = []
            if e.round > 1:
                encounter(state).surprise = []
        case ev.Healed():
            dh.heal(state.combatants[e.target], e.amount)
        case ev.DamageTaken():
            _damage(state, state.combatants[e.target], e.amount, e.knock_out)
        case ev.OngoingDamageApplied():
            state.combatants[e.name].ongoing.append(
                Ongoing(amount=e.amount, type=e.damage_type, save=e.save,
                        natural=e.natural, extra=te.extra(
                            "OngoingDamageApplied", nonmagical=te.own(e, "nonmagical"))))
        case ev.OngoingDamageEnded():
            c = state.combatants[e.name]
            if 0 <= e.index < len(c.ongoing):
                del c.ongoing[e.index]
        case ev.ConditionApplied():
            c = state.combatants[e.name]
            old = c.conditions.get(e.condition)
            new = Condition(save=e.save, until=e.until, turn_ends=e.turn_ends,
                            source=e.source, mods=dict(e.mods), turn_of=e.turn_of)
            if old and (old.mods != new.mods or old.turn_of != new.turn_of):
                c.conditions[e.condition] = new  # a named effect cast anew
            else:
                c.conditions[e.condition] = _worse(old, new) if old else new
            if e.condition in ("fled", "surrendered") and c.status != "dead":
                c.status = "fled"  # out of the fight: no more turns, no engagement
                unengage(state, c)
        case ev.ConditionRemoved():
            c = state.combatants[e.name]
            info = c.conditions.pop(e.condition, None)
            if (e.condition in ("fled", "surrendered") and c.status == "fled"
                    and not set(c.conditions) & {"fled", "surrendered"}):
                c.status = "up" if c.hp > 0 else "unconscious"  # back in the fight
            if e.condition == "grabbed" and info is not None and info.source:
                pass  # engagement stays: the grabber lets go but is still in melee
        case ev.EncounterStarted():
            start_encounter(state, e)
            if state.part is None:
                state.part = Encounter13a()
        case ev.CombatantAdded():
            state.combatants[e.name] = Combatant(
                name=e.name, max_hp=e.max_hp, hp=e.hp, group=e.group, pc=e.pc,
                ac=e.ac, level=e.level, init_bonus=e.init_bonus,
                # a PC that ended its last battle below 1 hp joins as it ended
                status="unconscious" if e.pc and e.hp <= 0 else "up",
                part=Combatant13a(
                    pd=stat(e, "pd"), md=stat(e, "md"),
                    recovery_die=stat(e, "recovery_die"), con_mod=stat(e, "con_mod"),
                    resist=dict(stat(e, "resist")), penalty=stat(e, "penalty"),
                    lasting_wounds=stat(e, "lasting_wounds"),
                    recoveries=stat(e, "recoveries"),
                    villain=bool(e.stats.get("villain", False)),
                    mook=bool(e.stats.get("mook"))))
        case ev.InitiativeRolled():
            for name in e.names:
                c = state.combatants[name]
                c.initiative = e.roll.total
                c.temp_hp = 0  # Temporary Hit Points: drop to 0 when you roll initiative
            _reorder(state)
        case ev.SurpriseDeclared():
            p = encounter(state)
            p.surprise = list(e.actors)
            p.surprise_advance = te.own(e, "advance_escalation")
        case ev.Delayed():
            delay_turn(state, e.name)
        case ev.Readied():
            state.combatants[e.name].readied = e.trigger
            state.combatants[e.name].part.readied_action = te.own(e, "readies")
        case ev.DelayedActionTaken():
            take_delayed_turn(state, e)
        case ev.ReadiedActionTaken():
            take_readied_action(state, e)
        case te.EscalationSet():
            encounter(state).escalation_die = e.value
            encounter(state).escalation_held = e.held
        case ev.TempHpGained():
            dh.gain_temp_hp(state.combatants[e.target], e.amount)
        case te.RecoverySpent():
            c = state.combatants[e.name]
            if e.had_recovery:
                c.part.recoveries -= 1
            else:
                c.part.penalty += 1
            dh.heal(c, e.amount)
        case te.RallyAttempted():
            c = state.combatants[e.name]
            if e.success:
                c.part.rallies += 1
            else:
                c.part.rally_blocked_round = state.round
        case ev.Engaged():
            a, b = state.combatants[e.a], state.combatants[e.b]
            a.part.moving = a.part.moved = False  # the move ends in melee
            a.part.engaging = mooks.own_turn(state, a) and e.how in ("engage", "attack")
            if b.name not in a.engaged_with:
                a.engaged_with.append(b.name)
            if a.name not in b.engaged_with:
                b.engaged_with.append(a.name)
            a.part.whereabouts = b.part.whereabouts = "nearby"
        case ev.DisengageAttempted():
            if e.success:  # from the foes it disengaged from (all, or only some)
                c = state.combatants[e.name]
                _part_from(state, c, e.foes)
                c.part.moving = mooks.own_turn(state, c)
                c.part.moved = False
        case ev.Moved():
            c = state.combatants[e.name]
            unengage(state, c)
            p = c.part
            # Far Away: "two moves away": coming back from far is a whole move
            p.moving = mooks.own_turn(state, c) and not e.teleport and p.whereabouts != "far"
            p.moved = True
            p.whereabouts = e.where
            p.engaging = False  # a new move: engaging where it ends is that move
            p.provoked = [n for n in dict.fromkeys(p.provoked + list(e.provoked))]
        case te.FlightChanged():
            state.combatants[e.name].part.flying = e.flying
        case te.SpiritFought():
            state.combatants[e.name].part.spirit_round = state.round
            state.combatants[e.ally].part.spirit[e.stat] = [e.amount, e.until_round]
            encounter(state).spirit_used = True
        case ev.DeathSaveRolled():
            c = state.combatants[e.name]
            c.part.death_saved = True
            if e.success and not e.acts:
                c.part.no_actions = True  # only a natural 20 acts normally that turn
            if not e.success and c.status != "stable":
                c.death_saves_failed += 1
                if c.death_saves_failed >= 4:
                    if state.options.get("meaningful_death", False):
                        c.part.coma = True  # Optional Meaningful Death: a coma
                    else:
                        c.status = "dead"
        case ev.StabilizeAttempted():
            c = state.combatants[e.name]
            if e.success and c.status == "unconscious":
                c.status = "stable"
        case ev.EncounterEnded():
            state.ended = e.outcome
            state.turn = None
            for c in state.combatants.values():
                c.temp_hp = 0  # Temporary Hit Points reset to 0 after a battle
                c.ongoing = []  # Ongoing Damage: the PCs automatically make their saves
                c.conditions = {}
                c.engaged_with = []
                if e.outcome == "fled" and c.pc and c.status != "dead":
                    c.status = "fled"
                if c.part.fell and c.pc and state.options.get("lasting_wounds", False):
                    dh.lasting_wound(c)
        case _:
            pass
    return state


def _part_from(state: EncounterState, c: Combatant, foes: list[str]) -> None:
    """Disengaging from some of the foes engaging you: the others stay engaged."""
    if set(foes) >= set(c.engaged_with):
        unengage(state, c)
        return
    from battletape.domain.folding import release_grab

    for name in foes:
        o = state.combatants.get(name)
        if o is not None:
            o.engaged_with = [n for n in o.engaged_with if n != c.name]
            release_grab(c, o)
    c.engaged_with = [n for n in c.engaged_with if n not in foes]


_SAVE_RANK = {None: 3, "hard": 2, "normal": 1, "easy": 0}
_UNTIL_RANK = {None: 3, "end-of-battle": 2, "end-of-next-turn": 1, "end-of-turn": 0}


def _worse(old: Condition, new: Condition) -> Condition:
    """Conditions: "The worst one affects you and the lesser effects are ignored"."""
    def rank(c: Condition) -> tuple:
        lasting = _SAVE_RANK[c.save] if c.save or not c.until else -1
        return (lasting, _UNTIL_RANK[c.until], c.turn_ends)
    return new if rank(new) >= rank(old) else old


