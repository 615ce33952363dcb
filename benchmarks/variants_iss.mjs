// The dedicated-variant-solver side of benchmarks/variants.md: each suite
// puzzle (crates/sudokit/tests/variants/*.txt, our directive text form)
// translated into the constraint string of sigh's Interactive Sudoku Solver
// (ISS, https://github.com/sigh/Interactive-Sudoku-Solver, JavaScript) and
// solved by its engine under node, headless. ISS is not part of this
// repository: clone it anywhere and pass its path.
//
//     node benchmarks/variants_iss.mjs --iss PATH [--runs K] [--print] FILE...
//
// Prints one tab-separated line per file: name, median solve µs (first
// solution), median uniqueness µs (count up to 2), ISS's guesses for the
// uniqueness run, verdict. Timed: building the solver from the parsed
// constraint (its handler set, the analogue of our model compilation) plus
// the search; parsing the constraint string is excluded, as is reading our
// file. The first solution is compared with the file's `# solution:` line.
// `--print` prints the translated constraint strings instead of timing.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let iss = null;
let runs = 5;
let print = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--iss') iss = args[++i];
  else if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--print') print = true;
  else files.push(args[i]);
}
if (!iss || files.length === 0) {
  console.error('usage: node variants_iss.mjs --iss PATH [--runs K] [--print] FILE...');
  process.exit(2);
}

// ISS's modules expect a browser-like global scope (worker `self`).
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (rel) => import(pathToFileURL(join(resolve(iss), rel)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

// Reads one of our suite files: rules, givens, box shape, solution.
function read(path) {
  const rules = [];
  let grid = null;
  let box = null;
  let solution = null;
  let diagonals = false;
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const t = raw.trim();
    if (t.startsWith('# solution:')) solution = t.split(':')[1].trim();
    if (!t || t.startsWith('#')) continue;
    if (['anti-knight', 'anti-king', 'non-consecutive'].includes(t)) {
      rules.push([t, '']);
      continue;
    }
    const colon = t.indexOf(':');
    if (colon >= 0) {
      const k = t.slice(0, colon).trim();
      const v = t.slice(colon + 1).trim();
      if (k === 'box') box = v.split('x').map(Number);
      else if (k === 'variant') diagonals = v.split(/\s+/).includes('x');
      else if (k !== 'name') rules.push([k, v]);
      continue;
    }
    grid = [...t].map((ch) => (ch === '.' || ch === '0' ? 0 : parseInt(ch, 36)));
  }
  const n = Math.round(Math.sqrt(grid.length));
  return { n, box, diagonals, grid, rules, solution };
}

const id = (tok) => {
  const m = /^r(\d+)c(\d+)$/.exec(tok);
  if (!m) throw new Error(`bad cell ${tok}`);
  return `R${m[1]}C${m[2]}`;
};
const ids = (s) => s.trim().split(/\s+/).map(id).join('~');
const rc = (tok) => /^r(\d+)c(\d+)$/.exec(tok).slice(1).map((x) => Number(x) - 1);

// ISS names each little-killer diagonal by one end cell (its
// `LittleKiller.cellMap`: the first end met going round the grid's left,
// right, top and bottom edges); we name it by a start cell and a direction.
function littleKillerId(n, start, direction) {
  const [dr, dc] = {
    'down-right': [1, 1], 'down-left': [1, -1], 'up-right': [-1, 1], 'up-left': [-1, -1],
  }[direction];
  let [r, c] = rc(start);
  const set = [];
  for (; r >= 0 && c >= 0 && r < n && c < n; r += dr, c += dc) set.push(r * n + c);
  const key = [...set].sort((a, b) => a - b).join(',');
  const walk = (r0, c0, er, ec) => {
    const cells = [];
    for (let r1 = r0, c1 = c0; r1 >= 0 && c1 >= 0 && r1 < n && c1 < n; r1 += er, c1 += ec) {
      cells.push(r1 * n + c1);
    }
    return cells;
  };
  const ends = [];
  for (let r1 = 0; r1 < n - 1; r1++) ends.push([r1, 0, 1, 1]);
  for (let r1 = 1; r1 < n - 1; r1++) ends.push([r1, n - 1, -1, -1]);
  for (let c1 = 1; c1 < n; c1++) ends.push([0, c1, 1, -1]);
  for (let c1 = 1; c1 < n - 1; c1++) ends.push([n - 1, c1, -1, 1]);
  for (const [r0, c0, er, ec] of ends) {
    const cells = walk(r0, c0, er, ec);
    if (cells.length > 1 && [...cells].sort((a, b) => a - b).join(',') === key) {
      return `R${r0 + 1}C${c0 + 1}`;
    }
  }
  throw new Error(`little killer ${start} ${direction}: no ISS clue for this diagonal`);
}

// Our directives → ISS's constraint string.
function translate({ n, box, diagonals, grid, rules }) {
  const out = [];
  const def = { 4: [2, 2], 6: [2, 3], 9: [3, 3] }[n];
  if (n !== 9) out.push(`.Shape~${n}x${n}`);
  if (box && (box[0] !== def[0] || box[1] !== def[1])) {
    throw new Error(`box ${box.join('x')} is not ISS's default for ${n}x${n}`);
  }
  if (diagonals) out.push('.Diagonal~1', '.Diagonal~-1');
  grid.forEach((g, i) => {
    if (g) out.push(`.~R${Math.floor(i / n) + 1}C${(i % n) + 1}_${g}`);
  });
  for (const [k, v] of rules) {
    switch (k) {
      case 'cage': {
        const toks = v.split(/\s+/);
        const sum = /^\d+$/.test(toks[0]) ? toks.shift() : null;
        out.push(sum === null ? `.AllDifferent~${toks.map(id).join('~')}` : `.Cage~${sum}~${toks.map(id).join('~')}`);
        break;
      }
      case 'thermo': out.push(`.Thermo~${ids(v)}`); break;
      case 'arrow': {
        const [circle, arrow] = v.split('|').map((s) => s.trim().split(/\s+/));
        if (circle.length === 1) out.push(`.Arrow~${id(circle[0])}~${arrow.map(id).join('~')}`);
        else out.push(`.PillArrow~${circle.length}~${[...circle, ...arrow].map(id).join('~')}`);
        break;
      }
      case 'kropki-white': out.push(`.WhiteDot~${ids(v)}`); break;
      case 'kropki-black': out.push(`.BlackDot~${ids(v)}`); break;
      case 'kropki':
        if (v !== 'all') throw new Error(`kropki: ${v}`);
        out.push('.StrictKropki');
        break;
      case 'xv': {
        if (v === 'all') {
          out.push('.StrictXV');
          break;
        }
        const [kind, ...cells] = v.split(/\s+/);
        out.push(`.${kind.toUpperCase()}~${cells.map(id).join('~')}`);
        break;
      }
      case 'sandwich': {
        const m = /^(row|column)\s+(\d+)\s*=\s*(\d+)$/.exec(v);
        out.push(`.Sandwich~${m[3]}~${m[1] === 'row' ? 'R' : 'C'}${m[2]}`);
        break;
      }
      case 'little-killer': {
        const [sum, start, direction] = v.split(/\s+/);
        out.push(`.LittleKiller~${sum}~${littleKillerId(n, start, direction)}`);
        break;
      }
      case 'anti-knight': out.push('.AntiKnight'); break;
      case 'anti-king': out.push('.AntiKing'); break;
      case 'non-consecutive': out.push('.AntiConsecutive'); break;
      case 'odd':
      case 'even': {
        const digits = [];
        for (let d = 1; d <= n; d++) if (d % 2 === (k === 'odd' ? 1 : 0)) digits.push(d);
        for (const tok of v.split(/\s+/)) out.push(`.~${id(tok)}_${digits.join('_')}`);
        break;
      }
      case 'whisper': out.push(`.Whisper~${Math.ceil(n / 2)}~${ids(v)}`); break;
      case 'renban': out.push(`.Renban~${ids(v)}`); break;
      case 'palindrome': out.push(`.Palindrome~${ids(v)}`); break;
      case 'between': out.push(`.Between~${ids(v)}`); break;
      case 'region': out.push(`.AllDifferent~${ids(v)}`); break;
      default: throw new Error(`no translation for \`${k}\``);
    }
  }
  return out.join('');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Build from an already parsed constraint, then search; µs.
function timed(text, fn) {
  const constraint = SudokuParser.parseText(text);
  const t0 = process.hrtime.bigint();
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const result = fn(solver);
  const us = Number(process.hrtime.bigint() - t0) / 1e3;
  return { us, result, solver };
}

if (!print) console.log('puzzle\tsolve_us\tunique_us\tguesses\tverdict');
for (const path of files) {
  const puzzle = read(path);
  const text = translate(puzzle);
  const name = path.split('/').pop().replace(/\.[^.]*$/, '');
  if (print) {
    console.log(`${name}\t${text}`);
    continue;
  }
  const solve = [];
  const unique = [];
  let first = null;
  let count = null;
  let guesses = null;
  for (let r = 0; r < runs; r++) {
    const a = timed(text, (s) => s.nthSolution(0));
    solve.push(a.us);
    first = a.result;
    const b = timed(text, (s) => s.countSolutions(2));
    unique.push(b.us);
    count = b.result;
    guesses = b.solver._internalSolver.counters.guesses;
  }
  const got = first ? first.join('') : null;
  if (puzzle.solution && got !== puzzle.solution) {
    console.error(`${name}: ISS's solution ${got} differs from the file's ${puzzle.solution}`);
    process.exit(1);
  }
  const verdict = count === 1 ? 'unique' : count === 0 ? 'no solution' : 'multiple';
  console.log(`${name}\t${median(solve).toFixed(1)}\t${median(unique).toFixed(1)}\t${guesses}\t${verdict}`);
}
