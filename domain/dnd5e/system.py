"""The D&D 5e SRD chapter "Giocare" in Italian (seed 002) as a rule system."""

from __future__ import annotations

from typing import Any

from battletape.domain.systems import RuleSystem

_KEYS = ("death_saves_succeeded", "exhaustion", "reaction_used", "dodging", "disengaged",
         "hidden")


class Dnd5e(RuleSystem):
    id = "5e"
    aliases = ("dnd5e", "d&d5e", "5.0", "5", "5e-srd", "dnd-5e")
    title = "D&D 5e SRD (Giocare, seed 002)"
    terms_module = "battletape.domain.dnd5e.terms"
    statuses = ("up", "unconscious", "stable", "dead", "fled", "knocked-out")
    events_module = "battletape.domain.dnd5e.events"
    verbs_module = "battletape.domain.dnd5e.commands"
    fold_module = "battletape.domain.dnd5e.fold"
    demo = ("battletape.fixtures", "battles/demo-5e.bt")
    words_staggered = "bloodied"
    demo_campaign = "demo 5e"
    generator_module = "battletape.fixtures.generate_5e"
    samples_module = "battletape.domain.dnd5e.samples"
    options = {"underwater": "Combattimento sott'acqua: the fight is under water"}

    @property
    def analytics_columns(self):  # type: ignore[override]
        from battletape.domain.dnd5e.analytics import COLUMNS

        return COLUMNS

    def analytics_values(self, table: str, e, state=None) -> dict[str, Any]:
        from battletape.domain.dnd5e.analytics import values

        return values(table, e)

    def carried_over(self, c, since: list) -> dict[str, Any]:
        """Riposo (SRD's reading): hit points and Hit Dice as the rests since left
        them, exhaustion."""
        from battletape.domain.dnd5e.rest import carried_over

        return carried_over(c, since)

    def rank(self, c, lang: str = "en") -> str:
        """Competenza: a character's level, a monster's Challenge Rating (GS)."""
        from battletape.domain.words import words

        cr = c.extra.get("cr")
        if cr is not None and not c.pc:
            return words(lang, self.package)("CR {cr}", cr=cr)
        return super().rank(c, lang)

    def staggered(self, c) -> bool:
        """Insanguinato: hp <= max/2 exactly, 0 included (5E-HP-03)."""
        return c.hp * 2 <= c.max_hp

    def combatant_keys(self, c) -> dict[str, Any]:
        x = c.extra
        out: dict[str, Any] = {k: x.get(k, 0 if k in ("death_saves_succeeded",
                                                       "exhaustion") else False)
                               for k in _KEYS}
        out.update(
            bloodied=self.staggered(c), ac=c.ac, actions_used=list(c.actions_used),
            resist=list(x.get("resist", [])), vulnerable=list(x.get("vulnerable", [])),
            immune=list(x.get("immune", [])), saves=dict(x.get("saves", {})),
            prof=x.get("prof", 2), readied=c.readied, mount=x.get("mount"),
            rider=x.get("rider"), tie_undecided=bool(x.get("tie_undecided", False)),
            death_save_due=bool(x.get("death_save_due", False)))
        if x.get("concentration_saves"):  # a key only when one is owed (effects.py)
            out["concentration_saves"] = list(x["concentration_saves"])
        # named effects of spells and features, and conditions a save ends
        # (effects.py): their modifiers, save, duration and whose turns count
        effects = {n: {"mods": dict(info.mods), "save": info.save, "until": info.until,
                       "source": info.source, "turn_of": info.turn_of}
                   for n, info in sorted(c.conditions.items())
                   if info.mods or info.turn_of or (info.save and ":" in info.save)}
        if effects:
            out["effects"] = effects
        return out

    def state_keys(self, state) -> dict[str, Any]:
        return {"underwater": bool(state.extra.get("underwater", False))}

    def stat_line(self, c, sep: str = " ", lang: str = "en") -> str:
        from battletape.domain.words import words

        _ = words(lang, self.package)
        stats = getattr(c, "stats", None) or getattr(c, "extra", {}) or {}
        parts = [_("AC {ac}", ac=c.ac)]
        saves = stats.get("saves") or {}
        if saves:
            parts.append(_("saves {saves}", saves=",".join(
                f"{_.ctx('ability', k)}{v:+d}" for k, v in saves.items())))
        for key in ("resist", "vulnerable", "immune"):
            if stats.get(key):
                parts.append(f"{_.ctx('defenses', key)} "
                             + ",".join(self.term(x, lang) for x in stats[key]))
        return sep.join(parts)

    def table_columns(self) -> list[str]:
        return ["death saves", "exhaustion", "reaction"]

    def table_cells(self, c) -> list[str]:
        x = c.extra
        saves = (f"{x.get('death_saves_succeeded', 0)}✓ {c.death_saves_failed}✗"
                 if c.status in ("unconscious", "stable") else "")
        return [saves, str(x.get("exhaustion", 0) or ""),
                "used" if x.get("reaction_used") else ""]

    def describe(self, e, lang: str = "en") -> str | None:
        from battletape.domain.dnd5e.describe import describe
        from battletape.domain.words import words

        return describe(self, e, words(lang, self.package),
                        lambda word: self.term(word, lang))


SYSTEM = Dnd5e()
