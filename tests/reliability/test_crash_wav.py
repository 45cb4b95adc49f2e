"""SIGKILL games replayed from WAV recordings, resume each from a WAV of the rest.

The recordings are espeak-ng speech of a seeded script, one utterance per line with
quiet room noise between; each resumed game must end exactly as the same script
typed in uninterrupted (which also shows that every line was heard right).
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from tests.reliability.bad_files import wav_bytes
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
from voicemaster.speech.synthetic import pink_noise, speak

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("voicemaster.speech.listen") is None,
    reason="the speech path (voicemaster.speech.listen) is not built yet",
)
GAMES = 5
LINES = 20
GAP_SAMPLES = 16000


def write_recording(lines: list[str], path: Path) -> Path:
    room = (pink_noise(GAP_SAMPLES, seed=5) // 60).astype(np.int16)
    parts = [room]
    for line in lines:
        parts += [speak(line, "en-us", speed=150), room]
    path.write_bytes(wav_bytes(np.concatenate(parts)))
    return path


def crash_and_finish(script: Script, workdir: Path, log: CrashLog) -> dict[str, object]:
    board, key = script.write_deal(workdir)
    journal = workdir / "game.jsonl"
    rng = random.Random(script.seed)
    _, wait_records = pick_kill_point(rng, script.records_after, 0)
    wait_records = max(1, wait_records)
    recording = write_recording(script.lines, workdir / "all.wav")
    proc = subprocess.Popen(play_command(board, key, journal, str(recording), False),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_records(journal, wait_records, proc)
    assert proc.poll() is None, "play ended on its own before the kill"
    kill(proc)
    log.kills += 1
    log.killed_while_busy += count_records(journal).records < script.records_after[-1]
    start, resume = after_kill(journal, log, script.resume_from)
    rest = write_recording(script.lines[start:], workdir / "rest.wav")
    done = run_to_end(play_command(board, key, journal, str(rest), resume))
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr.decode()
    return state_of(journal)


def test_killed_spoken_games_resume_from_a_recording_of_the_rest(tmp_path: Path) -> None:
    scripts = [scripted_game(seed, tmp_path, max_lines=LINES, chatter=False) for seed in range(201, 201 + GAMES)]
    log = CrashLog()

    def one(script: Script) -> tuple[Script, dict[str, object]]:
        workdir = tmp_path / f"game-{script.seed}"
        workdir.mkdir()
        return script, crash_and_finish(script, workdir, log)

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(one, scripts))
    for script, final in results:
        assert final == normalised(script.final_state), f"seed {script.seed}: {script.lines}"
    assert log.kills == GAMES
    print(f"\ncrash-wav: {GAMES} games, {log.kills} kills ({log.killed_while_busy} mid-recording), {log.resumes} resumes")
