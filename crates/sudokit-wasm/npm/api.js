// The engine's calls for JavaScript: one `Puzzle` class as in the Rust
// library, each method one use case. The WebAssembly binding takes and
// answers JSON text (the web API's bodies, docs/json.md); this module only
// turns objects into that text and back, and a failure answer into a thrown
// SudokitError. Every answer is the library's presentation form, typed in
// types.d.ts (generated from the Rust types).
import * as wasm from "./sudokit_wasm.js";

/** A failure of the engine: bad input, contradictory givens, over budget. */
export class SudokitError extends Error {
  constructor(view) {
    super(view.error);
    this.name = "SudokitError";
    this.code = view.code;
    this.status = view.status;
    if (view.line !== undefined) this.line = view.line;
    if (view.column !== undefined) this.column = view.column;
    if (view.cell !== undefined) this.cell = view.cell;
  }

  /** The error as the engine answered it (its presentation form). */
  toJSON() {
    const { code, status, line, column, cell } = this;
    return { cell, code, column, error: this.message, line, status };
  }
}

function isFailure(v) {
  return v !== null && typeof v === "object" && typeof v.error === "string" && typeof v.status === "string";
}

/** Runs one binding call with `onProgress` (if any) as the progress
 * listener the binding reports to, and turns its answer into an object. */
function call(options, run) {
  const onProgress = options && options.onProgress;
  const previous = globalThis.sudokit_progress;
  if (onProgress) {
    globalThis.sudokit_progress = (text) => onProgress(JSON.parse(text));
  }
  let text;
  try {
    text = run(budget(options));
  } finally {
    if (onProgress) globalThis.sudokit_progress = previous;
  }
  const answer = JSON.parse(text);
  if (isFailure(answer)) throw new SudokitError(answer);
  return answer;
}

function budget(options) {
  const ms = options && options.budgetMs;
  if (ms === undefined || ms === null) return 0;
  if (typeof ms !== "number" || !(ms >= 0)) throw new TypeError("budgetMs must be a number of milliseconds (0: no limit)");
  return ms;
}

/** A seed as a decimal string: the caller's, else 64 random bits. */
function seedText(seed) {
  if (seed !== undefined && seed !== null) return String(seed);
  const [hi, lo] = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

/** `extra` with the caller's opt-in techniques, when any. */
function withTechniques(options, extra = {}) {
  if (options && options.techniques !== undefined) extra.techniques = options.techniques;
  return extra;
}

/** A puzzle read from text in any format the engine knows, with the
 * options the text does not say itself (box shape, variants). Reading
 * checks the givens: bad text throws a SudokitError naming line and column. */
export class Puzzle {
  #request;

  constructor(text, options = {}) {
    if (typeof text !== "string") throw new TypeError("a puzzle is read from a string");
    const request = { puzzle: text };
    if (options.box !== undefined) request.box = options.box;
    if (options.variants !== undefined) request.variants = options.variants;
    this.#request = request;
    /** The puzzle as read: grid, givens, units (the `parse` answer). */
    this.info = call(undefined, () => wasm.parse(JSON.stringify(request)));
  }

  /** Same as `new Puzzle(text, options)`. */
  static parse(text, options) {
    return new Puzzle(text, options);
  }

  #json(extra) {
    return JSON.stringify(extra ? { ...this.#request, ...extra } : this.#request);
  }

  /** One solution and whether it is the only one. */
  solve(options) {
    return call(options, (b) => wasm.solve(this.#json(), b));
  }

  /** The number of solutions; a lower bound (`exact: false`) when the
   * budget ends first. */
  count(options) {
    return call(options, (b) => wasm.count(this.#json(), b));
  }

  /** Whether the puzzle has exactly one solution, with a second one when not. */
  check(options) {
    return call(options, (b) => wasm.check(this.#json(), b));
  }

  /** Every digit some solution puts in each cell. */
  candidates(options) {
    return call(options, (b) => wasm.candidates(this.#json(), b));
  }

  /** The next step for a player at `entries` (one per cell, 0 empty) with
   * `pencil` marks (one list per cell), in three levels of detail; a
   * mistake is pointed out first. */
  hint(options = {}) {
    const extra = {};
    if (options.entries !== undefined) extra.entries = options.entries;
    if (options.pencil !== undefined) extra.pencil = options.pencil;
    if (options.level !== undefined) extra.level = options.level;
    return call(options, (b) => wasm.hint(this.#json(withTechniques(options, extra)), b));
  }

  /** Every human-style step from the givens to the end, with the grade;
   * `techniques` turns on opt-in techniques. */
  explain(options) {
    return call(options, (b) => wasm.explain(this.#json(withTechniques(options)), b));
  }

  /** The grade: level, score, hardest technique; `techniques` turns on
   * opt-in techniques. */
  rate(options) {
    return call(options, (b) => wasm.rate(this.#json(withTechniques(options)), b));
  }

  /** The puzzle drawn as SVG text (with the solution or candidates if asked). */
  renderSvg(options = {}) {
    const extra = { solution: !!options.solution, candidates: !!options.candidates };
    return call(undefined, () => wasm.render_svg(this.#json(extra))).svg;
  }

  /** A printable PDF page (and the solution page if asked), as bytes. */
  renderPdf(options = {}) {
    const extra = { solution: !!options.solution };
    if (options.title !== undefined) extra.title = options.title;
    const bytes = wasm.render_pdf(this.#json(extra), budget(options));
    // A failure is its JSON answer as UTF-8 instead of `%PDF…`.
    if (bytes[0] === 0x7b) throw new SudokitError(JSON.parse(new TextDecoder().decode(bytes)));
    return bytes;
  }
}

/** A new puzzle with a unique solution: box shape, variants, jigsaw
 * regions, cube, symmetry, minimal, difficulty; the same seed gives the
 * same puzzle. */
export function generate(options = {}) {
  const { seed, budgetMs, onProgress, ...request } = options;
  return call({ budgetMs, onProgress }, (b) => wasm.generate(JSON.stringify(request), seedText(seed), b));
}

/** The techniques `explain`, `rate` and `hint` take in `techniques`
 * (HoDoKu's opt-ins, off by default), in their search order. */
export function techniques() {
  return JSON.parse(wasm.techniques());
}

/** The engine's version. */
export function version() {
  return wasm.version();
}
