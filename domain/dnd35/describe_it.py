"""D&D 3.5 (seed 003): the log in the seed's language, for ``--lang it``.

The Sigil community reads its rules in Italian: the lines of a 3.5 battle's most common
events are whole Italian sentences, with the seed's own words (tiro per colpire, minaccia
di critico, colto alla sprovvista, danni non letali, attacco di opportunità, morente,
stabile). An event not worded here falls back to the English sentence with the terms
translated. None: let the caller word it.
"""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.dnd35 import events as ev35

_DEFENSE = {"ac": "CA", "touch": "CA di contatto", "flat-footed": "CA colto alla sprovvista"}
_OUTCOME = {"victory": "vittoria", "defeat": "sconfitta", "fled": "fuga", "truce": "tregua"}


_MODIFIERS = {"iterative attack": "attacco iterativo", "flanking": "fiancheggiare",
              "charge": "carica", "fighting defensively": "combattere sulla difensiva",
              "two-weapon fighting (primary)": "combattere con due armi (mano primaria)",
              "two-weapon fighting (off hand)": "combattere con due armi (mano secondaria)",
              "nonlethal damage with a lethal weapon": "danni non letali con un'arma letale",
              "shooting into melee": "tirare nella mischia",
              "non-proficient weapon": "arma non competente"}


def _stats(e: ev.CombatantAdded) -> str:
    """The sheet in the seed's words: CA, contatto, colto alla sprovvista, BAB, saves."""
    s = e.stats
    out = [f"CA {e.ac}"]
    if s.get("touch") is not None:
        out.append(f"contatto {s['touch']}")
    if s.get("flat_footed_ac") is not None:
        out.append(f"colto alla sprovvista {s['flat_footed_ac']}")
    if s.get("bab"):
        out.append(f"BAB {s['bab']:+d}")
    names = {"fort": "Tempra", "ref": "Riflessi", "will": "Volontà"}
    saves = s.get("saves") or {}
    if saves:
        out.append(" ".join(f"{names.get(k, k)} {v:+d}" for k, v in saves.items()))
    return ", ".join(out)


def _joins(stats: dict) -> str:
    """Perché un nuovo arrivato ha il suo conteggio (35-INI-06)."""
    if not stats.get("joins"):
        return ""
    if stats.get("joins") == "aware" and stats.get("initiative") is not None:
        n = stats["initiative"]
        return (f"; consapevole dello scontro: iniziativa {n}, prima di tutti (il "
                f"conteggio più alto, {n - 1}, + 1: 35-INI-06), agisce dal round "
                f"{stats.get('joins_round')}")
    return (f"; ignaro dello scontro: tira l'iniziativa (`init`) e agisce dal round "
            f"{stats.get('joins_round')} (35-INI-06)")


def _modifier(label: str, t) -> str:
    if label in _MODIFIERS:
        return _MODIFIERS[label]
    if label.startswith("fear (") and label.endswith(")"):
        return "paura (" + ", ".join(t(w) for w in label[6:-1].split(", ")) + ")"
    return t(label)


def _names(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " e " + names[-1] if len(names) > 1 else "".join(names)


def _attack(e: ev.AttackResolved, t) -> str:
    result = ("COLPO CRITICO" if e.crit else "colpito" if e.hit else "mancato")
    dmg = ""
    if e.hit and e.damage_roll is not None:
        nl = " non letali" if "nonlethal" in e.tags else ""
        dmg = f", {e.damage} danni{nl}" + (f" ({t(e.damage_type)})" if e.damage_type else "")
    aoo = " (attacco di opportunità)" if e.action == "aoo" else ""
    mods = [f"{_modifier(k, t)} {v:+d}" for k, v in e.modifiers.items()
            if k != "attack bonus"]
    return (f"{e.attacker} attacca {e.target}{aoo}: {e.natural} naturale, totale {e.total} "
            f"contro {_DEFENSE.get(e.defense, e.defense)} {e.defense_value}: {result}{dmg}"
            + (f" [{'; '.join(mods)}]" if mods else ""))


def describe(system, e, t) -> str | None:
    match e:
        case ev.EncounterStarted():
            return f"inizia lo scontro {e.name} (D&D 3.5, campagna {e.campaign})"
        case ev.CombatantAdded():
            return f"entra {e.name}: {e.hp}/{e.max_hp} pf, {_stats(e)}" + _joins(e.stats)
        case ev.InitiativeRolled():
            r = e.roll
            return (f"iniziativa di {_names(e.names)}: {r.faces[0] if r.faces else '?'} "
                    f"naturale, totale {r.total}")
        case ev.RoundStarted():
            return "round di sorpresa" if e.round == 0 else f"round {e.round}"
        case ev.TurnStarted():
            return f"turno di {e.name}"
        case ev.TurnEnded():
            return f"fine del turno di {e.name}"
        case ev.AttackResolved():
            return _attack(e, t)
        case ev35.ConfirmationRolled():
            return (f"{e.attacker} conferma la minaccia di critico su {e.target}: "
                    f"{e.roll.faces[0]} naturale, totale {e.total} contro {e.defense_value}: "
                    + ("confermato" if e.confirmed else "non confermato (danni normali)"))
        case ev35.MissChanceRolled():
            return (f"probabilità di mancare {e.target} ({e.chance}%): d100 {e.roll.total}: "
                    + ("mancato" if e.missed else "il colpo va a segno"))
        case ev35.TableActionTaken():
            from battletape.domain.dnd35.action_table import row

            r = row(e.action)
            name = r.italian.split(" (")[0] if r is not None else e.action
            aoo = (f" — possono effettuare un attacco di opportunità: {_names(e.provokes)}"
                   if e.provokes else "")
            return f"{e.name}: {name} ({t(e.kind)}){aoo}"
        case ev.DamageTaken():
            return f"{e.target} subisce {e.amount} danni" + (
                f" ({t(e.damage_type)})" if e.damage_type else "")
        case ev35.NonlethalDamageTaken():
            return f"{e.target} subisce {e.amount} danni non letali"
        case ev.Healed():
            return f"{e.target} guarisce {e.amount} pf" + (
                f" ({e.roll.expr} {e.roll.faces} = {e.roll.total})" if e.roll else "")
        case ev.ConditionApplied():
            return f"{e.name} è {t(e.condition)}"
        case ev.ConditionRemoved():
            return f"{e.name} non è più {t(e.condition)}" + _why_removed(e.reason)
        case ev35.SaveDemanded():
            why = {"massive-damage": "danno massiccio",
                   "coup-de-grace": "colpo di grazia"}.get(e.against, e.against)
            return f"{e.name} deve superare un tiro salvezza su {t(e.save)} CD {e.dc} ({why})"
        case ev.SaveRolled():
            return (f"tiro salvezza su {t(e.difficulty)} di {e.name}: "
                    f"{e.roll.faces[0]} naturale, totale {e.roll.total} contro CD {e.target}: "
                    + ("superato" if e.success else "fallito"))
        case ev35.Died():
            return f"{e.name} muore"
        case ev.DeathSaveRolled():
            return (f"{e.name} è morente: d100 {e.roll.total}: "
                    + ("diventa stabile" if e.success else "perde 1 pf"))
        case ev.StabilizeAttempted():
            return (f"{e.helper} cerca di stabilizzare {e.name}: Guarire {e.roll.total} "
                    "contro CD 15: " + ("stabile" if e.success else "fallito"))
        case ev.SurpriseDeclared():
            return (f"round di sorpresa: solo {_names(e.actors)} si accorgono dei nemici e "
                    "agiscono")
        case ev35.SurpriseRoundEnded():
            return "fine del round di sorpresa: tutti tirano di nuovo l'iniziativa"
        case ev35.TieRerollDue():
            return (f"pareggio di iniziativa a {e.total} con lo stesso bonus: "
                    f"{_names(e.names)} ritirano")
        case ev35.TieRerolled():
            return "pareggio risolto: " + " prima di ".join(e.names)
        case ev.Delayed():
            return f"{e.name} ritarda il turno"
        case ev.Readied():
            return f"{e.name} prepara un'azione: {e.trigger}"
        case ev.DelayedActionTaken():
            return f"{e.name} agisce dopo {e.after} (iniziativa {e.initiative})"
        case ev.ReadiedActionTaken():
            return (f"l'azione preparata di {e.name} scatta prima di {e.before} "
                    f"(iniziativa {e.initiative})")
        case ev35.ReadiedActionLost():
            return f"l'azione preparata di {e.name} è persa: è tornato il suo turno"
        case ev.Engaged():
            return f"{e.a} e {e.b} sono in mischia"
        case ev.Moved():
            return f"{e.name} si allontana"
        case ev35.AidAnotherRolled():
            what = (f"+2 al prossimo attacco di {e.ally} contro {e.target}"
                    if e.give == "attack" else
                    f"+2 alla CA di {e.ally} contro il prossimo attacco di {e.target}")
            return (f"{e.aider} aiuta {e.ally} contro {e.target}: totale {e.total} contro "
                    "CA 10: " + (what if e.success else "nessun aiuto"))
        case ev35.FeintRolled():
            return (f"{e.feinter} finta contro {e.target}: Raggirare {e.total} contro "
                    f"{e.opposed}: " + (f"{e.target} perde il bonus di Destrezza alla CA "
                                        f"contro il prossimo attacco in mischia di "
                                        f"{e.feinter}" if e.success else "non ci casca"))
        case ev35.ConfusionRolled():
            what = {"attack-source": "attacca la fonte della confusione",
                    "act-normally": "agisce normalmente", "babble": "farfuglia",
                    "flee": "fugge dalla fonte della confusione",
                    "attack-nearest": "attacca la creatura più vicina",
                    "attack-attacker": "attacca chi l'ha attaccato"
                    }.get(e.behaviour, e.behaviour)
            roll = f"d100 {e.roll.total}: " if e.roll is not None else ""
            return f"{e.name} è confuso: {roll}{what}" + (f" ({e.target})" if e.target
                                                          else "")
        case ev35.ModifierAdded():
            against = f" contro {e.against}" if e.against else ""
            force = ", effetto di Forza" if e.force_effect else ""
            return (f"{e.name}: {e.value:+d} ({e.bonus_type}) a {e.stat}{against} "
                    f"({e.source}{force})")
        case ev35.ModifierRemoved():
            return f"{e.name}: finisce {e.source}"
        case ev35.NegativeLevelsGained():
            if e.count < 0:
                return f"{e.name} recupera {-e.count} livelli negativi"
            return f"{e.name} subisce {e.count} livelli negativi"
        case ev.EncounterEnded():
            return f"fine dello scontro: {_OUTCOME.get(e.outcome, e.outcome)}"
        case ev35.CoverHit():
            return (f"l'attacco di {e.attacker} contro {e.target} colpisce invece la "
                    f"copertura ({e.cover}): {e.damage} danni, durezza {e.hardness}, "
                    f"{e.dealt} alla copertura")
        case ev35.ManeuverResolved():
            move = e.maneuver.replace("-", " ") + (" (contrattacco)" if e.counter else "")
            rolls = ""
            if e.check is not None and e.opposed is not None:
                rolls = f": {e.check.total} contro {e.opposed.total}"
            return f"{e.attacker} tenta {move} su {e.target}{rolls}: {e.result}"
        case ev35.TurningResolved():
            out = (f"{e.name} scaccia i non morti: prova {e.check.total}, fino a "
                   f"{e.max_hd} DV, {e.hd_total} DV in tutto")
            if e.destroyed:
                out += "; distrutti: " + ", ".join(e.destroyed)
            if e.turned:
                out += "; scacciati: " + ", ".join(e.turned)
            if not e.destroyed and not e.turned:
                out += "; nessun non morto colpito"
            return out
        case ev35.SplashLanded():
            where = "un'intersezione della griglia" if e.at == "intersection" else e.at
            roll = (f" (naturale {e.roll.faces[0]}, totale {e.roll.total} contro CA "
                    f"{e.defense_value})" if e.roll is not None else "")
            if e.hit:
                who = ", ".join(e.splashed) or "nessuno"
                return (f"l'arma a spargimento di {e.attacker} colpisce {where}{roll}: "
                        f"{e.damage} danni da spargimento a {who}")
            return (f"l'arma a spargimento di {e.attacker} manca {where}{roll} e cade nel "
                    f"quadretto {e.scatter.total if e.scatter else '?'} degli 8 intorno (d8)")
        case ev35.FearEffectNoted():
            return f"{e.name} subisce l'effetto di paura {e.effect} ({t(e.condition)})"
        case ev35.IncorporealDamageRolled():
            if not e.magic:
                return f"{e.name} è incorporeo: immune ai {e.amount} danni non magici"
            roll = f"d100 {e.roll.total}: " if e.roll is not None else ""
            return (f"{e.name} è incorporeo: {roll}" + (
                f"i {e.amount} danni sono ignorati (50%)" if e.ignored
                else f"i {e.amount} danni vanno a segno"))
        case ev35.SpellFailureRolled():
            spell = f" lanciando {e.spell}" if e.spell else ""
            return (f"fallimento degli incantesimi arcani di {e.name}{spell} "
                    f"({e.chance}%): d100 {e.roll.total}: " + (
                        "l'incantesimo è sprecato" if e.failed
                        else "l'incantesimo riesce"))
        case ev35.ProvokedActionLost():
            return (f"{e.name} perde l'azione {e.action}: {e.reason} dopo l'attacco di "
                    "opportunità che ha provocato")
    return None


def _why_removed(reason: str) -> str:
    """Affascinato (35-CND-05): why the fascination ended, in the seed's words."""
    from battletape.domain.dnd35.conditions import DIRECT_THREAT, SHAKEN_FREE

    if reason.startswith(SHAKEN_FREE):
        return f" (scosso e liberato da {reason[len(SHAKEN_FREE):]})"
    if reason.startswith(DIRECT_THREAT):
        return f" (minaccia diretta di {reason[len(DIRECT_THREAT):]})"
    return ""
