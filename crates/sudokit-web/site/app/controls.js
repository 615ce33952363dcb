// The buttons and forms: what each asks of the engine and how its answer
// is shown (the live solutions counter, new puzzles, hints, explanations,
// solving, export and print, loading a puzzle).
"use strict";
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
  try { const g = await bg.call("rate", logicReq(givensReq()), 4000); if (st.info === at) showGrade(g); } catch (e) { if (st.info === at) $("grade").textContent = ""; }
}
// HoDoKu's techniques that are off unless asked for, as the engine lists
// them: the ticked ones join every hint, explanation and grade. Kept in
// local storage; a saved name the engine does not offer is dropped.
const TECHNIQUES = "sudokit-techniques";
let techniques = [];
const logicReq = (req) => (techniques.length ? { ...req, techniques } : req);
async function offerTechniques() {
  let offered;
  try { offered = await fg.call("techniques", {}); } catch (e) { return; }
  if (!Array.isArray(offered) || !offered.length) return;
  let saved = [];
  try { saved = JSON.parse(localStorage.getItem(TECHNIQUES) || "[]"); } catch (e) { /* storage off or spoilt: none */ }
  techniques = offered.map((t) => t.key).filter((k) => Array.isArray(saved) && saved.includes(k));
  const box = $("opt-ins");
  box.textContent = "";
  for (const t of offered) {
    const label = document.createElement("label"), input = document.createElement("input");
    input.type = "checkbox"; input.autocomplete = "off"; input.value = t.key; input.checked = techniques.includes(t.key);
    input.onchange = () => {
      techniques = [...box.querySelectorAll("input:checked")].map((i) => i.value);
      try { localStorage.setItem(TECHNIQUES, JSON.stringify(techniques)); } catch (e) { /* storage off: this visit only */ }
      clearView(); paint(); rate();
    };
    label.append(input, ` ${t.name}`);
    box.append(label);
  }
  $("techniques-box").hidden = false;
  // The first grade of this board may have gone out before the saved choice was read.
  if (techniques.length && st.info) rate();
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
// The generator's rules a loaded board follows: cages alone (killer), or
// rules of one other kind the form offers (thermometers, a line family) on
// a plain board; else classic.
function generatedRules() {
  const kinds = new Set(st.constraints.map((c) => c.split(":")[0].trim()));
  const plain = !st.cube && !st.regions && !st.variants.length && kinds.size === 1;
  if (!plain) return "";
  const [kind] = kinds, offered = [...$("ruleset").options].map((o) => o.value);
  return kind === "cage" ? "killer" : kind !== "killer" && offered.includes(kind) ? kind : "";
}
const onRegions = () => !!st.regions && $("on-regions").checked;
function formRules() {
  // Constraint puzzles: plain square boards of 4 to 16 digits; a
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
    const h = await work("Looking for a hint", "hint", logicReq({ ...givensReq(), entries: st.entries, pencil: pencilForHint() }), 20000);
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
    const r = await work("Working out every step", "explain", logicReq(givensReq()), 60000);
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
