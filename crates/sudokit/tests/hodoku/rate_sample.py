#!/usr/bin/env python3
"""Rate a fixed sample of puzzles with hodoku-py (a port of HoDoKu 2.2.0) and
write the expected levels and scores for `tests/logic_hodoku.rs`.

Usage: ./run.sh (creates a venv with hodoku-py 0.2.1, then runs this file).

The sample is drawn deterministically: `random.Random(SEED).sample` over the
puzzle indices of each set, sorted. Each line of the output is
`set<TAB>index<TAB>puzzle<TAB>level<TAB>score<TAB>last_resort<TAB>types`, where
`last_resort` is 1 when HoDoKu needed a forcing chain, forcing net or brute
force, and `types` lists the step types used (`NAME*count`, by first use).
A puzzle that takes longer than TIMEOUT seconds is written with level
`TIMEOUT` and skipped by the test.
"""

import os
import random
import signal
import sys

from hodoku import Solver

SEED = 21
SETS = [
    ("top1465", "puzzles3_magictour_top1465", 60),
    ("17-clue", "puzzles2_17_clue", 100),
]
TIMEOUT = 60
LAST_RESORT = {
    "FORCING_CHAIN_CONTRADICTION",
    "FORCING_CHAIN_VERITY",
    "FORCING_NET_CONTRADICTION",
    "FORCING_NET_VERITY",
    "BRUTE_FORCE",
    "TEMPLATE_SET",
    "TEMPLATE_DEL",
    "KRAKEN_FISH_TYPE_1",
    "KRAKEN_FISH_TYPE_2",
}


def puzzles(path):
    with open(path) as f:
        return [
            l.strip()[:81]
            for l in f
            if len(l.strip()) >= 81 and not l.startswith("#")
        ]


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    data = os.environ.get(
        "SUDOKIT_DATA", os.path.join(here, "../../../../../shared/data")
    )
    out_path = os.path.join(here, "sample.tsv")
    solver = Solver()
    signal.signal(signal.SIGALRM, on_alarm)
    with open(out_path + ".tmp", "w") as out:
        out.write("# set\tindex\tpuzzle\tlevel\tscore\tlast_resort\ttypes\n")
        for name, file, k in SETS:
            all_p = puzzles(os.path.join(data, file))
            idx = sorted(random.Random(SEED).sample(range(len(all_p)), k))
            for i in idx:
                p = all_p[i]
                signal.alarm(TIMEOUT)
                try:
                    r = solver.solve(p)
                    signal.alarm(0)
                except Timeout:
                    out.write(f"{name}\t{i}\t{p}\tTIMEOUT\t0\t0\t\n")
                    out.flush()
                    continue
                counts = {}
                for st in r.steps:
                    counts[st.type.name] = counts.get(st.type.name, 0) + 1
                lr = int(any(t in LAST_RESORT for t in counts))
                types = ",".join(f"{t}*{c}" for t, c in counts.items())
                level = r.level.name if r.solved else "INCOMPLETE"
                out.write(f"{name}\t{i}\t{p}\t{level}\t{r.score}\t{lr}\t{types}\n")
                out.flush()
                print(name, i, level, r.score, file=sys.stderr)
    os.replace(out_path + ".tmp", out_path)


if __name__ == "__main__":
    main()
