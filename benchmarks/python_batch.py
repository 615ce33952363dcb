"""numpy batch solve speed vs the CLI. Usage (from the repository root, after
`bash scripts/test.sh` or `cargo build --release -p sudokit-cli` and
`pip install ./crates/sudokit-py` into target/py-venv):

    target/py-venv/bin/python benchmarks/python_batch.py [DATA_DIR]

Prints a Markdown table: µs/puzzle of `sudokit.batch.solve` at 1 and 2
threads (best of 3, parsing excluded), of `sudokit solve -j 1/-j 2` (whole
process: reading, solving, writing), and the native single-thread engine
(`sudokit bench --mode first`, median of 3). Overhead = Python 1 thread
over native 1 thread.
"""

import subprocess
import sys
import time
from pathlib import Path

import numpy as np

import sudokit
from sudokit import batch

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "data"
CLI = ROOT / "target" / "release" / "sudokit"
SETS = {"17-clue": "puzzles2_17_clue", "hardest 11+": "puzzles5_forum_hardest_1905_11+"}


def load(path):
    lines = [l[:81] for l in path.read_text().splitlines() if len(l) >= 81 and not l.startswith("#")]
    raw = np.frombuffer("".join(lines).replace(".", "0").encode(), dtype=np.uint8) - ord("0")
    return raw.reshape(-1, 81).astype(np.int8)


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def native_us(path):
    out = subprocess.run([str(CLI), "bench", "--mode", "first", str(path)], capture_output=True, text=True, check=True)
    # The table row: | set | puzzles | mode | µs/puzzle | ...
    row = [l for l in out.stdout.splitlines() if l.startswith(f"| {path.name} ")][0]
    return float(row.split("|")[4])


print(f"sudokit {sudokit.__version__}; {time.strftime('%Y-%m-%d')}")
print("| set | puzzles | Python 1 thread | Python 2 threads | CLI -j 1 | CLI -j 2 | native (bench) | overhead |")
print("|---|---|---|---|---|---|---|---|")
for name, file in SETS.items():
    path = DATA / file
    arr = load(path)
    n = len(arr)
    py = {t: best(lambda: batch.solve(arr, threads=t)) / n * 1e6 for t in (1, 2)}
    cli = {
        t: best(lambda: subprocess.run([str(CLI), "solve", "-j", str(t), str(path)], stdout=subprocess.DEVNULL, check=True)) / n * 1e6
        for t in (1, 2)
    }
    nat = native_us(path)
    print(f"| {name} | {n} | {py[1]:.2f} µs | {py[2]:.2f} µs | {cli[1]:.2f} µs | {cli[2]:.2f} µs | {nat:.2f} µs | {100 * (py[1] / nat - 1):+.0f} % |")
