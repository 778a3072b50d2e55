"""The quick reading of a recorded line (``line_reader._quick``, what ``verify`` and
``amend`` read thousands of lines with) gives what the verb's click parser gives:
the same values for every line it takes, and it leaves every other line to click
(an unknown or bundled option, ``--``, a missing value, a word a type refuses)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.api import line_reader
from battletape.domain import systems


def through_click(system_id: str, args: list[str]):
    saved = line_reader._quick
    line_reader._quick = lambda *a: None
    try:
        return outcome(system_id, args)
    finally:
        line_reader._quick = saved


def outcome(system_id: str, args: list[str]):
    """What ``read`` gives, or the kind of error it raises."""
    try:
        return line_reader.read(system_id, args)
    except Exception as err:
        return type(err)


def verbs() -> list[tuple[str, str]]:
    return [(s, name) for s in systems.ids() for name, verb in systems.get(s).verbs.items()
            if verb.scope in ("encounter", "rest")]


def spellings(system_id: str, name: str) -> list[str]:
    parser = line_reader._reader(system_id, name).parser
    return sorted(parser._long_opt) + sorted(parser._short_opt)


WORDS = ["Bruna", "Orc #1", "14", "-3", "7,12", "1d8+4", "x", "", "-", "--", "0",
         "Bruna=12", "ac", "3.5", "--nonsense", "-zq", "2d6ro1"]


@st.composite
def lines(draw, among: list[tuple[str, str]] | None = None):
    """A verb of ``among`` (default: every verb) and words of its options and values."""
    system_id, name = draw(st.sampled_from(among or verbs()))
    options = spellings(system_id, name)
    word = st.one_of(st.sampled_from(WORDS), st.sampled_from(options),
                     st.builds(lambda o, v: f"{o}={v}", st.sampled_from(options),
                               st.sampled_from(WORDS)))
    return system_id, name, draw(st.lists(word, max_size=8))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(lines())
def test_a_line_reads_as_its_verbs_parser_reads_it(case):
    system_id, name, rest = case
    args = name.split() + rest
    assert outcome(system_id, args) == through_click(system_id, args)


@pytest.mark.parametrize("system_id", systems.ids())
def test_the_recorded_lines_of_the_samples_read_quickly_and_alike(system_id):
    """Every verb's options, each given once with a value of its type, read quickly
    (no fallback to click) and as click reads them."""
    for _, name in [v for v in verbs() if v[0] == system_id]:
        assert line_reader._casts(system_id, name) is not None, name
        words = every_option(system_id, name)
        rest = words[len(name.split()):]
        assert line_reader._quick(system_id, name, rest) is not None, (name, words)
        assert line_reader.read(system_id, words) == through_click(system_id, words)


def every_option(system_id: str, name: str, leaving: tuple[str, ...] = ()) -> list[str]:
    """A line of verb ``name`` giving each argument and option once, with a value of
    its type (but the values named in ``leaving``)."""
    reader = line_reader._reader(system_id, name)
    casts = line_reader._casts(system_id, name)
    words = name.split()
    for arg in reader.parser._args:
        if arg.dest not in leaving:
            words.append("3" if casts[arg.dest] in (int, float) else "Bruna")
    for option in {id(o): o for o in reader.parser._long_opt.values()}.values():
        spelt = option._long_opts[0]
        if spelt == "--help" or option.dest in leaving:
            continue
        if option.takes_value:
            words += [spelt, "3" if casts[option.dest] in (int, float) else "x"]
        else:
            words.append(spelt)
    return words
