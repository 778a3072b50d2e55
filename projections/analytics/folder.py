"""The analytics fold: one encounter's effective history folded into table rows.

The real fold (``projections.encounter_state.apply``) runs event by event; around
each event that matters to a table, the state before and after gives what the event
alone does not say (the round, the escalation die, temporary hit points absorbed,
hit points actually lost or gained, whether the target dropped or died).

Rule systems may add columns of their own (``projections.analytics.schema``): the
rows an event makes are ended with what the encounter's system's
``analytics_values(table, event, state)`` returns for them, NULL for other systems' columns.
"""

from __future__ import annotations

from typing import Callable

from battletape.domain import events as ev
from battletape.domain.state import EncounterState
from battletape.projections.analytics import schema
from battletape.projections.analytics.rows import Rows, kept, roll_row
from battletape.projections.encounter_state import apply


class Folder:
    """Folds one encounter's effective events and emits their rows."""

    def __init__(self, stream: str, encounter: str, campaign: str, system: str | None,
                 state: EncounterState | None = None, seq: int = 0,
                 damage_cmd: int = 0):
        self.stream, self.encounter, self.campaign = stream, encounter, campaign
        self.system = system
        self.extra, self.values = system_columns(system)
        self.state = state if state is not None else EncounterState()
        self.seq = seq
        self.damage_cmd = damage_cmd  # the command whose shared damage roll is out
        self.rows: Rows | None = None
        self.ref = 0

    def bind(self, rows: Rows) -> "Folder":
        """Write the rows of the events fed from now on into ``rows``."""
        if rows is not self.rows:
            self.rows = rows
            self.ref = rows.ref(self.stream, self.encounter, self.campaign, self.system)
        return self

    # --- folding --------------------------------------------------------------------

    def skip(self, e: ev.Event) -> None:
        """Fold without rows (the part of a history whose rows are already stored)."""
        self.seq += 1
        if isinstance(e, ev.AttackResolved) and e.damage_roll is not None:
            self.damage_cmd = e.cmd
        apply(self.state, e)

    def feed(self, e: ev.Event) -> None:
        self.seq += 1
        handler = HANDLERS.get(type(e)) or system_folds().get(type(e))
        if handler is None:
            apply(self.state, e)
        elif self.extra:
            self._feed_with_system_columns(handler, e)
        else:
            handler(self, e)

    def _feed_with_system_columns(self, handler, e: ev.Event) -> None:
        """Feed ``e``, then end each row it made with the systems' columns: this
        system's values (the same for every row of a table), NULL for the others'."""
        tables = self.rows.tables  # type: ignore[union-attr]
        before = {t: len(tables[t]) for t in self.extra}
        handler(self, e)
        for table, (names, own) in self.extra.items():
            out = tables[table]
            if len(out) == before[table]:
                continue
            got = self.values(table, e, self.state) if own else None
            if got:
                unknown = set(got).difference(names)
                if unknown:
                    raise ValueError(f"rule system {self.system}: analytics values for "
                                     f"undeclared columns {table}.{', '.join(unknown)}")
                tail = tuple(got.get(n) for n in names)
            else:
                tail = (None,) * len(names)
            for i in range(before[table], len(out)):
                out[i] = out[i] + tail

    def _ctx(self, e: ev.Event) -> tuple:
        return (self.ref, self.ref, self.ref, e.originator_version, self.seq,
                self.state.round)

    def _out(self, table: str) -> list[tuple]:
        return self.rows.tables[table]  # type: ignore[union-attr]

    # --- one method per event that feeds a table ------------------------------------

    def _hurt(self, e, target: str, amount: int, source: str, attacker, rolled: int,
              damage_type) -> tuple:
        """Apply a damaging event; returns (ctx, absorbed, lost, hp_after, dropped,
        killed) and writes its `damage` row."""
        c = self.state.combatants.get(target)
        if c is None:
            apply(self.state, e)
            return self._ctx(e), 0, 0, None, False, False
        hp, temp, status = c.hp, c.temp_hp, c.status
        # the others of its group, whom the rules may reach too (13th Age mooks: the
        # damage one mook cannot take spills over to the next)
        mates = {n: (m.hp, m.temp_hp, m.status) for n, m in self.state.combatants.items()
                 if c.group is not None and m.group == c.group and n != target}
        ctx = self._ctx(e)
        apply(self.state, e)
        c = self.state.combatants[target]
        absorbed = temp - c.temp_hp
        lost = hp - c.hp
        dropped = hp > 0 >= c.hp
        killed = status != "dead" and c.status == "dead"
        damage = self._out("damage")
        damage.append(ctx + (
            source, attacker, target, c.pc, damage_type, rolled, amount, absorbed, lost,
            c.hp, dropped, killed))
        for name, (m_hp, m_temp, m_status) in mates.items():
            m = self.state.combatants[name]
            if m.hp < m_hp or m.temp_hp < m_temp:
                damage.append(ctx + (
                    "spill-over", attacker, name, m.pc, damage_type, 0,
                    m_hp + m_temp - m.hp - m.temp_hp, m_temp - m.temp_hp, m_hp - m.hp,
                    m.hp, m_hp > 0 >= m.hp, m_status != "dead" and m.status == "dead"))
        return ctx, absorbed, lost, c.hp, dropped, killed

    def _attack(self, e: ev.AttackResolved) -> None:
        s = self.state
        a = s.combatants.get(e.attacker)
        t = s.combatants.get(e.target)
        attacker_pc = a.pc if a is not None else None
        target_pc = t.pc if t is not None else None
        rolled = e.damage_roll.total if e.damage_roll is not None else None
        ctx0 = self._ctx(e)
        rolls = self._out("rolls")
        if e.rerolled_from is not None:  # Two-Weapon Fighting: the first d20 counts too
            rolls.append(ctx0 + (e.attacker, "attack", "rerolled", "1d20", 20, [20],
                                 [e.rerolled_from], e.rerolled_from, 0,
                                 e.rerolled_from, e.roll.source))
        rolls.append(roll_row(ctx0, e.attacker, "attack", e.roll))
        if e.concealment is not None:
            rolls.append(roll_row(ctx0, e.attacker, "concealment", e.concealment))
        if e.damage_roll is not None and e.cmd != self.damage_cmd:
            self.damage_cmd = e.cmd  # one damage roll for every target of a command
            rolls.append(roll_row(ctx0, e.attacker, "damage", e.damage_roll))
        if e.damage > 0:
            ctx, absorbed, lost, hp_after, dropped, killed = self._hurt(
                e, e.target, e.damage, "attack", e.attacker, rolled or 0, e.damage_type)
        else:
            ctx, absorbed, lost, dropped, killed = ctx0, 0, 0, False, False
            apply(s, e)
            t = s.combatants.get(e.target)
            hp_after = t.hp if t is not None else None
        self._out("attacks").append(ctx + (
            e.attacker, attacker_pc, e.target, target_pc, e.kind,
            e.defense, e.defense_value, e.natural, e.bonus, e.total, e.hit,
            e.crit, e.fumble, e.concealed_miss, e.damage_type, rolled, e.multiplier,
            e.damage, absorbed, lost, hp_after, dropped, killed))

    def _damage(self, e: ev.DamageTaken) -> None:
        self._hurt(e, e.target, e.amount, e.source or "direct", None, e.rolled or e.amount,
                   e.damage_type)

    def _heal(self, e, target: str, kind: str, source: str, amount: int,
              roll=None, con=None, had=None) -> None:
        c = self.state.combatants.get(target)
        hp, temp = (c.hp, c.temp_hp) if c is not None else (0, 0)
        ctx = self._ctx(e)
        apply(self.state, e)
        c = self.state.combatants.get(target)
        gained = max(0, c.hp - max(hp, 0)) if c is not None else 0
        temp_gained = c.temp_hp - temp if c is not None else 0
        self._out("healing").append(ctx + (target, kind, source, amount, gained,
                                           temp_gained, roll, con, had))

    def _healed(self, e: ev.Healed) -> None:
        self._heal(e, e.target, "heal", e.source, e.amount)

    def _temp(self, e: ev.TempHpGained) -> None:
        self._heal(e, e.target, "temp", "direct", e.amount)

    # --- the rows a rule system's own events make (RuleSystem.analytics_folds) ------

    def add_roll(self, e: ev.Event, name: str, kind: str, roll: ev.Roll,
                 detail: str | None = None) -> None:
        """A row of `rolls`: ``name`` rolled ``roll`` for ``kind`` (``detail``)."""
        self._out("rolls").append(roll_row(self._ctx(e), name, kind, roll, detail))

    def add_healing(self, e: ev.Event, target: str, kind: str, source: str, amount: int,
                    roll: int | None = None, con: int | None = None,
                    had: bool | None = None) -> None:
        """A row of `healing` (the event folded first, as every healing is)."""
        self._heal(e, target, kind, source, amount, roll, con, had)

    def add_save(self, e: ev.Event, name: str, kind: str, difficulty: str, target: int,
                 roll: ev.Roll, success: bool, condition: str | None = None) -> None:
        """A row of `saves`."""
        self._out("saves").append(self._ctx(e) + (name, kind, condition, difficulty,
                                                   target, roll.natural, roll.total,
                                                   success))

    def fold(self, e: ev.Event) -> None:
        """Fold ``e`` into the state the rows are read from."""
        apply(self.state, e)

    def _save(self, e: ev.SaveRolled) -> None:
        ctx = self._ctx(e)
        self._out("rolls").append(roll_row(ctx, e.name, "save", e.roll, e.against))
        self._out("saves").append(ctx + (e.name, "save", e.against, e.difficulty,
                                         e.target, kept(e.roll), e.roll.total,
                                         e.success))
        apply(self.state, e)

    def _death_save(self, e: ev.DeathSaveRolled) -> None:
        ctx = self._ctx(e)
        self._out("rolls").append(roll_row(ctx, e.name, "death save", e.roll))
        self._out("saves").append(ctx + (e.name, "death save", "death", "normal", 16,
                                         kept(e.roll), e.roll.total, e.success))
        apply(self.state, e)

    def _simple_roll(self, e, roller, kind: str, roll: ev.Roll, purpose=None) -> None:
        self._out("rolls").append(roll_row(self._ctx(e), roller, kind, roll, purpose))
        apply(self.state, e)

    def _initiative(self, e: ev.InitiativeRolled) -> None:
        self._simple_roll(e, e.group or (e.names[0] if e.names else None), "initiative",
                          e.roll)

    def _disengage(self, e: ev.DisengageAttempted) -> None:
        self._simple_roll(e, e.name, "disengage", e.roll)

    def _stabilize(self, e: ev.StabilizeAttempted) -> None:
        self._simple_roll(e, e.helper, "stabilize", e.roll, e.name)

    def _free(self, e: ev.FreeRolled) -> None:
        self._simple_roll(e, e.roller, "free", e.roll, e.purpose or None)

    def _condition(self, e: ev.ConditionApplied) -> None:
        self._out("conditions").append(self._ctx(e) + (
            e.name, e.condition, "applied", e.save, e.until, e.source, None, None))
        apply(self.state, e)

    def _uncondition(self, e: ev.ConditionRemoved) -> None:
        self._out("conditions").append(self._ctx(e) + (
            e.name, e.condition, "removed", None, None, None, e.reason or None, None))
        apply(self.state, e)

    def _ongoing(self, e: ev.OngoingDamageApplied) -> None:
        self._out("conditions").append(self._ctx(e) + (
            e.name, "ongoing", "applied", e.save, None, None, None, e.amount))
        apply(self.state, e)

    def _ongoing_ended(self, e: ev.OngoingDamageEnded) -> None:
        c = self.state.combatants.get(e.name)
        amount = (c.ongoing[e.index].amount
                  if c is not None and 0 <= e.index < len(c.ongoing) else None)
        self._out("conditions").append(self._ctx(e) + (
            e.name, "ongoing", "removed", None, None, None, e.reason or None, amount))
        apply(self.state, e)

    def _turn(self, e: ev.TurnStarted) -> None:
        apply(self.state, e)
        s = self.state
        c = s.combatants.get(e.name)
        self._out("turns").append(self._ctx(e) + (
            e.name, c.pc if c else None, c.status if c else None,
            c.hp if c else None))


def system_columns(system: str | None) -> tuple[dict[str, tuple[list[str], bool]],
                                                Callable | None]:
    """What the rule systems add to the rows of an encounter of ``system``:
    {table: (the systems' column names, whether ``system`` fills some)}, and its
    ``analytics_values(table, event, state) -> {column: value}``. Empty when no system adds
    columns (then the rows are made as if there were no such thing)."""
    from battletape.domain import systems

    extra = schema.system_columns()
    if not extra:
        return {}, None
    mine = systems.all_systems().get(system) if system else None
    own = set((getattr(mine, "analytics_columns", None) or {}))
    values = mine.analytics_values if mine is not None else None
    return {t: ([c[0] for c in cols], t in own) for t, cols in extra.items()}, values


HANDLERS: dict[type, Callable[[Folder, ev.Event], None]] = {
    ev.AttackResolved: Folder._attack,
    ev.DamageTaken: Folder._damage,
    ev.Healed: Folder._healed,
    ev.TempHpGained: Folder._temp,
    ev.SaveRolled: Folder._save,
    ev.DeathSaveRolled: Folder._death_save,
    ev.InitiativeRolled: Folder._initiative,
    ev.DisengageAttempted: Folder._disengage,
    ev.StabilizeAttempted: Folder._stabilize,
    ev.FreeRolled: Folder._free,
    ev.ConditionApplied: Folder._condition,
    ev.ConditionRemoved: Folder._uncondition,
    ev.OngoingDamageApplied: Folder._ongoing,
    ev.OngoingDamageEnded: Folder._ongoing_ended,
    ev.TurnStarted: Folder._turn,
}


def system_folds() -> dict[type, Callable[[Folder, ev.Event], None]]:
    """The rows the rule systems' own events make, as each system declares them
    (RuleSystem.analytics_folds: {event class: fold(folder, event)})."""
    global _SYSTEM_FOLDS
    if _SYSTEM_FOLDS is None:
        from battletape.domain import systems

        _SYSTEM_FOLDS = {cls: fold for s in systems.all_systems().values()
                         for cls, fold in s.analytics_folds().items()}
    return _SYSTEM_FOLDS


_SYSTEM_FOLDS: dict | None = None
