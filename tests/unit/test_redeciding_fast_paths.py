"""The quick ways `verify` and `amend` decide again give what the plain ways give: a
typed verb's order made from the values a line gives (a field not given keeps its
default, and ``given`` leaves those out) equals the order made from every value; two decisions compared by the
fields after the volatile ones are the same exactly when their neutralised events
are equal."""

from __future__ import annotations

import inspect
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.api import line_reader
from battletape.domain import events as ev, systems
from battletape.domain.verbs import _Typed
from battletape.replay import ripple
from tests.unit.test_line_reader_quick import every_option, lines, outcome

BATTLES = Path(__file__).parents[2] / "fixtures" / "battles"


def typed(system_id: str, name: str) -> _Typed | None:
    """The verb's run that takes one typed order (add's under the core's --gender)."""
    run = inspect.unwrap(systems.get(system_id).verb(name).run)
    return run if isinstance(run, _Typed) else None


def typed_verbs() -> list[tuple[str, str]]:
    return [(s, name) for s in systems.ids()
            for name, verb in systems.get(s).verbs.items()
            if typed(s, name) is not None and verb.scope in ("encounter", "rest")]


def orders(system_id: str, name: str, values: dict) -> tuple[object, object]:
    """The order the verb's run makes of ``values``, and the one made by converting
    every value (Param.order_value), as it was made before defaults were kept."""
    run = typed(system_id, name)
    values = {k: v for k, v in values.items() if k in run.params}
    made = _Typed(lambda services, order: order, run.order, tuple(run.params.values()))
    quick = made(None, **values)
    assert made(None, **made.given(values)) == quick  # fewer values, the same order
    params = run.params
    slow = run.order(**{params[k].key: params[k].order_value(v) for k, v in values.items()})
    return quick, slow


def typed_lines():
    return lines(typed_verbs())


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(typed_lines())
def test_an_order_keeps_the_defaults_a_line_does_not_give(case):
    system_id, name, words = case
    read = outcome(system_id, [*name.split(), *words])
    if not isinstance(read, line_reader.Read):  # not read, or refused: no order
        return
    values = {k: v for k, v in read.values.items()
              if k not in line_reader.STAT_BLOCK_PARAMS}
    try:
        quick, slow = orders(system_id, name, values)
    except Exception as err:  # a value its parser refuses: refused alike
        with pytest.raises(type(err)):
            orders(system_id, name, values)
        return
    assert quick == slow


@pytest.mark.parametrize("system_id, name", typed_verbs())
def test_an_order_of_the_parsers_defaults_is_the_one_of_every_value(system_id, name):
    reader = line_reader._reader(system_id, name)
    values = {k: v for k, v in reader.defaults.items()
              if k not in line_reader.STAT_BLOCK_PARAMS}
    quick, slow = orders(system_id, name, values)
    assert quick == slow


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> list[ev.Event]:
    from battletape.session import Context
    from tests.helpers import ok

    out: list[ev.Event] = []
    for battle in ("demo-5e.bt", "demo-3.5e.bt", "demo.bt"):
        store = str(tmp_path_factory.mktemp("fast") / "battletape.db")
        ok(store, "run", str(BATTLES / battle))
        out += Context(store=store).bt.events()
    return out


#: the property tests drawn over the demo battles' recorded events (a module fixture)
ON_RECORDED_EVENTS = settings(max_examples=300, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow,
                                                     HealthCheck.function_scoped_fixture])


def neutral_same(a: list[ev.Event], b: list[ev.Event]) -> bool:
    replace = msgspec.structs.replace
    return len(a) == len(b) and all(
        type(x) is type(y) and replace(x, **ripple._NEUTRAL) == replace(y, **ripple._NEUTRAL)
        for x, y in zip(a, b))


def changed(e: ev.Event, field: str, draw) -> ev.Event:
    value = getattr(e, field)
    other = {bool: lambda v: not v, int: lambda v: v + draw(st.integers(1, 3)),
             str: lambda v: v + "x"}.get(type(value))
    return msgspec.structs.replace(e, **{field: other(value)}) if other else e


@ON_RECORDED_EVENTS
@given(data=st.data())
def test_decisions_are_the_same_exactly_when_their_neutral_events_are(recorded, data):
    draw = data.draw
    picked = draw(st.lists(st.sampled_from(recorded), min_size=1, max_size=3))
    again = []
    for e in picked:
        names = [f.name for f in msgspec.structs.fields(type(e))]
        # a volatile field (who, when, where: never a difference), or any other
        field = draw(st.sampled_from(names))
        again.append(changed(e, field, draw) if draw(st.booleans()) else e)
    if draw(st.booleans()):
        again = draw(st.permutations(again))
    assert ripple._same(again, picked) == neutral_same(again, picked)
    assert ripple._same(picked, picked)


def as_stored_before(again: list[ev.Event], stored: list[ev.Event]) -> list[ev.Event]:
    """ripple._as_stored as it was: every event with a field added later copied."""
    out = list(again)
    for i, (x, y) in enumerate(zip(again, stored)):
        names = ev.ADDED_LATER.get(type(x).__name__) if type(x) is type(y) else None
        if not names:
            continue
        keep = {f: getattr(y, f) for f in names
                if "." not in f and getattr(y, f) == ripple._default(type(y), f)}
        extra = [f[6:] for f in names if f.startswith("extra.") and f[6:] not in y.extra]
        if extra:
            keep["extra"] = {k: v for k, v in x.extra.items() if k not in extra}
        if keep:
            out[i] = msgspec.structs.replace(x, **keep)
    return out


def added_later(e: ev.Event, draw) -> ev.Event:
    """``e`` with the fields added since some events were stored given or taken away."""
    changes = {}
    for f in ev.ADDED_LATER.get(type(e).__name__, ()):
        if f.startswith("extra.") and draw(st.booleans()):
            extra = dict(e.extra)
            if f[6:] in extra:
                del extra[f[6:]]
            else:
                extra[f[6:]] = draw(st.sampled_from([1, "x", [2, 3], {"a": 1}]))
            changes["extra"] = extra
        elif "." not in f and draw(st.booleans()):
            default = ripple._default(type(e), f)
            changes[f] = default if getattr(e, f) != default else \
                draw(st.sampled_from([{"x": 1}, [1], 2, "y"]))
    return msgspec.structs.replace(e, **changes) if changes else e


@ON_RECORDED_EVENTS
@given(data=st.data())
def test_a_decision_is_read_as_stored_as_it_was(recorded, data):
    draw = data.draw
    later = [e for e in recorded if type(e).__name__ in ev.ADDED_LATER]
    picked = draw(st.lists(st.sampled_from(later or recorded), min_size=1, max_size=3)
                  | st.lists(st.sampled_from(recorded), min_size=1, max_size=3))
    stored = [added_later(e, draw) for e in picked]
    again = [added_later(e, draw) for e in picked]
    assert ripple._as_stored(again, stored) == as_stored_before(again, stored)
    # compared as stored in the same pass: what comparing the stored form gives
    assert ripple._same(again, stored, stored=True) == ripple._same(
        as_stored_before(again, stored), stored)


def order_the_plain_way(system_id: str, args: list[str]):
    """A line's order as ``verify`` made it before: read into every value, the values
    its order holds anyway left out, then made into the order (or what refuses it)."""
    from battletape.api.redeciding import _own

    read = outcome(system_id, args)
    if not isinstance(read, line_reader.Read):
        return None
    if not hasattr(read.verb.run, "ordered"):  # add, under the core's --gender
        return read.verb.run
    own = _own(read)
    if own is None:  # a stat block, a saved attack or a PC's sheet fills it
        return None
    try:
        return read.verb.run.ordered(own)
    except Exception as err:
        return type(err)


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(typed_lines())
def test_a_line_read_straight_into_its_order_gives_the_order_of_its_values(case):
    """``line_reader.order`` (what ``verify`` reads a typed verb's lines with) gives the
    order the plain way gives, or leaves the line to it (a stat block to fill, a
    value its parser or its order refuses)."""
    system_id, name, words = case
    args = [*name.split(), *words]
    direct = line_reader.order(system_id, args)
    plain = order_the_plain_way(system_id, args)
    if direct is None:  # left to the plain way (click's own reading, a stat block)
        return
    verb, made = direct
    assert verb.name == name
    assert made == plain


@pytest.mark.parametrize("system_id, name", typed_verbs())
def test_every_option_of_a_typed_verb_reads_straight_into_its_order(system_id, name):
    """Every option of the verb given once, with a value of its type: read straight
    into the same order as the plain way."""
    words = every_option(system_id, name, leaving=line_reader.STAT_BLOCK_PARAMS)
    if name == "add":  # a PC's sheet would fill it
        words.remove("--pc")
    plain = order_the_plain_way(system_id, words)
    direct = line_reader.order(system_id, words)
    wrapped = type(systems.get(system_id).verb(name).run) is not _Typed  # (--gender)
    if isinstance(plain, type) or wrapped:  # refused, or another decision: the plain way
        assert direct is None
    else:
        assert direct is not None and direct[1] == plain


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789/,²٣ -x", max_size=6))
def test_one_natural_read_quickly_is_read_as_every_roll_is(text):
    """5e's ``--roll 19`` (one target, one natural: most attack lines) read without
    splitting it gives what splitting it gives, refusals included (SRD, Effettuare un
    attacco: the d20's natural, 1 to 20)."""
    from battletape.domain.dnd5e.attack_order import faces_per_target
    from battletape.domain.dnd5e.d20_tests import parse_faces
    from battletape.domain.errors import BadInput

    def outcome_of(read):
        try:
            return read()
        except BadInput as err:
            return ("refused", err.message)

    assert outcome_of(lambda: faces_per_target(text)) == outcome_of(
        lambda: [parse_faces(part) for part in text.split(",")] if text else [])
