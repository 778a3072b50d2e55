"""Rule systems behind one interface (DESIGN.md principle 10).

A rule system is a package under ``domain/`` with a ``system.py`` module whose
``SYSTEM`` is a :class:`RuleSystem`. The core (events of general kind, the roster,
turns and rounds, HP, conditions as data, corrections, history, replay, exports,
analytics) asks the encounter's system for everything rule-specific: its verbs and
their options, how its events fold and read, its statuses, conditions and terms, the
keys it adds to ``state --json`` and the columns it adds to the analytics tables.

Systems are found, not listed: adding a package with a ``system.py`` adds a system.
"""

from __future__ import annotations

from functools import cache, cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable

from battletape.domain.errors import BadInput, Either, NotYetSupported
from battletape.domain.words import N_
# the packages found (and BATTLETAPE_SYSTEMS's), told apart from what they declare
from battletape.domain.registry import PLUGINS_VARIABLE, folders, packages, plugins  # noqa: F401

#: the system ``new`` starts when none is named (the primary system of the seeds);
#: the one place outside the system packages that names a system
DEFAULT_SYSTEM = "13a"

# systems of the seeds that have no package yet
PLANNED: dict[str, str] = {}

if TYPE_CHECKING:
    from battletape.domain.events import Event
    from battletape.domain.state import Combatant, EncounterState
    from battletape.domain.verbs import Verb


class RuleSystem:
    """What a rule system declares; subclasses override what their rules change."""

    #: the id given to ``new --system`` (``13a``, ``5e``, ``3.5e``)
    id: str = ""
    #: other spellings accepted by ``--system``
    aliases: tuple[str, ...] = ()
    #: the name shown to users, with the seed it implements
    title: str = ""
    #: statuses a combatant can have; every system has the five of the contract
    statuses: tuple[str, ...] = ("up", "unconscious", "stable", "dead", "fled")
    #: the module of its terms, read on first use: ``CONDITIONS`` (condition id -> the
    #: seed's Italian name, also read as typed), ``STATUSES`` and ``WORDS`` (the English
    #: words its output uses; their other languages are in its catalogues, context
    #: "term"; a plug-in may give them as dicts English -> Italian instead)
    terms_module: str = ""
    #: the module holding the system's own events (listed in ``EVENTS`` there)
    events_module: str | None = None
    #: the module holding the system's verbs (a ``VERBS`` list of domain.verbs.Verb)
    verbs_module: str = ""
    #: the module whose ``apply(state, event)`` folds an event in place
    fold_module: str = ""
    #: state keys shown beside the round in replays (13th Age: the escalation die)
    header_keys: tuple[str, ...] = ()
    #: what the contract's ``staggered`` key is called in this system's tables
    words_staggered: str = "staggered"
    #: analytics: extra columns per table, {table: [(column, sql type, doc)]}
    analytics_columns: dict[str, list[tuple[str, str, str]]] = {}

    #: the demo battle: (package, path of the script inside it), a resource read by
    #: ``battletape demo --system ID`` and by the conformance kit
    demo: tuple[str, str] = ()

    #: optional rules chosen at ``new`` (``--rule NAME``): {option id: help}
    options: dict[str, str] = {}

    #: how this system's community corrects a combat (a domain.corrections
    #: CorrectionPolicy: the tactical refusal, the lines ``disputes`` and the report
    #: say, warnings on wide rewinds); None keeps the core's plain corrections
    correction_policy: Any = None

    #: the campaign each demo (``demo`` above) is played into (a fresh one per run:
    #: ``NAME (2)``, ...)
    demo_campaign: str = "demo"

    #: the generator of large histories (``fixtures/generate.py``): the module holding
    #: its ``Generator`` and ``toughness``, imported by name
    generator_module: str = ""

    #: what the benchmarks record (``bench/``): the module of the system's samples,
    #: whose ``ATTACK`` are the options of an ``attack`` that always misses and
    #: ``ready(state)`` finds who can make it now (a pure function of the state)
    samples_module: str = ""

    #: the rule under which the PCs leave a fight only together (13th Age: ``Flee``):
    #: ``leave`` refuses a PC alone, unless forced; None lets a PC leave alone
    pcs_leave_together: str | None = None

    # --- terms ------------------------------------------------------------------------

    @cached_property
    def conditions(self) -> dict[str, str]:
        """Condition ids (lower-case English) -> the seed's Italian names."""
        return import_module(self.terms_module).CONDITIONS if self.terms_module else {}

    @cached_property
    def term_ids(self) -> tuple[str, ...]:
        """The statuses and rule words (English) its output uses."""
        if not self.terms_module:
            return ()
        terms = import_module(self.terms_module)
        return tuple(dict.fromkeys((*getattr(terms, "STATUSES", ()),
                                    *getattr(terms, "WORDS", ()))))

    @cached_property
    def _italian_tables(self) -> dict[str, str]:
        """A plug-in's own Italian of its terms, kept in dicts (no catalogue)."""
        terms = import_module(self.terms_module) if self.terms_module else None
        return {k: v for table in (getattr(terms, "STATUSES", ()), getattr(terms, "WORDS", ()))
                if isinstance(table, dict) for k, v in table.items()}

    def term(self, word: str, lang: str, gender: str = "") -> str:
        """``word`` in ``lang``: a condition (the seed's Italian name), a status or a
        rule word (the system's catalogue, context "term"); said of a name of
        ``gender`` (domain/grammar.py), its form for it (context "term feminine")."""
        if lang == "en":
            return word
        if gender == "f":
            from battletape.domain.words import words

            said = words(lang, self.package).ctx("term feminine", word)
            if said != word:
                return said
        if lang == "it" and word in self.conditions:
            return self.conditions[word]
        from battletape.domain.words import words

        said = words(lang, self.package).ctx("term", word)
        if said != word or lang != "it":
            return said
        return self._italian_tables.get(word, word)

    def check_options(self, chosen: list[str]) -> dict[str, bool]:
        """``--rule`` names into the encounter's options; one meaning nothing in this
        system is a one-line error naming the systems it belongs to."""
        out: dict[str, bool] = {}
        for name in chosen:
            key = name.strip().lower().replace("-", "_")
            if key not in self.options:
                owners = [s.id for s in all_systems().values() if key in s.options]
                where = (f"an option of {' and '.join(owners)}" if owners
                         else "not an optional rule of any system")
                raise BadInput("--rule", name,
                               N_("an optional rule of {id} ({n}); it is {where}"),
                               id=self.id,
                               n=', '.join(o.replace('_', '-') for o in self.options) or 'none',
                               where=where)
            out[key] = True
        return out

    # --- verbs ------------------------------------------------------------------------

    @property
    def verbs(self) -> dict[str, "Verb"]:
        return _verbs(self.verbs_module, self.pcs_leave_together)

    def verb(self, name: str) -> "Verb | None":
        return self.verbs.get(name)

    # --- the fold ---------------------------------------------------------------------

    @property
    def apply(self) -> Callable[["EncounterState", "Event"], "EncounterState"]:
        return _fold(self.fold_module)

    # --- analytics --------------------------------------------------------------------

    def roll_option_of(self, e: "Event") -> str | None:
        """The option of the command line that typed this event's natural when it is
        not the verb's own roll option (``amend P --roll N`` at that event's position);
        None: the verb's."""
        return None

    def death_save_due(self, state: "EncounterState") -> str | None:
        """The creature whose turn it is, when the rules make its death save due now
        (rolled at the start of a dying creature's turn). By default the system's
        fold keeps the flag in the combatant's ``extra`` (5e, 3.5)."""
        c = state.combatants.get(state.turn or "")
        if c is None or state.ended:
            return None
        return c.name if c.extra.get("death_save_due") else None

    def stats_sections(self) -> list[tuple[str, str, str, str]]:
        """The sections this system adds to the stats dashboard: (key, title, SQL,
        the key of the core's section it follows). The SQL may use ``{f}`` (the
        dashboard's filter) and ``{system}`` (this system's id, quoted)."""
        return []

    def analytics_folds(self) -> dict[type, Callable[[Any, "Event"], None]]:
        """The rows this system's own events make in the analytics tables: {event
        class: fold(folder, event)}, each calling the folder's ``add_roll``,
        ``add_healing``, ``add_save`` and ``fold`` (projections/analytics/folder.py)."""
        return {}

    @property
    def package(self) -> str:
        """The system's package (its catalogues are in its ``locale/``)."""
        return type(self).__module__.rsplit(".", 1)[0]

    def story(self, e: "Event") -> tuple[str, dict[str, Any]] | None:
        """How the Markdown report's rounds tell one of this system's own events: the
        sentence (a message of the system's catalogue, marked ``N_`` where it is
        written) and its values (None: the event is not told)."""
        return None

    def campaign_rolls(self, e: "Event") -> list[tuple[str, str, Any, str | None]]:
        """The rolls ``e``, recorded between battles in the campaign's stream, makes:
        (who, kind, roll, detail) each (13th Age: recharges and quick rests)."""
        return []

    def analytics_values(self, table: str, e: "Event",
                         state: "EncounterState") -> dict[str, Any]:
        """The values of this system's ``analytics_columns`` for the row ``e`` makes
        in ``table``, ``state`` the encounter with ``e`` folded in (columns left out
        are NULL)."""
        return {}

    # --- campaigns ----------------------------------------------------------------------

    def carried_over(self, c: "Combatant", since: list["Event"]) -> dict[str, Any] | None:
        """What a PC brings from its last battle into its campaign's next one, beyond
        its hit points as the battle left them (``since``: the campaign's events after
        that battle); None: nothing carries over (13th Age: a full heal-up)."""
        return {}

    # --- views ------------------------------------------------------------------------

    def staggered(self, c: "Combatant") -> bool:
        """The contract's ``staggered`` key (13th Age: staggered; 5e: bloodied)."""
        return 0 < c.hp <= c.max_hp // 2

    #: conditions that stay when the condition that brought them ends (one wakes up
    #: prone): shown beside it, where the others it brought are not
    outlasting: tuple[str, ...] = ("prone",)

    def shown_conditions(self, c: "Combatant") -> list[str]:
        """The conditions a table shows beside ``c``'s status, each word once: none for
        the dead; not the one its status already says (``unconscious``, ``fled``), nor
        one another of its conditions brought and takes away with it (``incapacitated``
        of ``unconscious``)."""
        if c.status == "dead":
            return []
        return [k for k, info in sorted(c.conditions.items())
                if k != c.status and not (info.source in c.conditions
                                          and info.source != k
                                          and k not in self.outlasting)]

    def combatant_keys(self, c: "Combatant") -> dict[str, Any]:
        """Keys this system adds to each combatant of ``state --json``."""
        return {}

    def state_keys(self, state: "EncounterState") -> dict[str, Any]:
        """Keys this system adds at the top of ``state --json``."""
        return {}

    def describe(self, e: "Event", lang: str = "en") -> str | None:
        """The log line of one of this system's events (None: the core's wording)."""
        return None

    def stat_line(self, c: "Combatant | Event", sep: str = " ", lang: str = "en") -> str:
        """The defenses of a combatant (or of its CombatantAdded event), joined by
        ``sep``, as the log and the report show them, in ``lang``."""
        from battletape.domain.words import words

        return words(lang, self.package)("AC {ac}", ac=c.ac)

    def rank(self, c: "Combatant", lang: str = "en") -> str:
        """How strong a combatant is, as the report shows it (``level 3``)."""
        from battletape.domain.words import words

        return words(lang, self.package)("level {level}", level=c.level)

    def title_line(self, state: "EncounterState", lang: str = "en") -> str:
        """What the state table's title adds after the round (13th Age: the die)."""
        return ""

    def table_columns(self) -> list[str]:
        """Extra columns of the state table (names in English)."""
        return []

    def table_cells(self, c: "Combatant") -> list[str]:
        return []


# --- the registry ---------------------------------------------------------------------

@cache
def _verbs(module: str, pcs_leave_together: str | None) -> dict[str, "Verb"]:
    """The system's own verbs, after the core's that every system has (leaving the
    fight: domain.leaving; remarks: domain.notes); a system's own verb of the same
    name wins."""
    from battletape.domain import leaving, notes

    from battletape.domain.grammar import with_gender

    own = {v.name: with_gender(v) if v.name == "add" else v
           for v in import_module(module).VERBS}
    core = leaving.verbs(pcs_leave_together) + notes.verbs()
    return {**own, **{v.name: v for v in core if v.name not in own}}


@cache
def _fold(module: str):
    return import_module(module).apply


@cache
def all_systems() -> dict[str, RuleSystem]:
    """Every system package, by id, in a stable order."""
    found: dict[str, RuleSystem] = {}
    for name in packages():
        system = import_module(f"{name}.system").SYSTEM
        found[system.id] = system
    # the primary system first
    return dict(sorted(found.items(), key=lambda kv: kv[0] != DEFAULT_SYSTEM))


def get(system: str) -> RuleSystem:
    """The system called ``system`` (an id or an alias), or a clear error."""
    systems = all_systems()
    found = systems.get(system)
    if found is None:
        lowered = system.casefold()
        found = next((s for s in systems.values()
                      if lowered == s.id.casefold() or lowered in s.aliases), None)
    if found is None and system in PLANNED:
        raise NotYetSupported.said(N_("the {rules} rules are not yet supported; use "
                                      "--system {systems}"), rules=PLANNED[system],
                                   systems=" | ".join(systems))
    if found is None:
        raise BadInput("system", system, N_("{some} or {last}"),
                       some=", ".join(list(systems)[:-1]), last=list(systems)[-1]) \
            if len(systems) > 1 else BadInput("system", system, Either(systems))
    return found


def of(state: "EncounterState") -> RuleSystem:
    return get(state.system)


def listing() -> str:
    """One line per system, for help texts."""
    return "; ".join(f"{s.id}: {s.title}" for s in all_systems().values())


def ids() -> tuple[str, ...]:
    """Every system's id, the primary one first (argparse choices, column docs)."""
    return tuple(all_systems())


def option_listing() -> str:
    return "; ".join(f"{s.id}: " + ", ".join(o.replace("_", "-") for o in s.options)
                     for s in all_systems().values() if s.options)
