"use strict";
// The replay page's script (replay/html.py inlines it). Its data: the main line and
// the what-ifs, each as log lines, the change each position made to the displayed
// state and a whole state every `every` positions; the page folds them to show any
// position. Every name and sentence is set as text, never parsed as HTML.
const $ = (id) => document.getElementById(id);
const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
const SVG = ["http", "//www.w3.org/2000/svg"].join(":");  // a name, never fetched (the page holds no address)
const svgEl = (tag, attrs) => { const e = document.createElementNS(SVG, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); return e; };
let meta, main, branches, line;
const T = (w) => meta.terms[w] || w;
const L = (w, fields) => { let s = meta.labels[w] || w; for (const k in fields || {}) s = s.replace("{" + k + "}", fields[k]); return s; };

// --- lines of play: the main line and the what-ifs -------------------------------
function makeLine(d, parent) {
  const cps = d.checkpoints;  // [[index, view], ...] in order
  return {name: d.name, parent, offset: d.offset, steps: d.steps, deltas: d.deltas, cps,
          rounds: parent ? parent.rounds.filter(r => r[1] < d.offset).concat(d.rounds) : d.rounds,
          charts: d.charts, variations: d.variations || [], why: d.why, cursor: -1, st: null};
}
const lengthOf = (ln) => ln.offset + ln.steps.length;
const stepOf = (ln, i) => i < ln.offset ? stepOf(ln.parent, i) : ln.steps[i - ln.offset];
const positionOf = (i) => meta.first + i;
function load(data) {
  meta = data.page;
  main = makeLine(data.main, null);
  branches = data.branches.map(b => makeLine(b, main));
  line = main;
}

// --- the displayed state: from the nearest checkpoint through the deltas ------------
function fromCheckpoint(view) { return Object.assign({}, view, {combatants: new Map(view.combatants)}); }
function applyDelta(s, d) {
  if (d.h) Object.assign(s, d.h);
  if (d.hx) for (const k of d.hx) delete s[k];
  if (d.x) for (const n of d.x) s.combatants.delete(n);
  if (d.r) for (const n of Object.keys(d.r)) s.combatants.set(n, d.r[n]);
  if (d.c) for (const n of Object.keys(d.c)) s.combatants.set(n, Object.assign({}, s.combatants.get(n), d.c[n]));
}
function checkpointBefore(ln, i) {  // the last [index, view] at or before i
  let lo = 0, hi = ln.cps.length - 1, found = null;
  while (lo <= hi) { const mid = (lo + hi) >> 1; if (ln.cps[mid][0] <= i) { found = ln.cps[mid]; lo = mid + 1; } else hi = mid - 1; }
  return found;
}
function stateAt(ln, i) {
  if (i < ln.offset) return stateAt(ln.parent, i);
  if (ln.st === null || i < ln.cursor || i - ln.cursor > meta.every) {
    const cp = checkpointBefore(ln, i);
    if (cp) { ln.st = fromCheckpoint(cp[1]); ln.cursor = cp[0]; }
    else { ln.st = {combatants: new Map()}; ln.cursor = -1; }
  }
  while (ln.cursor < i) { ln.cursor += 1; applyDelta(ln.st, ln.deltas[ln.cursor - ln.offset]); }
  return ln.st;
}
const asView = (s) => Object.assign({}, s, {combatants: Object.fromEntries(s.combatants)});
const lineNamed = (name) => (name === null || name === undefined) ? main : branches.find(b => b.name === name);
// the state at index i as `state --json` prints it (for tests and the curious)
window.replayState = (i, branch) => asView(stateAt(lineNamed(branch), i));

// --- two positions compared, as `diff --json` compares them ---------------------------
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function compare(va, vb) {
  const out = [];
  for (const key of ["round", "turn", ...meta.header, "order", "ended"]) {
    const a = va[key] === undefined ? null : va[key], b = vb[key] === undefined ? null : vb[key];
    if (!same(a, b)) out.push({what: key, a, b});
  }
  const names = [...new Set(Object.keys(va.combatants).concat(Object.keys(vb.combatants)))].sort();
  for (const name of names) {
    const ca = va.combatants[name], cb = vb.combatants[name];
    if (!ca || !cb) { out.push({what: name, a: !!ca, b: !!cb}); continue; }
    for (const key of Object.keys(ca)) if (!same(ca[key], cb[key])) out.push({what: name + "." + key, a: ca[key], b: cb[key] === undefined ? null : cb[key]});
  }
  return out;
}
window.replayDiff = (ia, ib, branchA, branchB) => compare(window.replayState(ia, branchA), window.replayState(ib, branchB));

// --- the log: only the lines in sight are drawn -------------------------------------
const ROW = 18, SPARE = 20;
let current = 0;
const forks = new Map();  // main-line index of a fork -> the what-ifs from it
function rowOf(i) {
  const [text, , flags] = stepOf(line, i);
  const cls = "row" + ((flags & 1) ? " void" : ((flags & 2) ? " fix" : "")) + (i === current ? " now" : "");
  const d = el("div", undefined, cls);
  const num = el("span", String(positionOf(i)), "num");
  num.title = L("copy the link to this position");
  d.append(num, document.createTextNode("  " + text));
  if (line === main && forks.has(i)) for (const b of forks.get(i)) {  // a what-if starts here
    const mark = el("span", "↪ " + b.name, "forkmark"); mark.dataset.branch = b.name; d.prepend(mark);
  }
  d.style.top = (i * ROW) + "px"; d.title = positionOf(i) + "  " + text; d.dataset.i = String(i);
  return d;
}
function drawLog() {
  const log = $("log"), rows = log.firstChild;
  const first = Math.max(0, Math.floor(log.scrollTop / ROW) - SPARE);
  const end = Math.min(lengthOf(line), Math.ceil((log.scrollTop + log.clientHeight) / ROW) + SPARE);
  const lines = new DocumentFragment();
  for (let i = first; i < end; i++) lines.appendChild(rowOf(i));
  rows.replaceChildren(lines);
}
function scrollLogTo(i) {
  const log = $("log");
  if (i * ROW < log.scrollTop) log.scrollTop = i * ROW;
  else if ((i + 1) * ROW > log.scrollTop + log.clientHeight) log.scrollTop = (i + 1) * ROW - log.clientHeight;
}
function sizeLog() {
  const log = $("log");
  const rows = el("div", undefined, "rows");
  rows.style.height = (lengthOf(line) * ROW) + "px";
  log.replaceChildren(rows);
}

// --- every position a link -----------------------------------------------------------
function linkOf(ln, i) {
  return "#" + (ln === main ? "" : "b=" + encodeURIComponent(ln.name) + "&") + "p=" + positionOf(i);
}
let hashTimer = null;
function writeHash() {
  if (hashTimer) return;  // at most a few a second: browsers throttle history updates
  hashTimer = setTimeout(() => {
    hashTimer = null;
    const hash = linkOf(line, current);
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }, 60);
}
function readHash() {
  const args = new URLSearchParams(location.hash.replace(/^#/, ""));
  const ln = args.has("b") ? (lineNamed(args.get("b")) || main) : main;
  if (args.has("r")) {
    const r = ln.rounds.find(x => x[0] === Number(args.get("r")));
    if (r) return [ln, r[1]];
  }
  if (args.has("p") && /^\d+$/.test(args.get("p"))) return [ln, Number(args.get("p")) - meta.first];
  return null;
}
function copyText(text) {
  const done = () => { document.body.dataset.copied = text; $("copied").textContent = L("copied"); setTimeout(() => { $("copied").textContent = ""; }, 2000); };
  const fallback = () => {
    const area = el("textarea"); area.value = text; document.body.appendChild(area); area.select();
    try { document.execCommand("copy"); } catch (e) { /* the link is still shown */ }
    area.remove(); done();
  };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
  else fallback();
}
const urlOf = (ln, i) => location.href.replace(/#.*$/, "") + linkOf(ln, i);

// --- the position shown --------------------------------------------------------------
function drawHeader(st) {
  $("header").textContent = T("round") + " " + st.round + meta.header.map(k => " · " + T(k.replace("_", " ")) + " " + st[k]).join("") + (st.turn ? " · " + T("turn") + ": " + st.turn : "") + (st.ended ? " · " + st.ended : "");
}
function hpCell(c) {
  const hp = el("td");
  if (c.hp === undefined) { hp.appendChild(el("span", meta.labels[c.health] ? L(c.health) : T(c.health || ""), "hp")); return hp; }
  if (main.why) hp.dataset.field = "hp";
  const bar = el("span", undefined, "bar"), fill = el("span");
  fill.style.width = Math.max(0, Math.min(100, 100 * c.hp / c.max_hp)) + "%";
  fill.className = c.hp <= 0 ? "out" : (c.staggered ? "low" : "");
  bar.appendChild(fill); hp.appendChild(bar);
  const text = el("span", c.hp + "/" + c.max_hp, "hp");
  if (c.temp_hp) { const temp = el("span", " +" + c.temp_hp, "temp"); if (main.why) temp.dataset.field = "temp_hp"; text.appendChild(temp); }
  hp.appendChild(text);
  return hp;
}
function valueCell(text, field) { const td = el("td", text); if (main.why) td.dataset.field = field; return td; }
function conditionsCell(c) {
  const td = el("td");
  c.conditions.forEach((k, n) => { const s = el("span", (n ? ", " : "") + T(k)); if (main.why) s.dataset.field = k; td.appendChild(s); });
  return td;
}
function drawPanel(st) {
  const body = document.querySelector("#panel tbody");
  const names = st.order.concat([...st.combatants.keys()].filter(n => !st.order.includes(n)));
  body.replaceChildren(...names.map(name => {
    const c = st.combatants.get(name);
    const tr = el("tr", undefined, name === st.turn ? "turn" : "");
    tr.append(el("td", name + (c.pc ? " (PC)" : "")), hpCell(c),
      valueCell(T(c.status) + (c.staggered ? " (" + T(meta.staggered) + ")" : ""), "status"),
      conditionsCell(c),
      el("td", c.ongoing.map(o => o.amount + (o.type ? " " + o.type : "") + " (" + o.save + ")").join(", ")),
      el("td", c.engaged_with.join(", ")),
      valueCell(c.initiative === null || c.initiative === undefined ? "—" : String(c.initiative), "init"));
    tr.dataset.name = name;
    return tr;
  }));
}
function voidedBy(ln, i) {  // a voided line: the correction that voided it, in words
  if (!(stepOf(ln, i)[2] & 1)) return "";
  const v = (i < ln.offset ? main : ln).variations.find(c => c.voided && c.voided[0] <= i && i <= c.voided[1]);
  return v ? L("voided") + ": " + v.what : "";
}
function show(i) {
  i = Math.max(0, Math.min(lengthOf(line) - 1, i));
  current = i;
  $("slider").value = String(i);
  const st = stateAt(line, i);
  $("pos").textContent = L("position") + " " + positionOf(i) + " / " + positionOf(lengthOf(line) - 1);
  const [text, by] = stepOf(line, i);
  $("line").textContent = positionOf(i) + "  " + by + ": " + text;
  $("voided-by").textContent = voidedBy(line, i);
  drawHeader(st); drawPanel(st);
  scrollLogTo(i); drawLog();
  drawCursor(i); drawDamage(i); drawCompare(); drawWhy();
  writeHash();
}
function enter(ln, i) {
  line = ln;
  $("slider").max = String(lengthOf(line) - 1);
  $("where").hidden = line === main;
  $("branch-name").textContent = line === main ? "" : L("in the what-if {name}", {name: line.name});
  sizeLog();
  show(i);
}

// --- stepping: buttons, keys, play ---------------------------------------------------
function roundStep(dir) {
  const starts = line.rounds.map(r => r[1]);
  const to = dir > 0 ? starts.find(s => s > current) : starts.filter(s => s < current).pop();
  show(to === undefined ? (dir > 0 ? lengthOf(line) - 1 : 0) : to);
}
let timer = null;
function stop() { if (timer) { clearInterval(timer); timer = null; } $("play").textContent = L("▶ play"); }
function play() {
  if (timer) { stop(); return; }
  $("play").textContent = L("⏸ pause");
  timer = setInterval(() => { if (current + 1 >= lengthOf(line)) { stop(); return; } show(current + 1); }, Number($("speed").value));
}
const KEYS = {ArrowRight: () => show(current + 1), ArrowLeft: () => show(current - 1),
  ArrowUp: () => roundStep(-1), ArrowDown: () => roundStep(1),
  Home: () => show(0), End: () => show(lengthOf(line) - 1), " ": play};
function onKey(e) {
  const tag = e.target.tagName;
  if (e.altKey || e.ctrlKey || e.metaKey || tag === "SELECT" || tag === "TEXTAREA" || (tag === "BUTTON" && e.key === " ")) return;
  if (e.key === "Escape" && !$("why").hidden) { e.preventDefault(); closeWhy(); return; }
  const act = KEYS[e.key];
  if (!act) return;
  e.preventDefault();
  act();
}
function onLogClick(e) {
  const d = e.target.closest("div[data-i]");
  if (!d) return;
  const i = Number(d.dataset.i);
  if (e.target.classList.contains("num")) copyText(urlOf(line, i));
  if (e.target.dataset.branch !== undefined) { enter(lineNamed(e.target.dataset.branch), i + 1); return; }
  show(i);
}

// --- why: how a value came to be, as `why NAME FIELD --at P --json` answers ----------
const VALUES = {hp: "hit points", temp_hp: "temporary hit points", status: "status", init: "initiative"};
function whyAt(name, field, i) {  // the steps whose reach is the position or less (replay/why.py)
  const w = main.why, position = positionOf(i), steps = [];
  for (const r of (w && w.answers[name] && w.answers[name][field]) || []) {
    if (r[1] > position) break;
    const [text, by] = stepOf(main, r[0] - meta.first);
    steps.push({position: r[0], recorded_by: r.length > 6 ? r[6] : by, sentence: r.length > 5 && r[5] !== null ? r[5] : text,
      value_before: r[2], value_after: r[3], correction: r[4] < 0 ? null : w.fixes[r[4]]});
  }
  const value = steps.length ? steps[steps.length - 1].value_after : (field in VALUES ? null : false);
  return {name, field, position, value, steps};
}
window.replayWhy = (name, field, i) => whyAt(name, field, i);
function said(v) {
  if (v === null || v === undefined) return "—";
  if (typeof v === "object") return L("{initiative} (place {place})", {initiative: v.initiative, place: v.place || "—"});
  if (typeof v === "boolean") return L(v ? "yes" : "no");
  return typeof v === "string" ? T(v) : String(v);
}
let asked = null;  // [name, field] whose answer the panel shows
function drawWhy() {
  const box = $("why");
  if (!asked || line !== main || !main.why) { box.hidden = true; return; }
  const a = whyAt(asked[0], asked[1], current);
  box.dataset.name = a.name; box.dataset.field = a.field; box.dataset.position = String(a.position);
  $("why-title").textContent = L("{name}: {field} {value} at position {position}", {name: a.name, field: VALUES[a.field] ? L(VALUES[a.field]) : T(a.field), value: said(a.value), position: a.position});
  const items = a.steps.map(s => {
    const li = el("li"), go = el("a", String(s.position), "num");
    go.href = linkOf(main, s.position - meta.first);
    go.addEventListener("click", (e) => { e.preventDefault(); show(s.position - meta.first); });
    li.dataset.position = String(s.position); li.dataset.before = JSON.stringify(s.value_before); li.dataset.after = JSON.stringify(s.value_after);
    li.append(go, el("span", " " + s.recorded_by + "  ", "by"), el("span", said(s.value_before) + " → " + said(s.value_after), "change"), el("span", "  " + s.sentence));
    if (s.correction) li.appendChild(el("div", "↳ " + s.correction, "fix"));
    return li;
  });
  $("why-steps").replaceChildren(...(items.length ? items : [el("li", L("nothing has changed it"))]));
  box.hidden = false;
}
function onValueClick(e) {
  const cell = e.target.closest("[data-field]"), row = e.target.closest("tr[data-name]");
  if (!cell || !row || !main.why) return;
  asked = [row.dataset.name, cell.dataset.field];
  drawWhy();
}
function closeWhy() { asked = null; drawWhy(); }

// --- compare two positions -----------------------------------------------------------
let mark = null;
const fmt = (v) => typeof v === "string" ? v : JSON.stringify(v);
function drawCompare() {
  const body = document.querySelector("#diff tbody");
  if (!mark) { body.replaceChildren(); return; }
  $("marked").textContent = L("A: position {position}", {position: positionOf(mark[1])}) + (mark[0] === main ? "" : " (" + mark[0].name + ")");
  const changes = compare(asView(stateAt(mark[0], mark[1])), asView(stateAt(line, current)));
  stateAt(line, current);  // keep the cursor where the page is
  if (!changes.length) { body.replaceChildren(el("tr")); body.firstChild.appendChild(el("td", L("no differences"))); return; }
  body.replaceChildren(...changes.map(c => { const tr = el("tr"); tr.append(el("td", c.what), el("td", fmt(c.a)), el("td", fmt(c.b))); return tr; }));
}
function markHere() { mark = [line, current]; $("swap").disabled = false; drawCompare(); }
function swap() {
  if (!mark) return;
  const [ln, i] = mark;
  mark = [line, current];
  if (ln === line) show(i); else enter(ln, i);
}

// --- charts: inline SVG, drawn from the samples, not from every event ---------------
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"];
const W = 800, LEFT = 36, RIGHT = 8;
const xOf = (i) => LEFT + (W - LEFT - RIGHT) * (i / Math.max(1, lengthOf(main) - 1));
function figure(title, wide) {
  const f = el("figure", undefined, wide ? "wide" : ""); f.appendChild(el("figcaption", title));
  $("charts").appendChild(f); return f;
}
function plot(height) {
  const svg = svgEl("svg", {viewBox: "0 0 " + W + " " + height, role: "img"});
  svg.addEventListener("click", (e) => {  // a click moves the replay there
    const box = svg.getBoundingClientRect();
    const x = (e.clientX - box.left) * W / box.width;
    const i = Math.round((x - LEFT) / (W - LEFT - RIGHT) * (lengthOf(main) - 1));
    if (line !== main) enter(main, i); else show(i);
  });
  return svg;
}
function roundMarks(svg, top, bottom) {
  const rounds = main.rounds, every = Math.max(1, Math.ceil(rounds.length / 20));
  rounds.forEach(([r, i], k) => {
    svg.appendChild(svgEl("line", {x1: xOf(i), x2: xOf(i), y1: top, y2: bottom, stroke: "#e4e4e4"}));
    if (k % every === 0) { const t = svgEl("text", {x: xOf(i), y: bottom + 12, "text-anchor": "middle", fill: "#777"}); t.textContent = r; svg.appendChild(t); }
  });
}
function cursorLine(svg, top, bottom) {
  const c = svgEl("line", {y1: top, y2: bottom, stroke: "#c33", "stroke-width": 1.5, class: "cursor"});
  svg.appendChild(c); return c;
}
function axis(svg, most, y, top, bottom) {
  for (const [v, yy] of [[most, top], [0, bottom]]) { const t = svgEl("text", {x: LEFT - 4, y: yy + 4, "text-anchor": "end", fill: "#777"}); t.textContent = v; svg.appendChild(t); }
  svg.appendChild(svgEl("line", {x1: LEFT, x2: W - RIGHT, y1: bottom, y2: bottom, stroke: "#999"}));
}
function hpChart(ch) {
  const H = 240, top = 8, bottom = H - 20;
  const f = figure(L("hit points") + " — " + L("temporary hit points (dashed)"), true);
  const svg = plot(H);
  let most = 1;
  for (const [, , pts] of ch.series) for (const p of pts) most = Math.max(most, p[1] + p[2], p[3]);
  const y = (v) => top + (bottom - top) * (1 - Math.max(0, v) / most);
  roundMarks(svg, top, bottom); axis(svg, most, y, top, bottom);
  const legend = el("div", undefined, "legend");
  ch.series.forEach(([name, , pts], n) => {
    const colour = COLOURS[n % COLOURS.length];
    const at = pts.map(p => xOf(ch.samples[p[0]]).toFixed(1));
    const hp = svgEl("polyline", {fill: "none", stroke: colour, "stroke-width": 1.5, class: "hp",
      points: pts.map((p, k) => at[k] + "," + y(p[1]).toFixed(1)).join(" ")});
    hp.dataset.name = name;
    hp.dataset.at = pts.map(p => positionOf(ch.samples[p[0]])).join(",");
    hp.dataset.hp = pts.map(p => p[1]).join(",");
    hp.dataset.temp = pts.map(p => p[2]).join(",");
    const title = svgEl("title", {}); title.textContent = name; hp.appendChild(title);
    svg.appendChild(hp);
    if (pts.some(p => p[2])) svg.appendChild(svgEl("polyline", {fill: "none", stroke: colour, "stroke-dasharray": "3 3", points: pts.map((p, k) => at[k] + "," + y(p[1] + p[2]).toFixed(1)).join(" ")}));
    const key = el("span", name); const swatch = el("i"); swatch.style.background = colour; key.prepend(swatch); legend.appendChild(key);
  });
  charts.cursors.push([cursorLine(svg, top, bottom)]);
  f.append(svg, legend);
}
function headerChart(ch, key) {
  const H = 90, top = 8, bottom = H - 20, values = ch.header[key];
  const f = figure(T(key.replace("_", " ")), false), svg = plot(H);
  const most = Math.max(1, ...values);
  const y = (v) => top + (bottom - top) * (1 - v / most);
  roundMarks(svg, top, bottom); axis(svg, most, y, top, bottom);
  let pts = "";
  values.forEach((v, k) => { const x = xOf(ch.samples[k]).toFixed(1); pts += (k ? " " + x + "," + y(values[k - 1]).toFixed(1) : "") + " " + x + "," + y(v).toFixed(1); });
  const path = svgEl("polyline", {fill: "none", stroke: "#b8860b", "stroke-width": 2, points: pts.trim(), class: "header"});
  path.dataset.key = key; path.dataset.values = values.join(",");
  path.dataset.at = ch.samples.map(positionOf).join(",");
  svg.appendChild(path);
  charts.cursors.push([cursorLine(svg, top, bottom)]);
  f.appendChild(svg);
}
function attacksChart(ch) {
  const rows = ch.attacks; if (!rows.length) return;
  const H = 120, top = 8, bottom = H - 20, f = figure(L("hits") + " / " + L("misses") + " " + L("by round"), false);
  const svg = svgEl("svg", {viewBox: "0 0 " + W + " " + H, role: "img"});
  const most = Math.max(1, ...rows.map(r => r[1] + r[2])), w = (W - LEFT - RIGHT) / rows.length;
  const y = (v) => (bottom - top) * v / most;
  axis(svg, most, y, top, bottom);
  const starts = new Map(main.rounds.map(r => [r[0], r[1]]));
  rows.forEach(([r, hits, misses], k) => {
    const x = LEFT + k * w, g = svgEl("g", {class: "round"});
    g.dataset.round = r; g.dataset.hits = hits; g.dataset.misses = misses;
    g.appendChild(svgEl("rect", {x, width: Math.max(1, w - 1), y: bottom - y(hits), height: y(hits), fill: "#3a3"}));
    g.appendChild(svgEl("rect", {x, width: Math.max(1, w - 1), y: bottom - y(hits + misses), height: y(misses), fill: "#bbb"}));
    const t = svgEl("title", {}); t.textContent = T("round") + " " + r + ": " + hits + " " + L("hits") + ", " + misses + " " + L("misses"); g.appendChild(t);
    if (starts.has(r)) { g.style.cursor = "pointer"; g.addEventListener("click", () => { if (line !== main) enter(main, starts.get(r)); else show(starts.get(r)); }); }
    svg.appendChild(g);
  });
  const legend = el("div", undefined, "legend");
  for (const [word, colour] of [[L("hits"), "#3a3"], [L("misses"), "#bbb"]]) { const s = el("span", word), i = el("i"); i.style.background = colour; s.prepend(i); legend.appendChild(s); }
  f.append(svg, legend);
}
const charts = {cursors: [], damage: null, sample: -2};
function drawCharts() {
  $("charts").replaceChildren(); charts.cursors = []; charts.sample = -2;
  const ch = main.charts; if (!ch) return;
  hpChart(ch);
  for (const key of meta.header) if (ch.header[key]) headerChart(ch, key);
  attacksChart(ch);
  charts.damage = figure(L("damage dealt") + " / " + L("damage taken"), false);
}
function drawCursor(i) {
  const x = xOf(i);
  for (const [c] of charts.cursors) { c.setAttribute("x1", x); c.setAttribute("x2", x); }
}
function drawDamage(i) {  // at the last sample at or before the position shown
  const ch = main.charts; if (!ch || !charts.damage) return;
  let k = -1, lo = 0, hi = ch.samples.length - 1;
  while (lo <= hi) { const mid = (lo + hi) >> 1; if (ch.samples[mid] <= i) { k = mid; lo = mid + 1; } else hi = mid - 1; }
  if (k === charts.sample) return;
  charts.sample = k;
  const rows = [];
  for (const [name, , pts] of ch.series) { const p = pts.filter(q => q[0] <= k).pop(); if (p && (p[4] || p[5])) rows.push([name, p[4], p[5]]); }
  rows.sort((a, b) => (b[1] + b[2]) - (a[1] + a[2]));
  const shown = rows.slice(0, 12), most = Math.max(1, ...shown.map(r => Math.max(r[1], r[2])));
  const H = 16 * shown.length + 8, svg = svgEl("svg", {viewBox: "0 0 " + W + " " + Math.max(H, 24), role: "img"});
  shown.forEach(([name, dealt, taken], n) => {
    const y = 4 + n * 16, g = svgEl("g", {class: "damage"}), t = svgEl("text", {x: 0, y: y + 11});
    g.dataset.name = name; g.dataset.dealt = dealt; g.dataset.taken = taken;
    t.textContent = name; g.appendChild(t);
    g.appendChild(svgEl("rect", {x: 200, y, height: 6, width: 560 * dealt / most, fill: "#1f77b4"}));
    g.appendChild(svgEl("rect", {x: 200, y: y + 7, height: 6, width: 560 * taken / most, fill: "#d62728"}));
    const tip = svgEl("title", {}); tip.textContent = name + ": " + L("damage dealt") + " " + dealt + ", " + L("damage taken") + " " + taken; g.appendChild(tip);
    svg.appendChild(g);
  });
  const legend = el("div", undefined, "legend");
  for (const [word, colour] of [[L("damage dealt"), "#1f77b4"], [L("damage taken"), "#d62728"]]) { const s = el("span", word), c = el("i"); c.style.background = colour; s.prepend(c); legend.appendChild(s); }
  if (rows.length > shown.length) legend.appendChild(el("span", L("{count} more", {count: rows.length - shown.length})));
  charts.damage.replaceChildren(charts.damage.firstChild, svg, legend);
}

// --- variations: corrections beside what replaced them, and the what-ifs ------------
const MOST_LINES = 12;
function stepLines(ln, range, cls) {
  const box = el("div", undefined, cls);
  if (!range) return box;
  const [a, b] = range;
  for (let i = a; i <= Math.min(b, a + MOST_LINES - 1); i++) {
    const d = el("div", positionOf(i) + "  " + stepOf(ln, i)[0]);
    d.dataset.i = String(i); d.addEventListener("click", () => { if (line !== ln) enter(ln, i); else show(i); });
    box.appendChild(d);
  }
  if (b - a + 1 > MOST_LINES) box.appendChild(el("div", L("{count} more", {count: b - a + 1 - MOST_LINES})));
  return box;
}
function correctionCard(v) {
  const card = el("div", undefined, "card correction");
  card.dataset.at = String(positionOf(v.at));
  const what = el("div", v.what, "what"); what.style.cursor = "pointer";
  what.addEventListener("click", () => { if (line !== main) enter(main, v.at); else show(v.at); });
  const facts = el("div", [L("who") + ": " + v.by, L("when") + ": " + v.when, L("why") + ": " + (v.why || "—"), L("rule") + ": " + (v.rule || "—")].join(" · "), "facts");
  const sides = el("div", undefined, "sides");
  const gone = stepLines(main, v.voided, "gone"); gone.prepend(el("h3", L("voided")));
  let after;
  if (v.new) { after = el("div"); for (const text of v.new) after.appendChild(el("div", text)); after.prepend(el("h3", L("in its place"))); }
  else { after = stepLines(main, v.then, "then"); after.prepend(el("h3", L("what came next"))); }
  sides.append(gone, after);
  card.append(what, facts, sides);
  return card;
}
function branchCard(b) {
  const card = el("div", undefined, "card branch");
  card.dataset.name = b.name;
  const fork = b.offset - 1;
  card.append(el("div", "↪ " + L("what-if {name}", {name: b.name}), "what"),
    el("div", L("forked at position {position}, {count} events", {position: positionOf(fork), count: b.steps.length}), "facts"));
  const go = el("button", L("step into")); go.type = "button"; go.className = "step-into";
  go.addEventListener("click", () => enter(b, b.offset));
  const sides = el("div", undefined, "sides");
  sides.append(stepLines(main, [fork + 1, Math.min(lengthOf(main) - 1, fork + MOST_LINES)], "then"), stepLines(b, [b.offset, lengthOf(b) - 1], "then"));
  sides.firstChild.prepend(el("h3", L("main line"))); sides.lastChild.prepend(el("h3", L("what-if {name}", {name: b.name})));
  card.append(go, sides);
  return card;
}
function drawVariations() {
  forks.clear();
  for (const b of branches) { const at = b.offset - 1; forks.set(at, (forks.get(at) || []).concat([b])); }
  const box = $("variations");
  box.replaceChildren(...branches.map(branchCard), ...main.variations.map(correctionCard));
  const fixes = new DocumentFragment();
  main.steps.forEach((s, i) => { if (s[2] & 2) fixes.appendChild(el("li", positionOf(i) + " (" + s[1] + "): " + s[0])); });
  $("corrections").replaceChildren(fixes);
}

// --- following a battle live (`serve`): the same page, its data fetched again --------
function follow() {
  let seen = positionOf(lengthOf(main) - 1);
  const refresh = () => fetch("replay.json").then(r => r.json()).then(data => {
    const atEnd = current >= lengthOf(line) - 1, name = line === main ? null : line.name, at = current;
    load(data); drawCharts(); drawVariations();
    const ln = lineNamed(name) || main;
    enter(ln, atEnd ? lengthOf(ln) - 1 : at);
  });
  const source = new EventSource("events");
  source.onmessage = (e) => { const v = JSON.parse(e.data); if (v.position && v.position !== seen) { seen = v.position; refresh(); } };
}

// --- start ---------------------------------------------------------------------------
function start() {
  load(JSON.parse($("data").textContent));
  $("title").textContent = meta.title;
  document.title = meta.title + " — " + document.title;
  drawCharts(); drawVariations();
  $("log").addEventListener("scroll", drawLog);
  $("log").addEventListener("click", onLogClick);
  document.querySelector("#panel tbody").addEventListener("click", onValueClick);
  $("why-close").addEventListener("click", closeWhy);
  $("play").addEventListener("click", play);
  $("slider").addEventListener("input", () => show(Number($("slider").value)));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("back").addEventListener("click", () => enter(main, Math.min(line.offset - 1, current)));
  $("mark").addEventListener("click", markHere);
  $("swap").addEventListener("click", swap);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => { const at = readHash(); if (at) enter(at[0], at[1]); });
  const at = readHash();
  enter(at ? at[0] : main, at ? at[1] : (meta.live ? lengthOf(main) - 1 : 0));
  if (meta.live) follow();
}
start();
