"""`voicemaster demo`: a whole game through the real speech pipeline, announcements in a WAV."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import wave
from pathlib import Path

from voicemaster.commands.demo_table import ScriptedTable, same_meaning
from voicemaster.game.actions import Clue
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.game.house_rules import HouseRules
from voicemaster.setup.dealing import new_deal
from voicemaster.understand.intents import Command
from voicemaster.understand.requests import sayings


def test_demo_plays_a_whole_game_and_writes_the_announcements(tmp_path: Path) -> None:
    out = tmp_path / "announcements.wav"
    result = subprocess.run(
        [sys.executable, "-m", "voicemaster", "demo", "--seed", "5", "--audio-out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    summary = re.search(r"(Red|Blue) wins\. Understood (\d+) of (\d+) utterances correctly\.", result.stdout)
    assert summary is not None, result.stdout[-2000:]
    understood, said = int(summary.group(2)), int(summary.group(3))
    assert said >= 8 and understood >= said // 2
    with wave.open(str(out)) as w:
        seconds = w.getnframes() / w.getframerate()
    assert seconds > 10


def test_the_scripted_table_takes_a_clue_heard_in_another_spelling_as_understood() -> None:
    table = ScriptedTable(random.Random(3))
    snap = Game(new_deal(seed=3), HouseRules(), judge=judge_clue_word).snapshot()
    said = table.next_line(snap, awaiting_clue=True)
    assert isinstance(said.expected, Clue)
    spoken_alike = Clue(said.expected.word, said.expected.number)
    answer = table.next_line(snap, awaiting_clue=False, read_back=spoken_alike)
    assert answer.expected == Command("yes") and (answer.text,) in sayings("yes")
    assert same_meaning(Clue("colour", 2), Clue("color", 2))
    assert not same_meaning(Clue("colour", 2), Clue("color", 3))
    wrong = table.next_line(snap, False, Clue("colour", said.expected.number + 1))
    assert wrong.expected == Command("no") and (wrong.text,) in sayings("no")


PLAYERS_FAIL = """
import sys
from voicemaster.cli import main
from voicemaster.commands.demo_table import ScriptedTable

def next_line(*_args, **_kwargs):
    raise RuntimeError("dictionary changed size during iteration")

ScriptedTable.next_line = next_line
sys.exit(main(["demo", "--seed", "5", "--audio-out", "none", "--engine", "pocketsphinx"]))
"""


def test_a_players_thread_that_dies_ends_the_demo_with_one_line() -> None:
    """As on a fresh machine, where the players' first clue raised: the demo stops, it does not wait for ever."""
    result = subprocess.run([sys.executable, "-c", PLAYERS_FAIL], capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr[-2000:]
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("voicemaster: the demo-players thread failed") and "dictionary changed size" in last
