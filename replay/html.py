"""A self-contained replay page: no network, scripts and styles inline, all user text
set through textContent (never parsed as HTML)."""

from __future__ import annotations

import html
from typing import Sequence

import msgspec

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.domain.words import N_, words
from battletape.replay.deltas import CHECKPOINT_EVERY, steps
from battletape.replay.step_lines import StepLines


def _safe(text: str) -> str:
    return (text.replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029"))


def page(events: Sequence[ev.Event], lang: str = "en",
         every: int = CHECKPOINT_EVERY) -> str:
    """The HTML page of an encounter's events, log lines in the words of its system.

    The page holds each event's log line and the change it made to the displayed
    state, plus the whole state every ``every`` positions (replay/deltas.py); its
    script folds them to show any position, so the page grows with the battle's
    length, not with length times state."""
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    encode = msgspec.json.Encoder().encode
    log: list[bytes] = []
    changes: list[bytes] = []
    checkpoints: list[bytes] = []
    history = EffectiveHistory(events)  # one model for the lines and the states
    lines = StepLines(events, lang, system.id, corrections=history,
                      keep=False)  # as every view tells it
    for s in steps(events, every, history):
        e = s.event
        flags = (1 if s.voided else 0) | (2 if isinstance(e, ev.CORRECTIONS) else 0)
        log.append(encode([lines(e.originator_version), e.by, flags]))
        changes.append(encode(s.delta))
        if s.checkpoint is not None:
            checkpoints.append(encode(s.checkpoint))
    terms = ({w: system.term(w, lang) for w in (*system.conditions, *system.term_ids)}
             if lang != "en" else {})
    _ = words(lang, system.package)
    head = encode({"title": events[0].name, "terms": terms, "lang": lang,
                   "labels": {k: _(k) for k in SCRIPT_LABELS},
                   "header": list(system.header_keys),
                   "staggered": system.words_staggered,
                   "first": events[0].originator_version, "every": every})
    data = b"".join([b'{"page":', head, b',"steps":[', b",".join(log),
                     b'],"deltas":[', b",".join(changes), b'],"checkpoints":[',
                     b",".join(checkpoints), b"]}"])
    _ = words(lang, system.package)
    out = TEMPLATE.replace("__LANG__", lang)
    for label in LABELS:  # the page's words, in the reader's language
        out = out.replace("{{" + label + "}}", html.escape(_(label)))
    return out.replace("__DATA__", _safe(data.decode()))


#: the page's words (``{{label}}`` in the template), and those its script says
LABELS = (N_("battletape replay"), N_("▶ play"), N_("speed"), N_("position"), N_("name"),
          N_("HP"), N_("status"), N_("conditions"), N_("ongoing"), N_("engaged with"),
          N_("corrections"))
SCRIPT_LABELS = (N_("▶ play"), N_("⏸ pause"))

TEMPLATE = """<!doctype html>
<html lang="__LANG__">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>{{battletape replay}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; background: #faf8f3; color: #222; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
#controls { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
#slider { flex: 1; min-width: 200px; }
#header { margin: .6rem 0; font-weight: 600; }
#line { margin: 0 0 .6rem; font-family: monospace; font-size: .85rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #ddd; }
tr.turn { background: #fff3c4; }
.bar { width: 120px; height: 10px; background: #ddd; display: inline-block; margin-right: .4rem; }
.bar span { display: block; height: 100%; background: #3a3; }
.bar span.low { background: #d90; } .bar span.out { background: #c33; }
#main { display: grid; grid-template-columns: 3fr 2fr; gap: 1rem; }
#log { height: 28rem; overflow: auto; font-family: monospace; font-size: .85rem; }
#log .rows { position: relative; }
#log .row { position: absolute; left: 0; right: 0; height: 18px; line-height: 18px; padding: 0 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
#log .now { background: #cde; } #log .void { text-decoration: line-through; color: #999; }
#log .fix { color: #a40; }
#corrections li { margin-bottom: .2rem; }
@media (max-width: 800px) { #main { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="controls">
  <button id="play" type="button">{{▶ play}}</button>
  <button id="prev" type="button">◀</button>
  <input id="slider" type="range" min="0" value="0" step="1" aria-label="{{position}}">
  <button id="next" type="button">▶</button>
  <label>{{speed}} <select id="speed"><option value="1000">1×</option><option value="400" selected>2×</option><option value="100">10×</option></select></label>
  <span id="pos"></span>
</div>
<div id="header"></div>
<div id="line"></div>
<div id="main">
  <table id="panel"><thead><tr><th>{{name}}</th><th>{{HP}}</th><th>{{status}}</th><th>{{conditions}}</th><th>{{ongoing}}</th><th>{{engaged with}}</th></tr></thead><tbody></tbody></table>
  <div id="log"></div>
</div>
<h2>{{corrections}}</h2>
<ul id="corrections"></ul>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const meta = data.page, steps = data.steps, deltas = data.deltas, checkpoints = data.checkpoints;
const T = (w) => meta.terms[w] || w;
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const positionOf = (i) => meta.first + i;
// the displayed state: folded from the nearest checkpoint (or the start) through the
// deltas; a combatant's view is replaced, never changed, so checkpoints stay intact
let cursor = -1, st = {combatants: new Map()};
function fromCheckpoint(k) { const v = checkpoints[k]; return Object.assign({}, v, {combatants: new Map(v.combatants)}); }
function applyDelta(s, d) {
  if (d.h) Object.assign(s, d.h);
  if (d.hx) for (const k of d.hx) delete s[k];
  if (d.x) for (const n of d.x) s.combatants.delete(n);
  if (d.r) for (const n of Object.keys(d.r)) s.combatants.set(n, d.r[n]);
  if (d.c) for (const n of Object.keys(d.c)) s.combatants.set(n, Object.assign({}, s.combatants.get(n), d.c[n]));
}
function stateAt(i) {
  if (i < cursor || i - cursor > meta.every) {
    const k = Math.min(Math.floor((i + 1) / meta.every), checkpoints.length) - 1;
    if (k >= 0) { st = fromCheckpoint(k); cursor = (k + 1) * meta.every - 1; }
    else { st = {combatants: new Map()}; cursor = -1; }
  }
  while (cursor < i) { cursor += 1; applyDelta(st, deltas[cursor]); }
  return st;
}
// the state at index i as `state --json` prints it (for tests and the curious)
window.replayState = (i) => { const s = stateAt(i); return Object.assign({}, s, {combatants: Object.fromEntries(s.combatants)}); };
const slider = document.getElementById("slider");
slider.max = String(steps.length - 1);
document.getElementById("title").textContent = meta.title;
const log = document.getElementById("log");
// the log draws only the lines in sight (and a few more), each ROW pixels high, so a
// page of any length opens at once; every line is reached by scrolling
const ROW = 18, SPARE = 20;
const rows = el("div", undefined, "rows");
rows.style.height = (steps.length * ROW) + "px";
log.appendChild(rows);
const fixes = new DocumentFragment();
steps.forEach((s, i) => { if (s[2] & 2) fixes.appendChild(el("li", positionOf(i) + " (" + s[1] + "): " + s[0])); });
document.getElementById("corrections").appendChild(fixes);
let current = 0;
function drawLog() {
  const first = Math.max(0, Math.floor(log.scrollTop / ROW) - SPARE);
  const end = Math.min(steps.length, Math.ceil((log.scrollTop + log.clientHeight) / ROW) + SPARE);
  const lines = new DocumentFragment();
  for (let i = first; i < end; i++) {
    const [line, , flags] = steps[i];
    const text = positionOf(i) + "  " + line;
    const d = el("div", text, "row" + ((flags & 1) ? " void" : ((flags & 2) ? " fix" : "")) + (i === current ? " now" : ""));
    d.style.top = (i * ROW) + "px"; d.title = text; d.dataset.i = String(i);
    lines.appendChild(d);
  }
  rows.replaceChildren(lines);
}
log.addEventListener("scroll", drawLog);
log.addEventListener("click", (e) => { const d = e.target.closest("div[data-i]"); if (d) show(Number(d.dataset.i)); });
function show(i) {
  i = Math.max(0, Math.min(steps.length - 1, i));
  slider.value = String(i);
  const st = stateAt(i);
  document.getElementById("pos").textContent = "position " + positionOf(i) + " / " + positionOf(steps.length - 1);
  const [line, by] = steps[i];
  document.getElementById("line").textContent = positionOf(i) + "  " + by + ": " + line;
  document.getElementById("header").textContent = T("round") + " " + st.round + meta.header.map(k => " · " + T(k.replace("_", " ")) + " " + st[k]).join("") + (st.turn ? " · " + T("turn") + ": " + st.turn : "") + (st.ended ? " · " + st.ended : "");
  const body = document.querySelector("#panel tbody");
  body.replaceChildren();
  const names = st.order.concat([...st.combatants.keys()].filter(n => !st.order.includes(n)));
  for (const name of names) {
    const c = st.combatants.get(name);
    const tr = el("tr", undefined, name === st.turn ? "turn" : "");
    tr.appendChild(el("td", name + (c.pc ? " (PC)" : "")));
    const hp = el("td");
    const bar = el("span", undefined, "bar"); const fill = el("span");
    const pct = Math.max(0, Math.min(100, 100 * c.hp / c.max_hp));
    fill.style.width = pct + "%"; fill.className = c.hp <= 0 ? "out" : (c.staggered ? "low" : "");
    bar.appendChild(fill); hp.appendChild(bar);
    hp.appendChild(el("span", c.hp + "/" + c.max_hp + (c.temp_hp ? " +" + c.temp_hp : ""), "hp"));
    tr.appendChild(hp);
    tr.appendChild(el("td", T(c.status) + (c.staggered ? " (" + T(meta.staggered) + ")" : "")));
    tr.appendChild(el("td", c.conditions.map(T).join(", ")));
    tr.appendChild(el("td", c.ongoing.map(o => o.amount + (o.type ? " " + o.type : "") + " (" + o.save + ")").join(", ")));
    tr.appendChild(el("td", c.engaged_with.join(", ")));
    tr.dataset.name = name;
    body.appendChild(tr);
  }
  current = i;
  if (i * ROW < log.scrollTop) log.scrollTop = i * ROW;
  else if ((i + 1) * ROW > log.scrollTop + log.clientHeight) log.scrollTop = (i + 1) * ROW - log.clientHeight;
  drawLog();
}
let timer = null;
function stop() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").textContent = meta.labels["▶ play"]; }
document.getElementById("play").addEventListener("click", () => {
  if (timer) { stop(); return; }
  document.getElementById("play").textContent = meta.labels["⏸ pause"];
  timer = setInterval(() => { const i = Number(slider.value) + 1; if (i >= steps.length) { stop(); return; } show(i); }, Number(document.getElementById("speed").value));
});
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").addEventListener("click", () => show(Number(slider.value) - 1));
document.getElementById("next").addEventListener("click", () => show(Number(slider.value) + 1));
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") show(Number(slider.value) + 1); if (e.key === "ArrowLeft") show(Number(slider.value) - 1); });
show(0);
</script>
</body>
</html>
"""
