"""Records from Python: every sample log read and rebuilt ply by ply, a
damaged log raising with the byte offset, reviews and tournaments."""

import glob
import json
import os
import shutil

import pytest

import gamehost
from conftest import SAMPLES, gamehost_cli

SAMPLE_LOGS = sorted(glob.glob(os.path.join(SAMPLES, "*.ghlog")))


def test_there_are_samples():
    assert len(SAMPLE_LOGS) >= 7


@pytest.mark.parametrize("path", SAMPLE_LOGS, ids=os.path.basename)
def test_every_sample_log_reads_and_replays(path):
    log = gamehost.read_log(path)
    assert log.header["game_id"] in ("alien_city", "city_planning", "connect_four")
    assert [p["ply"] for p in log.plies] == list(range(1, len(log.plies) + 1))
    assert log.finished() and log.result["plies"] == len(log.plies)
    final = log.state_at(len(log.plies))
    assert final.is_terminal()
    assert final.returns() == log.result["returns"]
    assert final.result() == log.result["result"]
    start = log.state_at(0)
    assert start.serialize() == log.game().new_initial_state().serialize()
    rows = log.to_records()
    assert len(rows) == len(log.plies) and rows[0]["notation"] == log.plies[0]["notation"]


def test_state_at_matches_playing_the_plies():
    log = gamehost.read_log(os.path.join(SAMPLES, "connect_four-seed-1.ghlog"))
    state = log.game().new_initial_state()
    for k, ply in enumerate(log.plies, start=1):
        state.apply_action(ply["action"])
        assert state.serialize() == log.state_at(k).serialize()
    with pytest.raises(IndexError):
        log.state_at(len(log.plies) + 1)


def test_damaged_log_raises_with_file_and_byte(tmp_path):
    source = os.path.join(SAMPLES, "seed-1.ghlog")
    damaged = tmp_path / "damaged.ghlog"
    data = bytearray(open(source, "rb").read())
    data[200] ^= 0xFF
    damaged.write_bytes(bytes(data))
    with pytest.raises(gamehost.Error, match=r"damaged\.ghlog: byte \d+"):
        gamehost.read_log(damaged)
    with pytest.raises(gamehost.Error, match="missing.ghlog"):
        gamehost.read_log(tmp_path / "missing.ghlog")


def test_to_dataframe_needs_pandas_only_when_called():
    log = gamehost.read_log(os.path.join(SAMPLES, "seed-1.ghlog"))
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas"):
            log.to_dataframe()
    else:
        assert len(log.to_dataframe()) == len(log.plies)


def test_review_from_python_equals_the_cli_review(tmp_path):
    log = tmp_path / "c4.ghlog"
    shutil.copy(os.path.join(SAMPLES, "connect_four-seed-1.ghlog"), log)
    review = gamehost.review(str(log), jobs=2, iterations=300)
    assert review.path.endswith("c4.ghreview") and len(review.plies) == len(gamehost.read_log(log).plies)
    assert review.header["settings"]["iterations"] == "300"
    gamehost_cli("review", str(log), "--iters", "300", "--jobs", "1", "--out", str(tmp_path / "cli.ghreview"),
                 "--quiet")
    assert open(tmp_path / "cli.ghreview", "rb").read() == open(review.path, "rb").read()
    again = gamehost.read_review(review.path)
    assert again.plies == review.plies
    classes = {p["class"] for p in again.plies if p["reviewed"]}
    assert classes <= {"best", "good", "inaccuracy", "mistake", "blunder", "forced", "unclear"}
    assert len(again.to_records()) == len(again.plies)


def test_read_tournament(tmp_path):
    out = tmp_path / "t"
    gamehost_cli("tournament", "connect_four", "--agents", "random,random:seed=5", "--games", "2", "--seed", "11",
                 "--out", str(out))
    t = gamehost.read_tournament(out)
    results = json.load(open(out / "results.json"))
    assert t.table == results["table"] and len(t.games) == results["games_finished"] == 2
    assert [row["agent"] for row in t.table] == [r["agent"] for r in results["table"]]
    rows = t.to_records()
    assert rows[0]["players_0"] == results["games"][0]["players"][0]
    assert len(t.logs()) == 2 and all(log.finished() for log in t.logs())
    with pytest.raises(gamehost.Error, match="no results.json"):
        gamehost.read_tournament(tmp_path)
