"""`battletape replay` without a terminal prints its frames as text."""

from pathlib import Path

from tests.helpers import ok

DEMO = Path(__file__).parents[2] / "fixtures" / "battles" / "demo.bt"


def test_replay_prints_turn_by_turn_frames_with_corrections(sqlite_store, tmp_path):
    script = tmp_path / "demo.bt"
    script.write_text(DEMO.read_text().replace('"Demo: the bridge at Emberfall"', '"The bridge"'))
    ok(sqlite_store, "run", str(script))
    ok(sqlite_store, "undo --reason 'the ogre survived'")
    text = ok(sqlite_store, "replay --by turn").out
    assert "Kael attacks Goblin 1: natural 16, total 23 vs PD 14: hit for 9 fire" in text
    assert "[correction]" in text and "[voided]" in text
    assert text.count("escalation die") >= 6
    italian = ok(sqlite_store, "--lang it replay --round 6").out
    assert "dado di escalation 5" in italian and "round 5" not in italian
