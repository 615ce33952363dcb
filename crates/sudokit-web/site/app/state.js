// sudokit, the page. The engine runs in a Web Worker (engine.js); the
// page's scripts keep the player's state and draw it. Units (rows, columns,
// boxes, jigsaw regions, diagonals, windows, cube lines…) come from the
// engine's `parse` answer, so conflicts and variant drawings follow the
// puzzle's real units.
//
// This file: the player's game (the puzzle as the engine read it, entries,
// marks, colours) and how a puzzle is set up, also before the engine has
// arrived.
//
// The page's scripts (index.html loads them in order) share one scope:
// this one first, with the names every other uses ($, st, sym).
"use strict";
const $ = (id) => document.getElementById(id);
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const sym = (v) => SYMBOLS[v - 1] || "?";
const STORE = "sudokit-game";

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
