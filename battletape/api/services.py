"""What a command asks of the store beyond its encounter's state, for the command
line, ``play``, ``serve`` and the library alike: the open application, a verb's
services, the GM's ``--force`` and the GM roster, and recording one decision. The
command line's :class:`battletape.session.Context` adds its output settings."""

from __future__ import annotations

from typing import Any


class Services:
    """One command's store, user and encounter, and what it asks of them beyond the
    encounter's state: a verb's services (``carried``, ``pc_state``, ``stat_block``;
    domain.verbs.Services), the GM's ``--force``, the GM roster, and recording its
    decision (one atomic append)."""

    #: the language of what the command says (the command line's ``--lang``)
    lang = "en"

    def __init__(self, store: str | None = None, encounter: str | None = None,
                 user: str | None = None, command_line: str = "", capture: Any = None,
                 force: str | None = None, bt: Any = None):
        self.store, self.encounter, self.user = store, encounter, user
        self.force = force  # the GM's reason under --force REASON
        self.command_line = command_line
        self.capture = capture  # a Capture: decide against a given state, save nothing
        self._bt: Any = bt  # given: an application already open (the library's)
        self._owns_bt = bt is None
        self.battle: str | None = None  # the battle a campaign command follows

    @property
    def bt(self):
        if self._bt is None:
            from battletape.application import Battletape

            self._bt = Battletape(self.store, self.user)
        return self._bt

    def record(self, decide, needs_history: bool = False, after=None):
        """Record ``decide`` (forced under ``--force``) into the encounter; deciding
        again (a Capture), decide it against the given state, saving nothing. What
        already holds raises AlreadyHolds. ``after``: Battletape.record's."""
        decide = self.forcing(decide)
        if self.capture is not None:
            return self.capture.decide(decide, needs_history)
        return self.bt.record(decide, self.encounter, needs_history,
                              command=self.command_line, after=after)

    def retrying(self, attempt):
        """``attempt()`` (a batch of commands: a script, an import), run again against
        the new state when another writer saved first (RaceLost), as one command is
        (the application's RETRIES, with a growing random pause)."""
        import random
        import time

        from battletape.application import RETRIES, RaceLost

        for tried in range(RETRIES + 1):
            try:
                return attempt()
            except RaceLost:
                if tried == RETRIES:
                    raise
                time.sleep(random.uniform(0, min(0.25, 0.005 * 2 ** tried)))

    def forcing(self, decide, campaign: str | None = None):
        """``decide`` as given, or under ``--force`` as a GM of the campaign forces
        it (DESIGN.md principle 8)."""
        if self.force is None:
            return decide
        if self.capture is None:  # deciding again (amend, ripple): forced when recorded
            self.require_gm(campaign or self.bt.registration(self.encounter).campaign,
                            "--force a rule")
        from battletape.domain import gm

        return gm.forced(decide, self.force)

    def require_gm(self, campaign: str, what: str) -> None:
        """Only a GM of ``campaign`` may ``what``."""
        from battletape.domain.errors import violation
        from battletape.domain.words import N_

        gms = self.bt.gms(campaign)
        if self.bt.user.casefold() not in {g.casefold() for g in gms}:
            raise violation(N_("{name} is not a GM of campaign {campaign!r} (GMs: "
                               "{gms}): only a GM may {doing}"), name=self.bt.user,
                            campaign=campaign, gms=list(gms), doing=what)

    def system_id(self) -> str:
        """The rule system of the encounter this command acts on."""
        if self.capture is not None:
            return self.capture.state.system
        return self.bt.registration(self.encounter).system

    def pc_state(self, campaign: str, name: str) -> dict | None:
        """A PC as the campaign knows it now (between battles)."""
        from battletape.projections.campaign import pc_state

        return pc_state(self.bt, campaign, name)

    def rest_pcs(self, campaign: str, names: list[str]) -> list[dict]:
        """The PCs a rest between battles names (default: every PC of the battle it
        follows, the dead aside), each as the campaign knows it now."""
        from battletape.domain.errors import violation
        from battletape.domain.names import resolve
        from battletape.domain.words import N_
        from battletape.projections.campaign import pc_state

        pcs = self.battle_pcs()
        chosen = []
        for name in names:
            full = resolve(pcs, name, "PC")
            if full is None:
                raise violation(N_("{name} is not a PC of the last battle ({pcs})"),
                                "Riposo", name=name, pcs=list(pcs))
            chosen.append(full)
        out = []
        for name in dict.fromkeys(chosen or pcs):
            known = pc_state(self.bt, campaign, name)
            if known is not None and (chosen or known["status"] != "dead"):
                out.append(known)
        return out

    def battle_pcs(self) -> list[str]:
        """The PCs of the battle a campaign command follows."""
        from battletape.projections.campaign import pcs_of

        return pcs_of(self.bt, self.battle) if self.battle else []

    def carried(self, name: str) -> dict | None:
        """A PC's HP, recoveries and penalties carried from the campaign's last battle."""
        from battletape.projections import campaign

        return campaign.carried_for(self.bt, self.encounter, name)

    def party_sheet(self, state, name: str) -> tuple[str, dict] | None:
        """The PC's name and sheet ``add NAME --pc`` takes (domain/party.py):
        deciding a recorded command again, the sheet that command recorded; else the
        campaign's party now. None: no sheet."""
        from battletape.domain import party

        if self.capture is not None:
            return party.recorded(self.capture.events or (), name, state.position)
        kept = party.find(party.sheets(self.bt.campaign_events(state.campaign),
                                       state.system), name)
        return (kept.name, dict(kept.stats)) if kept is not None else None

    def stat_block(self, state, key: str):
        """The stat block ``add --from KEY`` takes: deciding a recorded command again,
        the copy that command recorded; else the campaign's bestiary now."""
        from battletape.domain import events as ev, stat_blocks

        if self.capture is not None:
            recorded: dict = {}
            for e in self.capture.events:
                if isinstance(e, ev.StatBlockUsed) and e.originator_version > state.position:
                    recorded.setdefault(e.key, e)
            if recorded:
                return stat_blocks.find(recorded, key)
        return stat_blocks.find(
            stat_blocks.bestiary(self.bt.campaign_events(state.campaign)), key)

    # --- deciding a recorded command again (api/redeciding.py) --------------------

    def deciding(self, encounter: str | None, capture: Any) -> "Services":
        """The services a recorded command is decided again with: this store, user
        and language, ``encounter``, deciding against ``capture`` (nothing saved)."""
        services = Services(self.store, encounter or self.encounter, self.user,
                            capture=capture, bt=self.bt)
        services.lang = self.lang
        return services

    def redecide_unread(self, line: str, state, rng, events,
                        encounter: str | None = None) -> list:
        """A recorded line no verb's parser takes (a core command, a malformed line):
        the library says what is wrong with it (the command line decides it through
        its whole parser instead: session.Context)."""
        from battletape.api import line_reader, lines
        from battletape.domain.errors import BattletapeError
        from battletape.domain.words import N_

        args = lines.split_globals(lines.split(line))
        raise BattletapeError.said(N_("can't decide {line!r} again: {reason}"), line=line,
                                   reason=line_reader.refusal(state.system, args))

    def close(self) -> None:
        if self._bt is not None and self._owns_bt:
            self._bt.close()
