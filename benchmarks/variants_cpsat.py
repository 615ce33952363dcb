"""The comparison side of benchmarks/variants.md: each suite puzzle
(crates/sudokit/tests/variants/*.txt, our directive text form) encoded for
OR-tools' CP-SAT, a generic constraint solver (not a sudoku tool), and
timed: one solution, then uniqueness (solve, forbid that solution, solve
again and expect INFEASIBLE).

    pip install ortools
    python3 benchmarks/variants_cpsat.py [--runs K] [--workers W] FILE...

Prints one tab-separated line per file: name, median solve µs, median
uniqueness µs (model building included, file parsing excluded), the
solver's own wall time for the uniqueness proof (µs, median), verdict.
The encoding is the straightforward one a setter would write: integer cells,
AllDifferent units, linear sums, allowed-pair tables for dots and
neighbour rules, enforced sums for sandwiches.
"""

import statistics
import sys
import time

from ortools.sat.python import cp_model


def read(path):
    rules, grid, box, solution = [], None, None, None
    diagonals = False
    for raw in open(path, encoding="utf-8"):
        t = raw.strip()
        if t.startswith("# solution:"):
            solution = [int(ch, 36) for ch in t.split(":", 1)[1].strip()]
        if not t or t.startswith("#"):
            continue
        if t in ("anti-knight", "anti-king", "non-consecutive"):
            rules.append((t, ""))
            continue
        if ":" in t:
            k, v = (s.strip() for s in t.split(":", 1))
            if k == "box":
                r, c = v.split("x")
                box = (int(r), int(c))
            elif k == "variant":
                diagonals = "x" in v.split()
            elif k != "name":
                rules.append((k, v))
            continue
        grid = [0 if ch in ".0" else int(ch, 36) for ch in t]
    n = int(round(len(grid) ** 0.5))
    box = box or {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
    return (n, box, diagonals, grid, rules), solution


def cell(tok, n):
    r, c = tok[1:].split("c")
    return (int(r) - 1) * n + int(c) - 1


def cells(s, n):
    return [cell(t, n) for t in s.split()]


def orthogonal_pairs(n):
    for a in range(n * n):
        if a % n + 1 < n:
            yield a, a + 1
        if a + n < n * n:
            yield a, a + n


def build(n, box, diagonals, grid, rules):
    m = cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"c{i}") for i in range(n * n)]
    digits = range(1, n + 1)

    def table(a, b, ok):
        m.AddAllowedAssignments([x[a], x[b]], [(p, q) for p in digits for q in digits if ok(p, q)])

    for i, g in enumerate(grid):
        if g:
            m.Add(x[i] == g)
    for i in range(n):
        m.AddAllDifferent([x[i * n + j] for j in range(n)])
        m.AddAllDifferent([x[j * n + i] for j in range(n)])
    br, bc = box
    for r0 in range(0, n, br):
        for c0 in range(0, n, bc):
            m.AddAllDifferent([x[r * n + c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)])
    if diagonals:
        m.AddAllDifferent([x[i * n + i] for i in range(n)])
        m.AddAllDifferent([x[i * n + n - 1 - i] for i in range(n)])

    marked = set()
    for k, v in rules:
        if k in ("kropki-white", "kropki-black"):
            a, b = cells(v, n)
            marked.add((min(a, b), max(a, b)))
        elif k == "xv" and v != "all":
            a, b = cells(v.split(" ", 1)[1], n)
            marked.add((min(a, b), max(a, b)))

    for k, v in rules:
        if k == "cage":
            toks = v.split()
            total = int(toks.pop(0)) if toks[0].isdigit() else None
            cs = [cell(t, n) for t in toks]
            m.AddAllDifferent([x[c] for c in cs])
            if total is not None:
                m.Add(sum(x[c] for c in cs) == total)
        elif k == "thermo":
            cs = cells(v, n)
            for a, b in zip(cs, cs[1:]):
                m.Add(x[a] < x[b])
        elif k == "arrow":
            circle, arrow = (cells(s, n) for s in v.split("|"))
            number = sum(10 ** (len(circle) - 1 - i) * x[c] for i, c in enumerate(circle))
            m.Add(number == sum(x[c] for c in arrow))
        elif k == "kropki-white":
            table(*cells(v, n), lambda p, q: abs(p - q) == 1)
        elif k == "kropki-black":
            table(*cells(v, n), lambda p, q: p == 2 * q or q == 2 * p)
        elif k == "kropki":
            for a, b in orthogonal_pairs(n):
                if (a, b) not in marked:
                    table(a, b, lambda p, q: abs(p - q) != 1 and p != 2 * q and q != 2 * p)
        elif k == "xv" and v == "all":
            for a, b in orthogonal_pairs(n):
                if (a, b) not in marked:
                    table(a, b, lambda p, q: p + q not in (5, 10))
        elif k == "xv":
            kind, rest = v.split(" ", 1)
            a, b = cells(rest, n)
            m.Add(x[a] + x[b] == (10 if kind == "x" else 5))
        elif k == "sandwich":
            line, total = v.split("=")
            kind, idx = line.split()
            idx = int(idx) - 1
            cs = [idx * n + j for j in range(n)] if kind == "row" else [j * n + idx for j in range(n)]
            one, top = [], []
            for c in cs:
                b1, bn = m.NewBoolVar(""), m.NewBoolVar("")
                m.Add(x[c] == 1).OnlyEnforceIf(b1)
                m.Add(x[c] != 1).OnlyEnforceIf(b1.Not())
                m.Add(x[c] == n).OnlyEnforceIf(bn)
                m.Add(x[c] != n).OnlyEnforceIf(bn.Not())
                one.append(b1)
                top.append(bn)
            for i in range(n):
                for j in range(n):
                    if i == j:
                        continue
                    w = m.NewBoolVar("")
                    m.AddBoolAnd([one[i], top[j]]).OnlyEnforceIf(w)
                    m.AddBoolOr([one[i].Not(), top[j].Not(), w])
                    lo, hi = min(i, j), max(i, j)
                    m.Add(sum(x[cs[t]] for t in range(lo + 1, hi)) == int(total)).OnlyEnforceIf(w)
        elif k == "little-killer":
            total, start, direction = v.split()
            dr, dc = {"down-right": (1, 1), "down-left": (1, -1), "up-right": (-1, 1), "up-left": (-1, -1)}[direction]
            r, c = divmod(cell(start, n), n)
            diag = []
            while 0 <= r < n and 0 <= c < n:
                diag.append(r * n + c)
                r, c = r + dr, c + dc
            m.Add(sum(x[c] for c in diag) == int(total))
        elif k in ("anti-knight", "anti-king"):
            moves = [(1, 2), (2, 1), (1, -2), (2, -1)] if k == "anti-knight" else [(1, 1), (1, -1)]
            for r in range(n):
                for c in range(n):
                    for dr, dc in moves:
                        if 0 <= r + dr < n and 0 <= c + dc < n:
                            m.Add(x[r * n + c] != x[(r + dr) * n + c + dc])
        elif k == "non-consecutive":
            for a, b in orthogonal_pairs(n):
                table(a, b, lambda p, q: abs(p - q) != 1)
        elif k in ("odd", "even"):
            want = 1 if k == "odd" else 0
            for c in cells(v, n):
                m.AddAllowedAssignments([x[c]], [(d,) for d in digits if d % 2 == want])
        elif k == "whisper":
            gap = (n + 1) // 2
            cs = cells(v, n)
            for a, b in zip(cs, cs[1:]):
                table(a, b, lambda p, q: abs(p - q) >= gap)
        elif k == "renban":
            cs = cells(v, n)
            m.AddAllDifferent([x[c] for c in cs])
            lo, hi = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
            m.AddMinEquality(lo, [x[c] for c in cs])
            m.AddMaxEquality(hi, [x[c] for c in cs])
            m.Add(hi - lo == len(cs) - 1)
        elif k == "palindrome":
            cs = cells(v, n)
            for a, b in zip(cs, reversed(cs)):
                m.Add(x[a] == x[b])
        elif k == "between":
            cs = cells(v, n)
            a, b, mid = cs[0], cs[-1], cs[1:-1]
            up = m.NewBoolVar("")
            for c in mid:
                m.Add(x[a] < x[c]).OnlyEnforceIf(up)
                m.Add(x[c] < x[b]).OnlyEnforceIf(up)
                m.Add(x[b] < x[c]).OnlyEnforceIf(up.Not())
                m.Add(x[c] < x[a]).OnlyEnforceIf(up.Not())
        elif k == "region":
            m.AddAllDifferent([x[c] for c in cells(v, n)])
        else:
            raise SystemExit(f"no encoding for `{k}`")
    return m, x


def run(puzzle, workers):
    """(solve µs, uniqueness µs, solver wall µs of the uniqueness proof,
    verdict, first solution)"""
    t0 = time.perf_counter()
    m, x = build(*puzzle)
    s = cp_model.CpSolver()
    s.parameters.num_workers = workers
    st = s.Solve(m)
    t_solve = time.perf_counter() - t0
    wall = s.WallTime()
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return t_solve * 1e6, t_solve * 1e6, wall * 1e6, "no solution", None
    sol = [s.Value(v) for v in x]
    diff = []
    for v, d in zip(x, sol):
        b = m.NewBoolVar("")
        m.Add(v != d).OnlyEnforceIf(b)
        diff.append(b)
    m.AddBoolOr(diff)
    st2 = s.Solve(m)
    t_unique = time.perf_counter() - t0
    wall += s.WallTime()
    verdict = "unique" if st2 == cp_model.INFEASIBLE else "multiple" if st2 in (cp_model.OPTIMAL, cp_model.FEASIBLE) else "unknown"
    return t_solve * 1e6, t_unique * 1e6, wall * 1e6, verdict, sol


def main():
    args = sys.argv[1:]
    runs, workers = 5, 1
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i : i + 2]
    if "--workers" in args:
        i = args.index("--workers")
        workers = int(args[i + 1])
        del args[i : i + 2]
    print("puzzle\tsolve_us\tunique_us\tsolver_wall_us\tverdict")
    for path in args:
        puzzle, solution = read(path)
        results = [run(puzzle, workers) for _ in range(runs)]
        if solution is not None and results[-1][4] != solution:
            raise SystemExit(f"{path}: CP-SAT's solution differs from the file's")
        name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        med = [statistics.median(r[i] for r in results) for i in range(3)]
        print(f"{name}\t{med[0]:.1f}\t{med[1]:.1f}\t{med[2]:.1f}\t{results[-1][3]}", flush=True)


if __name__ == "__main__":
    main()
