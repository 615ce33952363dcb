"""Sharded work on a Dask LocalCluster with two worker processes."""

import json
import subprocess

import numpy as np
import pytest

import sudokit
import sudokit.dask as sdask
from conftest import line_to_cells

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_grids_2x3_over_the_cluster(client):
    assert sdask.grids(client, "2x3", shards=6) == sudokit.Count(28_200_960, True)


def test_shards_equal_the_cli_and_merge_refuses_gaps(cli, client):
    parts = [sudokit.grids_shard("2x3", i, 3, threads=1) for i in range(3)]
    assert [json.loads(p)["shard"] for p in parts] == ["0/3", "1/3", "2/3"]
    for i, p in enumerate(parts):
        out = subprocess.run([str(cli), "grids", "2x3", "--shard", f"{i}/3", "-j", "1"],
                             check=True, capture_output=True, text=True).stdout
        assert json.loads(out) == json.loads(p)
    assert sum(int(json.loads(p)["count"]) for p in parts) == 28_200_960
    with pytest.raises(sudokit.SudokuError, match="missing shards: 1/3"):
        sudokit.merge([parts[0], parts[2]])
    with pytest.raises(sudokit.SudokuError, match="appears twice"):
        sudokit.merge(parts + [parts[1]])
    other = sudokit.grids_shard("2x2", 0, 3)
    with pytest.raises(sudokit.SudokuError, match="different problems"):
        sudokit.merge(parts[:2] + [other])


def test_exact_count_of_a_puzzle_over_the_cluster(cli, client, tmp_path):
    p = sudokit.Puzzle("1" + "." * 35, box="2x3")
    f = tmp_path / "p.txt"
    f.write_text(str(p) + "\n")
    out = subprocess.run([str(cli), "count", "--exact", "--box", "2x3", "--shard", "1/3", str(f)],
                         check=True, capture_output=True, text=True).stdout
    assert json.loads(out) == json.loads(p.count_shard(1, 3))
    want = p.count(exact=True)
    assert want.value == 28_200_960 // 6
    assert sdask.count_exact(client, p, shards=4) == want


def test_10k_batch_over_the_cluster_equals_the_cli(cli, client, data, tmp_path):
    lines = [l[:81] for l in (data / "puzzles5_forum_hardest_1905_11+").read_text().splitlines()
             if len(l) >= 81 and not l.startswith("#")][:10_000]
    arr = np.array([line_to_cells(l) for l in lines], dtype=np.int8)
    # Row 4567 gets a duplicate given: its error must name row 4567.
    arr[4567, :2] = 0
    arr[4567, 0] = arr[4567, 1] = 5
    path = tmp_path / "10k.txt"
    path.write_text("\n".join("".join(str(v) for v in row) for row in arr.tolist()) + "\n")
    r = sdask.solve(client, arr, shards=5, threads=1)
    cli_out = subprocess.run([str(cli), "solve", str(path)], capture_output=True, text=True).stdout.splitlines()
    assert len(cli_out) == 10_000
    ours = ["".join(map(str, row)) for row in r.solutions.tolist()]
    for i in range(10_000):
        if i == 4567:
            assert r.status[i] != 0 and r.messages[i].startswith("row 4567: ")
            assert "error" in cli_out[i].lower() or not cli_out[i].isdigit()
        else:
            assert r.status[i] == 0 and ours[i] == cli_out[i], i
    local = sudokit.batch.solve(arr, threads=2)
    assert (local.solutions == r.solutions).all() and (local.guesses == r.guesses).all()
    assert local.messages == r.messages
