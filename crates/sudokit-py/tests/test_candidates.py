"""Candidate states (`Puzzle.from_candidates`, `Puzzle.from_pencilmarks`)
and `Puzzle.player_hint`, checked against candidates and solutions computed
here from the rules (conftest's units and backtracking counter)."""

import numpy as np
import pytest

import sudokit
from conftest import count_solutions, is_solution, units

# A 9×9 puzzle with one solution (the library's doctest puzzle).
P9 = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."


def peers_of(n, **board):
    us = units(n, **board)
    size = n * n
    peers = [set() for _ in range(size)]
    for u in us:
        for c in u:
            peers[c].update(u)
    return [sorted(p - {c}) for c, p in enumerate(peers)]


def plain_candidates(cells, n, **board):
    """Digits no peer holds, per empty cell; a given's own digit."""
    peers = peers_of(n, **board)
    out = []
    for c, v in enumerate(cells):
        if v:
            out.append([int(v)])
        else:
            held = {int(cells[p]) for p in peers[c]}
            out.append([d for d in range(1, n + 1) if d not in held])
    return out


def pencil_line(cands):
    return "".join("".join(str(d) if d in cs else "." for d in range(1, 10)) for cs in cands)


def test_from_candidates_of_a_puzzle_has_its_solution():
    p = sudokit.Puzzle(P9)
    cells = p.cells.astype(int).tolist()
    cands = plain_candidates(cells, 9)
    state = sudokit.Puzzle.from_candidates(cands, values=cells)
    assert state.candidates == cands
    s = state.solve(unique=True)
    assert is_solution(cells, s.cells, 9)
    assert s == p.solve()
    # The same state without placed values: singles stay candidates.
    loose = sudokit.Puzzle.from_candidates(cands)
    assert loose.cells.tolist() == [0] * 81
    assert loose.solve(unique=True) == s


def test_candidates_restrict_the_solutions():
    # Empty 4×4: 288 grids; r1c1 in {1, 2} leaves half, {1} a quarter.
    marks = [[1, 2, 3, 4]] * 16
    assert sudokit.Puzzle.from_candidates(marks).count(all=True).value == 288
    marks[0] = [1, 2]
    assert sudokit.Puzzle.from_candidates(marks).count(all=True).value == 144
    # A boolean (cells, N) array means the same.
    arr = np.ones((16, 4), dtype=bool)
    arr[0] = [True, True, False, False]
    q = sudokit.Puzzle.from_candidates(arr)
    assert q.candidates == sudokit.Puzzle.from_candidates(marks).candidates
    assert q.count(all=True).value == 144
    for s in q.solutions():
        assert s.cells[0] in (1, 2)
        assert is_solution([0] * 16, s.cells, 4)


def test_candidates_on_other_boards():
    # 6×6 with 2×3 boxes: remove, from a solution's candidates, every digit
    # but the solution's in the first row; the count is that of the rest.
    sol = sudokit.Puzzle([0] * 36, box="2x3").solve().cells.astype(int).tolist()
    marks = [list(range(1, 7))] * 36
    marks = [[sol[c]] if c < 6 else marks[c] for c in range(36)]
    st = sudokit.Puzzle.from_candidates(marks, box="2x3")
    want = count_solutions(sol[:6] + [0] * 30, 6, limit=10**6, box="2x3")
    assert st.count(all=True).value == want
    # Jigsaw regions are accepted and used.
    regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
    j = sudokit.Puzzle.from_candidates(plain_candidates(sudokit.Puzzle(P9).cells, 9), regions=regions)
    assert j.regions == regions
    assert is_solution(sudokit.Puzzle(P9).cells, j.solve().cells, 9, regions=regions)


def test_removed_needed_candidate_has_no_solution():
    p = sudokit.Puzzle(P9)
    cells = p.cells.astype(int).tolist()
    sol = p.solve().cells.astype(int).tolist()
    cands = plain_candidates(cells, 9)
    c = cells.index(0)
    cands[c] = [d for d in cands[c] if d != sol[c]]
    st = sudokit.Puzzle.from_candidates(cands, values=cells)
    assert st.count(limit=2).value == 0
    with pytest.raises(sudokit.SudokuError):
        st.solve()


def test_hint_on_a_candidate_state_follows_the_marks():
    p = sudokit.Puzzle(P9)
    cells = p.cells.astype(int).tolist()
    sol = p.solve().cells.astype(int).tolist()
    cands = plain_candidates(cells, 9)
    # Leave only the solution's digit in one cell: its naked single is the
    # easiest step, which the plain puzzle does not have there.
    c = next(i for i, cs in enumerate(cands) if len(cs) > 3 and not cells[i])
    cands[c] = [sol[c]]
    h = sudokit.Puzzle.from_candidates(cands, values=cells).hint()
    for pl in h["placements"]:
        assert sol[pl["cell"]] == pl["digit"]
    for el in h["eliminations"]:
        assert sol[el["cell"]] != el["digit"]
    assert h["placements"] or h["eliminations"]


def test_from_pencilmarks_matches_the_reader():
    p = sudokit.Puzzle(P9)
    cands = plain_candidates(p.cells, 9)
    line = pencil_line(cands)
    a = sudokit.Puzzle.from_pencilmarks(line)
    b = sudokit.Puzzle(line)  # the reader places single candidates
    assert a.candidates == b.candidates == cands
    assert a.cells.tolist() == [0] * 81
    assert a.solve(unique=True) == b.solve(unique=True) == p.solve()
    # Blanks may be written `.`, `0` or `-`.
    assert sudokit.Puzzle.from_pencilmarks(line.replace(".", "0")).candidates == cands
    assert sudokit.Puzzle.from_pencilmarks(" " + line.replace(".", "-") + "\n").candidates == cands


def test_candidate_errors():
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle.from_pencilmarks("123456789" * 80)
    assert "720 characters, expected 729" in e.value.message
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle.from_pencilmarks("." * 10 + "1" + "." * 718)
    assert "column 11 (cell 2, slot of digit 2)" in e.value.message
    with pytest.raises(ValueError):
        sudokit.Puzzle.from_candidates([[0, 1]] + [[1, 2, 3, 4]] * 15)
    with pytest.raises(sudokit.SudokuError) as e:
        sudokit.Puzzle.from_candidates([[5]] + [[1, 2, 3, 4]] * 15)
    assert e.value.code == "bad-value" and "cell 0" in e.value.message
    with pytest.raises(ValueError):
        sudokit.Puzzle.from_candidates([[1]] * 15)
    assert sudokit.Puzzle(P9).candidates is None


def test_player_hint_kinds():
    p = sudokit.Puzzle(P9)
    cells = p.cells.astype(int).tolist()
    sol = p.solve().cells.astype(int).tolist()
    assert count_solutions(cells, 9) == 1
    empty = [i for i, v in enumerate(cells) if v == 0]

    # A wrong entry comes first, whatever else.
    entries = [0] * 81
    entries[empty[3]] = sol[empty[3]] % 9 + 1
    entries[empty[0]] = sol[empty[0]]
    h = p.player_hint(entries)
    assert h["kind"] == "mistake" and h["cells"] == [empty[3]]
    assert h["mistake"] == {"cell": empty[3], "digit": entries[empty[3]]}

    # Pencil marks that leave out the solution's digit.
    pencil = [[] for _ in range(81)]
    pencil[empty[5]] = [d for d in range(1, 10) if d != sol[empty[5]]]
    h = p.player_hint(None, pencil)
    assert h["kind"] == "missing-candidate"
    assert h["mistake"] == {"cell": empty[5], "candidate": sol[empty[5]]}

    # The full right board.
    assert p.player_hint(sol) == {"kind": "done", "done": True, "explanation": "The grid is full."}

    # Otherwise a step, consistent with the solution, not on placed cells.
    entries = [0] * 81
    for c in empty[:20]:
        entries[c] = sol[c]
    h = p.player_hint(np.array(entries))
    assert h["kind"] == "step" and [lv["level"] for lv in h["levels"]] == [1, 2, 3]
    step = h["step"]
    assert step["describe"].startswith(step["name"])
    for pl in step["placements"]:
        assert sol[pl["cell"]] == pl["digit"] and pl["cell"] not in empty[:20]
    for el in step["eliminations"]:
        assert sol[el["cell"]] != el["digit"]

    # Givens in the entries are ignored, even wrong ones.
    entries = [0] * 81
    g = next(i for i, v in enumerate(cells) if v)
    entries[g] = cells[g] % 9 + 1
    assert p.player_hint(entries)["kind"] == "step"


def test_player_hint_with_marks_on_a_6x6():
    sol = sudokit.Puzzle([0] * 36, box="2x3").solve()
    s = sol.cells.astype(int).tolist()
    # Givens emptied in a fixed order while the independent counter finds
    # one solution.
    cells = list(s)
    for i in sorted(range(36), key=lambda i: (i * 7) % 36):
        v, cells[i] = cells[i], 0
        if count_solutions(cells, 6, box="2x3") != 1:
            cells[i] = v
    p = sudokit.Puzzle(cells, box="2x3")
    empty = [i for i in range(36) if not cells[i]]
    assert len(empty) > 10
    # Marks in every empty cell: two digits, the solution's and one more.
    pencil = [[s[i], s[i] % 6 + 1] if not cells[i] else [] for i in range(36)]
    h = p.player_hint([], pencil)
    assert h["kind"] == "step"
    for pl in h["step"]["placements"]:
        assert s[pl["cell"]] == pl["digit"]
    for el in h["step"]["eliminations"]:
        assert s[el["cell"]] != el["digit"]
    # A cell's marks without its solution digit are pointed out.
    c = empty[0]
    pencil[c] = [d for d in range(1, 7) if d != s[c]]
    assert p.player_hint([], pencil)["mistake"] == {"cell": c, "candidate": s[c]}


def test_player_hint_errors():
    p = sudokit.Puzzle(P9)
    with pytest.raises(sudokit.SudokuError) as e:
        p.player_hint([0] * 80)
    assert "80 entries for a board of 81 cells" in e.value.message
    with pytest.raises(sudokit.SudokuError) as e:
        p.player_hint(None, [[10]] * 81)
    assert "10 is not a digit" in e.value.message
