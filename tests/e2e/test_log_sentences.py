"""The log, the replays and the report tell a 13th Age battle in sentences, in English
and Italian, and a creature dropping from ongoing damage is narrated as a drop."""

from __future__ import annotations

import re

import pytest

from tests.helpers import ok

RAW = re.compile(r"\b[a-z_]+=")


@pytest.fixture
def battle(sqlite_store):
    s = sqlite_store
    ok(s, "new Bridge --campaign Emberfall --seed 5")
    ok(s, "add Bruna --pc --hp 30 --ac 17 --pd 14 --md 12 --init 3")
    ok(s, "add Kael --pc --hp 24 --ac 15 --pd 13 --md 14 --init 2")
    ok(s, "add Goblin --hp 6 --ac 14 --pd 12 --md 10 --init 1")
    ok(s, "add Wyvern --hp 40 --ac 16 --pd 14 --md 12 --init 0")
    ok(s, "init Bruna=15 Kael=12 Goblin=10 Wyvern=2")
    ok(s, "ruling 'the bridge is slippery'")
    ok(s, "ongoing Goblin 7 --type fire")
    ok(s, "next")                       # Kael
    ok(s, "delay Kael")
    ok(s, "next --save Goblin=3")       # Goblin: 7 fire at the end of its turn
    ok(s, "fly Wyvern")
    ok(s, "next")
    ok(s, "ready Bruna 'the wyvern swoops'")
    ok(s, "escalation set 3 --reason 'a long fight'")
    return s


def test_the_ongoing_damage_that_drops_the_goblin_is_narrated_as_a_drop(battle):
    lines = ok(battle, "log").out.splitlines()
    ongoing = next(line for line in lines if "(ongoing)" in line)
    assert ongoing.endswith("Goblin takes 7 fire (ongoing) — Goblin dies")
    italian = ok(battle, "--lang it log").out
    assert "Goblin subisce 7 danni da fuoco (continuati) — Goblin muore" in italian
    assert "Goblin dies" in ok(battle, "replay").out


def test_no_line_of_log_or_replay_prints_raw_fields(battle):
    for command in ("log", "--lang it log", "replay", "--lang it replay"):
        out = ok(battle, command).out
        assert not RAW.search(out), (command, RAW.search(out))
    log = ok(battle, "log").out
    assert re.search(r"GM ruling by \S+: the bridge is slippery", log)
    for sentence in (
                     "Kael delays, to act later this round",
                     "Wyvern takes to the air",
                     "Bruna readies an action for when the wyvern swoops",
                     "the GM sets the escalation die to 3: a long fight"):
        assert sentence in log
    italian = ok(battle, "--lang it log").out
    assert re.search(r"decisione del GM \(\S+\): the bridge is slippery", italian)
    for sentence in (
                     "Kael ritarda, per agire più tardi in questo round",
                     "Wyvern si alza in volo",
                     "il GM porta il dado di escalation a 3: a long fight"):
        assert sentence in italian


def test_the_campaign_verbs_echo_sentences(battle):
    ok(battle, "damage Bruna 12")
    ok(battle, "end")
    rest = ok(battle, "rest Bruna --roll 7").out
    assert "Bruna takes a quick rest" in rest and not RAW.search(rest)
    heal = ok(battle, "--lang it heal-up").out
    assert "recupero completo per tutto il gruppo" in heal and not RAW.search(heal)
    spirit_free = ok(battle, "export --format md").out
    assert not RAW.search(spirit_free)


def test_the_html_replay_narrates_the_drop(battle, tmp_path):
    page = tmp_path / "bridge.html"
    ok(battle, "export", "--format", "html", "-o", str(page))
    assert "Goblin dies" in page.read_text()
