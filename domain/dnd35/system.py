"""D&D 3.5 as the Sigil community's combat digest states it (seed 003) as a rule system."""

from __future__ import annotations

from typing import Any

from battletape.domain.systems import RuleSystem


class Dnd35(RuleSystem):
    id = "3.5e"
    aliases = ("3.5", "dnd35", "d&d3.5", "d&d 3.5", "3e", "35e", "dnd3.5", "sigil")
    title = "D&D 3.5 (Sigil digest, seed 003)"
    terms_module = "battletape.domain.dnd35.terms"
    statuses = ("up", "disabled", "dying", "stable", "unconscious", "dead", "fled")
    events_module = "battletape.domain.dnd35.events"
    verbs_module = "battletape.domain.dnd35.commands"
    fold_module = "battletape.domain.dnd35.fold"
    demo = ("battletape.fixtures", "battles/demo-3.5e.bt")
    demo_campaign = "demo 3.5e"
    generator_module = "battletape.fixtures.generate_35"
    samples_module = "battletape.domain.dnd35.samples"

    @property
    def analytics_columns(self):  # type: ignore[override]
        from battletape.domain.dnd35.analytics import COLUMNS

        return COLUMNS

    def analytics_values(self, table: str, e, state=None) -> dict[str, Any]:
        from battletape.domain.dnd35.analytics import values

        return values(table, e)

    @property
    def correction_policy(self):  # type: ignore[override]
        """Concetti Fondamentali: how a 3.5 combat is corrected (35-POL-01..06)."""
        from battletape.domain.dnd35.basic_concepts import POLICY

        return POLICY

    def carried_over(self, c, since: list) -> dict[str, Any]:
        """Natural healing (the SRD's reading where the seed is silent): hit points,
        nonlethal and ability damage as the rests since left them."""
        from battletape.domain.dnd35.natural_healing import carried_over

        return carried_over(c, since)

    def rank(self, c, lang: str = "en") -> str:
        from battletape.domain.words import words

        hd = c.extra.get("hd")
        if c.pc or not hd:
            return super().rank(c, lang)
        return words(lang, self.package)("{hd} HD", hd=hd)

    def staggered(self, c) -> bool:
        """Barcollante: nonlethal damage equal to current hp (35-NL-03, 35-CND-08)."""
        from battletape.domain.dnd35.hit_points import staggered

        return staggered(c)

    def combatant_keys(self, c) -> dict[str, Any]:
        from battletape.domain.dnd35.views import combatant_keys

        return combatant_keys(c)

    def state_keys(self, state) -> dict[str, Any]:
        from battletape.domain.dnd35.views import state_keys

        return state_keys(state)

    def stat_line(self, c, sep: str = " ", lang: str = "en") -> str:
        from battletape.domain.words import words

        _ = words(lang, self.package)
        stats = getattr(c, "stats", None) or getattr(c, "extra", {}) or {}
        parts = [_("AC {ac}", ac=c.ac)]
        if stats.get("touch") is not None:
            parts.append(_("touch {touch}", touch=stats["touch"]))
        if stats.get("flat_footed_ac") is not None:
            parts.append(_("flat-footed {ac}", ac=stats["flat_footed_ac"]))
        if stats.get("bab"):
            parts.append(f"BAB {stats['bab']:+d}")
        saves = stats.get("saves") or {}
        if saves:
            parts.append(" ".join(f"{_.ctx('save', k.title())} {v:+d}"
                                  for k, v in saves.items()))
        return sep.join(parts)

    def table_columns(self) -> list[str]:
        return ["nonlethal", "AoO", "actions"]

    def table_cells(self, c) -> list[str]:
        x = c.extra
        return [str(x.get("nonlethal", 0) or ""),
                f"{x.get('aoo_used', 0)}/{x.get('aoo_max', 1)}",
                ", ".join(c.actions_used)]

    def roll_option_of(self, e) -> str | None:
        """Colpi critici: a confirmation roll's natural is the attack's ``--confirm``
        (``amend P --roll N`` at its position corrects it, not the attack roll); an
        attack's miss chance (Occultamento) is its ``--miss-roll``, an incorporeal
        target's d100 its ``--incorporeal-roll``."""
        return _ROLL_OPTIONS.get(type(e).__name__)

    def describe(self, e, lang: str = "en") -> str | None:
        from battletape.domain.dnd35.describe import describe
        from battletape.domain.words import words

        return describe(self, e, words(lang, self.package),
                        lambda word: self.term(word, lang))


_ROLL_OPTIONS = {"ConfirmationRolled": "--confirm", "MissChanceRolled": "--miss-roll",
                 "IncorporealDamageRolled": "--incorporeal-roll"}

SYSTEM = Dnd35()
