"""D&D 3.5 (seed 003): how the events of a 3.5 encounter fold.

One arm per event; anything else leaves the state as it was. ``apply`` changes a working
state in place (the caller copies when it must not). Core events fold with 3.5's meaning:
hit points go below 0 (disabled, dying, dead at -10), nonlethal damage has its own pool,
a creature is flat-footed until its first turn (a newcomer too, in whatever round it
joins), attacks of opportunity return at the start of the creature's turn, and so do
the effects that last until then.
"""

from __future__ import annotations

from battletape.domain import events as ev, named_effects
from battletape.domain.dnd35 import conditions, hit_points, natural_healing, special_moves
from battletape.domain.dnd35 import events as ev35
from battletape.domain.dnd35.initiative_order import ordered
from battletape.domain.dnd35.action_table import MOVES
from battletape.domain.folding import (delay_turn, end_encounter, end_out_of_turn, mark_tied,
                            rank_tied, start_encounter, take_delayed_turn,
                            take_readied_action, unengage)
from battletape.domain.state import Combatant, EncounterState

#: effects of a creature's own moves that last until the start of its next turn
UNTIL_OWN_TURN = ("charge", "fighting defensively", "total defense")


def _newcomer(x: dict) -> bool:
    """A creature that joined a fight under way (35-INI-06): "una creatura che non ha
    ancora agito in combattimento ... è colta alla sprovvista" (35-CND-10) -- whatever
    the round, until its own first turn starts (which clears the flag)."""
    return x.get("joins") is not None


def _own_turn_starts(state: EncounterState, c: Combatant) -> None:
    c.actions_used = ["swift"] if c.extra.get("swift_spent_next") else []
    c.readied = None
    c.delayed = False
    c.extra.update(flat_footed=False, moved=False, stepped=False, aoo_used=0, aoo_triggers=[],
                   swift_spent_next=False, total_defense=False,
                   running=False, pending=None, death_save_due=c.status == "dying")
    # its charge, fighting defensively, total defense -- and the aid it gave another
    # (35-AID-01) -- last until the start of its next turn
    until = f"start of {c.name}'s turn"
    for other in state.combatants.values():
        mods = other.extra.get("mods")
        if mods and any(m.get("until") == until for m in mods):
            other.extra["mods"] = [m for m in mods if m.get("until") != until]


def _add_mod(c: Combatant, stat: str, value: int, type_: str, source: str,
             until: str | None = None, against: str | None = None, uses: int = 0,
             force: bool = False) -> None:
    # the same effect on the same number replaces itself (Bonus: an effect's bonus does
    # not stack with itself); on another number it is another bonus
    mods = [m for m in c.extra.get("mods") or [] if (m.get("source"), m.get("stat"),
                                                      m.get("against")) !=
            (source, stat, against)]
    mods.append({"stat": stat, "value": value, "bonus_type": type_, "source": source,
                 "until": until, "against": against, "uses": uses,
                 **({"force": True} if force else {})})
    c.extra["mods"] = mods


def _attack(state: EncounterState, e: ev.AttackResolved) -> None:
    a, t = state.combatants[e.attacker], state.combatants[e.target]
    if e.action == "aoo":
        a.extra["aoo_used"] = a.extra.get("aoo_used", 0) + 1
        trig = next((x for x in e.tags if x.startswith("trigger:")), None)
        if trig:
            a.extra.setdefault("aoo_triggers", []).append(int(trig.split(":")[1]))
    until = f"start of {a.name}'s turn"
    if "charge" in e.modifiers:
        _add_mod(a, "ac", -2, "untyped", "charge", until)
        a.extra["pending"] = None       # the declared charge ends in its attack
    if "fighting defensively" in e.modifiers:
        _add_mod(a, "ac", 2, "dodge", "fighting defensively", until)
    used = [m for m in a.extra.get("mods") or [] if m.get("uses") and m.get("stat") ==
            "attack" and m.get("against") == t.name]
    if used:
        a.extra["mods"] = [m for m in a.extra["mods"] if m not in used]
    if used_ac := [m for m in t.extra.get("mods") or [] if m.get("uses") and
                   m.get("stat") == "ac" and m.get("against") == a.name]:
        t.extra["mods"] = [m for m in t.extra["mods"] if m not in used_ac]
    if a.name not in (t.extra.get("attacked_by") or []):
        t.extra.setdefault("attacked_by", []).append(a.name)
    if "feinted_by" in t.extra and t.extra.get("feinted_by") == a.name and e.kind == "melee":
        t.extra["feinted_by"] = None
    a.damage_dealt += e.damage
    if "nonlethal" in e.tags:
        hit_points.gain_nonlethal(t, e.damage)
    else:
        hit_points.lose_hp(t, e.damage)


def _maneuvers():
    """Special moves' fold steps, imported when an event needs them (a recording
    command loads only what its events use)."""
    from battletape.domain.dnd35 import maneuvers

    return maneuvers


def _abilities():
    from battletape.domain.dnd35 import abilities

    return abilities


def apply(state: EncounterState, e: ev.Event) -> EncounterState:
    """Fold ``e`` into ``state`` in place and return it."""
    state.position = e.originator_version or state.position + 1
    match e:
        case ev.EncounterStarted():
            start_encounter(state, e)
        case ev.CombatantAdded():
            c = Combatant(name=e.name, max_hp=e.max_hp, hp=e.hp, group=e.group, pc=e.pc,
                          ac=e.ac, level=e.level, init_bonus=e.init_bonus,
                          extra={**{k: v for k, v in e.stats.items()},
                                 "flat_footed": (state.round <= 1 or _newcomer(e.stats))
                                 and not e.stats.get("object")})
            state.combatants[e.name] = c
            if e.stats.get("initiative") is not None:
                c.initiative = e.stats["initiative"]
                state.order = ordered(state)
        case ev.InitiativeRolled():
            for name in e.names:
                state.combatants[name].initiative = e.roll.total
            state.order = ordered(state)
            state.extra["needs_init"] = any(
                c.initiative is None and c.status not in ("dead", "fled")
                and not c.extra.get("object")
                for c in state.combatants.values()) and state.extra.get("needs_init", False)
        case ev35.TieRerollDue():
            mark_tied(state, e.names)
        case ev35.TieRerolled():
            rank_tied(state, e.names)
            state.order = ordered(state)
        case ev.SurpriseDeclared():
            state.extra["surprise_round"] = True
            state.extra["unaware"] = [n for n in state.combatants if n not in e.actors]
        case ev35.SurpriseRoundEnded():
            state.extra.update(surprise_round=False, unaware=[], needs_init=True,
                               tiebreak={})
            for c in state.combatants.values():
                c.initiative = None
                c.actions_used = []
            state.order, state.turn, state.acted = [], None, []
        case ev.RoundStarted():
            state.round = e.round
            if e.round >= 2:
                for c in state.combatants.values():
                    if not _newcomer(c.extra):      # until its own first turn
                        c.extra["flat_footed"] = False
            state.acted = []
            state.extra["needs_init"] = False
        case ev.TurnStarted():
            state.turn = e.name
            end_out_of_turn(state)
            _own_turn_starts(state, state.combatants[e.name])
        case ev.TurnEnded():
            c = state.combatants[e.name]
            end_out_of_turn(state)
            c.acts_out_of_turn = False
            if e.name not in state.acted:
                state.acted.append(e.name)
            state.turn = None
            special_moves.turn_ended(state, e.name)
            named_effects.count_down(state, e.name)  # durations on this creature's turns
        case ev35.TableActionTaken():
            c = state.combatants[e.name]
            if e.kind == "aoo":
                # a special move made as an attack of opportunity (35-AOO-06)
                c.extra["aoo_used"] = c.extra.get("aoo_used", 0) + 1
                if e.what.startswith("trigger:"):
                    c.extra.setdefault("aoo_triggers", []).append(int(e.what[8:]))
            elif e.out_of_turn:
                if e.kind == "immediate":
                    c.extra["swift_spent_next"] = True
            elif e.kind not in ("free", "none"):
                c.actions_used.append(e.kind)
            if e.action in MOVES:
                c.extra["moved"] = True
            if e.kind == "5-foot-step" or e.action == "5-foot-step":
                c.extra["stepped"] = True
            if e.action == "total-defense":
                c.extra["total_defense"] = True
                _add_mod(c, "ac", 4, "dodge", "total defense", f"start of {c.name}'s turn")
            if e.action == "run":
                c.extra["running"] = True
            if e.pending:
                c.extra["pending"] = e.action
            if e.provokes or e.action == "withdraw":
                state.extra.setdefault("provoked", {})[str(state.position)] = {
                    "by": c.name, "who": list(e.provokes), "action": e.action,
                    "reasons": {k: list(v) for k, v in e.reasons.items()}}
        case ev.AttackResolved():
            _attack(state, e)
            conditions.attacked(state, e.attacker, e.target)
        case ev.DamageTaken():
            hit_points.lose_hp(state.combatants[e.target], e.amount)
        case ev35.NonlethalDamageTaken():
            hit_points.gain_nonlethal(state.combatants[e.target], e.amount)
        case ev.Healed():
            hit_points.heal(state.combatants[e.target], e.amount)
        case ev.TempHpGained():
            c = state.combatants[e.target]
            c.temp_hp = max(c.temp_hp, e.amount)
        case ev35.SaveDemanded():
            state.combatants[e.name].extra["save_due"] = {"save": e.save, "dc": e.dc,
                                                          "against": e.against}
        case ev.SaveRolled():
            c = state.combatants[e.name]
            due = c.extra.get("save_due")
            if due and due.get("against") == e.against:
                c.extra["save_due"] = None
        case ev35.Died():
            c = state.combatants[e.name]
            c.extra["killed"] = e.cause
            c.extra["save_due"] = None
            hit_points.settle(c)
        case ev.DeathSaveRolled():
            hit_points.fold_death_save(state.combatants[e.name], e)
        case ev.StabilizeAttempted():
            hit_points.fold_stabilize(state.combatants[e.name], e)
        case ev.ConditionApplied():
            c = state.combatants[e.name]
            conditions.fold_apply(c, e)
            hit_points.settle(c)
        case ev.ConditionRemoved():
            conditions.fold_remove(state.combatants[e.name], e)
            if e.condition == "grappling":
                special_moves.released(state, state.combatants[e.name], e.condition)
        case ev35.FearEffectNoted():
            conditions.fold_fear_effect(state.combatants[e.name], e.effect)
        case ev35.ConfusionRolled():
            c = state.combatants[e.name]
            c.extra["confusion"] = {"round": state.round, "behaviour": e.behaviour,
                                    "target": e.target}
            c.extra.pop("confusion_attacker", None)
        case ev35.ModifierAdded():
            _add_mod(state.combatants[e.name], e.stat, e.value, e.bonus_type, e.source,
                     e.until, e.against, e.uses, e.force_effect)
            _abilities().sync_con(state.combatants[e.name])
            hit_points.settle(state.combatants[e.name])
        case ev35.ModifierRemoved():
            c = state.combatants[e.name]
            c.extra["mods"] = [m for m in c.extra.get("mods") or []
                               if m.get("source") != e.source]
            _abilities().sync_con(c)
            hit_points.settle(c)
        case ev35.AbilityChanged():
            _abilities().fold_changed(state, e)
        case ev35.NegativeLevelsGained():
            c = state.combatants[e.name]
            c.extra["negative_levels"] = c.extra.get("negative_levels", 0) + e.count
            c.max_hp = max(1, c.max_hp - 5 * e.count)
            c.hp -= 5 * e.count
            if c.extra["negative_levels"] >= c.extra.get("hd", 1):
                c.extra["killed"] = "negative levels equal to its Hit Dice"
            hit_points.settle(c)
        case ev.Engaged():
            a, b = state.combatants[e.a], state.combatants[e.b]
            if b.name not in a.engaged_with:
                a.engaged_with.append(b.name)
            if a.name not in b.engaged_with:
                b.engaged_with.append(a.name)
        case ev.Moved():
            unengage(state, state.combatants[e.name])
        case ev.Delayed():
            delay_turn(state, e.name)
        case ev.Readied():
            c = state.combatants[e.name]
            c.readied = e.trigger
            c.extra["readied_kind"] = e.action
        case ev35.ProvokedActionLost():
            state.combatants[e.name].extra["pending"] = None
        case ev35.ReadiedActionLost():
            state.combatants[e.name].readied = None
        case ev35.ManeuverResolved():
            _maneuvers().fold_maneuver(state, e)
        case ev35.FeintRolled():
            _maneuvers().fold_feint(state, e)
        case ev35.TurningResolved():
            _maneuvers().fold_turning(state, e)
        case ev.DelayedActionTaken():
            take_delayed_turn(state, e)
        case ev.ReadiedActionTaken():
            c = take_readied_action(state, e)
            kind = c.extra.get("readied_kind") or "standard"
            # the readied action is the one action it may take now (35-RDY-01)
            c.actions_used = {"standard": ["move", "swift"], "move": ["standard", "swift"],
                              "swift": ["standard", "move"],
                              "free": ["standard", "move", "swift"]}.get(kind, [])
        case ev35.NaturalHealing():
            for name in e.names:
                natural_healing.fold(state.combatants[name], e)
        case ev.EncounterEnded():
            end_encounter(state, e)
        case _:
            pass
    return state
