"""D&D 3.5 (seed 003), Attacco di Opportunità (Attack of Opportunity).

An AoO is a single melee attack outside the normal action limits, normally one a round
(more with Combat Reflexes: ``add --aoo N``, each at the full bonus, still one per
opportunity); the count returns at the start of the creature's own turn (the seed says
"per round" without saying where that round starts: a recorded choice). *Area
minacciata*: an armed creature threatens the squares it could attack into, even when it
is not its turn. battletape keeps no map: a creature threatens the ones it is engaged
with (``engage A B``: in melee, adjacent) and any named with ``--threatened-by``.
No AoO by a flat-footed creature, one in total defense, a grappling one (it threatens
nothing), against an opponent with cover or total concealment, and a confused creature
only against one already attacking it (35-AOO-08).
"""

from __future__ import annotations

from battletape.domain.dnd35 import conditions, stats
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.state import Combatant, EncounterState

SECTION = "Attacco di Opportunità"


def flat_footed(state: EncounterState, c: Combatant) -> bool:
    """35-INI-04: in the first round (and the surprise round) a creature that has not yet
    acted is flat-footed; so is one the condition names (Hide, 35-HID-01)."""
    if "flat-footed" in c.conditions:
        return True
    return bool(c.extra.get("flat_footed", False))


def why_not(state: EncounterState, c: Combatant, actor: Combatant | None = None) -> str | None:
    """Why ``c`` can take no attack of opportunity now (None: it can)."""
    why = _why_not(state, c, actor)
    return why[0].format(**why[1]) if why else None


def _why_not(state: EncounterState, c: Combatant,
             actor: Combatant | None = None) -> tuple[str, dict] | None:
    """Why ``c`` can take no attack of opportunity now, a message of the catalogue and
    its fields (None: it can)."""
    if c.status != "up":
        return N_("{name} is {status}"), {"name": c.name, "status": c.status}
    if flat_footed(state, c):
        return N_("{name} is flat-footed (Colto alla Sprovvista: no attacks of "
                  "opportunity)"), {"name": c.name}
    if stats.get(c, "total_defense"):
        return N_("{name} is in total defense (Difesa totale: no attacks of "
                  "opportunity)"), {"name": c.name}
    if not stats.get(c, "armed"):
        return N_("{name} is not armed and threatens no square (Area minacciata)"), {
            "name": c.name}
    for n in conditions.has(c, "no_aoo"):
        return N_("{name} is {condition} and takes no attacks of opportunity "
                  "({section})"), {"name": c.name, "condition": n,
                                   "section": conditions.SECTION}
    if "confused" in c.conditions and actor is not None and \
            actor.name not in (c.extra.get("attacked_by") or []):
        return N_("{name} is confused: an attack of opportunity only against a creature "
                  "already attacking it (Confuso)"), {"name": c.name}
    if stats.get(c, "aoo_used") >= stats.get(c, "aoo_max"):
        return N_("{name} has taken its {n} attack(s) of opportunity this round"), {
            "name": c.name, "n": stats.get(c, "aoo_max")}
    return None


def threatening(state: EncounterState, actor: Combatant,
               named: list[str] = ()) -> list[Combatant]:
    names = list(dict.fromkeys([*actor.engaged_with, *named]))
    return [state.combatants[n] for n in names if n in state.combatants and n != actor.name]


def total_concealment(c: Combatant) -> str | None:
    """The condition that gives ``c`` total concealment (invisible), if any."""
    return next((n for n in conditions.has(c, "concealed")
                 if conditions.EFFECTS[n].concealed >= 50), None)


#: rows marked "No" whose movement still provokes normally (Caricare; Estrarre un'arma e
#: muoversi)
MOVING_NO = ("charge", "draw-and-move")


def opportunities(state: EncounterState, actor: Combatant, slug: str, provokes: str,
                  target: Combatant | None = None, named: list[str] = ()
                  ) -> dict[str, list[str]]:
    """Who may take an attack of opportunity when ``actor`` takes the action ``slug``
    whose table mark is ``provokes`` ("no", "yes", "target"), and for what: one AoO per
    opportunity, but one action may give several for different reasons (35-AOO-04: in a
    bull rush both the push and the movement provoke)."""
    if total_concealment(actor):
        return {}                   # Occultamento Totale: no AoO against it
    out: dict[str, list[str]] = {}
    if provokes == "no" and slug != "withdraw" and slug not in MOVING_NO:
        return out                  # (most attacks: no one to look for)
    engaged = threatening(state, actor)
    others = threatening(state, actor, named) if named else engaged

    def give(cs: list[Combatant], why: str) -> None:
        for c in cs:
            if why_not(state, c, actor) is None and why not in out.get(c.name, []):
                out.setdefault(c.name, []).append(why)

    if slug == "withdraw":
        # Ritirata: the starting square is not threatened by any visible opponent;
        # invisible ones still get their AoO; the rest of the move provokes normally
        give([c for c in engaged if total_concealment(c)], "leaving the first square")
        give([c for c in others if c.name not in actor.engaged_with], "movement")
        return out
    if slug in MOVING_NO:
        # the action doesn't provoke (the table's "No"), its movement does: from the
        # squares named along the path (--threatened-by)
        give([c for c in others if c.name in named], "movement")
        return out
    if provokes == "no":
        return out
    if provokes == "target":
        give([target] if target is not None else [], slug)
        return out
    if slug in ("bull-rush", "overrun") and target is not None:
        give([target], slug)
        give(others, "movement")
        return out
    give(others, slug)
    return out


def offered(state: EncounterState, actor: Combatant, provokes: str,
            target: Combatant | None = None, named: list[str] = (), slug: str = ""
            ) -> list[str]:
    """The creatures that may take an attack of opportunity (see ``opportunities``)."""
    return list(opportunities(state, actor, slug, provokes, target, named))


def check(state: EncounterState, a: Combatant, t: Combatant, cover: str | None,
          concealment: int | None, kind: str | None) -> None:
    """May ``a`` take an attack of opportunity against ``t`` now?"""
    if kind not in (None, "melee"):
        refuse(N_("an attack of opportunity is a single melee attack"), SECTION)
    why = _why_not(state, a, t)
    if why:
        refuse(why[0], SECTION, **why[1])
    if cover and cover != "none":
        refuse(N_("no attack of opportunity against an opponent with cover ({name} has "
                  "{cover} cover)"), f"{SECTION}; Copertura", name=t.name, cover=cover)
    hidden = "total concealment" if concealment == 50 else total_concealment(t)
    if hidden:
        refuse(N_("no attack of opportunity against an opponent with total concealment "
                  "({name}: {hidden})"), "Occultamento Totale", name=t.name, hidden=hidden)


def check_trigger(state: EncounterState, a: Combatant, t: Combatant,
                  trigger: int | None) -> None:
    """An attack of opportunity tied to the action that provoked it: only one per
    opportunity (35-AOO-02). Without ``--trigger``: ``a`` must threaten ``t`` -- engaged
    with it, or offered an attack of opportunity by one of its actions (named with
    ``--threatened-by``) -- "qualunque nemico che esca da un quadretto minacciato"
    (35-AOO-07): a creature threatening nobody has no opportunity (forceable)."""
    if trigger is None:
        offers = (state.extra.get("provoked") or {}).values()
        if t.name not in a.engaged_with and not any(
                p.get("by") == t.name and a.name in p.get("who", []) for p in offers):
            refuse(N_("{name} does not threaten {target}: not engaged with it, and no "
                      "action of {target} offered it an attack of opportunity (`engage`, "
                      "`--threatened-by`, or `--trigger P`)"), "Area minacciata",
                   name=a.name, target=t.name)
        return
    provoked = (state.extra.get("provoked") or {}).get(str(trigger))
    # one per opportunity; one action may give several (35-AOO-04)
    allowed = len(((provoked or {}).get("reasons") or {}).get(a.name) or [1])
    if (a.extra.get("aoo_triggers") or []).count(trigger) >= allowed:
        refuse(N_("{name} has already taken an attack of opportunity for the action at "
                  "position {trigger}: one per opportunity"), "Attacco di Opportunità",
               name=a.name, trigger=trigger)
    if provoked is None:
        raise BadInput("--trigger", trigger,
                       N_("the position of an action that provoked"))
    if provoked.get("by") != t.name:
        raise BadInput("--trigger", trigger, N_('an action of {name}'), name=t.name)
    if a.name not in provoked.get("who", []) and provoked.get("action") == "withdraw":
        refuse(N_("{name} withdraws: its starting square counts as not threatened by a "
                  "visible opponent ({other} is not invisible), and the rest of its move "
                  "did not pass a square it threatens"), "Ritirata", name=t.name,
               other=a.name)
    if a.name not in provoked.get("who", []):
        refuse(N_("{name} was not offered an attack of opportunity by the action at "
                  "position {trigger}"), "Attacco di Opportunità", name=a.name,
               trigger=trigger)


#: special moves that take the place of a melee attack, so of an AoO (35-AOO-06; the seed
#: names Disarm, Trip and Sunder "come" -- such as; grapple too, a melee touch attack)
AS_AOO = ("trip", "disarm", "sunder", "grapple")


def as_opportunity(state: EncounterState, a: Combatant, t: Combatant, what: str,
                   trigger: int | None, trip_weapon: bool = False) -> list:
    """A special move made as ``a``'s attack of opportunity against ``t`` (35-AOO-06):
    counted against ``a``'s attacks of opportunity, one per opportunity; it may itself
    provoke from its target ("l'ultimo AdO ad essere provocato viene risolto per
    primo": the target's AoO resolves before it)."""
    from battletape.domain.dnd35 import action_table
    from battletape.domain.dnd35.events import TableActionTaken

    if what not in AS_AOO:
        refuse(N_("a {maneuver} does not take the place of a melee attack: not as an "
                  "attack of opportunity"), SECTION, maneuver=what)
    check(state, a, t, None, None, "melee")
    check_trigger(state, a, t, trigger)
    row = action_table.row(what)
    reasons = {} if what == "trip" and trip_weapon else \
        opportunities(state, a, row.slug, row.provokes, t)
    return [TableActionTaken(name=a.name, action=row.slug, kind="aoo",
                             provokes=list(reasons), only_target=True,
                             what=f"trigger:{trigger}" if trigger is not None else "",
                             out_of_turn=state.turn != a.name)]

