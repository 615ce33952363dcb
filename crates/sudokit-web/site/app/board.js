// Drawing the board: cells, regions, variant drawings, marks and
// highlights; selection, dragging and zoom; candidates and conflicts from
// the puzzle's units.
"use strict";
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
