// The calls of the sudokit npm package. The answers' types (StepView,
// PathView, PuzzleInfoView, GeneratedView, ...) are generated from the Rust
// types into types.d.ts; this file declares only the functions that return
// them.
import type {
  CandidatesView,
  CountView,
  ErrorView,
  GeneratedView,
  PathView,
  PlayerHintView,
  PuzzleInfoView,
  RatingView,
  TechniqueView,
  VerdictView,
} from "./types.js";

export * from "./types.js";

/** How long a call may run and where its progress goes. */
export interface CallOptions {
  /** Milliseconds before the call gives up (a SudokitError with status
   * `over-budget`, or a count that is a lower bound); 0 or absent: no limit. */
  budgetMs?: number;
  /** Progress of long work (counts, generation), at most ten times a second. */
  onProgress?: (report: Progress) => void;
}

/** A progress report: solutions found so far, parts of an exact count done,
 * or generation attempts. */
export type Progress =
  | { solutions: string }
  | { done: number; total: number }
  | { attempt: number }
  | { tried: number; total: number }
  | null;

/** What the text of a puzzle does not say itself. */
export interface PuzzleOptions {
  /** Box shape `RxC` (e.g. `2x3`), when the text does not imply it. */
  box?: string;
  /** Extra units: `x`, `disjoint`, `hypercube`, `windoku`. */
  variants?: string[];
}

export interface GenerateOptions extends CallOptions {
  /** Box shape `RxC`; default `3x3`. */
  box?: string;
  variants?: string[];
  /** Jigsaw regions: a label `0..N` per cell, row by row. */
  regions?: number[];
  cube?: boolean;
  /** `rotational` (default), `none`, `mirror`, `diagonal`, `quarter`, `dihedral`. */
  symmetry?: string;
  /** A constraint puzzle on a plain square board of 4 to 16 digits:
   * killer cages covering the board, thermometers, random lines of one
   * family, or every true clue of one family cut down while unique. */
  rules?: GenerateRules;
  /** Remove givens until none can go. */
  minimal?: boolean;
  /** `easy`, `medium`, `hard`, `unfair` or `extreme`. */
  difficulty?: string;
  /** The same seed gives the same puzzle; random when absent. */
  seed?: number | bigint | string;
}

/** The constraint puzzles `generate` makes (`rules`). */
export type GenerateRules =
  | "killer"
  | "thermo"
  | "renban"
  | "whisper"
  | "palindrome"
  | "between"
  | "entropic"
  | "modular"
  | "zipper"
  | "region-sum"
  | "arrow"
  | "dutch-whisper"
  | "x-sum"
  | "skyscraper"
  | "sandwich"
  | "little-killer"
  | "minimum"
  | "maximum"
  | "quadruple"
  | "clone"
  | "kropki"
  | "xv";

/** Techniques HoDoKu leaves off in its solving order; `techniques` turns
 * them on for `explain`, `rate` and `hint`, each in HoDoKu's place. */
export type OptInTechnique =
  | "squirmbag"
  | "whale"
  | "leviathan"
  | "finned-squirmbag"
  | "sashimi-squirmbag"
  | "finned-whale"
  | "sashimi-whale"
  | "finned-leviathan"
  | "sashimi-leviathan"
  | "death-blossom"
  | "franken-jellyfish"
  | "finned-franken-jellyfish"
  | "mutant-x-wing"
  | "mutant-swordfish"
  | "mutant-jellyfish"
  | "finned-mutant-x-wing"
  | "finned-mutant-swordfish"
  | "finned-mutant-jellyfish"
  | "kraken-fish"
  | "template-set"
  | "template-delete";

export interface LogicOptions extends CallOptions {
  /** Opt-in techniques to search as well as the default ones. */
  techniques?: OptInTechnique[];
}

export interface HintOptions extends LogicOptions {
  /** The player's entries, one per cell (0 = empty). */
  entries?: number[];
  /** The player's pencil marks, one list of digits per cell. */
  pencil?: number[][];
  /** Only this level: 1 where to look, 2 which technique, 3 the move. */
  level?: 1 | 2 | 3;
}

/** A failure of the engine: bad input (with `line` and `column`),
 * contradictory givens (with `cell`), no solution, over budget. */
export declare class SudokitError extends Error {
  readonly code: ErrorView["code"];
  /** `bad-request`, `unprocessable` or `over-budget`. */
  readonly status: string;
  readonly line?: number;
  readonly column?: number;
  readonly cell?: number;
  toJSON(): ErrorView & { status: string };
}

/** A puzzle read from text in any format the engine knows (lines, grids,
 * `R C` headers, pencilmarks, f-puzzles links, JSON, its own SVG); bad text
 * throws a SudokitError. */
export declare class Puzzle {
  constructor(text: string, options?: PuzzleOptions);
  static parse(text: string, options?: PuzzleOptions): Puzzle;
  /** The puzzle as read: grid, givens, units (the `parse` answer). */
  readonly info: PuzzleInfoView;
  /** One solution and whether it is the only one. */
  solve(options?: CallOptions): VerdictView;
  /** The number of solutions (`exact: false`: a lower bound, the budget ran out). */
  count(options?: CallOptions): CountView;
  /** Exactly one solution? `unique`, `not-unique` (two solutions) or `no-solution`. */
  check(options?: CallOptions): VerdictView;
  /** Per cell, every digit that some solution puts there. */
  candidates(options?: CallOptions): CandidatesView;
  /** The next step for a player, in three levels of detail, or their mistake. */
  hint(options?: HintOptions): PlayerHintView;
  /** Every human-style step from the givens to the end, with the grade. */
  explain(options?: LogicOptions): PathView;
  /** Level, score and hardest technique. */
  rate(options?: LogicOptions): RatingView;
  /** The puzzle as SVG text. */
  renderSvg(options?: { solution?: boolean; candidates?: boolean }): string;
  /** A printable page as PDF bytes. */
  renderPdf(options?: CallOptions & { title?: string; solution?: boolean }): Uint8Array;
}

/** A new puzzle with a unique solution. */
export declare function generate(options?: GenerateOptions): GeneratedView;

/** The techniques `explain`, `rate` and `hint` take in `techniques`
 * (HoDoKu's opt-ins, off by default), in their search order. */
export declare function techniques(): (TechniqueView & { key: OptInTechnique })[];

/** The engine's version. */
export declare function version(): string;
