"""Fixtures shared by the tests: the data directory, the CLI binary, and an
independent checker of solutions written here from the rules (it shares no
code with the engine)."""

import os
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


def data_dir() -> Path:
    return Path(os.environ.get("SUDOKIT_DATA", ROOT.parent / "shared" / "data"))


@pytest.fixture(scope="session")
def data() -> Path:
    d = data_dir()
    if not (d / "puzzles2_17_clue").exists():
        pytest.fail(f"data sets not found in {d} (set SUDOKIT_DATA)")
    return d


@pytest.fixture(scope="session")
def cli() -> Path:
    """The `sudokit` binary built by cargo (SUDOKIT_CLI, or target/release/sudokit, built if missing)."""
    exe = os.environ.get("SUDOKIT_CLI")
    if exe:
        return Path(exe)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    exe = target / "release" / "sudokit"
    subprocess.run(
        ["cargo", "build", "--release", "--locked", "-p", "sudokit-cli"], cwd=ROOT, check=True
    )
    return exe


def units(n: int, box: Optional[str] = None, variants: Sequence[str] = (),
          regions: Optional[Sequence[int]] = None, cube: bool = False) -> List[List[int]]:
    """Every group of cells that must hold each digit once, from the rules."""
    if box is None:
        r = int(n ** 0.5)
        while n % r:
            r -= 1
        br, bc = r, n // r
    else:
        br, bc = (int(x) for x in box.split("x"))
    if cube:
        # Cell (z, y, x) at z*n*n + y*n + x: lines along each axis, and the
        # boxes of every plane perpendicular to each axis.
        idx = lambda z, y, x: (z * n + y) * n + x  # noqa: E731
        out = []
        for a in range(n):
            for b in range(n):
                out.append([idx(a, b, c) for c in range(n)])
                out.append([idx(a, c, b) for c in range(n)])
                out.append([idx(c, a, b) for c in range(n)])
        for k in range(n):
            for u0 in range(0, n, br):
                for v0 in range(0, n, bc):
                    block = [(u0 + du, v0 + dv) for du in range(br) for dv in range(bc)]
                    out.append([idx(k, u, v) for u, v in block])
                    out.append([idx(u, k, v) for u, v in block])
                    out.append([idx(u, v, k) for u, v in block])
        return out
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if regions is not None:
        for label in sorted(set(regions)):
            out.append([i for i, g in enumerate(regions) if g == label])
    else:
        for r0 in range(0, n, br):
            for c0 in range(0, n, bc):
                out.append([(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)])
    if "x" in variants:
        out.append([i * n + i for i in range(n)])
        out.append([i * n + n - 1 - i for i in range(n)])
    return out


def is_solution(puzzle: Sequence[int], solution: Sequence[int], n: int, **board) -> bool:
    """True when `solution` fills every cell with 1..n, keeps the givens and
    holds each digit once in every unit."""
    sol = [int(v) for v in solution]
    if any(not 1 <= v <= n for v in sol):
        return False
    if any(g and g != s for g, s in zip(puzzle, sol)):
        return False
    return all(sorted(sol[c] for c in u) == list(range(1, n + 1)) for u in units(n, **board))


def valid_9x9_rows(puzzles: np.ndarray, solutions: np.ndarray) -> np.ndarray:
    """Vectorised check of many classic 9×9 solutions: a bool per row."""
    s = solutions.reshape(-1, 9, 9).astype(np.int64)
    want = np.arange(1, 10)
    rows = (np.sort(s, axis=2) == want).all(axis=(1, 2))
    cols = (np.sort(s, axis=1) == want[:, None]).all(axis=(1, 2))
    boxes = s.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    boxes_ok = (np.sort(boxes, axis=2) == want).all(axis=(1, 2))
    p = puzzles.reshape(-1, 81)
    kept = ((p == 0) | (p == solutions.reshape(-1, 81))).all(axis=1)
    return rows & cols & boxes_ok & kept


def line_to_cells(line: str) -> List[int]:
    return [0 if ch in ".0" else int(ch, 36) for ch in line.strip()[:81]]


def count_solutions(puzzle: Sequence[int], n: int, limit: int = 2, **board) -> int:
    """Solutions of `puzzle` up to `limit`, by plain backtracking (most
    constrained cell first) over the units above: slow, but independent."""
    us = units(n, **board)
    size = len(puzzle)
    peers = [set() for _ in range(size)]
    for u in us:
        for c in u:
            peers[c].update(u)
    peers = [sorted(p - {c}) for c, p in enumerate(peers)]
    vals = [int(v) for v in puzzle]
    full = (1 << n) - 1
    for c, v in enumerate(vals):
        if v and any(vals[p] == v for p in peers[c]):
            return 0
    found = 0

    def free(c):
        m = full
        for p in peers[c]:
            if vals[p]:
                m &= ~(1 << (vals[p] - 1))
        return m

    def search():
        nonlocal found
        best, best_mask, best_n = -1, 0, n + 1
        for c in range(size):
            if not vals[c]:
                m = free(c)
                k = bin(m).count("1")
                if k < best_n:
                    best, best_mask, best_n = c, m, k
                    if k <= 1:
                        break
        if best < 0:
            found += 1
            return
        for d in range(n):
            if best_mask >> d & 1:
                vals[best] = d + 1
                search()
                vals[best] = 0
                if found >= limit:
                    return

    search()
    return found
