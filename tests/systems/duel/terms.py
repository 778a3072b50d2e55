"""Duel's words: statuses and rule words, English -> Italian."""

CONDITIONS: dict[str, str] = {}
STATUSES = {"up": "in piedi", "unconscious": "privo di sensi", "stable": "stabile",
            "dead": "morto", "fled": "fuggito"}
WORDS = {"guard": "guardia", "strike": "colpo"}
