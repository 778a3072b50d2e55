"""Provably fair virtual dice (issue 14): an encounter commits to a secret, players add
to it, every virtual roll is HMAC(secret, position|command|index), `end` publishes the
secret and `verify` derives every roll again."""

from __future__ import annotations

import json
import sqlite3

import pytest

from battletape.domain import fair_dice
from tests.helpers import cli, ok, snapshot_of, state


def _log(store: str, *extra: str) -> list[dict]:
    return ok(store, "log", "--json", "--all", *extra).json_lines()


def _battle(store: str, *new_options: str) -> None:
    ok(store, "new", "Owlbear den", *new_options)
    ok(store, "add Bruna --pc --hp 30 --init 3")
    ok(store, "add Owlbear --hp 40 --init 1")


def _derived(secret: bytes, contributions: list[str], event: dict) -> list[int]:
    """The d20 faces the published scheme gives for a command (d20's randrange(20)+1)."""
    src = fair_dice.Committed(fair_dice.key(secret, contributions),
                              event["originator_version"], event["command"])
    return [src.randrange(side) + 1 for side in event["roll"]["sides"]]


def test_the_commit_reveal_round_trip(any_store):
    _battle(any_store)
    dice = state(any_store)["dice"]
    assert dice["mode"] == "committed" and len(dice["commitment"]) == 64
    rolls = [ok(any_store, "roll", "1d20", "--for", f"try {i}").out for i in range(3)]
    events = _log(any_store)
    # before the reveal no event holds the secret, only its hash
    assert not any(e["type"] == "DiceRevealed" for e in events)
    ok(any_store, "end")
    events = _log(any_store)
    revealed = [e for e in events if e["type"] == "DiceRevealed"]
    assert len(revealed) == 1 and revealed[0]["commitment"] == dice["commitment"]
    secret = bytes.fromhex(revealed[0]["secret"])
    assert fair_dice.commitment(secret) == dice["commitment"]
    # anyone can now derive each virtual roll from the published secret
    free = [e for e in events if e["type"] == "FreeRolled"]
    assert len(free) == len(rolls) == 3
    for e in free:
        assert e["roll"]["faces"] == _derived(secret, [], e)
    r = ok(any_store, "verify")
    assert r.out.startswith("ok:") and "revealed; its virtual rolls derived again" in r.out


def test_verify_finds_a_virtual_roll_edited_after_the_fact(sqlite_store):
    _battle(sqlite_store)
    ok(sqlite_store, "roll", "1d20", "--for", "perception")
    ok(sqlite_store, "end")
    face = next(e for e in _log(sqlite_store) if e["type"] == "FreeRolled")["roll"]["faces"][0]
    forged = 20 if face != 20 else 1
    with sqlite3.connect(sqlite_store) as db:
        rowid, data = db.execute("SELECT rowid, state FROM stored_events WHERE topic LIKE "
                                 "'%FreeRolled'").fetchone()
        doc = json.loads(data)
        doc["roll"]["faces"] = [forged]
        doc["roll"]["total"] = forged
        db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                   (json.dumps(doc, separators=(",", ":")).encode(), rowid))
    r = cli(sqlite_store, "verify")
    assert r.code != 0 and "would now be decided differently" in r.out


def test_a_players_contribution_is_mixed_in_before_the_first_roll(sqlite_store):
    _battle(sqlite_store, "--player-seed", "owl 42")
    ok(sqlite_store, "dice", "contribute", "Bruna", "lucky seven")
    contributions = state(sqlite_store)["dice"]["contributions"]
    assert contributions == ["player: owl 42", "Bruna: lucky seven"]
    ok(sqlite_store, "roll", "1d20")
    # after the first roll a contribution would change dice already rolled: refused
    before = snapshot_of(sqlite_store)
    r = cli(sqlite_store, "dice", "contribute", "Vex", "too late")
    assert r.code == 2 and "before the first roll" in r.err
    assert snapshot_of(sqlite_store) == before
    ok(sqlite_store, "dice", "reveal")
    events = _log(sqlite_store)
    secret = bytes.fromhex(next(e for e in events if e["type"] == "DiceRevealed")["secret"])
    roll = next(e for e in events if e["type"] == "FreeRolled")
    assert roll["roll"]["faces"] == _derived(secret, contributions, roll)
    # without the contributions the same secret gives other dice (a GM alone cannot
    # have chosen them): checked over many positions, where one could coincide
    same = sum(_derived(secret, contributions, dict(roll, originator_version=p))
               == _derived(secret, [], dict(roll, originator_version=p))
               for p in range(1, 41))
    assert same < 10


def test_a_revealed_secret_rolls_no_more_dice(sqlite_store):
    _battle(sqlite_store)
    ok(sqlite_store, "roll", "1d20")
    ok(sqlite_store, "dice", "reveal")
    first = state(sqlite_store)["dice"]["commitment"]
    ok(sqlite_store, "roll", "1d20")  # a new secret, committed before this roll
    now = state(sqlite_store)["dice"]
    assert now["commitment"] != first and not now["revealed"]
    types = [e["type"] for e in _log(sqlite_store)][-3:]
    assert types == ["DiceRevealed", "DiceCommitted", "FreeRolled"]
    assert ok(sqlite_store, "verify").out.startswith("ok:")


def test_a_branch_never_previews_the_trunks_next_roll(sqlite_store):
    _battle(sqlite_store)
    ok(sqlite_store, "roll", "1d20", "--for", "first")
    fork = state(sqlite_store)["position"]
    ok(sqlite_store, "branch", str(fork), "What if")
    trunk = lambda: ok(sqlite_store, "--encounter", "Owlbear den", "state", "--json").json()
    trunk_commitment = trunk()["dice"]["commitment"]
    # the same command at the same position: the branch rolls from a secret of its own
    ok(sqlite_store, "--encounter", "What if", "roll", "1d20", "--for", "second")
    branch = ok(sqlite_store, "--encounter", "What if", "state", "--json").json()["dice"]
    assert branch["commitment"] != trunk_commitment
    ok(sqlite_store, "--encounter", "Owlbear den", "roll", "1d20", "--for", "second")
    assert trunk()["dice"]["commitment"] == trunk_commitment
    assert ok(sqlite_store, "verify").out.startswith("ok:")


def test_a_public_seed_is_shown_as_public(sqlite_store):
    _battle(sqlite_store, "--seed", "7")
    assert state(sqlite_store)["dice"] == {"mode": "public seed", "seed": 7}
    assert "public seed 7" in ok(sqlite_store, "dice", "status").out
    assert "Virtual dice: public seed 7 (reproducible by anyone)" in \
        ok(sqlite_store, "export", "--format", "md").out
    r = cli(sqlite_store, "new", "Other", "--seed", "7", "--player-seed", "x")
    assert r.code == 2 and "public seed" in r.err


def test_rests_roll_from_the_campaigns_committed_dice(sqlite_store):
    _battle(sqlite_store)
    ok(sqlite_store, "damage", "Bruna", "20")
    ok(sqlite_store, "end")
    ok(sqlite_store, "rest", "Bruna")
    r = ok(sqlite_store, "verify")  # the GM's store holds the campaign's secret
    assert "campaign default: 1 command(s) with virtual dice derived again" in r.out
    ok(sqlite_store, "dice", "reveal", "--campaign")
    with sqlite3.connect(sqlite_store) as db:
        assert db.execute("SELECT count(*) FROM stored_events WHERE topic LIKE "
                          "'%DiceRevealed'").fetchone()[0] == 2  # the battle's, the campaign's
        rowid, data = db.execute("SELECT rowid, state FROM stored_events WHERE topic LIKE "
                                 "'%QuickRestTaken'").fetchone()
        doc = json.loads(data)
        face = doc["rolls"][0]["faces"][0]
        doc["rolls"][0]["faces"] = [8 if face != 8 else 1]
        db.execute("UPDATE stored_events SET state = ? WHERE rowid = ?",
                   (json.dumps(doc, separators=(",", ":")).encode(), rowid))
    r = cli(sqlite_store, "verify")
    assert r.code == 2 and "are not those its secret gives" in r.out


def test_only_a_gm_reveals(sqlite_store):
    _battle(sqlite_store)
    r = cli(sqlite_store, "dice", "reveal", user="a-player")
    assert r.code == 2 and "only a GM" in r.err
