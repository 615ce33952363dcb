// The keyboard, and the start: the puzzle of the link, the saved game or a
// first puzzle.
"use strict";
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
  }).then(offerTechniques).catch(() => {}).finally(() => {
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
  try { await openHash(h); } catch (e) { status(explainError(e), "error"); } finally { if (opening === h) { opening = null; written = null; } }
});
start();
