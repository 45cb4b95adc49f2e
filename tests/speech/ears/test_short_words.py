"""The short-word head: the shipped weights are the ones scripts/train_short_words.py built,
and through the Whisper ear a real "stop" that Whisper writes as another word is acted on,
while a real word that is no answer stays nothing (recordings in tests/speech/realspeech)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from voicemaster.game.phase import Phase
from voicemaster.speech.audio.wav import read_wav
from voicemaster.speech.ears.whisper.ear import WhisperEar
from voicemaster.speech.ears.whisper.engine import Engine
from voicemaster.speech.ears.whisper.model import bundled_model
from voicemaster.speech.ears.whisper.short_words import CLASSES, WEIGHTS, ShortWordHead, shipped_head
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS
from voicemaster.speech.ears.whisper.features import HOP
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Cue, Listening

ROOT = Path(__file__).resolve().parents[3]
REAL = ROOT / "tests" / "speech" / "realspeech"
BOARD = ("DOG", "CAT", "BIRD", "BED", "HOUSE", "TREE", "OPERATOR", "VOYAGER", "WILDFIRE", "COMPUTER",
         "APPLE", "BERLIN", "CASTLE", "DIAMOND", "ENGINE", "FALCON", "GLOVE", "HONEY", "ICE CREAM",
         "JUPITER", "KNIGHT", "LEMON", "NURSE", "PIANO", "SPIDER")
QUESTION_OPEN = Listening(BOARD, Phase.GUESS, frozenset({Cue.QUESTION}))


@pytest.fixture(scope="module")
def ear() -> Iterator[WhisperEar]:
    ear = WhisperEar(bundled_model())
    yield ear
    ear.close()


def test_the_shipped_head_is_the_one_the_script_built() -> None:
    """The script keeps a few examples' features and probabilities in the weights: said again
    here by the same voice (flite speaks the same samples everywhere) and encoded by the ear's
    own call, their features match the kept ones and the head still gives their class."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_short_words as script

    with np.load(WEIGHTS) as data:
        keys, kept_x, kept_p = [str(k) for k in data["probe_keys"]], data["probe_x"].astype(np.float32), data["probe_p"]
    head = ShortWordHead.load()
    assert head.pooling == script.POOLING
    assert np.allclose(head.probabilities(kept_x), kept_p, atol=1e-3)
    engine = Engine(bundled_model())
    t = THRESHOLDS
    try:
        for (label, phrase, voice), key, row in zip(script.PROBES, keys, kept_x):
            example = script.synthetic_examples_of(label, phrase, voice, 0, "clean")[0]
            assert example.key == key
            enc = engine.encode(example.audio[: t.max_window_frames * HOP], t.window_pad_frames, t.min_window_frames, [])
            again = head.pooling.pooled(enc.array, example.audio)
            assert float(np.dot(again, row) / (np.linalg.norm(again) * np.linalg.norm(row))) > 0.99, key
            assert CLASSES[int(np.argmax(head.probabilities(again)))] == label, key
    finally:
        engine.close()


def test_weights_without_the_pooling_they_were_trained_with_are_refused(tmp_path: Path) -> None:
    with np.load(WEIGHTS) as data:
        kept = {name: data[name] for name in data.files if name not in ("voiced_db", "voiced_spread")}
    older = tmp_path / "short_words.npz"
    np.savez_compressed(older, **kept)
    with pytest.raises(ValueError, match="voiced_db") as refused:
        ShortWordHead.load(older)
    assert str(older) in str(refused.value)


def test_the_head_is_loaded_once_for_every_thread() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(2) as pool:
        heads = list(pool.map(lambda _: shipped_head(), range(4)))
    assert heads[0] is not None and all(h is heads[0] for h in heads)


@pytest.mark.parametrize("name", ["stop-3d86b69a_1.wav", "stop-3d86b69a_2.wav"])
def test_a_real_stop_whisper_writes_as_another_word_is_acted_on(ear: WhisperEar, name: str) -> None:
    """Whisper writes these real "stop"s "Stove." and "Stomp."; the scoring takes nothing from
    that, and the head, sure of "stop" (0.97-1.0), acts on it."""
    heard = ear.hear(padded(name), QUESTION_OPEN)
    assert heard.intent == Command("stop"), heard


@pytest.mark.parametrize("name", ["oov_go-28497c5b_0.wav", "oov_left-5f01c798_0.wav", "oov_down-5f01c798_0.wav"])
def test_a_real_word_that_is_no_answer_stays_nothing(ear: WhisperEar, name: str) -> None:
    heard = ear.hear(padded(name), QUESTION_OPEN)
    assert heard.intent is None, heard


def padded(name: str) -> np.ndarray:
    """A recording with 300 ms of quiet each side, as a file given to `recognize`."""
    quiet = np.zeros(4800, dtype=np.int16)
    return np.concatenate([quiet, read_wav(REAL / name), quiet])


def test_a_clue_word_written_as_a_number_or_no_word_has_sound_alikes_scored(ear: WhisperEar) -> None:
    """Real clues (bench/real_clues.py): "tree, zero" written "three zero", "sheila, five"
    written "shila five"; the words that sound like them are scored in their place."""
    clues = ear.clues
    assert "tree" in clues.sound_alikes("three")
    assert clues.sound_alikes("shila")[0] == "sheila"
    assert not any(word in ("three", "for", "to") for word in clues.sound_alikes("4") + clues.sound_alikes("three"))
