"""Rule terms in English and in the Italian of the seed's translation (seed 000)."""

from __future__ import annotations

from battletape.domain.thirteenth_age.conditions import CONDITIONS

STATUSES = {"up": "in piedi", "unconscious": "privo di sensi", "stable": "stabilizzato",
            "dead": "morto", "fled": "fuggito"}
WORDS = {
    "round": "round", "turn": "turno", "escalation die": "dado di escalation",
    "staggered": "barcollante", "hit": "colpito", "miss": "mancato",
    "crit": "colpo critico", "fumble": "fallimento critico", "save": "tiro salvezza",
    "ongoing damage": "danni continuati", "engaged with": "impegnato con",
    "initiative": "iniziativa", "recoveries": "recuperi", "temp HP": "pf temporanei",
    "opportunity attack": "attacco di opportunità", "disengage": "disimpegnarsi",
    "intercept": "intercettare", "rally": "riprendersi", "flee": "fuggire",
    "death save": "tiro salvezza contro morte", "conditions": "condizioni",
    "hit points": "punti ferita", "status": "stato", "position": "posizione",
    "victory": "vittoria", "fled": "fuga", "damage": "danni", "healing": "guarigione",
    # seed 000's words for what the audit added: "cadono solo in coma", "pozioni
    # curative", "l'azione preparata", "lontano, a due movimenti di distanza"
    "coma": "coma", "healing potion": "pozione curativa",
    "readied action": "azione preparata", "far away": "lontano",
    # what a save is made against: a condition, or ongoing damage
    "ongoing": "danni continuati",
}


def term(word: str, lang: str) -> str:
    """``word`` in ``lang`` ("en" or "it"): conditions, statuses and rule words."""
    if lang != "it":
        return word
    return CONDITIONS.get(word) or STATUSES.get(word) or WORDS.get(word, word)
