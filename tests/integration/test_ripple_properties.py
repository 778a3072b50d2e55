"""Ripple report properties on generated battles, driven through the real CLI:
a no-op amendment reports nothing; a planted inconsistency (a creature slain before
it acts) always appears."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.helpers import cli, ok, state

NAMES = ["Bruna", "Kael", "Orc"]
SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


@st.composite
def line(draw):
    kind = draw(st.sampled_from(["attack", "attack", "next", "next", "damage", "temp"]))
    target = draw(st.sampled_from(NAMES))
    n = draw(st.integers(1, 20))
    if kind == "attack":
        return f"attack TURN '{target}' --bonus 5 --vs ac --roll {n} --dmg {n // 3} --kind ranged"
    if kind == "damage":
        return f"damage '{target}' {n // 4}"
    if kind == "temp":
        return f"temp '{target}' {n // 2}"
    return "next"


def play(store: str, lines: list[str]) -> None:
    ok(store, "new Gen --seed 3")
    ok(store, "add Bruna --pc --hp 40 --ac 16 --init 2")
    ok(store, "add Kael --pc --hp 30 --ac 14 --init 4")
    ok(store, "add Orc --hp 60 --ac 15 --init 1")
    ok(store, "init Bruna=10 Kael=10 Orc=10")
    for text in lines:
        turn = state(store)["turn"] or "Bruna"
        cli(store, text.replace("TURN", f"'{turn}'"))  # refusals record nothing


@SETTINGS
@given(st.lists(line(), min_size=4, max_size=20), st.data())
def test_an_amendment_that_changes_nothing_reports_no_ripple(tmp_path_factory, lines, data):
    store = str(tmp_path_factory.mktemp("r") / "b.db")
    play(store, lines)
    entries = [e for e in ok(store, "log --json").json_lines()
               if e["command"] and e["position"] > 5]
    if not entries:
        return
    e = data.draw(st.sampled_from(entries))
    r = ok(store, "amend", str(e["position"]), "--command", e["command"],
           "--reason", "same again")
    assert "ripple: nothing later is affected" in r.out


@SETTINGS
@given(st.lists(line(), min_size=4, max_size=20), st.data())
def test_a_creature_slain_before_it_acts_always_ripples(tmp_path_factory, lines, data):
    store = str(tmp_path_factory.mktemp("r") / "b.db")
    play(store, lines)
    log = ok(store, "log --json").json_lines()
    acts = [e for e in log if e["type"] == "TurnStarted" and e["position"] > 8]
    if not acts:
        return
    victim_turn = data.draw(st.sampled_from(acts))
    victim = victim_turn["name"]
    earlier = [e for e in log if e["command"] and 5 < e["position"] < victim_turn["cmd"]]
    if not earlier:
        return
    e = data.draw(st.sampled_from(earlier))
    r = ok(store, "amend", str(e["position"]), "--also", f"damage '{victim}' 999",
           "--reason", "planted")
    ripples = ok(store, "ripple --json").json()
    assert ripples, r.out
    assert min(x["position"] for x in ripples) <= victim_turn["cmd"]
