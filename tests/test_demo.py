"""`voicemaster demo`: a whole game through the real speech pipeline, announcements in a WAV."""

from __future__ import annotations

import re
import subprocess
import sys
import wave
from pathlib import Path


def test_demo_plays_a_whole_game_and_writes_the_announcements(tmp_path: Path) -> None:
    out = tmp_path / "announcements.wav"
    result = subprocess.run(
        [sys.executable, "-m", "voicemaster", "demo", "--seed", "5", "--audio-out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    summary = re.search(r"(Red|Blue) wins\. Understood (\d+) of (\d+) utterances correctly\.", result.stdout)
    assert summary is not None, result.stdout[-2000:]
    understood, said = int(summary.group(2)), int(summary.group(3))
    assert said >= 8 and understood >= said // 2
    with wave.open(str(out)) as w:
        seconds = w.getnframes() / w.getframerate()
    assert seconds > 10
