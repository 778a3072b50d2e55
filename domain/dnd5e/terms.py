"""5e SRD (seed 002), Giocare: the seed's words (abilities, skills, conditions, damage types).

Light data only: ``system.py`` imports it at the start of every command.
"""

from __future__ import annotations
from battletape.domain.words import N_

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

#: the statuses and rule words its output uses (English; their Italian is in the
#: catalogue, context "term")
STATUSES = (
    "up", "unconscious", "stable", "dead", "fled", "knocked-out",
)

WORDS = (
    "surrendered", "round", "turn", "advantage", "disadvantage", "bloodied",
    "waived", "effect", "concentration", "staggered", "death save", "save",
    "saving throw", "hit", "miss", "crit", "critical hit", "fumble", "action",
    "bonus action", "reaction", "opportunity attack", "initiative", "cover",
    "half cover", "three-quarters cover", "total cover", "resistance",
    "vulnerability", "immunity", "temporary hit points", "hit points",
    "armor class", "difficulty class", "proficiency bonus", "short rest",
    "long rest", "mount", "stabilize", "exhaustion", "surprised", "death saves",
    "conditions", "status", "name", *ABILITIES, *DAMAGE_TYPES, *ACTIONS,
    *SKILLS,  # the seed's skill table (Furtività)
)


def damage_type(text: str | None) -> str | None:
    """An English damage type from its English or Italian name (``fuoco`` -> fire)."""
    if text is None:
        return None
    word = text.strip().lower()
    if word in DAMAGE_TYPES:
        return word
    for en, it in DAMAGE_TYPES.items():
        if it == word:
            return en
    from battletape.domain.errors import BadInput

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
    raise BadInput(what, text, N_("one of str dex con int wis cha"))


_ENGLISH = {"str": "strength", "dex": "dexterity", "con": "constitution",
            "int": "intelligence", "wis": "wisdom", "cha": "charisma"}
