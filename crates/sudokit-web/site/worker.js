// The engine's thread: loads the WebAssembly build of the library and
// answers {id, op, request, budget} with {id, answer}. Long work runs here so
// the page never freezes; the page cancels by terminating this worker.
"use strict";
importScripts("sudokit_wasm.js");
const ready = wasm_bindgen({ module_or_path: "sudokit_wasm_bg.wasm" });
const OPS = {
  parse: (r) => wasm_bindgen.parse(r),
  solve: (r, b) => wasm_bindgen.solve(r, b),
  count: (r, b) => wasm_bindgen.count(r, b),
  hint: (r, b) => wasm_bindgen.hint(r, b),
  explain: (r, b) => wasm_bindgen.explain(r, b),
  rate: (r, b) => wasm_bindgen.rate(r, b),
  render_svg: (r) => wasm_bindgen.render_svg(r),
  generate: (r, b, seed) => wasm_bindgen.generate(r, seed, b),
  version: () => JSON.stringify({ version: wasm_bindgen.version() }),
};
self.onmessage = async (e) => {
  const { id, op, request, budget, seed } = e.data;
  try {
    await ready;
    const f = OPS[op];
    if (!f) throw new Error(`unknown operation ${op}`);
    const t0 = performance.now();
    const answer = JSON.parse(f(JSON.stringify(request), budget || 0, seed || "0"));
    self.postMessage({ id, answer, ms: performance.now() - t0 });
  } catch (err) {
    // A Rust panic surfaces as a RuntimeError; the instance is unusable after
    // it, so the page restarts the worker on `fatal`.
    self.postMessage({ id, answer: { error: `internal error: ${err.message || err}`, status: "internal" }, fatal: true });
  }
};
