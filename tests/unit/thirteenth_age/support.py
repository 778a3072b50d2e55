"""13th Age rules checked through the real command line, in process (tests.helpers.cli),
on the checklist's fixture F (../shared/rules/13a.md):

    new T --seed 1
    add Bruna --pc --hp 40 --ac 17 --pd 14 --md 12 --init 3 --level 3 --recovery-die d10 --con-mod 2
    add Kael  --pc --hp 24 --ac 14 --pd 12 --md 15 --init 1 --level 3
    add Ogre  --hp 60 --ac 16 --pd 15 --md 11 --init 2
    add Goblin --hp 12 --ac 15 --pd 13 --md 10 --init 4 --count 3
    init Bruna=14 Goblin=11 Kael=12 Ogre=9

Order: Bruna 17, Goblin 1..3 15, Kael 13, Ogre 11; round 1, Bruna's turn, escalation die 0.
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import cli, run_script, snapshot_of

F = """new T --seed 1
add Bruna --pc --hp 40 --ac 17 --pd 14 --md 12 --init 3 --level 3 --recovery-die d10 --con-mod 2
add Kael  --pc --hp 24 --ac 14 --pd 12 --md 15 --init 1 --level 3
add Ogre  --hp 60 --ac 16 --pd 15 --md 11 --init 2
add Goblin --hp 12 --ac 15 --pd 13 --md 10 --init 4 --count 3
init Bruna=14 Goblin=11 Kael=12 Ogre=9
"""


class T:
    """A store and the commands run on it: ``t("attack ...")`` must succeed,
    ``t.no("...")`` must be refused (one line on stderr, exit 2, store unchanged)."""

    def __init__(self, store: str):
        self.store = store

    def script(self, text: str) -> None:
        r = run_script(self.store, text)
        assert r.code == 0, r.err

    def __call__(self, command: str) -> str:
        r = cli(self.store, command)
        assert r.code == 0, f"{command!r}: exit {r.code}: {r.err}"
        return r.out

    def no(self, command: str, match: str = "") -> str:
        """Refused: exit 2, one line on stderr, nothing recorded; the message returned."""
        before = snapshot_of(self.store)
        r = cli(self.store, command)
        assert r.code == 2, f"{command!r} was accepted: {r.out}"
        assert r.err.count("\n") == 1 and r.err.startswith("Error: "), r.err
        assert match.lower() in r.err.lower(), r.err
        assert snapshot_of(self.store) == before, f"{command!r} changed the store"
        return r.err

    def state(self, *extra: str) -> dict:
        r = cli(self.store, "state", "--json", *extra)
        assert r.code == 0, r.err
        return r.json()

    def c(self, name: str) -> dict:
        return self.state()["combatants"][name]

    def hp(self, name: str) -> int:
        return self.c(name)["hp"]

    def events(self) -> list[dict]:
        r = cli(self.store, "log", "--json")
        assert r.code == 0, r.err
        return [json.loads(line) for line in r.out.splitlines() if line.strip()]

    def last(self, type_: str) -> dict:
        return next(e for e in reversed(self.events()) if e["type"] == type_)

    def until(self, name: str, saves: str = "") -> None:
        """`next` until it is NAME's turn."""
        for _ in range(40):
            if self.state()["turn"] == name:
                return
            self(f"next {saves}".strip())
        raise AssertionError(f"never {name}'s turn")

    def to_round(self, n: int) -> None:
        """`next` until round N starts (its first turn)."""
        for _ in range(200):
            if self.state()["round"] >= n:
                return
            self("next")
        raise AssertionError(f"never round {n}")


@pytest.fixture
def t(sqlite_store) -> T:
    """Fixture F, round 1, Bruna's turn."""
    battle = T(sqlite_store)
    battle.script(F)
    return battle


@pytest.fixture
def bare(sqlite_store) -> T:
    """An empty store: the test sets up its own encounter."""
    return T(sqlite_store)
