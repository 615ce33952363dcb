"""Every use case on 9×9, 6×6, 16×16, X, jigsaw and cube boards, checked by
the independent checker of conftest (from the rules, not the engine)."""

import subprocess
from itertools import islice
from pathlib import Path

import numpy as np
import pytest

import sudokit
from conftest import count_solutions, is_solution, units


def _jigsaw():
    """A 9×9 jigsaw: the boxes with three pairs of border cells swapped
    (each region stays connected)."""
    labels = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    for (ra, ca), (rb, cb) in [((0, 3), (2, 2)), ((3, 6), (5, 5)), ((6, 3), (8, 2))]:
        a, b = ra * 9 + ca, rb * 9 + cb
        labels[a], labels[b] = labels[b], labels[a]
    return labels


JIGSAW = _jigsaw()

BOARDS = {
    "9x9": dict(n=9),
    "6x6": dict(n=6, box="2x3"),
    "16x16": dict(n=16),
    "x": dict(n=9, variants=["x"]),
    "jigsaw": dict(n=9, regions=JIGSAW),
    "cube": dict(n=4, cube=True),
}


def board_kw(spec):
    return {k: v for k, v in spec.items() if k != "n"}


def checker_kw(spec):
    return {k: v for k, v in spec.items() if k != "n"}


def cell_count(spec):
    return spec["n"] ** (3 if spec.get("cube") else 2)


def make_unique(spec):
    """A puzzle with one solution: the engine's solution of the empty board,
    emptied cell by cell (fixed order) while the count stays 1."""
    empty = sudokit.Puzzle([0] * cell_count(spec), **board_kw(spec))
    sol = empty.solve()
    cells = sol.cells.astype(int).tolist()
    order = sorted(range(len(cells)), key=lambda i: (i * 7919) % len(cells))
    # 16×16: fewer tries keep every check an easy search.
    tries = order[:140] if spec["n"] == 16 else order
    needed = []
    for i in tries:
        v, cells[i] = cells[i], 0
        if sudokit.Puzzle(cells, **board_kw(spec)).count(limit=2).value != 1:
            cells[i] = v
            needed.append(i)
    return sudokit.Puzzle(cells, **board_kw(spec)), sol, needed


@pytest.fixture(scope="module", params=list(BOARDS))
def board(request):
    spec = BOARDS[request.param]
    puzzle, sol, needed = make_unique(spec)
    return spec, puzzle, sol, needed


def test_jigsaw_regions_are_a_partition():
    assert sorted(JIGSAW.count(r) for r in range(9)) == [9] * 9


def test_solve(board):
    spec, p, _, _ = board
    s = p.solve()
    assert is_solution(p.cells, s.cells, spec["n"], **checker_kw(spec))
    assert s.n == spec["n"]
    assert is_solution(p.cells, p.solve(unique=True).cells, spec["n"], **checker_kw(spec))


def test_empty_board_solutions_are_valid_and_distinct(board):
    spec, p, _, _ = board
    empty = sudokit.Puzzle([0] * cell_count(spec), **board_kw(spec))
    first = list(islice(empty.solutions(), 5))
    assert len({str(s) for s in first}) == 5
    for s in first:
        assert is_solution(empty.cells, s.cells, spec["n"], **checker_kw(spec))
    v = empty.check()
    assert not v.unique and v.second is not None and v.solution != v.second
    assert is_solution(empty.cells, v.second.cells, spec["n"], **checker_kw(spec))
    with pytest.raises(sudokit.SudokuError) as e:
        empty.solve(unique=True)
    assert e.value.code == "not-unique"


def test_check_and_count(board):
    spec, p, sol, _ = board
    v = p.check()
    assert v.unique and v.second is None
    assert is_solution(p.cells, v.solution.cells, spec["n"], **checker_kw(spec))
    assert count_solutions(p.cells, spec["n"], **checker_kw(spec)) == 1
    assert p.count(limit=2) == sudokit.Count(1, True)
    assert p.count(all=True) == sudokit.Count(1, True)
    assert p.count(exact=True) == sudokit.Count(1, True)
    assert list(p.solutions()) == [v.solution]


def test_needed_given(board):
    # A given the digging could not remove: without it there are two solutions.
    spec, p, _, needed = board
    cells = p.cells.astype(int).tolist()
    assert needed
    i = needed[len(needed) // 2]
    cells[i] = 0
    assert sudokit.Puzzle(cells, **board_kw(spec)).count(limit=2) == sudokit.Count(2, False)
    assert count_solutions(cells, spec["n"], **checker_kw(spec)) == 2


def test_hint_and_explain(board):
    spec, p, sol, _ = board
    h = p.hint()
    s = p.solve().cells.tolist()
    assert h["describe"].startswith(h["name"])
    assert h["placements"] or h["eliminations"]
    for c in h["placements"]:
        assert s[c["cell"]] == c["digit"]
    for c in h["eliminations"]:
        assert s[c["cell"]] != c["digit"]
    path = p.explain()
    assert path["steps"] and path["steps"][0] == h
    if path["solved"] and spec["n"] <= 35:
        assert [int(ch, 36) for ch in path["solution"]] == s
    for step in path["steps"]:
        for c in step["placements"]:
            assert s[c["cell"]] == c["digit"]


def test_rate(board):
    _, p, _, _ = board
    r = p.rate()
    assert r.level in sudokit.LEVELS and r.score >= 0 and r.steps > 0
    assert r.describe.startswith(r.level) and r.description == r.describe


def test_opt_in_techniques():
    # The second puzzle of top1465: with every opt-in on, its path takes a
    # finned Franken jellyfish (HoDoKu ships it switched off), and every
    # step still keeps the solution; the grade's level is the same.
    p = sudokit.Puzzle(
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."
    )
    assert "death-blossom" in sudokit.OPT_IN_TECHNIQUES
    assert "template-delete" in sudokit.OPT_IN_TECHNIQUES
    sol = p.solve().cells.tolist()
    plain = p.explain()
    path = p.explain(techniques=sudokit.OPT_IN_TECHNIQUES)
    used = {s["technique"] for s in path["steps"]}
    assert used & set(sudokit.OPT_IN_TECHNIQUES)
    assert not {s["technique"] for s in plain["steps"]} & set(sudokit.OPT_IN_TECHNIQUES)
    for step in path["steps"]:
        for c in step["eliminations"]:
            assert sol[c["cell"]] != c["digit"]
    assert p.rate(techniques=sudokit.OPT_IN_TECHNIQUES).level == p.rate().level
    with pytest.raises(ValueError, match="always searched"):
        p.rate(techniques=["x-wing"])
    # The list with names, levels and scores: every key is taken on its
    # own, and a level is one of LEVELS.
    listed = sudokit.techniques()
    assert [t.key for t in listed] == sudokit.OPT_IN_TECHNIQUES
    franken = next(t for t in listed if t.key == "finned-franken-jellyfish")
    assert franken.name == "Finned Franken Jellyfish" and franken.score > 0
    for t in listed:
        assert t.level in sudokit.LEVELS
        assert p.rate(techniques=[t.key]).solved
    with pytest.raises(ValueError, match="no technique is called"):
        p.hint(techniques=["templates"])


def test_canon(board):
    spec, p, _, _ = board
    c = p.canon()
    if spec == BOARDS["9x9"]:
        # Transposing and relabelling the digits does not change the canonical form.
        a = p.to_array()
        relabel = np.array([0, 9, 8, 7, 6, 5, 4, 3, 2, 1])
        q = sudokit.Puzzle(relabel[a.T])
        assert c is not None and len(c) == 81 and q.canon() == c
        assert sudokit.Puzzle(c).count(limit=2).value == 1
    else:
        assert c is None


def test_render(board):
    spec, p, sol, _ = board
    svg = p.render_svg(solution=sol, title="t")
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    bold = p.render_svg().count('font-weight="bold"')
    assert bold == int((p.cells > 0).sum())
    if spec.get("cube"):
        with pytest.raises(sudokit.SudokuError):
            p.render_pdf()
    else:
        pdf = p.render_pdf(solution=sol, grade=True)
        assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")


@pytest.mark.parametrize("fmt", ["line", "pretty", "rc", "json"])
def test_write_read_round_trip(board, fmt):
    spec, p, sol, _ = board
    text = sudokit.write([p, sol], fmt)
    recs = sudokit.read(text)
    assert [r.error for r in recs] == [None, None]
    back = [r.puzzle for r in recs]
    assert back == [p, sol]
    assert back[0].variants == p.variants and back[0].regions == p.regions
    assert back[0].is_cube == p.is_cube


def test_generate(board):
    spec, _, _, _ = board
    if spec.get("regions"):
        _check_generated_jigsaws(spec)
        return
    box = spec.get("box") or {9: "3x3", 16: "4x4", 4: "2x2"}[spec["n"]]
    gs = sudokit.generate(box=box, variants=spec.get("variants", ()), cube=spec.get("cube", False),
                          seed=11, count=2, grade=spec["n"] <= 9)
    for g in gs:
        assert is_solution(g.puzzle.cells, g.solution.cells, spec["n"], **checker_kw(spec))
        assert 0 < int((g.puzzle.cells > 0).sum()) < cell_count(spec)
        assert g.puzzle.count(limit=2) == sudokit.Count(1, True)
    again = sudokit.generate(box=box, variants=spec.get("variants", ()), cube=spec.get("cube", False),
                             seed=11, index=1, grade=spec["n"] <= 9)
    assert again[0].puzzle == gs[1].puzzle


def _connected(regions, n, label):
    cells = {i for i, r in enumerate(regions) if r == label}
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        i = todo.pop()
        r, c = divmod(i, n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and j in cells and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen == cells


def _check_generated_jigsaws(spec):
    """Random layouts (one per puzzle) and a given layout: each puzzle is
    checked from the rules alone (its givens are in the solution, the
    solution fills every row, column and region, and an independent search
    finds it to be the only one), and reads back with its regions."""
    n = spec["n"]
    random = sudokit.generate(variants=["jigsaw"], seed=11, count=2, symmetry="rotational")
    given = sudokit.generate(regions=spec["regions"], seed=11)
    assert given[0].puzzle.regions == list(spec["regions"])
    assert random[0].puzzle.regions != random[1].puzzle.regions
    for g in random + given:
        regions = g.puzzle.regions
        assert sorted(regions.count(r) for r in range(n)) == [n] * n
        assert all(_connected(regions, n, r) for r in range(n))
        cells, sol = g.puzzle.cells, g.solution.cells
        assert is_solution(cells, sol, n, regions=regions)
        assert all(v == 0 or v == s for v, s in zip(cells.tolist(), sol.tolist()))
        assert count_solutions(cells.tolist(), n, limit=2, regions=regions) == 1
        back = [r.puzzle for r in sudokit.read(sudokit.write([g.puzzle, g.solution], "pretty"))]
        assert back == [g.puzzle, g.solution] and back[0].regions == regions
    for g in random:
        clues = np.array(g.puzzle.cells).reshape(n, n) > 0
        assert (clues == clues[::-1, ::-1]).all()
    again = sudokit.generate(variants=["jigsaw"], seed=11, index=1, symmetry="rotational")
    assert again[0].puzzle == random[1].puzzle and again[0].puzzle.regions == random[1].puzzle.regions
    with pytest.raises(ValueError, match="jigsaw"):
        sudokit.generate(variants=["jigsaw", "disjoint"])
    with pytest.raises(ValueError, match="9×9"):
        sudokit.generate(box="4x4", variants=["jigsaw"])


def test_empty_board_exact_counts():
    assert sudokit.Puzzle([0] * 16).count(exact=True).value == 288
    assert sudokit.Puzzle([0] * 16, variants=["x"]).count(all=True).value == 48
    assert sudokit.Puzzle([0] * 64, cube=True).count(exact=True).value == 768
    assert sudokit.grids("2x2", cube=True) == sudokit.Count(768, True)


def test_checker_rejects_a_wrong_grid():
    # The checker itself must be able to fail.
    s = sudokit.Puzzle("." * 81).solve().cells.tolist()
    s[0], s[1] = s[1], s[0]
    assert not is_solution([0] * 81, s, 9)
    assert len(units(4, cube=True)) == 3 * 16 + 3 * 4 * 4


def test_errors_carry_code_and_location():
    recs = sudokit.read("1.3.............\n\n11..............\n")
    assert recs[1].puzzle is None and recs[1].error.startswith("puzzle 2, line 3, column 2:")
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle("11" + "." * 79).solve()
    assert e.value.code == "contradiction" and "twice" in e.value.message
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle("1" * 7)
    assert e.value.code == "parse"
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle([0] * 15 + [5])
    assert e.value.code == "bad-value"
    with pytest.raises(ValueError):
        sudokit.Puzzle([0] * 15)


def test_read_invalid_file(data):
    text = (data / "invalid_9x9.txt").read_text()
    recs = sudokit.read(text)
    puzzles = [r for r in recs if r.puzzle is not None]
    errors = [r for r in recs if r.error is not None]
    # Duplicates are errors of the reader; unsolvable cells/units fail when solved.
    for r in errors:
        assert r.error.startswith(f"puzzle {r.number}, line ")
    for r in puzzles:
        with pytest.raises(sudokit.SudokuError):
            r.puzzle.solve()
    assert len(recs) == 7 and errors


def test_version():
    assert sudokit.__version__.count(".") == 2


KILLER = Path(__file__).parents[3] / "crates/sudokit/tests/variants/02-killer-9.txt"


def test_web_api_explain_is_the_cli_json(cli):
    """One form across surfaces: ``POST /api/explain`` of ``sudokit serve``
    answers the steps, grade and solution of ``sudokit explain --json``
    (the wasm side is checked against the CLI by the npm package's tests,
    Python's just below)."""
    import json
    import socket
    import subprocess
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([str(cli), "serve", "--addr", f"127.0.0.1:{port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        for text in ["..1..3....2.4...",
                     "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
                     KILLER.read_text()]:
            req = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/explain",
                data=json.dumps({"puzzle": text}).encode(),
                headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=120) as r:
                api = json.load(r)
            out = subprocess.run([str(cli), "explain", "--json", "-"], input=text, check=True,
                                 capture_output=True, text=True).stdout
            from_cli = json.loads(out)
            for key in ["steps", "grade", "solved", "solution"]:
                assert json.dumps(api[key], sort_keys=True) == json.dumps(from_cli[key], sort_keys=True), key
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_explain_is_the_cli_json(cli):
    """One form: the steps and grade of ``explain()`` are those of
    ``sudokit explain --json``, byte for byte once printed the same way."""
    import json
    import subprocess

    for text in ["..1..3....2.4...",
                 "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."]:
        out = subprocess.run([str(cli), "explain", "--json", text], check=True,
                             capture_output=True, text=True).stdout
        from_cli = json.loads(out)
        ours = sudokit.Puzzle(text).explain()
        for key in ["steps", "grade", "solved", "solution"]:
            assert json.dumps(ours[key], sort_keys=True) == json.dumps(from_cli[key], sort_keys=True), key
        assert ours["steps"][0] == sudokit.Puzzle(text).hint()


@pytest.mark.parametrize("rules", ["killer", "thermo", "renban", "entropic"])
def test_generate_rules_is_the_cli(rules, cli):
    """``generate(rules=...)`` makes the puzzle ``sudokit generate --rules``
    makes from the same seed, with its rules and one solution."""
    g = sudokit.generate(rules=rules, seed=4)[0]
    out = subprocess.run([str(cli), "generate", "--rules", rules, "--seed", "4"],
                         capture_output=True, text=True, check=True).stdout
    assert g.puzzle.write() == out
    kind = "cage" if rules == "killer" else rules
    assert f"\n{kind}: " in "\n" + out
    assert g.puzzle.check().unique and g.puzzle.solve() == g.solution
    level = sudokit.generate(rules=rules, seed=4, difficulty="medium", box="2x3")[0]
    assert level.grade["level"] == "Medium" and level.puzzle.check().unique


def test_generate_rules_refused_in_plain_words():
    with pytest.raises(ValueError, match="killer, thermo, renban"):
        sudokit.generate(rules="jigsaw-sum")
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudokit.generate(rules="killer", difficulty="tricky")
