// The static site in real headless Chromium (playwright-core driving the
// system's /usr/bin/chromium), served by a plain static file server (this
// file's own, a few lines of node:http) with `sudokit serve` not running.
// Desktop 1280×900 and phone 390×844 with touch: a whole game played by taps,
// every variant, a jigsaw and a cube drawn with square, non-overlapping cells,
// the three hint levels, a share link that restores progress, dark mode, an
// axe-core audit, and the site again offline after the first visit.
// Screenshots of every state go to target/browser-artifacts/.
//
//   node site.test.js [SITE_DIR]   (default: target/site; build it first with
//                                    bash scripts/build-site.sh target/site)
"use strict";
const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");
const assert = require("node:assert/strict");
const { chromium } = require("playwright-core");

const ROOT = path.resolve(__dirname, "../../..");
const SITE = path.resolve(process.argv[2] || path.join(ROOT, "target/site"));
const ART = path.join(ROOT, "target/browser-artifacts");
fs.mkdirSync(ART, { recursive: true });
const AXE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png", ".webmanifest": "application/manifest+json" };
function serve(dir) {
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (p.endsWith("/")) p += "index.html";
    const file = path.join(dir, path.normalize(p).replace(/^(\.\.[/\\])+/, ""));
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); res.end("not found"); return; }
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
      res.end(data);
    });
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

let failures = 0;
async function check(name, f) {
  const t0 = Date.now();
  try { await f(); console.log(`ok   ${name} (${Date.now() - t0} ms)`); } catch (e) { failures++; console.log(`FAIL ${name}\n${e.stack}`); }
}

const shot = (page, name) => page.screenshot({ path: path.join(ART, `site-${name}.png`) });
const ready = (page) => page.waitForFunction(() => document.querySelectorAll("#board .cell").length > 0 && !/counting|–/.test(document.getElementById("counter").textContent), null, { timeout: 30000 });
const counter = (page) => page.textContent("#counter");

// Every cell box square (within a pixel) and no two overlapping.
async function geometry(page) {
  const boxes = await page.$$eval("#board .cell", (cells) => cells.map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }));
  for (const [, , w, h] of boxes) assert.ok(Math.abs(w - h) <= 1 && w > 8, `cell ${w}×${h} is not square`);
  for (let a = 0; a < boxes.length; a++) for (let b = a + 1; b < boxes.length; b++) {
    const [x1, y1, w1, h1] = boxes[a], [x2, y2, w2, h2] = boxes[b];
    const ox = Math.min(x1 + w1, x2 + w2) - Math.max(x1, x2), oy = Math.min(y1 + h1, y2 + h2) - Math.max(y1, y2);
    assert.ok(ox <= 0.5 || oy <= 0.5, `cells ${a} and ${b} overlap`);
  }
  return boxes;
}

async function audit(page, label) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  fs.writeFileSync(path.join(ART, `axe-${label}.json`), JSON.stringify(result.violations, null, 1));
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), [], `axe ${label}`);
}

(async () => {
  assert.ok(fs.existsSync(path.join(SITE, "sudokit_wasm_bg.wasm")), `no built site in ${SITE}: bash scripts/build-site.sh`);
  const server = await serve(SITE);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const ctx = (opts) => browser.newContext({ ...opts });

  await check("desktop: the puzzle in the URL is drawn and counted, axe finds nothing serious", async () => {
    const c = await ctx(DESKTOP), page = await c.newPage();
    const t0 = Date.now();
    await page.goto(`${base}#3x3:${WIKI}`);
    await page.waitForSelector("#board .cell");
    const playable = Date.now() - t0;
    await ready(page);
    fs.writeFileSync(path.join(ART, "site-open-ms.txt"), `${playable}\n`);
    assert.equal(await page.locator("#board .cell").count(), 81);
    assert.equal(await page.locator("#board .cell.given").count(), 30);
    assert.match(await counter(page), /Solutions remaining: 1$/);
    await page.waitForFunction(() => /Difficulty/.test(document.getElementById("grade").textContent));
    await geometry(page);
    await shot(page, "desktop");
    await audit(page, "desktop-light");
    await c.close();
  });

  await check("phone: a whole game by touch, board full width, pad below, undo/redo, solved", async () => {
    const c = await ctx(PHONE), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    const board = await page.locator("#board").boundingBox(), pad = await page.locator("#pad").boundingBox();
    assert.ok(board.width >= 380, `board ${board.width}px wide on a 390px screen`);
    assert.ok(pad.y >= board.y + board.height, "the number pad is below the board");
    assert.ok(pad.width >= 380, "the pad spans the screen");
    await geometry(page);
    await shot(page, "phone-start");
    const empty = [...WIKI].map((ch, i) => (ch === "." ? i : -1)).filter((i) => i >= 0);
    // A wrong digit, then undo and redo and undo again.
    await page.tap(`[data-i="${empty[0]}"]`);
    await page.tap('#pad button[aria-label="enter 1"]');
    await page.waitForFunction(() => /Solutions remaining: 0/.test(document.getElementById("counter").textContent));
    assert.equal(await page.locator(".cell.bad").count() > 0 || (await counter(page)).includes("0"), true);
    await page.tap("#undo");
    await page.tap("#redo");
    assert.equal(await page.textContent(`[data-i="${empty[0]}"] .v`), "1");
    await page.tap("#undo");
    // A corner note, then the whole solution.
    await page.tap("#mode");
    await page.tap(`[data-i="${empty[1]}"]`);
    await page.tap('#pad button[aria-label="enter 2"]');
    await page.tap("#mode"); await page.tap("#mode");
    assert.equal(await page.locator(`[data-i="${empty[1]}"] .marks`).count(), 1);
    for (const [k, i] of empty.entries()) {
      await page.tap(`[data-i="${i}"]`);
      await page.tap(`#pad button[aria-label="enter ${WIKI_SOLUTION[i]}"]`);
      if (k === 20) await shot(page, "phone-playing");
    }
    await page.waitForFunction(() => /Solved in/.test(document.getElementById("status").textContent));
    assert.equal(await page.locator(".cell.solved").count(), 51);
    await shot(page, "phone-solved");
    await c.close();
  });

  const empty9 = ".".repeat(81);
  // A jigsaw: the nine boxes with two cells swapped between boxes 1 and 2.
  const regions = Array.from({ length: 81 }, (_, i) => Math.floor(Math.floor(i / 9) / 3) * 3 + Math.floor((i % 9) / 3));
  [regions[20], regions[21]] = [regions[21], regions[20]];
  const boards = [
    ["x", `b=3x3&v=x&g=${empty9}`, (p) => p.locator(".cell.d1").count(), 9],
    ["windoku", `b=3x3&v=windoku&g=${empty9}`, (p) => p.locator(".cell.win").count(), 36],
    ["disjoint", `b=3x3&v=disjoint&g=${empty9}`, (p) => p.locator(".gm").count(), 81],
    ["hypercube", `b=3x3&v=hypercube&g=${empty9}`, (p) => p.locator(".gm").count(), 243],
    // Labels in the link are 1-based digits, like the givens.
    ["jigsaw", `b=3x3&r=${regions.map((x) => x + 1).join("")}&g=${empty9}`, (p) => p.locator(".cell.br").count(), 20],
    ["cube", `b=2x2&cube=1&g=${".".repeat(64)}`, (p) => p.locator(".layer-label").count(), 4],
    ["16x16", `b=4x4&g=${"1".padEnd(256, ".")}`, (p) => p.locator(".cell").count(), 256],
  ];
  for (const [label, opts] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    await check(`${label}: every variant, a jigsaw, a cube and 16×16 drawn with square, separate cells`, async () => {
      const c = await ctx(opts), page = await c.newPage();
      for (const [name, hash, measure, want] of boards) {
        await page.goto(`${base}#${hash}`);
        await page.reload();
        await page.waitForFunction((n) => document.querySelectorAll("#board .cell").length === n, name === "cube" ? 64 : name === "16x16" ? 256 : 81);
        if (name === "16x16") { await page.check("#auto"); }
        const got = await measure(page);
        assert.equal(got, want, name);
        const boxes = await geometry(page);
        if (label === "phone" && name !== "cube") assert.ok(boxes[0][2] * Math.sqrt(boxes.length) >= 370, `${name} fills the width`);
        if (name === "16x16") {
          const fs16 = await page.$eval(".marks", (m) => parseFloat(getComputedStyle(m).fontSize));
          assert.ok(fs16 >= 6, `16×16 candidates at ${fs16}px`);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, `${label}-${name}`);
      }
      await c.close();
    });
  }

  await check("hints in three levels: where, which technique, the whole step; Apply", async () => {
    const c = await ctx(DESKTOP), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    await page.click("#hint");
    await page.waitForFunction(() => /^Look at/.test(document.getElementById("explanation").textContent));
    assert.ok((await page.locator(".cell.hlunit").count()) > 0, "level 1 highlights where to look");
    assert.equal(await page.locator(".marks").count(), 0, "level 1 shows no candidates");
    await shot(page, "hint-1");
    await page.click("#hint");
    assert.match(await page.textContent("#explanation"), /applies there/);
    assert.ok((await page.locator(".cell.hl").count()) > 0, "level 2 highlights the cells");
    await shot(page, "hint-2");
    await page.click("#hint");
    const full = await page.textContent("#explanation");
    assert.match(full, /: /, full);
    assert.equal(await page.isEnabled("#apply"), true);
    await shot(page, "hint-3");
    await page.click("#apply");
    assert.equal(await page.locator(".cell.entry").count(), 1);
    // A wrong entry is pointed out first.
    const i = WIKI.indexOf(".");
    await page.click(`[data-i="${i}"]`);
    await page.keyboard.press(WIKI_SOLUTION[i] === "9" ? "8" : "9");
    await page.click("#hint");
    await page.waitForFunction(() => /mistake/.test(document.getElementById("explanation").textContent));
    assert.equal(await page.locator(".cell.mistake").count(), 1);
    await shot(page, "hint-mistake");
    // Explain with Prev/Next.
    await page.keyboard.press("Backspace");
    await page.click("#explain");
    await page.waitForSelector("#explain-nav:not([hidden])");
    await page.click("#next");
    assert.match(await page.textContent("#stepno"), /Step 2 of/);
    await page.click("#prev");
    assert.match(await page.textContent("#stepno"), /Step 1 of/);
    await c.close();
  });

  await check("long work runs in the worker: progress shown, the board still answers, Cancel stops it", async () => {
    const c = await ctx(DESKTOP), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    await page.selectOption("#shape", "5x5");
    await page.selectOption("#difficulty", "");
    await page.click("#generate");
    await page.waitForSelector("#busy:not([hidden])", { timeout: 10000 });
    assert.match(await page.textContent("#busy-text"), /Making a puzzle… \d/);
    // The page is not frozen: a click still changes the entry mode at once.
    await page.click("#mode");
    assert.equal(await page.textContent("#mode"), "Corner");
    await shot(page, "busy");
    await page.click("#cancel");
    await page.waitForFunction(() => document.getElementById("status").textContent === "Cancelled.");
    assert.equal(await page.isHidden("#busy"), true);
    // A fresh worker answers the next request.
    await page.click("#hint");
    await page.waitForFunction(() => /^Look at/.test(document.getElementById("explanation").textContent));
    await c.close();
  });

  await check("share link round trip and saved progress restore entries, notes and time", async () => {
    const c = await ctx(PHONE), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    const empty = [...WIKI].map((ch, i) => (ch === "." ? i : -1)).filter((i) => i >= 0);
    for (const i of empty.slice(0, 3)) { await page.tap(`[data-i="${i}"]`); await page.tap(`#pad button[aria-label="enter ${WIKI_SOLUTION[i]}"]`); }
    await page.tap("#mode");
    await page.tap(`[data-i="${empty[5]}"]`);
    await page.tap('#pad button[aria-label="enter 4"]');
    const link = page.url();
    assert.match(link, /e=.*cm=/);
    await page.reload();
    await ready(page);
    assert.equal(await page.locator(".cell.entry").count(), 3, "reload keeps the game");
    const other = await ctx(PHONE), p2 = await other.newPage();
    await p2.goto(link);
    await ready(p2);
    assert.equal(await p2.locator(".cell.entry").count(), 3, "the link carries the entries");
    assert.equal(await p2.textContent(`[data-i="${empty[5]}"] .marks`), "4");
    await shot(p2, "share-restored");
    // Saved in the browser: the same origin without a hash.
    await page.goto(base);
    await ready(page);
    assert.equal(await page.locator(".cell.entry").count(), 3, "localStorage restores the game");
    await other.close(); await c.close();
  });

  await check("dark mode: the system setting and the toggle; axe in dark", async () => {
    const c = await ctx({ ...PHONE, colorScheme: "dark" }), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(bg, "rgb(18, 19, 23)");
    await shot(page, "phone-dark");
    await audit(page, "phone-dark");
    await c.close();
    const l = await ctx(DESKTOP), p2 = await l.newPage();
    await p2.goto(`${base}#3x3:${WIKI}`);
    await ready(p2);
    await p2.click("#theme"); await p2.click("#theme");
    assert.equal(await p2.evaluate(() => document.documentElement.dataset.theme), "dark");
    assert.equal(await p2.evaluate(() => getComputedStyle(document.body).backgroundColor), "rgb(18, 19, 23)");
    await shot(p2, "desktop-dark");
    await audit(p2, "desktop-dark");
    await l.close();
  });

  await check("offline after the first visit: server stopped, network cut, the app still plays", async () => {
    const c = await ctx(PHONE), page = await c.newPage();
    await page.goto(`${base}#3x3:${WIKI}`);
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller || (location.reload(), false), null, { timeout: 15000 }).catch(() => {});
    await page.reload();
    await ready(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const manifest = await page.evaluate(async () => (await fetch("manifest.webmanifest")).json());
    assert.equal(manifest.display, "standalone");
    // Installable: icons of 192 and 512 px that load (from the cache, later).
    for (const icon of manifest.icons) assert.equal((await page.request.get(base + icon.src)).status(), 200, icon.src);
    assert.ok(manifest.icons.some((i) => i.sizes === "512x512"));
    server.close();
    await c.setOffline(true);
    await page.reload();
    await ready(page);
    assert.match(await counter(page), /Solutions remaining: 1$/);
    await page.tap("#hint");
    await page.waitForFunction(() => /^Look at/.test(document.getElementById("explanation").textContent));
    await shot(page, "phone-offline");
    await c.close();
  });

  await browser.close();
  server.close();
  console.log(failures ? `${failures} failed` : "all passed");
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.error(e); process.exit(1); });
