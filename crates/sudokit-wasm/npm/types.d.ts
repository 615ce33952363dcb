// The answers of sudokit's use cases: generated from the Rust types
// (sudokit::view), do not edit.

export type Cand = { cell: number, digit: number, };

export type Level = "Easy" | "Medium" | "Hard" | "Unfair" | "Extreme";

export type GridJson = { 
/**
 * Box shape as `RxC`.
 */
box: string, layout: "square" | "cube", 
/**
 * Extra units other than jigsaw regions (`x`, `disjoint`, ...).
 */
variants?: Array<string>, 
/**
 * Jigsaw regions: one label `0..N` per cell, row-major.
 */
regions?: Array<number>, 
/**
 * The one-line form.
 */
line: string, 
/**
 * Rows of values, `0` for empty.
 */
rows: Array<Array<number>>, 
/**
 * Constraints beyond units, one directive line each (`cage: 15 r1c1
 * r1c2`), as a text file would carry them.
 */
constraints?: Array<string>, 
/**
 * Cells (row-major indices) whose digit was placed while solving, not
 * given (HoDoKu's `+d`): a position, where uniqueness techniques such
 * as avoidable rectangles tell the two apart.
 */
placed?: Array<number>, 
/**
 * A candidate state: per cell (row-major) the digits still possible
 * (a filled cell's own digit).
 */
candidates?: Array<Array<number>>, };

export type StepView = { 
/**
 * Candidates of the pattern.
 */
candidates: Array<Cand>, 
/**
 * Cells of the pattern.
 */
cells: Array<number>, 
/**
 * `Name: sentence` ([`Step::describe`]).
 */
describe: string, 
/**
 * Candidates removed by the step.
 */
eliminations: Array<Cand>, 
/**
 * The sentence alone, `r1c1` notation.
 */
explanation: string, 
/**
 * The technique's level (`Easy` … `Extreme`).
 */
level: Level, 
/**
 * The technique's display name (`Hidden Single`).
 */
name: string, 
/**
 * Digits placed by the step.
 */
placements: Array<Cand>, 
/**
 * The technique's identifier (`hidden-single`).
 */
technique: string, 
/**
 * The cells of each unit in `units`.
 */
unit_cells: Array<Array<number>>, 
/**
 * The name of each unit in `units` (`box 5`).
 */
unit_names: Array<string>, 
/**
 * Units of the pattern (indices into the board's units).
 */
units: Array<number>, };

export type GradeView = { describe: string, hardest: string | null, level: Level, score: number, without_guessing: boolean, };

export type TechniqueView = { key: string, name: string, level: Level, score: number, };

export type RatingView = { describe: string, hardest: string | null, level: Level, score: number, solved: boolean, steps: number, without_guessing: boolean, };

export type PathView = { grade: GradeView, 
/**
 * The grid after the last step, one line ([`values_line`]).
 */
solution: string, solved: boolean, steps: Array<StepView>, };

export type CountView = { count: string, exact: boolean, status: string, };

export type VerdictView = { givens: number, other?: GridJson, solution?: GridJson, unique: boolean, verdict: string, 
/**
 * Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
 */
warnings?: Array<string>, };

export type ErrorView = { cell?: number, code: string, column?: number, error: string, line?: number, };

export type HintLevel = { cells: Array<number>, level: number, text: string, units: Array<number>, };

export type MistakeView = { candidate?: number, cell: number, digit?: number, };

export type PlayerHintView = { cells?: Array<number>, done?: boolean, explanation?: string, kind: string, levels?: Array<HintLevel>, mistake?: MistakeView, step?: StepView, 
/**
 * Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
 */
warnings?: Array<string>, };

export type CandidatesView = { candidates: Array<Array<number>>, };

export type UnitView = { cells: Array<number>, kind: string, name: string, };

export type PuzzleInfoView = { 
/**
 * The cells whose values break a constraint ([`Puzzle::broken_cells`]).
 */
broken: Array<number>, 
/**
 * The number of cells.
 */
cells: number, 
/**
 * An N×N×N cube rather than a square board.
 */
cube: boolean, givens: number, grid: GridJson, 
/**
 * Digits per cell (the board's side).
 */
n: number, 
/**
 * Whether the overlay draws clues outside the board (sandwich,
 * little-killer, X-sum and skyscraper clues): a page leaves half a
 * cell of room around the board for them.
 */
outside: boolean, 
/**
 * An SVG of the constraints alone (board at `0..N·40` with half a cell
 * around), `null` without constraints.
 */
overlay: string | null, 
/**
 * With constraints, per cell the digits its units and the rules allow
 * ([`Puzzle::rule_candidates`]); `null` without constraints (a page
 * works those out from the units) or where the rules do not apply.
 */
pencil: Array<Array<number>> | null, units: Array<UnitView>, 
/**
 * Parts of the source not read as rules ([`Puzzle::ignored`]), when any.
 */
warnings?: Array<string>, };

export type GeneratedView = { clues: number, grade: GradeView | null, grid: GridJson, 
/**
 * The puzzle's index in the run of `seed` ([`crate::generate::rng_for`]).
 */
index: number, 
/**
 * The seed as a decimal string (JavaScript numbers lose digits past
 * 2^53).
 */
seed: string, solution: GridJson, };

