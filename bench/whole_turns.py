"""Whole turns at a noisy table, played through the real CLI and scored from the journal.

Each turn (bench/speech/turns.py: clue, "yes" for the read-back, talk naming cards
between the guesses, "stop", over continuous background talk) is rendered to a WAV and
replayed by `voicemaster play --input FILE.wav --audio-out none` on a fresh board with
its own journal; `voicemaster state --journal J --json` then says what was acted on.
Turns are spoken by the `test` voices (report only); `calib` voices are there for others'
calibration (`--split calib`).

    .venv/bin/python bench/whole_turns.py [--turns 12] [--engines whisper pocketsphinx]
        [--conditions quiet "talk 15"] [--split test]

Writes bench/results/whole_turns.md (with the exact command at its top) after every
condition; every turn's outcome and the referee's words go to bench/.cache/whole_turns.jsonl.
The reverberant room needs pyroomacoustics (the `bench` extra, `make bench`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path
from typing import Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.speech.turn_score import TurnScore, referee_said, score_turn  # noqa: E402
from bench.speech.turns import CONDITIONS, Turn, build_turns, render_turn  # noqa: E402
from voicemaster.speech.audio.format import SAMPLE_RATE  # noqa: E402
from voicemaster.speech.ears.engines import ENGINES  # noqa: E402
from voicemaster.speech.voices.synthetic import CACHE_ENV  # noqa: E402

RESULTS = ROOT / "bench" / "results"
CACHE = ROOT / "bench" / ".cache" / "whole_turns"
LOG = ROOT / "bench" / ".cache" / "whole_turns.jsonl"
DEFAULT_ENGINES = ["whisper", "pocketsphinx"]
TARGETS = {
    ("clue", "quiet"): 90, ("clue", "talk 15"): 75,
    ("guess", "quiet"): 95, ("guess", "talk 15"): 85,
}
"""Issue 15's targets: clue heard at its first saying; guesses acted on after a heard clue."""
Scores = dict[tuple[str, str], TurnScore]


def write_wav(path: Path, audio: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    with wave.open(str(tmp), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(audio.astype("<i2").tobytes())
    os.replace(tmp, path)


def table_files(turn: Turn) -> tuple[Path, Path]:
    """The turn's board and key files, as the spymasters would have them."""
    folder = CACHE / turn.id
    folder.mkdir(parents=True, exist_ok=True)
    board, key = folder / "board.txt", folder / "key.txt"
    board.write_text("\n".join(turn.cards) + "\n", encoding="utf-8")
    key.write_text("\n".join(turn.key[i : i + 5] for i in range(0, 25, 5)) + "\n", encoding="utf-8")
    return board, key


def recording(turn: Turn, condition: str, index: int) -> Path:
    """The turn's WAV in one condition, rendered once (named by what is said, so a changed turn is new)."""
    digest = hashlib.sha256(repr(turn).encode()).hexdigest()[:10]
    path = CACHE / turn.id / f"{condition.replace(' + ', '_and_').replace(' ', '_')}-{digest}.wav"
    if not path.exists():
        write_wav(path, render_turn(turn, condition, index))
    return path


def play(turn: Turn, wav: Path, engine: str, workdir: Path) -> tuple[dict[str, object], list[str], str, float]:
    """One replay through the CLI: the journal's state, the referee's words, stderr, seconds."""
    board, key = table_files(turn)
    journal = workdir / f"{turn.id}-{engine}-{wav.stem}.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "voicemaster", "play", "--board", str(board), "--key", str(key),
               "--journal", str(journal), "--input", str(wav), "--audio-out", "none", "--engine", engine]
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)
    seconds = time.perf_counter() - started
    if run.returncode != 0:
        raise SystemExit(f"whole_turns: play failed on {wav} ({engine}): {run.stderr.strip()[-500:]}")
    state = subprocess.run([sys.executable, "-m", "voicemaster", "state", "--journal", str(journal), "--json"],
                           capture_output=True, text=True, env=env, check=True)
    return json.loads(state.stdout), referee_said(run.stdout), run.stderr, seconds


def run_all(args: argparse.Namespace, log: object, done: Callable[[list[str], Scores, dict[str, list[float]]], None]) -> None:
    """Every condition and engine; `done` hears after each condition, so a long run leaves its figures behind."""
    turns = build_turns(args.split, args.turns)
    scores: Scores = {}
    seconds: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="whole-turns-") as tmp:
        for n, condition in enumerate(args.conditions):
            wavs = [recording(turn, condition, i) for i, turn in enumerate(turns)]
            for engine in args.engines:
                total = scores.setdefault((engine, condition), TurnScore())
                for turn, wav in zip(turns, wavs):
                    state, said, stderr, took = play(turn, wav, engine, Path(tmp))
                    score = score_turn(turn, state, said)
                    total.add(score)
                    seconds.setdefault(engine, []).append(took)
                    print(json.dumps({"engine": engine, "condition": condition, "turn": turn.id, "wav": str(wav),
                                      "said_lines": [f"{line.kind}: {line.text}" for line in turn.lines],
                                      "referee": said, "events": state["events"], "score": vars(score),
                                      "stderr": stderr.strip()[-300:], "seconds": round(took, 1)}), file=log, flush=True)
                print(f"{engine:12} {condition:15} clue {total.clue_heard}/{total.turns} "
                      f"guesses {total.acted_after_clue}/{total.guesses_after_clue} wrong {total.wrong_cards}", flush=True)
            done(args.conditions[: n + 1], scores, seconds)


def _count(k: int, n: int, target: int | None = None) -> str:
    cell = f"{k} of {n}" + (f" ({100 * k / n:.0f}%)" if n else "")
    return cell + (f" · target ≥ {target}%" if target is not None else "")


def report(conditions: list[str], scores: Scores, seconds: dict[str, list[float]], args: argparse.Namespace,
           minutes: float) -> str:
    command = "python bench/whole_turns.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    lines = [
        "# Whole turns through `voicemaster play --input FILE.wav`", "",
        f"    {command.strip()}", "",
        f"Split `{args.split}` ({args.turns} turns per condition, the same turns in every condition), "
        f"{minutes:.1f} min on this machine (2 cores, shared with other jobs). Each turn: a fresh board; maybe talk while the spymaster thinks; "
        "the clue (\"clue W N\", \"my clue is W N\", \"W N\"), \"yes\" for the read-back, teammates' talk "
        "naming cards (never the ones guessed) before each guess, the guesses, \"stop\"; the \"yes\", the "
        "\"stop\" and half the talk (single words, numbers, wake words, telephone sentences; in a third of the "
        "turns one said while the read-back waits) are recordings of real people of the split's half of "
        "../shared/realspeech; all over continuous "
        "background talk of five natural talkers from outside the split. Replayed faster than real time, "
        "scored from the journal (`voicemaster state --json`) and the referee's printed words.", "",
        "- clue heard: the spoken word and number given at its one saying (read back and confirmed by the "
        "recorded \"yes\", or taken at once); the word as said (\"praise\" for \"praised\" is another clue, "
        "as bench/speech_accuracy.py scores it)",
        "- guesses acted on: the guessed card revealed, in turns whose clue was heard (a question is not acted on)",
        "- wrong cards: revealed cards no one guessed; talk acted on: talk lines one of whose cards was "
        "revealed or asked about; questions: card questions asked (with a guessed card in them)", "",
    ]
    if len(conditions) < len(args.conditions):
        lines += [f"**Partial: {len(conditions)} of {len(args.conditions)} conditions so far.**", ""]
    for engine in args.engines:
        lines += [f"## {engine}", "",
                  "| condition | clue heard first time | guesses acted on after a clue | wrong cards revealed "
                  "| talk acted on | card questions (right card in) | clue read back | other clue given "
                  "| guesses acted on, any clue | real \"stop\" ended the turn | real talk lines "
                  "| read-back answered \"no\" by real talk |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for condition in conditions:
            s = scores[(engine, condition)]
            lines.append(
                f"| {condition} | {_count(s.clue_heard, s.turns, TARGETS.get(('clue', condition)))} "
                f"| {_count(s.acted_after_clue, s.guesses_after_clue, TARGETS.get(('guess', condition)))} "
                f"| {s.wrong_cards} of {s.guesses_all} guesses | {s.talk_acted} of {s.talk_lines} "
                f"| {s.questions} ({s.questions_right}) | {s.clue_read_back} of {s.turns} | {s.false_clue} of {s.turns} "
                f"| {_count(s.acted_all, s.guesses_all)} | {_count(s.stops_acted, s.stops)} | {s.real_talk} "
                f"| {s.answered_by_talk} |")
        times = seconds.get(engine, [])
        if times:
            lines += ["", f"Median replay of one turn: {statistics.median(times):.1f} s (model loading included)."]
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12, help="turns per condition (the same turns in each)")
    parser.add_argument("--engines", nargs="+", default=DEFAULT_ENGINES, choices=[e for e in ENGINES if e != "auto"])
    parser.add_argument("--conditions", nargs="+", default=list(CONDITIONS), choices=list(CONDITIONS))
    parser.add_argument("--split", default="test", choices=["test", "calib"],
                        help="whose voices speak the turns: report on test; calib is for calibrating")
    parser.add_argument("--log", type=Path, default=LOG, help="every turn's outcome (JSON lines)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave bench/results alone")
    args = parser.parse_args()
    os.environ.setdefault(CACHE_ENV, str(ROOT / "bench" / ".cache" / "tts"))
    started = time.perf_counter()
    args.log.parent.mkdir(parents=True, exist_ok=True)

    def done(conditions: list[str], scores: Scores, seconds: dict[str, list[float]]) -> None:
        text = report(conditions, scores, seconds, args, (time.perf_counter() - started) / 60)
        if conditions == args.conditions:
            print(text)
        if not args.no_write:
            RESULTS.mkdir(parents=True, exist_ok=True)
            (RESULTS / "whole_turns.md").write_text(text, encoding="utf-8")

    with args.log.open("w", encoding="utf-8") as log:
        run_all(args, log, done)


if __name__ == "__main__":
    main()
