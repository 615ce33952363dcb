// Compiled with `tsc --noEmit --strict` against the installed package
// (scripts/test.sh): the answers are typed, not `any`, and the lines
// marked as expected errors below must stay errors.
import {
  Puzzle,
  SudokitError,
  generate,
  techniques,
  version,
  type OptInTechnique,
  type CountView,
  type GeneratedView,
  type PathView,
  type PlayerHintView,
  type PuzzleInfoView,
  type RatingView,
  type StepView,
  type VerdictView,
} from "sudokit";

const p: Puzzle = new Puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", {
  variants: [],
});
const path: PathView = p.explain({ budgetMs: 2000 });
const first: StepView | undefined = path.steps[0];
const technique: string | undefined = first?.technique;
const eliminated: number[] = path.steps.flatMap((s) => s.eliminations.map((c) => c.cell));
const rating: RatingView = p.rate({ techniques: ["death-blossom", "template-set"] });
const score: number = rating.score;
// The offered names are the ones `techniques` takes.
const offered: OptInTechnique[] = techniques().map((t) => t.key);
const offeredScore: number = p.rate({ techniques: offered }).score;
const count: CountView = p.count({ budgetMs: 1000, onProgress: (report) => console.log(report) });
const verdict: VerdictView = p.check();
const trueCandidates: number[][] = p.candidates().candidates;
const hint: PlayerHintView = p.hint({ entries: [], pencil: [] });
const levels: string[] = (hint.levels ?? []).map((l) => l.text);
const svg: string = p.renderSvg({ solution: true });
const pdf: Uint8Array = p.renderPdf({ title: "Wiki" });
const info: PuzzleInfoView = p.info;
const boxOfInfo: string = info.grid.box;
const unitNames: string[] = info.units.map((u) => `${u.kind} ${u.name}: ${u.cells.join(",")}`);
const overlay: string | null = info.overlay;
const pencil: number[][] | null = info.pencil;
const warnings: string[] | undefined = info.warnings;
const made: GeneratedView = generate({ box: "2x3", seed: 7, symmetry: "mirror" });
const killer: GeneratedView = generate({ box: "2x2", rules: "little-killer" });
const seed: string = made.seed;
const clues: number = made.clues + made.index;
const solutionRows: number[][] = made.solution.rows;
const madeLevel: string | undefined = made.grade?.level;
const v: string = version();

try {
  new Puzzle("55");
} catch (e) {
  if (e instanceof SudokitError) {
    const where: number | undefined = e.line;
    console.log(e.message, e.code, where);
  }
}

// @ts-expect-error: counts are decimal strings (they outgrow numbers)
const wrong: number = count.count;
// @ts-expect-error: the level is a name, not a number
const wrongLevel: number = rating.level;
// @ts-expect-error: only the opt-in techniques can be turned on
p.explain({ techniques: ["naked-single"] });
// @ts-expect-error: a puzzle is read from text
new Puzzle(42);
// @ts-expect-error: the seed is a decimal string (a u64 outgrows numbers)
const wrongSeed: number = made.seed;
// @ts-expect-error: the overlay is absent (null) without constraints
const wrongOverlay: string = info.overlay;
// @ts-expect-error: the grade is null unless the generator graded it
const wrongGrade: string = made.grade.level;

console.log(technique, eliminated, score, verdict, levels, svg, pdf, made, v, wrong, wrongLevel);
console.log(trueCandidates, boxOfInfo, unitNames, overlay, pencil, warnings, seed, clues, solutionRows, madeLevel);
console.log(wrongSeed, wrongOverlay, wrongGrade, killer, offeredScore);
