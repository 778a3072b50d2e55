"""Duel as a rule system: what it declares, nothing more."""

from __future__ import annotations

from typing import Any

from battletape.domain.systems import RuleSystem

_HERE = __package__


class Duel(RuleSystem):
    id = "duel"
    title = "Duel (a tiny system of the tests)"
    terms_module = f"{_HERE}.terms"
    events_module = f"{_HERE}.events"
    verbs_module = f"{_HERE}.commands"
    fold_module = f"{_HERE}.fold"
    demo = (_HERE, "yard.bt")
    analytics_columns = {"damage": [("guarded", "INTEGER",
                                      "Duel: damage the target's guard stopped")]}

    def combatant_keys(self, c) -> dict[str, Any]:
        return {"guard": c.part.guard if c.part is not None else 0}

    def describe(self, e, lang: str = "en") -> str | None:
        from tests.systems.duel.describe import describe

        return describe(e, lang)

    def analytics_values(self, table: str, e, state=None) -> dict[str, Any]:
        if table == "damage" and type(e).__name__ == "Struck" and e.hit:
            return {"guarded": e.guarded}
        return {}


SYSTEM = Duel()
