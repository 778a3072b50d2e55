"""13th Age SRD, Combat Rules: Actions on Your Turn, and Combat Actions.

"Each turn you can take one of each action [standard, move, quick], in any order ...
You can use a standard action to take a move action, and you can use a standard or
move action to take a quick action." Free actions are unlimited. "You can use one
interrupt action when it's not your turn. You can't use another one until the end of
your next turn." A successful disengage is "like getting popped free at the start of
your move": moving on, and engaging where the move ends, are that same move action.
"""

from __future__ import annotations

from domain.errors import BadInput, refuse
from domain.state import Combatant

ACTIONS = ("standard", "move", "quick", "free", "interrupt")
ITALIAN = {"standard": "azione standard", "move": "azione di movimento",
           "quick": "azione veloce", "free": "azione gratuita",
           "interrupt": "azione di interruzione"}
# an action may be taken with the slot itself or a bigger one
SUBSTITUTES = {"standard": ("standard",), "move": ("move", "standard"),
               "quick": ("quick", "move", "standard")}


def check(action: str) -> str:
    if action not in ACTIONS:
        raise BadInput("action", action, ", ".join(ACTIONS))
    return action


def slot(c: Combatant, action: str, own_turn: bool) -> str:
    """The slot that taking ``action`` uses up now, or a RuleViolation."""
    check(action)
    if action == "free":
        return "free"
    if action == "interrupt":
        if own_turn:
            refuse("an interrupt action is taken when it's not your turn",
                   "Interrupt Actions")
        if c.part.interrupt_spent:
            refuse(f"{c.name} already used an interrupt action and can't "
                   "use another until the end of its next turn",
                   "Interrupt Actions")
        return "interrupt"
    if not own_turn:
        return "free"  # out of turn: a readied action or an opportunity, not a slot
    if action == "move" and c.part.moving:
        return "free"  # Disengaging: "Use your move normally" — the same move goes on
    for candidate in SUBSTITUTES[action]:
        if candidate not in c.actions_used:
            return candidate
    refuse(f"{c.name} has no {action} action left this turn (used: "
           f"{', '.join(c.actions_used)})", "Actions on Your Turn")
    return action  # forced: the GM grants one more
