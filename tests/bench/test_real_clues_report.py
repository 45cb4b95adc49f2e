"""The real-clue benchmark reports by clue word, and again from its log without hearing anything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _row(split: str, condition: str, word: str, number: int, outcome: str, heard: str) -> dict[str, object]:
    right = outcome == "right"
    return {"split": split, "condition": condition, "source": "real", "key": f"{word}{number}", "word": word,
            "number": number, "heard": heard, "intent": None, "outcome": outcome, "ms": 400.0,
            "heard_word": word if right else None, "heard_number": number if right else None, "evidence": None}


def test_a_logged_run_is_reported_by_word_with_its_misses(tmp_path: Path) -> None:
    rows = [_row("test", "clean", "forward", 6, "wrong", "four six"),
            _row("test", "clean", "forward", 2, "right", "forward two"),
            _row("test", "clean", "house", 9, "right", "house nine"),
            _row("test", "talk 10", "house", 9, "nothing", "")]
    log = tmp_path / "clues.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = subprocess.run([sys.executable, "bench/real_clues.py", "--from-log", str(log)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "| real clues right, by word | test, clean | test, talk 10 |" in out
    assert "| forward | 1/2 (1 wrong) | – |" in out
    assert "| house | 1/1 | 0/1 |" in out
    assert "forward 6 → 'four six'" in out
