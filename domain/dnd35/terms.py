"""D&D 3.5 (seed 003, Sigil): the seed's words -- conditions, statuses, abilities, actions.

Light data only: ``system.py`` reads it on first use. Ids are the standard English 3.5
names (lower case, hyphenated); the values are the seed's Italian names for ``--lang it``.
"""

from __future__ import annotations

#: Condizioni, the seed's list in its order (Abbagliato ... Stordito): id -> Italian
CONDITIONS = {
    "dazzled": "abbagliato", "blinded": "accecato", "cowering": "accovacciato",
    "starving": "affamato", "fascinated": "affascinato", "fatigued": "affaticato",
    "deafened": "assordato", "staggered": "barcollante", "knocked-down": "buttato a terra",
    "flat-footed": "colto alla sprovvista", "confused": "confuso",
    "dehydrated": "disidratato", "exhausted": "esausto", "ethereal": "etereo",
    "immobilized": "fermato sul posto", "dazed": "frastornato", "checked": "frenato",
    "pinned": "immobilizzato", "grappling": "in lotta", "panicked": "in preda al panico",
    "disabled": "inabile", "incorporeal": "incorporeo", "helpless": "indifeso",
    "sickened": "infermo", "rebuked": "intimorito", "entangled": "intralciato",
    "invisible": "invisibile", "dying": "morente", "dead": "morto",
    "nauseated": "nauseato", "paralyzed": "paralizzato", "petrified": "pietrificato",
    "blown-away": "portato via", "unconscious": "privo di sensi", "prone": "prono",
    "energy-drained": "risucchio di energia", "turned": "scacciato", "shaken": "scosso",
    "frightened": "spaventato", "stalled": "stallo", "stable": "stabile",
    "stunned": "stordito",
    # states of the seed's movement and special moves that change a number
    "climbing": "scalare",
}

#: Caratteristiche
ABILITIES = {"str": "Forza", "dex": "Destrezza", "con": "Costituzione",
             "int": "Intelligenza", "wis": "Saggezza", "cha": "Carisma"}

#: Tiri salvezza
SAVES = {"fort": "Tempra", "ref": "Riflessi", "will": "Volontà"}

#: Taglia (35-SIZ-01): id -> Italian
SIZES = {"fine": "piccolissima", "diminutive": "minuta", "tiny": "minuscola",
         "small": "piccola", "medium": "media", "large": "grande", "huge": "enorme",
         "gargantuan": "mastodontica", "colossal": "colossale"}

#: the action types of Round e azioni: id -> Italian
ACTION_TYPES = {"standard": "azione standard", "move": "azione di movimento",
                "full-round": "azione di round completo", "swift": "azione veloce",
                "immediate": "azione immediata", "free": "azione gratuita",
                "none": "non è un'azione", "5-foot-step": "passo da 1,5 metri"}

#: Tipi di danno (3.1 Danni)
DAMAGE_TYPES = {
    "piercing": "perforante", "slashing": "tagliente", "bludgeoning": "contundente",
    "acid": "acido", "electricity": "elettricità", "cold": "freddo", "fire": "fuoco",
    "sonic": "suono", "positive": "energia positiva", "negative": "energia negativa",
    "force": "forza", "desiccation": "essiccazione", "untyped": "senza tipo",
}

#: the statuses and rule words its output uses (English; their Italian is in the
#: catalogue, context "term")
STATUSES = (
    "up", "disabled", "dying", "stable", "unconscious", "dead", "fled",
)

WORDS = (
    "surrendered", "round", "turn", "hit", "miss", "threat", "confirmed",
    "critical hit", "crit", "attack of opportunity", "initiative", "armor class",
    "touch", "touch ac", "flat-footed ac", "nonlethal", "nonlethal damage",
    "hit points", "surprise round", "full attack", "concealment", "cover",
    "flanking", "charge", "fight defensively", "total defense", "massive damage",
    "stabilize", "save", "saving throw", "staggered", "conditions", "status",
    "name", "AoO", "actions", "negative levels", "ability damage", "delay", "ready",
    *ABILITIES, *SAVES, *DAMAGE_TYPES, *ACTION_TYPES,
)


def _lookup(table: dict[str, str], text: str | None, what: str, english: dict | None = None
            ) -> str:
    from battletape.domain.errors import BadInput

    word = (text or "").strip().lower()
    if word in table:
        return word
    for key, it in table.items():
        if word == it.lower() or (english and word == english.get(key)):
            return key
    raise BadInput(what, text, ", ".join(table))


def damage_type(text: str | None) -> str | None:
    """An English damage type from its English or Italian name (``fuoco`` -> fire)."""
    return None if text is None else _lookup(DAMAGE_TYPES, text, "damage type")


def ability(text: str | None, what: str = "ability") -> str:
    return _lookup(ABILITIES, text, what, {"str": "strength", "dex": "dexterity",
                                            "con": "constitution", "int": "intelligence",
                                            "wis": "wisdom", "cha": "charisma"})


def save(text: str | None) -> str:
    return _lookup(SAVES, text, "save", {"fort": "fortitude", "ref": "reflex"})


def size(text: str | None) -> str:
    return _lookup(SIZES, text, "--size")


def condition(text: str | None) -> str:
    """A condition id from its id, its Italian name or a spelling with spaces."""
    word = (text or "").strip().lower().replace("_", "-")
    if word.replace(" ", "-") in CONDITIONS:
        return word.replace(" ", "-")
    return _lookup(CONDITIONS, word, "condition")
