"""numpy batches: 100k puzzles equal the CLI's output; bad rows get
per-row errors; the Kaggle-style CSV helper."""

import io
import subprocess

import numpy as np
import pytest

import sudokit
from sudokit import batch
from conftest import is_solution, line_to_cells, valid_9x9_rows


def puzzle_lines(path):
    return [l.strip() for l in path.read_text().splitlines() if len(l.strip()) >= 81 and not l.startswith("#")]


@pytest.fixture(scope="module")
def hundred_k(data, tmp_path_factory):
    """100,000 9×9 puzzles: every 17-clue and every "hardest" puzzle, then
    top1465 and the 17-clue set again until 100,000."""
    lines = puzzle_lines(data / "puzzles2_17_clue") + puzzle_lines(data / "puzzles5_forum_hardest_1905_11+")
    lines += puzzle_lines(data / "puzzles3_magictour_top1465")
    lines = [l[:81] for l in lines]
    lines = (lines + lines)[:100_000]
    path = tmp_path_factory.mktemp("batch") / "p100k.txt"
    path.write_text("\n".join(lines) + "\n")
    arr = np.array([line_to_cells(l) for l in lines], dtype=np.int8)
    return path, arr


def cli_lines(cli, *args):
    out = subprocess.run([str(cli), *args], check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def test_100k_batch_equals_cli(cli, hundred_k):
    path, arr = hundred_k
    assert arr.shape == (100_000, 81)
    r = batch.solve(arr, threads=0)
    assert (r.status == 0).all(), [m for m in r.messages if m][:3]
    assert valid_9x9_rows(arr, r.solutions).all()
    ours = ["".join(map(str, row)) for row in r.solutions.tolist()]
    theirs = cli_lines(cli, "solve", str(path))
    assert len(theirs) == len(ours)
    diff = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    assert diff == [], f"first differing rows {diff[:5]}"
    # Guess counts: many 17-clue puzzles need no guess; the hardest set
    # (rows 49,158 to 97,923) needs far more.
    assert (r.guesses[:49_000] == 0).any()
    assert r.guesses[49_200:97_900].mean() > 5 * r.guesses[:49_000].mean()


def test_count_and_rate_batches_equal_the_cli(cli, hundred_k):
    path, arr = hundred_k
    small = arr[:2000]
    p = path.parent / "p2000.txt"
    p.write_text("\n".join(path.read_text().splitlines()[:2000]) + "\n")
    c = batch.count(small, limit=2, threads=2)
    assert (c.status == 0).all() and (c.counts == 1).all() and c.exact.all()
    assert cli_lines(cli, "count", str(p)) == ["1 unique"] * 2000
    r = batch.rate(small[:300], threads=2)
    assert (r.status == 0).all()
    # Each row's grade equals the one-puzzle front door's.
    for i in range(0, 300, 37):
        g = sudokit.Puzzle(small[i]).rate()
        assert sudokit.LEVELS[r.levels[i]] == g.level and r.scores[i] == g.score
        assert bool(r.guessing[i]) == (not g.without_guessing)


def test_threads_give_the_same_result(hundred_k):
    _, arr = hundred_k
    a = batch.solve(arr[:3000], threads=1)
    b = batch.solve(arr[:3000], threads=2)
    assert (a.solutions == b.solutions).all() and (a.guesses == b.guesses).all()


def test_bad_rows_get_per_row_errors(data):
    good = line_to_cells("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
    invalid = [line_to_cells(l) for l in (data / "invalid_9x9.txt").read_text().splitlines() if len(l) >= 81]
    assert len(invalid) == 7
    out_of_range = list(good)
    out_of_range[5] = 10
    negative = list(good)
    negative[80] = -3
    rows = np.array([good] + invalid + [out_of_range, negative, good], dtype=np.int16)
    r = batch.solve(rows)
    codes = [sudokit.STATUS_CODES[s] for s in r.status]
    assert codes[0] == codes[-1] == "ok"
    assert set(codes[1:8]) <= {"contradiction", "no-solution"} and "contradiction" in codes[1:8]
    assert codes[8:10] == ["bad-value", "bad-value"]
    for i in range(1, 10):
        assert r.messages[i].startswith(f"row {i}: ")
        assert not r.solutions[i].any()
    assert r.messages[8] == "row 8: cell 5 holds 10, not a digit 1-9 or 0"
    assert is_solution(good, r.solutions[-1], 9)
    with pytest.raises(sudokit.SudokuError) as e:
        batch.solve(rows, errors="raise")
    assert e.value.row == 1 and e.value.message.startswith("row 1: ")
    c = batch.count(rows)
    assert c.status.tolist() == r.status.tolist()
    rt = batch.rate(rows)
    assert (rt.status[1:10] != 0).all() and rt.status[0] == 0


def test_multi_solution_rows():
    rows = np.zeros((2, 16), dtype=np.int32)
    rows[1, 0] = 1
    c = batch.count(rows, limit=0)
    assert c.counts.tolist() == [288, 288 // 4] and c.exact.all()
    c = batch.count(rows, limit=10)
    assert c.counts.tolist() == [10, 10] and not c.exact.any()
    u = batch.solve(rows, unique=True)
    assert [sudokit.STATUS_CODES[s] for s in u.status] == ["not-unique"] * 2


def test_variant_and_cube_batches():
    rows = np.zeros((3, 64), dtype=np.int32)
    r = batch.solve(rows, cube=True)
    assert (r.status == 0).all()
    for s in r.solutions:
        assert is_solution([0] * 64, s, 4, cube=True)
    x = batch.solve(np.zeros((2, 81), dtype=np.int32), variants=["x"])
    assert all(is_solution([0] * 81, s, 9, variants=["x"]) for s in x.solutions)


def test_shape_and_dtype_errors_raise_not_crash():
    with pytest.raises(ValueError):
        batch.solve(np.zeros((2, 80), dtype=np.int32))
    with pytest.raises(TypeError):
        batch.solve(np.zeros((2, 81), dtype=np.float64))
    with pytest.raises(ValueError):
        batch.solve(np.zeros((2, 3, 4), dtype=np.int32))
    empty = batch.solve(np.zeros((0, 81), dtype=np.int32))
    assert empty.solutions.shape == (0, 81)


def test_csv_helper_streams_and_checks_solutions(cli, data, tmp_path):
    lines = [l[:81] for l in puzzle_lines(data / "puzzles2_17_clue")][:2500]
    src = tmp_path / "q.txt"
    src.write_text("\n".join(lines) + "\n")
    sols = cli_lines(cli, "solve", str(src))
    sols[7] = sols[7][:80] + ("1" if sols[7][80] != "1" else "2")  # a wrong shipped solution
    rows = ["quizzes,solutions"] + [f"{q.replace('.', '0')},{s}" for q, s in zip(lines, sols)]
    rows.insert(100, "12x,notapuzzle")  # a malformed row
    path = tmp_path / "kaggle.csv"
    path.write_text("\n".join(rows) + "\n")
    chunks = list(batch.solve_csv(str(path), chunk=1000))
    assert [len(c.matches) for c in chunks] == [1000, 1000, 501]
    matches = np.concatenate([c.matches for c in chunks])
    status = np.concatenate([c.result.status for c in chunks])
    assert np.flatnonzero(~matches).tolist() == [7, 99]
    assert np.flatnonzero(status).tolist() == [99]
    assert sudokit.STATUS_CODES[status[99]] == "bad-value"
