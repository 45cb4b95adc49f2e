"""SIGKILL typed games at random moments, resume them, and end exactly like their twins.

Seeded games (chatter, misses, stops, illegal clues, rulings, penalty covers,
undo with yes and no) are each killed once or twice while lines are still being
handled; every resume continues from what the journal kept.
"""

from __future__ import annotations

import random
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.reliability.crash import (
    CrashLog,
    after_kill,
    count_records,
    kill,
    normalised,
    pick_kill_point,
    play_command,
    run_to_end,
    state_of,
    wait_for_records,
)
from tests.reliability.scripted import Script, scripted_game

SEEDS = range(1, 17)
"""Enough for kills at every stage of a game and second kills (30% of games); `bench/crash_resume.py` plays more."""
WORKERS = 4


def text(lines: list[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode()


def crash_and_finish(script: Script, workdir: Path, log: CrashLog) -> dict[str, object]:
    """Play the script with one or two kills on the way; the final state of the journal."""
    board, key = script.write_deal(workdir)
    journal = workdir / "game.jsonl"
    rng = random.Random(script.seed * 7919)
    start, resume = 0, False
    for _ in range(1 + (rng.random() < 0.3)):
        if len(script.lines) - start < 2:
            break
        sent, wait_records = pick_kill_point(rng, script.records_after, start)
        proc = subprocess.Popen(play_command(board, key, journal, "text", resume), stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert proc.stdin is not None
        proc.stdin.write(text(script.lines[start : start + sent]))
        proc.stdin.flush()
        wait_for_records(journal, wait_records, proc)
        time.sleep(rng.uniform(0.0, 0.05))
        assert proc.poll() is None, "play ended on its own before the kill"
        kill(proc)
        log.kills += 1
        log.killed_while_busy += count_records(journal).records < script.records_after[start + sent - 1]
        start, resume = after_kill(journal, log, script.resume_from)
    done = run_to_end(play_command(board, key, journal, "text", resume), text(script.lines[start:]))
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr
    return state_of(journal)


def crash_typed_games(seeds: range, tmp_path: Path, workers: int = WORKERS) -> str:
    """Each seed's game killed and resumed; asserts each ends like its twin; what happened, in one line."""
    scripts = [scripted_game(seed, tmp_path) for seed in seeds]
    assert sum(len(s.lines) for s in scripts) > 20 * len(scripts)
    assert sum(s.final_state["phase"] == "over" for s in scripts) > len(scripts) // 2
    log = CrashLog()

    def one(script: Script) -> tuple[Script, dict[str, object]]:
        workdir = tmp_path / f"game-{script.seed}"
        workdir.mkdir()
        return script, crash_and_finish(script, workdir, log)

    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(one, scripts))
    for script, final in results:
        assert final == normalised(script.final_state), f"seed {script.seed} ended differently"
    assert log.kills >= len(scripts) and log.resumes >= len(scripts) // 2
    return (f"crash-typed: {len(scripts)} games, {log.kills} kills ({log.killed_while_busy} while lines were pending), "
            f"{log.resumes} resumes, {log.torn_tails} torn tails, {log.restarts_without_header} restarts before the header")


def test_killed_typed_games_end_like_their_uninterrupted_twins(tmp_path: Path) -> None:
    """Sixteen games here; `bench/crash_resume.py` plays fifty."""
    print("\n" + crash_typed_games(SEEDS, tmp_path))


@pytest.mark.parametrize("seed", [101, 102])
def test_the_in_process_twin_equals_an_uninterrupted_cli_game(tmp_path: Path, seed: int) -> None:
    script = scripted_game(seed, tmp_path)
    board, key = script.write_deal(tmp_path)
    journal = tmp_path / "cli-twin.jsonl"
    done = run_to_end(play_command(board, key, journal, "text", False), text(script.lines))
    assert done.returncode == 0, done.stderr.decode()
    assert state_of(journal) == normalised(script.final_state)
