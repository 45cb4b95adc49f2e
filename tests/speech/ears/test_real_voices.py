"""Real people, heard by the default ear: a request said alone is acted on, a teammate's
word is not an answer, a sentence naming a card reveals nothing (recordings in
tests/speech/realspeech, with their sources and licences)."""

from __future__ import annotations

import json
import random
import wave
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import RED, fixed_deal
from voicemaster.cli import main
from voicemaster.dialogue import Dialogue
from voicemaster.game.cards import Team
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.engines import choose
from voicemaster.speech.ears.whisper.ear import WhisperEar
from voicemaster.understand.intents import GiveClue, GuessCard

REAL = Path(__file__).resolve().parents[1] / "realspeech"
PAD = 4800
STOPS = ("stop-0c40e715_1.wav", "stop-4c6167ca_2.wav")
NOT_ANSWERS = ("go-28497c5b_0.wav", "left-5f01c798_0.wav")
"""Whisper scored them as "no" and "yes" with room to spare: before the rule that an answer
must be written as said, both answered the open question."""
WRITTEN_NOW = "no-4c6167ca_5.wav"
"""A real "no" Whisper writes "Now.", far ahead of every other phrase: an answer."""
WRITTEN_YEAH = "down-5f01c798_0.wav"
"""A real "down" Whisper writes "Yeah.", "yes" hardly ahead of other phrases: not an answer."""
SENTENCE = "please-give-me-the-operator-00110_006.wav"
BOARD = ("DOG", "CAT", "BIRD", "BED", "HOUSE", "TREE", "OPERATOR", "VOYAGER", "WILDFIRE", "COMPUTER",
         "APPLE", "BERLIN", "CASTLE", "DIAMOND", "ENGINE", "FALCON", "GLOVE", "HONEY", "ICE CREAM",
         "JUPITER", "KNIGHT", "LEMON", "NURSE", "PIANO", "SPIDER")


def said(name: str) -> np.ndarray:
    """The recording as a microphone hands it on: 300 ms of a quiet room before and after
    (the recordings are cut tight around the word), the gain set so that it peaks near full
    scale (Whisper's features depend on the level: these were taken for answers there)."""
    audio = read_wav(REAL / name).astype(np.float64)
    room = np.random.default_rng(len(name)).standard_normal(len(audio) + 2 * PAD)
    x = np.pad(audio, PAD) + room * np.sqrt(np.mean(audio**2)) * 10 ** (-45 / 20)
    return np.round(x * 32000 / np.max(np.abs(x))).astype(np.int16)


def write_wav(path: str, audio: np.ndarray) -> None:
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(16000)
        out.writeframes(audio.astype("<i2").tobytes())


def test_recognize_acts_on_real_stops_and_ignores_real_talk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`recognize` listens as if a question were open, so "yes" and "no" could be heard."""
    board = tmp_path / "board.txt"
    board.write_text("\n".join(BOARD) + "\n")
    files = []
    for name in (*STOPS, *NOT_ANSWERS, WRITTEN_NOW, WRITTEN_YEAH, SENTENCE):
        files.append(str(tmp_path / name))
        write_wav(files[-1], said(name))
    assert main(["recognize", "--board", str(board), "--phase", "guess", *files]) == 0
    heard = {Path(line["file"]).name: line for line in map(json.loads, capsys.readouterr().out.splitlines())}
    for name in STOPS:
        assert heard[name]["intent"] == {"type": "stop"}, heard[name]
    for name in (*NOT_ANSWERS, WRITTEN_YEAH):
        assert heard[name]["intent"] is None, heard[name]
    assert heard[WRITTEN_NOW]["intent"] == {"type": "no"}, heard[WRITTEN_NOW]
    assert heard[SENTENCE]["intent"] is None, heard[SENTENCE]


def test_a_teammates_word_leaves_the_read_back_open_and_the_real_yes_answers_it(whisper_ear: WhisperEar) -> None:
    """Heard by Whisper, the default ear, against what may be said at each moment."""
    assert choose().engine == "whisper"
    dialogue = Dialogue(Game(fixed_deal(), judge=judge_clue_word), lambda action: None, lambda: 0.0, random.Random(1))
    asked = dialogue.hear(GiveClue("ocean", 2), read_back=True)
    assert asked is not None and asked.say.endswith("right?")
    for name in NOT_ANSWERS:
        heard = whisper_ear.hear(said(name), dialogue.listening())
        assert dialogue.hear(heard.intent, heard.read_back) is None
        assert dialogue.question is not None
    heard = whisper_ear.hear(said("yes-210f3aa9_0.wav"), dialogue.listening())
    dialogue.hear(heard.intent, heard.read_back)
    assert dialogue.question is None
    clue = dialogue.game.snapshot().clue
    assert clue is not None and clue.word == "ocean"


def test_a_real_stop_ends_the_turn(whisper_ear: WhisperEar) -> None:
    game = Game(fixed_deal(), judge=judge_clue_word)
    dialogue = Dialogue(game, lambda action: None, lambda: 0.0, random.Random(1))
    dialogue.hear(GiveClue("ocean", 2))
    dialogue.hear(GuessCard(RED[0]))
    assert game.state.turn is Team.RED and game.state.guesses_left == 2
    heard = whisper_ear.hear(said(STOPS[1]), dialogue.listening())
    dialogue.hear(heard.intent, heard.read_back)
    assert game.state.turn is Team.BLUE
