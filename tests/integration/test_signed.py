"""Keyed signatures: with a campaign secret (kept out of the store) the chain and the
exports are unforgeable by anyone without it; import into an existing campaign
needs a GM."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from battletape import keys
from battletape.replay import chain
from tests.helpers import cli, ok

BATTLE = ("new Bridge --campaign Emberfall --seed 3", "add Bruna --hp 30 --ac 17 --pc",
          "add Orc --hp 20 --ac 13", "init Bruna=15 Orc=9",
          "attack Bruna Orc --bonus 6 --vs ac --roll 15 --dmg 7")


@pytest.fixture
def signed(sqlite_store, monkeypatch, tmp_path):
    secrets = tmp_path / "secrets.toml"
    secrets.write_text('[campaigns]\n"Emberfall" = "only the GMs know this"\n')
    monkeypatch.setenv(keys.FILE_ENV, str(secrets))
    monkeypatch.delenv(keys.ENV, raising=False)
    for line in BATTLE:
        ok(sqlite_store, line, user="marta")
    return sqlite_store


def _forge(path: str, position: int) -> None:
    """Someone without the secret edits an event and re-computes the public chain."""
    with sqlite3.connect(path) as db:
        stream = db.execute("SELECT originator_id FROM stored_events WHERE "
                            "originator_version=5 LIMIT 1").fetchone()[0]
        rows = db.execute("SELECT originator_version, topic, state FROM stored_events "
                          "WHERE originator_id=? ORDER BY originator_version",
                          (stream,)).fetchall()
        doc = json.loads(rows[position - 1][2])
        doc["by"] = "someone else"
        rows[position - 1] = (position, rows[position - 1][1], json.dumps(doc).encode())
        db.execute("UPDATE stored_events SET state=? WHERE originator_id=? AND "
                   "originator_version=?", (rows[position - 1][2], stream, position))
        links = dict(db.execute("SELECT version, recorder FROM battletape_chain WHERE "
                                "stream=?", (stream,)).fetchall())
        previous = chain.GENESIS
        for version, topic, state in rows:
            previous = chain.link(previous, stream, version, topic, state, links[version])
            db.execute("UPDATE battletape_chain SET hash=? WHERE stream=? AND version=?",
                       (previous, stream, version))
        db.execute("UPDATE battletape_heads SET hash=? WHERE stream=?", (previous, stream))


def test_a_forged_chain_is_found_by_whoever_holds_the_secret(signed, monkeypatch):
    assert "every hash chain holds" in ok(signed, "verify").out
    _forge(signed, 3)
    r = cli(signed, "verify")
    assert r.code == 2
    assert "encounter 'Bridge': position 3 is not signed with the campaign's secret" in r.out
    monkeypatch.setenv(keys.FILE_ENV, "/nonexistent")  # without the secret
    r = cli(signed, "verify")
    assert "signed with its campaign's secret; without the secret" in r.out


def test_recording_into_a_signed_campaign_needs_its_secret(signed, monkeypatch, tmp_path):
    monkeypatch.setenv(keys.FILE_ENV, "/nonexistent")
    r = cli(signed, "roll 1d20", user="marta")
    assert r.code == 2 and "recording needs its secret" in r.err
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('[campaigns]\n"Emberfall" = "a guess"\n')
    monkeypatch.setenv(keys.FILE_ENV, str(wrong))
    r = cli(signed, "roll 1d20", user="marta")
    assert r.code == 2 and "not the one its records are signed with" in r.err


def test_a_signed_export_edited_and_rechained_does_not_import(signed, tmp_path):
    out = tmp_path / "bridge.jsonl"
    ok(signed, "export", "-o", str(out))
    lines = out.read_bytes().splitlines()
    header = json.loads(lines[0])
    assert header["signed"] is True
    # the forger edits the attack's damage and re-chains from the header, unsigned
    import hashlib

    header["signed"] = False
    new = [json.dumps(header, separators=(",", ":")).encode()]
    link = hashlib.sha256(new[0]).hexdigest()
    for raw in lines[1:]:
        line = json.loads(raw)
        if line["position"] == 5:
            line["event"]["by"] = "someone else"
        event = json.dumps(line["event"], separators=(",", ":")).encode()
        link = hashlib.sha256(link.encode() + event).hexdigest()
        line.update(chain=link, sig="")
        new.append(json.dumps(line, separators=(",", ":")).encode())
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"\n".join(new) + b"\n")
    target = str(tmp_path / "other.db")
    r = cli(target, "import", str(forged))
    assert r.code == 2 and "unsigned" in r.err
    r = cli(target, "import", str(out))  # the GM's own signed export imports
    assert r.code == 0, r.err


def test_an_edited_header_breaks_the_chain(sqlite_store, tmp_path):
    for line in BATTLE:
        ok(sqlite_store, line)
    out = tmp_path / "e.jsonl"
    ok(sqlite_store, "export", "-o", str(out))
    lines = out.read_bytes().splitlines()
    header = json.loads(lines[0])
    header["campaign"] = "Elsewhere"  # the header is inside the chain
    lines[0] = json.dumps(header, separators=(",", ":")).encode()
    out.write_bytes(b"\n".join(lines) + b"\n")
    r = cli(str(tmp_path / "b.db"), "import", str(out))
    assert r.code == 2 and "line 2" in r.err and "chain" in r.err


def test_import_into_an_existing_campaign_needs_a_gm(sqlite_store, tmp_path):
    for line in BATTLE:
        ok(sqlite_store, line, user="marta")
    out = tmp_path / "e.jsonl"
    ok(sqlite_store, "export", "-o", str(out))
    target = str(tmp_path / "b.db")
    ok(target, "new Other --campaign Emberfall", user="bo")
    r = cli(target, "import", str(out), user="anna")
    assert r.code == 2 and "anna is not a GM of campaign 'Emberfall'" in r.err
    ok(target, "import", str(out), user="bo")
