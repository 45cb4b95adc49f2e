"""Crash and resume, at length: fifty typed games and five spoken ones SIGKILLed and resumed.

`make test` plays sixteen typed and two spoken games (tests/reliability/test_crash_*.py);
this plays the same games with more seeds, every one asserted the same way, and prints
what happened (kills, kills while lines were pending, resumes, torn tails).

    .venv/bin/python bench/crash_resume.py [--typed 50] [--spoken 5]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VOICEMASTER_TTS_CACHE", str(ROOT / ".cache" / "tts"))

from tests.reliability.test_crash_typed import crash_typed_games  # noqa: E402
from tests.reliability.test_crash_wav import crash_spoken_games  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--typed", type=int, default=50, help="typed games (seeds 1..N)")
    parser.add_argument("--spoken", type=int, default=5, help="spoken games (seeds 201..200+N)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, run, seeds in (("typed", crash_typed_games, range(1, 1 + args.typed)),
                                 ("spoken", crash_spoken_games, range(201, 201 + args.spoken))):
            if not seeds:
                continue
            folder = Path(tmp) / name
            folder.mkdir()
            started = time.monotonic()
            summary = run(seeds, folder)
            print(f"{summary} ({time.monotonic() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
