#!/usr/bin/env python3
"""Independent check of the corpus: each f-puzzles file's solution (its
`solution` key, or the `solution=` column of expected.tsv) against every
rule the file states, written from the f-puzzles meanings and sharing no
code with sudokit. Files whose rules include a kind this checker does not
know are reported, not passed.

Run: python3 check_solutions.py   (exit 1 on any failure)
"""
import itertools
import json
import os
import re
import sys
import base64

HERE = os.path.dirname(os.path.abspath(__file__))


def lz_decompress_base64(data):
    """lz-string's decompressFromBase64, for the links' payloads."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
    vals = [alphabet.index(ch) for ch in data]
    pos, idx = 32, 0
    val = vals[0]

    def bits(n):
        nonlocal pos, idx, val
        out, power = 0, 1
        for _ in range(n):
            res = val & pos
            pos >>= 1
            if pos == 0:
                pos = 32
                idx += 1
                val = vals[idx] if idx < len(vals) else 0
            out |= power if res else 0
            power <<= 1
        return out

    dictionary = {0: 0, 1: 1, 2: 2}
    enlarge, dict_size, num_bits = 4, 4, 3
    c = bits(2)
    if c == 2:
        return ""
    w = chr(bits(8 if c == 0 else 16))
    dictionary[3] = w
    result = [w]
    while True:
        c = bits(num_bits)
        if c in (0, 1):
            dictionary[dict_size] = chr(bits(8 if c == 0 else 16))
            c = dict_size
            dict_size += 1
            enlarge -= 1
        elif c == 2:
            return "".join(result)
        if enlarge == 0:
            enlarge = 2 ** num_bits
            num_bits += 1
        if c in dictionary:
            entry = dictionary[c]
        elif c == dict_size:
            entry = w + w[0]
        else:
            raise ValueError("bad lz-string data")
        result.append(entry)
        dictionary[dict_size] = w + entry[0]
        dict_size += 1
        enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge = 2 ** num_bits
            num_bits += 1


KNOWN = {
    "size", "grid", "title", "author", "ruleset", "solution", "killercage",
    "thermometer", "arrow", "difference", "ratio", "xv", "negative",
    "nonconsecutive", "diagonal+", "diagonal-", "antiknight", "antiking",
    "disjointgroups", "whispers", "renban", "palindrome", "betweenline",
    "littlekillersum", "sandwichsum", "odd", "even", "extraregion",
    "xsum", "skyscraper", "regionsumline",
    # no rule in these
    "highlightConflicts", "version", "cosmetic", "text", "line", "circle",
    "rectangle", "cage", "disabledlogic", "truecandidatesoptions",
    "zipperline", "modularline", "entropicline",
}


def check(doc, sol):
    """A list of broken rules (empty: the solution keeps every rule)."""
    n = doc["size"]
    g = {(r, c): sol[r * n + c] for r in range(n) for c in range(n)}
    rc = lambda s: tuple(int(x) - 1 for x in re.fullmatch(r"R(\d+)C(\d+)", s).groups())
    bad = []

    def distinct(cells, what):
        vals = [g[x] for x in cells]
        if len(set(vals)) != len(vals):
            bad.append(what)

    unknown = set(doc) - KNOWN
    if unknown:
        bad.append("unknown kinds " + ",".join(sorted(unknown)))
    if sorted(set(sol)) != list(range(1, n + 1)):
        bad.append("digits")
    for i in range(n):
        distinct([(i, c) for c in range(n)], f"row {i + 1}")
        distinct([(r, i) for r in range(n)], f"column {i + 1}")
    regions = {}
    bh = {4: 2, 6: 2, 9: 3, 16: 4}[n]
    bw = n // bh
    for r in range(n):
        for c in range(n):
            cell = doc["grid"][r][c]
            reg = cell.get("region", (r // bh) * (n // bw) + c // bw)
            regions.setdefault(reg, []).append((r, c))
            if cell.get("given") and cell.get("value") != g[(r, c)]:
                bad.append(f"given r{r + 1}c{c + 1}")
    for k, cells in regions.items():
        distinct(cells, f"region {k}")
    for e in doc.get("extraregion", []):
        distinct([rc(x) for x in e["cells"]], "extra region")
    for e in doc.get("killercage", []):
        cells = [rc(x) for x in e["cells"]]
        distinct(cells, "cage repeats")
        if e.get("value") not in (None, "") and sum(g[x] for x in cells) != int(e["value"]):
            bad.append("cage sum " + str(e["cells"]))
    for e in doc.get("thermometer", []):
        for line in e["lines"]:
            v = [g[rc(x)] for x in line]
            if any(a >= b for a, b in zip(v, v[1:])):
                bad.append("thermometer")
    for e in doc.get("arrow", []):
        circle = [rc(x) for x in e["cells"]]
        total = int("".join(str(g[x]) for x in circle))
        for line in e["lines"]:
            if sum(g[rc(x)] for x in line if rc(x) not in circle) != total:
                bad.append("arrow " + str(line))
    pairs = {}
    for e in doc.get("difference", []):
        a, b = (rc(x) for x in e["cells"])
        pairs[frozenset((a, b))] = "white"
        if abs(g[a] - g[b]) != 1:
            bad.append("white dot")
    for e in doc.get("ratio", []):
        a, b = (rc(x) for x in e["cells"])
        pairs[frozenset((a, b))] = "black"
        if not (g[a] == 2 * g[b] or g[b] == 2 * g[a]):
            bad.append("black dot")
    xv = {}
    for e in doc.get("xv", []):
        a, b = (rc(x) for x in e["cells"])
        xv[frozenset((a, b))] = e["value"]
        if g[a] + g[b] != {"X": 10, "V": 5}[e["value"]]:
            bad.append("xv")
    neg = doc.get("negative", [])
    white_all = "difference" in neg or (doc.get("nonconsecutive") and pairs)
    for r in range(n):
        for c in range(n):
            for (a, b) in [((r, c), (r, c + 1)), ((r, c), (r + 1, c))]:
                if b not in g:
                    continue
                key = frozenset((a, b))
                d, s = abs(g[a] - g[b]), g[a] + g[b]
                if key not in pairs:
                    if white_all and d == 1:
                        bad.append("negative white")
                    if "ratio" in neg and (g[a] == 2 * g[b] or g[b] == 2 * g[a]):
                        bad.append("negative black")
                    if doc.get("nonconsecutive") and not pairs and d == 1:
                        bad.append("non-consecutive")
                if "xv" in neg and key not in xv and s in (5, 10):
                    bad.append("negative xv")
    if doc.get("diagonal+"):
        distinct([(n - 1 - i, i) for i in range(n)], "diagonal+")
    if doc.get("diagonal-"):
        distinct([(i, i) for i in range(n)], "diagonal-")
    for key, moves in [("antiknight", [(1, 2), (2, 1), (1, -2), (2, -1)]),
                       ("antiking", [(1, 1), (1, -1)])]:
        if doc.get(key):
            for (r, c), (dr, dc) in itertools.product(list(g), moves):
                if (r + dr, c + dc) in g and g[(r, c)] == g[(r + dr, c + dc)]:
                    bad.append(key)
    if doc.get("disjointgroups"):
        for pos in range(n):
            distinct([cells[pos] for cells in regions.values()], "disjoint groups")
    for e in doc.get("whispers", []):
        for line in e["lines"]:
            v = [g[rc(x)] for x in line]
            if any(abs(a - b) < 5 for a, b in zip(v, v[1:])):
                bad.append("whisper")
    for e in doc.get("renban", []):
        for line in e["lines"]:
            v = sorted(g[rc(x)] for x in line)
            if v != list(range(v[0], v[0] + len(v))):
                bad.append("renban")
    for e in doc.get("palindrome", []):
        for line in e["lines"]:
            v = [g[rc(x)] for x in line]
            if v != v[::-1]:
                bad.append("palindrome")
    for e in doc.get("betweenline", []):
        for line in e["lines"]:
            v = [g[rc(x)] for x in line]
            lo, hi = sorted((v[0], v[-1]))
            if not all(lo < x < hi for x in v[1:-1]):
                bad.append("between line")
    for e in doc.get("littlekillersum", []):
        r, c = (int(x) - 1 for x in re.fullmatch(r"R(\d+)C(\d+)", e["cell"]).groups())
        dr, dc = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}[e["direction"]]
        r, c, total = r + dr, c + dc, 0
        while (r, c) in g:
            total += g[(r, c)]
            r, c = r + dr, c + dc
        if e.get("value") not in (None, "") and total != int(e["value"]):
            bad.append("little killer " + e["cell"])
    for e in doc.get("sandwichsum", []):
        r, c = (int(x) - 1 for x in re.fullmatch(r"R(\d+)C(\d+)", e["cell"]).groups())
        line = [g[(r, j)] for j in range(n)] if c in (-1, n) else [g[(i, c)] for i in range(n)]
        a, b = sorted((line.index(1), line.index(n)))
        if e.get("value") not in (None, "") and sum(line[a + 1:b]) != int(e["value"]):
            bad.append("sandwich " + e["cell"])
    def seen_from(cell):
        """The digits of the row or column beside an outside cell, read from it."""
        r, c = (int(x) - 1 for x in re.fullmatch(r"R(\d+)C(\d+)", cell).groups())
        if r in (-1, n):
            line = [g[(i, c)] for i in range(n)]
        else:
            line = [g[(r, j)] for j in range(n)]
        return line[::-1] if n in (r, c) else line
    for e in doc.get("xsum", []):
        v = seen_from(e["cell"])
        if e.get("value") not in (None, "") and sum(v[:v[0]]) != int(e["value"]):
            bad.append("x-sum " + e["cell"])
    for e in doc.get("skyscraper", []):
        v = seen_from(e["cell"])
        seen = sum(1 for i, x in enumerate(v) if all(x > y for y in v[:i]))
        if e.get("value") not in (None, "") and seen != int(e["value"]):
            bad.append("skyscraper " + e["cell"])
    def region(cell):
        """The cell's region: its jigsaw piece, else its box."""
        r, c = cell
        label = doc["grid"][r][c].get("region")
        if label is not None:
            return ("piece", label)
        rows = max(k for k in range(1, int(n ** 0.5) + 1) if n % k == 0)
        return ("box", r // rows, c // (n // rows))
    for e in doc.get("regionsumline", []):
        for line in e["lines"]:
            cells = [rc(x) for x in line]
            sums, last = [], None
            for cell in cells:
                if region(cell) != last:
                    sums.append(0)
                    last = region(cell)
                sums[-1] += g[cell]
            if len(set(sums)) > 1:
                bad.append("region sum line")
    for e in doc.get("zipperline", []):
        for line in e["lines"]:
            v = [g[rc(x)] for x in line]
            k = len(v)
            want = v[k // 2] if k % 2 else v[k // 2 - 1] + v[k // 2]
            if any(v[i] + v[k - 1 - i] != want for i in range(k // 2)):
                bad.append("zipper line")
    for key, group in [("modularline", lambda x: x % 3), ("entropicline", lambda x: (x - 1) // 3)]:
        for e in doc.get(key, []):
            for line in e["lines"]:
                v = [group(g[rc(x)]) for x in line]
                if any(len(set(v[i:i + 3])) != 3 for i in range(len(v) - 2)):
                    bad.append(key)
    for key, par in [("odd", 1), ("even", 0)]:
        for e in doc.get(key, []):
            if g[rc(e["cell"])] % 2 != par:
                bad.append(key)
    return sorted(set(bad))


def main():
    expected = {}
    for line in open(os.path.join(HERE, "expected.tsv")):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        given = [x.split("=", 1)[1] for x in f[2:] if x.startswith(("solution=", "found="))]
        expected[f[0]] = (f[1], given[0] if given else None)
    fails = unchecked = passed = 0
    for name, (outcome, sol) in sorted(expected.items()):
        if outcome.startswith("refused"):
            continue
        text = open(os.path.join(HERE, name)).read().strip()
        if not text.startswith("{"):
            text = lz_decompress_base64(text.split("load=")[1])
        doc = json.loads(text)
        sol = sol or "".join(map(str, doc.get("solution", [])))
        if not sol:
            print(f"{name}: no solution to check")
            unchecked += 1
            continue
        bad = check(doc, [int(ch) for ch in sol])
        if bad:
            print(f"{name}: {'; '.join(bad)}")
            fails += 1
        else:
            passed += 1
    print(f"{passed} solutions keep every rule, {fails} break one, {unchecked} unchecked")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
