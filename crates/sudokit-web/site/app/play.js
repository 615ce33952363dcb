// Playing: digits, notes and colours into the selected cells, undo and
// redo; the timer, pause and the colour theme.
"use strict";
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
