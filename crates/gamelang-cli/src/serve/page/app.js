// The explorer's page: it draws what the server answers and holds no game
// logic. Every value, move and table comes from the API (docs/EXPLORER.md),
// which answers in the command's own JSON.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
};

const state = {
  games: [],          // [{name, partizan, board}]
  here: null,         // {game, at}
  visited: new Map(), // key → {game, at, parent}
  order: [],          // keys in the order first visited
  cells: new Set([".", "#"]), // board characters seen, for editing cells
  play: null,
};
const key = (p) => p.game + " at " + p.at;

// ---- Requests: each a job the server can report on and cancel --------------

let jobs = 0;
async function api(method, path, params = {}, body = undefined) {
  const job = "page-" + Date.now() + "-" + (++jobs);
  const query = new URLSearchParams({ ...params, job });
  const shown = setTimeout(() => showBusy(job), 400);
  try {
    const response = await fetch(path + "?" + query, { method, body });
    const kind = response.headers.get("content-type") || "";
    const data = kind.includes("json") ? await response.json() : await response.text();
    return { ok: response.ok, status: response.status, data };
  } finally {
    clearTimeout(shown);
    hideBusy(job);
  }
}
const source = () => $("editor").value;

let busyJob = null, busyTimer = null;
function showBusy(job) {
  busyJob = job;
  $("busy").hidden = false;
  const poll = async () => {
    if (busyJob !== job) return;
    const r = await fetch("/api/progress?" + new URLSearchParams({ job }));
    const p = await r.json();
    if (busyJob !== job) return;
    $("busy-text").textContent = p.positions == null ? "searching…" : `searching… ${p.positions.toLocaleString()} positions`;
    busyTimer = setTimeout(poll, 300);
  };
  poll();
}
function hideBusy(job) {
  if (busyJob !== job) return;
  busyJob = null;
  clearTimeout(busyTimer);
  $("busy").hidden = true;
}
$("cancel").addEventListener("click", () => {
  if (busyJob) fetch("/api/cancel?" + new URLSearchParams({ job: busyJob }), { method: "POST" });
});

// Diagnostics as the page shows them: message, place, help.
function diagnosticsText(data) {
  const list = Array.isArray(data) ? data : (data && data.diagnostics) || [];
  if (!list.length) return typeof data === "string" ? data : "no answer";
  return list.map((d) => `${d.code}: ${d.message}` + (d.help ? `\n  help: ${d.help}` : "")).join("\n");
}

// ---- The editor: colours and diagnostics from the server's check ------------

let checkTimer = null, checked = 0;
function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 250);
  paint([], []);
}
async function check() {
  const mine = ++checked;
  const r = await api("POST", "/api/check", {}, source());
  if (mine !== checked || !r.ok) return r.data;
  paint(r.data.colours, r.data.diagnostics);
  showDiagnostics(r.data.diagnostics);
  state.games = r.data.games;
  fillGames();
  return r.data;
}
// The text drawn behind the editor: each word coloured as the language's
// lexer says, each place a diagnostic points at underlined.
function paint(colours, diagnostics) {
  const text = source();
  const classes = new Array(text.length).fill("");
  for (const [start, end, cls] of colours) for (let i = start; i < end && i < text.length; i++) classes[i] = cls;
  const starts = lineStarts(text);
  for (const d of diagnostics) {
    for (const l of d.labels && d.labels.length ? d.labels : [d]) {
      if (!l.line) continue;
      const from = offsetOf(starts, l.line, l.column);
      const to = Math.max(from + 1, offsetOf(starts, l.end_line || l.line, l.end_column || l.column));
      for (let i = from; i < to && i < text.length; i++) classes[i] += " " + (d.severity === "warning" ? "warned" : "wrong");
      if (from >= text.length) classes.push(d.severity === "warning" ? "warned" : "wrong");
    }
  }
  const pre = $("highlight");
  pre.textContent = "";
  let at = 0;
  while (at < classes.length) {
    let end = at + 1;
    while (end < classes.length && classes[end] === classes[at]) end++;
    const piece = at < text.length ? text.slice(at, Math.min(end, text.length)) : " ";
    pre.append(classes[at] ? el("span", { class: classes[at].trim() }, piece) : piece);
    at = end;
  }
  pre.append("\n");
  $("editor").dataset.errors = diagnostics.filter((d) => d.severity === "error").length;
}
function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}
// A line and column (1-based, in characters) as an offset into the text.
function offsetOf(starts, line, column) {
  const start = starts[Math.min(line, starts.length) - 1] || 0;
  return start + Math.max(0, (column || 1) - 1);
}
function showDiagnostics(diagnostics) {
  const list = $("diagnostics");
  list.textContent = "";
  for (const d of diagnostics) {
    const place = d.line ? `${d.line}:${d.column} ` : "";
    const item = el("li", { class: "diagnostic " + (d.severity || "error"), "data-line": d.line || "" },
      el("code", {}, d.code || ""), " ", place, d.message || "");
    for (const l of d.labels || []) if (l.text) item.append(el("span", { class: "help" }, `${l.line}:${l.column}: ${l.text}`));
    if (d.help) item.append(el("span", { class: "help" }, "help: " + d.help));
    item.addEventListener("click", () => goToLine(d.line, d.column));
    list.append(item);
  }
}
function goToLine(line, column) {
  if (!line) return;
  const offset = offsetOf(lineStarts(source()), line, column);
  const editor = $("editor");
  editor.focus();
  editor.setSelectionRange(offset, offset);
}
$("editor").addEventListener("input", scheduleCheck);
$("editor").addEventListener("scroll", () => {
  $("highlight").scrollTop = $("editor").scrollTop;
  $("highlight").scrollLeft = $("editor").scrollLeft;
});
$("editor").addEventListener("keydown", (e) => {
  if (e.key === "Tab") {
    e.preventDefault();
    const t = e.target, s = t.selectionStart;
    t.setRangeText("    ", s, t.selectionEnd, "end");
    scheduleCheck();
  }
  if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
});
async function save() {
  const r = await api("PUT", "/api/source", {}, source());
  $("status").textContent = r.ok ? `saved ${r.data.saved}` : diagnosticsText(r.data);
}
$("save").addEventListener("click", save);

function fillGames() {
  for (const select of [$("game")]) {
    const chosen = select.value;
    select.textContent = "";
    for (const g of state.games) select.append(el("option", { value: g.name }, g.name));
    if (state.games.some((g) => g.name === chosen)) select.value = chosen;
  }
  syncTableForm();
}
const gameOf = (name) => state.games.find((g) => g.name === name) || {};

// ---- Explore: a position, its answer, its moves -----------------------------

async function go(place, how = "push", parent = null) {
  state.here = place;
  $("game").value = place.game;
  $("at").value = place.at;
  const k = key(place);
  if (!state.visited.has(k)) {
    state.visited.set(k, { ...place, parent: parent && key(parent) });
    state.order.push(k);
  }
  const url = "?" + new URLSearchParams(place);
  if (how === "push") history.pushState(place, "", url);
  if (how === "replace") history.replaceState(place, "", url);
  drawCrumbs();
  drawTree();
  const params = { game: place.game, at: place.at };
  const [answer, moves] = await Promise.all([
    api("POST", "/api/analyze", params, source()),
    api("POST", "/api/moves", params, source()),
  ]);
  if (key(state.here) !== k) return; // moved on meanwhile
  drawAnswer(answer);
  drawMoves(moves);
  drawThermograph(answer, params);
}

function fact(name, value, id) {
  if (value === null || value === undefined) return;
  $("facts").append(el("dt", {}, name), el("dd", { id: "fact-" + id }, typeof value === "object" ? JSON.stringify(value) : String(value)));
}
function drawAnswer(r) {
  $("facts").textContent = "";
  $("winning").textContent = "";
  $("method").textContent = "";
  $("refusal").hidden = r.ok;
  if (!r.ok) { $("refusal").textContent = diagnosticsText(r.data); return; }
  const a = r.data[0];
  if (!a) return;
  fact("outcome", a.outcome, "outcome");
  if (a.loopy || a.left_first) {
    const start = (s) => s && `${s.winner === "D" ? "a draw" : s.winner + " wins"}` + (s.remoteness != null ? ` in ${s.remoteness} moves` : "");
    fact("Left first", start(a.left_first), "left-first");
    fact("Right first", start(a.right_first), "right-first");
  }
  fact("value", a.value !== undefined ? a.value : a.grundy, "value");
  if (a.value === undefined) fact("Grundy value", null, "grundy");
  fact("temperature", a.temperature, "temperature");
  fact("mean", a.mean, "mean");
  if (a.left_stop !== undefined) fact("stops", `${a.left_stop} (Left first), ${a.right_stop} (Right first)`, "stops");
  fact("reduced form", a.reduced_canonical_form, "reduced");
  fact("atomic weight", a.atomic_weight, "atomic-weight");
  fact("birthday", a.birthday, "birthday");
  fact("remoteness", a.remoteness, "remoteness");
  $("method").textContent = a.method && a.method.text ? "Found by " + a.method.text : "";
  const lists = [["Winning moves", a.winning_moves], ["Left's winning moves", a.left_moves], ["Right's winning moves", a.right_moves]];
  for (const [title, moves] of lists) {
    if (!moves || !moves.length) continue;
    $("winning").append(el("div", {}, el("h3", {}, title), el("ul", {}, ...moves.map((m) => el("li", {}, m.text + (m.to ? " → " + m.to : ""))))));
  }
  drawPosition(a);
}
async function drawThermograph(answer, params) {
  $("thermograph").textContent = "";
  const a = answer.ok && answer.data[0];
  if (!a || a.temperature === undefined || a.temperature === null) return;
  const r = await api("POST", "/api/picture", { ...params, kind: "thermograph" }, source());
  if (r.ok && key(state.here) === key(params)) $("thermograph").innerHTML = r.data;
}

// The position: a board as a grid of cells to click (each click steps the
// cell through the characters seen), heaps as bars.
function drawPosition(a) {
  const box = $("position");
  box.textContent = "";
  const board = boardRows(state.here.at);
  if (gameOf(state.here.game).board && board) {
    for (const row of board) for (const c of row) state.cells.add(c);
    const cells = [...state.cells];
    const table = el("table", { class: "board", id: "board" });
    board.forEach((row, r) => {
      const tr = el("tr");
      [...row].forEach((c, col) => {
        const td = el("td", { class: c === "." ? "empty" : "full", "data-r": r + 1, "data-c": col + 1, title: `(${r + 1}, ${col + 1})` }, c === "." ? "" : c);
        td.addEventListener("click", () => {
          const next = cells[(cells.indexOf(c) + 1) % cells.length];
          const rows = board.map((x) => [...x]);
          rows[r][col] = next;
          go({ game: state.here.game, at: '"' + rows.map((x) => x.join("")).join("|") + '"' }, "push", state.here);
        });
        tr.append(td);
      });
      table.append(tr);
    });
    box.append(table);
    return;
  }
  const game = gameOf(state.here.game);
  if (game.graph) {
    const drawn = graphSvg(state.here.at, game.grounded);
    if (drawn) { box.append(drawn); return; }
  }
  const heaps = a.components && a.components[0] && a.components[0].heaps;
  if (!heaps || heaps.length > 16) { box.append(el("p", { class: "heaps" }, state.here.at)); return; }
  const most = Math.max(1, ...heaps.map(Number));
  for (const h of heaps) {
    box.append(el("div", { class: "heap-bar" }, el("span", { class: "bar", style: `width:${Math.max(2, 240 * Number(h) / most)}px` }), String(h)));
  }
}
// A graph position drawn: its text `graph { 1 -- 2 blue, 3 red, ... }`
// read for its vertices, edges and colours (what the position is, not what
// it is worth). A grounded graph (Hackenbush) stands on its ground, vertex
// 0, drawn as a line below; each vertex's height is its distance from the
// ground (or, in a graph with no ground, from its part's first vertex).
const INK = { blue: "#1f5fbf", red: "#c0392b", green: "#2e8b57" };
function graphSvg(at, grounded) {
  const m = /^graph\s*\{([\s\S]*)\}$/.exec(at.trim());
  if (!m) return null;
  const vertices = new Map(), edges = [];
  const vertex = (v) => { if (!vertices.has(v)) vertices.set(v, { tint: null }); return vertices.get(v); };
  for (const item of m[1].split(",").map((x) => x.trim()).filter(Boolean)) {
    const e = /^(\S+)\s*(--|->)\s*(\S+)(?:\s+(\w+))?$/.exec(item);
    const t = /^(\S+)(?:\s+(\w+))?$/.exec(item);
    if (e) { vertex(e[1]); vertex(e[3]); edges.push({ a: e[1], b: e[3], arrow: e[2] === "->", colour: e[4] || null }); }
    else if (t) vertex(t[1]).tint = t[2] || null;
  }
  if (vertices.size === 0 || vertices.size > 200) return null;
  // Heights by breadth-first search from the ground or each part's first vertex.
  const next = new Map([...vertices.keys()].map((v) => [v, []]));
  for (const { a, b } of edges) { next.get(a).push(b); next.get(b).push(a); }
  const height = new Map();
  const roots = grounded && vertices.has("0") ? ["0"] : [];
  const order = [...vertices.keys()].sort((x, y) => (Number(x) - Number(y)) || x.localeCompare(y));
  for (const start of roots.concat(order)) {
    if (height.has(start)) continue;
    height.set(start, 0);
    const queue = [start];
    while (queue.length) { const v = queue.shift(); for (const w of next.get(v)) if (!height.has(w)) { height.set(w, height.get(v) + 1); queue.push(w); } }
  }
  const rows = new Map();
  for (const v of order) { const h = height.get(v); if (!rows.has(h)) rows.set(h, []); rows.get(h).push(v); }
  const widest = Math.max(...[...rows.values()].map((r) => r.length));
  const gap = 56, width = Math.max(160, widest * gap + gap), tallest = Math.max(...rows.keys());
  const heightPx = (tallest + 1) * gap + gap / 2;
  const place = new Map();
  for (const [h, row] of rows) row.forEach((v, i) => place.set(v, {
    x: (width / (row.length + 1)) * (i + 1),
    y: grounded ? heightPx - gap / 2 - h * gap : gap / 2 + h * gap,
  }));
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const put = (tag, attrs, text) => { const e = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text != null) e.textContent = text; svg.append(e); return e; };
  svg.setAttribute("width", width); svg.setAttribute("height", heightPx); svg.setAttribute("id", "graph-drawing");
  const defs = put("defs", {});
  const marker = document.createElementNS(ns, "marker");
  for (const [k, v] of Object.entries({ id: "arrow", viewBox: "0 0 10 10", refX: 22, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" })) marker.setAttribute(k, v);
  const head = document.createElementNS(ns, "path");
  head.setAttribute("d", "M0,0 L10,5 L0,10 z");
  marker.append(head);
  defs.append(marker);
  if (grounded && vertices.has("0")) put("line", { x1: 0, x2: width, y1: place.get("0").y, y2: place.get("0").y, stroke: "#6b4f2a", "stroke-width": 4 });
  const seen = new Map();
  for (const { a, b, colour, arrow } of edges) {
    const pa = place.get(a), pb = place.get(b);
    const ink = INK[colour] || (grounded ? INK.green : "#555");
    const k = [a, b].sort().join(" "), n = seen.get(k) || 0;
    seen.set(k, n + 1);
    if (a === b) { put("circle", { cx: pa.x + 12, cy: pa.y - 12, r: 12, fill: "none", stroke: ink, "stroke-width": 3 }); continue; }
    // Repeated edges bend apart, alternately to each side.
    const bend = n === 0 ? 0 : (n % 2 ? 1 : -1) * Math.ceil(n / 2) * 18;
    const mx = (pa.x + pb.x) / 2 - (pb.y - pa.y) * bend / 100, my = (pa.y + pb.y) / 2 + (pb.x - pa.x) * bend / 100;
    const path = put("path", { d: `M${pa.x},${pa.y} Q${mx},${my} ${pb.x},${pb.y}`, fill: "none", stroke: ink, "stroke-width": 3 });
    if (arrow) path.setAttribute("marker-end", "url(#arrow)");
  }
  for (const [v, { tint }] of vertices) {
    if (grounded && v === "0") continue;
    const p = place.get(v);
    put("circle", { cx: p.x, cy: p.y, r: grounded ? 5 : 13, fill: INK[tint] || (grounded ? "#333" : "white"), stroke: "#333" });
    if (!grounded) put("text", { x: p.x, y: p.y + 4, "text-anchor": "middle", "font-size": 11, fill: tint ? "white" : "#111" }, v);
  }
  return svg;
}

function boardRows(at) {
  const m = /^"(.*)"$/.exec(at.trim());
  return m ? m[1].split("|") : null;
}

function moveItem(m, onPick) {
  const cls = "move " + (m.side || "") + (m.wins ? " wins" : "");
  const item = el("li", { class: cls, "data-to": m.to || "", title: m.rule ? "rule: " + m.rule : "" }, m.text);
  if (m.value != null) item.append(el("span", { class: "value" }, m.value));
  if (m.to) item.addEventListener("click", () => onPick(m));
  return item;
}
function drawMoves(r) {
  const [left, right] = [$("moves-left"), $("moves-right")];
  left.textContent = right.textContent = "";
  if (!r.ok) { left.append(el("li", {}, diagnosticsText(r.data))); return; }
  const partizan = r.data.position.partizan;
  $("right-column").hidden = !partizan;
  $("moves-left-title").textContent = partizan ? "Left's moves" : "Moves";
  const pick = (m) => go({ game: state.here.game, at: m.to }, "push", state.here);
  for (const m of r.data.moves) (m.side === "right" ? right : left).append(moveItem(m, pick));
  for (const list of partizan ? [left, right] : [left]) if (!list.children.length) list.append(el("li", { class: "none" }, "none"));
}

function drawCrumbs() {
  const list = $("breadcrumbs");
  list.textContent = "";
  let k = key(state.here);
  const path = [];
  while (k && state.visited.has(k)) { path.unshift(state.visited.get(k)); k = state.visited.get(k).parent; if (path.length > 50) break; }
  for (const p of path) {
    const item = el("li", { class: key(p) === key(state.here) ? "here" : "" }, p.at);
    item.addEventListener("click", () => go({ game: p.game, at: p.at }));
    list.append(item);
  }
}
function drawTree() {
  const children = new Map();
  for (const k of state.order) {
    const p = state.visited.get(k).parent;
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(k);
  }
  const branch = (parent, depth) => {
    const ul = el("ul");
    for (const k of children.get(parent) || []) {
      const p = state.visited.get(k);
      const span = el("span", { class: k === key(state.here) ? "here" : "" }, p.at);
      span.addEventListener("click", () => go({ game: p.game, at: p.at }));
      const li = el("li", {}, span);
      if (depth < 40) li.append(branch(k, depth + 1));
      ul.append(li);
    }
    return ul;
  };
  $("tree").replaceChildren(...branch(null, 0).childNodes);
}

$("goto").addEventListener("submit", (e) => {
  e.preventDefault();
  go({ game: $("game").value, at: $("at").value.trim() });
});
$("back").addEventListener("click", () => history.back());
$("forward").addEventListener("click", () => history.forward());
window.addEventListener("popstate", (e) => { if (e.state && e.state.at !== undefined) go(e.state, "none"); });

// ---- Tabs -------------------------------------------------------------------

function showTab(name) {
  for (const t of ["explore", "table", "play"]) {
    $(t).hidden = t !== name;
    $("tab-" + t).classList.toggle("active", t === name);
  }
  syncTableForm();
}
for (const t of ["explore", "table", "play"]) $("tab-" + t).addEventListener("click", () => showTab(t));

// ---- Table ------------------------------------------------------------------

function syncTableForm() {
  const board = !!gameOf($("game").value).board;
  $("upto-label").hidden = board;
  $("sizes-label").hidden = !board;
}
$("table-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const game = $("game").value;
  const params = gameOf(game).board
    ? { game, rows: $("table-rows").value, cols: $("table-cols").value }
    : { game, upto: $("table-upto").value };
  const r = await api("POST", "/api/table", params, source());
  $("table-refusal").hidden = r.ok;
  $("table-grid").textContent = $("table-picture").textContent = "";
  if (!r.ok) { $("table-refusal").textContent = diagnosticsText(r.data); return; }
  drawTable(r.data, game);
  $("table-picture").innerHTML = r.data.svg;
});
function drawTable(t, game) {
  const table = el("table", { class: "values", id: "values" });
  const cell = (value, outcome, at) => {
    const td = el("td", { class: "cell " + (outcome || ""), "data-at": at || "" }, value == null ? "–" : typeof value === "object" ? JSON.stringify(value) : value);
    if (at) td.addEventListener("click", () => { showTab("explore"); go({ game, at }); });
    return td;
  };
  const values = t.values || [];
  if (values.length && Array.isArray(values[0])) {
    const from = t.from || [0, 0];
    table.append(el("tr", {}, el("th", {}, (t.parts || []).join(" \\ ")), ...values[0].map((_, j) => el("th", {}, from[1] + j))));
    values.forEach((row, i) => table.append(el("tr", {}, el("th", {}, from[0] + i),
      ...row.map((v, j) => cell(v, t.outcomes && t.outcomes[i] && t.outcomes[i][j], t.at && t.at[i] && t.at[i][j])))));
  } else {
    table.append(el("tr", {}, el("th", {}, "n"), ...values.map((_, i) => el("th", {}, i + (typeof t.from === "number" ? t.from : 0)))));
    table.append(el("tr", {}, el("th", {}, "value"), ...values.map((v, i) => cell(v, t.outcomes && t.outcomes[i], t.at && t.at[i]))));
  }
  $("table-grid").append(table);
}

// ---- Play against the computer ----------------------------------------------

$("play-form").addEventListener("submit", (e) => {
  e.preventDefault();
  if (!state.here) return;
  state.play = { game: state.here.game, at: state.here.at, human: $("play-side").value, toMove: $("play-first").value };
  $("play-log").textContent = "";
  playTurn();
});
const other = (side) => (side === "left" ? "right" : "left");
const sideName = (side) => (side === "left" ? "Left" : "Right");
async function playTurn() {
  const p = state.play;
  if (!p) return;
  const params = { game: p.game, at: p.at };
  $("play-position").textContent = "";
  const rows = boardRows(p.at);
  if (rows) {
    const table = el("table", { class: "board" });
    for (const row of rows) table.append(el("tr", {}, ...[...row].map((c) => el("td", { class: c === "." ? "empty" : "full" }, c === "." ? "" : c))));
    $("play-position").append(table);
  } else $("play-position").append(el("p", { class: "heaps" }, p.at));
  $("play-moves").textContent = "";
  if (p.toMove === p.human) {
    const r = await api("POST", "/api/moves", params, source());
    if (!r.ok) { $("play-status").textContent = diagnosticsText(r.data); return; }
    const partizan = r.data.position.partizan;
    const mine = r.data.moves.filter((m) => !partizan || m.side === p.human);
    if (!mine.length) return finish(p.toMove, r.data.position);
    $("play-status").textContent = `Your move (${sideName(p.human)}).`;
    for (const m of mine) {
      $("play-moves").append(moveItem({ ...m, value: null, wins: false }, (chosen) => {
        log("you", chosen);
        p.at = chosen.to;
        p.toMove = other(p.toMove);
        playTurn();
      }));
    }
  } else {
    $("play-status").textContent = "The computer is thinking…";
    const r = await api("POST", "/api/reply", { ...params, side: p.toMove }, source());
    if (!r.ok) { $("play-status").textContent = diagnosticsText(r.data); return; }
    if (!r.data.move) return finish(p.toMove, r.data.position);
    log("computer", r.data.move);
    if (!r.data.move.to) { $("play-status").textContent = "The computer's move leads to a sum of games: the play stops here."; return; }
    p.at = r.data.move.to;
    p.toMove = other(p.toMove);
    playTurn();
  }
}
function log(who, m) {
  $("play-log").append(el("li", {}, `${who}: ${m.text}`));
}
// The player to move has no move: in normal play they lose, in misère
// play they win.
function finish(stuck, position) {
  const winner = position.misere ? stuck : other(stuck);
  const you = winner === state.play.human;
  $("play-status").textContent = `The game is over: ${you ? "you win" : "the computer wins"} (${sideName(stuck)} has no move).`;
  $("play-status").dataset.over = you ? "won" : "lost";
  state.play = null;
}

// ---- Start ------------------------------------------------------------------

(async function start() {
  const r = await api("GET", "/api/source");
  if (!r.ok) { $("status").textContent = diagnosticsText(r.data); return; }
  $("editor").value = r.data.text;
  $("file-name").textContent = r.data.path;
  $("save").disabled = !r.data.saves;
  const checkedNow = await check();
  const asked = new URLSearchParams(location.search);
  if (asked.has("at")) go({ game: asked.get("game") || "", at: asked.get("at") }, "replace");
  else if (checkedNow && checkedNow.start) go(checkedNow.start, "replace");
  else if (state.games.length) $("status").textContent = "Give a position to explore.";
  document.body.dataset.ready = "yes";
})();
