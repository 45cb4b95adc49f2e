"""An ear left open never aborts the interpreter at its exit.

Each run is a fresh interpreter that opens the Whisper ear, hears a real "stop", starts hearing
it again on a daemon thread and exits 0.3 s later, inside that hearing, the ear never closed.
Before the ear was closed at exit (engine.py says why it must be), 19 of 20 such interpreters
died with SIGABRT ("terminate called without an active exception"); after, 0 of 20. The start
probe of bench/latency.py (open the ear, drop it, exit) died the same way but rarely: 4 of 30
runs here with a finalizer on the engine, 0 of 30 without; 0 of 30 of each after.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from voicemaster.game.phase import Phase
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.engines import open_ear
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Listening

pytestmark = pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed")

ROOT = Path(__file__).resolve().parents[3]
STOP = ROOT / "tests" / "speech" / "realspeech" / "stop-0c40e715_1.wav"
RUNS = 3
"""At 19 aborts in 20 before the fix, three runs all pass by chance once in 8,000."""
LEFT_OPEN = """
import sys
import threading
import time

from voicemaster.game.phase import Phase
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.engines import open_ear
from voicemaster.understand.listening import Listening

ear = open_ear("whisper").ear
audio = read_wav(sys.argv[1])
now = Listening(("apple", "bank"), Phase.GUESS)
print(getattr(ear.hear(audio, now).intent, "kind", None), flush=True)
hearing = threading.Event()


def hear_again() -> None:
    while True:
        hearing.set()
        ear.hear(audio, now)


threading.Thread(target=hear_again, daemon=True).start()
hearing.wait()
time.sleep(0.3)
"""


def test_interpreters_that_leave_the_whisper_ear_open_exit_cleanly() -> None:
    for _ in range(RUNS):
        done = subprocess.run([sys.executable, "-c", LEFT_OPEN, str(STOP)], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip() == "stop", done.stdout


def test_a_closed_ear_hears_no_more_and_closing_it_again_is_harmless() -> None:
    ear = open_ear("whisper").ear
    audio = read_wav(STOP)
    now = Listening(("apple", "bank"), Phase.GUESS)
    assert ear.hear(audio, now).intent == Command("stop")
    ear.close()
    ear.close()
    with pytest.raises(RuntimeError, match="closed"):
        ear.hear(audio, now)
