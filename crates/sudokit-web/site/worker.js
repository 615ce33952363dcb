// The engine's thread: answers {id, op, request, budget, seed} with
// {id, answer}. Long work runs here so the page never freezes; the page
// cancels by terminating this worker.
//
// Two engines behind the same messages: the WebAssembly build of the library
// (a built site, works offline), or the JSON API of `sudokit serve` (the
// page's sources compiled in without an engine; also the fallback when the
// WebAssembly cannot be loaded).
//
// The build (scripts/build-site.sh) puts wasm-bindgen's glue (the global
// `wasm_bindgen`) before this file and writes the engine's content-hashed
// file name here; the sources have neither.
"use strict";
const WASM = "";

function wasmEngine() {
  const w = wasm_bindgen; // a global binding of sudokit_wasm.js (`let`, not a property of self)
  const ops = {
    parse: (r) => w.parse(r),
    solve: (r, b) => w.solve(r, b),
    count: (r, b) => w.count(r, b),
    hint: (r, b) => w.hint(r, b),
    explain: (r, b) => w.explain(r, b),
    rate: (r, b) => w.rate(r, b),
    render_svg: (r) => w.render_svg(r),
    generate: (r, b, seed) => w.generate(r, seed, b),
    techniques: () => w.techniques(),
    version: () => JSON.stringify({ version: w.version(), engine: "wasm" }),
  };
  return async (op, request, budget, seed) => {
    if (op === "render_pdf") {
      // Bytes, or the failure as JSON text in them (starts with "{").
      const bytes = w.render_pdf(JSON.stringify(request), budget || 0);
      if (bytes[0] === 0x7b) return JSON.parse(new TextDecoder().decode(bytes));
      return { pdf: bytes };
    }
    const f = ops[op];
    if (!f) throw new Error(`unknown operation ${op}`);
    return JSON.parse(f(JSON.stringify(request), budget || 0, seed || "0"));
  };
}

// The same answers from the server: the request bodies are the API's. One
// request at a time per worker, as the WebAssembly engine works (the server
// refuses more than a few at once), and a "busy" answer is tried again a few
// times before it reaches the player. The server applies its own time
// budget (`sudokit serve --budget`), not the page's.
function httpEngine(config) {
  const one = httpRequest(config);
  let queue = Promise.resolve();
  return (...args) => {
    const run = queue.then(async () => {
      for (let attempt = 0; ; attempt++) {
        const answer = await one(...args);
        if (answer.status !== "busy" || attempt === 4) return answer;
        await new Promise((r) => setTimeout(r, 250 * (attempt + 1)));
      }
    });
    queue = run.catch(() => {});
    return run;
  };
}
function httpRequest(config) {
  const PATH = { parse: "parse", solve: "solve", count: "count", hint: "hint", explain: "explain", rate: "rate", render_svg: "render", render_pdf: "render", generate: "generate" };
  const STATUS = { 400: "bad-request", 413: "bad-request", 422: "unprocessable" };
  return async (op, request, budget, seed) => {
    if (op === "version") return { version: config.version || "?", engine: "http" };
    if (op === "techniques") {
      try { const res = await fetch("api/techniques"); if (res.ok) return await res.json(); } catch (e) { /* offline */ }
      return [];
    }
    if (!PATH[op]) throw new Error(`unknown operation ${op}`);
    let body = request;
    if (op === "generate" && seed && request.seed == null) body = { ...request, seed };
    if (op === "render_pdf") body = { ...request, format: "pdf" };
    let res;
    try {
      res = await fetch(`api/${PATH[op]}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    } catch (e) {
      return { error: "The server cannot be reached: check the connection.", status: "offline" };
    }
    if (res.ok && op === "render_svg") return { svg: await res.text() };
    if (res.ok && op === "render_pdf") return { pdf: new Uint8Array(await res.arrayBuffer()) };
    let answer;
    try { answer = await res.json(); } catch (e) { answer = { error: `the server answered ${res.status}` }; }
    if (!res.ok) {
      answer.status = STATUS[res.status] || (res.status === 503 ? (/busy/.test(answer.error) ? "busy" : "over-budget") : "internal");
      if (!answer.error) answer.error = `the server answered ${res.status}`;
    }
    return answer;
  };
}

// The engine's bytes, downloaded once: the page's two workers and the
// service worker share one copy in the "sudokit-engine" cache (sw.js reads
// it and leaves the download to this worker). The first worker to get the
// lock downloads and stores it; the other then finds it stored.
async function engineResponse() {
  if (typeof caches === "undefined") return fetch(WASM); // not a secure context: no cache API
  const get = async () => {
    const cache = await caches.open("sudokit-engine");
    let hit = await cache.match(WASM);
    if (!hit) {
      const res = await fetch(WASM);
      if (!res.ok) return res;
      await cache.put(WASM, res);
      hit = await cache.match(WASM);
    }
    return hit;
  };
  return navigator.locks ? navigator.locks.request("sudokit-engine", get) : get();
}

async function pick() {
  if (WASM && typeof wasm_bindgen === "function") {
    try {
      await wasm_bindgen({ module_or_path: engineResponse() });
      return wasmEngine();
    } catch (e) { /* no WebAssembly here: the server's API, if there is one */ }
    return httpEngine({});
  }
  try {
    const res = await fetch("engine.json", { cache: "no-store" });
    if (res.ok) return httpEngine(await res.json());
  } catch (e) { /* offline */ }
  return httpEngine({});
}
const ready = pick();

// The WebAssembly engine reports how far long work has come (at most ten
// times a second) through this global; it belongs to the request running.
let running = 0;
self.sudokit_progress = (text) => {
  try { const progress = JSON.parse(text); if (progress) self.postMessage({ id: running, progress }); } catch (e) { /* not for us */ }
};

self.onmessage = async (e) => {
  const { id, op, request, budget, seed } = e.data;
  running = id;
  try {
    const engine = await ready;
    const t0 = performance.now();
    const answer = await engine(op, request, budget, seed);
    self.postMessage({ id, answer, ms: performance.now() - t0 });
  } catch (err) {
    // A Rust panic surfaces as a RuntimeError; the instance is unusable after
    // it, so the page restarts the worker on `fatal`.
    self.postMessage({ id, answer: { error: `internal error: ${err.message || err}`, status: "internal" }, fatal: true });
  }
};
