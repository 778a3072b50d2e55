"""The application layer: get the state, let the rules decide, save the events.

Each method is one of the GM's verbs and one atomic save. Under ``batch()`` (a
script) every command sees the ones before it and all are saved together at the end.
"""

from __future__ import annotations

import os
import random
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from importlib import import_module
from typing import Callable, Iterator, Sequence
from uuid import UUID

import msgspec

from battletape import identity
from battletape.stores import dice_secrets, store
from battletape.reading import Reading, Stream
from battletape.domain import bounds, dice, events as ev, fair_dice, streams, systems
from battletape.domain.names import resolve
from battletape.domain.errors import (BadInput, BattletapeError, RuleViolation, StoreError,
                           UnknownEncounter, violation)
from battletape.domain.words import N_
from battletape.domain.state import EncounterState, copy
from battletape.projections.encounter_state import apply
from battletape.domain.history import EffectiveHistory
from battletape.replay import history
from battletape.replay.drops import changes, standing

Decide = Callable[..., list[ev.Event]]
RETRIES = 25  # tries after the first when another writer took the positions


RACE_LOST = N_("someone else recorded at the same time: nothing was saved, run the "
               "command again")


class RaceLost(StoreError):
    """Another writer appended to the same stream first: nothing was saved."""


def _lost_race(err: Exception) -> bool:
    """Another writer came first: our positions are taken (RaceLost), or SQLite is
    busy with its write (any step of the command: nothing of it was saved)."""
    return isinstance(err, RaceLost) or (
        not isinstance(err, BattletapeError) and "database is locked" in str(err))


class Battletape(Reading):
    """One store, one user: the GM's verbs over encounters and campaigns."""

    def __init__(self, store_url: str | None = None, user: str | None = None):
        self.app = store.open_application(store_url)
        self.display = user or os.environ.get("BATTLETAPE_USER") or None
        self._identity: str | None = None
        self._batch: dict[UUID, Stream] | None = None
        self._registrations: list[ev.EncounterRegistered] | None = None
        self._current: str | None = None  # the index's current encounter
        self._decided_at: int | None = None  # the position the last command saw
        #: the position of the snapshot each stream's state was last loaded from (0:
        #: none): a correction that leaves it valid needs no fresh one
        self._loaded_from: dict[UUID, int] = {}
        #: what the last recorded command did to whom, by (stream, position)
        #: (replay/drops.py): the words its lines end with, as the log's
        self.consequences: dict[tuple[UUID, int], list[tuple[str, str, str, str]]] = {}

    @property
    def identity(self) -> str:
        """Who really records: the OS user (SQLite) or the database role (PostgreSQL)."""
        if self._identity is None:
            self._identity = identity.of_store(self.app)
        return self._identity

    @property
    def user(self) -> str:
        """The name recorded as ``by``: ``--as`` (a display name), else the identity."""
        return self.display or self.identity

    def close(self) -> None:
        try:
            self.app.close()
        except Exception:
            pass

    # --- reading -------------------------------------------------------------------

    def _stream_events(self, stream: UUID) -> list[ev.Event]:
        stored = store.read_events(self.app, stream)
        if self._batch is not None and stream in self._batch:
            stored += self._batch[stream].pending
        return stored

    def registrations(self, fresh: bool = False) -> list[ev.EncounterRegistered]:
        """Every encounter of the store, in the order they were started."""
        if fresh or self._registrations is None or self._batch is not None:
            index = self._stream_events(store.INDEX_ID)
            self._registrations = [e for e in index
                                   if isinstance(e, ev.EncounterRegistered)]
            self._current = streams.current_encounter(index)
        return self._registrations

    def registration(self, name: str | None = None) -> ev.EncounterRegistered:
        """The encounter called ``name`` (any case, an unambiguous prefix or its
        initials, as combatants: domain/names.py), or the current one: the last
        started that is not a what-if branch, unless ``use`` chose another since.
        Its system's events are loaded, before its stream is read: the decoder a
        command starts with reads the core's events and the loaded systems' (a
        recording command loads no other system)."""
        reg = self._registration(name)
        system = systems.all_systems().get(reg.system)
        if system is not None and system.events_module:
            import_module(system.events_module)
        return reg

    def _registration(self, name: str | None) -> ev.EncounterRegistered:
        for fresh in (False, True):  # another process may have started one since
            regs = self.registrations(fresh)
            if name is None and regs:
                current = self._current
                return next((r for r in reversed(regs) if current is not None
                             and r.name.casefold() == current.casefold()), regs[-1])
            found = None
            if name is not None:
                full = resolve([r.name for r in regs], name, "encounter")
                found = next((r for r in regs if r.name == full), None)
            if found is not None:
                return found
        raise UnknownEncounter(name)

    def select(self, name: str) -> ev.EncounterRegistered:
        """``use NAME``: make an encounter the current one (an event of the index)."""
        reg = self.registration(name)

        def once() -> list[ev.Event]:
            version = len(self._stream_events(store.INDEX_ID)) + 1
            chosen = self._stamp(store.INDEX_ID, version, [
                ev.EncounterSelected(name=reg.name)], f"use {reg.name}")
            if self._batch is not None:
                self._batch.setdefault(store.INDEX_ID, Stream(EncounterState())
                                       ).pending += chosen
            else:
                self._save(*chosen)
            self._registrations = None
            return chosen
        self._retrying(once)
        return reg

    def previous_encounter(self, skip: int = 0) -> str | None:
        """The encounter the store's last command acted on before the newest ``skip``
        events (a command's own, just saved): the stream of the newest event of an
        encounter, or None (none, or inside a script)."""
        if self._batch is not None:
            return None
        ids = {r.encounter_id: r.name for r in self.registrations()}
        for stream in store.last_streams(self.app, skip + 32)[skip:]:
            if stream in ids:
                return ids[stream]
        return None

    def events(self, name: str | None = None) -> list[ev.Event]:
        return self._stream_events(self.registration(name).encounter_id)

    def state(self, name: str | None = None, at: int | None = None,
              round_: int | None = None) -> EncounterState:
        """The state now, at position ``at`` or at the start of round ``round_``."""
        reg = self.registration(name)
        stream = reg.encounter_id
        if at is None and round_ is None:
            return copy(self._load(stream))
        corrections = None  # those after ``at``, when already read
        if round_ is not None:
            at, corrections = self._round_start(stream, round_)
        last = self._last_position(stream)
        if not 1 <= at <= last:
            raise BadInput("position", at, '1..{last}', last=last)
        if self._batch is not None:
            return history.state_at(self._stream_events(stream), at)

        def time_travel(after: int | None) -> list[ev.Event]:
            if corrections is None:
                return store.read_for_time_travel(self.app, stream, at, after=after)
            return store.read_events(self.app, stream, after=after, upto=at) + corrections
        # time travel: from the nearest snapshot still valid, reading only the events
        # up to ``at`` and the corrections after it
        snap = store.latest_snapshot(self.app, stream, at_most=at)
        if snap is not None:
            later = time_travel(snap.originator_version)
            if store.snapshot_still_valid(snap.originator_version, later):
                return history.state_at(later, at, start=snap.state)
        return history.state_at(time_travel(None), at)

    def _state_after(self, stream: UUID, stamped: list[ev.Event]) -> EncounterState:
        """The state after ``stamped`` (corrections among them): folded from the
        nearest snapshot they leave valid, not from the start."""
        reach = store.valid_below(stamped)
        start, later = self._window(stream, min(reach, stamped[0].originator_version - 1),
                                    stamped)
        return history.state_at([*later, *stamped], start=start)

    def _last_position(self, stream: UUID) -> int:
        return self._load(stream).position

    def _load(self, stream: UUID) -> EncounterState:
        if self._batch is not None and stream in self._batch:
            return self._batch[stream].state
        snap = store.latest_snapshot(self.app, stream)
        self._loaded_from[stream] = 0
        if snap is not None:
            later = store.read_events(self.app, stream, after=snap.originator_version)
            if store.snapshot_still_valid(snap.originator_version, later):
                self._loaded_from[stream] = snap.originator_version
                return history.state_at(later, None, start=snap.state)
        events = store.read_events(self.app, stream)
        state = history.state_at(events)
        if len(events) >= store.snapshot_interval():
            # a correction reached back past the last snapshot: take a fresh one so the
            # next command does not replay the whole battle again
            try:
                store.save_snapshot(self.app, stream, state)
                self._loaded_from[stream] = state.position  # (the one now newest)
            except Exception:
                pass  # a snapshot is only a cache
            return copy(state)
        return state

    # --- recording -----------------------------------------------------------------

    def _stamp(self, stream: UUID, start: int, new: list[ev.Event],
               command: str = "") -> list[ev.Event]:
        now = datetime.now(timezone.utc)
        stamped = [msgspec.structs.replace(e, originator_id=stream,
                                           originator_version=start + i, timestamp=now,
                                           by=self.user, cmd=start,
                                           command=command if i == 0 else "")
                   for i, e in enumerate(new)]
        bounds.check_events(stamped)
        return stamped

    def _retrying(self, attempt: Callable[[], list[ev.Event] | None],
                  watched: UUID | None = None):
        """Run ``attempt``; when another writer took its positions first, decide it
        again against the new state (after a random pause), up to RETRIES times. A
        refusal on a later try says what was recorded meanwhile on stream
        ``watched``."""
        if self._batch is not None:
            return attempt()
        seen: int | None = None
        for tried in range(RETRIES + 1):
            try:
                return attempt()
            except (RuleViolation, BadInput) as err:
                if seen is None or watched is None:
                    raise
                raise violation(N_("{error} (meanwhile {meanwhile})"), error=err,
                                meanwhile=self._meanwhile(watched, seen)) from None
            except Exception as err:
                if not _lost_race(err):
                    raise
                if tried == RETRIES:
                    raise RaceLost.said(RACE_LOST) from None
                if seen is None:
                    seen = self._decided_at
                time.sleep(random.uniform(0, min(0.25, 0.005 * 2 ** tried)))
                self._registrations = None
        raise AssertionError("unreachable")

    def _meanwhile(self, stream: UUID, after: int) -> str:
        """What others recorded on a stream after position ``after``."""
        later = store.read_events(self.app, stream, after=after)
        commands = [e for e in later if e.command]
        said = "; ".join(f"{e.by} recorded `{e.command}` at {e.originator_version}"
                         for e in commands[:3])
        return said or f"{len(later)} event(s) were recorded by others"

    def record(self, decide: Decide, name: str | None = None,
               needs_history: bool = False, command: str = "",
               after: Callable[[list[ev.Event]], EncounterState] | None = None
               ) -> list[ev.Event]:
        """Run one command against an encounter and save its events atomically; a
        race with another writer is decided again, not refused. ``after(stamped)``:
        the state after a correction's ``stamped`` events, when the caller folds it
        anyway (``amend``'s ripple report walks every later command once, folding);
        None: folded here (another writer saved first)."""
        reg = self.registration(name)
        self.check_display(reg.campaign)
        return self._retrying(
            lambda: self._record_once(decide, reg, needs_history, command, after),
            reg.encounter_id)

    def _record_once(self, decide: Decide, reg: ev.EncounterRegistered,
                     needs_history: bool, command: str,
                     state_after: Callable | None = None) -> list[ev.Event]:
        stream = reg.encounter_id
        state = self._load(stream)
        self._decided_at = state.position
        start = state.position + 1
        # read only if the decision looks (an amendment decided beforehand does not),
        # and backwards only as far as it looks (undo)
        history_ = self._log(stream, state.position) if needs_history else None

        def decide_on(s: EncounterState, rng, earlier=()) -> list[ev.Event]:
            if needs_history:
                return decide(s, rng, history_ + list(earlier) if earlier  # type: ignore[call-arg]
                              else history_)
            return decide(s, rng)

        rng = fair_dice.source(state, start, command, self.dice_secrets(stream),
                               recording=True)
        secret = None
        if rng is not None:
            new, stamped = decide_on(state, rng), []
        else:
            new, stamped, secret = self._with_new_secret(stream, state, command, decide_on)
        kept = [e for e in new if isinstance(e, ev.SheetKept)]  # the campaign's
        new = [e for e in new if not isinstance(e, ev.SheetKept)]
        if not new:
            return []
        stamped += self._stamp(stream, start + len(stamped), new, command)
        self.consequences = {}
        if needs_history:  # a correction: what it changed, told after its last line
            after = state_after(stamped) if state_after is not None else None
            if after is None:
                after = self._state_after(stream, stamped)
            told = changes(standing(state), after)
            if told:
                self.consequences[(stream, stamped[-1].originator_version)] = told
        else:
            after = state  # ours alone: loaded for this command, or the batch's own
            for e in stamped:
                before = standing(after)
                apply(after, e)
                if told := changes(before, after, event=e):
                    self.consequences[(stream, e.originator_version)] = told
        stamped += self._reveal_on_end(stream, stamped, after)
        if secret is not None:  # kept just before the events that commit to it
            self._keep_secret(stream, secret)
        extra: list[ev.Event] = []
        if kept:  # a PC's sheet the campaign keeps, saved with the command
            cid = store.campaign_id(reg.campaign)
            extra = self._stamp(cid, len(self._stream_events(cid)) + 1, kept, command)
        self._commit(stream, stamped, after, extra)
        if needs_history and self._batch is None and \
                store.valid_below(stamped) < self._loaded_from.get(stream, 0):
            # a correction reaching back past the snapshot this state was loaded from:
            # it no longer holds, so the next command starts from a fresh one (one
            # that reaches back less leaves it valid: the next load folds from it, as
            # any command's does)
            _try(store.save_snapshot, self.app, stream, after)
        return stamped

    # --- provably fair virtual dice (domain/fair_dice.py) ---------------------------

    def dice_secrets(self, stream: UUID) -> dict[str, bytes]:
        """The dice secrets this store holds for an encounter, by commitment."""
        cache = self.__dict__.setdefault("_secrets", {})
        if stream not in cache:
            cache[stream] = dice_secrets.held(self.app, stream)
        return cache[stream]

    def verification_secrets(self, name: str) -> dict[str, bytes]:
        """The secrets that check an encounter's virtual rolls here: its own and, for
        a branch, those of the encounters it was branched from (its copied commands
        rolled with them). Only checking uses a trunk's secret, never recording."""
        known: dict[str, bytes] = {}
        seen: set[str] = set()
        current: str | None = name
        while current and current.casefold() not in seen:
            seen.add(current.casefold())
            reg = self.registration(current)
            known = {**self.dice_secrets(reg.encounter_id), **known}
            current = reg.branched_from
        return known

    def _keep_secret(self, stream: UUID, secret: bytes) -> str:
        commitment = fair_dice.commitment(secret)
        dice_secrets.put(self.app, stream, commitment, secret)
        self.dice_secrets(stream)[commitment] = secret
        return commitment

    def _with_new_secret(self, stream: UUID, state: EncounterState, command: str,
                         decide_on) -> tuple[list[ev.Event], list[ev.Event], bytes | None]:
        """No secret usable here (an imported or branched encounter, one from before
        committed dice, or a secret already revealed): if the command rolls virtual
        dice, a new secret is committed first, as a fact of its own."""
        import secrets

        secret = secrets.token_bytes(32)
        start = state.position + 1
        committed = self._stamp(stream, start, [ev.DiceCommitted(
            commitment=fair_dice.commitment(secret))])
        trial = copy(state)
        apply(trial, committed[0])
        rng = fair_dice.Committed(fair_dice.key(secret, []), start + 1, command)
        new = decide_on(trial, rng, committed)
        if rng.draws == 0:  # no dice: nothing to commit to
            return decide_on(state, dice.source(None, start)), [], None
        return new, committed, secret

    def _reveal_on_end(self, stream: UUID, stamped: list[ev.Event],
                       after: EncounterState) -> list[ev.Event]:
        """The end of a battle publishes its dice secret, so that anyone can check
        every virtual roll (``battletape verify``)."""
        if not any(isinstance(e, ev.EncounterEnded) for e in stamped):
            return []
        secret = fair_dice.secret_of(after, self.dice_secrets(stream), recording=True)
        if secret is None:
            return []
        revealed = self._stamp(stream, after.position + 1, fair_dice.reveal(after, secret))
        for e in revealed:
            apply(after, e)
        return revealed

    def _commit(self, stream: UUID, stamped: list[ev.Event],
                after: EncounterState, extra: list[ev.Event] = ()) -> None:
        self._registrations = None
        before = after.position - len(stamped)
        every = store.snapshot_interval()
        due = after.position // every > before // every
        if self._batch is not None:
            entry = self._batch.setdefault(stream, Stream(state=after))
            entry.state = after
            entry.pending += stamped
            if due:  # where a single command would save one (the state goes on changing)
                entry.snapshots.append(copy(after))
            for e in extra:
                self._batch.setdefault(e.originator_id, Stream(EncounterState()))
                self._batch[e.originator_id].pending.append(e)
            return
        self._save(*stamped, *extra)
        if due:
            store.save_snapshot(self.app, stream, after)

    def _save(self, *events: ev.Event) -> None:
        """One transaction for all of them and their links in the hash chain,
        recorded as the real identity (the recorder directly: eventsourcing's save
        checks a protocol per event, ~20 µs each, for nothing here)."""
        try:
            mapper = self.app.mapper
            store.append(self.app, [mapper.to_stored_event(e) for e in events],
                         self.identity, self._keys(events))
        except StoreError:
            raise
        except Exception as err:
            name, text = type(err).__name__, str(err)
            if "Integrity" in name or "Conflict" in name or "UniqueViolation" in name \
                    or "locked" in text or "deadlock" in text:
                raise RaceLost.said(RACE_LOST) from None
            raise StoreError.said(N_("cannot save: {reason}"),
                                  reason=text.splitlines()[0] if text else name) from None

    def campaign_of(self, stream: UUID, events: Sequence[ev.Event] = ()) -> str | None:
        """The campaign a stream belongs to (None: the index, or no campaign)."""
        if stream == store.INDEX_ID:
            return None
        for e in events:
            if e.originator_id == stream:
                if isinstance(e, (ev.EncounterStarted, ev.EncounterRegistered)):
                    return e.campaign
                if isinstance(e, ev.CampaignStarted):
                    return e.name
        for r in self.registrations(fresh=True):
            if stream in (r.encounter_id, store.campaign_id(r.campaign)):
                return r.campaign
        return None

    def _keys(self, events: Sequence[ev.Event]) -> Callable[[str], bytes | None]:
        """Each stream's campaign key (battletape/keys.py), looked up once."""
        from battletape import keys

        found: dict[str, bytes | None] = {}
        if not keys.configured():
            return lambda stream_hex: None

        def key_for(stream_hex: str) -> bytes | None:
            if stream_hex not in found:
                campaign = self.campaign_of(UUID(hex=stream_hex), events)
                found[stream_hex] = keys.key_for(campaign) if campaign else None
            return found[stream_hex]
        return key_for

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Everything inside is saved in one transaction, or nothing is."""
        self._batch = {}
        try:
            yield
            pending = [e for s in self._batch.values() for e in s.pending]
            # every snapshot a single command would have saved (one each ``interval``
            # events), and the state at the end
            states = {sid: [*(x for x in s.snapshots if x.position < s.state.position),
                            s.state]
                      for sid, s in self._batch.items() if s.state.name}
        finally:
            self._batch = None
        if pending:
            self._save(*pending)
            for sid, kept in states.items():
                _try(store.save_snapshots, self.app, sid, kept)

    # --- encounters and campaigns --------------------------------------------------

    def new(self, name: str, system: str = systems.DEFAULT_SYSTEM, campaign: str = "default",
            seed: int | None = None, options: dict[str, bool] | None = None,
            command: str = "", branched: tuple[str, int] | None = None,
            copied: list[ev.Event] = (), player_seeds: list[str] = ()) -> None:
        self._retrying(lambda: self._new_once(name, system, campaign, seed, options,
                                              command, branched, copied, player_seeds))

    def _new_once(self, name: str, system: str, campaign: str, seed: int | None,
                  options: dict[str, bool] | None, command: str,
                  branched: tuple[str, int] | None, copied: list[ev.Event],
                  player_seeds: list[str]) -> None:
        if not name.strip():
            raise BadInput("encounter name", name, N_("a non-empty name"))
        system = systems.get(system).id
        if any(r.name.casefold() == name.casefold() for r in self.registrations()):
            raise BadInput("encounter name", name,
                           N_("a name not used yet in this store"))
        stream = store.encounter_id(name)
        secret = commitment = None
        if branched and seed is None:
            # the copied commands keep the trunk's dice (checked with the trunk's
            # secret); the branch's own rolls get a secret of their own, never the
            # trunk's: a branch does not preview the trunk's next roll
            trunk = self.events(branched[0])[0]
            commitment, player_seeds = trunk.dice_commitment, list(trunk.player_seeds)
        elif seed is None:  # virtual dice from a committed secret (domain/fair_dice.py)
            import secrets

            secret = secrets.token_bytes(32)
            commitment = fair_dice.commitment(secret)
        elif player_seeds:
            raise BadInput("--player-seed", player_seeds[0], N_("no --seed: a public seed "
                           "is reproducible by anyone, nothing to contribute to"))
        extra = self._registration_events(name, stream, campaign, system, self.user,
                                          branched[0] if branched else None)
        first = ev.EncounterStarted(
            name=name, system=system, campaign=campaign, seed=seed, options=options or {},
            branched_from=branched[0] if branched else None,
            branched_at=branched[1] if branched else None,
            dice_commitment=commitment, player_seeds=list(player_seeds),
            # a branch's copied commands were decided under its trunk's edition
            rules_edition=(self.events(branched[0])[0].rules_edition if branched
                           else ev.RULES_EDITION))
        started = self._stamp(stream, 1, [first], command)
        if copied:  # a branch: the effective history up to the fork, renumbered
            cmds: dict[int, int] = {}
            for i, e in enumerate(copied):
                cmds.setdefault(e.cmd, 2 + i)
            started += [msgspec.structs.replace(e, originator_id=stream,
                                                originator_version=2 + i,
                                                cmd=cmds[e.cmd])
                        for i, e in enumerate(copied)]
        after = history.state_at(started)
        if secret is not None:
            self._keep_secret(stream, secret)
        self._commit(stream, started, after, extra)

    def _registration_events(self, name: str, stream: UUID, campaign: str, system: str,
                             first_gm: str, branched_from: str | None) -> list[ev.Event]:
        """The campaign's start (if new) and the encounter's entry in the campaign and
        in the index: saved with the encounter's first events, in one transaction."""
        cid = store.campaign_id(campaign)
        campaign_events = self._stream_events(cid)
        now = datetime.now(timezone.utc)
        out: list[ev.Event] = []
        if not campaign_events:
            out.append(ev.CampaignStarted(name=campaign, gms=[first_gm],
                                          bound={first_gm: self.identity},
                                          originator_id=cid,
                                          originator_version=1, timestamp=now,
                                          by=self.user, cmd=1))
        reg = dict(name=name, encounter_id=stream, campaign=campaign, system=system,
                   timestamp=now, by=self.user, branched_from=branched_from)
        version = len(campaign_events) + len(out) + 1
        out.append(ev.EncounterRegistered(originator_id=cid, originator_version=version,
                                          cmd=version, **reg))
        index_version = len(self._stream_events(store.INDEX_ID)) + 1
        out.append(ev.EncounterRegistered(originator_id=store.INDEX_ID,
                                          originator_version=index_version,
                                          cmd=index_version, **reg))
        return out

    def gm_roster(self, campaign: str) -> dict[str, str | None]:
        """Roles: the campaign's GMs (its creator first), each with the identity its
        name is bound to (None: unbound, the identity of that name)."""
        roster: dict[str, str | None] = {}
        for e in self.campaign_events(campaign):
            if isinstance(e, ev.CampaignStarted):
                for name in e.gms:
                    roster[name] = e.bound.get(name)
            elif isinstance(e, ev.GmAdded):
                known = next((n for n in roster if n.casefold() == e.name.casefold()),
                             e.name)
                roster[known] = e.user or roster.get(known)
        return roster

    def gms(self, campaign: str) -> list[str]:
        """Roles: the campaign's GMs' names (its creator first)."""
        return list(self.gm_roster(campaign))

    def gm_of(self, campaign: str) -> str | None:
        """The GM name of the campaign the real recorder is, if any."""
        who = self.identity
        return next((name for name, bound in self.gm_roster(campaign).items()
                     if identity.matches(who, name, bound)), None)

    def check_display(self, campaign: str) -> None:
        """A GM's name bound to an identity is that identity's alone: ``--as`` cannot
        borrow it."""
        if not self.display or self.display.casefold() == self.identity.casefold():
            return
        for name, bound in self.gm_roster(campaign).items():
            if name.casefold() == self.display.casefold() and bound and \
                    not identity.matches(self.identity, name, bound):
                raise violation(N_("--as {name}: that name is bound to {bound}, and "
                                   "you are {identity}"), name=self.display, bound=bound,
                                identity=self.identity)

    def require_gm(self, campaign: str, doing: str = "correct a battle") -> str:
        """Who is the real recorder, and is that a GM of this campaign: the GM's name,
        or a refusal naming the identity (``--as`` does not count)."""
        name = self.gm_of(campaign)
        if name is None:
            roster = self.gm_roster(campaign)
            listed = [n if not b or b == n else f"{n} ({b})" for n, b in roster.items()]
            raise violation(N_("{name} is not a GM of campaign {campaign!r} (GMs: "
                               "{gms}): only a GM may {doing}"), name=self.identity,
                            campaign=campaign, gms=listed, doing=doing)
        return name

    def import_encounter(self, events: list[ev.Event]) -> int:
        """Store an exported encounter; what is already here is checked, not duplicated.

        Returns how many events were added."""
        start = events[0]
        stream = start.originator_id
        if stream != store.encounter_id(start.name):
            raise BadInput("encounter id", str(stream), N_("the id its name gives"))
        existing = self._stream_events(stream)
        if self.campaign_events(start.campaign):
            self.require_gm(start.campaign, "import into it")
        for old, new in zip(existing, events):
            if ev.encoder.encode(old) != ev.encoder.encode(new):
                raise BadInput("import", f"position {old.originator_version}",
                               N_("the same event as encounter {name!r} already holds "
                                  "(this store has a different history)"),
                               name=start.name)
        if len(existing) > len(events):
            raise BadInput("import", f"{len(events)} events",
                           N_('at least the {n} already stored'), n=len(existing))
        missing = events[len(existing):]
        if not missing:
            return 0
        bounds.check_events(missing)
        extra = [] if existing else self._registration_events(
            start.name, stream, start.campaign, start.system, start.by, start.branched_from)
        self._save(*missing, *extra)
        self._registrations = None
        _try(self._save_snapshots, stream, events, len(existing))
        return len(missing)

    # --- snapshots -----------------------------------------------------------------

    def snapshot(self, name: str | None = None) -> int:
        """Give an encounter the snapshots single commands would have saved (one every
        ``snapshot_interval()`` events, where still valid), for a store written
        without them (by an older ``run``, ``import`` or generator). No event is
        written or changed. Returns how many snapshots were saved."""
        stream = self.registration(name).encounter_id
        return self._save_snapshots(stream, self._stream_events(stream))

    def _save_snapshots(self, stream: UUID, events: list[ev.Event],
                        after: int = 0) -> int:
        """Save the missing snapshots of ``events`` (a whole stream) past position
        ``after``: at the end of each command that crosses a multiple of the interval
        and that no later correction reaches back to."""
        have = {v for v, _ in store.snapshots_of(self.app, stream)}
        points = [p for p in _snapshot_points(events, store.snapshot_interval())
                  if p > after and p not in have]
        if not points:
            return 0
        states = []
        state = EncounterState()
        effective = EffectiveHistory(events)
        done = 0
        for point in points:
            for e in effective.events(point, after=done):
                apply(state, e)
            state.position = done = point
            states.append(copy(state))
        store.save_snapshots(self.app, stream, states)
        return len(states)

    def campaign_events(self, campaign: str) -> list[ev.Event]:
        return self._stream_events(store.campaign_id(campaign))

    def record_campaign(self, campaign: str, new: list[ev.Event],
                        command: str = "") -> list[ev.Event]:
        return self._retrying(lambda: self._record_campaign_once(campaign, new, command))

    def _record_campaign_once(self, campaign: str, new: list[ev.Event],
                              command: str) -> list[ev.Event]:
        cid = store.campaign_id(campaign)
        existing = self._stream_events(cid)
        if not existing:
            raise BadInput("campaign", campaign,
                           N_("a campaign with at least one encounter"))
        start = len(existing) + 1
        stamped = self._stamp(cid, start, new, command)
        if self._batch is not None:
            self._batch.setdefault(cid, Stream(EncounterState())).pending += stamped
        else:
            self._save(*stamped)
        return stamped

    def record_campaign_rolls(self, campaign: str, decide, command: str = ""
                              ) -> list[ev.Event]:
        """A command of the campaign between battles (a rest, a recharge) whose
        virtual dice come from the campaign's own committed secret, committed at its
        first roll and revealed with ``dice reveal --campaign``. A race with another
        writer is decided again (its dice depend on the position it takes)."""
        return self._retrying(lambda: self._campaign_rolls_once(campaign, decide, command))

    def _campaign_rolls_once(self, campaign: str, decide, command: str) -> list[ev.Event]:
        cid = store.campaign_id(campaign)
        existing = self._stream_events(cid)
        if not existing:
            raise BadInput("campaign", campaign,
                           N_("a campaign with at least one encounter"))
        dice_state = fair_dice.campaign_state(existing)
        start = len(existing) + 1
        secret = fair_dice.secret_of(dice_state, self.dice_secrets(cid), recording=True)
        stamped: list[ev.Event] = []
        if secret is not None:
            rng = fair_dice.campaign_source(dice_state, secret, start, command)
            new, secret = decide(campaign, rng), None
        else:
            import secrets

            secret = secrets.token_bytes(32)
            rng = fair_dice.campaign_source(EncounterState(), secret, start + 1, command)
            new = decide(campaign, rng)
            if rng.draws == 0:
                secret = None
                new = decide(campaign, dice.source(None, start))
            else:
                stamped = self._stamp(cid, start, [ev.DiceCommitted(
                    commitment=fair_dice.commitment(secret))])
        stamped += self._stamp(cid, start + len(stamped), new, command)
        if secret is not None:
            self._keep_secret(cid, secret)
        if self._batch is not None:
            self._batch.setdefault(cid, Stream(EncounterState())).pending += stamped
        else:
            self._save(*stamped)
        return stamped

    def reveal_campaign_dice(self, campaign: str) -> list[ev.Event]:
        """``dice reveal --campaign``: publish the campaign's dice secret."""
        cid = store.campaign_id(campaign)
        state = fair_dice.campaign_state(self._stream_events(cid))
        held = self.dice_secrets(cid)
        secret = held.get(state.dice.commitment) if state.dice and state.dice.commitment \
            else None
        return self.record_campaign(campaign, fair_dice.reveal(state, secret))




def _snapshot_points(events: Sequence[ev.Event], every: int) -> list[int]:
    """Where single commands would have saved a snapshot of ``events`` (the end of
    each command crossing a multiple of ``every``), less those a later correction
    reaches back to (their state would never be used)."""
    points: list[int] = []
    for i, e in enumerate(events):
        position = e.originator_version
        last = i + 1 == len(events) or events[i + 1].cmd != e.cmd
        if last and (position // every > (e.cmd - 1) // every):
            points.append(position)
    # a snapshot at P is stale once a correction after P reaches back to P or before
    reach = 1 << 62  # the least position reached back to by a correction after here
    valid: list[int] = []
    later = iter(reversed(events))
    pending = next(later, None)
    for point in reversed(points):
        while pending is not None and pending.originator_version > point:
            reach = min(reach, store.valid_below([pending]) + 1)
            pending = next(later, None)
        if point < reach:
            valid.append(point)
    return valid[::-1]


def _try(save: Callable[..., None], *args) -> None:
    try:
        save(*args)
    except Exception:
        pass  # a snapshot is only a cache

