"""sudokit: the sudokit engine (Rust) for Python.

Every use case runs in the library; this package only converts arguments
and results. Any box shape (4×4 to 400×400), variants (X, disjoint groups,
hypercube, windoku), jigsaw regions and 3-D cubes.

>>> import sudokit
>>> p = sudokit.Puzzle("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
>>> print(p.solve())
859612437723854169164379528986147352375268914241593786432981675617425893598736241
>>> p.check().unique
True
>>> p.count(limit=2)
Count(value=1, exact=True)
>>> p.rate().level
'Medium'
>>> sudokit.grids("2x2")
Count(value=288, exact=True)
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Union

import numpy as np

from ._errors import SudokuError
from . import _sudokit as _native

__version__: str = _native.__version__

#: Batch status values: ``STATUS_CODES[status]`` is the error code of a row (0 = ``ok``).
STATUS_CODES: List[str] = list(_native.STATUS_CODES)
#: Difficulty levels, easiest first (the ``levels`` of :func:`sudokit.batch.rate`).
LEVELS: List[str] = list(_native.LEVELS)


__all__ = [
    "Puzzle",
    "SudokuError",
    "Verdict",
    "Count",
    "Rating",
    "Record",
    "Generated",
    "Technique",
    "techniques",
    "read",
    "write",
    "generate",
    "grids",
    "merge",
    "render_pdf",
    "batch",
    "STATUS_CODES",
    "LEVELS",
    "OPT_IN_TECHNIQUES",
    "__version__",
]


class Verdict(NamedTuple):
    """What :meth:`Puzzle.check` found: one solution, or two different ones."""

    unique: bool
    solution: "Puzzle"
    second: Optional["Puzzle"]


class Count(NamedTuple):
    """A number of solutions; ``exact`` is False for a lower bound (a limit or a timeout)."""

    value: int
    exact: bool


class Rating(NamedTuple):
    """A HoDoKu-style grade: the keys of ``rate --json`` and ``/api/rate``."""

    describe: str
    hardest: Optional[str]
    level: str
    score: int
    solved: bool
    steps: int
    without_guessing: bool

    @property
    def description(self) -> str:
        """The grade in words: the former name of :attr:`describe`."""
        return self.describe


class Technique(NamedTuple):
    """A technique a caller may switch on: its ``key`` (for ``techniques=``),
    the ``name`` players read, and the ``level`` and ``score`` of one step."""

    key: str
    name: str
    level: str
    score: int


def techniques() -> List[Technique]:
    """The techniques HoDoKu ships switched off, in search order: searched
    only when their keys are named in ``techniques=`` (:meth:`Puzzle.explain`,
    :meth:`Puzzle.hint`, :meth:`Puzzle.rate`), as the command line's ``--with``.

    >>> t = next(t for t in sudokit.techniques() if t.key == "kraken-fish")
    >>> t.name, t.level
    ('Kraken Fish', 'Extreme')
    """
    return [Technique(**t) for t in json.loads(_native.techniques())]


#: The keys of :func:`techniques`.
OPT_IN_TECHNIQUES: List[str] = [t.key for t in techniques()]


class Record(NamedTuple):
    """One record of :func:`read`: a puzzle, or the located error of a bad record."""

    number: int
    line: int
    puzzle: Optional["Puzzle"]
    error: Optional[str]


class Generated(NamedTuple):
    """A generated puzzle with its unique solution (and grade, when asked)."""

    puzzle: "Puzzle"
    solution: "Puzzle"
    grade: Optional[Dict[str, Any]]


class Puzzle:
    """A puzzle: givens on a board (box shape, variants, jigsaw regions or cube).

    Build one from text in any format the reader knows, or from cell values
    (a sequence or numpy array, 0 = empty, row by row)::

    >>> p = Puzzle("1.3.............")          # 4×4, box shape derived from N
    >>> p.n, p.box
    (4, '2x2')
    >>> q = Puzzle([0] * 36, box="2x3")           # 6×6 with 2×3 boxes
    >>> q.count(limit=5)
    Count(value=5, exact=False)
    >>> x = Puzzle(np.zeros(16, dtype=int), variants=["x"])
    >>> x.count(all=True).value
    48
    """

    __slots__ = ("_p",)

    def __init__(
        self,
        source: Union[str, Sequence[int], np.ndarray],
        *,
        box: Optional[str] = None,
        variants: Sequence[str] = (),
        regions: Optional[Sequence[int]] = None,
        cube: bool = False,
        format: str = "auto",
        digits: str = "auto",
    ) -> None:
        if isinstance(source, _native._Puzzle):
            self._p = source
        elif isinstance(source, str):
            if regions is not None:
                raise ValueError("jigsaw regions of a text puzzle come from its `regions:` block")
            self._p = _native._Puzzle.parse(source, box, list(variants), cube, format, digits)
        else:
            cells = np.asarray(source).reshape(-1).tolist()
            regs = None if regions is None else [int(r) for r in np.asarray(regions).reshape(-1)]
            self._p = _native._Puzzle.from_cells(cells, box, list(variants), regs, cube)

    @classmethod
    def from_candidates(
        cls,
        candidates: Union[Sequence[Iterable[int]], np.ndarray],
        *,
        values: Optional[Union[Sequence[int], np.ndarray]] = None,
        box: Optional[str] = None,
        variants: Sequence[str] = (),
        regions: Optional[Sequence[int]] = None,
    ) -> "Puzzle":
        """A mid-solve candidate state (boards of at most 64 digits).

        ``candidates`` has one entry per cell, row by row: the digits still
        possible there (a collection of ints), or a boolean array shaped
        ``(cells, N)`` whose column ``d - 1`` is digit ``d``. ``values`` are
        the placed digits (0 = empty, default all empty); a placed cell's
        candidates are ignored. Cells with one candidate stay unplaced (the
        reader of pencilmark text, ``Puzzle(line)``, places them).

        >>> marks = [range(1, 5)] * 16
        >>> marks[0] = [1]                       # r1c1 can only be 1
        >>> p = Puzzle.from_candidates(marks)
        >>> p.candidates[:2]
        [[1], [1, 2, 3, 4]]
        >>> p.count(all=True).value              # 288 grids, a quarter with 1 in r1c1
        72
        """
        arr = candidates if isinstance(candidates, np.ndarray) else None
        if arr is not None and arr.dtype == np.bool_ and arr.ndim == 2:
            weights = np.left_shift(np.uint64(1), np.arange(arr.shape[1], dtype=np.uint64))
            masks = [int(m) for m in (arr.astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64)]
        else:
            masks = []
            for i, digits in enumerate(candidates):
                m = 0
                for d in digits:
                    d = int(d)
                    if not 1 <= d <= 64:
                        raise ValueError(f"cell {i}: {d} is not a digit")
                    m |= 1 << (d - 1)
                masks.append(m)
        cells = [0] * len(masks) if values is None else np.asarray(values).reshape(-1).tolist()
        regs = None if regions is None else [int(r) for r in np.asarray(regions).reshape(-1)]
        return cls(_native._Puzzle.from_candidates(cells, masks, box, list(variants), regs))

    @classmethod
    def from_pencilmarks(cls, line: str) -> "Puzzle":
        """A 9×9 candidate state from a 729-character pencilmark (Sukaku)
        line: nine characters per cell, the k-th is ``k`` or a blank
        (``.``, ``0``, ``-``). Strict: a digit in another digit's slot is
        an error. No cell is placed (see :meth:`from_candidates`).

        >>> p = Puzzle.from_pencilmarks("1........" + "123456789" * 80)
        >>> p.candidates[0], len(p.candidates[1])
        ([1], 9)
        >>> Puzzle.from_pencilmarks("2" + "." * 728)
        Traceback (most recent call last):
        ...
        sudokit._errors.SudokuError: character '2' at column 1 (cell 1, slot of digit 1) is neither that digit nor a blank
        """
        return cls(_native._Puzzle.from_pencilmarks(line))

    @property
    def candidates(self) -> Optional[List[List[int]]]:
        """The candidates of every cell of a candidate state (a placed
        cell: its digit), or None for a puzzle given by its values."""
        masks = self._p.candidates
        if masks is None:
            return None
        return [[d + 1 for d in range(self.n) if m >> d & 1] for m in masks]

    @property
    def n(self) -> int:
        """Number of digits (the side of the board)."""
        return self._p.n

    @property
    def cells(self) -> np.ndarray:
        """Cell values, 0 for empty, as a flat ``uint16`` array."""
        return np.asarray(self._p.cells, dtype=np.uint16)

    def to_array(self) -> np.ndarray:
        """Cell values shaped ``(N, N)`` (``(N, N, N)`` for a cube)."""
        shape = (self.n,) * (3 if self.is_cube else 2)
        return self.cells.reshape(shape)

    @property
    def name(self) -> Optional[str]:
        return self._p.name

    @property
    def box(self) -> str:
        """Box shape ``RxC``."""
        return self._p.box_shape

    @property
    def variants(self) -> List[str]:
        """Variant names (``x``, ``disjoint``, ``hypercube``, ``windoku``); jigsaw is :attr:`regions`."""
        return self._p.variants

    @property
    def regions(self) -> Optional[List[int]]:
        """Jigsaw region label of every cell, or None."""
        return self._p.regions

    @property
    def is_cube(self) -> bool:
        return self._p.is_cube

    @property
    def constraints(self) -> List[str]:
        """The rules beyond the units, one directive line each
        (``"cage: 15 r1c1 r1c2"``); empty for a classic puzzle.

        >>> sudokit.generate(box="2x2", rules="renban", seed=7)[0].puzzle.constraints
        ['renban: r2c2 r1c1 r1c2', 'renban: r4c2 r3c2 r3c1']
        """
        return self._p.constraints

    @property
    def placed(self) -> List[int]:
        """Cells (row-major) whose digit was placed while solving, not
        given (HoDoKu's ``+d``, JSON's ``placed``); empty for givens only.

        >>> sudokit.Puzzle('{"line": "1...............", "placed": [0]}').placed
        [0]
        """
        return self._p.placed

    @property
    def given_solution(self) -> Optional["Puzzle"]:
        """The solution read with the puzzle (a CSV's solution column), if any."""
        s = self._p.given_solution
        return None if s is None else Puzzle(s)

    def __str__(self) -> str:
        return self._p.line()

    def __repr__(self) -> str:
        return f"Puzzle({self._p.line()!r}, box={self.box!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and self._p == other._p

    def __hash__(self) -> int:
        return hash(self._p.line())

    def solve(self, *, timeout: Optional[float] = None, threads: int = 1, unique: bool = False) -> "Puzzle":
        """The first solution (with ``unique=True``, the solution, proven unique).

        >>> str(Puzzle("1.3.............").solve())
        '1234341221434321'
        """
        return Puzzle(self._p.solve(timeout, threads, unique))

    def check(self, *, timeout: Optional[float] = None, threads: int = 1) -> Verdict:
        """One solution or two: ``Verdict(unique, solution, second)``.

        >>> Puzzle("." * 16).check().unique
        False
        """
        unique, a, b = self._p.check(timeout, threads)
        return Verdict(unique, Puzzle(a), None if b is None else Puzzle(b))

    def count(
        self,
        *,
        limit: Optional[int] = None,
        all: bool = False,
        exact: bool = False,
        timeout: Optional[float] = None,
        threads: int = 0,
    ) -> Count:
        """The number of solutions: up to ``limit`` (default 2), ``all`` by
        enumeration, or ``exact`` with the exact counter (any size).

        >>> Puzzle("." * 16).count(exact=True)
        Count(value=288, exact=True)
        """
        if sum([limit is not None, all, exact]) > 1:
            raise ValueError("give one of limit=, all=True, exact=True")
        mode = "all" if all else "exact" if exact else "limit"
        value, is_exact = self._p.count(mode, 2 if limit is None else limit, timeout, threads)
        return Count(int(value), is_exact)

    def count_shard(self, index: int, shards: int, *, threads: int = 0, timeout: Optional[float] = None) -> str:
        """Shard ``index``/``shards`` of the exact count of completions, as the
        partial result (JSON line) of ``sudokit count --exact --shard``; sum
        the shards with :func:`merge`."""
        return self._p.count_shard(index, shards, threads, timeout)

    def solutions(self, *, timeout: Optional[float] = None) -> Iterator["Puzzle"]:
        """The solutions, lazily in search order.

        >>> from itertools import islice
        >>> len(list(islice(Puzzle("." * 16).solutions(), 3)))
        3
        """
        it = self._p.solutions(timeout)
        return (Puzzle(s) for s in it)

    def hint(
        self,
        *,
        level: Optional[int] = None,
        timeout: Optional[float] = None,
        techniques: Sequence[str] = (),
    ) -> Optional[Dict[str, Any]]:
        """The easiest next step, None when full: a dict with the keys of a
        step of ``explain --json`` and ``/api/explain`` (``technique`` the
        identifier, ``name`` the display name, ``level``, ``placements``,
        ``eliminations``, ``cells``, ``units``, ``unit_cells``,
        ``unit_names``, ``candidates``, ``explanation``, ``describe``).

        With ``level`` only that much of it: 1 where to look (a row, column,
        box or cage, never the cell of a single), 2 which technique, 3 the
        whole move, as ``{"level", "text", "cells", "units"}``.

        >>> p = Puzzle("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
        >>> h = p.hint()
        >>> h["describe"]
        'Hidden Single: In box 4, 7 fits only in r5c2, so r5c2 = 7'
        >>> h["placements"]
        [{'cell': 37, 'digit': 7}]
        >>> p.hint(level=1)["text"]
        'Look at box 4.'
        """
        s = self._p.hint(timeout, level, list(techniques))
        return None if s is None else json.loads(s)

    def player_hint(
        self,
        entries: Optional[Union[Sequence[int], np.ndarray]] = None,
        pencil: Optional[Sequence[Iterable[int]]] = None,
        *,
        timeout: Optional[float] = None,
    ) -> Dict[str, Any]:
        """The next hint for a player's position: ``entries`` are the digits
        the player placed (one per cell, 0 = empty; givens are ignored),
        ``pencil`` their pencil marks (one collection of digits per cell; an
        empty one means every digit the placed ones allow). The dict of
        ``/api/hint``, whose ``kind`` is ``mistake`` (``mistake``: ``cell``
        and ``digit``, an entry that is not the solution's digit),
        ``missing-candidate`` (``mistake``: ``cell`` and ``candidate``, the
        marks of a cell leave out the solution's digit), ``done``, ``step``
        (``step`` as :meth:`hint`, ``levels`` its three hint levels) or
        ``stuck``; all but ``step`` say what to do in ``explanation``.

        >>> p = Puzzle("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
        >>> entries = [0] * 81
        >>> entries[2] = 1                       # r1c3 is 9 in the solution
        >>> h = p.player_hint(entries)
        >>> h["kind"], h["mistake"]
        ('mistake', {'cell': 2, 'digit': 1})
        >>> p.player_hint()["step"]["name"]
        'Hidden Single'
        """
        ent = [] if entries is None else [int(v) for v in np.asarray(entries).reshape(-1)]
        marks = [] if pencil is None else [[int(d) for d in ds] for ds in pencil]
        return json.loads(self._p.player_hint(ent, marks, timeout))

    def explain(
        self, *, timeout: Optional[float] = None, techniques: Sequence[str] = ()
    ) -> Dict[str, Any]:
        """Every step to the solution, as ``explain --json`` and
        ``/api/explain``: ``{"steps": [...], "solved": bool, "grade": {...},
        "solution": line}``; each step as :meth:`hint`, ``grade`` with
        ``level``, ``score``, ``hardest``, ``without_guessing`` and
        ``describe``, ``solution`` the grid after the last step as a line.

        ``techniques`` names techniques HoDoKu ships switched off to search
        too, as the command line's ``--with`` (:data:`OPT_IN_TECHNIQUES`);
        the same for :meth:`hint` and :meth:`rate`."""
        return json.loads(self._p.explain(timeout, list(techniques)))

    def rate(
        self, *, timeout: Optional[float] = None, techniques: Sequence[str] = ()
    ) -> Rating:
        """The HoDoKu-style grade (needs a unique solution)."""
        r = json.loads(self._p.rate(timeout, list(techniques)))
        return Rating(**r)

    def canon(self) -> Optional[str]:
        """The minlex canonical form of a classic 9×9 grid, else None."""
        return self._p.canon()

    def render_svg(
        self,
        *,
        solution: Optional["Puzzle"] = None,
        candidates: bool = False,
        title: Optional[str] = None,
        cell_size: float = 0.0,
    ) -> str:
        """The puzzle as an SVG document.

        >>> Puzzle("1.3.............").render_svg().startswith("<svg")
        True
        """
        return self._p.render_svg(None if solution is None else solution._p, candidates, title, cell_size)

    def render_pdf(self, *, solution: Optional["Puzzle"] = None, **kw: Any) -> bytes:
        """A one-puzzle PDF (see :func:`render_pdf`)."""
        return render_pdf([self], solutions=None if solution is None else [solution], **kw)

    def write(self, format: str = "line") -> str:
        """The puzzle in an output format (``line``, ``pretty``, ``rc``, ``json``)."""
        return self._p.write(format)


def read(
    text: str,
    *,
    box: Optional[str] = None,
    variants: Sequence[str] = (),
    cube: bool = False,
    format: str = "auto",
    digits: str = "auto",
) -> List[Record]:
    """Every record of ``text`` (any format, detected per record); a bad
    record carries its located error instead of a puzzle.

    >>> recs = sudokit.read("1.3.............\\n11..............\\n")
    >>> recs[0].puzzle.n, recs[1].error
    (4, 'puzzle 2, line 2, column 2: contradictory givens: digit 1 appears twice in row 1 (r1c1 and r1c2)')
    """
    return [
        Record(number, line, None if p is None else Puzzle(p), err)
        for number, line, p, err in _native.read(text, box, list(variants), cube, format, digits)
    ]


def write(puzzles: Iterable[Puzzle], format: str = "line") -> str:
    """Puzzles in an output format (``line``, ``pretty``, ``rc``, ``json``),
    with the directives (``box:``, ``variant:``...) the reader needs.

    >>> print(sudokit.write([Puzzle("1.3.............")], "rc"), end="")
    2 2
    1 0 3 0
    0 0 0 0
    0 0 0 0
    0 0 0 0
    """
    return _native.write([p._p for p in puzzles], format)


def render_pdf(
    puzzles: Sequence[Puzzle],
    *,
    solutions: Optional[Sequence[Puzzle]] = None,
    per_page: int = 4,
    paper: str = "a4",
    title: Optional[str] = None,
    grade: bool = False,
) -> bytes:
    """A PDF booklet of the puzzles (solutions at the end when given).

    >>> sudokit.render_pdf([Puzzle("1.3.............")])[:4]
    b'%PDF'
    """
    sols = None if solutions is None else [s._p for s in solutions]
    return _native.render_pdf([p._p for p in puzzles], sols, per_page, paper, title, grade)


def generate(
    *,
    box: Optional[str] = None,
    variants: Sequence[str] = (),
    regions: Optional[Sequence[int]] = None,
    cube: bool = False,
    symmetry: str = "none",
    minimal: bool = False,
    clues: Optional[int] = None,
    difficulty: Optional[str] = None,
    grade: bool = False,
    seed: int = 0,
    index: int = 0,
    count: int = 1,
    threads: int = 0,
    rules: Optional[str] = None,
) -> List[Generated]:
    """Puzzles ``index .. index+count-1`` of the run seeded with ``seed``
    (the same as ``sudokit generate --seed``), each with a unique solution.

    ``box`` defaults to ``"3x3"`` (with ``regions``, the usual box shape of
    their board). ``variants=["jigsaw"]`` without ``regions`` gives every
    puzzle its own random jigsaw layout (reproducible from ``seed`` and the
    puzzle's index, like the puzzle), carried in ``puzzle.regions``;
    ``regions`` (one label ``0..N-1`` per cell, row by row) generates on that
    layout instead. Jigsaw combines with ``x`` and ``windoku``, not with
    ``disjoint`` or ``hypercube`` (``ValueError``).

    >>> g = sudokit.generate(box="2x3", seed=7)[0]
    >>> g.puzzle.solve(unique=True) == g.solution
    True
    >>> j = sudokit.generate(variants=["jigsaw"], seed=7)[0]
    >>> len(j.puzzle.regions), j.puzzle.count(limit=2).value
    (81, 1)

    ``rules`` makes constraint puzzles on a plain board of 4 to 16 digits
    (``sudokit generate --rules``): ``"killer"`` (cages covering the
    board), ``"thermo"``, or lines of one family (``"renban"``,
    ``"whisper"``, ``"palindrome"``, ``"between"``, ``"entropic"``,
    ``"modular"``, ``"zipper"``, ``"region-sum"``, ``"arrow"``,
    ``"dutch-whisper"``), or clues of one family cut to the few needed
    (``"x-sum"``, ``"skyscraper"``, ``"sandwich"``, ``"little-killer"``,
    ``"minimum"``, ``"maximum"``, ``"quadruple"``, ``"clone"``, ``"kropki"``,
    ``"xv"``); with
    ``difficulty`` (a level) each puzzle is eased or retried until graded
    so. Not with ``symmetry``, ``minimal`` or ``clues``.

    >>> k = sudokit.generate(box="2x3", rules="renban", seed=3)[0]
    >>> k.puzzle.constraints[0].startswith("renban: "), k.puzzle.check().unique
    (True, True)
    """
    out = _native.generate(
        box,
        list(variants),
        cube,
        symmetry,
        minimal,
        clues,
        difficulty,
        grade,
        seed,
        index,
        count,
        threads,
        None if regions is None else [int(r) for r in regions],
        rules,
    )
    return [Generated(Puzzle(p), Puzzle(s), None if g is None else json.loads(g)) for p, s, g in out]


def grids(
    box: str,
    *,
    variants: Sequence[str] = (),
    cube: bool = False,
    threads: int = 0,
    timeout: Optional[float] = None,
) -> Count:
    """The number of completed grids of a board (``sudokit grids``).

    >>> sudokit.grids("2x2", variants=["x"])
    Count(value=48, exact=True)
    """
    value, exact, _ = _native.grids(box, list(variants), cube, None, threads, timeout)
    return Count(int(value), exact)


def grids_shard(
    box: str,
    index: int,
    shards: int,
    *,
    variants: Sequence[str] = (),
    cube: bool = False,
    threads: int = 0,
    timeout: Optional[float] = None,
) -> str:
    """Shard ``index``/``shards`` of :func:`grids`, as the partial result
    (JSON line) of ``sudokit grids --shard``; sum them with :func:`merge`."""
    _, _, partial = _native.grids(box, list(variants), cube, (index, shards), threads, timeout)
    return partial


def merge(parts: Iterable[str]) -> Count:
    """Sums partial results (JSON lines, as ``sudokit merge``): every shard
    ``0/N … N-1/N`` of one problem exactly once, else :class:`SudokuError`.

    >>> parts = [sudokit.grids_shard("2x2", i, 3) for i in range(3)]
    >>> sudokit.merge(parts)
    Count(value=288, exact=True)
    >>> sudokit.merge(parts[:2])
    Traceback (most recent call last):
    ...
    sudokit._errors.SudokuError: missing shards: 2/3
    """
    value, exact = _native.merge(list(parts))
    return Count(int(value), exact)


import sudokit  # noqa: E402  (for the doctests' `sudokit.` prefix)

from . import batch  # noqa: E402
