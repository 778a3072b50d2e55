"""13th Age SRD, Combat Rules: Actions on Your Turn, and Combat Actions.

"Each turn you can take one of each action [standard, move, quick], in any order ...
You can use a standard action to take a move action, and you can use a standard or
move action to take a quick action." Free actions are unlimited. "You can use one
interrupt action when it's not your turn. You can't use another one until the end of
your next turn." A successful disengage is "like getting popped free at the start of
your move": moving on, and engaging where the move ends, are that same move action;
moving somewhere else again is another move action. Out of turn, a standard, move or
quick action needs a readied action (Readying an Action: "You can ready a standard
action, a move action, or a free action" — one action, once) or an interrupt. A coup de
grace skips the move and quick actions of its turn (Coup de Grace).
"""

from __future__ import annotations

from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.state import Combatant

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


# what a readied action may be spent on (a standard may be used as a move or a quick)
READIED = {"standard": ("standard", "move", "quick"), "move": ("move", "quick"),
           "free": ()}


def slot(c: Combatant, action: str, own_turn: bool, relocate: bool = False) -> str:
    """The slot that taking ``action`` uses up now, or a RuleViolation.

    ``relocate``: the move carries the creature somewhere (``move``), rather than
    ending it in melee (``engage``) where the move it is making ends.
    """
    check(action)
    if action == "free":
        return "free"
    if action == "interrupt":
        if own_turn:
            refuse(N_("an interrupt action is taken when it's not your turn"),
                   "Interrupt Actions")
        if c.part.interrupt_spent:
            refuse(N_("{name} already used an interrupt action and can't use another "
                      "until the end of its next turn"), "Interrupt Actions", name=c.name)
        return "interrupt"
    if not own_turn:
        return _out_of_turn(c, action)
    if c.part.coup_de_grace and action in ("move", "quick"):
        refuse(N_("{name} made a coup de grace this turn and skips its move and quick "
                  "actions"), "Coup de Grace", name=c.name)
    if action == "move" and c.part.moving and not (relocate and c.part.moved):
        return "free"  # Disengaging: "Use your move normally" — the same move goes on
    for candidate in SUBSTITUTES[action]:
        if candidate not in c.actions_used:
            return candidate
    refuse(N_("{name} has no {action} action left this turn (used: {used})"),
           "Actions on Your Turn", name=c.name, action=action,
           used=", ".join(c.actions_used))
    return action  # forced: the GM grants one more


def _out_of_turn(c: Combatant, action: str) -> str:
    """A readied action taken in another's turn: the one action readied, once."""
    readied = c.part.readied_action
    if c.acts_out_of_turn and readied:
        if "readied" in c.actions_used:
            pass  # the one readied action is being spent already (a move into melee)
        elif action not in READIED[readied]:
            refuse(N_("{name} readied a {readied} action, not a {action} action"),
                   "Readying an Action", name=c.name, readied=readied, action=action)
            return "readied"
        else:
            return "readied"
    if c.acts_out_of_turn:
        refuse(N_("{name} already took its readied action: one action, then it waits "
                  "for its next turn"), "Readying an Action", name=c.name)
        return "free"
    refuse(N_("it is not {name}'s turn: a {action} action out of turn needs a readied "
              "action (`ready`, then `act`) or an interrupt where a power allows one "
              "(--interrupt; `attack --action interrupt`)"), "Actions on Your Turn",
           name=c.name, action=action)
    return "free"
