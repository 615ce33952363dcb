"""numpy batch solve speed against the CLI, the native engine and two Python
peers. Usage (from the repository root, after
`cargo build --release -p sudokit-cli` and `pip install ./crates/sudokit-py`
into target/py-venv):

    target/py-venv/bin/python benchmarks/python_batch.py [--rounds R]
        [--data DIR] [--peers PYTHON] [--slow-sample K]

`--peers PYTHON` is an interpreter with the peers installed from PyPI
(`pip install rustoku==0.16.0 py-sudoku==2.0.0` in a scratch venv).

Everything runs in interleaved rounds (each method once per round and set,
in the same order), so a shared machine's load hits all methods alike; the
table gives the median per method and the median over rounds of the ratio
to the native engine. Methods, µs per puzzle, first solution:

- `native`: `sudokit bench FILE --mode first --runs 1` (one thread: a
  warm-up pass, then passes for at least 1 s; parsing excluded);
- `py1`, `py2`: `sudokit.batch.solve(arr, threads=1|2)` on an (n, 81) int8
  array built before timing (includes the arrays out);
- `cli1`, `cli2`: `sudokit solve -j 1|2 FILE > /dev/null`, the whole
  process (read, solve, write);
- `rustoku`: `rustoku.solve(line)` for every puzzle string, in a Python
  loop (it has no batch call);
- `py-sudoku`: `Sudoku(3, 3, board=rows).solve()` (pure Python) on the
  first K puzzles of the set only (`--slow-sample`, default 5).
"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import sudokit
from sudokit import batch

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / "target" / "release" / "sudokit"
SETS = {"17-clue": "puzzles2_17_clue", "hardest 11+": "puzzles5_forum_hardest_1905_11+"}

PEER_CODE = r"""
import sys, time
which, path, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = [l[:81] for l in open(path) if len(l) >= 81 and not l.startswith("#")]
if which == "rustoku":
    import rustoku
    t = time.perf_counter()
    for l in lines:
        rustoku.solve(l)
    dt = time.perf_counter() - t
    print(dt / len(lines) * 1e6)
else:
    from sudoku import Sudoku
    sample = lines[:k]
    boards = [[[0 if c in ".0" else int(c) for c in l[r * 9:r * 9 + 9]] for r in range(9)] for l in sample]
    t = time.perf_counter()
    for b in boards:
        Sudoku(3, 3, board=b).solve()
    dt = time.perf_counter() - t
    print(dt / len(sample) * 1e6)
"""


def load(path):
    lines = [l[:81] for l in path.read_text().splitlines() if len(l) >= 81 and not l.startswith("#")]
    raw = np.frombuffer("".join(lines).replace(".", "0").encode(), dtype=np.uint8) - ord("0")
    return raw.reshape(-1, 81).astype(np.int8)


def timed(f):
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def native_us(path):
    out = subprocess.run(
        [str(CLI), "bench", "--mode", "first", "--runs", "1", str(path)], capture_output=True, text=True, check=True
    )
    row = [l for l in out.stdout.splitlines() if l.startswith(f"| {path.name} ")][0]
    return float(row.split("|")[4])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    ap.add_argument("--peers", help="a Python with rustoku and py-sudoku installed")
    ap.add_argument("--slow-sample", type=int, default=5)
    a = ap.parse_args()
    print(f"sudokit {sudokit.__version__}; {time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC; {a.rounds} rounds")
    methods = ["native", "py1", "py2", "cli1", "cli2"] + (["rustoku", "py-sudoku"] if a.peers else [])
    print("| set | puzzles | " + " | ".join(methods) + " | py1 / native (median of rounds) |")
    print("|---|---:|" + "---:|" * len(methods) + "---:|")
    for name, file in SETS.items():
        path = a.data / file
        arr = load(path)
        n = len(arr)
        got = {m: [] for m in methods}
        for _ in range(a.rounds):
            got["native"].append(native_us(path))
            for t in (1, 2):
                got[f"py{t}"].append(timed(lambda: batch.solve(arr, threads=t)) / n * 1e6)
            for t in (1, 2):
                cmd = [str(CLI), "solve", "-j", str(t), str(path)]
                got[f"cli{t}"].append(
                    timed(lambda: subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)) / n * 1e6
                )
            if a.peers:
                for peer in ("rustoku", "py-sudoku"):
                    out = subprocess.run(
                        [a.peers, "-c", PEER_CODE, peer, str(path), str(a.slow_sample)],
                        capture_output=True, text=True, check=True,
                    )
                    got[peer].append(float(out.stdout.strip()))
        ratio = statistics.median(p / q for p, q in zip(got["py1"], got["native"]))
        cells = " | ".join(f"{statistics.median(got[m]):.2f}" for m in methods)
        print(f"| {name} | {n} | {cells} | {ratio:.3f} |")
        for m in methods:
            print(f"<!-- {name} {m}: " + ", ".join(f"{v:.2f}" for v in got[m]) + " -->")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
