"""5e SRD (seed 002), Giocare: the seed's words (abilities, skills, conditions, damage types).

Light data only: ``system.py`` imports it at the start of every command.
"""

from __future__ import annotations

#: Le sei caratteristiche (The Six Abilities): id -> Italian name
ABILITIES = {"str": "Forza", "dex": "Destrezza", "con": "Costituzione",
             "int": "Intelligenza", "wis": "Saggezza", "cha": "Carisma"}

#: Competenze nelle abilità (Skill Proficiencies): id -> (Italian name, ability)
SKILLS = {
    "acrobatics": ("Acrobazia", "dex"), "animal-handling": ("Addestrare animali", "wis"),
    "arcana": ("Arcano", "int"), "athletics": ("Atletica", "str"),
    "deception": ("Inganno", "cha"), "history": ("Storia", "int"),
    "insight": ("Intuizione", "wis"), "intimidation": ("Intimidire", "cha"),
    "investigation": ("Indagare", "int"), "medicine": ("Medicina", "wis"),
    "nature": ("Natura", "int"), "perception": ("Percezione", "wis"),
    "performance": ("Intrattenere", "cha"), "persuasion": ("Persuasione", "cha"),
    "religion": ("Religione", "int"), "sleight-of-hand": ("Rapidità di mano", "dex"),
    "stealth": ("Furtività", "dex"), "survival": ("Sopravvivenza", "wis"),
}

#: Elenco delle condizioni, in the seed's order: English id -> the seed's Italian name
CONDITIONS = {
    "blinded": "accecato", "grappled": "afferrato", "exhaustion": "affaticato",
    "deafened": "assordato", "poisoned": "avvelenato", "held": "bloccato",
    "confused": "confuso", "frightened": "spaventato", "immobilized": "immobilizzato",
    "charmed": "incantato", "incapacitated": "incapacitato", "invisible": "invisibile",
    "unconscious": "privo di sensi", "prone": "prono", "slowed": "rallentato",
    "restrained": "intrappolato", "stunned": "stordito", "petrified": "pietrificato",
    "paralyzed": "paralizzato",
}

#: Tipi di danno: the seed names fuoco, tagliente, necrotico "ecc."; the rest is the
#: official SRD's list of thirteen (5E-GAP-10)
DAMAGE_TYPES = {
    "acid": "acido", "bludgeoning": "contundente", "cold": "freddo", "fire": "fuoco",
    "force": "forza", "lightning": "fulmine", "necrotic": "necrotico",
    "piercing": "perforante", "poison": "veleno", "psychic": "psichico",
    "radiant": "radioso", "slashing": "tagliente", "thunder": "tuono",
}

#: Azioni (Actions): the table's twelve, id -> Italian name
ACTIONS = {
    "attack": "Attacco", "dash": "Scatto", "disengage": "Disimpegno",
    "dodge": "Schivata", "help": "Aiuto", "hide": "Nascondersi",
    "influence": "Influenzare", "magic": "Magia", "ready": "Preparare",
    "search": "Cercare", "study": "Studiare", "utilize": "Utilizzare",
}

STATUSES = {"up": "in piedi", "unconscious": "privo di sensi", "stable": "stabile",
            "dead": "morto", "fled": "fuggito", "knocked-out": "svenuto"}

WORDS = {
    "surrendered": "arreso",  # leaving the fight (domain.leaving)
    "round": "round", "turn": "turno", "advantage": "vantaggio",
    "disadvantage": "svantaggio", "bloodied": "insanguinato", "waived": "ignorato", "effect": "effetto", "concentration": "concentrazione",
    "staggered": "insanguinato", "death save": "tiro salvezza contro la morte",
    "save": "tiro salvezza", "saving throw": "tiro salvezza", "hit": "colpito",
    "miss": "mancato", "crit": "critico", "critical hit": "colpo critico",
    "fumble": "1 naturale", "action": "azione", "bonus action": "azione bonus",
    "reaction": "reazione", "opportunity attack": "attacco di opportunità",
    "initiative": "iniziativa", "cover": "copertura", "half cover": "mezza copertura",
    "three-quarters cover": "copertura tre quarti", "total cover": "copertura totale",
    "resistance": "resistenza", "vulnerability": "vulnerabilità",
    "immunity": "immunità", "temporary hit points": "punti ferita temporanei",
    "hit points": "punti ferita", "armor class": "classe armatura",
    "difficulty class": "classe difficoltà", "proficiency bonus": "bonus di competenza",
    "short rest": "riposo breve", "long rest": "riposo lungo", "mount": "cavalcatura",
    "stabilize": "stabilizzare", "exhaustion": "affaticato", "surprised": "sorpreso",
    "death saves": "tiri salvezza contro la morte", "conditions": "condizioni",
    "status": "stato", "name": "nome",
    **{k: v.lower() for k, v in ABILITIES.items()},
    **{k: v for k, v in DAMAGE_TYPES.items()},
    **{k: v.lower() for k, v in ACTIONS.items()},
    **{k: it for k, (it, _abil) in SKILLS.items()},   # the seed's skill table (Furtività)
}


def damage_type(text: str | None) -> str | None:
    """An English damage type from its English or Italian name (``fuoco`` -> fire)."""
    from battletape.domain.errors import BadInput

    if text is None:
        return None
    word = text.strip().lower()
    if word in DAMAGE_TYPES:
        return word
    for en, it in DAMAGE_TYPES.items():
        if it == word:
            return en
    raise BadInput("damage type", text, ", ".join(DAMAGE_TYPES))


def ability(text: str | None, what: str = "ability") -> str:
    """``dex`` (or ``Destrezza``, ``dexterity``) -> ``dex``; anything else a one-line error."""
    from battletape.domain.errors import BadInput

    word = (text or "").strip().lower()
    if word in ABILITIES:
        return word
    for key, it in ABILITIES.items():
        if word in (it.lower(), _ENGLISH[key]):
            return key
    raise BadInput(what, text, "one of str dex con int wis cha")


_ENGLISH = {"str": "strength", "dex": "dexterity", "con": "constitution",
            "int": "intelligence", "wis": "wisdom", "cha": "charisma"}
