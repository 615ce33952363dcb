"""Big jobs on a Dask cluster: sharded exact counts and batches.

The work is split into shards with the meaning of the CLI's ``--shard I/N``
(shard ``I`` of ``N`` owns the work items ``i`` with ``i % N == I``, the
same on every machine), one Dask task per shard; counts are summed by the
library's merge, which refuses missing or duplicate shards, so a lost or
repeated task can never give a wrong total silently.

Needs ``dask`` and ``distributed`` (``pip install dask distributed``)::

    from dask.distributed import Client, LocalCluster
    import sudokit.dask
    with Client(LocalCluster(n_workers=2, threads_per_worker=1)) as client:
        sudokit.dask.grids(client, "2x3", shards=8)   # Count(value=28200960, exact=True)
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

import numpy as np

import sudokit
from sudokit import batch as _batch

__all__ = ["grids", "count_exact", "solve", "shard_rows"]


def _grids_shard(index: int, shards: int, box: str, variants: List[str], cube: bool, threads: int) -> str:
    return sudokit.grids_shard(box, index, shards, variants=variants, cube=cube, threads=threads)


def _count_shard(index: int, shards: int, line: str, box: Optional[str], variants: List[str], cube: bool, threads: int) -> str:
    p = sudokit.Puzzle(line, box=box, variants=variants, cube=cube)
    return p.count_shard(index, shards, threads=threads)


def _gather_partials(client: Any, fn: Any, shards: int, *args: Any) -> List[str]:
    futures = [client.submit(fn, i, shards, *args, pure=False) for i in range(shards)]
    return client.gather(futures)


def grids(
    client: Any,
    box: str,
    *,
    shards: int,
    variants: Sequence[str] = (),
    cube: bool = False,
    threads: int = 1,
) -> "sudokit.Count":
    """The number of completed grids of a board (``sudokit grids``), one
    task per shard ``I/shards``, merged exactly."""
    parts = _gather_partials(client, _grids_shard, shards, box, list(variants), cube, threads)
    return sudokit.merge(parts)


def count_exact(
    client: Any,
    puzzle: "sudokit.Puzzle",
    *,
    shards: int,
    threads: int = 1,
) -> "sudokit.Count":
    """The exact number of completions of ``puzzle``
    (``sudokit count --exact``), one task per shard, merged exactly."""
    # The puzzle travels as text with its board (directives), which the
    # workers read back into the same puzzle.
    text = puzzle.write("line")
    parts = _gather_partials(client, _count_shard, shards, text, None, [], False, threads)
    return sudokit.merge(parts)


def shard_rows(n_rows: int, index: int, shards: int) -> np.ndarray:
    """The rows shard ``index``/``shards`` owns: ``i % shards == index``."""
    if not 0 <= index < shards:
        raise ValueError(f"no shard {index}/{shards}")
    return np.arange(index, n_rows, shards)


def _solve_shard(rows: np.ndarray, kw: dict) -> tuple:
    r = _batch.solve(rows, **kw)
    return r.solutions, r.guesses, r.status, r.messages


def solve(client: Any, puzzles: np.ndarray, *, shards: int, **kw: Any) -> "_batch.SolveResult":
    """:func:`sudokit.batch.solve` over the cluster: each shard's rows are
    one task; the results come back in row order, row numbers in messages
    those of the whole array. Keyword arguments go to the batch."""
    a = _batch._rows(puzzles)
    owned = [shard_rows(len(a), i, shards) for i in range(shards)]
    futures = [client.submit(_solve_shard, a[idx], kw, pure=False) for idx in owned]
    results = client.gather(futures)
    seen = np.zeros(len(a), dtype=bool)
    solutions = np.zeros(a.shape, dtype=np.uint16)
    guesses = np.zeros(len(a), dtype=np.uint64)
    status = np.zeros(len(a), dtype=np.int8)
    messages: List[Optional[str]] = [None] * len(a)
    for idx, (sol, g, st, msg) in zip(owned, results):
        if seen[idx].any() or len(sol) != len(idx):
            raise sudokit.SudokuError("a shard's rows came back twice or incomplete", "merge")
        seen[idx] = True
        solutions[idx], guesses[idx], status[idx] = sol, g, st
        for local, m in enumerate(msg):
            if m is not None:
                # The shard numbered its rows from 0: name the row of the whole array.
                row = int(idx[local])
                messages[row] = f"row {row}:" + m.split(":", 1)[1]
    if not seen.all():
        raise sudokit.SudokuError("missing rows: some shard did not report", "merge")
    return _batch.SolveResult(solutions, guesses, status, messages)
