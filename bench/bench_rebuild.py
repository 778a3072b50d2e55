"""How fast a long encounter is rebuilt from its events, against two yardsticks.

In one run, on one encounter of 100k events (generated into a temporary SQLite
store by ``fixtures.generate``, a 13th Age battle or with ``--system 5e`` (``3.5e``) a 5e (3.5) one,
or an existing one given by ``--store``):

(a) rebuild: ``battletape.stores.store.read_events`` (eventsourcing's recorder, then the
    msgspec decoder) and ``replay.history.state_at`` (the fold), timed together and
    apart; and, reported separately, ``Battletape(store).state(name)``, which opens
    the store and may start from the latest snapshot;
(b) limit: a raw ``sqlite3`` SELECT of the same rows' ``state`` column and
    ``msgspec.json`` decoding with ``domain.events.decoder``: no eventsourcing, no
    domain logic;
(c) default mapper: the same rows through eventsourcing's default
    ``Mapper(JSONTranscoder)`` (as ``Application`` builds it, with its UUID, Decimal
    and datetime transcodings). Its last step, ``object.__new__(cls)`` and setting
    ``__dict__``, cannot build a msgspec Struct (it has ``__slots__``), so the
    measured mapper does every other step as the library does (``resolve_topic``,
    ``JSONTranscoder.decode`` to a dict, the originator id and version) and builds
    the event from that dict with ``msgspec.convert`` (which parses the nested
    rolls, the UUIDs and timestamps that the JSON carries as strings). The
    transcoder's JSON decoding alone is reported as well.

(a) and (b) are also timed with the garbage collector paused. Each measurement is
the median of ``--repeat`` runs. Prints the ratios rebuild/limit and
rebuild/default-mapper.

    .venv/bin/python bench/bench_rebuild.py [--events 100000] [--repeat 5] [--system 5e]
    .venv/bin/python bench/bench_rebuild.py --store big.db --encounter NAME
"""

from __future__ import annotations

import argparse
import gc
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import msgspec


def median_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median wall time of ``repeat`` calls, and the last call's result."""
    times = []
    result = None
    for _ in range(repeat):
        result = None
        gc.collect()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def without_gc(fn: Callable[[], Any]) -> Callable[[], Any]:
    """``fn`` with the cyclic garbage collector paused (it rescans every live event)."""
    def run():
        gc.disable()
        try:
            return fn()
        finally:
            gc.enable()
    return run


def default_mapper():
    """eventsourcing's default mapper, as ``Application.construct_mapper`` makes it."""
    from eventsourcing.persistence import (DatetimeAsISO, DecimalAsStr, JSONTranscoder,
                                           Mapper, UUIDAsHex)

    from battletape.stores.mapper import register_topics

    register_topics()  # the stored names of events whose class has moved
    transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    return Mapper(transcoder=transcoder)


def struct_from_default_mapper(mapper, stored) -> Any:
    """``Mapper.to_domain_event`` step by step, building a msgspec Struct at the end."""
    from eventsourcing.persistence import find_id_convertor
    from eventsourcing.utils import resolve_topic

    cls = resolve_topic(stored.topic)
    state = mapper.transcoder.decode(stored.state)
    state["originator_id"] = find_id_convertor(cls, type(stored.originator_id))(
        stored.originator_id)
    state["originator_version"] = stored.originator_version
    return msgspec.convert(state, cls)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    from battletape.domain import systems

    parser.add_argument("--system", default=systems.DEFAULT_SYSTEM, choices=systems.ids(),
                        help="the rule system of the generated encounter")
    parser.add_argument("--store", help="an existing SQLite store (default: generate "
                        "into a temporary one)")
    parser.add_argument("--encounter", help="with --store: the encounter to rebuild "
                        "(default: the last one started)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        path = args.store
        name = args.encounter
        if path is None:
            from battletape.fixtures.generate import generate

            path = str(Path(tmp) / "rebuild.db")
            start = time.perf_counter()
            name, count = generate(path, args.events, seed=args.seed,
                                   system=args.system)
            took = time.perf_counter() - start
            print(f"generated a {args.system} battle of {count} events in {took:.1f} s "
                  f"({count / took:.0f} events/s) into {path}")
        elif not Path(path).is_file():
            raise SystemExit(f"no SQLite store at {path!r}")
        measure(path, name, args.repeat)
    return 0


def measure(path: str, name: str | None, repeat: int) -> None:
    from battletape.stores import store
    from battletape.application import Battletape
    from battletape.domain import events as ev
    from battletape.projections.views import state_view
    from battletape.replay import history

    bt = Battletape(path, "bench")
    reg = bt.registration(name)
    stream = reg.encounter_id
    app = bt.app
    print(f"encounter {reg.name!r}, {repeat} runs each, median:")

    # (a) the rebuild, and its two halves
    def rebuild():
        return history.state_at(store.read_events(app, stream))

    t_rebuild, state = median_time(rebuild, repeat)
    t_read, events = median_time(lambda: store.read_events(app, stream), repeat)
    t_fold, _ = median_time(lambda: history.state_at(events), repeat)
    n = len(events)

    def via_application():
        other = Battletape(path, "bench")
        try:
            return other.state(reg.name)
        finally:
            other.close()

    t_rebuild_nogc, _ = median_time(without_gc(rebuild), repeat)
    t_state, snap_state = median_time(via_application, repeat)
    assert state_view(snap_state) == state_view(state), "snapshot state differs"

    # (b) the limit: raw sqlite3 and msgspec, nothing else
    conn = sqlite3.connect(path)
    decode = ev.decoder.decode
    query = ("SELECT state FROM stored_events WHERE originator_id=? "
             "ORDER BY originator_version")

    def limit():
        return [decode(row[0]) for row in conn.execute(query, (stream.hex,))]

    t_limit, raw = median_time(limit, repeat)
    t_limit_nogc, _ = median_time(without_gc(limit), repeat)
    t_select, blobs = median_time(
        lambda: conn.execute(query, (stream.hex,)).fetchall(), repeat)
    t_decode, _ = median_time(lambda: [decode(b[0]) for b in blobs], repeat)
    conn.close()
    assert raw == events, "raw rows decode to other events"

    # (c) eventsourcing's default JSON mapper on the same rows
    mapper = default_mapper()
    rows = app.recorder.select_events(stream)
    try:
        mapper.to_domain_event(rows[0])
        failure = "works as is"
    except Exception as err:  # a msgspec Struct has no __dict__ to set
        failure = f"{type(err).__name__}: {err}"

    def default_decode():
        return [struct_from_default_mapper(mapper, r)
                for r in app.recorder.select_events(stream)]

    t_default, converted = median_time(default_decode, repeat)
    transcoder = mapper.transcoder
    t_transcode, _ = median_time(lambda: [transcoder.decode(r.state) for r in rows],
                                 repeat)
    t_rows, _ = median_time(lambda: app.recorder.select_events(stream), repeat)
    assert converted == events, "the default mapper built other events"
    bt.close()

    def line(label: str, seconds: float) -> None:
        print(f"  {label:<58} {seconds * 1000:9.1f} ms  {n / seconds:>10,.0f} events/s")

    print(f"  ({n} events, final position {state.position}, "
          f"{len(state.combatants)} combatants)")
    line("(a) rebuild: read_events + state_at", t_rebuild)
    line("    the same, garbage collector paused", t_rebuild_nogc)
    line("    read_events (recorder rows + msgspec decoder)", t_read)
    line("      of which recorder.select_events (rows only)", t_rows)
    line("    state_at (the fold)", t_fold)
    line("    Battletape(store).state(name) (open + snapshot)", t_state)
    line("(b) limit: sqlite3 SELECT + msgspec decode", t_limit)
    line("    the same, garbage collector paused", t_limit_nogc)
    line("      of which sqlite3 SELECT only", t_select)
    line("      of which msgspec decode only (the fetched bytes)", t_decode)
    line("(c) default mapper: select_events + Mapper steps + convert", t_default)
    line("      of which JSONTranscoder.decode only (dicts)", t_transcode)
    print(f"  default Mapper.to_domain_event on these rows: {failure}")
    print("ratios:")
    print(f"  rebuild / limit                        {t_rebuild / t_limit:6.2f}")
    print(f"  rebuild / default mapper               {t_rebuild / t_default:6.2f}")
    print(f"  read_events / default mapper           {t_read / t_default:6.2f}   "
          "(both without the fold)")
    print(f"  rebuild / (default mapper + fold)      "
          f"{t_rebuild / (t_default + t_fold):6.2f}   (both with the fold)")
    print(f"  rebuild / limit, both without gc       "
          f"{t_rebuild_nogc / t_limit_nogc:6.2f}")
    print(f"  rebuild / state(name)                  {t_rebuild / t_state:6.0f}   "
          "(what the snapshot saves)")


if __name__ == "__main__":
    sys.exit(main())
