"""Recorded command lines, split and read without building a parser: the same words
as shlex, and nothing read that click would read otherwise."""

import shlex

from hypothesis import given, strategies as st

from battletape.api import lines


@given(st.text(alphabet="ab '\"\\\t#-$\n=", max_size=24))
def test_a_line_splits_into_the_words_shlex_gives(text):
    try:
        expected = shlex.split(text)
    except ValueError:
        expected = "unbalanced"
    try:
        got = lines.split(text)
    except ValueError:
        got = "unbalanced"
    assert got == expected


@given(st.lists(st.text(alphabet="ab '#-=Ä", max_size=6), max_size=6))
def test_a_joined_line_splits_back_into_its_words(words):
    assert lines.split(shlex.join(words)) == words


def test_what_the_verbs_command_alone_cannot_take_is_left_to_the_whole_line():
    from battletape.api import line_reader

    # an unknown option, a missing value, a bad number, an extra word, no verb
    for text in ("attack A B --bonus 5 --vs ac --bogus 3", "attack A B --bonus",
                 "attack A B --bonus five --vs ac", "heal A 5 6", "roll 1d20",
                 "--encounter X next", "cond add", "attack A B --vs ac"):
        assert line_reader.read("13a", lines.split(text)) is None, text
    # what the verb's own check must see reaches it ("-3" for a negative amount)
    assert line_reader.read("13a", ["damage", "A", "-3"]).values["amount"] == -3


def test_words_read_back_as_the_values_they_were_written_from():
    from battletape.api import line_reader
    from battletape.domain import systems

    verb = systems.get("5e").verb("attack")
    values = {"attacker": "Orc #2", "targets": "Bruna", "bonus": -1, "roll": "7/15",
              "adv": True, "dmg": 6, "type_": "slashing"}
    read = line_reader.read("5e", verb.words(values))
    assert {k: read.values[k] for k in values} == values
