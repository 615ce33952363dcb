// The engine in the browser against the same code natively: times the
// WebAssembly `solve` export (JSON request in, JSON answer out) inside the
// site's Web Worker in headless Chromium, puzzle by puzzle, and the page's
// time from opening to a playable board. The native side is
// `cargo run --release -p sudokit-wasm --example bench_native` on the same
// files (the same export compiled for the host).
//
//   node bench.js SITE_DIR FILE[:LIMIT] ...
//
// `count=FILE[:BUDGET_MS]` instead times the `count` export (the live
// counter's call, by default with its 2,000 ms budget) on each position of a
// file of 81-character lines with optional tags, such as
// crates/sudokit/tests/data/count_positions.txt: one line per position
// (seconds, exact or LOWER, count, tag), then how many were exact.
"use strict";
const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");
const { chromium } = require("playwright-core");

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml" };
const [site, ...specs] = process.argv.slice(2);
// A file's puzzles: one per line, or `R C` header blocks.
function puzzles(file, limit) {
  const text = fs.readFileSync(file, "utf8");
  const lines = text.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  let out;
  if (/^\s*\d+\s+\d+\s*$/.test(lines[0])) {
    out = [];
    for (const l of lines) { if (/^\s*\d+\s+\d+\s*$/.test(l)) out.push([l]); else out[out.length - 1].push(l); }
    out = out.map((b) => b.join("\n"));
  } else out = lines.map((l) => l.trim().slice(0, 81));
  return out.slice(0, limit);
}
(async () => {
  const server = http.createServer((req, res) => {
    let p = new URL(req.url, "http://x").pathname; if (p.endsWith("/")) p += "index.html";
    fs.readFile(path.join(site, path.normalize(p)), (err, data) => { if (err) { res.writeHead(404); res.end(); return; } res.writeHead(200, { "Content-Type": TYPES[path.extname(p)] || "application/octet-stream" }); res.end(data); });
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const opens = [];
  for (let k = 0; k < 5; k++) {
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${server.address().port}/?${k}#3x3:53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79`);
    await page.waitForFunction(() => document.querySelectorAll("#board .cell.given").length === 30 && /remaining: 1$/.test(document.getElementById("counter").textContent));
    opens.push(Date.now() - t0);
  }
  const worker = page.workers()[0];
  for (const spec of specs) {
    if (spec.startsWith("count=")) { await countPositions(worker, spec.slice(6)); continue; }
    const [file, limit] = spec.split(":");
    const list = puzzles(file, limit ? +limit : 1e9);
    const r = await worker.evaluate(async (list) => {
      await new Promise((ok) => setTimeout(ok, 100));
      const times = [];
      for (const p of list) {
        const req = JSON.stringify({ puzzle: p });
        const t0 = performance.now();
        const a = JSON.parse(wasm_bindgen.solve(req, 0));
        times.push(performance.now() - t0);
        if (a.error) return { error: a.error };
      }
      return { n: list.length, total: times.reduce((a, b) => a + b, 0) };
    }, list);
    console.log(`${path.basename(file)}\t${r.n} puzzles\t${((r.total * 1000) / r.n).toFixed(1)} µs/puzzle (browser, wasm)${r.error ? " " + r.error : ""}`);
  }
  opens.sort((a, b) => a - b);
  console.log(`open to playable board (counted, 9×9), ms: ${opens.join(", ")} (median ${opens[2]})`);
  await browser.close(); server.close();
})();

// The live counter's work, position by position, in the page's worker.
async function countPositions(worker, spec) {
  const [file, budget] = spec.split(":");
  const lines = fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const list = lines.map((l) => [l.slice(0, 81), l.slice(81).trim()]);
  const rows = [];
  for (const [p, tag] of list) {
    const r = await worker.evaluate(([p, budget]) => {
      const t0 = performance.now();
      const a = JSON.parse(wasm_bindgen.count(JSON.stringify({ puzzle: p }), budget));
      return { secs: (performance.now() - t0) / 1000, exact: a.exact, count: a.count, error: a.error };
    }, [p, budget ? +budget : 2000]);
    rows.push(r);
    console.log(`${r.secs.toFixed(4).padStart(9)} ${r.error ? "ERROR " + r.error : (r.exact ? "exact" : "LOWER") + " " + r.count} ${tag}`);
  }
  const exact = rows.filter((r) => r.exact);
  const secs = rows.map((r) => r.secs).sort((a, b) => a - b);
  console.log(`${path.basename(file)}: ${exact.length} of ${rows.length} exact, ${exact.filter((r) => r.secs < 1).length} exact under 1 s, median ${secs[secs.length >> 1].toFixed(3)} s (browser, wasm, budget ${budget || 2000} ms)`);
}

