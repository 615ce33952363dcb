# Type stubs of the `sudokit` package (the native module is `sudokit._sudokit`).
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Union

import numpy as np

from . import batch as batch
from ._errors import SudokuError as SudokuError

__version__: str
STATUS_CODES: List[str]
LEVELS: List[str]
OPT_IN_TECHNIQUES: List[str]

class Technique(NamedTuple):
    key: str
    name: str
    level: str
    score: int

def techniques() -> List[Technique]: ...

class Verdict(NamedTuple):
    unique: bool
    solution: Puzzle
    second: Optional[Puzzle]

class Count(NamedTuple):
    value: int
    exact: bool

class Rating(NamedTuple):
    describe: str
    hardest: Optional[str]
    level: str
    score: int
    solved: bool
    steps: int
    without_guessing: bool
    @property
    def description(self) -> str: ...

class Record(NamedTuple):
    number: int
    line: int
    puzzle: Optional[Puzzle]
    error: Optional[str]

class Generated(NamedTuple):
    puzzle: Puzzle
    solution: Puzzle
    grade: Optional[Dict[str, Any]]

class Puzzle:
    def __init__(
        self,
        source: Union[str, Sequence[int], np.ndarray],
        *,
        box: Optional[str] = ...,
        variants: Sequence[str] = ...,
        regions: Optional[Sequence[int]] = ...,
        cube: bool = ...,
        format: str = ...,
        digits: str = ...,
    ) -> None: ...
    @classmethod
    def from_candidates(
        cls,
        candidates: Union[Sequence[Iterable[int]], np.ndarray],
        *,
        values: Optional[Union[Sequence[int], np.ndarray]] = ...,
        box: Optional[str] = ...,
        variants: Sequence[str] = ...,
        regions: Optional[Sequence[int]] = ...,
    ) -> Puzzle: ...
    @classmethod
    def from_pencilmarks(cls, line: str) -> Puzzle: ...
    @property
    def candidates(self) -> Optional[List[List[int]]]: ...
    @property
    def n(self) -> int: ...
    @property
    def cells(self) -> np.ndarray: ...
    def to_array(self) -> np.ndarray: ...
    @property
    def name(self) -> Optional[str]: ...
    @property
    def box(self) -> str: ...
    @property
    def variants(self) -> List[str]: ...
    @property
    def regions(self) -> Optional[List[int]]: ...
    @property
    def is_cube(self) -> bool: ...
    @property
    def constraints(self) -> List[str]: ...
    @property
    def placed(self) -> List[int]: ...
    @property
    def given_solution(self) -> Optional[Puzzle]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def solve(self, *, timeout: Optional[float] = ..., threads: int = ..., unique: bool = ...) -> Puzzle: ...
    def check(self, *, timeout: Optional[float] = ..., threads: int = ...) -> Verdict: ...
    def count(
        self,
        *,
        limit: Optional[int] = ...,
        all: bool = ...,
        exact: bool = ...,
        timeout: Optional[float] = ...,
        threads: int = ...,
    ) -> Count: ...
    def count_shard(self, index: int, shards: int, *, threads: int = ..., timeout: Optional[float] = ...) -> str: ...
    def solutions(self, *, timeout: Optional[float] = ...) -> Iterator[Puzzle]: ...
    def hint(
        self,
        *,
        level: Optional[int] = ...,
        timeout: Optional[float] = ...,
        techniques: Sequence[str] = ...,
    ) -> Optional[Dict[str, Any]]: ...
    def player_hint(
        self,
        entries: Optional[Union[Sequence[int], np.ndarray]] = ...,
        pencil: Optional[Sequence[Iterable[int]]] = ...,
        *,
        timeout: Optional[float] = ...,
    ) -> Dict[str, Any]: ...
    def explain(
        self, *, timeout: Optional[float] = ..., techniques: Sequence[str] = ...
    ) -> Dict[str, Any]: ...
    def rate(self, *, timeout: Optional[float] = ..., techniques: Sequence[str] = ...) -> Rating: ...
    def canon(self) -> Optional[str]: ...
    def render_svg(
        self,
        *,
        solution: Optional[Puzzle] = ...,
        candidates: bool = ...,
        title: Optional[str] = ...,
        cell_size: float = ...,
    ) -> str: ...
    def render_pdf(self, *, solution: Optional[Puzzle] = ..., **kw: Any) -> bytes: ...
    def write(self, format: str = ...) -> str: ...

def read(
    text: str,
    *,
    box: Optional[str] = ...,
    variants: Sequence[str] = ...,
    cube: bool = ...,
    format: str = ...,
    digits: str = ...,
) -> List[Record]: ...
def write(puzzles: Iterable[Puzzle], format: str = ...) -> str: ...
def render_pdf(
    puzzles: Sequence[Puzzle],
    *,
    solutions: Optional[Sequence[Puzzle]] = ...,
    per_page: int = ...,
    paper: str = ...,
    title: Optional[str] = ...,
    grade: bool = ...,
) -> bytes: ...
def generate(
    *,
    box: Optional[str] = ...,
    variants: Sequence[str] = ...,
    regions: Optional[Sequence[int]] = ...,
    cube: bool = ...,
    symmetry: str = ...,
    minimal: bool = ...,
    clues: Optional[int] = ...,
    difficulty: Optional[str] = ...,
    grade: bool = ...,
    seed: int = ...,
    index: int = ...,
    count: int = ...,
    threads: int = ...,
    rules: Optional[str] = ...,
) -> List[Generated]: ...
def grids(
    box: str,
    *,
    variants: Sequence[str] = ...,
    cube: bool = ...,
    threads: int = ...,
    timeout: Optional[float] = ...,
) -> Count: ...
def grids_shard(
    box: str,
    index: int,
    shards: int,
    *,
    variants: Sequence[str] = ...,
    cube: bool = ...,
    threads: int = ...,
    timeout: Optional[float] = ...,
) -> str: ...
def merge(parts: Iterable[str]) -> Count: ...
