// Entry for Node.js: the same engine, its .wasm read from the package folder
// (Node's fetch does not read file: URLs).
import { readFileSync } from "node:fs";
import { initSync } from "./sudokit_wasm.js";

initSync({ module: readFileSync(new URL("./sudokit_wasm_bg.wasm", import.meta.url)) });

export * from "./api.js";
