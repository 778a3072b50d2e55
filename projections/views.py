"""What `state --json` and `log --json` print: the contract's keys, from the state."""

from __future__ import annotations

from battletape.domain import events as ev, fair_dice, systems
from battletape.domain.registry import system_extra
from battletape.domain.state import Combatant, EncounterState


def combatant_view(c: Combatant, system: systems.RuleSystem) -> dict:
    """The contract's keys for every system, then the system's own."""
    return {
        "hp": c.hp, "max_hp": c.max_hp, "temp_hp": c.temp_hp,
        "staggered": system.staggered(c), "status": c.status,
        "conditions": sorted(c.conditions),
        "ongoing": [{"amount": o.amount, "type": o.type, "save": o.save}
                    for o in c.ongoing],
        "initiative": c.initiative, "engaged_with": list(c.engaged_with),
        # a contract key in every system: 0 unless the system's keys fill it (13th Age)
        "recoveries": 0, "death_saves_failed": c.death_saves_failed,
        "pc": c.pc, "group": c.group, "level": c.level, "ac": c.ac,
        **system.combatant_keys(c),
        "delayed": c.delayed, "readied": c.readied,
        # the attacks of its stat block (add --from), for `attack A T NAME`: only for
        # a combatant that has them, so a store without stat blocks reads as before
        **({"saved_attacks": list(c.extra["saved_attacks"])}
           if c.extra.get("saved_attacks") else {}),
    }


def state_view(state: EncounterState, combatants: dict | None = None) -> dict:
    """The state's keys; ``combatants`` their views when the caller already has them."""
    system = systems.of(state)
    if combatants is None:
        combatants = {n: combatant_view(c, system) for n, c in state.combatants.items()}
    return {
        "encounter": state.name, "system": state.system, "campaign": state.campaign,
        "position": state.position, "round": state.round, "turn": state.turn,
        # a contract key in every system: 0 unless the system's keys fill it (13th Age)
        "escalation_die": 0, "order": list(state.order),
        "combatants": combatants,
        "ended": state.ended,
        "dice": fair_dice.describe(state),
        **system.state_keys(state),
    }


def event_view(e: ev.Event, voided: bool = False) -> dict:
    """The event's fields, a rule system's own also beside them (its ``extra``, as
    fields of the event's own, which they were until layout 2), its position, whether
    voided."""
    data = _flat(ev.to_builtins(e))
    if isinstance(data.get("replacement"), list):
        data["replacement"] = [_flat(r) for r in data["replacement"]]
    data["position"] = e.originator_version
    if voided:
        data["voided"] = True
    return data


def _flat(data: dict) -> dict:
    """A rule system's own fields beside the others, as readers of layout 1 read them;
    ``extra`` stays, so that the view decodes as the event it shows."""
    extra = data.get("extra")
    if extra is None:
        return data
    own = {**system_extra().get(data["type"], {}), **extra}
    return {**data, **{k: v for k, v in own.items() if k not in data}}
