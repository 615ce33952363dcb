// The npm package as a user installs it: this file is copied into an empty
// folder where the packed tarball was installed (scripts/test.sh), so
// `import "sudokit"` resolves through package.json's "exports" to the Node
// entry. Answers are checked against known solutions, an independent
// checker written here, and the CLI's JSON for the same puzzle.
//
//   SUDOKIT_BIN=target/release/sudokit node --test node.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { Puzzle, SudokitError, generate, techniques, version } from "sudokit";

const WIKI = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKI_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// Needs more than singles (an X-Wing and other eliminations on the way).
const HARDER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const BIN = process.env.SUDOKIT_BIN;

/** A 9×9 solution line keeps the givens and fills every row, column and
 * box with 1–9 (written here, sharing nothing with the engine). */
function assertSolves(puzzle, line) {
  assert.equal(line.length, 81);
  for (let i = 0; i < 81; i++) if (puzzle[i] !== ".") assert.equal(line[i], puzzle[i], `given ${i}`);
  const units = [];
  for (let k = 0; k < 9; k++) {
    units.push([...Array(9)].map((_, j) => k * 9 + j));
    units.push([...Array(9)].map((_, j) => j * 9 + k));
    units.push([...Array(9)].map((_, j) => (Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)));
  }
  for (const u of units) assert.equal(u.map((c) => line[c]).sort().join(""), "123456789", `unit ${u}`);
}

test("reads any format and solves", () => {
  const p = new Puzzle(WIKI);
  const s = p.solve();
  assert.equal(s.solution.line, WIKI_SOLUTION);
  assert.equal(s.unique, true);
  // The same puzzle as a grid with separators, and a 6×6 with a header.
  const rows = [...Array(9)].map((_, r) => WIKI.slice(r * 9, r * 9 + 9).replace(/(...)(...)(...)/, "$1|$2|$3")).join("\n");
  assert.equal(new Puzzle(rows).solve().solution.line, WIKI_SOLUTION);
  const six = new Puzzle("2 3\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
  assert.equal(six.info.grid.box, "2x3");
  const h = new Puzzle(HARDER).solve();
  assertSolves(HARDER, h.solution.line);
});

test("counts, checks and gives true candidates", () => {
  const empty4 = new Puzzle("................");
  const c = empty4.count();
  assert.equal(c.count, "288");
  assert.equal(c.exact, true);
  const many = empty4.check();
  assert.equal(many.verdict, "not-unique");
  assert.notEqual(many.solution.line, many.other.line);
  const wiki = new Puzzle(WIKI);
  const one = wiki.check();
  assert.equal(one.verdict, "unique");
  assert.equal(one.solution.line, WIKI_SOLUTION);
  // A unique puzzle's true candidates are its solution's digits; with two
  // solutions (1 and 2 swapped in r1c1, r1c2, r3c1, r3c2) those keep both.
  assert.deepEqual(wiki.candidates().candidates, [...WIKI_SOLUTION].map((d) => [Number(d)]));
  const twoWays = new Puzzle("..34" + "3412" + "..43" + "4321");
  assert.equal(twoWays.count().count, "2");
  const lists = twoWays.candidates().candidates;
  assert.deepEqual(lists.slice(0, 2), [[1, 2], [1, 2]]);
});

test("explain: the same steps as `sudokit explain --json`", () => {
  assert.ok(BIN, "set SUDOKIT_BIN to the sudokit binary (cargo build --release -p sudokit-cli)");
  for (const puzzle of [WIKI, HARDER]) {
    const ours = new Puzzle(puzzle).explain();
    assert.equal(ours.solved, true);
    const cli = JSON.parse(execFileSync(BIN, ["explain", "--json", puzzle], { encoding: "utf8" }).trim());
    assert.ok(ours.steps.length > 20, "a real path");
    assert.deepStrictEqual(ours.steps, cli.steps);
    // Byte for byte: the same keys in the same order, printed the same way.
    assert.equal(JSON.stringify(ours.steps), JSON.stringify(cli.steps));
    assert.equal(JSON.stringify(ours.grade), JSON.stringify(cli.grade));
  }
});

test("hint in levels, rate, render", () => {
  const p = new Puzzle(WIKI);
  const h = p.hint();
  assert.equal(h.kind, "step");
  assert.deepEqual(h.levels.map((l) => l.level), [1, 2, 3]);
  assert.equal(h.levels[2].text, h.step.describe);
  const r = p.rate();
  assert.equal(r.level, "Easy");
  assert.equal(r.hardest, "Naked Single");
  const hard = new Puzzle(HARDER).rate();
  assert.ok(hard.score > r.score, `${hard.score} > ${r.score}`);
  const svg = p.renderSvg({ solution: true });
  assert.ok(svg.startsWith("<svg"), svg.slice(0, 40));
  // The SVG carries the puzzle: it reads back as the same puzzle.
  assert.equal(new Puzzle(svg).solve().solution.line, WIKI_SOLUTION);
  const pdf = p.renderPdf({ title: "Wiki" });
  assert.equal(new TextDecoder().decode(pdf.slice(0, 4)), "%PDF");
});

test("opt-in techniques: the same path as `explain --with`", () => {
  assert.ok(BIN, "set SUDOKIT_BIN to the sudokit binary");
  // The second puzzle of top1465 takes a finned Franken jellyfish when it
  // is turned on.
  const puzzle = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
  const chosen = ["finned-franken-jellyfish"];
  const p = new Puzzle(puzzle);
  const ours = p.explain({ techniques: chosen });
  const cli = JSON.parse(
    execFileSync(BIN, ["explain", "--json", "--with", chosen.join(","), puzzle], { encoding: "utf8" }).trim(),
  );
  assert.equal(JSON.stringify(ours.steps), JSON.stringify(cli.steps));
  assert.ok(ours.steps.some((s) => s.technique === chosen[0]));
  assert.ok(!p.explain().steps.some((s) => s.technique === chosen[0]));
  assert.ok(p.rate({ techniques: chosen }).score < p.rate().score);
  // The list the engine offers is the list it takes, one by one.
  const offered = techniques();
  assert.ok(offered.length > 0 && offered.some((t) => t.key === chosen[0]));
  for (const t of offered) {
    assert.match(t.name, /\w/);
    assert.ok(t.score > 0, t.key);
    assert.equal(typeof new Puzzle(WIKI).rate({ techniques: [t.key] }).score, "number");
  }
  assert.throws(() => p.hint({ techniques: ["franken"] }), (e) => {
    assert.ok(e instanceof SudokitError);
    assert.equal(e.status, "bad-request");
    // The refusal names every technique the list offers, in its order.
    assert.equal(e.message.split("the opt-ins are: ")[1], offered.map((t) => t.key).join(", "));
    return true;
  });
});

test("generate: unique, reproducible from the seed", () => {
  const a = generate({ box: "2x3", seed: 42 });
  const b = generate({ box: "2x3", seed: "42" });
  assert.deepEqual(a, b);
  const p = new Puzzle(a.grid.line, { box: "2x3" });
  assert.equal(p.count().count, "1");
  assert.equal(typeof version(), "string");
});

test("bad input throws a SudokitError that says where", () => {
  assert.throws(() => new Puzzle("55" + ".".repeat(79)), (e) => {
    assert.ok(e instanceof SudokitError);
    assert.match(e.message, /digit 5 appears twice in row 1/);
    assert.equal(e.line, 1);
    return true;
  });
  assert.throws(() => new Puzzle(WIKI, { box: "nonsense" }), SudokitError);
  assert.throws(() => new Puzzle(42), TypeError);
});
