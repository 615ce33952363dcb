#!/usr/bin/env python3
"""Builds the easy and the multi-solution 9×9 benchmark sets from the public
17-clue list (Royle et al., `puzzles2_17_clue` of the shared data), both
deterministic, so anyone can rebuild them byte for byte:

- easy: puzzle i (0-based, in file order) gets 13 + (i % 11) more givens
  from its solution (30 to 40 givens in all, mean 35, like Kaggle's sets),
  the cells taken in the order c = (k * 37 + 11 * i) % 81, k = 0, 1, ...,
  skipping cells already given. A puzzle with more givens keeps its unique
  solution.
- multi: puzzle i without its given number (i % 17) in row-major order:
  a 16-clue position, which never has a unique solution (no 16-clue 9×9
  puzzle has one; McGuire, Tugemann and Civario 2012).
- sparse: 17 + (i % 8) cells of solution i (17 to 24 givens), drawn at
  random (a Fisher–Yates shuffle of the 81 cells driven by a 64-bit LCG
  seeded with i), the 17 givens of the puzzle ignored. Such a position has
  many solutions and needs almost no search: what it costs is set-up and
  the search for a second solution, the case `multi_16` does not show.

Usage: make_easy_sets.py SEVENTEEN_CLUE_FILE SOLUTIONS_FILE OUT_DIR
where SOLUTIONS_FILE holds one 81-digit solution per puzzle, in order
(`sudokit solve SEVENTEEN_CLUE_FILE > SOLUTIONS_FILE`).
Writes OUT_DIR/easy_30_40, OUT_DIR/multi_16 and OUT_DIR/sparse_17_24
(81-character lines, `.`).
"""

import sys
from pathlib import Path


def shuffled_cells(seed: int) -> list[int]:
    # Knuth's MMIX LCG; the high bits pick each swap.
    state = (seed * 0x9E3779B97F4A7C15 + 1) % 2**64
    cells = list(range(81))
    for j in range(80, 0, -1):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        k = (state >> 33) % (j + 1)
        cells[j], cells[k] = cells[k], cells[j]
    return cells


def main() -> None:
    src, sols, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    puzzles = [l.strip()[:81] for l in src.read_text().splitlines() if l.strip() and not l.startswith("#")]
    solutions = [l.strip()[:81] for l in sols.read_text().splitlines() if l.strip()]
    assert len(puzzles) == len(solutions), (len(puzzles), len(solutions))
    easy, multi, sparse = [], [], []
    for i, (p, s) in enumerate(zip(puzzles, solutions)):
        assert all(a in ".0" or a == b for a, b in zip(p, s)), f"solution {i} does not fit"
        cells = [None if a in ".0" else a for a in p]
        want = 13 + i % 11
        k = 0
        while want:
            c = (k * 37 + 11 * i) % 81
            if cells[c] is None:
                cells[c] = s[c]
                want -= 1
            k += 1
        easy.append("".join(c or "." for c in cells))
        given = [c for c, a in enumerate(p) if a not in ".0"]
        drop = given[i % len(given)]
        multi.append("".join("." if c == drop or a in ".0" else a for c, a in enumerate(p)))
        keep = set(shuffled_cells(i)[: 17 + i % 8])
        sparse.append("".join(d if c in keep else "." for c, d in enumerate(s)))
    out.mkdir(parents=True, exist_ok=True)
    (out / "easy_30_40").write_text("\n".join(easy) + "\n")
    (out / "multi_16").write_text("\n".join(multi) + "\n")
    (out / "sparse_17_24").write_text("\n".join(sparse) + "\n")
    print(f"{len(easy)} easy, {len(multi)} multi-solution, {len(sparse)} sparse puzzles in {out}")


if __name__ == "__main__":
    main()
