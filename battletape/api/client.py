"""An open store, for one user: its campaigns and encounters."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, NamedTuple, Sequence

from battletape.domain.words import N_
from battletape.domain.errors import BadInput, UnknownEncounter
from battletape.domain.systems import DEFAULT_SYSTEM

if TYPE_CHECKING:
    from battletape.api.encounter import Encounter


class EncounterInfo(NamedTuple):
    """An encounter as the store's index lists it."""

    name: str
    campaign: str
    system: str
    started: datetime
    branched_from: str | None = None


class Client:
    """One store, one user: what :func:`battletape.open` returns.

    A context manager: ``with battletape.open("fight.db") as bt: ...`` closes the
    store at the end. Not shared between threads: open one per thread.
    """

    def __init__(self, store: str | None = None, user: str | None = None):
        from battletape.application import Battletape

        self.store, self.user = store, user
        self._bt = Battletape(store, user)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the store (what ``with`` does at its end)."""
        self._bt.close()

    @property
    def recorder(self) -> str:
        """The name recorded as who records (``user``, else your identity)."""
        return self._bt.user

    def _services(self, encounter: str | None, line: str = "",
                  force: str | None = None):
        """What a command asks of the application beyond its state (a verb's
        services, the GM roster, ``force``), on this open store."""
        from battletape.api.services import Services

        return Services(store=self.store, encounter=encounter, user=self.user,
                        command_line=line, force=force, bt=self._bt)

    # --- campaigns and encounters -------------------------------------------------------

    def encounters(self, campaign: str | None = None) -> list[EncounterInfo]:
        """The store's encounters (of ``campaign``), in the order they were started:
        the current one last."""
        return [EncounterInfo(r.name, r.campaign, r.system, r.timestamp, r.branched_from)
                for r in self._bt.registrations(fresh=True)
                if campaign is None or r.campaign.casefold() == campaign.casefold()]

    def campaigns(self) -> list[str]:
        """The store's campaigns, in the order of their first encounter."""
        seen: dict[str, str] = {}
        for r in self._bt.registrations(fresh=True):
            seen.setdefault(r.campaign.casefold(), r.campaign)
        return list(seen.values())

    def encounter(self, name: str | None = None) -> "Encounter":
        """The encounter called ``name`` (case-insensitive), or the only one whose
        name starts with it or has those initials; without a name the current one
        (the last started that is not a what-if branch, or the one ``use`` chose)."""
        from battletape.api.encounter import Encounter

        from battletape.domain.errors import AmbiguousName

        self._bt.registrations(fresh=True)
        try:
            found = self._bt.registration(name)
        except AmbiguousName as err:  # the library's error for it stays BadInput
            raise BadInput("encounter", name,
                           N_("one encounter's name or prefix ({names} start so)"),
                           names=", ".join(err.candidates)) from None
        return Encounter(self, found.name, found.system, found.campaign)

    def new(self, name: str, system: str = DEFAULT_SYSTEM, campaign: str = "default",
            seed: int | None = None, rules: Sequence[str] = (),
            player_seeds: Sequence[str] = ()) -> "Encounter":
        """Start an encounter and return it.

        ``system``: ``13a``, ``5e`` or ``3.5e`` (any registered system's id);
        ``seed``: a public seed, virtual dice reproducible by anyone (without it they
        come from a committed secret, revealed at ``end``); ``rules``: the system's
        optional rules (``lasting-wounds``); ``player_seeds``: players' values mixed
        into the dice secret."""
        import shlex

        from battletape.domain import systems

        chosen = systems.get(system)
        words = ["new", name, "--system", chosen.id]
        words += ["--campaign", campaign] if campaign != "default" else []
        words += ["--seed", str(seed)] if seed is not None else []
        for r in rules:
            words += ["--rule", r]
        for v in player_seeds:
            words += ["--player-seed", v]
        self._bt.new(name, system=chosen.id, campaign=campaign, seed=seed,
                     options=chosen.check_options(list(rules)),
                     command=shlex.join(words),
                     player_seeds=[f"player: {v}" for v in player_seeds])
        return self.encounter(name)
