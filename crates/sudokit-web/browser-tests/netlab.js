// What a phone on a slow network sees of the site: shared by firstvisit.js
// (the measurement) and network.test.js (the test).
//
// - `slowPhone(context)`: a page at 390×844 whose network is emulated through
//   CDP `Network.emulateNetworkConditions` (1.6 Mbit/s down, 750 kbit/s up,
//   150 ms latency; the page's dedicated workers share its network).
// - `counter(port)`: a TCP proxy in front of the server on `port` that counts
//   the bytes crossing it in each direction and the requests that reach the
//   server, whoever sent them (page, worker or service worker). What the
//   browser answers from its HTTP cache or the service worker's cache never
//   reaches it, so its totals are the bytes on the wire.
// - `startServe(bin, args)`: `sudokit serve` on a free loopback port.
"use strict";
const net = require("node:net");
const { spawn } = require("node:child_process");

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SLOW = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

// A new page of `context` with the slow network already set (before any
// request is made).
async function slowPhonePage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW);
  return page;
}

// Times the page records itself (ms since navigation start): the first cell
// of a board drawn, and the first answer of the engine (the solutions
// counter showing a number).
function recordTimes() {
  const mark = () => {
    const t = performance.now();
    if (!window.__firstBoard && document.querySelector("#board .cell")) window.__firstBoard = t;
    const c = document.getElementById("counter");
    if (!window.__engineReady && c && /\d/.test(c.textContent) && !/counting/.test(c.textContent)) window.__engineReady = t;
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, characterData: true });
}

function freePort() {
  return new Promise((ok) => { const s = net.createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => ok(p)); }); });
}

async function counter(upstreamPort) {
  const stats = { down: 0, up: 0, requests: [], last: Date.now() };
  const server = net.createServer((client) => {
    const up = net.connect(upstreamPort, "127.0.0.1");
    let head = "";
    client.on("data", (d) => {
      stats.up += d.length; stats.last = Date.now();
      // Request lines (a body that looked like one would be counted too;
      // the site's API bodies are JSON).
      head = (head + d.toString("latin1")).slice(-4096);
      let m, last = 0;
      const re = /(?:^|\r\n)(GET|POST|HEAD|PUT|DELETE|OPTIONS) (\S+) HTTP\/1\.1\r\n/g;
      while ((m = re.exec(head))) { stats.requests.push(`${m[1]} ${m[2]}`); last = re.lastIndex; }
      // Keep what follows the last request line seen (or a tail that may
      // hold the start of one), never a line already counted.
      head = last ? head.slice(last - 2) : head.slice(-512);
    });
    up.on("data", (d) => { stats.down += d.length; stats.last = Date.now(); });
    client.pipe(up); up.pipe(client);
    const end = () => { client.destroy(); up.destroy(); };
    client.on("error", end); up.on("error", end); client.on("close", end); up.on("close", end);
  });
  const port = await new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server.address().port)));
  return {
    base: `http://127.0.0.1:${port}/`,
    stats,
    reset() { stats.down = 0; stats.up = 0; stats.requests = []; stats.last = Date.now(); },
    // Resolves once nothing crossed for `quiet` ms (the service worker's
    // precache and the like are done).
    async idle(quiet = 1500, max = 60000) {
      const t0 = Date.now();
      while (Date.now() - stats.last < quiet && Date.now() - t0 < max) await new Promise((r) => setTimeout(r, 100));
    },
    close() { server.close(); },
  };
}

// `sudokit serve` on a free port; resolves once /api/health answers.
async function startServe(bin, args = []) {
  const port = await freePort();
  const child = spawn(bin, ["serve", "--addr", `127.0.0.1:${port}`, ...args], { stdio: ["ignore", "ignore", "inherit"] });
  for (let k = 0; k < 200; k++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { port, close: () => child.kill() }; } catch (e) { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`${bin} serve did not answer on port ${port}`);
}

const LAUNCH = {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

module.exports = { PHONE, SLOW, LAUNCH, slowPhonePage, recordTimes, counter, startServe, freePort };
