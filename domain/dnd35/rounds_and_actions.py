"""D&D 3.5 (seed 003), Round e azioni (Round and Actions): the action budget.

Per round: one standard action and one move action, **or** one full-round action; a
move action may replace the standard (two moves); plus one swift **or** immediate action;
plus any number of free actions (35-RND-02). An immediate action outside the creature's
turn takes the swift action of its next turn, and needs it not to be flat-footed
(35-ACT-06). The 5-foot step: once a round, in a round without other movement, never with
a speed of 1,5 m or less (35-5FT-01). Limits: the surprise round (one standard or move,
no swift, no full-round, 35-SUR-03), disabled and staggered (one standard or move, no
full-round, 35-HPS-09, 35-CND-08), nauseated (a single move action, 35-CND-30), and the
conditions that allow no action at all. The movement rows: running and charging are
refused when fatigued, exhausted, entangled or across difficult terrain; no withdraw while
blinded; a prone creature only crawls (a legless one moves and steps normally). ``do A
charge`` declares a charge whose attack (``attack A B --charge``) follows the attacks of
opportunity its movement provoked; one that made it impossible (prone) loses it
(35-AOO-05, ``ProvokedActionLost`` at the end of the turn).
"""

from __future__ import annotations

from battletape.domain.dnd35 import action_table, attacks_of_opportunity as aoo, conditions, stats
from battletape.domain.dnd35.action_table import MOVES
from battletape.domain.dnd35.initiative_order import require_battle
from battletape.domain.dnd35.hit_points import staggered
from battletape.domain.encounter import combatant
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DamageTaken, Event
from battletape.domain.state import Combatant, EncounterState

SECTION = "Round e azioni"
#: full-round actions that a creature limited to one standard action takes as one
AS_STANDARD = {"charge", "withdraw"}


#: why a creature may take only one standard or move action this round: the refusal
#: of a second action, and of a full-round action
LIMITS = {
    "surprise": (
        N_("the surprise round allows a single standard or move action (Sorpresa)"),
        N_("the surprise round allows a single standard or move action (Sorpresa): no "
           "full-round action")),
    "disabled": (
        N_("{name} is disabled: one standard or move action a round (Inabile)"),
        N_("{name} is disabled: one standard or move action a round (Inabile): no "
           "full-round action")),
    "staggered": (
        N_("{name} is staggered: one standard or move action a round (Barcollante)"),
        N_("{name} is staggered: one standard or move action a round (Barcollante): no "
           "full-round action")),
}


def limited(state: EncounterState, c: Combatant) -> str | None:
    """Why ``c`` may take only one standard or move action this round (a key of
    LIMITS)."""
    if state.extra.get("surprise_round"):
        return "surprise"
    if c.status == "disabled":
        return "disabled"
    if staggered(c):
        return "staggered"
    return None


def require_can_act(state: EncounterState, c: Combatant, what: str,
                    kind: str = "standard") -> None:
    from battletape.domain.dnd35 import saves

    if c.status not in ("up", "disabled"):
        refuse(N_("{name} is {status} and can't {what}"),
               {"dying": "Condizioni: Morente", "dead": "Condizioni: Morto",
                "stable": "Condizioni: Stabile",
                "unconscious": "Condizioni: Privo di Sensi"}.get(c.status),
               name=c.name, status=c.status, what=what)
    for n in conditions.has(c, "no_actions"):
        refuse(N_("{name} is {condition} and can't take actions"),
               f"Condizioni: {conditions.CONDITIONS[n].title()}", name=c.name,
               condition=n)
    saves.require_settled(state, c)  # its demanded Fortitude save first (Danno massiccio)
    if state.extra.get("surprise_round") and c.name in state.extra.get("unaware", []):
        refuse(N_("{name} is unaware of its enemies: it can't act in the surprise round"),
               "Sorpresa", name=c.name)
    if kind not in ("move", "free", "none"):
        for n in conditions.has(c, "move_only"):
            refuse(
            N_("{name} is {condition}: a single move action a round, nothing else"),
                   "Condizioni: Nauseato", name=c.name, condition=n)


def require_turn(state: EncounterState, c: Combatant, what: str) -> None:
    if state.turn == c.name or c.acts_out_of_turn:
        return
    refuse(N_("it is {turn}'s turn, not {name}'s: {name} can't {what} now (an immediate "
              "or free action, an attack of opportunity with --opportunity, or `act` for a "
              "readied action)"), SECTION, turn=state.turn, name=c.name, what=what)


def used(c: Combatant, kind: str) -> int:
    return c.actions_used.count(kind)


def check_budget(state: EncounterState, c: Combatant, kind: str, slug: str = "") -> str:
    """The kind actually spent (a charge in the surprise round is a standard action), or
    a one-line refusal naming the rule."""
    std, mv, full = used(c, "standard"), used(c, "move"), used(c, "full-round")
    why = limited(state, c)
    if kind == "full-round" and why:
        if slug in AS_STANDARD:
            kind = "standard"
        else:
            refuse(LIMITS[why][1], SECTION, name=c.name)
    if kind == "standard":
        if full or std or mv >= 2:
            refuse(N_("{name} has no standard action left this round ({spent})"),
                   SECTION, name=c.name, spent=_spent(c))
        if why and mv:
            refuse(LIMITS[why][0], SECTION, name=c.name)
    elif kind == "move":
        if full or std + mv >= 2:
            refuse(N_("{name} has no move action left this round ({spent})"), SECTION,
                   name=c.name, spent=_spent(c))
        if why and (std or mv):
            refuse(LIMITS[why][0], SECTION, name=c.name)
        if mv and conditions.has(c, "move_only"):
            refuse(N_("{name} is nauseated: a single move action a round"),
                   "Condizioni: Nauseato", name=c.name)
        if slug in MOVES and stats.get(c, "stepped"):
            refuse(N_("{name} took a 5-foot step this round: no other movement in the "
                      "same round"), "Passo da 1,5 metri", name=c.name)
    elif kind == "full-round":
        if std or mv or full:
            refuse(N_("a full-round action takes the whole round; {name} has already "
                      "spent {spent}"), SECTION, name=c.name, spent=_spent(c))
    elif kind in ("swift", "immediate"):
        if state.extra.get("surprise_round"):
            refuse(N_("no swift or immediate action in the surprise round (a single "
                      "standard or move action)"), "Sorpresa")
        if used(c, "swift") or used(c, "immediate") or stats.get(c, "swift_spent_next"):
            refuse(N_("{name} has used its swift or immediate action for this round"),
                   "Azione veloce / Azione immediata", name=c.name)
    elif kind == "5-foot-step" or slug == "5-foot-step":
        if stats.get(c, "stepped"):
            refuse(N_("{name} has taken its 5-foot step this round"),
                   "Passo da 1,5 metri", name=c.name)
        if stats.get(c, "moved"):
            refuse(N_("{name} has moved this round: a 5-foot step only in a round "
                      "without other movement"), "Passo da 1,5 metri", name=c.name)
        if float(stats.get(c, "speed")) <= 1.5:
            refuse(N_("{name}'s speed is {speed} m: a 5-foot step needs a speed above "
                      "1,5 m"), "Passo da 1,5 metri", name=c.name,
                   speed=stats.get(c, "speed"))
    return kind


def _spent(c: Combatant) -> str:
    return ", ".join(c.actions_used) or "nothing"


def require_possible(state: EncounterState, c: Combatant, slug: str,
                     difficult: bool = False) -> None:
    """The movement rules of the rows that move (Movimento): running, withdrawing,
    crawling, the 5-foot step, difficult terrain."""
    moving = slug in MOVES or slug in ("5-foot-step", "minimum-move")
    if slug in ("run", "charge"):
        for n in conditions.has(c, "no_run_charge"):
            refuse(N_("{name} is {condition} and can't run") if slug == "run"
                   else N_("{name} is {condition} and can't charge"),
                   "Correre" if slug == "run" else "Caricare", name=c.name, condition=n)
        if difficult:
            refuse(N_("no running across difficult terrain") if slug == "run"
                   else N_("no charge across difficult terrain"), "Terreno difficile")
    if slug == "withdraw" and "blinded" in c.conditions:
        refuse(N_("{name} is blinded: no withdraw"), "Ritirata", name=c.name)
    legless = stats.get(c, "legs") == 0
    if slug == "crawl" and "prone" not in c.conditions and not legless:
        refuse(N_("{name} is not prone: crawling is how a prone creature moves"),
               "Strisciare", name=c.name)
    if "prone" in c.conditions and not legless and moving and slug not in (
            "crawl", "stand-up"):
        refuse(N_("{name} is prone: it moves only by crawling (1,5 m, a move action "
                  "that provokes) or stands up first"), "Condizioni: Prono; Strisciare",
               name=c.name)
    for n in ("grappling", "pinned", "immobilized"):
        if moving and n in c.conditions:
            refuse(N_("{name} is {condition} and can't move"),
                   f"Condizioni: {conditions.CONDITIONS[n].title()}", name=c.name,
                   condition=n)


def take(state: EncounterState, c: Combatant, slug: str, target: Combatant | None = None,
         named: list[str] = (), what: str = "", kind: str | None = None,
         difficult: bool = False, pending: bool = False,
         can_act: bool = False) -> list[Event]:
    """Record ``c`` taking the table's action ``slug``: the budget checked, the creatures
    that may take an attack of opportunity listed (``can_act``: the caller has already
    checked that ``c`` can take a standard or full-round action, ``require_can_act``)."""
    from battletape.domain.dnd35.events import TableActionTaken

    row = action_table.row(slug)
    if row is None:
        raise BadInput("action", slug, N_("a row of the action table (`do --help` lists "
                       "them), or standard, move-action, full-round, swift, immediate, free"))
    kind = kind or row.kind
    if not (can_act and kind in ("standard", "full-round")):
        require_can_act(state, c, f"take an action ({row.english.lower()})", kind)
    if (row.slug in MOVES or row.slug == "5-foot-step") and \
            "dex" in (c.extra.get("no_scores") or []):
        # 35-ABI-05: "Una creatura senza punteggio di Destrezza ... non può spostarsi"
        refuse(N_("{name} has no Dexterity score: it can't move"),
               "Caratteristiche: Destrezza", name=c.name)
    out_of_turn = state.turn != c.name and not c.acts_out_of_turn
    if out_of_turn and kind not in ("immediate", "free", "none"):
        require_turn(state, c, row.english.lower())
    if kind == "immediate" and out_of_turn and aoo.flat_footed(state, c):
        refuse(N_("{name} is flat-footed: no immediate action"), "Azione immediata",
               name=c.name)
    if kind == "immediate" and out_of_turn and stats.get(c, "swift_spent_next"):
        refuse(N_("{name} has already spent its next turn's swift action"),
               "Azione immediata", name=c.name)
    require_possible(state, c, row.slug, difficult)
    readied = stats.get(c, "readied_kind")
    if c.acts_out_of_turn and state.turn != c.name and readied and \
            kind not in (readied, "free", "none", "aoo"):
        refuse(N_("{name} readied a {readied} action: only that one now (and free "
                  "actions, a 5-foot step)"), "Preparare un'azione", name=c.name,
               readied=readied)
    if not out_of_turn:
        kind = check_budget(state, c, kind, row.slug)
        conditions.check_movement(c, row.slug, kind)
        from battletape.domain.dnd35 import confusion
        confusion.check_action(state, c, row.slug, kind)
    reasons = aoo.opportunities(state, c, row.slug, row.provokes, target, list(named))
    return [TableActionTaken(name=c.name, action=row.slug, kind=kind,
                             provokes=list(reasons), only_target=row.provokes == "target",
                             what=what, out_of_turn=out_of_turn,
                             reasons={k: v for k, v in reasons.items() if len(v) > 1},
                             pending=pending)]


def complete_pending(state: EncounterState, c: Combatant, slug: str) -> None:
    """The end of an action declared before the attacks of opportunity it provoked
    (``do A charge``, then ``attack A B --charge``): refused when an attack of
    opportunity made it impossible (35-AOO-05); ``next`` records it as lost."""
    if stats.get(c, "pending") != slug:
        return
    why = _lost_to(c)
    if why:
        raise violation(N_("{name}'s {action} is lost: {name} is {status} (the attack of "
                           "opportunity resolved before it); `next` records it as lost"),
                        "Attacco di Opportunità", name=c.name, action=slug, status=why)


def lost_because(c: Combatant, slug: str) -> str | None:
    word = _lost_to(c)
    return f"{c.name} is {word}" if word else None


def _lost_to(c: Combatant) -> str | None:
    """The status or condition that makes an action declared before an attack of
    opportunity impossible."""
    if c.status not in ("up", "disabled"):
        return c.status
    for n in ("prone", "grappling", "pinned", "immobilized", "entangled",
              *conditions.has(c, "no_actions"), *conditions.has(c, "no_run_charge")):
        if n in c.conditions:
            return n
    return None


def strain(state: EncounterState, c: Combatant, kind: str) -> list[Event]:
    """Inabile (35-HPS-09): a disabled creature's standard action costs 1 hp (it falls
    dying), unless the action raised its hp -- the caller leaves that case out."""
    if c.status == "disabled" and kind == "standard" and stats.get(c, "living"):
        return [DamageTaken(target=c.name, amount=1,
                            source="strenuous action while disabled (Inabile)")]
    return []


def do(state: EncounterState, name: str, slug: str, target: str | None = None,
       threatened_by: list[str] = (), what: str = "", difficult: bool = False
       ) -> list[Event]:
    require_battle(state)
    c = combatant(state, name)
    t = combatant(state, target) if target else None
    row = action_table.row(slug)
    shake = row is not None and row.slug == "shake-fascinated"
    events = take(state, c, slug, t, [combatant(state, n).name for n in threatened_by], what,
                  difficult=difficult, pending=row is not None and row.slug == "charge")
    if shake and t is not None:     # Affascinato: shaken free as a standard action
        events += conditions.fascination_ends(t, c.name, conditions.SHAKEN_FREE)
    return events + strain(state, c, events[0].kind)
