// sudokit, the page. The engine (the library compiled to WebAssembly) runs in
// a Web Worker (worker.js); this file only keeps the player's state and draws
// it. Units (rows, columns, boxes, jigsaw regions, diagonals, windows, cube
// lines…) come from the engine's `parse` answer, so conflicts and variant
// drawings follow the puzzle's real units.
"use strict";
const $ = (id) => document.getElementById(id);
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const sym = (v) => SYMBOLS[v - 1] || "?";
const STORE = "sudokit-game";

// ---- the engine in a worker ------------------------------------------------
// Two workers: `fg` for what the player asked for (cancellable: terminated and
// restarted), `bg` for the live solutions counter, so a slow count never
// delays a hint.
class Engine {
  constructor() { this.seq = 0; this.pending = new Map(); this.start(); }
  start() {
    this.w = new Worker("worker.js");
    this.w.onmessage = (e) => {
      const p = this.pending.get(e.data.id); if (!p) return;
      if (e.data.progress) { if (p.onProgress) p.onProgress(e.data.progress); return; }
      this.pending.delete(e.data.id);
      if (e.data.fatal) this.restart();
      if (e.data.answer && e.data.answer.error) { const err = new Error(e.data.answer.error); err.answer = e.data.answer; p.reject(err); } else p.resolve(e.data.answer);
    };
    this.w.onerror = (e) => { for (const p of this.pending.values()) p.reject(new Error(`the engine did not load: ${e.message || "error"}`)); this.pending.clear(); };
  }
  restart() { this.w.terminate(); for (const p of this.pending.values()) p.reject(Object.assign(new Error("Cancelled."), { cancelled: true })); this.pending.clear(); this.start(); }
  // `onProgress` hears the engine's progress reports (WebAssembly engine only).
  call(op, request, budget, seed, onProgress) {
    const id = ++this.seq;
    return new Promise((resolve, reject) => { this.pending.set(id, { resolve, reject, onProgress }); this.w.postMessage({ id, op, request, budget, seed }); });
  }
}
const fg = new Engine(), bg = new Engine();

// The engine's progress report in a player's words.
function progressText(p, seen) {
  if (p.solutions != null) return `at least ${BigInt(p.solutions).toLocaleString()} solutions so far`;
  if (p.done != null) return `part ${p.done.toLocaleString()} of ${p.total.toLocaleString()} counted`;
  if (p.attempt != null) seen.attempt = p.attempt;
  if (p.tried != null) seen.clues = `${p.tried} of ${p.total} clue groups tried`;
  return [seen.attempt ? `grid ${seen.attempt}` : "", seen.clues || ""].filter(Boolean).join(", ");
}

// Work the player waits for: after 300 ms a "working" line with the elapsed
// time, the engine's progress and a Cancel button (which terminates the
// worker) appears.
async function work(label, op, request, budget, seed) {
  const t0 = performance.now(), seen = {};
  let said = "";
  const show = () => {
    const s = (performance.now() - t0) / 1000;
    if (s > 0.3) { $("busy").hidden = false; $("busy-text").textContent = `${label}… ${s.toFixed(1)} s${said ? ` · ${said}` : ""}`; }
  };
  const tick = setInterval(show, 100);
  try { return await fg.call(op, request, budget, seed, (p) => { said = progressText(p, seen); show(); }); } finally { clearInterval(tick); $("busy").hidden = true; }
}
$("cancel").onclick = () => fg.restart();

// ---- state ------------------------------------------------------------------
const st = {
  info: null, n: 9, cells: 81, cube: false, box: "3x3", variants: [], regions: null, constraints: [], cages: [], broken: new Set(),
  givens: [], entries: [], corner: [], centre: [], struck: [], colour: [], solution: null, multi: new Set(), daily: null,
  units: [], cellUnits: [], boxOf: [],
  sel: 0, mode: "digits", undo: [], redo: [], view: null, explain: null,
  hint: null, hintLevel: 0, grade: null, elapsed: 0, paused: false, done: false, title: "", zoom: false, zoomK: null,
};
const MODES = ["digits", "corner", "centre", "colour"];
const COLOURS = 9;

function status(msg, kind) { const s = $("status"); s.textContent = msg || ""; s.className = kind || ""; }
function value(i) { return st.givens[i] || st.entries[i] || 0; }
function values() { return st.givens.map((g, i) => g || st.entries[i]); }

// The puzzle as the engine reads it: a JSON grid (any size, variants,
// regions, cube) with the given values, or the given values plus entries.
function engineText(vals) {
  const g = { box: st.box, layout: st.cube ? "cube" : "square", rows: [vals] };
  if (st.variants.length) g.variants = st.variants;
  if (st.regions) g.regions = st.regions;
  if (st.constraints.length) g.constraints = st.constraints;
  return JSON.stringify(g);
}
const givensReq = () => ({ puzzle: engineText(st.givens) });
const playReq = () => ({ puzzle: engineText(values()) });

// Sets up a puzzle from the engine's `parse` answer.
function adopt(info, entries) {
  st.info = info; st.n = info.n; st.cells = info.cells; st.cube = info.cube;
  st.box = info.grid.box; st.variants = info.grid.variants || []; st.regions = info.grid.regions || null;
  // Constraints (cages, thermometers, dots…) as the engine's directive lines:
  // sent back with every request, drawn from the engine's overlay.
  st.constraints = info.grid.constraints || []; st.broken = new Set(info.broken || []);
  st.pencil = null; st.placed = null;
  st.cages = cagesOf(st.constraints, info.n);
  const rules = boardRules(st.constraints);
  $("rules").textContent = rules.join(" "); $("rules").hidden = !rules.length;
  st.units = info.units;
  syncForm();
  st.givens = info.grid.rows.flat();
  st.entries = new Array(st.cells).fill(0);
  if (entries) entries.forEach((v, i) => { if (i < st.cells && !st.givens[i] && v > 0 && v <= st.n) st.entries[i] = v; });
  st.corner = new Array(st.cells).fill(0); st.centre = new Array(st.cells).fill(0); st.struck = new Array(st.cells).fill(0);
  st.colour = new Array(st.cells).fill(0); st.multi = new Set(); st.daily = null; $("done").hidden = true;
  st.cellUnits = Array.from({ length: st.cells }, () => []);
  st.units.forEach((u, k) => u.cells.forEach((c) => st.cellUnits[c].push(k)));
  // Thick borders between boxes (or jigsaw regions, or a cube layer's boxes).
  st.boxOf = new Array(st.cells).fill(0);
  st.units.forEach((u, k) => { if (u.kind === "box" || u.kind === "region" || u.kind === "cube-box-0") u.cells.forEach((c) => (st.boxOf[c] = k)); });
  st.undo = []; st.redo = []; st.sel = st.givens.findIndex((g) => !g); if (st.sel < 0) st.sel = 0;
  st.solution = null; st.grade = null; st.elapsed = 0; st.done = false; st.paused = false;
  clearView(); build(); save();
  // Not the last board's count while the first one of this board is pending.
  $("counter").textContent = `${$("check").checked ? "Solutions remaining" : "Solutions"}: counting…`;
  solveInBackground(); rate(); scheduleCount(); checkRules();
}

// The killer cages of the engine's directive lines ("cage: 9 r1c2 r1c3"):
// their sums sit in their first cell (the engine's drawing), and a hint can
// name a cage.
function cagesOf(lines, n) {
  const out = [];
  for (const l of lines) {
    const m = /^\s*(?:cage|killer)\s*:\s*(\d+)?(.*)$/i.exec(l);
    if (!m) continue;
    const cells = [...m[2].matchAll(/r(\d+)c(\d+)/gi)].map((x) => (x[1] - 1) * n + (x[2] - 1));
    if (cells.length) out.push({ sum: m[1] ? +m[1] : null, cells, first: Math.min(...cells) });
  }
  return out;
}

// Rules on the whole board, which no drawing shows, in a player's words.
function boardRules(lines) {
  const SAY = {
    "anti-knight": "Anti-knight: cells a knight's move apart never hold the same digit.",
    "anti-king": "Anti-king: cells that touch, diagonally too, never hold the same digit.",
    "non-consecutive": "Non-consecutive: side-by-side cells never hold consecutive digits.",
    "kropki: all": "All kropki dots are given: side-by-side cells without a dot are neither consecutive nor one double the other.",
    "xv: all": "All X and V are given: side-by-side cells without one never sum to 10 or 5.",
  };
  return lines.map((l) => SAY[l.trim().toLowerCase().replace(/\s+/g, " ")]).filter(Boolean);
}

// Which entries break the puzzle's constraints: the engine's `parse` answer
// for the position in play (units are checked here, in `conflicts`).
let rulesSeq = 0;
async function checkRules() {
  if (!st.constraints.length) { st.broken = new Set(); return; }
  const seq = ++rulesSeq;
  let broken = [];
  const vals = values(), key = vals.join();
  let pencil = null;
  try { const a = await bg.call("parse", playReq()); broken = a.broken || []; pencil = a.pencil; } catch (e) { /* a unit conflict: drawn by conflicts() */ }
  if (seq !== rulesSeq) return;
  st.broken = new Set(broken);
  if (pencil) {
    const masks = pencil.map((ds) => ds.reduce((m, d) => m | (1 << (d - 1)), 0));
    // Notes the last placement made impossible by a rule go, as the units'
    // do in enter(): what the rules allowed before and no longer allow.
    if (st.pencil && st.placed != null) {
      for (let i = 0; i < st.cells; i++) { const gone = st.pencil.masks[i] & ~masks[i]; if (!vals[i] && gone) { st.corner[i] &= ~gone; st.centre[i] &= ~gone; } }
    }
    st.pencil = { key, masks };
  } else st.pencil = null;
  st.placed = null;
  paint();
}

async function load(text, entries) {
  const quick = engineReady ? null : quickInfo(text);
  if (quick) {
    adopt(quick, entries);
    // The engine has the last word once it is there (a contradiction, say).
    fg.call("parse", { puzzle: text }).catch((e) => { if (st.info === quick) status(explainError(e), "error"); });
    return quick;
  }
  const info = await fg.call("parse", { puzzle: text });
  adopt(info, entries);
  return info;
}

// ---- before the engine arrives ---------------------------------------------
// On a first visit over a slow network the engine (about half a megabyte)
// takes seconds to come. A plain boxed board needs nothing of it to be drawn
// and played: its units (rows, columns, boxes) are set up here, in the order
// and shape of the engine's `parse` answer; anything else waits for it.
let engineReady = false;
const GETTING_READY = "Hints and checks are getting ready…";
function quickInfo(text) {
  let g;
  try { g = JSON.parse(text); } catch (e) { return null; }
  const m = /^(\d+)x(\d+)$/.exec((g && g.box) || "");
  if (!m || (g.layout && g.layout !== "square") || (g.variants || []).length || g.regions || (g.constraints || []).length) return null;
  const br = +m[1], bc = +m[2], n = br * bc, vals = [].concat(...(g.rows || []));
  if (n < 4 || n > 35 || vals.length !== n * n || !vals.every((v) => Number.isInteger(v) && v >= 0 && v <= n)) return null;
  const seq = (k, f) => Array.from({ length: k }, (_, i) => f(i));
  const units = [
    ...seq(n, (r) => ({ kind: "row", name: `row ${r + 1}`, cells: seq(n, (c) => r * n + c) })),
    ...seq(n, (c) => ({ kind: "column", name: `column ${c + 1}`, cells: seq(n, (r) => r * n + c) })),
    ...seq(n, (b) => ({ kind: "box", name: `box ${b + 1}`, cells: seq(n, (k) => (Math.floor(b / br) * br + Math.floor(k / bc)) * n + (b % br) * bc + (k % bc)) })),
  ];
  return { grid: { box: g.box, rows: seq(n, (r) => vals.slice(r * n, r * n + n)) }, givens: vals.filter(Boolean).length, n, cells: n * n, cube: false, units, outside: false, overlay: null, broken: [], pencil: null };
}
// A first visit with no puzzle in the link starts on one of these (made by
// `sudokit generate --difficulty easy|medium --symmetry rotational`, seeds
// 52 and 53) instead of waiting for the engine to make one.
const FIRST = [
  [".2..47....7..15.....5..92.1.13...6.....5.6.....8...42.4.19..8.....45..3....17..4.", "Easy"],
  ["9..2...8.....453....38....42...1984...9...5...8735...66....24....853.....9...6..2", "Easy"],
  [".85.32.....6...2..3...8...49.2..3..7...6.7...6..4..5.22...7...6..3...7.....85.32.", "Easy"],
  ["....137.5..9..76...5.6........826.1.2.......4.1.534........5.4...31..8..4.739....", "Easy"],
  ["81......92..1..8.6.....9.2......5.4.5.6.4.9.7.2.9......8.6.....6.5..1..29......71", "Easy"],
  [".83..579.7..........487...3....4.3..6..3.1..4..9.8....5...642..........7.672..53.", "Easy"],
  ["...1.3..47......3.26......5..83.7.4...........5.6.83..6......58.7......69..8.4...", "Medium"],
  ["..4.3..96..3.....5.5..9..3.8.96..4.....1.8.....7..96.2.2..8..6.6.....3..97..6.2..", "Medium"],
  ["..3.148..4.......2.27.9..3.....475..3.......8..458.....4..5.27.5.......9..892.1..", "Medium"],
  ["3...2.9.8..8.....5..4.67.1.6.79......3.....7......36.1.8.65.1..4.....3..5.2.3...7", "Medium"],
  ["...15...9......526...7..34.4....983...........934....2.32..4...574......9...73...", "Medium"],
  ["4..2..5....2.7638....8....22.9..4.3...........7.5..6.47....8....4372.9....1..5..3", "Medium"],
];

// ---- drawing ----------------------------------------------------------------
function layers() { return st.cube ? st.n : 1; }
function build() {
  const b = $("board"), n = st.n;
  b.replaceChildren();
  b.classList.toggle("cube", st.cube);
  // Clues outside the board (sandwich, little killer, X-sum, skyscraper): room for them.
  b.classList.toggle("outside", !!st.info.outside);
  b.style.setProperty("--n", n);
  b.style.setProperty("--fsk", n > 9 ? 0.5 : 0.62);
  b.style.setProperty("--mc", Math.ceil(Math.sqrt(n)));
  b.style.setProperty("--lc", Math.min(n, Math.max(2, Math.ceil(Math.sqrt(n)))));
  const kinds = new Map();
  const mark = (c, cls) => { if (!kinds.has(c)) kinds.set(c, new Set()); kinds.get(c).add(cls); };
  const groups = new Map();
  for (const u of st.units) {
    if (u.kind === "diagonal") u.cells.forEach((c) => mark(c, "d1"));
    if (u.kind === "anti-diagonal") u.cells.forEach((c) => mark(c, "d2"));
    if (u.kind === "window") u.cells.forEach((c) => mark(c, "win"));
    if (u.kind === "disjoint-group" || u.kind === "hyper-band-column" || u.kind === "hyper-row-stack") {
      const idx = st.units.filter((v) => v.kind === u.kind).indexOf(u);
      u.cells.forEach((c) => { if (!groups.has(c)) groups.set(c, []); groups.get(c).push([u.kind, idx]); });
    }
  }
  for (let l = 0; l < layers(); l++) {
    const layer = document.createElement("div");
    layer.className = "layer";
    layer.style.gridTemplateColumns = `repeat(${n}, minmax(0, 1fr))`;
    layer.style.gridTemplateRows = `repeat(${n}, minmax(0, 1fr))`;
    for (let r = 0; r < n; r++) {
      // Rows for assistive technology; `display: contents` keeps the cells
      // in the layer's CSS grid.
      const row = document.createElement("div");
      row.setAttribute("role", "row"); row.className = "gridrow";
      layer.appendChild(row);
      for (let c = 0; c < n; c++) {
        const i = l * n * n + r * n + c;
        const d = document.createElement("div");
        d.className = "cell"; d.dataset.i = i;
        d.setAttribute("role", "gridcell"); d.tabIndex = -1;
        if (c + 1 < n && st.boxOf[i] !== st.boxOf[i + 1]) d.classList.add("br");
        if (r + 1 < n && st.boxOf[i] !== st.boxOf[i + n]) d.classList.add("bb");
        if (c + 1 === n) d.classList.add("lastc");
        if (r + 1 === n) d.classList.add("lastr");
        // A cage sum in the corner: the digit moves aside so they never touch.
        if (!st.cube && st.cages.some((k) => k.sum != null && k.first === i)) d.classList.add("sumcell");
        for (const k of kinds.get(i) || []) d.classList.add(k);
        for (const [kind, idx] of groups.get(i) || []) {
          const m = document.createElement("span");
          m.className = `gm ${{ "disjoint-group": "tl", "hyper-band-column": "tr", "hyper-row-stack": "br2" }[kind]}`;
          m.textContent = kind === "disjoint-group" ? String.fromCharCode(97 + idx) : kind === "hyper-band-column" ? `H${idx + 1}` : `V${idx + 1}`;
          m.setAttribute("aria-hidden", "true");
          d.appendChild(m);
        }
        d.addEventListener("pointerdown", (e) => startDrag(e, i));
        row.appendChild(d);
      }
    }
    // Diagonals: one straight line each, from the first cell's centre to the
    // last one's, run on half a cell to the board's corners; under the
    // digits, over the cell colours.
    const diags = st.units.filter((u) => (u.kind === "diagonal" || u.kind === "anti-diagonal") && u.cells.every((c) => Math.floor(c / (n * n)) === l));
    if (diags.length) {
      const NS = "http://www.w3.org/2000/svg", svg = document.createElementNS(NS, "svg");
      svg.setAttribute("class", "diag"); svg.setAttribute("viewBox", `0 0 ${n} ${n}`); svg.setAttribute("preserveAspectRatio", "none"); svg.setAttribute("aria-hidden", "true");
      for (const u of diags) {
        const at = (c) => [(c % n) + 0.5, (Math.floor(c / n) % n) + 0.5];
        const [a, b] = [at(u.cells[0]), at(u.cells[u.cells.length - 1])];
        // One cell's step along the line: half of it beyond each end.
        const dx = (b[0] - a[0]) / (u.cells.length - 1 || 1), dy = (b[1] - a[1]) / (u.cells.length - 1 || 1);
        const line = document.createElementNS(NS, "line");
        line.setAttribute("x1", a[0] - dx / 2); line.setAttribute("y1", a[1] - dy / 2);
        line.setAttribute("x2", b[0] + dx / 2); line.setAttribute("y2", b[1] + dy / 2);
        line.setAttribute("class", u.kind);
        svg.appendChild(line);
      }
      layer.appendChild(svg);
    }
    // The engine's drawing of the constraints, laid over the cells (half a
    // cell of margin around the board for clues outside it).
    if (st.info.overlay && !st.cube) {
      const img = document.createElement("img");
      img.className = "overlay"; img.alt = ""; img.setAttribute("aria-hidden", "true");
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(st.info.overlay)}`;
      layer.appendChild(img);
    }
    if (st.cube) {
      const box = document.createElement("div"); box.className = "layer-box";
      const label = document.createElement("div"); label.className = "layer-label"; label.textContent = `Layer ${l + 1}`;
      box.append(label, layer); b.appendChild(box);
    } else b.appendChild(layer);
  }
  // The selected cell's notes written large: for boards above 9×9 only.
  $("cellnotes").hidden = n <= 9;
  const pad = $("pad");
  pad.replaceChildren();
  pad.style.setProperty("--padcols", n <= 9 ? Math.min(n + 1, 5) + (n > 4 ? 0 : 0) : Math.min(9, Math.ceil((n + 1) / 2)));
  if (n === 9) pad.style.setProperty("--padcols", 5);
  for (let v = 1; v <= n; v++) {
    const k = document.createElement("button"); k.dataset.v = v;
    // The digit; how many of it are still to place is drawn from
    // `data-left` (app.css), not text, so the key's visible text stays its
    // label's.
    k.textContent = sym(v); k.setAttribute("aria-label", `enter ${sym(v)}`); k.onclick = () => enter(v); pad.appendChild(k);
  }
  const e = document.createElement("button"); e.textContent = "⌫"; e.setAttribute("aria-label", "erase"); e.onclick = () => enter(0); pad.appendChild(e);
  applyZoom();
  $("print-title").textContent = st.title || `sudokit ${st.n}×${st.n}${st.variants.length ? " " + st.variants.join(", ") : ""}${st.regions ? " jigsaw" : ""}${st.cube ? " cube" : ""}`;
  paint();
}

// The pad: per digit how many are left to place (none left: dimmed); in
// colour mode, the colours.
function padCounts(vals) {
  const per = st.cells / st.n, count = new Array(st.n + 1).fill(0), colour = st.mode === "colour";
  for (const v of vals) if (v) count[v]++;
  for (const b of $("pad").querySelectorAll("button[data-v]")) {
    const v = +b.dataset.v, left = per - count[v];
    b.classList.toggle("swatch", colour); b.classList.toggle(`c${v}`, colour);
    b.disabled = colour && v > COLOURS;
    b.setAttribute("aria-label", colour ? `colour ${v}` : `enter ${sym(v)}`);
    if (colour) delete b.dataset.left; else b.dataset.left = Math.max(0, left);
    b.classList.toggle("used", !colour && left <= 0);
  }
}
// Selection: one cell (st.sel, the focused one) or several (st.multi, by a
// drag, Shift/Ctrl+click or Shift+arrows); entries and marks go to all.
function select(i, add) {
  if (add) { if (!st.multi.size) st.multi.add(st.sel); st.multi.add(i); } else st.multi = new Set();
  st.sel = i; paint();
  const d = cellEl(i); if (d && document.activeElement !== d) d.focus({ preventScroll: true });
  keepInView();
}

let drag = null;
function startDrag(e, i) {
  if (!e.isPrimary) { drag = null; return; }
  const add = e.shiftKey || e.ctrlKey || e.metaKey;
  if (add && st.multi.has(i) && st.multi.size > 1) { st.multi.delete(i); paint(); return; }
  select(i, add);
  drag = { id: e.pointerId, last: i };
}
// The cell under the pointer as it moves (a touch keeps sending its events
// to the cell it started on, so the cell is found by position).
$("board").addEventListener("pointermove", (e) => {
  if (!drag || e.pointerId !== drag.id || !e.buttons && e.pointerType === "mouse") return;
  const el = document.elementFromPoint(e.clientX, e.clientY), c = el && el.closest && el.closest(".cell");
  if (!c || !$("board").contains(c)) return;
  const i = +c.dataset.i;
  if (i !== drag.last) { drag.last = i; select(i, true); }
});
addEventListener("pointerup", () => { drag = null; });
addEventListener("pointercancel", () => { drag = null; });

// ---- zoom ---------------------------------------------------------------------
// The board drawn larger in a square frame that scrolls (its own, not the
// page's), large enough that a cell's marks are about MARK_PX tall: 16×16 and
// 25×25 marks are unreadable at a phone's width otherwise.
const MARK_PX = 13;
function applyZoom() {
  const wrap = $("board-wrap"), b = $("board");
  wrap.classList.remove("zoomed"); wrap.style.height = ""; b.style.width = "";
  $("zoom").setAttribute("aria-pressed", String(st.zoom)); $("zoom").classList.toggle("on", st.zoom);
  if (!st.zoom) return;
  const w = b.getBoundingClientRect().width;
  const layer = b.querySelector(".layer");
  const cell = (layer ? layer.getBoundingClientRect().width : w) / st.n;
  // The marks' size in app.css: cell / marks per side × 0.85.
  const need = (MARK_PX * Math.ceil(Math.sqrt(st.n))) / 0.85;
  const k = st.zoomK || Math.min(8, Math.max(1.6, need / cell));
  wrap.style.height = `${Math.round(Math.min(w, window.innerHeight * 0.65))}px`;
  wrap.classList.add("zoomed");
  b.style.width = `${Math.round(w * k)}px`;
  keepInView(true);
}
// Scrolls the frame so the selected cell is inside it (centred when asked).
function keepInView(centre) {
  const wrap = $("board-wrap"), d = cellEl(st.sel);
  if (!st.zoom || !d) return;
  const f = wrap.getBoundingClientRect(), r = d.getBoundingClientRect();
  const right = f.left + wrap.clientWidth, bottom = f.top + wrap.clientHeight, pad = 6;
  if (centre) { wrap.scrollLeft += (r.left + r.right) / 2 - (f.left + right) / 2; wrap.scrollTop += (r.top + r.bottom) / 2 - (f.top + bottom) / 2; return; }
  if (r.left < f.left + pad) wrap.scrollLeft -= f.left + pad - r.left; else if (r.right > right - pad) wrap.scrollLeft += r.right - right + pad;
  if (r.top < f.top + pad) wrap.scrollTop -= f.top + pad - r.top; else if (r.bottom > bottom - pad) wrap.scrollTop += r.bottom - bottom + pad;
}
$("zoom").onclick = () => { st.zoom = !st.zoom; st.zoomK = null; applyZoom(); };
// Two fingers on the board zoom the board (1× to 8×), not the page: the
// board's touch-action leaves pinching to this code (app.css).
let pinch = null;
const spread = (t) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
$("board-wrap").addEventListener("touchstart", (e) => {
  if (e.touches.length !== 2) return;
  const b = $("board"), w = $("board-wrap").clientWidth;
  pinch = { d0: spread(e.touches) || 1, k0: st.zoom ? b.getBoundingClientRect().width / w : 1 };
}, { passive: true });
$("board-wrap").addEventListener("touchmove", (e) => {
  if (!pinch || e.touches.length !== 2) return;
  e.preventDefault();
  const k = Math.min(8, pinch.k0 * spread(e.touches) / pinch.d0);
  const zoom = k > 1.05;
  if (zoom === st.zoom && zoom && Math.abs(k - (st.zoomK || 0)) < 0.02) return;
  st.zoom = zoom; st.zoomK = zoom ? k : null; applyZoom();
}, { passive: false });
$("board-wrap").addEventListener("touchend", (e) => { if (e.touches.length < 2) pinch = null; });
window.addEventListener("resize", () => { if (st.zoom) applyZoom(); });
function cellEl(i) { return $("board").querySelector(`[data-i="${i}"]`); }

// Candidates of every empty cell from `vals` (bit d-1 = digit d) and the units.
// With constraints, also narrowed by the engine's rule-aware marks
// (cages, thermometers, odd/even…) when they are of this very position.
function candidates(vals) {
  const all = st.n >= 31 ? 0x7fffffff : (1 << st.n) - 1;
  const cand = vals.map((v) => (v ? 0 : all));
  for (const u of st.units) {
    let used = 0;
    for (const i of u.cells) if (vals[i]) used |= 1 << (vals[i] - 1);
    for (const i of u.cells) cand[i] &= ~used;
  }
  if (st.pencil && st.pencil.key === vals.join()) st.pencil.masks.forEach((m, i) => (cand[i] &= m));
  return cand;
}
// Cells holding the same digit twice in one of the puzzle's units.
function conflicts(vals) {
  const bad = new Set();
  for (const u of st.units) {
    const seen = new Map();
    for (const i of u.cells) { const v = vals[i]; if (!v) continue; if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i); }
  }
  return bad;
}
function clearView() { st.view = null; st.explain = null; st.hint = null; st.hintLevel = 0; $("explanation").textContent = ""; $("apply").disabled = true; $("explain-nav").hidden = true; $("hint").textContent = "Hint"; }

// What the board shows: the play position, or an explanation step's position.
function shown() {
  if (st.explain) {
    const { steps, i } = st.explain, vals = st.givens.slice(), gone = [];
    for (let k = 0; k < i; k++) {
      for (const p of steps[k].placements) vals[p.cell] = p.digit;
      for (const e of steps[k].eliminations) gone.push(e);
    }
    const cand = candidates(vals);
    for (const e of gone) cand[e.cell] &= ~(1 << (e.digit - 1));
    return { vals, cand, step: steps[i], level: 3 };
  }
  const vals = values();
  let cand = null;
  // Candidates appear with a hint's full step (level 3), not before: they
  // would give the answer away at "where to look".
  if ($("auto").checked || (st.view && st.view.step && st.hintLevel >= 3)) cand = candidates(vals).map((m, i) => m & ~st.struck[i]);
  return { vals, cand, step: st.view && st.view.step, level: st.hintLevel, mistake: st.view && st.view.mistake };
}

// "r3c5" (with "layer 2 " in a cube), as players write a cell.
function cellName(i) { const n = st.n; return `${st.cube ? `layer ${Math.floor(i / (n * n)) + 1} ` : ""}r${Math.floor(i / n) % n + 1}c${i % n + 1}`; }
const bitsOf = (m) => { const out = []; for (let d = 1; d <= st.n; d++) if (m & (1 << (d - 1))) out.push(d); return out; };

function paint() {
  const n = st.n, { vals, cand, step, level, mistake } = shown();
  const bad = conflicts(vals);
  if (!st.explain) for (const i of st.broken) if (vals[i]) bad.add(i);
  const full = vals.every(Boolean);
  const peers = new Set();
  for (const k of st.cellUnits[st.sel] || []) for (const c of st.units[k].cells) peers.add(c);
  const selVal = vals[st.sel];
  // A hint's first two levels light what the engine's levels name (where to
  // look, then the pattern); level 3 and an explained step the whole step.
  const look = st.explain ? null : hintLook();
  const hlu = new Set(look ? look.region : step ? step.unit_cells.flat() : []);
  const hl = new Set(look ? look.cells : step && level >= 2 ? step.cells : []);
  const place = new Set(step && level >= 3 ? step.placements.map((p) => p.cell) : []);
  const key = (c) => `${c.cell}:${c.digit}`;
  const hc = new Set(step && level >= 3 ? step.candidates.concat(step.placements).map(key) : []);
  const el = new Set(step && level >= 3 ? step.eliminations.map(key) : []);
  const wrong = $("check").checked && st.solution ? st.solution : null;
  for (const d of $("board").querySelectorAll(".cell")) {
    const i = +d.dataset.i, v = vals[i];
    for (const old of d.querySelectorAll(".v, .marks, .centre, .sr")) old.remove();
    let label;
    const l = Math.floor(i / (n * n)), r = Math.floor(i / n) % n, c = i % n;
    const where = `${st.cube ? `layer ${l + 1} ` : ""}row ${r + 1} column ${c + 1}`;
    if (v) {
      const s = document.createElement("span"); s.className = "v"; s.setAttribute("aria-hidden", "true"); s.textContent = sym(v); d.appendChild(s);
      label = `${where}, ${st.givens[i] ? "given" : "entered"} ${sym(v)}${bad.has(i) ? ", conflict" : ""}`;
      if (st.colour[i]) label += `, colour ${st.colour[i]}`;
    } else {
      const m = cand ? cand[i] : st.corner[i];
      const centre = cand ? 0 : st.centre[i];
      if (centre) {
        const s = document.createElement("span"); s.className = "centre"; s.setAttribute("aria-hidden", "true"); s.textContent = bitsOf(centre).map(sym).join(""); d.appendChild(s);
      } else if (m) {
        const box = document.createElement("div"); box.className = "marks"; box.setAttribute("aria-hidden", "true"); // the cell's label lists them
        for (let k = 1; k <= n; k++) {
          const sp = document.createElement("span");
          if (m & (1 << (k - 1))) { sp.textContent = sym(k); if (hc.has(`${i}:${k}`)) sp.className = "hc"; if (el.has(`${i}:${k}`)) sp.className = "el"; }
          box.appendChild(sp);
        }
        d.appendChild(box);
      }
      const marks = bitsOf(m | centre).map(sym).join(" ");
      label = `${where}, empty${marks ? ", candidates " + marks : ""}${st.colour[i] ? `, colour ${st.colour[i]}` : ""}`;
    }
    // The cell's name is this text, not an aria-label: the digits and marks
    // drawn in the cell are hidden from assistive technology and the label
    // says them in words, so no label contradicts the visible text.
    const sr = document.createElement("span"); sr.className = "sr"; sr.textContent = label; d.appendChild(sr);
    const picked = i === st.sel || st.multi.has(i);
    d.setAttribute("aria-selected", picked ? "true" : "false");
    d.tabIndex = i === st.sel ? 0 : -1;
    d.classList.toggle("given", !!st.givens[i]);
    d.classList.toggle("entry", !st.givens[i] && !!v);
    d.classList.toggle("sel", picked);
    for (let k = 1; k <= COLOURS; k++) d.classList.toggle(`c${k}`, st.colour[i] === k);
    d.classList.toggle("peer", !step && i !== st.sel && peers.has(i));
    d.classList.toggle("samedigit", !step && i !== st.sel && !!selVal && v === selVal);
    d.classList.toggle("bad", bad.has(i));
    d.classList.toggle("wrong", !!wrong && !st.givens[i] && !!v && wrong[i] !== v);
    d.classList.toggle("solved", full && bad.size === 0 && !st.givens[i]);
    d.classList.toggle("hl", hl.has(i));
    d.classList.toggle("hlunit", hlu.has(i) && !hl.has(i));
    d.classList.toggle("place", place.has(i));
    d.classList.toggle("mistake", mistake ? mistake.cell === i : false);
  }
  // The selected cell's marks, large, under the board (boards above 9×9).
  let notes = "";
  if (n > 9 && !vals[st.sel]) {
    const m = (cand ? cand[st.sel] : st.corner[st.sel]) | (cand ? 0 : st.centre[st.sel]);
    if (m) notes = `${cellName(st.sel)}: ${bitsOf(m).map(sym).join(" ")}`;
  }
  $("cellnotes").textContent = notes;
  $("mode").textContent = { digits: "Digits", corner: "Corner", centre: "Centre", colour: "Colour" }[st.mode];
  $("mode").setAttribute("aria-label", `entry mode: ${{ digits: "digits", corner: "corner notes", centre: "centre notes", colour: "colour" }[st.mode]}`);
  padCounts(vals);
  $("mode").classList.toggle("on", st.mode !== "digits");
  $("undo").disabled = !st.undo.length; $("redo").disabled = !st.redo.length;
  if (full && bad.size === 0 && !st.done && !st.explain) {
    st.done = true;
    status(`Solved in ${clock(st.elapsed)}. Well done!`, "good");
    celebrate();
  }
  writeUrl();
}

// ---- playing ----------------------------------------------------------------
function snapshot(i) { return [i, st.entries[i], st.corner[i], st.centre[i], st.struck[i], st.colour[i]]; }
function restore(m) { const i = m[0]; [, st.entries[i], st.corner[i], st.centre[i], st.struck[i]] = m; st.colour[i] = m[5] || 0; }
// A digit, a note or a colour into the selected cells (one undo step for
// all); `how` overrides the mode (Shift+digit: corner, Ctrl+digit: centre).
function enter(v, how) {
  if (st.paused || st.explain) return;
  const mode = how || st.mode, targets = st.multi.size > 1 ? [...st.multi] : [st.sel];
  const before = new Map();
  const keep = (i) => { if (!before.has(i)) before.set(i, snapshot(i)); };
  if (mode === "colour") {
    // Colours go on any cell, givens too; a colour every target has comes off.
    if (v > COLOURS) return;
    const to = v && !targets.every((i) => st.colour[i] === v) ? v : 0;
    for (const i of targets) if (st.colour[i] !== to) { keep(i); st.colour[i] = to; }
  } else if (mode !== "digits" && v) {
    const cells = targets.filter((i) => !st.givens[i] && !st.entries[i]);
    if (!cells.length) return;
    zoomForMarks();
    const bit = 1 << (v - 1), marks = $("auto").checked ? st.struck : mode === "corner" ? st.corner : st.centre;
    // Toggled together: on in all unless all have it.
    const on = !cells.every((i) => marks[i] & bit);
    for (const i of cells) { keep(i); marks[i] = on ? marks[i] | bit : marks[i] & ~bit; }
  } else {
    for (const i of targets) {
      if (st.givens[i]) continue;
      if (v === 0) {
        // Erase: the digit, else the notes.
        if (st.entries[i]) { keep(i); st.entries[i] = 0; } else if (st.corner[i] || st.centre[i]) { keep(i); st.corner[i] = 0; st.centre[i] = 0; }
        continue;
      }
      if (st.entries[i] === v) continue;
      keep(i); st.entries[i] = v;
      // Marks a placed digit makes impossible go, as a player would erase
      // them (kept for undo).
      const bit = 1 << (v - 1);
      for (const k of st.cellUnits[i]) for (const c of st.units[k].cells) if ((st.corner[c] | st.centre[c]) & bit) { keep(c); st.corner[c] &= ~bit; st.centre[c] &= ~bit; }
      // The rules' part of the clean-up waits for the engine (checkRules).
      st.placed = i;
    }
  }
  if (!before.size) return;
  const group = [...before.values()];
  st.undo.push(group.length === 1 ? group[0] : group); st.redo = [];
  if (!st.done) status("");
  afterMove();
}
function afterMove() { clearView(); if (!values().every(Boolean)) st.done = false; paint(); save(); scheduleCount(); checkRules(); }
function undoRedo(from, to) {
  const m = from.pop(); if (!m) return;
  if (Array.isArray(m[0])) { to.push(m.map((x) => snapshot(x[0])).reverse()); m.forEach(restore); st.sel = m[0][0]; }
  else { to.push(snapshot(m[0])); restore(m); st.sel = m[0]; }
  status(""); afterMove();
}

// ---- timer, pause, theme ------------------------------------------------------
function clock(s) { s = Math.floor(s); const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, x = s % 60; return `${h ? h + ":" + String(m).padStart(2, "0") : m}:${String(x).padStart(2, "0")}`; }
setInterval(() => {
  if (st.paused || st.done || document.hidden || !st.info) return;
  st.elapsed += 1; $("timer").textContent = clock(st.elapsed);
  // Every second, in the link and the saved game: a reload must not take
  // time back (the URL's `t` used to change only with a move).
  writeUrl(); save();
}, 1000);
addEventListener("pagehide", () => { writeUrl(); save(); });
function setPaused(p) {
  st.paused = p; $("paused").hidden = !p; $("pause").setAttribute("aria-pressed", String(p)); $("pause").textContent = p ? "Resume" : "Pause";
  $("board").style.visibility = p ? "hidden" : "";
}
$("pause").onclick = () => setPaused(!st.paused);
$("resume").onclick = () => setPaused(false);
const THEMES = ["system", "light", "dark"];
function setTheme(t) {
  if (t === "system") delete document.documentElement.dataset.theme; else document.documentElement.dataset.theme = t;
  $("theme").textContent = `Theme: ${t}`; $("theme").setAttribute("aria-label", `colour theme: ${t}`);
  localStorage.setItem("sudokit-theme", t);
}
$("theme").onclick = () => setTheme(THEMES[(THEMES.indexOf(localStorage.getItem("sudokit-theme") || "system") + 1) % 3]);
setTheme(localStorage.getItem("sudokit-theme") || "system");

// ---- saving and sharing -------------------------------------------------------
// The link carries the puzzle (box, variants, regions, cube, givens) and the
// player's progress (entries, notes, time): #b=3x3&v=x&g=..5..&e=...
const enc = (arr) => arr.map((v) => (v ? sym(v) : ".")).join("");
const dec = (s, len) => Array.from({ length: len }, (_, i) => { const v = SYMBOLS.indexOf((s[i] || ".").toUpperCase()) + 1; return v > 0 ? v : 0; });
const encMasks = (a) => (a.some(Boolean) ? a.map((m) => (m ? m.toString(36) : "")).join("-") : "");
const decMasks = (s, len) => { const p = (s || "").split("-"); return Array.from({ length: len }, (_, i) => parseInt(p[i] || "0", 36) || 0); };
function shareParams() {
  const p = new URLSearchParams();
  p.set("b", st.box);
  if (st.cube) p.set("cube", "1");
  if (st.variants.length) p.set("v", st.variants.join(","));
  if (st.regions) p.set("r", st.regions.map((x) => SYMBOLS[x] || "?").join(""));
  p.set("g", enc(st.givens));
  if (st.constraints.length) p.set("c", st.constraints.join("\n"));
  if (st.entries.some(Boolean)) p.set("e", enc(st.entries));
  if (encMasks(st.corner)) p.set("cm", encMasks(st.corner));
  if (encMasks(st.centre)) p.set("ce", encMasks(st.centre));
  if (encMasks(st.struck)) p.set("x", encMasks(st.struck));
  if (st.colour.some(Boolean)) p.set("co", enc(st.colour));
  if (st.daily) p.set("d", st.daily);
  if (st.elapsed) p.set("t", String(st.elapsed));
  return p.toString();
}
// The hash of a link being opened (the hashchange listener below).
let opening = null;
function writeUrl() { if (st.info && opening == null) history.replaceState(null, "", `#${shareParams()}`); }
function save() { if (st.info) try { localStorage.setItem(STORE, shareParams()); } catch (e) { /* storage full or off: play on */ } }
async function loadParams(hash) {
  const p = new URLSearchParams(hash);
  // Read before load() saves the new board over it.
  let saved = null;
  try { saved = new URLSearchParams(localStorage.getItem(STORE) || ""); } catch (e) { /* storage off */ }
  const [rr, cc] = (p.get("b") || "3x3").split("x").map(Number);
  const n = rr * cc, cells = p.get("cube") ? n * n * n : n * n;
  const grid = { box: `${rr}x${cc}`, layout: p.get("cube") ? "cube" : "square", rows: [dec(p.get("g") || "", cells)] };
  if (p.get("v")) grid.variants = p.get("v").split(",");
  if (p.get("r")) grid.regions = Array.from(p.get("r"), (ch) => SYMBOLS.indexOf(ch));
  if (p.get("c")) grid.constraints = p.get("c").split("\n");
  await load(JSON.stringify(grid), dec(p.get("e") || "", cells));
  st.corner = decMasks(p.get("cm"), cells); st.centre = decMasks(p.get("ce"), cells); st.struck = decMasks(p.get("x"), cells);
  st.colour = dec(p.get("co") || "", cells).map((k) => (k <= COLOURS ? k : 0));
  st.daily = /^\d{4}-\d{2}-\d{2}$/.test(p.get("d") || "") ? p.get("d") : null;
  st.elapsed = +p.get("t") || 0;
  // The same puzzle saved here with more time (a link written before the
  // last tick): the time never goes back.
  if (saved && ["b", "cube", "v", "r", "g", "c"].every((k) => saved.get(k) === p.get(k))) st.elapsed = Math.max(st.elapsed, +saved.get("t") || 0);
  $("timer").textContent = clock(st.elapsed);
  paint(); save();
}
$("share").onclick = async () => {
  const url = `${location.origin}${location.pathname}#${shareParams()}`;
  try {
    if (navigator.share && matchMedia("(pointer: coarse)").matches) await navigator.share({ title: "sudokit puzzle", url });
    else { await navigator.clipboard.writeText(url); status("Link copied: it opens this puzzle with your progress."); }
  } catch (e) { $("paste").value = url; $("load-box").open = true; status("Copy the link from the box below."); }
};

// ---- the end of a game, the daily puzzle ---------------------------------------
// Kept in this browser only: games solved here, and per day the time of
// that day's puzzle.
const DAILY = "sudokit-daily";
function dailyLog() { try { return JSON.parse(localStorage.getItem(DAILY) || "{}") || {}; } catch (e) { return {}; } }
const dayOf = (t) => new Date(t).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());
// Days in a row up to today (or up to yesterday while today's is open).
function streaks(log) {
  const days = Object.keys(log).sort(), ms = 86400000;
  let best = 0, run = 0, prev = null;
  for (const d of days) { run = prev && Date.parse(d) - Date.parse(prev) === ms ? run + 1 : 1; best = Math.max(best, run); prev = d; }
  let cur = 0;
  for (let t = Date.parse(today()) - (log[today()] == null ? ms : 0); log[dayOf(t)] != null; t -= ms) cur++;
  return { cur, best };
}
function dailyStats() {
  const log = dailyLog(), times = Object.values(log);
  if (!times.length) { $("daily-stats").textContent = "A new daily puzzle every day (the same for everyone); your streak is kept in this browser."; return; }
  const { cur, best } = streaks(log);
  $("daily-stats").textContent = `Daily: ${times.length} solved · streak ${cur} day${cur === 1 ? "" : "s"} (best ${best}) · best time ${clock(Math.min(...times))}${log[today()] != null ? " · today's done" : ""}`;
}
// The solved moment: a wave over the board, the time and the tally, a
// button for the next puzzle. Only for a game finished by play (not by
// Solve, not a finished game reopened).
function celebrate() {
  if (!st.undo.length) return;
  const solved = (+localStorage.getItem("sudokit-solved") || 0) + 1;
  try { localStorage.setItem("sudokit-solved", String(solved)); } catch (e) { /* storage off */ }
  // The time is in the status line above; this adds the tally.
  let text = solved === 1 ? "Your first puzzle solved here." : `${solved} puzzles solved here.`;
  if (st.daily) {
    const log = dailyLog();
    if (log[st.daily] == null || st.elapsed < log[st.daily]) log[st.daily] = st.elapsed;
    try { localStorage.setItem(DAILY, JSON.stringify(log)); } catch (e) { /* storage off */ }
    const { cur } = streaks(log);
    text += ` Daily streak: ${cur} day${cur === 1 ? "" : "s"}.`;
    dailyStats();
  }
  $("done-text").textContent = text; $("done").hidden = false;
  const b = $("board"), n = st.n;
  for (const d of b.querySelectorAll(".cell")) { const i = +d.dataset.i; d.style.setProperty("--wave", `${((Math.floor(i / n) % n) + (i % n)) * 45}ms`); }
  b.classList.remove("celebrate"); void b.offsetWidth; b.classList.add("celebrate");
  setTimeout(() => b.classList.remove("celebrate"), 2500);
}
$("again").onclick = () => { $("done").hidden = true; $("generate").click(); };
// The day's puzzle: a 9×9 from a seed made of the date (UTC, so everyone
// gets the same one), easier early in the week.
$("daily").onclick = async () => {
  const day = today(), level = ["hard", "easy", "easy", "medium", "medium", "hard", "medium"][new Date(day).getUTCDay()];
  try {
    const saved = new URLSearchParams(localStorage.getItem(STORE) || "");
    if (saved.get("d") === day) { await loadParams(saved.toString()); status(`Today's puzzle (${day}), as you left it.`); return; }
  } catch (e) { /* storage off: make it */ }
  let h = 0xcbf29ce484222325n;
  for (const ch of `sudokit daily ${day}`) h = BigInt.asUintN(64, (h ^ BigInt(ch.charCodeAt(0))) * 0x100000001b3n);
  try {
    const g = await work("Making the daily puzzle", "generate", { box: "3x3", cube: false, variants: [], regions: [], symmetry: "rotational", difficulty: level }, 60000, h.toString());
    st.title = `Daily sudoku ${day}`;
    await load(JSON.stringify(g.grid));
    st.daily = day; save(); writeUrl();
    if (g.grade) showGrade(g.grade);
    const log = dailyLog();
    status(log[day] != null ? `Today's puzzle again: you solved it in ${clock(log[day])}.` : `Daily puzzle for ${day} (${level}).`);
  } catch (e) { status(explainError(e), "error"); }
};
dailyStats();

// ---- engine use cases ----------------------------------------------------------
let countSeq = 0, countTimer = null;
// A count still on its way belongs to the board before: scheduling a new one
// makes its answer stale at once (over HTTP it may land after the next board
// is drawn but before this count starts).
function scheduleCount() { countSeq++; clearTimeout(countTimer); countTimer = setTimeout(liveCount, 200); }
// With "Show mistakes" off the counter counts the puzzle as given, never
// the position in play: a count falling to 0 would point out a wrong entry
// as surely as a red digit. "Solution counter" off hides it.
let counted = null;
async function liveCount() {
  const seq = ++countSeq, play = $("check").checked;
  const said = play ? "Solutions remaining" : "Solutions";
  const req = play ? playReq() : givensReq(), key = `${play}:${req.puzzle}`;
  if (counted && counted.key === key) { $("counter").textContent = counted.text; return; }
  if (play && conflicts(values()).size) { $("counter").textContent = `${said}: 0 (conflict)`; return; }
  $("counter").textContent = `${said}: counting…`;
  try {
    const r = await bg.call("count", req, 2000, undefined, (p) => {
      if (seq === countSeq && p.solutions != null) $("counter").textContent = `${said}: counting… at least ${BigInt(p.solutions).toLocaleString()}`;
    });
    if (seq !== countSeq) return;
    $("counter").textContent = `${said}: ${r.exact ? "" : "at least "}${BigInt(r.count).toLocaleString()}`;
    counted = { key, text: $("counter").textContent };
  } catch (e) {
    if (seq !== countSeq) return;
    $("counter").textContent = `${said}: 0`;
  }
}
async function solveInBackground() {
  const at = st.info;
  try { const r = await bg.call("solve", givensReq(), 5000); if (st.info === at && r.unique) { st.solution = r.solution.rows.flat(); paint(); } } catch (e) { /* no unique solution: no mistake checking */ }
}
function showGrade(g) { st.grade = g; $("grade").textContent = g ? `Difficulty: ${g.describe}` : ""; $("print-title").dataset.grade = g ? g.level : ""; updatePrintTitle(); }
function updatePrintTitle() { const t = $("print-title"); t.textContent = `${(st.title || "sudokit puzzle")}${st.grade ? " — " + st.grade.level : ""}`; }
async function rate() {
  const at = st.info;
  if (st.n > 16 || st.cube) { showGrade(null); return; }
  try { const g = await bg.call("rate", givensReq(), 4000); if (st.info === at) showGrade(g); } catch (e) { if (st.info === at) $("grade").textContent = ""; }
}
// Errors in words a player can act on.
function explainError(e) {
  if (e.cancelled) return "Cancelled.";
  const a = e.answer || {};
  if (a.status === "over-budget") return "That took too long. Try again, or pick an easier setting.";
  let m = e.message.replace(/^puzzle \d+, line \d+(, column \d+)?: /, "");
  if (/contradictory givens/.test(m)) m = `The puzzle contradicts itself (${m.replace("contradictory givens: ", "")}). Check the digits you pasted.`;
  else if (/do not take constraints/.test(m)) m = "Explanations and difficulty ratings are not available for puzzles with cages, lines or dots yet. Solve, Hint (to check your entries) and the solutions counter work.";
  else if (/^no puzzle in the request/.test(m)) m = "No puzzle found in that text. Paste one puzzle: 81 digits with dots or zeros for the empty cells (or a row per line), a grid drawn with text, or a puzzle link.";
  else if (/^one puzzle per request/.test(m)) m = "That text holds more than one puzzle: paste just one.";
  else if (/no solution/.test(m)) m = "This position has no solution: undo your last entries, or use Hint to find the mistake.";
  else if (a.line) m = `Line ${a.line}${a.column ? ", column " + a.column : ""}: ${m}`;
  return m;
}

// The "New puzzle" form follows the board in play (size, cube, variants; a
// jigsaw offers "on these jigsaw regions", its size fixed by the regions),
// and offers only what the generator makes: cubes up to 9×9×9, without
// variants, with point symmetry (rotational) or none; no disjoint groups or
// hypercube on jigsaw regions, given or random.
const variantBoxes = () => [...document.querySelectorAll('input[name="variant"]')];
function syncForm() {
  $("regions-choice").hidden = !st.regions;
  $("on-regions").checked = !!st.regions;
  if ([...$("shape").options].some((o) => o.value === st.box)) {
    $("shape").value = st.box;
    $("cube").checked = st.cube;
    for (const b of variantBoxes()) b.checked = st.variants.includes(b.value);
  }
  $("ruleset").value = generatedRules();
  formRules();
}
// The generator's rules a loaded board follows: cages alone (killer) or
// thermometers alone (thermo) on a plain board; else classic.
function generatedRules() {
  const kinds = new Set(st.constraints.map((c) => c.split(":")[0].trim()));
  const plain = !st.cube && !st.regions && !st.variants.length && kinds.size === 1;
  return plain && kinds.has("cage") ? "killer" : plain && kinds.has("thermo") ? "thermo" : "";
}
const onRegions = () => !!st.regions && $("on-regions").checked;
function formRules() {
  // Killer and thermo puzzles: plain square boards of 4 to 16 digits; a
  // difficulty is met by giving digits back or trying again (the engine's
  // constrained_at).
  const ruled = !!$("ruleset").value;
  if (ruled) { $("on-regions").checked = false; $("cube").checked = false; }
  $("on-regions").disabled = ruled;
  const jig = onRegions();
  if (jig) { $("cube").checked = false; if ([...$("shape").options].some((o) => o.value === st.box)) $("shape").value = st.box; }
  $("cube").disabled = jig || ruled; $("shape").disabled = jig;
  const cube = $("cube").checked;
  for (const o of $("shape").options) {
    const size = o.value.split("x").reduce((a, b) => a * b, 1);
    o.disabled = (cube && size > 9) || (ruled && size > 16);
    o.dataset.square ||= o.textContent;
    o.textContent = cube ? o.dataset.square.replace(/^(\d+)×\d+$/, "$1×$1×$1") : o.dataset.square;
  }
  if (!jig && $("shape").selectedOptions[0].disabled) $("shape").value = "2x2";
  // A random jigsaw layout: up to 9×9, never with disjoint groups or
  // hypercube (their groups follow the boxes), never on given regions.
  const big = $("shape").value.split("x").reduce((a, b) => a * b, 1) > 9;
  const picked = (v) => variantBoxes().some((b) => b.value === v && b.checked && !b.disabled);
  const boxGroups = picked("disjoint") || picked("hypercube"), randomJig = picked("jigsaw");
  for (const b of variantBoxes()) {
    const groups = b.value === "disjoint" || b.value === "hypercube";
    b.disabled = cube || ruled || (jig && (groups || b.value === "jigsaw")) ||
      (b.value === "jigsaw" && (big || boxGroups)) || (groups && randomJig);
    if (b.disabled) b.checked = false;
  }
  for (const o of $("symmetry").options) o.disabled = cube && !["rotational", "none"].includes(o.value);
  if ($("symmetry").selectedOptions[0].disabled) $("symmetry").value = "rotational";
}
$("on-regions").onchange = formRules;
$("cube").onchange = formRules;
$("ruleset").onchange = formRules;
$("shape").addEventListener("change", formRules);
for (const b of variantBoxes()) b.addEventListener("change", formRules);

// "any" difficulty: never a puzzle that needs trial and error (unfair,
// extreme). A plain 9×9 gets a level drawn: easy or medium until the player
// has solved a puzzle here, up to hard after. Above 9×9 a search for a
// level takes minutes; more clues left in (47 %) give singles-only puzzles
// at once (an untargeted 16×16 grades Extreme). Smaller boards, variants,
// jigsaws, cubes and 25×25 as they come (a level search there can run past
// the time allowed).
function anyLevel(shape, variants) {
  const n = shape.split("x").reduce((a, b) => a * b, 1);
  if ($("cube").checked || n > 16 || n < 9) return {};
  const first = !(+localStorage.getItem("sudokit-solved") > 0);
  const pick = first ? ["easy", "medium"] : ["easy", "medium", "hard"];
  const difficulty = pick[Math.floor(Math.random() * pick.length)];
  // Above 9×9: more clues too (a level comes in a few tries); without a
  // level, one in four 16×16s at 120 clues still needed a chain.
  if (n > 9) return { clues: Math.round(n * n * 0.47), difficulty };
  if (variants.length || onRegions()) return {};
  return { difficulty };
}
$("generate").onclick = async () => {
  const shape = onRegions() ? st.box : $("shape").value;
  const variants = variantBoxes().filter((b) => b.checked).map((b) => b.value);
  const rules = $("ruleset").value;
  const chosen = $("difficulty").value, any = chosen || rules ? {} : anyLevel(shape, variants), difficulty = chosen || any.difficulty || null;
  try {
    const seed = BigInt.asUintN(64, BigInt(Date.now()) * 1000003n + BigInt(Math.floor(Math.random() * 1e9))).toString();
    const g = await work(chosen ? `Making ${/^[aeiou]/.test(chosen) ? "an" : "a"} ${chosen} puzzle` : "Making a puzzle", "generate", { box: shape, cube: $("cube").checked, variants, regions: onRegions() ? st.regions : [], symmetry: $("symmetry").value, difficulty, ...(any.clues ? { clues: any.clues } : {}), ...(rules ? { rules } : {}) }, 60000, seed);
    st.title = `${difficulty ? difficulty[0].toUpperCase() + difficulty.slice(1) + " " : ""}${rules ? rules + " " : ""}sudoku #${g.seed}`;
    await load(JSON.stringify(g.grid));
    // Asked for a random layout: the next puzzle gets a fresh one too.
    if (variants.includes("jigsaw")) {
      $("on-regions").checked = false;
      formRules();
      document.querySelector('input[name="variant"][value="jigsaw"]').checked = true;
      formRules();
    }
    if (g.grade) showGrade(g.grade);
    status(`New puzzle: ${g.clues} clues (seed ${g.seed}).`);
  } catch (e) { status(explainError(e), "error"); }
};

// The player's candidates for a hint: auto candidates less struck ones, or
// the player's own notes; [] when there are none (every digit allowed).
function pencilForHint() {
  const vals = values(), auto = !$("auto").checked;
  const own = st.corner.map((m, i) => m | st.centre[i]);
  if (auto ? !own.some(Boolean) : !st.struck.some(Boolean)) return [];
  const cand = candidates(vals);
  return vals.map((v, i) => (v ? [] : bitsOf(auto ? own[i] : cand[i] & ~st.struck[i])));
}
// Three levels: where to look → which technique → the whole step (Apply).
$("hint").onclick = async () => {
  if (st.hint && st.hint.step && st.hintLevel < 3) { st.hintLevel++; showHint(); return; }
  try {
    const h = await work("Looking for a hint", "hint", { ...givensReq(), entries: st.entries, pencil: pencilForHint() }, 20000);
    st.explain = null; $("explain-nav").hidden = true;
    st.hint = h; st.hintLevel = 1;
    st.view = h.step ? { step: h.step } : h.mistake ? { mistake: h.mistake } : null;
    if (h.mistake) st.sel = h.mistake.cell;
    showHint();
  } catch (e) { status(explainError(e), "error"); }
};
function showHint() {
  const h = st.hint, s = h.step;
  const lv = s && h.levels && h.levels[st.hintLevel - 1];
  $("explanation").textContent = !s ? h.explanation : lv ? lv.text : s.describe;
  $("apply").disabled = !(s && st.hintLevel >= 3);
  $("hint").textContent = s && st.hintLevel < 3 ? "More" : "Hint";
  paint();
}
// What a hint at level 1 or 2 lights, from the engine's levels (which never
// give a single's cell away): the region of level 1, and at level 2 the
// cells that level names; null at level 3 (the step itself) or without
// levels.
function hintLook() {
  const levels = st.hint && st.hint.step && st.view && st.view.step === st.hint.step && st.hint.levels;
  if (!levels || st.hintLevel < 1 || st.hintLevel >= 3) return null;
  return { region: levels[0].cells, cells: st.hintLevel >= 2 && levels[1] ? levels[1].cells : [] };
}
$("apply").onclick = () => {
  const step = st.view && st.view.step; if (!step) return;
  const group = [];
  for (const p of step.placements) { group.push(snapshot(p.cell)); st.entries[p.cell] = p.digit; }
  for (const e of step.eliminations) { group.push(snapshot(e.cell)); st.struck[e.cell] |= 1 << (e.digit - 1); st.corner[e.cell] &= ~(1 << (e.digit - 1)); st.centre[e.cell] &= ~(1 << (e.digit - 1)); }
  if (group.length) st.undo.push(group);
  st.redo = []; afterMove();
};
function showExplainStep() {
  const { steps, i } = st.explain, s = steps[i];
  $("stepno").textContent = ` Step ${i + 1} of ${steps.length} `;
  $("explanation").textContent = s.describe;
  paint();
}
$("explain").onclick = async () => {
  try {
    const r = await work("Working out every step", "explain", givensReq(), 60000);
    if (!r.steps.length) { status("Nothing to explain: the grid is full."); return; }
    clearView(); st.explain = { steps: r.steps, i: 0 };
    $("explain-nav").hidden = false;
    showGrade(r.grade);
    status(r.solved ? "" : "The logical path stops before the end.");
    showExplainStep();
  } catch (e) { status(explainError(e), "error"); }
};
$("prev").onclick = () => { if (st.explain && st.explain.i > 0) { st.explain.i--; showExplainStep(); } };
$("next").onclick = () => { if (st.explain && st.explain.i + 1 < st.explain.steps.length) { st.explain.i++; showExplainStep(); } };
$("close-explain").onclick = () => { clearView(); paint(); };
$("solve").onclick = async () => {
  try {
    const r = await work("Solving", "solve", playReq(), 60000);
    const s = r.solution.rows.flat();
    const group = [];
    for (let i = 0; i < st.cells; i++) if (!st.givens[i] && st.entries[i] !== s[i]) { group.push(snapshot(i)); st.entries[i] = s[i]; }
    if (group.length) st.undo.push(group);
    st.redo = []; st.done = true; afterMove();
    status(r.unique ? "Solved (the solution is unique)." : "Solved, but the puzzle has more than one solution.");
  } catch (e) { status(explainError(e), "error"); }
};
$("clear").onclick = () => {
  const group = [];
  for (let i = 0; i < st.cells; i++) if (st.entries[i] || st.corner[i] || st.centre[i] || st.struck[i]) { group.push(snapshot(i)); st.entries[i] = 0; st.corner[i] = 0; st.centre[i] = 0; st.struck[i] = 0; }
  if (group.length) st.undo.push(group);
  st.redo = []; st.elapsed = 0; st.done = false; status(""); afterMove();
};
$("undo").onclick = () => undoRedo(st.undo, st.redo);
$("redo").onclick = () => undoRedo(st.redo, st.undo);
$("mode").onclick = () => { st.mode = MODES[(MODES.indexOf(st.mode) + 1) % MODES.length]; paint(); };
// Marks of a big board in small cells (16×16 on a phone: 24 px cells, 6 px
// marks) are unreadable: showing them zooms the board as the Zoom button does.
function zoomForMarks() {
  const layer = $("board").querySelector(".layer");
  if (st.zoom || st.n <= 9 || !layer || layer.getBoundingClientRect().width / st.n >= 30) return;
  st.zoom = true; st.zoomK = null; applyZoom();
}
$("auto").onchange = () => { if ($("auto").checked) zoomForMarks(); paint(); };
$("check").onchange = () => { localStorage.setItem("sudokit-check", $("check").checked ? "1" : ""); paint(); scheduleCount(); };
$("check").checked = !!localStorage.getItem("sudokit-check");
$("showcount").onchange = () => { localStorage.setItem("sudokit-hidecount", $("showcount").checked ? "" : "1"); $("counter").hidden = !$("showcount").checked; };
$("showcount").checked = !localStorage.getItem("sudokit-hidecount");
$("counter").hidden = !$("showcount").checked;
function download(blob, name) { const a = document.createElement("a"); a.href = URL.createObjectURL(blob); a.download = name; a.click(); }
$("svg").onclick = async () => {
  try { const r = await work("Drawing", "render_svg", playReq()); download(new Blob([r.svg], { type: "image/svg+xml" }), "sudoku.svg"); } catch (e) { status(explainError(e), "error"); }
};
// A PDF page made by the engine: the title, the givens and the difficulty,
// the solution on a second page when "print solution" is ticked.
$("pdf").onclick = async () => {
  try {
    const r = await work("Making the PDF", "render_pdf", { ...givensReq(), title: st.title || "sudokit puzzle", solution: $("print-solution").checked }, 20000);
    download(new Blob([r.pdf], { type: "application/pdf" }), "sudoku.pdf");
    status("PDF downloaded.");
  } catch (e) { status(explainError(e), "error"); }
};
// Print: the board as it stands, title and difficulty above; the solution
// below when asked for. Hint and selection colours are off in print CSS.
$("print").onclick = async () => {
  const holder = $("print-solution-board");
  holder.replaceChildren();
  if ($("print-solution").checked) {
    try {
      const r = await work("Solving", "render_svg", { ...givensReq(), solution: true });
      const h = document.createElement("h3"); h.textContent = "Solution";
      const img = document.createElement("img"); img.alt = "solution"; img.style.width = "9cm"; img.src = URL.createObjectURL(new Blob([r.svg], { type: "image/svg+xml" }));
      holder.append(h, img);
      await new Promise((res) => { img.onload = res; img.onerror = res; });
    } catch (e) { status(explainError(e), "error"); }
  }
  clearView(); const sel = st.sel; st.sel = -1; paint(); window.print(); st.sel = sel; paint();
};
$("load").onclick = async () => {
  try {
    // One of this page's own links (a shared game): opened as such.
    const link = /#((?:.*&)?g=.*)$/.exec($("paste").value.trim());
    if (link) { await loadParams(link[1]); st.title = ""; status("Loaded the shared game."); return; }
    const info = await load($("paste").value).catch((e) => {
      // Prose, a greeting, a stray word: the reader's complaint ("grid ended
      // after 1 rows") would mean nothing to the player.
      if (!/[0-9.]{4}/.test($("paste").value)) e.message = "no puzzle in the request";
      throw e;
    });
    st.title = "";
    const extra = [info.grid.variants && info.grid.variants.join(", "), info.grid.regions && "jigsaw", info.cube && "cube"].filter(Boolean).join(", ");
    const rules = (info.grid.constraints || []).length;
    status(`Loaded a ${info.n}×${info.n}${extra ? " " + extra : ""} puzzle with ${info.givens} givens${rules ? ` and ${rules} constraint${rules > 1 ? "s" : ""}` : ""}.`);
  } catch (e) { status(explainError(e), "error"); }
};

// ---- keyboard -------------------------------------------------------------------
document.addEventListener("keydown", (e) => {
  const tag = e.target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || tag === "INPUT") return;
  if (!e.target.classList || !(e.target.classList.contains("cell") || e.target === document.body || e.target.id === "board")) {
    if (e.key.length !== 1 && e.key !== "Backspace" && e.key !== "Delete") return;
  }
  const n = st.n;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { undoRedo(st.undo, st.redo); e.preventDefault(); return; }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { undoRedo(st.redo, st.undo); e.preventDefault(); return; }
  // A digit with Shift: a corner note; with Ctrl (⌘): a centre note (as in
  // SudokuPad). The digit is read from the key's place, not the character
  // Shift gives (Shift+1 is "!").
  const code = /^(?:Digit|Numpad)(\d)$/.exec(e.code || "");
  const typed = code ? +code[1] : SYMBOLS.indexOf(e.key.toUpperCase()) + 1;
  if ((e.shiftKey || e.ctrlKey || e.metaKey) && !e.altKey && typed > 0 && typed <= n && n < 25) {
    enter(typed, e.shiftKey ? "corner" : "centre"); e.preventDefault(); return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const moves = { ArrowUp: -n, ArrowDown: n, ArrowLeft: -1, ArrowRight: 1 };
  // Shift+arrows: the selection grows.
  if (e.key in moves && e.target.classList && e.target.classList.contains("cell")) { select((st.sel + moves[e.key] + st.cells) % st.cells, e.shiftKey); e.preventDefault(); return; }
  if (e.key === "Backspace" || e.key === "Delete" || e.key === "0" || e.key === ".") { enter(0); return; }
  if (n < 25 && (e.key === "p" || e.key === "P")) { $("mode").click(); return; }
  if (e.key === "z" || e.key === "Z") { $("zoom").click(); return; }
  if (e.key === "Escape") { st.multi = new Set(); clearView(); paint(); return; }
  const v = SYMBOLS.indexOf(e.key.toUpperCase()) + 1;
  if (v > 0 && v <= n) enter(v);
});

// ---- start ------------------------------------------------------------------------
// The puzzle in the URL (a share link, or the older #3x3+x:givens:entries form),
// else the saved game, else a new puzzle.
async function start() {
  const arrived = fg.call("version", {}).then((v) => {
    $("version").textContent = `Engine ${v.version}.`;
    if (v.engine === "http") $("where").textContent = "The engine runs on the server that sent this page.";
  }).catch(() => {}).finally(() => {
    engineReady = true;
    if ($("status").textContent === GETTING_READY) status("");
    // The offline copy is made once the engine is in: on a first visit its
    // downloads would otherwise compete with the engine's.
    if ("serviceWorker" in navigator && location.protocol !== "file:") navigator.serviceWorker.register("sw.js").catch(() => {});
  });
  setTimeout(() => { if (!engineReady && st.info && !$("status").textContent) status(GETTING_READY); }, 0);
  try {
    if (await openHash(location.hash.slice(1))) return;
    const saved = localStorage.getItem(STORE);
    if (saved) { await loadParams(saved); status("Welcome back: your game is as you left it."); return; }
    if (!engineReady) {
      const [p, level] = FIRST[Math.floor(Math.random() * FIRST.length)];
      st.title = `${level} sudoku`;
      await load(JSON.stringify({ box: "3x3", rows: [dec(p, 81)] }));
      return;
    }
  } catch (e) { status(explainError(e), "error"); }
  await arrived;
  $("generate").click();
}
// The puzzle a link's hash names (the short `3x3:…` form or the share
// parameters); false when the hash names none.
async function openHash(h) {
  const old = /^(\d+x\d+)(?:\+([a-z,]+))?:([^:]*)(?::(.*))?$/.exec(h);
  if (old) {
    const [r, c] = old[1].split("x").map(Number), n = r * c;
    const grid = { box: old[1], rows: [dec(old[3], n * n)] };
    if (old[2]) grid.variants = old[2].split(",");
    await load(JSON.stringify(grid), old[4] ? dec(old[4], n * n) : null);
    return true;
  }
  if (h.includes("g=")) { await loadParams(h); return true; }
  return false;
}
// A link opened in this tab (only the hash changes, so the page stays):
// play its puzzle. Until it is in, the address bar keeps the link: the
// clock's writeUrl used to put the old game back within a second.
addEventListener("hashchange", async () => {
  const h = location.hash.slice(1);
  opening = h;
  try { await openHash(h); } catch (e) { status(explainError(e), "error"); } finally { if (opening === h) opening = null; }
});
start();
