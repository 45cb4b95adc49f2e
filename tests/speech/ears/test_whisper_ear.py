"""The Whisper ear on real speech: the real model (loaded once) against synthetic voices.

Whisper hears espeak-ng's voices poorly, so most phrases are spoken by flite's slt and
rms voices (research: the method's best-handled synthetic voices) and cleaned by the
product's utterance stage, as the app and `recognize` do.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import threading
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
import tokenizers

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.cli import main
from voicemaster.game.clue_number import UNLIMITED
from voicemaster.game.phase import Phase
from voicemaster.understand.heard import Heard
from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.recordings import hear_recording
from voicemaster.speech.voices.speakers import VOICES, say
from voicemaster.speech.voices.synthetic import SpeechSynthesisError, pink_noise
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.whisper.clue_reading import words_of
from voicemaster.speech.ears.whisper.ear import WhisperEar, guess_prompt, normalised
from voicemaster.speech.ears.whisper.model import ModelError, bundled_model, installed_parts
from voicemaster.speech.ears.whisper.tokenizer import load_tokenizer
from voicemaster.understand.intents import AmbiguousCard, Command
from voicemaster.understand.listening import Cue, Listening, listening

pytestmark = [
    pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed"),
    pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)"),
]

CARDS = (
    "Ice Cream", "X-ray", "Castle", "dragon", "New York", "apple", "Flour", "Flower",
    "falcon", "Jack-in-the-box", "needle", "kettle", "ladder", "honey", "bank", "bear", "boot",
    "bridge", "chair", "cloud", "crown", "drum", "engine", "forest", "ghost",
)
"""A board of 25: case, spaces and hyphens as a board file may have them."""
GUESSING = Listening(CARDS, Phase.GUESS)
COVERING = Listening(CARDS, Phase.CLUE)
AWAITING = Listening(CARDS, Phase.CLUE, frozenset({Cue.CLUE_AWAITED}))
ASKING = Listening(CARDS, Phase.CLUE, frozenset({Cue.QUESTION}))


@pytest.fixture(scope="module")
def ear(whisper_ear: WhisperEar) -> WhisperEar:
    return whisper_ear


def flite_wav(path: Path, text: str, voice: str) -> Path:
    subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(path)], check=True, capture_output=True)
    return path


@lru_cache(maxsize=None)
def said(text: str, voice: str = "slt") -> np.ndarray:
    """`text` spoken by flite, as the front end hands an utterance to Whisper (uncleaned)."""
    directory = Path(__file__).resolve().parents[3] / ".cache" / "flite"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{voice}-{hashlib.sha256(text.encode()).hexdigest()[:16]}.wav"
    if not path.exists():  # written aside, then renamed: test workers share the folder
        flite_wav(path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.wav"), text, voice).replace(path)
    return read_wav(path)


def heard(ear: WhisperEar, text: str, now: Listening, voice: str = "slt") -> Heard:
    result = ear.hear(said(text, voice), now)
    assert result.transcript == normalised(result.transcript)
    assert 0.0 <= result.confidence <= 1.0 and result.decode_ms > 0
    if result.intent is None:
        assert result.confidence == 0.0
    return result


@pytest.mark.parametrize(
    ("text", "voice", "card"),
    [
        ("we pick the ice cream", "slt", "Ice Cream"),
        ("we guess new york", "slt", "New York"),
        ("guess jack in the box", "rms", "Jack-in-the-box"),
        ("choose the castle", "rms", "Castle"),
    ],
)
def test_guesses_name_the_card_as_written_on_the_board(ear: WhisperEar, text: str, voice: str, card: str) -> None:
    result = heard(ear, text, GUESSING, voice)
    assert result.intent == Guess(card), result
    assert result.confidence > 0.5 and not result.read_back


def test_two_cards_that_sound_alike_are_ambiguous(ear: WhisperEar) -> None:
    result = heard(ear, "guess flower", GUESSING)
    assert isinstance(result.intent, AmbiguousCard) and result.intent.action == "guess"
    assert set(result.intent.candidates) == {"Flower", "Flour"}


def test_a_cover_in_the_clue_phase(ear: WhisperEar) -> None:
    assert heard(ear, "cover the falcon", COVERING).intent == Cover("falcon")


@pytest.mark.parametrize(
    ("text", "voice", "command"),
    [
        ("how many left", "slt", Command("status")),
        ("whose turn is it", "rms", Command("whose_turn")),
        ("resume the timer", "slt", Command("resume_timer")),
        ("end our turn", "rms", Command("stop")),
        ("pass", "rms", Command("stop")),
    ],
)
def test_commands(ear: WhisperEar, text: str, voice: str, command: Command) -> None:
    assert heard(ear, text, GUESSING, voice).intent == command


@pytest.mark.parametrize("voice", ["rms", "slt"])
def test_every_clue_is_read_back_before_it_counts(ear: WhisperEar, voice: str) -> None:
    """Even one Whisper is sure of (slt's: "the kluu is river three"): near homophones score
    as well as the word said, and an unread wrong clue starts the wrong guessing."""
    result = heard(ear, "the clue is river three", COVERING, voice)
    assert result.intent == Clue("river", 3) and result.read_back


UNLIMITED_CLUES = (
    ("clue forest unlimited", "rms", "forest"),
    ("the clue is winter unlimited", "awb", "winter"),
    ("the clue is winter unlimited", "slt", "winter"),
    ("my clue is ocean unlimited", "rms", "ocean"),
)
"""Said "unlimited", written "and limited" here, and taken with a wide margin (deficits -1.8..1.5
against the bar of 4; each still taken at 0.93x and 1.07x speed and under pink noise). "clue
winter unlimited" is not among them: slt's ("glue went and limited", deficit 4.4 here, 4.1 with
CT2_FORCE_CPU_ISA=AVX) is taken on one machine and not on another."""


def test_unlimited_written_as_two_words_is_still_the_number(ear: WhisperEar) -> None:
    """Most of these (one may flip where int8 scores differ), and never as another clue."""
    results = [(heard(ear, text, AWAITING, voice), word) for text, voice, word in UNLIMITED_CLUES]
    for result, word in results:
        assert result.intent in (None, Clue(word, UNLIMITED)), result
    taken = [r for r, word in results if r.intent == Clue(word, UNLIMITED) and r.read_back]
    written_apart = [r for r in taken if "and limited" in r.transcript]
    assert len(written_apart) >= len(UNLIMITED_CLUES) - 1, [r.transcript for r, _ in results]


def test_a_bare_clue_counts_only_while_a_clue_is_awaited(ear: WhisperEar) -> None:
    """slt's: rms's "river three" turns into "rv3" or "wherever three" under faint noise."""
    assert heard(ear, "river three", AWAITING, "slt").intent == Clue("river", 3)
    assert heard(ear, "river three", COVERING, "slt").intent is None


def test_yes_and_no_only_while_a_question_is_open(ear: WhisperEar) -> None:
    assert heard(ear, "no", ASKING).intent == Command("no")
    assert heard(ear, "no", COVERING).intent is None
    assert heard(ear, "yes", Listening(CARDS, Phase.GUESS, frozenset({Cue.QUESTION}))).intent == Command("yes")


def test_pass_said_by_any_voice_with_a_question_open_is_never_a_yes(ear: WhisperEar) -> None:
    """Where issue 44 was filed, flite's "pass" in a file that starts on the word was written
    "Yes." and answered the question (int8 scores differ between CPUs: never here, on either
    path). Every test voice, in both phases, in a file that starts on the word."""
    heard = {}
    for voice in VOICES:
        try:
            audio = say("pass", voice.name)
        except SpeechSynthesisError:
            continue
        for phase in (Phase.GUESS, Phase.CLUE):
            asking = listening(CARDS, phase, question=True)
            heard[voice.name, phase] = [h.intent for h in hear_recording(ear, ArraySource(audio), asking)]
    assert len(heard) >= 16 and not [v for v, intents in heard.items() if Command("yes") in intents], heard


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("what about the falcon, is it ours?", GUESSING),
        ("I think the dragon one is ours", AWAITING),
        ("we touch the banana", GUESSING),
        ("please get me the dragon", GUESSING),
        ("I'd go with the castle", GUESSING),
        ("go on, pick one", ASKING),
    ],
)
def test_table_talk_and_cards_not_on_the_board_are_not_requests(ear: WhisperEar, text: str, now: Listening) -> None:
    result = heard(ear, text, now)
    assert result.intent is None and result.transcript, result


def test_a_guess_said_in_the_clue_phase_is_not_a_clue(ear: WhisperEar) -> None:
    result = heard(ear, "we pick the ice cream", AWAITING)
    assert result.intent is None and result.transcript == "we pick the ice cream"


@pytest.mark.parametrize("now", [GUESSING, ASKING], ids=["guess", "clue-question-open"])
def test_silence_and_pink_noise_are_nothing(ear: WhisperEar, now: Listening) -> None:
    silence = ear.hear(np.zeros(16_000, dtype=np.int16), now)
    assert silence.intent is None and silence.confidence == 0.0
    noise = ear.hear(pink_noise(24_000, seed=1), now)
    assert noise.intent is None and noise.confidence == 0.0


def test_recognize_with_whisper_prints_spec_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text("\n".join(CARDS) + "\n")
    wavs = [
        str(flite_wav(tmp_path / "guess.wav", "we pick the ice cream", "slt")),
        str(flite_wav(tmp_path / "chatter.wav", "what about the falcon, is it ours?", "slt")),
        str(flite_wav(tmp_path / "status.wav", "how many left", "slt")),
    ]
    assert main(["recognize", "--engine", "whisper", "--board", str(board), "--phase", "guess", *wavs]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["file"] for line in lines] == wavs
    assert [line["intent"] for line in lines] == [{"type": "guess", "word": "Ice Cream"}, None, {"type": "status"}]
    for line in lines:
        assert set(line) == {"file", "transcript", "intent", "confidence", "decode_ms"}
        assert line["transcript"] == normalised(line["transcript"]) and line["transcript"]
        assert 0.0 <= line["confidence"] <= 1.0 and line["decode_ms"] > 0


def test_the_packaged_tokenizer_is_repaired(tmp_path: Path) -> None:
    path = bundled_model() / "tokenizer.json"
    shipped = tokenizers.Tokenizer.from_file(str(path))
    assert len(shipped.encode(" the two touch", add_special_tokens=False).ids) > 3
    assert load_tokenizer(path).encode(" the two touch", add_special_tokens=False).tokens == ["Ġthe", "Ġtwo", "Ġtouch"]
    broken = tmp_path / "tokenizer.json"
    broken.write_text("{}")
    with pytest.raises(ModelError, match="unreadable"):
        load_tokenizer(broken)


def test_the_guess_prompt_never_names_a_card() -> None:
    assert guess_prompt(CARDS) == "We pick the pepper. Touch teapot. Guess the cobweb. Choose sonnet."
    assert guess_prompt(("Pepper", "cobweb")) == "We pick the thimble. Touch teapot. Guess the nutmeg. Choose sonnet."


def test_normalised_transcripts() -> None:
    assert normalised(" The clue is needs, 6. The clue") == "the clue is needs six the clue"
    assert normalised("We pick Jack-in-the-box!") == "we pick jack-in-the-box"


def test_words_whisper_joined_with_a_hyphen_are_read_apart(ear: WhisperEar) -> None:
    tokenizer = ear.engine.tokenizer
    tokens = tokenizer.encode(" Clue-winter unlimited. Moth-eaten 2. USA-0")
    texts = [w.text for w in words_of(list(tokens), tokenizer.decode)]
    assert texts == ["clue", "winter", "unlimited", "moth-eaten", "2", "usa", "0"]
