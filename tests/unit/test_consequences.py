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


def test_a_ripple_says_values_as_a_person_reads_them():
    """issue 23 point 10: no Python repr in what `ripple` and `verify` print."""
    from battletape.domain import events as ev
    from battletape.replay.ripple import _difference

    roll = ev.Roll(expr="1d8+3", faces=[5], modifier=3, total=8)
    before = [ev.Healed(target="Ogre", amount=8, roll=roll)]
    after = [ev.Healed(target="Ogre", amount=9, roll=None)]
    said = _difference(before, after)
    assert said == ("would now be decided differently: amount 8 -> 9, roll 1d8+3 [5] = 8 "
                    "-> —")
    assert "'" not in said and "None" not in said and "{" not in said
