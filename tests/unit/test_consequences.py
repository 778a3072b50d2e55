"""What an event did to a creature, in the log's words (replay/drops.py): the marks
the log, the replays and a recording command's line share."""

from __future__ import annotations

import pytest

from battletape.replay.drops import _what, narrate


@pytest.mark.parametrize("before, now, said", [
    (("up", False, False), ("dead", False, False), "dies"),
    (("unconscious", False, False), ("dead", False, False), "dies"),
    (("up", True, False), ("unconscious", False, False), "drops"),
    (("up", False, False), ("dying", False, False), "drops"),
    (("dying", False, False), ("stable", False, False), "stabilizes"),
    (("unconscious", False, False), ("up", False, False), "wakes"),
    (("stable", False, False), ("up", False, False), "wakes"),
    (("dead", False, False), ("up", False, False), None),  # an undone kill: no waking
    (("up", False, False), ("fled", False, False), "flees"),
    (("up", False, False), ("fled", False, True), "surrenders"),
    (("up", False, False), ("up", True, False), "staggered"),
    (("up", True, False), ("up", True, False), None),
    (("dying", False, False), ("disabled", False, False), None),  # still down
])
def test_what_a_change_of_standing_is_called(before, now, said):
    assert _what(before, now) == said


def test_the_marks_in_both_languages_and_not_said_twice():
    fallen = [("Bram", "drops", "unconscious"), ("Orc", "staggered", "up")]
    assert narrate(fallen, "en", "5e") == " — Bram drops (unconscious) — Orc is bloodied"
    assert narrate(fallen, "it", "5e") == (" — Bram cade (privo di sensi)"
                                           " — Orc è insanguinato")
    assert narrate([("Rat", "flees", "fled")], "en", "13a", "Rat flees") == ""
    assert narrate([("Rat", "dies", "dead")], "it", "13a") == " — Rat muore"
