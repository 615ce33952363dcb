#!/usr/bin/env python3
"""Compare `sudokit rate --json` output with HoDoKu's grades in sample.tsv.

Usage:
  cut -f3 sample.tsv | grep -v '^puzzle' | tail -n +2 > /tmp/sample.txt   # or see README in benchmarks/logic.md
  sudokit rate -j 1 --json /tmp/sample.txt > /tmp/ours.jsonl
  python3 compare.py sample.tsv /tmp/ours.jsonl

Prints level agreement (overall and per set), the confusion matrix (rows
HoDoKu, columns ours) and Spearman's rank correlation of the scores. No
third-party packages needed.
"""

import json
import sys

LEVELS = ["EASY", "MEDIUM", "HARD", "UNFAIR", "EXTREME"]


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in order[i : j + 1]:
            r[k] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(ra)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5


def main():
    rows = [
        l.rstrip("\n").split("\t")
        for l in open(sys.argv[1])
        if not l.startswith("#") and l.strip()
    ]
    ours = [json.loads(l) for l in open(sys.argv[2])]
    assert len(ours) == len(rows), (len(ours), len(rows))
    conf = [[0] * 5 for _ in range(5)]
    per = {}
    a, b = [], []
    for r, o in zip(rows, ours):
        if r[3] not in LEVELS:
            continue
        h, u = LEVELS.index(r[3]), LEVELS.index(o["level"].upper())
        conf[h][u] += 1
        s = per.setdefault(r[0], [0, 0])
        s[0] += 1
        s[1] += h == u
        a.append(int(r[4]))
        b.append(o["score"])
    n = sum(map(sum, conf))
    agree = sum(conf[i][i] for i in range(5))
    print(f"level agreement: {agree}/{n} = {100 * agree / n:.1f}%")
    for k, (m, g) in per.items():
        print(f"  {k}: {g}/{m} = {100 * g / m:.1f}%")
    print("confusion (rows HoDoKu, columns ours): Easy Medium Hard Unfair Extreme")
    for i, row in enumerate(conf):
        print(f"  {LEVELS[i].title():<8} {row}")
    print(f"Spearman of scores: {spearman(a, b):.3f}")


if __name__ == "__main__":
    main()
