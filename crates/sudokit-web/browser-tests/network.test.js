// The web app's delivery, in headless Chromium on an emulated slow phone
// network (CDP: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency; 390×844),
// served by `sudokit serve` behind a proxy that counts the bytes and the
// requests reaching the server. What is asserted, no timings:
//
// 1. First visit (`serve --site SITE_DIR`, the folder just built): the board
//    is drawn, and takes a digit, before the engine's .wasm has finished
//    arriving, and the page says hints and checks are getting ready; the
//    .wasm reaches the server exactly once (page, two engine workers and the
//    service worker together); the bytes on the wire stay under FIRST_BUDGET;
//    then the engine answers (the solutions counter). A repeat visit stays
//    under REPEAT_BUDGET and fetches no .wasm.
// 2. Plain `sudokit serve` (no flags) serves the offline app: its .wasm
//    answers 200 `application/wasm`, and with every /api request blocked the
//    page loads a puzzle and solves it.
//
//   node network.test.js [SUDOKIT_BIN [SITE_DIR]]
//     (defaults: target/release/sudokit, target/site; build the site first,
//      then the CLI: bash scripts/build-site.sh && cargo build --release -p sudokit-cli)
"use strict";
const path = require("node:path");
const assert = require("node:assert/strict");
const { chromium } = require("playwright-core");
const { PHONE, LAUNCH, slowPhonePage, recordTimes, counter, startServe } = require("./netlab");

const ROOT = path.resolve(__dirname, "../../..");
const BIN = path.resolve(process.argv[2] || path.join(ROOT, "target/release/sudokit"));
const SITE = path.resolve(process.argv[3] || path.join(ROOT, "target/site"));
const FIRST_BUDGET = 800 * 1000;
const REPEAT_BUDGET = 30 * 1000;
const WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const isWasm = (url) => /\.wasm(\?|$)/.test(new URL(url, "http://x").pathname);

let failures = 0, passed = 0;
async function check(name, f) {
  const t0 = Date.now();
  try { await f(); passed++; console.log(`ok   ${name} (${Date.now() - t0} ms)`); } catch (e) { failures++; console.log(`FAIL ${name}\n${e.stack}`); }
}

(async () => {
  const browser = await chromium.launch(LAUNCH);

  await check("first visit on a slow phone network: a playable board before the engine, one engine download, bytes under budget", async () => {
    const server = await startServe(BIN, ["--site", SITE]);
    const proxy = await counter(server.port);
    const context = await browser.newContext(PHONE);
    try {
      const page = await slowPhonePage(context);
      await page.addInitScript(recordTimes);
      // When the engine's bytes have all arrived in the browser (its
      // workers' requests are reported on the page).
      let wasmDone = null;
      page.on("response", (r) => { if (isWasm(r.url())) r.finished().then(() => { if (wasmDone === null) wasmDone = Date.now(); }, () => {}); });
      await page.goto(proxy.base);
      await page.waitForSelector("#board .cell", { timeout: 60000 });
      // Play at once: a tap on an empty cell and a digit from the pad.
      const empty = await page.$eval("#board", (b) => [...b.querySelectorAll(".cell")].findIndex((c) => !c.classList.contains("given")));
      await page.tap(`[data-i="${empty}"]`);
      await page.tap('#pad button[aria-label="enter 5"]');
      const entered = await page.$eval(`[data-i="${empty}"]`, (c) => c.classList.contains("entry") && c.querySelector(".v").textContent === "5");
      const stillComing = wasmDone === null;
      assert.ok(entered, "the digit is on the board");
      assert.ok(stillComing, "the board took a digit before the engine had arrived (the network emulation must be on)");
      // Undo the digit: the status line is the page's to say now.
      await page.tap("#undo");
      await page.waitForFunction(() => window.__engineReady, null, { timeout: 180000, polling: 100 });
      const boardAt = await page.evaluate(() => performance.timeOrigin + window.__firstBoard);
      assert.ok(wasmDone !== null, "the engine's .wasm was fetched");
      assert.ok(boardAt < wasmDone, `board drawn (${new Date(boardAt).toISOString()}) before the .wasm finished (${new Date(wasmDone).toISOString()})`);
      // With "Show mistakes" off the counter counts the givens alone ("Solutions: 1").
      assert.match(await page.textContent("#counter"), /Solutions( remaining)?: (at least )?[\d,]+/);
      // The service worker installs once the engine is in; its shell comes
      // from the browser's cache.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await proxy.idle(2000);
      const first = { bytes: proxy.stats.down + proxy.stats.up, wasm: proxy.stats.requests.filter((r) => isWasm(r.split(" ")[1])).length, requests: proxy.stats.requests };
      console.log(`     first visit: ${first.bytes} bytes, ${first.requests.length} requests: ${first.requests.join(", ")}`);
      assert.equal(first.wasm, 1, "the .wasm crossed the network once");
      assert.ok(first.bytes <= FIRST_BUDGET, `${first.bytes} bytes on the first visit (budget ${FIRST_BUDGET})`);
      await page.close();

      // Repeat visit: a new tab of the same browser.
      proxy.reset();
      const again = await slowPhonePage(context);
      await again.addInitScript(recordTimes);
      await again.goto(proxy.base);
      await again.waitForFunction(() => window.__engineReady, null, { timeout: 60000, polling: 100 });
      await proxy.idle(1500);
      const repeat = { bytes: proxy.stats.down + proxy.stats.up, requests: proxy.stats.requests };
      console.log(`     repeat visit: ${repeat.bytes} bytes, ${repeat.requests.length} requests: ${repeat.requests.join(", ")}`);
      assert.equal(repeat.requests.filter((r) => isWasm(r.split(" ")[1])).length, 0, "no .wasm on a repeat visit");
      assert.ok(repeat.bytes <= REPEAT_BUDGET, `${repeat.bytes} bytes on the repeat visit (budget ${REPEAT_BUDGET})`);
      assert.equal(await again.locator("#board .cell").count(), 81);
    } finally {
      await context.close(); proxy.close(); server.close();
    }
  });

  await check("plain sudokit serve: the offline app, its engine as WebAssembly, solves with /api blocked", async () => {
    const server = await startServe(BIN, []);
    const context = await browser.newContext(PHONE);
    try {
      const page = await context.newPage();
      const api = [];
      await context.route("**/api/**", (route) => { api.push(route.request().url()); route.abort(); });
      const wasm = [];
      page.on("response", (r) => { if (isWasm(r.url())) wasm.push({ status: r.status(), type: r.headers()["content-type"] }); });
      await page.goto(`http://127.0.0.1:${server.port}/#3x3:${WIKI}`);
      await page.waitForFunction(() => /Solutions( remaining)?: 1$/.test(document.getElementById("counter").textContent), null, { timeout: 60000 });
      await page.click("#solve");
      await page.waitForFunction(() => /Solved/.test(document.getElementById("status").textContent), null, { timeout: 60000 });
      const board = await page.$$eval("#board .cell", (cells) => cells.map((c) => c.querySelector(".v") ? c.querySelector(".v").textContent : ".").join(""));
      assert.equal(board, WIKI_SOLUTION);
      assert.deepEqual(api, [], "no request to /api");
      assert.deepEqual(wasm, [{ status: 200, type: "application/wasm" }], "the engine's .wasm, once");
      assert.match(await page.textContent("#where"), /in your browser/);
    } finally {
      await context.close(); server.close();
    }
  });

  await browser.close();
  console.log(`${passed} passed, ${failures} failed`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
