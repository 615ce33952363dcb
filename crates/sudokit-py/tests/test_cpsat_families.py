"""The constraint families added through the registry, cross-checked
against an independent model: Google OR-tools' CP-SAT solver, with each
rule written here from its statement (sharing nothing with the engine).

For each family, puzzles are made from random 9×9 solution grids: clues of
the family read off the grid, and a varying number of the grid's digits as
givens, so that some puzzles are unique and some are not. The engine's
verdict (unique or not, and the solution) must match CP-SAT's, which looks
for up to two solutions.
"""

import random
import subprocess

import pytest
from ortools.sat.python import cp_model

import sudokit

N = 9
ORTH = [(-1, 0), (1, 0), (0, -1), (0, 1)]
KING = ORTH + [(-1, -1), (-1, 1), (1, -1), (1, 1)]


def name(cell):
    return f"r{cell // N + 1}c{cell % N + 1}"


def names(cells):
    return " ".join(name(c) for c in cells)


def solution_grid(seed):
    """A random solution grid: the engine's generated puzzle, solved (CP-SAT
    checks the grid's rows, columns and boxes anyway)."""
    g = sudokit.generate(seed=seed, count=1)[0]
    return [int(v) for v in g.solution.cells]


def lines_from_edges():
    """(first cell, direction word, cells from that edge) for every row and
    column, read from both ends."""
    out = []
    for r in range(N):
        row = [r * N + c for c in range(N)]
        out.append((row[0], "right", row))
        out.append((row[-1], "left", row[::-1]))
    for c in range(N):
        col = [r * N + c for r in range(N)]
        out.append((col[0], "down", col))
        out.append((col[-1], "up", col[::-1]))
    return out


def neighbours(cell, moves):
    r, c = divmod(cell, N)
    for dr, dc in moves:
        if 0 <= r + dr < N and 0 <= c + dc < N:
            yield (r + dr) * N + c + dc


def random_path(rng, length):
    """A line of `length` distinct cells, each a king's move from the last."""
    while True:
        path = [rng.randrange(N * N)]
        while len(path) < length:
            nxt = [x for x in neighbours(path[-1], KING) if x not in path]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        if len(path) == length:
            return path


def path_where(s, rng, length, ok, tries=20000):
    """A random line on which `ok(digits of s)` holds, or None."""
    for _ in range(tries):
        path = random_path(rng, length)
        if ok([s[x] for x in path]):
            return path
    return None


# ---- the rules, read off the solution and stated to CP-SAT -----------------
# Each family: (clues from the solution grid `s`, as (directive, data)), and
# the CP-SAT encoding of one clue's data on the cell variables `x`.


def xsum_clues(s, rng):
    out = []
    for first, word, cells in rng.sample(lines_from_edges(), 6):
        k = s[cells[0]]
        out.append((f"x-sum: {sum(s[c] for c in cells[:k])} {name(first)} {word}", cells))
    return out


def xsum_model(m, x, data, directive):
    cells = data
    total = int(directive.split()[1])
    picks = [m.NewBoolVar("") for _ in range(N)]
    m.AddExactlyOne(picks)
    for k in range(1, N + 1):
        b = picks[k - 1]
        m.Add(x[cells[0]] == k).OnlyEnforceIf(b)
        m.Add(x[cells[0]] != k).OnlyEnforceIf(b.Not())
        m.Add(sum(x[c] for c in cells[:k]) == total).OnlyEnforceIf(b)


def seen(digits):
    top, count = 0, 0
    for d in digits:
        if d > top:
            top, count = d, count + 1
    return count


def skyscraper_clues(s, rng):
    return [
        (f"skyscraper: {seen([s[c] for c in cells])} {name(first)} {word}", cells)
        for first, word, cells in rng.sample(lines_from_edges(), 6)
    ]


def skyscraper_model(m, x, data, directive):
    cells = data
    want = int(directive.split()[1])
    visible = []
    for i, c in enumerate(cells):
        top = m.NewIntVar(1, N, "")
        m.AddMaxEquality(top, [x[d] for d in cells[: i + 1]])
        v = m.NewBoolVar("")
        # Digits of a row differ: a cell is seen when it is the maximum so far.
        m.Add(x[c] == top).OnlyEnforceIf(v)
        m.Add(x[c] != top).OnlyEnforceIf(v.Not())
        visible.append(v)
    m.Add(sum(visible) == want)


def extremum_clues(kind):
    def clues(s, rng):
        cells = [
            c
            for c in range(N * N)
            if all((s[c] < s[o]) if kind == "minimum" else (s[c] > s[o]) for o in neighbours(c, ORTH))
        ]
        return [(f"{kind}: {name(c)}", c) for c in rng.sample(cells, min(4, len(cells)))]

    return clues


def extremum_model(kind):
    def model(m, x, cell, directive):
        for o in neighbours(cell, ORTH):
            m.Add(x[cell] < x[o]) if kind == "minimum" else m.Add(x[cell] > x[o])

    return model


def quadruple_clues(s, rng):
    out = []
    for _ in range(4):
        r, c = rng.randrange(N - 1), rng.randrange(N - 1)
        block = [r * N + c, r * N + c + 1, (r + 1) * N + c, (r + 1) * N + c + 1]
        digits = sorted(rng.sample([s[b] for b in block], rng.choice([2, 3, 4])))
        out.append((f"quadruple: {name(block[0])} {' '.join(map(str, digits))}", (block, digits)))
    return out


def quadruple_model(m, x, data, directive):
    block, digits = data
    for d in set(digits):
        hits = []
        for b in block:
            e = m.NewBoolVar("")
            m.Add(x[b] == d).OnlyEnforceIf(e)
            m.Add(x[b] != d).OnlyEnforceIf(e.Not())
            hits.append(e)
        m.Add(sum(hits) >= digits.count(d))


def zipper_ok(v):
    k = len(v)
    if k % 2:
        return all(v[i] + v[k - 1 - i] == v[k // 2] for i in range(k // 2))
    return len({v[i] + v[k - 1 - i] for i in range(k // 2)}) == 1


def line_clues(key, length_choices, ok, count=3):
    def clues(s, rng):
        out = []
        for _ in range(count):
            path = path_where(s, rng, rng.choice(length_choices), ok)
            if path:
                out.append((f"{key}: {names(path)}", path))
        return out

    return clues


def zipper_model(m, x, path, directive):
    k = len(path)
    if k % 2:
        for i in range(k // 2):
            m.Add(x[path[i]] + x[path[k - 1 - i]] == x[path[k // 2]])
    else:
        for i in range(1, k // 2):
            m.Add(x[path[i]] + x[path[k - 1 - i]] == x[path[0]] + x[path[k - 1]])


def windows_ok(band):
    return lambda v: all(len({band(d) for d in v[i : i + 3]}) == 3 for i in range(len(v) - 2))


def windows_model(band_of):
    def model(m, x, path, directive):
        bands = []
        for c in path:
            b = m.NewIntVar(0, 2, "")
            band_of(m, b, x[c])
            bands.append(b)
        for i in range(len(path) - 2):
            m.AddAllDifferent(bands[i : i + 3])

    return model


def low_mid_high(m, b, v):
    shifted = m.NewIntVar(0, N - 1, "")
    m.Add(shifted == v - 1)
    m.AddDivisionEquality(b, shifted, 3)


def mod3(m, b, v):
    m.AddModuloEquality(b, v, 3)


GAP = 4


def dutch_clues(s, rng):
    out = []
    for _ in range(3):
        path = path_where(s, rng, rng.choice([3, 4, 5]), lambda v: all(abs(a - b) >= GAP for a, b in zip(v, v[1:])))
        if path:
            out.append((f"dutch-whisper: {GAP} {names(path)}", path))
    return out


def dutch_model(m, x, path, directive):
    for a, b in zip(path, path[1:]):
        d = m.NewIntVar(0, N, "")
        m.AddAbsEquality(d, x[a] - x[b])
        m.Add(d >= GAP)


def clone_clues(s, rng):
    out = []
    for _ in range(3):
        # Two cells (or dominoes) with the same digits in the same places.
        for _ in range(5000):
            a, b = rng.randrange(N * N), rng.randrange(N * N)
            if a != b and a % N < N - 1 and b % N < N - 1 and abs(a - b) > 1:
                ga, gb = [a, a + 1], [b, b + 1]
                if [s[c] for c in ga] == [s[c] for c in gb]:
                    out.append((f"clone: {names(ga)} | {names(gb)}", (ga, gb)))
                    break
    return out


def clone_model(m, x, data, directive):
    ga, gb = data
    for a, b in zip(ga, gb):
        m.Add(x[a] == x[b])


def box(cell):
    return (cell // N) // 3 * 3 + (cell % N) // 3


def segments(path):
    """The line cut where it crosses from one box into another."""
    out = []
    for i, c in enumerate(path):
        if i and box(c) == box(path[i - 1]):
            out[-1].append(c)
        else:
            out.append([c])
    return out


def region_sum_clues(s, rng):
    def equal_sums(path):
        segs = segments(path)
        return len(segs) > 1 and len({sum(s[c] for c in g) for g in segs}) == 1

    out = []
    for _ in range(3):
        for _ in range(20000):
            path = random_path(rng, rng.choice([3, 4, 5, 6]))
            if equal_sums(path):
                # The line alone: the engine cuts it by the boxes itself.
                out.append((f"region-sum: {names(path)}", segments(path)))
                break
    return out


def region_sum_model(m, x, segs, directive):
    first = sum(x[c] for c in segs[0])
    for g in segs[1:]:
        m.Add(sum(x[c] for c in g) == first)


FAMILIES = {
    "x-sum": (xsum_clues, xsum_model),
    "skyscraper": (skyscraper_clues, skyscraper_model),
    "minimum": (extremum_clues("minimum"), extremum_model("minimum")),
    "maximum": (extremum_clues("maximum"), extremum_model("maximum")),
    "quadruple": (quadruple_clues, quadruple_model),
    "zipper": (line_clues("zipper", [3, 4, 5], zipper_ok), zipper_model),
    "entropic": (line_clues("entropic", [3, 4, 5, 6], windows_ok(lambda d: (d - 1) // 3)), windows_model(low_mid_high)),
    "modular": (line_clues("modular", [3, 4, 5, 6], windows_ok(lambda d: d % 3)), windows_model(mod3)),
    "dutch-whisper": (dutch_clues, dutch_model),
    "clone": (clone_clues, clone_model),
    "region-sum": (region_sum_clues, region_sum_model),
}


def cpsat_solutions(givens, clues, model):
    """Up to two solutions of the puzzle under CP-SAT."""
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, N, f"x{i}") for i in range(N * N)]
    for r in range(N):
        m.AddAllDifferent([x[r * N + c] for c in range(N)])
    for c in range(N):
        m.AddAllDifferent([x[r * N + c] for r in range(N)])
    for b in range(N):
        br, bc = 3 * (b // 3), 3 * (b % 3)
        m.AddAllDifferent([x[(br + i) * N + bc + j] for i in range(3) for j in range(3)])
    for i, v in enumerate(givens):
        if v:
            m.Add(x[i] == v)
    for directive, data in clues:
        model(m, x, data, directive)
    found = []

    class Keep(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            found.append([self.Value(v) for v in x])
            if len(found) == 2:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.Solve(m, Keep())
    return found


def puzzle_text(clues, givens):
    return "\n".join(d for d, _ in clues) + "\n" + "".join(str(v) if v else "." for v in givens) + "\n"


def agree(family, givens, clues, model):
    """The engine's verdict on the puzzle matches CP-SAT's, and every grid
    the engine answers is a solution under CP-SAT's rules. Returns whether
    it is unique."""
    text = puzzle_text(clues, givens)
    theirs = cpsat_solutions(givens, clues, model)
    assert theirs, f"{family}: CP-SAT finds no solution, but the grid is one:\n{text}"
    verdict = sudokit.Puzzle(text).check(timeout=60)
    assert verdict.unique == (len(theirs) == 1), f"{family}: engine unique={verdict.unique}, CP-SAT found {len(theirs)}:\n{text}"
    answers = [verdict.solution] + ([verdict.second] if verdict.second is not None else [])
    grids = [[int(v) for v in a.cells] for a in answers]
    for g in grids:
        assert cpsat_solutions(g, clues, model) == [g], f"{family}: {g} breaks a rule:\n{text}"
    if verdict.unique:
        assert grids[0] == theirs[0], f"{family}: different solutions:\n{text}"
    else:
        assert grids[0] != grids[1], f"{family}: the same grid twice"
    return verdict.unique


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_agrees_with_cpsat(family):
    """Per grid: givens added in random order until CP-SAT finds the puzzle
    unique; the engine must agree there and one given before, where CP-SAT
    finds two solutions."""
    make, model = FAMILIES[family]
    for k in range(6):
        rng = random.Random(f"{family}-{k}")
        s = solution_grid(1000 + k)
        clues = make(s, rng)
        assert clues, f"{family}: no clue found on grid {k}"
        order = rng.sample(range(N * N), N * N)
        givens = [0] * (N * N)
        for cell in order[:8]:
            givens[cell] = s[cell]
        last = None
        for cell in order[8:]:
            if len(cpsat_solutions(givens, clues, model)) == 1:
                break
            givens[cell], last = s[cell], cell
        assert agree(family, givens, clues, model), f"{family}: not unique with every given"
        if last is not None:
            fewer = list(givens)
            fewer[last] = 0
            assert not agree(family, fewer, clues, model)


def cell_of(text):
    """`r3c7` → its index on the 9×9 board."""
    r, c = text[1:].split("c")
    return (int(r) - 1) * N + int(c) - 1


def generated(cli, family, seed):
    """`sudokit generate --rules FAMILY --seed SEED --with-solution`: the
    printed text, its directive lines, the givens and the solution."""
    out = subprocess.run(
        [str(cli), "generate", "--rules", family, "--seed", str(seed), "--with-solution"],
        capture_output=True, text=True, check=True,
    ).stdout
    lines = out.strip().splitlines()
    directives = [l for l in lines if ":" in l]
    givens_line, solution_line = [l for l in lines if ":" not in l]
    givens = [0 if ch == "." else int(ch) for ch in givens_line]
    return out, directives, givens, [int(ch) for ch in solution_line]


# The line families the generator makes whose rules the engine's own Rust
# tests cannot check independently: CP-SAT's models from above, by key.
GENERATED = {
    "zipper": zipper_model,
    "entropic": windows_model(low_mid_high),
    "modular": windows_model(mod3),
    "region-sum": lambda m, x, path, d: region_sum_model(m, x, segments(path), d),
}


@pytest.mark.parametrize("family", sorted(GENERATED))
def test_generated_line_puzzles_agree_with_cpsat(family, cli):
    """`sudokit generate --rules KEY`: under CP-SAT's own model of the rule
    the puzzle has exactly one solution, the one the generator printed."""
    model = GENERATED[family]
    for seed in (1, 2, 3):
        out, directives, givens, solution = generated(cli, family, seed)
        assert directives and all(d.startswith(f"{family}: ") for d in directives), out
        clues = [(d, [cell_of(t) for t in d.split(":", 1)[1].split()]) for d in directives]
        assert cpsat_solutions(givens, clues, model) == [solution], f"{family}, seed {seed}:\n{out}"


# The clue families the generator makes, read back from the directives it
# prints: (directive key, text after the colon) → (data, model) for the
# models above, plus the older families written here from their statements.
EDGE_LINES = {(first, word): cells for first, word, cells in lines_from_edges()}
DIAGONAL = {"down-right": (1, 1), "down-left": (1, -1), "up-right": (-1, 1), "up-left": (-1, -1)}


def edge_clue(rest):
    total, first, word = rest.split()
    return EDGE_LINES[(cell_of(first), word)]


def sandwich_model(m, x, cells, directive):
    """The digits strictly between the 1 and the 9 of the line add up to the total."""
    total = int(directive.split("=")[1])
    is1, is9 = [], []
    for c in cells:
        for d, out in ((1, is1), (9, is9)):
            b = m.NewBoolVar("")
            m.Add(x[c] == d).OnlyEnforceIf(b)
            m.Add(x[c] != d).OnlyEnforceIf(b.Not())
            out.append(b)
    p1, p9 = m.NewIntVar(0, N - 1, ""), m.NewIntVar(0, N - 1, "")
    m.Add(p1 == sum(i * b for i, b in enumerate(is1)))
    m.Add(p9 == sum(i * b for i, b in enumerate(is9)))
    lo, hi = m.NewIntVar(0, N - 1, ""), m.NewIntVar(0, N - 1, "")
    m.AddMinEquality(lo, [p1, p9])
    m.AddMaxEquality(hi, [p1, p9])
    parts = []
    for i, c in enumerate(cells):
        after, before = m.NewBoolVar(""), m.NewBoolVar("")
        m.Add(lo < i).OnlyEnforceIf(after)
        m.Add(lo >= i).OnlyEnforceIf(after.Not())
        m.Add(hi > i).OnlyEnforceIf(before)
        m.Add(hi <= i).OnlyEnforceIf(before.Not())
        inside = m.NewBoolVar("")
        m.AddBoolAnd([after, before]).OnlyEnforceIf(inside)
        m.AddBoolOr([after.Not(), before.Not()]).OnlyEnforceIf(inside.Not())
        y = m.NewIntVar(0, N, "")
        m.Add(y == x[c]).OnlyEnforceIf(inside)
        m.Add(y == 0).OnlyEnforceIf(inside.Not())
        parts.append(y)
    m.Add(sum(parts) == total)


def sandwich_clue(rest):
    kind, number, _, _ = rest.split()
    k = int(number) - 1
    return [k * N + c for c in range(N)] if kind == "row" else [r * N + k for r in range(N)]


def little_killer_clue(rest):
    """The diagonal from the named cell in the arrow's direction to the edge."""
    _, first, word = rest.split()
    (dr, dc), (r, c) = DIAGONAL[word], divmod(cell_of(first), N)
    cells = []
    while 0 <= r < N and 0 <= c < N:
        cells.append(r * N + c)
        r, c = r + dr, c + dc
    return cells


def sum_model(m, x, cells, directive):
    """Digits may repeat on a little-killer diagonal; only the total counts."""
    m.Add(sum(x[c] for c in cells) == int(directive.split(":")[1].split()[0]))


def pair_model(holds):
    def model(m, x, pair, directive):
        a, b = pair
        allowed = [(p, q) for p in range(1, N + 1) for q in range(1, N + 1) if holds(directive, p, q)]
        m.AddAllowedAssignments([x[a], x[b]], allowed)

    return model


def kropki_holds(directive, p, q):
    return abs(p - q) == 1 if directive.startswith("kropki-white") else (p == 2 * q or q == 2 * p)


def xv_holds(directive, p, q):
    return p + q == (5 if directive.split()[1] == "v" else 10)


def last_two_cells(rest):
    return [cell_of(t) for t in rest.split()[-2:]]


def quadruple_clue(rest):
    first, *digits = rest.split()
    c = cell_of(first)
    return ([c, c + 1, c + N, c + N + 1], [int(d) for d in digits])


def dutch_clue(rest):
    gap, *cells = rest.split()
    assert int(gap) == GAP, f"the model is written for a gap of {GAP}: {rest}"
    return [cell_of(t) for t in cells]


def clone_clue(rest):
    a, b = rest.split("|")
    return ([cell_of(t) for t in a.split()], [cell_of(t) for t in b.split()])


# family → {directive key: (reader of the text after the colon, model)}
GENERATED_CLUES = {
    "x-sum": {"x-sum": (edge_clue, xsum_model)},
    "skyscraper": {"skyscraper": (edge_clue, skyscraper_model)},
    "sandwich": {"sandwich": (sandwich_clue, sandwich_model)},
    "little-killer": {"little-killer": (little_killer_clue, sum_model)},
    "minimum": {"minimum": (cell_of, extremum_model("minimum"))},
    "maximum": {"maximum": (cell_of, extremum_model("maximum"))},
    "quadruple": {"quadruple": (quadruple_clue, quadruple_model)},
    "clone": {"clone": (clone_clue, clone_model)},
    "dutch-whisper": {"dutch-whisper": (dutch_clue, dutch_model)},
    "kropki": {
        "kropki-white": (last_two_cells, pair_model(kropki_holds)),
        "kropki-black": (last_two_cells, pair_model(kropki_holds)),
    },
    "xv": {"xv": (last_two_cells, pair_model(xv_holds))},
}


@pytest.mark.parametrize("family", sorted(GENERATED_CLUES))
def test_generated_clue_puzzles_agree_with_cpsat(family, cli):
    """`sudokit generate --rules KEY` for the clue families: read back from
    the printed directives, CP-SAT's model of the rule has exactly one
    solution, the one the generator printed."""
    keys = GENERATED_CLUES[family]
    for seed in (1, 2):
        out, directives, givens, solution = generated(cli, family, seed)
        assert directives, out
        parts = []
        for d in directives:
            key, rest = d.split(":", 1)
            assert key in keys, f"{family}, seed {seed}: unexpected directive {d!r}"
            read, model = keys[key]
            parts.append((d, read(rest.strip()), model))
        clues = [(d, (data, model)) for d, data, model in parts]
        assert cpsat_solutions(givens, clues, each_own_model) == [solution], f"{family}, seed {seed}:\n{out}"


def each_own_model(m, x, data_and_model, directive):
    data, model = data_and_model
    model(m, x, data, directive)
