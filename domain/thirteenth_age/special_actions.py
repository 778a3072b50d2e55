"""13th Age SRD, Combat Rules: Special Actions — Fight in Spirit, Flee.

Fight in Spirit (combattere in spirito): once a round, a character out of the fight
may have the GM grant an ally +1 to attacks, AC, PD or MD (+2 the first time each
battle) for one to two rounds. Flee (fuggire): a party action on any PC's turn; the
party retreats with its fallen and suffers a campaign loss.
"""

from __future__ import annotations

from battletape.domain.encounter import combatant, require_initiative, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import EncounterEnded, Event
from battletape.domain.thirteenth_age.events import SpiritFought
from battletape.domain.thirteenth_age.state import encounter

STATS = ("attack", "ac", "pd", "md")


def fight_in_spirit(state, name: str, ally: str, stat: str,
                    amount: int | None) -> list[Event]:
    require_initiative(state)
    c, a = combatant(state, name), combatant(state, ally)
    if c.status == "up":
        raise violation(N_("{name} is still in the fight"), "Fight in Spirit",
                        name=c.name)
    if c.part.spirit_round == state.round:
        refuse(N_("{name} already fought in spirit this round"), "Fight in Spirit",
               name=c.name)
    if stat not in STATS:
        raise BadInput("bonus", stat, ", ".join(STATS))
    allowed = 1 if encounter(state).spirit_used else 2
    value = amount if amount is not None else allowed
    if not 1 <= value <= allowed:
        refuse(N_("the bonus can be +1 (+2 only the first time each battle)"),
               "Fight in Spirit")
    return [SpiritFought(name=c.name, ally=a.name, stat=stat, amount=value,
                         until_round=state.round + 1)]


def flee(state) -> list[Event]:
    require_on(state)
    if state.turn is not None and not state.combatants[state.turn].pc:
        refuse(N_("fleeing is proposed on a PC's turn"), "Flee")
    return [EncounterEnded(outcome="fled", campaign_loss=True)]


def end(state, outcome: str = "victory") -> list[Event]:
    require_on(state)
    return [EncounterEnded(outcome=outcome)]
