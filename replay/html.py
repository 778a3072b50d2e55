"""A self-contained replay page: no network, scripts and styles inline, all user text
set through textContent (never parsed as HTML)."""

from __future__ import annotations

from typing import Sequence

import msgspec

from domain import events as ev, systems
from projections.views import state_view
from replay.entries import at_positions, entries, step_line
from replay.frames import frames


def _safe_json(data) -> str:
    text = msgspec.json.encode(data).decode()
    return (text.replace("<", "\\u003c").replace(">", "\\u003e")
            .replace("&", "\\u0026").replace("\u2028", "\\u2028")
            .replace("\u2029", "\\u2029"))


def page(events: Sequence[ev.Event], lang: str = "en") -> str:
    """The HTML page of an encounter's events, log lines in the words of its system."""
    system = systems.get(getattr(events[0], "system", "13a"))
    steps = []
    lines = at_positions(entries(events, lang, system.id, everything=True))
    for f in frames(events):
        steps.append({"position": f.position,
                      "line": step_line(lines.get(f.position, []), lang),
                      "by": f.event.by, "type": type(f.event).__name__,
                      "voided": f.voided,
                      "correction": isinstance(f.event, ev.CORRECTIONS),
                      "state": state_view(f.state)})
    terms = {**system.conditions, **system.words} if lang == "it" else {}
    data = {"title": events[0].name, "steps": steps, "terms": terms, "lang": lang,
            "header": list(system.header_keys), "staggered": system.words_staggered}
    return TEMPLATE.replace("__DATA__", _safe_json(data)).replace(
        "__LANG__", "it" if lang == "it" else "en")


TEMPLATE = """<!doctype html>
<html lang="__LANG__">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>battletape replay</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1rem; background: #faf8f3; color: #222; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
#controls { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
#slider { flex: 1; min-width: 200px; }
#header { margin: .6rem 0; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #ddd; }
tr.turn { background: #fff3c4; }
.bar { width: 120px; height: 10px; background: #ddd; display: inline-block; margin-right: .4rem; }
.bar span { display: block; height: 100%; background: #3a3; }
.bar span.low { background: #d90; } .bar span.out { background: #c33; }
#main { display: grid; grid-template-columns: 3fr 2fr; gap: 1rem; }
#log { max-height: 28rem; overflow: auto; font-family: monospace; font-size: .85rem; }
#log div { padding: 1px 4px; } #log .now { background: #cde; } #log .void { text-decoration: line-through; color: #999; }
#log .fix { color: #a40; }
#corrections li { margin-bottom: .2rem; }
@media (max-width: 800px) { #main { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="controls">
  <button id="play" type="button">▶ play</button>
  <button id="prev" type="button">◀</button>
  <input id="slider" type="range" min="0" value="0" step="1" aria-label="position">
  <button id="next" type="button">▶</button>
  <label>speed <select id="speed"><option value="1000">1×</option><option value="400" selected>2×</option><option value="100">10×</option></select></label>
  <span id="pos"></span>
</div>
<div id="header"></div>
<div id="main">
  <table id="panel"><thead><tr><th>name</th><th>HP</th><th>status</th><th>conditions</th><th>ongoing</th><th>engaged with</th></tr></thead><tbody></tbody></table>
  <div id="log"></div>
</div>
<h2>corrections</h2>
<ul id="corrections"></ul>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("data").textContent);
const steps = data.steps;
const T = (w) => data.terms[w] || w;
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const slider = document.getElementById("slider");
slider.max = String(steps.length - 1);
document.getElementById("title").textContent = data.title;
const log = document.getElementById("log");
steps.forEach((s, i) => {
  const d = el("div", s.position + "  " + s.line, s.voided ? "void" : (s.correction ? "fix" : ""));
  d.dataset.i = String(i);
  d.addEventListener("click", () => show(i));
  log.appendChild(d);
  if (s.correction) {
    document.getElementById("corrections").appendChild(el("li", s.position + " (" + s.by + "): " + s.line));
  }
});
function show(i) {
  i = Math.max(0, Math.min(steps.length - 1, i));
  slider.value = String(i);
  const s = steps[i], st = s.state;
  document.getElementById("pos").textContent = "position " + s.position + " / " + steps[steps.length - 1].position;
  document.getElementById("header").textContent = T("round") + " " + st.round + data.header.map(k => " · " + T(k.replace("_", " ")) + " " + st[k]).join("") + (st.turn ? " · " + T("turn") + ": " + st.turn : "") + (st.ended ? " · " + st.ended : "");
  const body = document.querySelector("#panel tbody");
  body.replaceChildren();
  const names = st.order.concat(Object.keys(st.combatants).filter(n => !st.order.includes(n)));
  for (const name of names) {
    const c = st.combatants[name];
    const tr = el("tr", undefined, name === st.turn ? "turn" : "");
    tr.appendChild(el("td", name + (c.pc ? " (PC)" : "")));
    const hp = el("td");
    const bar = el("span", undefined, "bar"); const fill = el("span");
    const pct = Math.max(0, Math.min(100, 100 * c.hp / c.max_hp));
    fill.style.width = pct + "%"; fill.className = c.hp <= 0 ? "out" : (c.staggered ? "low" : "");
    bar.appendChild(fill); hp.appendChild(bar);
    hp.appendChild(el("span", c.hp + "/" + c.max_hp + (c.temp_hp ? " +" + c.temp_hp : ""), "hp"));
    tr.appendChild(hp);
    tr.appendChild(el("td", T(c.status) + (c.staggered ? " (" + T(data.staggered) + ")" : "")));
    tr.appendChild(el("td", c.conditions.map(T).join(", ")));
    tr.appendChild(el("td", c.ongoing.map(o => o.amount + (o.type ? " " + o.type : "") + " (" + o.save + ")").join(", ")));
    tr.appendChild(el("td", c.engaged_with.join(", ")));
    tr.dataset.name = name;
    body.appendChild(tr);
  }
  for (const d of log.children) d.classList.toggle("now", d.dataset.i === String(i));
  const now = log.children[i]; if (now && now.scrollIntoView) now.scrollIntoView({block: "nearest"});
}
let timer = null;
function stop() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").textContent = "▶ play"; }
document.getElementById("play").addEventListener("click", () => {
  if (timer) { stop(); return; }
  document.getElementById("play").textContent = "⏸ pause";
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
