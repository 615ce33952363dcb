"""Batches on numpy: an ``(n, N*N)`` integer array in (0 = empty), arrays out.

The engine runs with the GIL released on ``threads`` threads (0 = one per
core). A bad row never raises by default: its ``status`` is non-zero
(``sudokit.STATUS_CODES[status]`` is the error code) and ``messages[i]``
names the row; pass ``errors="raise"`` to get a :class:`sudokit.SudokuError`
for the first bad row instead.

>>> import numpy as np
>>> from sudokit import batch
>>> rows = np.zeros((3, 16), dtype=np.int8)
>>> rows[1, :2] = 1                      # a digit twice in a row
>>> rows[2, 0] = 9                       # not a digit of a 4×4
>>> r = batch.solve(rows)
>>> r.status.tolist(), r.solutions[0].tolist()[:4]
([0, 1, 10], [1, 2, 3, 4])
>>> r.messages[2]
'row 2: cell 0 holds 9, not a digit 1-4 or 0'
>>> batch.count(rows[:1], limit=0).counts.tolist()
[288]
"""

from __future__ import annotations

import csv
import io
from typing import Iterator, List, NamedTuple, Optional, Sequence, TextIO, Union

import numpy as np

from . import _sudokit as _native
from ._errors import SudokuError

__all__ = ["solve", "count", "rate", "read_csv", "solve_csv", "SolveResult", "CountResult", "RateResult"]


class SolveResult(NamedTuple):
    """:func:`solve`'s arrays: ``solutions`` ``(n, cells)`` (zeros on failed
    rows), ``guesses`` per row, ``status`` (0 = ok), ``messages`` (None = ok)."""

    solutions: np.ndarray
    guesses: np.ndarray
    status: np.ndarray
    messages: List[Optional[str]]


class CountResult(NamedTuple):
    """:func:`count`'s arrays: ``counts``, ``exact`` (False at the limit), ``status``, ``messages``."""

    counts: np.ndarray
    exact: np.ndarray
    status: np.ndarray
    messages: List[Optional[str]]


class RateResult(NamedTuple):
    """:func:`rate`'s arrays: ``levels`` (index into ``sudokit.LEVELS``),
    ``scores``, ``guessing`` (True when the path needed a guess), ``status``, ``messages``."""

    levels: np.ndarray
    scores: np.ndarray
    guessing: np.ndarray
    status: np.ndarray
    messages: List[Optional[str]]


def _rows(puzzles: np.ndarray) -> np.ndarray:
    a = np.asarray(puzzles)
    if a.ndim == 1:
        a = a.reshape(1, -1)
    if a.ndim != 2:
        raise ValueError(f"expected an (n, cells) array, got shape {a.shape}")
    if a.dtype.kind not in "iub":
        raise TypeError(f"expected an integer array, got dtype {a.dtype}")
    return np.ascontiguousarray(a, dtype=np.int32)


def _check(status: np.ndarray, messages: List[Optional[str]], errors: str) -> None:
    if errors == "raise":
        bad = np.flatnonzero(status)
        if bad.size:
            i = int(bad[0])
            raise SudokuError(messages[i] or f"row {i}", _native.STATUS_CODES[status[i]], row=i)
    elif errors != "status":
        raise ValueError("errors must be 'status' or 'raise'")


def solve(
    puzzles: np.ndarray,
    *,
    box: Optional[str] = None,
    variants: Sequence[str] = (),
    regions: Optional[Sequence[int]] = None,
    cube: bool = False,
    threads: int = 0,
    timeout: Optional[float] = None,
    unique: bool = False,
    errors: str = "status",
) -> SolveResult:
    """Solves every row (with ``unique=True``, also proves each solution unique)."""
    a = _rows(puzzles)
    regs = None if regions is None else [int(r) for r in regions]
    flat, guesses, status, messages = _native.batch_solve(
        a, box, list(variants), regs, cube, threads, timeout, unique
    )
    _check(status, messages, errors)
    return SolveResult(flat.reshape(a.shape), guesses, status, messages)


def count(
    puzzles: np.ndarray,
    *,
    limit: int = 2,
    box: Optional[str] = None,
    variants: Sequence[str] = (),
    regions: Optional[Sequence[int]] = None,
    cube: bool = False,
    threads: int = 0,
    timeout: Optional[float] = None,
    errors: str = "status",
) -> CountResult:
    """Counts the solutions of every row up to ``limit`` (0 = all)."""
    a = _rows(puzzles)
    regs = None if regions is None else [int(r) for r in regions]
    counts, exact, status, messages = _native.batch_count(
        a, limit, box, list(variants), regs, cube, threads, timeout
    )
    _check(status, messages, errors)
    return CountResult(counts, exact.astype(bool), status, messages)


def rate(
    puzzles: np.ndarray,
    *,
    box: Optional[str] = None,
    variants: Sequence[str] = (),
    regions: Optional[Sequence[int]] = None,
    cube: bool = False,
    threads: int = 0,
    timeout: Optional[float] = None,
    errors: str = "status",
) -> RateResult:
    """Rates every row, HoDoKu-style (rows without a unique solution fail)."""
    a = _rows(puzzles)
    regs = None if regions is None else [int(r) for r in regions]
    levels, scores, guessing, status, messages = _native.batch_rate(
        a, box, list(variants), regs, cube, threads, timeout
    )
    _check(status, messages, errors)
    return RateResult(levels, scores, guessing.astype(bool), status, messages)


def _digits(lines: List[str], width: int, first_row: int) -> np.ndarray:
    """Lines of one-character cells (``1-9``, ``0`` or ``.`` empty) as an
    int8 array; a line of the wrong length or with another character gets
    -1 in every cell, which the batch reports as that row's error."""
    out = np.full((len(lines), width), -1, dtype=np.int8)
    for i, s in enumerate(lines):
        s = s.strip().replace(".", "0")
        if len(s) == width and s.isdigit():
            out[i] = np.frombuffer(s.encode("ascii"), dtype=np.uint8) - ord("0")
    return out


def read_csv(
    source: Union[str, TextIO],
    *,
    chunk: int = 100_000,
    quizzes: str = "quizzes",
    solutions: str = "solutions",
    cells: int = 81,
) -> Iterator[tuple]:
    """Streams a CSV with a header (Kaggle's ``quizzes,solutions``) as
    ``(quizzes, solutions)`` int8 arrays of at most ``chunk`` rows; memory
    stays proportional to one chunk. ``solutions`` is None when the file has
    no such column. Malformed rows are all -1 (a ``bad-value`` error in a batch).

    >>> import io
    >>> f = io.StringIO("quizzes,solutions\\n1.3.............,1234341221434321\\n")
    >>> q, s = next(read_csv(f, cells=16))
    >>> q.shape, s[0, :4].tolist()
    ((1, 16), [1, 2, 3, 4])
    """
    f = open(source, newline="") if isinstance(source, str) else source
    try:
        rows = csv.reader(f)
        header = [h.strip() for h in next(rows)]
        qi = header.index(quizzes)
        si = header.index(solutions) if solutions in header else None
        qs: List[str] = []
        ss: List[str] = []
        for rec in rows:
            if not rec:
                continue
            qs.append(rec[qi] if qi < len(rec) else "")
            if si is not None:
                ss.append(rec[si] if si < len(rec) else "")
            if len(qs) == chunk:
                yield _digits(qs, cells, 0), None if si is None else _digits(ss, cells, 0)
                qs, ss = [], []
        if qs:
            yield _digits(qs, cells, 0), None if si is None else _digits(ss, cells, 0)
    finally:
        if isinstance(source, str):
            f.close()


class CsvChunk(NamedTuple):
    """One chunk of :func:`solve_csv`: the batch result and, when the file
    has solutions, whether each row's solution equals ours."""

    result: SolveResult
    matches: Optional[np.ndarray]


def solve_csv(
    source: Union[str, TextIO],
    *,
    chunk: int = 100_000,
    threads: int = 0,
    cells: int = 81,
    **kw,
) -> Iterator[CsvChunk]:
    """Solves a ``quizzes,solutions`` CSV chunk by chunk, checking the
    shipped solutions.

    >>> import io
    >>> f = io.StringIO("quizzes,solutions\\n1.3.............,1234341221434321\\n")
    >>> [c.matches.tolist() for c in solve_csv(f, cells=16)]
    [[True]]
    """
    for q, s in read_csv(source, chunk=chunk, cells=cells):
        r = solve(q, threads=threads, **kw)
        matches = None if s is None else (r.solutions == s).all(axis=1)
        yield CsvChunk(r, matches)
