// The end of a game and the daily puzzle.
"use strict";
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
