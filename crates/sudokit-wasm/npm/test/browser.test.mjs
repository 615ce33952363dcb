// The npm package in headless Chromium (playwright-core driving the system's
// /usr/bin/chromium), served as plain static files by a few lines of
// node:http from the folder where the tarball was installed: its browser
// entry fetches the .wasm beside it (application/wasm) and answers as in Node.
//
//   node browser.test.mjs CONSUMER_DIR   (the folder with page.html and
//                                          node_modules/sudokit)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const DIR = path.resolve(process.argv[2] || ".");
const WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

const server = http.createServer((req, res) => {
  const p = decodeURIComponent(new URL(req.url, "http://x").pathname);
  const file = path.join(DIR, path.normalize(p).replace(/^(\.\.[/\\])+/, ""));
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404); res.end("not found"); return; }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" });
    res.end(data);
  });
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let passed = 0, failed = 0;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const wasm = [];
  page.on("response", (r) => { if (r.url().endsWith(".wasm")) wasm.push({ status: r.status(), type: r.headers()["content-type"] }); });
  await page.goto(`${base}page.html`);
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 30000 });
  const result = await page.evaluate(() => window.result);
  const checks = [
    ["no page errors", () => assert.deepEqual(errors, [])],
    ["the engine's .wasm fetched as application/wasm", () => assert.deepEqual(wasm, [{ status: 200, type: "application/wasm" }])],
    ["no error in the page", () => assert.equal(result.error, undefined)],
    ["solves", () => assert.equal(result.solution, WIKI_SOLUTION)],
    ["explains with steps", () => assert.ok(result.steps.length > 20 && typeof result.steps[0].describe === "string")],
    ["rates", () => assert.equal(result.level, "Easy")],
    ["renders SVG", () => assert.match(result.svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)],
    ["generates a unique puzzle", () => { assert.equal(result.generated.length, 16); assert.equal(result.generatedCount, "1"); }],
    ["same version as Node", () => assert.match(result.version, /^\d+\.\d+\.\d+/)],
  ];
  for (const [name, f] of checks) {
    try { f(); passed++; console.log(`ok - ${name}`); } catch (e) { failed++; console.log(`not ok - ${name}\n${e.message}`); }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
