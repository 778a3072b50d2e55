"""A verb declared once: what amend may change in place, the line a verb writes and
how its click command reads it back, come from its declaration."""

from __future__ import annotations

import pytest

from battletape.api import line_reader
from battletape.domain import systems

# where the amend of 2b65cd2 kept them, by verb word (amending.TARGET_INDEX/AMOUNT_INDEX)
OLD_TARGET = {"attack": 2, "damage": 1, "heal": 1, "temp": 1, "ongoing": 1,
              "engage": 2, "intercept": 2, "stabilize": 1, "save": 1, "recover": 1}
OLD_AMOUNT = {"damage": 2, "heal": 2, "temp": 2, "ongoing": 2}


@pytest.mark.parametrize("system", sorted(systems.all_systems()))
def test_amend_positions_are_the_declared_roles_at_the_old_places(system):
    verbs = systems.get(system).verbs
    for name, verb in verbs.items():
        assert verb.position("target") == OLD_TARGET.get(name), name
        assert verb.position("amount") == OLD_AMOUNT.get(name), name


def test_amend_target_and_dmg_follow_the_declaration():
    from battletape.api.redeciding import overridden

    assert overridden("damage Orc 5 --type fire", {"dmg": "7", "target": "Gob"}, None,
                      "3.5e") == "damage Gob 7 --type fire"
    assert overridden("attack Kael Orc --bonus 5", {"target": "Gob"}, None,
                      "5e") == "attack Kael Gob --bonus 5"
    from battletape.domain.errors import BadInput

    with pytest.raises(BadInput, match="a command with a target"):
        overridden("delay Kael", {"target": "Orc"}, None, "3.5e")


@pytest.mark.parametrize("system", sorted(systems.all_systems()))
def test_every_verb_reads_back_the_line_it_writes(system):
    # each positional a word, each option a value other than None: the click command
    # built from the declaration reads the line as the values it was written from
    for name, verb in systems.get(system).verbs.items():
        if verb.scope != "encounter":
            continue
        values = {}
        for p in verb.params:
            sample = {int: 3, float: 1.5, bool: True}.get(p.type, "x")
            if p.choices:
                sample = p.choices[0] if p.type is str else p.type(p.choices[0])
            if p.low is not None and p.type is not bool:
                sample = p.type(p.low)
            values[p.name] = (sample,) if p.multiple else sample
        read = line_reader.read(system, verb.words(values))
        assert read is not None, (name, verb.words(values))
        assert {k: read.values[k] for k in values} == values, name


@pytest.mark.parametrize("system, name", [
    ("3.5e", "attack"), ("3.5e", "add"), ("3.5e", "maneuver"), ("13a", "attack"),
    ("13a", "add"), ("5e", "attack"), ("5e", "add")])
def test_a_typed_verbs_decision_takes_one_struct_of_its_declared_values(system, name):
    import inspect

    import msgspec

    verb = systems.get(system).verb(name)
    order = verb.order
    # the struct is the declaration's: a field per param, its default
    assert issubclass(order, msgspec.Struct)
    fields = order.__struct_fields__
    from battletape.domain.grammar import CORE_PARAMS

    # the core's own parameters (add's --gender) are taken before the system's order
    assert fields == tuple(p.key for p in verb.params if p.name not in CORE_PARAMS)
    assert len(inspect.signature(inspect.unwrap(verb.run).decide).parameters) == 2
    if name == "attack" and system != "5e":  # the rules' order is that struct
        from importlib import import_module

        rules = {"13a": "thirteenth_age.attacks", "3.5e": "dnd35.attacks"}[system]
        assert order is import_module(f"battletape.domain.{rules}").AttackOrder
    # keyword values still reach it (Verb.decision: generators, the library API)
    values = {p.name: (p.choices[0] if p.choices else {int: 12, float: 1.0,
                                                       bool: False}.get(p.type, "x"))
              for p in verb.params if p.required}
    assert callable(verb.decision(None, **values))


def test_no_decision_of_a_verb_takes_more_than_fifteen_parameters():
    import inspect

    for system in systems.all_systems().values():
        for name, verb in system.verbs.items():
            run = getattr(verb.run, "decide", verb.run)
            assert len(inspect.signature(run).parameters) <= 15, (system.id, name)


def _typed_verbs():
    import inspect

    from battletape.domain.verbs import _Typed

    for sid in sorted(systems.all_systems()):
        for name, verb in systems.get(sid).verbs.items():
            typed = inspect.unwrap(verb.run)
            if isinstance(typed, _Typed):
                yield sid, name, typed


def _sample(p):
    from hypothesis import strategies as st

    if p.choices:
        return st.sampled_from([p.type(c) for c in p.choices])
    if p.type is bool:
        return st.booleans()
    if p.type is int:
        return st.integers(int(p.low) if p.low is not None else -3,
                           int(p.high) if p.high is not None else 30)
    if p.type is float:
        return st.floats(0, 20)
    return st.from_regex(r"\A[1-9](,[1-9]){0,2}\Z")


@pytest.mark.parametrize("sid, name, typed", list(_typed_verbs()),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_an_order_leaves_out_what_its_defaults_give_and_is_the_same(sid, name, typed):
    # a typed verb's order is made without the values given as declared (its own
    # defaults give them): the very order made from every value, over values as the
    # line reader and Verb.decision give them, some typed
    from hypothesis import HealthCheck, given, settings, strategies as st

    from battletape.domain.errors import BattletapeError
    from battletape.domain.verbs import _NO_DEFAULT, _Typed

    params = tuple(typed.params.values())
    fast = _Typed(lambda services, order: order, typed.order, params)
    reader = line_reader._reader(sid, name).defaults
    declared = {p.name: p.default for p in params}

    def made(make):
        try:
            return make()
        except BattletapeError as err:
            return type(err), err.message

    @settings(max_examples=60, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.sampled_from([reader, declared]),
           st.fixed_dictionaries({}, optional={p.name: _sample(p) for p in params
                                               if not p.multiple}))
    def check(base, typed_now):
        values = {p.name: base.get(p.name, p.default) for p in params}
        values.update(typed_now)
        slow = made(lambda: typed.order(**{p.key: p.order_value(values[p.name])
                                           for p in params}))
        assert made(lambda: fast(None, **values)) == slow

    assert any(f[2] is not _NO_DEFAULT for f in fast._fields.values())  # (left out)
    check()
