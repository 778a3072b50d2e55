"""A self-contained replay page: no network, scripts and styles inline, all user text
set through textContent (never parsed as HTML).

The page is ``page.html`` with ``page.css`` and ``page.js`` inlined and the battle's
data as one JSON block: its main line (each event's log line and the change it made to
the displayed state, the whole state every ``every`` positions: replay/deltas.py), the
round starts, the charts' samples (replay/charts.py), the corrections as variations
and the what-if branches from their forks (replay/variations.py). `serve` sends the same
page and its data as the battle goes on."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Callable, NamedTuple, Sequence

import msgspec

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.domain.words import N_, words
from battletape.replay import charts as drawn, variations
from battletape.replay.why import why_all
from battletape.replay.deltas import CHECKPOINT_EVERY, steps
from battletape.replay.step_lines import StepLines

HERE = Path(__file__).parent
_encode = msgspec.json.Encoder().encode


class Reader(NamedTuple):
    """What a reader of the page may see: a combatant's view as shown (``shown(view,
    combatant, system)``), whose hit points the charts leave out (``hidden(c)``) and
    an event's log line as told (``told(event, line)``)."""

    shown: Callable[[dict, Any, Any], dict] | None = None
    hidden: Callable[[Any], bool] = lambda c: False
    told: Callable[[ev.Event, str], str] = lambda e, line: line


def _safe(text: str) -> str:
    return (text.replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029"))


def _line(events: Sequence[ev.Event], lang: str, every: int, reader: Reader,
          start: int = 0, charts: bool = True) -> bytes:
    """One line of play as the page holds it, from index ``start`` on (a what-if's
    own part: its state at ``start - 1`` is its first checkpoint)."""
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    history = EffectiveHistory(events)  # one model for the lines and the states
    lines = StepLines(events, lang, system.id, corrections=history,
                      keep=False)  # as every view tells it
    starts = drawn.round_starts(events, history)
    chart = drawn.Charts(drawn.sampled(starts, len(events)), system.header_keys,
                         reader.hidden) if charts else None
    log: list[bytes] = []
    changes: list[bytes] = []
    checkpoints: list[bytes] = []
    head: dict = {}
    whole = {start - 1} if start else ()
    answers = why_all(events, lang, history) if charts and reader.shown is None else None
    said = {s.position for steps_ in (answers or {}).values() for _, s in steps_}
    texts: dict[int, tuple[str, str]] = {}  # the log lines the answers' steps reuse
    for s in steps(events, every, history, reader.shown, whole):
        e = s.event
        line = reader.told(e, lines(e.originator_version))
        if e.originator_version in said:
            texts[e.originator_version] = (line, e.by)
        if chart is not None:
            head.update(s.delta.get("h", {}))
            chart.see(s.index, history.counted(e), s.state, head)
        if s.index < start - 1:
            continue
        if s.checkpoint is not None:
            checkpoints.append(b"[%d," % s.index + _encode(s.checkpoint) + b"]")
        if s.index < start:
            continue
        flags = (1 if s.voided else 0) | (2 if isinstance(e, ev.CORRECTIONS) else 0)
        log.append(_encode([line, e.by, flags]))
        changes.append(_encode(s.delta))
    parts = [b'{"name":', _encode(events[0].name), b',"offset":%d' % start,
             b',"steps":[', b",".join(log), b'],"deltas":[', b",".join(changes),
             b'],"checkpoints":[', b",".join(checkpoints), b'],"rounds":',
             _encode([r for r in starts if r[1] >= start])]
    if chart is not None:
        parts += [b',"charts":', _encode(chart.data()), b',"variations":',
                  _encode(variations.corrections(events, history, lang, system))]
    if answers is not None:
        parts += [b',"why":', _encode(_why(answers, texts))]
    return b"".join(parts + [b"}"])


def _why(answers: dict, texts: dict[int, tuple[str, str]]) -> dict:
    """``why``'s answers as the page holds them: per combatant and value, a step as
    ``[position, reach, before, after, correction]`` (the correction an index in
    ``fixes``, or -1), its sentence (and who recorded it) added only where it is not
    the log's line at its position (an amended command's); ``why --at P`` is the steps whose reach is P or less (replay/why.py)."""
    fixes: dict[str, int] = {}
    out: dict[str, dict[str, list]] = {}
    for (name, key), steps_ in answers.items():
        rows = out.setdefault(name, {}).setdefault(key, [])
        for reach, s in steps_:
            fix = -1 if s.correction is None else fixes.setdefault(
                s.correction["text"], len(fixes))
            row = [s.position, reach, s.value_before, s.value_after, fix]
            text, by = texts.get(s.position, ("", ""))
            if text != s.sentence or by != s.recorded_by:
                row.append(s.sentence if text != s.sentence else None)
            if by != s.recorded_by:
                row.append(s.recorded_by)
            rows.append(row)
    return {"fixes": list(fixes), "answers": out}


def page_data(events: Sequence[ev.Event], lang: str = "en",
              every: int = CHECKPOINT_EVERY,
              branches: Sequence[Sequence[ev.Event]] = (),
              reader: Reader = Reader(), live: bool = False) -> bytes:
    """The page's data as JSON: its words, the main line, the what-ifs from their
    forks."""
    start = events[0]
    system = systems.get(getattr(start, "system", systems.DEFAULT_SYSTEM))
    terms = ({w: system.term(w, lang) for w in (*system.conditions, *system.term_ids)}
             if lang != "en" else {})
    _ = words(lang, system.package)
    head = _encode({"title": start.name, "terms": terms, "lang": lang,
                    "labels": {k: _(k) for k in SCRIPT_LABELS},
                    "header": list(system.header_keys),
                    "staggered": system.words_staggered,
                    "first": start.originator_version, "every": every, "live": live})
    forks = []
    for branch in branches:
        at = branch[0].branched_at or 1
        forks.append(_line(branch, lang, every, reader, start=min(at, len(branch)),
                           charts=False))
    return b"".join([b'{"page":', head, b',"main":', _line(events, lang, every, reader),
                     b',"branches":[', b",".join(forks), b"]}"])


def page(events: Sequence[ev.Event], lang: str = "en",
         every: int = CHECKPOINT_EVERY,
         branches: Sequence[Sequence[ev.Event]] = (),
         reader: Reader = Reader(), live: bool = False) -> str:
    """The HTML page of an encounter's events (and its what-if ``branches``), log
    lines in the words of its system.

    The page holds each event's log line and the change it made to the displayed
    state, plus the whole state every ``every`` positions (replay/deltas.py); its
    script folds them to show any position, so the page grows with the battle's
    length, not with length times state."""
    data = page_data(events, lang, every, branches, reader, live)
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    _ = words(lang, system.package)
    out = (HERE / "page.html").read_text(encoding="utf-8")
    out = (out.replace("__STYLE__", (HERE / "page.css").read_text(encoding="utf-8"))
           .replace("__SCRIPT__", (HERE / "page.js").read_text(encoding="utf-8"))
           .replace("__LANG__", lang))
    for label in LABELS:  # the page's words, in the reader's language
        out = out.replace("{{" + label + "}}", html.escape(_(label)))
    return out.replace("__DATA__", _safe(data.decode()))


def hp_chart(events: Sequence[ev.Event], lang: str = "en") -> str:
    """The hit points of every combatant over the battle, as an SVG picture (the
    Markdown report's)."""
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    history = EffectiveHistory(events)
    data = drawn.collect(events, history, system.header_keys)
    _ = words(lang, system.package)
    return drawn.hp_svg(data, drawn.round_starts(events, history), len(events),
                        f"{events[0].name}: {_('hit points')}", system.term("round", lang))


#: the page's words (``{{label}}`` in the template)
LABELS = (N_("battletape replay"), N_("▶ play"), N_("speed"), N_("position"), N_("name"),
          N_("HP"), N_("status"), N_("conditions"), N_("ongoing"), N_("engaged with"),
          N_("initiative"), N_("close"),
          N_("corrections"), N_("Variations"), N_("Charts"), N_("Compare"),
          N_("mark this position as A"), N_("go to A (and back)"),
          N_("back to the main line"),
          N_("Keys: ← → one event, ↑ ↓ one round, Home End, space plays and pauses; "
             "a line's number copies its link."))
#: the words its script says (``L(word)``)
SCRIPT_LABELS = (N_("▶ play"), N_("⏸ pause"), N_("position"), N_("copied"),
                 N_("copy the link to this position"), N_("voided"), N_("in its place"),
                 N_("what came next"), N_("who"), N_("when"), N_("why"), N_("rule"),
                 N_("what-if {name}"), N_("forked at position {position}, {count} events"),
                 N_("step into"), N_("in the what-if {name}"), N_("main line"),
                 N_("no differences"), N_("A: position {position}"), N_("hit points"),
                 N_("temporary hit points (dashed)"), N_("damage dealt"),
                 N_("damage taken"), N_("hits"), N_("misses"), N_("by round"),
                 N_("{count} more"), N_("what"), N_("healthy"), N_("down"), N_("fled"),
                 N_("close"), N_("yes"), N_("no"), N_("initiative"), N_("status"),
                 N_("temporary hit points"), N_("nothing has changed it"),
                 N_("{initiative} (place {place})"),
                 N_("{name}: {field} {value} at position {position}"))
