// The web app's first and repeat visit on a slow phone network, measured:
// headless Chromium at 390×844, CDP network emulation (1.6 Mbit/s down,
// 750 kbit/s up, 150 ms latency), the page opened with no puzzle in its link
// as a new player would. Per visit: the first board drawn, the engine's first
// answer (the solutions counter), the bytes on the wire (a counting proxy in
// front of the server: page, worker and service worker alike) and the
// requests for a `.wasm` that reached the server. Medians of RUNS (5) runs,
// each in a fresh browser context (empty HTTP cache, no service worker); the
// repeat visit is a new tab of that context once the first one settled.
//
//   node firstvisit.js BIN [serve args…]   (starts BIN serve on a free port,
//                                          e.g. ../../../target/release/sudokit)
//   node firstvisit.js http://host:port/   (a server already running)
//   RUNS=5 HASH='#3x3:…' node firstvisit.js …
"use strict";
const { chromium } = require("playwright-core");
const { PHONE, LAUNCH, slowPhonePage, recordTimes, counter, startServe } = require("./netlab");

const RUNS = +process.env.RUNS || 5;
const HASH = process.env.HASH || "";

async function visit(context, proxy) {
  proxy.reset();
  const page = await slowPhonePage(context);
  await page.addInitScript(recordTimes);
  await page.goto(proxy.base + HASH);
  await page.waitForFunction(() => window.__engineReady, null, { timeout: 180000, polling: 100 });
  const t = await page.evaluate(() => ({ board: window.__firstBoard, engine: window.__engineReady }));
  // Let the service worker install and fill its cache: that is part of the
  // first visit's bytes.
  await page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready).catch(() => {});
  await proxy.idle(2000);
  const wasm = proxy.stats.requests.filter((r) => /\.wasm(\?|$)/.test(r.split(" ")[1])).length;
  const out = { board: t.board, engine: t.engine, bytes: proxy.stats.down + proxy.stats.up, wasm, requests: proxy.stats.requests.length };
  await page.close();
  return out;
}

const median = (xs) => { const s = xs.slice().sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

(async () => {
  const [target, ...rest] = process.argv.slice(2);
  if (!target) { console.error("usage: node firstvisit.js (BIN [serve args…] | URL)"); process.exit(2); }
  let server = null, port;
  if (/^https?:/.test(target)) port = +new URL(target).port;
  else { server = await startServe(target, rest); port = server.port; }
  const proxy = await counter(port);
  const browser = await chromium.launch(LAUNCH);
  const runs = { first: [], repeat: [] };
  try {
    for (let k = 0; k < RUNS; k++) {
      const context = await browser.newContext(PHONE);
      runs.first.push(await visit(context, proxy));
      runs.repeat.push(await visit(context, proxy));
      await context.close();
      console.log(`run ${k + 1}: first ${JSON.stringify(runs.first[k])} repeat ${JSON.stringify(runs.repeat[k])}`);
    }
  } finally {
    await browser.close(); proxy.close(); if (server) server.close();
  }
  for (const kind of ["first", "repeat"]) {
    const r = runs[kind], m = (f) => median(r.map(f));
    console.log(`${kind.padEnd(6)} visit, medians of ${RUNS}: board ${Math.round(m((x) => x.board))} ms, engine ready ${Math.round(m((x) => x.engine))} ms, ${Math.round(m((x) => x.bytes)).toLocaleString("en")} bytes on the wire, ${m((x) => x.wasm)} wasm request(s), ${m((x) => x.requests)} requests`);
  }
})().catch((e) => { console.error(e); process.exit(1); });
