"""The 13th Age Archmage Engine SRD (seed 004; Italian: seed 000) as a rule system."""

from __future__ import annotations

from typing import Any

from battletape.domain.state import Combatant, EncounterState
from battletape.domain.systems import RuleSystem
from battletape.domain.words import N_


class ThirteenthAge(RuleSystem):
    id = "13a"
    aliases = ("13th-age", "13thage", "13age", "archmage")
    title = "13th Age (Archmage Engine SRD, seed 004)"
    terms_module = "battletape.domain.thirteenth_age.terms"

    header_keys = ("escalation_die",)
    options = {"lasting_wounds": "Optional Lasting-Wound Rule",
               "meaningful_death": "Optional Meaningful Death Rule"}
    verbs_module = "battletape.domain.thirteenth_age.commands"
    events_module = "battletape.domain.thirteenth_age.events"
    fold_module = "battletape.domain.thirteenth_age.fold"
    demo = ("battletape.fixtures", "battles/demo.bt")
    pcs_leave_together = "Flee"
    demo_campaign = "demo"
    generator_module = "battletape.fixtures.generate_13a"
    samples_module = "battletape.domain.thirteenth_age.samples"

    @property
    def analytics_columns(self):  # type: ignore[override]
        from battletape.domain.thirteenth_age.analytics import COLUMNS

        return COLUMNS

    def analytics_values(self, table: str, e, state: EncounterState) -> dict[str, Any]:
        from battletape.domain.thirteenth_age.analytics import values

        return values(table, e, state)

    def staggered(self, c: Combatant) -> bool:
        from battletape.domain.thirteenth_age.damage_and_healing import staggered

        return staggered(c)

    def combatant_keys(self, c: Combatant) -> dict[str, Any]:
        p = c.part
        return {"recoveries": p.recoveries,  # a contract key: 0 in other systems
                "pd": p.pd, "md": p.md, "whereabouts": p.whereabouts,
                "flying": p.flying, "penalty": p.penalty,
                "lasting_wounds": p.lasting_wounds,
                # Optional Meaningful Death Rule: shown only when it happens
                **({"coma": True} if p.coma else {}),
                # named effects of powers and spells (a key only when there are):
                # their modifiers and whose turn ends them (null: the bearer's)
                **({"effects": effects} if (effects := {
                    n: {"mods": dict(info.mods), "save": info.save, "until": info.until,
                        "turn_of": info.turn_of}
                    for n, info in sorted(c.conditions.items())
                    if info.mods or n not in self.conditions}) else {})}

    def state_keys(self, state: EncounterState) -> dict[str, Any]:
        from battletape.domain.thirteenth_age import mooks
        from battletape.domain.thirteenth_age.escalation_die import current

        mobs = mooks.mobs_view(state)  # mooks: each mob's summed hit points
        return {"escalation_die": current(state), **({"mobs": mobs} if mobs else {})}

    def death_save_due(self, state: EncounterState) -> str | None:
        """A dying PC at the start of its turn, its death save not rolled yet (Death
        and dying); none in a coma (the Optional Meaningful Death Rule)."""
        c = state.combatants.get(state.turn or "")
        if c is None or state.ended or not c.pc or c.status != "unconscious":
            return None
        part = c.part
        due = getattr(part, "dying_at_start", False) and not \
            getattr(part, "death_saved", False) and not getattr(part, "coma", False)
        return c.name if due else None

    def stat_line(self, c, sep: str = " ", lang: str = "en") -> str:
        from battletape.domain.thirteenth_age.events import added_stat
        from battletape.domain.words import words

        _ = words(lang, self.package)
        p = getattr(c, "part", None)  # a combatant's part, or its CombatantAdded's stats
        pd, md = (p.pd, p.md) if p is not None else (added_stat(c, "pd"),
                                                     added_stat(c, "md"))
        return sep.join((_("AC {ac}", ac=c.ac), _("PD {pd}", pd=pd), _("MD {md}", md=md)))

    def roll_option_of(self, e) -> str | None:
        """Shooting into Melee: the reroll against the engaged ally is typed with
        ``--ally-roll``; Two-Weapon Fighting: the reroll of a natural 2 with
        ``--reroll`` (``amend P --roll N`` at their position corrects them)."""
        if type(e).__name__ != "AttackResolved":
            return None
        if any(t.startswith("into-melee-reroll:") for t in e.tags):
            return "--ally-roll"
        return "--reroll" if e.rerolled_from == 2 else None

    def describe(self, e, lang: str = "en") -> str | None:
        from battletape.domain.thirteenth_age import sentences
        from battletape.domain.words import words

        return sentences.sentence(e, words(lang, self.package),
                                  lambda word: self.term(word, lang))

    def carried_over(self, c: Combatant, since: list) -> dict[str, Any] | None:
        """Rest and Recharge: recoveries, quick rests, penalties, lasting wounds."""
        from battletape.domain.thirteenth_age.rest_and_recharge import carried_over

        return carried_over(c, since)

    def analytics_folds(self):
        from battletape.domain.thirteenth_age.analytics import folds

        return folds()

    def story(self, e):
        """Recoveries and rallies in the report's rounds ("Bruna recovers 14 hp")."""
        from battletape.domain.thirteenth_age.events import RecoverySpent

        if isinstance(e, RecoverySpent):
            said = (N_("{name} rallied (+{amount})") if e.source == "rally"
                    else N_("{name} spent a recovery (+{amount})"))
            return said, {"name": e.name, "amount": e.amount}
        return None

    def campaign_rolls(self, e) -> list:
        from battletape.domain.thirteenth_age.analytics import campaign_rolls

        return campaign_rolls(e)

    def stats_sections(self) -> list[tuple[str, str, str, str]]:
        from battletape.domain.thirteenth_age.analytics import STATS_SECTIONS

        return STATS_SECTIONS

    def title_line(self, state: EncounterState, lang: str = "en") -> str:
        from battletape.domain.thirteenth_age.escalation_die import current

        return f", {self.term('escalation die', lang)} {current(state)}"

    def table_columns(self) -> list[str]:
        return ["ongoing damage", "engaged with", "recoveries"]

    def table_cells(self, c: Combatant) -> list[str]:
        ongoing = ", ".join(f"{o.amount}{' ' + o.type if o.type else ''} ({o.save})"
                            for o in c.ongoing)
        return [ongoing, ", ".join(c.engaged_with), str(c.part.recoveries) if c.pc else ""]


SYSTEM = ThirteenthAge()
