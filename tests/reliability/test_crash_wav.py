"""SIGKILL games replayed from WAV recordings; resume each from a WAV of the rest.

Each script line is one segment of audio (a second of quiet room noise, then the line
spoken by espeak-ng), identical wherever it is played, so a recording of the rest of
the game sounds exactly like the end of the whole one. The twin is the whole
recording heard without interruption, in-process through the same front end and
`runtime.hearing` that `play` uses; it also says which journal records each line
made, as heard (a misheard line may make none), which is how a kill's journal tells
where to resume.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

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
from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.ears.engines import open_ear
from voicemaster.understand.listening import Listening
from voicemaster.commands.state import state_json
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Action
from voicemaster.game.core import Game
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, load_game
from voicemaster.referee import judge_clue_word
from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.audio.front_end import open_front_end
from voicemaster.speech.voices.synthetic import pink_noise
from voicemaster.speech.voices.speakers import say

SEEDS = range(201, 203)
SPOKEN_VOICE = "flite:rms"
"""The voice of the recordings: of the default install's voices, the one the default
recognizer follows best on these scripts (measured: 4-9 records of the typed twin's 9-10)."""
LINES = 14
GAP = 16000
TAIL = np.zeros(GAP, dtype=np.int16)


def segment(line: str) -> np.ndarray:
    """A second of room noise, then the line, with the same noise under the speech."""
    speech = np.concatenate([np.zeros(GAP, dtype=np.int16), say(line, SPOKEN_VOICE)]).astype(np.int32)
    room = np.resize(pink_noise(4 * GAP, seed=5) // 60, len(speech))
    return np.clip(speech + room, -32768, 32767).astype(np.int16)


def write_recording(lines: list[str], path: Path) -> Path:
    path.write_bytes(wav_bytes(np.concatenate([*map(segment, lines), TAIL])))
    return path


def fresh_ear() -> GameEar:
    """The speech path `play` builds at start-up: a new recognizer, as after a restart."""
    return open_ear("auto").ear


def hear_lines(lines: list[str], game: Game, journal: Journal, seed: int) -> list[int]:
    """Play `lines` as one recording into `game` through a fresh ear; records made after each line."""
    ears = fresh_ear()
    made = [0]

    def record(action: Action) -> None:
        journal.append(action)
        made[0] += 1

    dialogue = Dialogue(game, record, clock=lambda: 0.0, rng=random.Random(seed))
    segments = [segment(line) for line in lines]
    starts = np.cumsum([0] + [len(s) for s in segments]) / 16000
    records = [0] * len(lines)
    try:
        for utterance in open_front_end(ears.denoise).utterances(ArraySource(np.concatenate([*segments, TAIL]))):
            understood = ears.hear(utterance.audio, dialogue.listening())
            dialogue.hear(understood.intent, read_back=understood.read_back)
            line = int(np.searchsorted(starts, utterance.start_s + 0.5, side="right")) - 1
            records[min(line, len(records) - 1)] = made[0]
    finally:
        ears.close()
    journal.close()
    for i in range(1, len(records)):
        records[i] = max(records[i], records[i - 1])
    return records


def heard_twin(script: Script, workdir: Path) -> Script:
    """The script as the speech path hears it, uninterrupted: records per line and final state."""
    path = workdir / "heard-twin.jsonl"
    game = Game(script.deal, HouseRules(), clock=lambda: 0.0, judge=judge_clue_word)
    records = hear_lines(script.lines, game, Journal.create(path, script.deal, HouseRules()), script.seed)
    return Script(script.seed, script.deal, script.lines, records, state_json(load_game(path, judge=judge_clue_word)))


def heard_after_restart(script: Script, kept: Path, start: int, workdir: Path) -> dict[str, object]:
    """What a restarted referee must end with: the kept journal, then the rest heard by a fresh ear.

    Recognition depends a little on what the recognizer heard before (its running
    normalisation), so a borderline line may be heard differently after a restart;
    this is the exact expectation for the resumed process, whatever the ear did.
    """
    path = workdir / "expected.jsonl"
    shutil.copyfile(kept, path)
    loaded = load_game(path, judge=judge_clue_word)
    hear_lines(script.lines[start:], loaded.game, Journal.resume(path, loaded), script.seed)
    return normalised(state_json(load_game(path, judge=judge_clue_word)))


def actions(journal: Path) -> list[dict[str, object]]:
    records = [json.loads(line) for line in journal.read_bytes().split(b"\n")[1:] if line.endswith(b"}")]
    return [{k: v for k, v in r.items() if k != "t"} for r in records]


@dataclass
class Outcome:
    twin: Script
    final: dict[str, object]
    expected: dict[str, object]
    kept: list[dict[str, object]]
    twin_actions: list[dict[str, object]]


def crash_and_finish(script: Script, workdir: Path, log: CrashLog) -> Outcome:
    board, key = script.write_deal(workdir)
    journal = workdir / "game.jsonl"
    rng = random.Random(script.seed)
    _, wait_records = pick_kill_point(rng, script.records_after, 0)
    recording = write_recording(script.lines, workdir / "all.wav")
    proc = subprocess.Popen(play_command(board, key, journal, str(recording), False),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_records(journal, max(1, min(wait_records, script.records_after[-1] - 1)), proc)
    assert proc.poll() is None, "play ended on its own before the kill"
    kill(proc)
    log.kills += 1
    log.killed_while_busy += count_records(journal).records < script.records_after[-1]
    kept = actions(journal)
    start, resume = after_kill(journal, log, script.resume_from)
    expected = heard_after_restart(script, journal, start, workdir)
    rest = write_recording(script.lines[start:], workdir / "rest.wav")
    done = run_to_end(play_command(board, key, journal, str(rest), resume))
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr.decode()
    return Outcome(script, state_of(journal), expected, kept, actions(workdir / "heard-twin.jsonl"))


def crash_spoken_games(seeds: range, tmp_path: Path) -> str:
    """Each seed's recording killed mid-way and resumed from a recording of the rest; asserts
    nothing kept is lost and each resumed game goes on from its journal; what happened, in one line."""
    log = CrashLog()

    def one(seed: int) -> Outcome:
        workdir = tmp_path / f"game-{seed}"
        workdir.mkdir()
        twin = heard_twin(scripted_game(seed, workdir, max_lines=LINES, chatter=False), workdir)
        assert twin.records_after[-1] >= LINES // 4, f"seed {seed}: the recording must make a game worth interrupting"
        return crash_and_finish(twin, workdir, log)

    with ThreadPoolExecutor(2) as pool:
        outcomes = list(pool.map(one, seeds))
    for o in outcomes:
        assert o.kept == o.twin_actions[: len(o.kept)], f"seed {o.twin.seed}: the journal lost or changed a record"
        assert o.final == o.expected, f"seed {o.twin.seed}: the resumed game did not continue from its journal"
    assert log.kills == len(seeds) and log.resumes == len(seeds)
    same = sum(o.final == normalised(o.twin.final_state) for o in outcomes)
    return (f"crash-wav: {len(seeds)} games, {log.kills} kills ({log.killed_while_busy} mid-recording), "
            f"{log.resumes} resumes, {same} ended exactly as the uninterrupted twin")


def test_killed_spoken_games_resume_from_a_recording_of_the_rest(tmp_path: Path) -> None:
    """Two games here, one per core; `bench/crash_resume.py` plays five."""
    print("\n" + crash_spoken_games(SEEDS, tmp_path))
