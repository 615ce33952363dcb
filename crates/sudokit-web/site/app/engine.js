// The engine (the library compiled to WebAssembly) in Web Workers
// (worker.js), and the waiting line shown while it works.
"use strict";
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
