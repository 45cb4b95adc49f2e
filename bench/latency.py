"""Latency from the end of speech: to the referee's decision, and to the first audio of
its announcement; and what listening costs at start and in memory. Utterances are
replayed in real time through the real loop: paced frames -> front end -> recognizer ->
dialogue -> speaker (espeak-ng, into a WAV).

    .venv/bin/python bench/latency.py [--rounds N] [--engines whisper pocketsphinx] [--no-hear-ahead]

The ear starts on each pause long enough to end an utterance (voicemaster/hear_ahead.py);
--no-hear-ahead waits for the endpointer to close the utterance first, as before.

Targets (issue 10): decision p95 <= 600 ms, first audio p95 <= 700 ms, start to
listening <= 3 s with the model cached, resident memory during play <= 600 MB.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from voicemaster.app import App
from voicemaster.game_stage import GameStage
from voicemaster.inbox import EndOfInput
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Clue
from voicemaster.game.cards import Identity
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.setup.dealing import new_deal
from voicemaster.setup.edges import told_live
from voicemaster.setup.sources import feed_audio
from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.recordings import front_end_for
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.tuning import EndpointerSettings
from voicemaster.speech.ears.engines import open_ear
from voicemaster.speech.voices.speakers import say
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker

LEAD_S = 0.6
TAIL_S = 1.6
VOICES = ("piper:joe", "flite:rms", "flite:slt", "flite:awb")
STARTS = 3
DECISION_WAIT_S = 10.0
"""After the audio, how long a decision is waited for (a loaded machine decides late, and a
late decision is a slow one, not a missing one)."""
RESULTS = Path(__file__).parent / "results" / "latency.md"

PACE = EndpointerSettings()
"""How long a silence ends an utterance, as the report states it."""


@dataclass
class Timings:
    decision_ms: list[float] = field(default_factory=list)
    audio_ms: list[float] = field(default_factory=list)
    missed: int = 0
    start_s: list[float] = field(default_factory=list)
    """A fresh process, from its start until the recognizer is ready (model cached)."""
    rss_mb: float = 0.0
    peak_rss_mb: float = 0.0
    ahead_used: int = 0
    ahead_discarded: int = 0


class FirstAudio(Console):
    """Notes when each announcement's first audio is out; shows nothing."""

    def __init__(self) -> None:
        self.started: list[float] = []
        self.event = threading.Event()

    def line(self, text: str) -> None:
        return None

    def audio_started(self, text: str, at: float) -> None:
        self.started.append(at)
        self.event.set()


class KeepOpen:
    """The app's inbox without the end-of-input mark: one source per utterance here."""

    def __init__(self, app: App) -> None:
        self.app = app

    def put(self, item: object) -> None:
        if not isinstance(item, EndOfInput):
            self.app.inbox.put(item)  # type: ignore[arg-type]


def script(game: Game) -> list[str]:
    own = [c for i, c in enumerate(game.deal.cards) if game.deal.key[i] is Identity.of_team(game.state.turn)]
    lines: list[str] = []
    for card in own[:6]:
        lines += [f"we guess {card}", "undo", "yes", "status"]
    return lines


def last_voiced_sample(speech: np.ndarray, frame: int = 160) -> int:
    """Where the talker stops (a voice may end its clip with some silence of its own)."""
    n = len(speech) // frame
    level = np.abs(speech[: n * frame].astype(np.int32)).reshape(n, frame).max(axis=1)
    voiced = np.flatnonzero(level > 300)
    return int((voiced[-1] + 1) * frame) if len(voiced) else len(speech)


def with_room(speech: np.ndarray) -> tuple[np.ndarray, int]:
    """Quiet room noise before and after the line, as a microphone hears it; where the line starts."""
    pad, tail = int(LEAD_S * SAMPLE_RATE), int(TAIL_S * SAMPLE_RATE)
    audio = np.concatenate([np.zeros(pad), speech, np.zeros(tail)])
    audio += np.random.default_rng(len(speech)).normal(0, 30, len(audio))
    return np.clip(audio, -32768, 32767).astype(np.int16), pad


def measure(
    line: str, voice: str, app: App, stage: GameStage, heard: list[float], console: FirstAudio, t: Timings, ahead: bool
) -> None:
    speech = say(line, voice)
    audio, pad = with_room(speech)
    heard.clear()
    console.event.clear()
    before = len(console.started)
    assert stage.ear is not None
    front_end = front_end_for(stage.ear)
    told_live(front_end, app, app.speaker)
    start = time.monotonic()
    source = ArraySource(audio, realtime=True)
    feeder = threading.Thread(target=feed_audio, args=(source, front_end, KeepOpen(app)), kwargs={"hear_ahead": ahead})
    feeder.start()
    speech_end = start + (pad + last_voiced_sample(speech)) / SAMPLE_RATE
    feeder.join()
    decided_by = time.monotonic() + DECISION_WAIT_S
    while not heard and time.monotonic() < decided_by:
        time.sleep(0.005)
    if not heard:
        t.missed += 1
        return
    t.decision_ms.append((heard[0] - speech_end) * 1000)
    if console.event.wait(5) and len(console.started) > before:
        t.audio_ms.append((console.started[before] - speech_end) * 1000)
    app.speaker.wait_idle(10)


def run(rounds: int, engine: str, ahead: bool) -> Timings:
    game = Game(new_deal(seed=11), judge=judge_clue_word)
    game.apply(Clue("ocean", "unlimited"))
    console = FirstAudio()
    with tempfile.TemporaryDirectory() as tmp:
        speaker = Speaker(VoiceSettings(output=str(Path(tmp) / "out.wav")), console=console).start()
        ear = open_ear(engine).ear
        app = App(speaker, [])
        stage = GameStage(Dialogue(game, lambda a: None, time.monotonic), ear)
        heard: list[float] = []
        stage.on_heard = lambda h: heard.append(time.monotonic())
        loop = threading.Thread(target=partial(app.run, stage), daemon=True)
        loop.start()
        speaker.wait_idle(10)
        timings = Timings()
        for r in range(rounds):
            for i, line in enumerate(script(game)):
                measure(line, VOICES[(i + r) % len(VOICES)], app, stage, heard, console, timings, ahead)
        speaker.close()
    assert stage.hear_ahead is not None
    timings.ahead_used, timings.ahead_discarded = stage.hear_ahead.used, stage.hear_ahead.discarded
    timings.rss_mb, timings.peak_rss_mb = memory_mb()
    ear.close()
    timings.start_s = [start_seconds(engine) for _ in range(STARTS)]
    return timings


def memory_mb() -> tuple[float, float]:
    """Resident memory of this process now and at its peak (Linux /proc)."""
    status = Path("/proc/self/status").read_text().splitlines()
    fields = dict(line.split(":", 1) for line in status if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def start_seconds(engine: str) -> float:
    """A fresh interpreter, from its start until the recognizer is loaded and ready to hear."""
    code = (
        "import time; t = time.monotonic();"
        "from voicemaster.speech.ears.engines import open_ear;"
        f"open_ear({engine!r});"
        "print(time.monotonic() - t)"
    )
    started = time.monotonic()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, timeout=300)
    return time.monotonic() - started


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(t: Timings, engine: str) -> str:
    n = len(t.decision_ms)
    return "\n".join([
        f"## {engine}",
        "",
        f"{n} utterances decided; utterances with no decision at all: {t.missed}. Decisions started"
        f" ahead, on the pause: {t.ahead_used} used, {t.ahead_discarded} thrown away.",
        "",
        "| | median | p95 | target |",
        "|---|---|---|---|",
        f"| end of speech → decision | {statistics.median(t.decision_ms):.0f} ms | {pct(t.decision_ms, 0.95):.0f} ms | p95 ≤ 600 ms |",
        f"| end of speech → first announcement audio | {statistics.median(t.audio_ms):.0f} ms | {pct(t.audio_ms, 0.95):.0f} ms | p95 ≤ 700 ms |",
        f"| start to listening, fresh process, model cached ({len(t.start_s)} starts) | {statistics.median(t.start_s):.2f} s | {max(t.start_s):.2f} s (slowest) | ≤ 3 s |",
        f"| resident memory after the run / peak | {t.rss_mb:.0f} MB | {t.peak_rss_mb:.0f} MB (peak) | ≤ 600 MB |",
    ])


def header(engines: list[str], load: float, ahead: bool) -> str:
    flag = "" if ahead else " --no-hear-ahead"
    return "\n".join([
        "# Latency from the end of speech",
        "",
        f"Guesses, undo, yes and status (voices {', '.join(VOICES)}) replayed in real time through",
        "front end → recognizer → dialogue → speaker (espeak-ng into a WAV file: this machine has no",
        f"sound card). While a team guesses the endpointer ends an utterance after {PACE.brisk_trailing_silence_ms} ms of silence",
        f"({PACE.trailing_silence_ms} ms while a clue is awaited). Each engine runs in a fresh process of its own, so memory",
        f"is that engine's alone. 2 cores, shared: load average {load:.1f} at the start.",
        "",
        "The ear starts on the audio so far once 200 ms of the silence is heard (the endpointer's cut"
        " is then known)." if ahead else "The ear starts only when the endpointer closes the utterance.",
        "",
        f"Reproduce: `.venv/bin/python bench/latency.py --engines {' '.join(engines)}{flag}`",
    ])


def section(rounds: int, engine: str, ahead: bool) -> str:
    """One engine measured in a fresh interpreter, so its memory is its own."""
    done = subprocess.run(
        [sys.executable, __file__, "--rounds", str(rounds), "--only", engine] + ([] if ahead else ["--no-hear-ahead"]),
        check=True, stdout=subprocess.PIPE, text=True,
    )
    return done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--engines", nargs="+", default=["whisper", "pocketsphinx"])
    parser.add_argument("--no-hear-ahead", dest="ahead", action="store_false",
                        help="start the ear only when the utterance is closed (the old way)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="where the table goes")
    parser.add_argument("--only", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.only:
        timings = run(args.rounds, args.only, args.ahead)
        print(report(timings, args.only))
        return 0 if timings.decision_ms else 1
    sections = [header(args.engines, os.getloadavg()[0], args.ahead)]
    for engine in args.engines:
        sections.append(section(args.rounds, engine, args.ahead))
        print(sections[-1], flush=True)
    args.results.write_text("\n\n".join(sections) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
