"""Latency from the end of speech: to the referee's decision, and to the first audio of
its announcement. Utterances are replayed in real time through the real loop: paced
frames -> endpointer -> recognizer -> dialogue -> speaker (espeak-ng, into a WAV).

    .venv/bin/python bench/latency.py [--rounds N] [--engine pocketsphinx]

Targets (issue 5): decision p95 <= 400 ms, first audio p95 <= 700 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from voicemaster.app import App, EndOfInput
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Clue
from voicemaster.game.cards import Identity
from voicemaster.game.core import Game
from voicemaster.setup.dealing import new_deal
from voicemaster.setup.runtime import hearing
from voicemaster.setup.sources import feed_audio
from voicemaster.speech.audio_sources import ArraySource
from voicemaster.speech.front_end import open_front_end
from voicemaster.speech.recognizer import SAMPLE_RATE
from voicemaster.speech.synthetic import speak
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker

LEAD_S = 0.6
TAIL_S = 1.6
VOICES = ("en-us", "en-gb", "en-us+f2", "en-gb-x-rp+m3")
RESULTS = Path(__file__).parent / "results" / "latency.md"


@dataclass
class Timings:
    decision_ms: list[float] = field(default_factory=list)
    audio_ms: list[float] = field(default_factory=list)
    missed: int = 0


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
    """Where the talker stops: espeak-ng ends its clips with some silence of its own."""
    n = len(speech) // frame
    level = np.abs(speech[: n * frame].astype(np.int32)).reshape(n, frame).max(axis=1)
    voiced = np.flatnonzero(level > 300)
    return int((voiced[-1] + 1) * frame) if len(voiced) else len(speech)


def measure(line: str, voice: str, app: App, heard: list[float], console: FirstAudio, t: Timings) -> None:
    speech = speak(line, voice=voice)
    pad = np.zeros(int(LEAD_S * SAMPLE_RATE), dtype=np.int16)
    tail = np.zeros(int(TAIL_S * SAMPLE_RATE), dtype=np.int16)
    audio = np.concatenate([pad, speech, tail])
    heard.clear()
    console.event.clear()
    before = len(console.started)
    front_end = open_front_end(app_speaking=app.speaker.speaking, brisk=app.dialogue.brisk)
    start = time.monotonic()
    feeder = threading.Thread(target=feed_audio, args=(ArraySource(audio, realtime=True), front_end, KeepOpen(app)))
    feeder.start()
    speech_end = start + (len(pad) + last_voiced_sample(speech)) / SAMPLE_RATE
    feeder.join()
    if not heard:
        t.missed += 1
        return
    t.decision_ms.append((heard[0] - speech_end) * 1000)
    if console.event.wait(5) and len(console.started) > before:
        t.audio_ms.append((console.started[before] - speech_end) * 1000)
    app.speaker.wait_idle(10)


def run(rounds: int, engine: str) -> Timings:
    game = Game(new_deal(seed=11))
    game.apply(Clue("ocean", "unlimited"))
    console = FirstAudio()
    with tempfile.TemporaryDirectory() as tmp:
        speaker = Speaker(VoiceSettings(output=str(Path(tmp) / "out.wav")), console=console).start()
        args = argparse.Namespace(engine=engine, model=None)
        app = App(game, Dialogue(game, lambda a: None, time.monotonic), speaker, [], hearing(args, {}).hear)
        heard: list[float] = []
        app.on_heard = lambda h: heard.append(time.monotonic())
        loop = threading.Thread(target=partial(app.run, idle_timeout=None), daemon=True)
        loop.start()
        speaker.wait_idle(10)
        timings = Timings()
        for r in range(rounds):
            for i, line in enumerate(script(game)):
                measure(line, VOICES[(i + r) % len(VOICES)], app, heard, console, timings)
        speaker.close()
    return timings


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def report(t: Timings, engine: str) -> str:
    n = len(t.decision_ms)
    rows = [
        "| | median | p95 | target p95 |",
        "|---|---|---|---|",
        f"| end of speech → decision | {statistics.median(t.decision_ms):.0f} ms | {pct(t.decision_ms, 0.95):.0f} ms | ≤ 400 ms |",
        f"| end of speech → first announcement audio | {statistics.median(t.audio_ms):.0f} ms | {pct(t.audio_ms, 0.95):.0f} ms | ≤ 700 ms |",
    ]
    return "\n".join(
        [
            "# Latency from the end of speech",
            "",
            f"Engine: {engine}. {n} utterances (guesses, undo, yes, status; 4 espeak-ng voices) replayed in real",
            "time through endpointer → recognizer → dialogue → speaker (espeak-ng into a WAV file: this machine",
            f"has no sound card). Utterances with no decision: {t.missed}.",
            "",
            *rows,
            "",
            "Reproduce: `.venv/bin/python bench/latency.py`",
        ]
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--engine", default="pocketsphinx")
    args = parser.parse_args()
    timings = run(args.rounds, args.engine)
    text = report(timings, args.engine)
    print(text)
    RESULTS.write_text(text + "\n")
    return 0 if timings.decision_ms else 1


if __name__ == "__main__":
    sys.exit(main())
