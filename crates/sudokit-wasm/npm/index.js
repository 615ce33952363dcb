// Entry for browsers and bundlers: fetches and compiles the engine's .wasm
// (beside this file, found through import.meta.url) before the module
// resolves, so every call below is ready when `import` returns.
import init from "./sudokit_wasm.js";

await init({ module_or_path: new URL("./sudokit_wasm_bg.wasm", import.meta.url) });

export * from "./api.js";
