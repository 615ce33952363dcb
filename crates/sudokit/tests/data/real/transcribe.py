#!/usr/bin/env python3
"""Transcribe puzzles published as Interactive Sudoku Solver (ISS) strings
into f-puzzles JSON files, one file per puzzle.

Input: `iss-entries.json` (beside this script): the entries of ISS's
data/example_puzzles.js and data/collections.js (MIT), as a list of
{group, name, src, input, solution}. Only 9x9 puzzles whose every
constraint has an f-puzzles key are written; constraints f-puzzles names
but sudokit does not model are written under their f-puzzles key, so the
reader's refusal can be tested. Everything else is skipped and listed.

Run: python3 transcribe.py  (rewrites iss/*.json and iss-skipped.txt)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
N = 9
ISS = "https://github.com/sigh/Interactive-Sudoku-Solver"
ISS_COMMIT = "e373f9811c087246b097eb444d838ab492c55f35"

# Puzzles sudokit did not solve within 10 s (release build, one core), by
# name or, unnamed, by their input: left out so that the corpus runs in a
# test; listed in iss-skipped.txt.
TOO_SLOW = set(open(os.path.join(HERE, "too-slow.txt")).read().split("\n")) - {""}

# ISS kinds written under an f-puzzles key sudokit refuses or does not read.
REFUSED = {
    "Zipper": "zipperline",
    "RegionSumLine": "regionsumline",
    "Entropic": "entropicline",
    "Modular": "modularline",
    "Lockout": "lockout",
    "DoubleArrow": "doublearrow",
}
LINE_KEYS = {
    "Thermo": "thermometer",
    "Renban": "renban",
    "Palindrome": "palindrome",
    "Between": "betweenline",
}


def cell(tok):
    m = re.fullmatch(r"R(\d+)C(\d+)", tok.upper())
    if not m:
        raise ValueError("not a cell: " + tok)
    r, c = int(m.group(1)), int(m.group(2))
    if not (1 <= r <= N and 1 <= c <= N):
        raise ValueError("off the board: " + tok)
    return f"R{r}C{c}"


def adjacent(a, b):
    """A dot or an X/V joins orthogonal neighbours; ISS strings that list
    other cells under one dot mean something not transcribed here."""
    (r1, c1), (r2, c2) = (map(int, re.fullmatch(r"R(\d+)C(\d+)", x.upper()).groups()) for x in (a, b))
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        raise ValueError(f"a dot joins {a} and {b}, not neighbours")


def little_killer(start):
    """ISS names a little killer by its first cell; f-puzzles by the
    outside cell the arrow sits in and its direction."""
    m = re.fullmatch(r"R(\d+)C(\d+)", start.upper())
    r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    if c == 0 and r < N - 1:
        return f"R{r}C{c}", "DR"  # left side, down-right
    if r == 0 and c > 0:
        return f"R{r}C{c + 2}", "DL"  # top side, down-left
    if c == N - 1 and 0 < r < N - 1:
        return f"R{r + 2}C{c + 2}", "UL"  # right side, up-left
    if r == N - 1 and 0 < c < N - 1:
        return f"R{r + 2}C{c}", "UR"  # bottom side, up-right
    raise ValueError("little killer start " + start)


def transcribe(text):
    """The f-puzzles document for an ISS string, or raise ValueError."""
    global N
    shape = re.search(r"\.Shape~([^.\s]*)", text)
    N = 9
    if shape:
        m = re.fullmatch(r"(\d+)x(\d+)", shape.group(1))
        if not m or m.group(1) != m.group(2) or int(m.group(1)) not in (4, 6, 9, 16):
            raise ValueError("shape " + shape.group(1))
        N = int(m.group(1))
    grid = [[{} for _ in range(N)] for _ in range(N)]
    doc = {"size": N, "grid": grid}
    add = lambda key, item: doc.setdefault(key, []).append(item)
    no_boxes = False
    jigsaw = None
    for part in re.split(r"\s*\.(?=[A-Za-z~]|$)", text.strip()):
        part = part.strip()
        if not part:
            continue
        kind, *args = part.split("~")
        if kind == "":
            for g in args:
                tok, *vals = g.split("_")
                if len(vals) == 1 and int(vals[0]) > N:
                    raise ValueError("digit above the side")
                r, c = map(int, re.fullmatch(r"R(\d+)C(\d+)", tok.upper()).groups())
                if len(vals) == 1:
                    grid[r - 1][c - 1] = {"value": int(vals[0]), "given": True}
                elif vals == ["2", "4", "6", "8"]:
                    add("even", {"cell": cell(tok)})
                elif vals == ["1", "3", "5", "7", "9"]:
                    add("odd", {"cell": cell(tok)})
                else:
                    raise ValueError("candidate restriction " + g)
        elif kind == "Shape":
            pass  # read above
        elif kind == "DisjointSets":
            doc["disjointgroups"] = True
        elif kind in ("XSum", "Skyscraper"):
            # `~C2~front~back`: the clue above (left of) the line, then below (right).
            line, k = args[0][0].upper(), int(args[0][1:])
            for value, far in zip(args[1:], (False, True)):
                if value:
                    edge = N + 1 if far else 0
                    out = f"R{edge}C{k}" if line == "C" else f"R{k}C{edge}"
                    add(kind.lower(), {"cell": out, "value": value})
        elif kind == "NoBoxes":
            no_boxes = True
        elif kind == "Jigsaw":
            jigsaw = args[-1]
        elif kind == "Cage":
            item = {"cells": [cell(a) for a in args[1:]]}
            if args[0] not in ("", "0"):
                item["value"] = args[0]
            add("killercage", item)
        elif kind in LINE_KEYS:
            add(LINE_KEYS[kind], {"lines": [[cell(a) for a in args]]})
        elif kind == "Whisper":
            if args and re.fullmatch(r"\d+", args[0]):
                if args[0] != "5":
                    raise ValueError("whisper difference " + args[0])
                args = args[1:]
            add("whispers", {"lines": [[cell(a) for a in args]]})
        elif kind == "Arrow":
            cs = [cell(a) for a in args]
            add("arrow", {"cells": cs[:1], "lines": [cs]})
        elif kind in ("WhiteDot", "BlackDot"):
            # One ISS dot constraint may list several pairs.
            for a, b in zip(args[::2], args[1::2]):
                adjacent(a, b)
                add("difference" if kind == "WhiteDot" else "ratio", {"cells": [cell(a), cell(b)]})
        elif kind in ("X", "V"):
            for a, b in zip(args[::2], args[1::2]):
                adjacent(a, b)
                add("xv", {"cells": [cell(a), cell(b)], "value": kind})
        elif kind in ("AntiKnight", "AntiKing"):
            doc[kind.lower()] = True
        elif kind == "AntiConsecutive":
            doc["nonconsecutive"] = True
        elif kind == "StrictKropki":
            doc.setdefault("negative", []).extend(["ratio", "difference"])
        elif kind == "StrictXV":
            doc.setdefault("negative", []).append("xv")
        elif kind == "Diagonal":
            doc["diagonal+" if args[0] == "1" else "diagonal-"] = True
        elif kind == "LittleKiller":
            outside, direction = little_killer(args[1])
            add("littlekillersum", {"cell": outside, "direction": direction, "value": args[0]})
        elif kind == "Sandwich":
            line = args[1].upper()
            out = f"R0C{line[1:]}" if line[0] == "C" else f"R{line[1:]}C0"
            add("sandwichsum", {"cell": out, "value": args[0]})
        elif kind in REFUSED:
            args = [a for a in args if re.fullmatch(r"[Rr]\d+[Cc]\d+", a)]
            add(REFUSED[kind], {"lines": [[cell(a) for a in args]]})
        else:
            raise ValueError("kind " + kind)
    if no_boxes != (jigsaw is not None):
        raise ValueError("boxes removed without a jigsaw, or the reverse")
    if jigsaw is not None:
        if len(jigsaw) != N * N:
            raise ValueError("jigsaw layout length")
        ids = {ch: i for i, ch in enumerate(dict.fromkeys(jigsaw))}
        for i, ch in enumerate(jigsaw):
            grid[i // N][i % N]["region"] = ids[ch]
    if doc.get("nonconsecutive") and ("difference" in doc or "ratio" in doc):
        # f-puzzles reads this pair as "every white dot is given"; ISS as
        # the global rule beside the dots. Not the same puzzle.
        raise ValueError("anti-consecutive beside kropki dots")
    return doc


def killer_short(text):
    """The enjoysudoku 'short' killer form: 81 characters, each a cage total
    (0-9, A-Z = 10-35, a-j = 36-45) or an arrow to the cell it joins."""
    step = {"v": N, "^": -N, "<": -1, ">": 1, "`": -N - 1, "'": -N + 1, ",": N - 1, ".": N + 1}
    if len(text) != N * N or not re.search(r"[<v>^`',]", text):
        raise ValueError("not a short killer")
    roots = {}
    for i in range(N * N):
        j, hops = i, 0
        while text[j] in step:
            j += step[text[j]]
            hops += 1
            if hops > N * N:
                raise ValueError("loop")
        roots.setdefault(j, []).append(i)
    doc = {"size": N, "grid": [[{} for _ in range(N)] for _ in range(N)], "killercage": []}
    for root, cells in roots.items():
        ch = text[root]
        total = int(ch) if ch.isdigit() else (ord(ch) - 55 if ch.isupper() else ord(ch) - 61)
        item = {"cells": [f"R{i // N + 1}C{i % N + 1}" for i in cells]}
        if total:  # a total of 0: the cage has no sum
            item["value"] = str(total)
        doc["killercage"].append(item)
    totals = [int(c["value"]) for c in doc["killercage"] if "value" in c]
    if len(totals) == len(doc["killercage"]) and sum(totals) != 405:
        raise ValueError(f"cage totals add to {sum(totals)}, not 405")
    return doc


def killer_long(text):
    """SudoCue's killer form: `3x3:<d>:k:` then 81 numbers, total*256 + cage id
    (total 0: no cage); `d` adds both diagonals."""
    parts = text.split(":")
    if parts[0] != "3x3" or parts[2] != "k" or len(parts) < N * N + 3:
        raise ValueError("not a long killer")
    cages = {}
    for i, v in enumerate(parts[3:3 + N * N]):
        v = int(v)
        if v // 256:
            cages.setdefault(v % 256, (v // 256, []))[1].append(f"R{i // N + 1}C{i % N + 1}")
    doc = {"size": N, "grid": [[{} for _ in range(N)] for _ in range(N)]}
    if parts[1] == "d":
        doc["diagonal+"] = doc["diagonal-"] = True
    doc["killercage"] = [{"cells": cs, "value": str(t)} for t, cs in cages.values()]
    return doc


def slug(name):
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60]


def main():
    entries = json.load(open(os.path.join(HERE, "iss-entries.json")))
    out_dir = os.path.join(HERE, "iss")
    os.makedirs(out_dir, exist_ok=True)
    for old in os.listdir(out_dir):
        os.remove(os.path.join(out_dir, old))
    skipped, written, rows = [], [], []
    seen_in_group = {}
    for e in entries:
        # Unnamed entries are called by their collection and their place in it.
        place = seen_in_group[e["group"]] = seen_in_group.get(e["group"], 0) + 1
        text = e["input"]
        name = e.get("name") or ""
        if (name or text) in TOO_SLOW:
            skipped.append(f"{name or text}\tnot solved by sudokit within 10 s")
            continue
        try:
            if text.startswith("3x3:"):
                doc = killer_long(text)
            elif re.fullmatch(r"[0-9A-Za-j^<v>`',.]{81}", text) and re.search(r"[<v>^`',]", text):
                doc = killer_short(text)
            else:
                doc = transcribe(text)
        except (ValueError, AttributeError) as err:
            skipped.append(f"{name or text[:30]}\t{err}")
            continue
        if e.get("solution"):
            doc["solution"] = [int(ch) for ch in e["solution"]]
        if name:
            doc["title"] = name
        base = slug(name or e["group"].split(":")[-1] + "-" + str(place))
        path = base
        k = 2
        while path in written:
            path = f"{base}-{k}"
            k += 1
        written.append(path)
        src = e.get("src") or []
        src = " ".join(f"<{u}>" for u in ([src] if isinstance(src, str) else src))
        origin = "data/example_puzzles.js" if e["group"].startswith("example") else "data/collections.js"
        rows.append(f"| `iss/{path}.json` | {name or e['group']} | {origin} | "
                    f"{'yes' if e.get('solution') else 'no'} | {src} |")
        with open(os.path.join(out_dir, path + ".json"), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    with open(os.path.join(HERE, "iss-sources.md"), "w") as f:
        f.write("| file | puzzle | ISS file | source's solution | puzzle's own links |\n|---|---|---|---|---|\n")
        f.write("\n".join(rows) + "\n")
    with open(os.path.join(HERE, "iss-skipped.txt"), "w") as f:
        f.write("\n".join(skipped) + "\n")
    print(f"written {len(written)}, skipped {len(skipped)}", file=sys.stderr)


if __name__ == "__main__":
    main()
