"""The one audio front end, and `play --denoise`: what play hands the recognizer is what the chosen
front end makes of the recording."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.reliability.bad_files import wav_bytes
from tests.listened import play_inbox
from voicemaster.inbox import Spoken
from voicemaster.speech.audio.sources import ArraySource, wav_source
from voicemaster.speech.audio.front_end import clean_utterance, open_front_end
from voicemaster.speech.voices.synthetic import mix_at_snr, pink_noise, speak


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    return speak("we touch apple")


@pytest.fixture(scope="module")
def fan_noise_recording(speech: np.ndarray, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two seconds of a loud steady fan, the guess as loud as the fan, a second more: the case the
    stream stage is for."""
    clean = np.concatenate([np.zeros(32000, np.int16), speech, np.zeros(16000, np.int16)])
    path = tmp_path_factory.mktemp("wav") / "fan.wav"
    path.write_bytes(wav_bytes(mix_at_snr(clean, pink_noise(len(clean), seed=8), 0)))
    return path


def played(recording: Path, denoise: str | None, ears_choice: str = "auto") -> list[np.ndarray]:
    """The utterances `play --input FILE.wav [--denoise X]` puts in the app's inbox, with a
    recognizer that hears best with `ears_choice`."""
    items = play_inbox(recording, *(["--denoise", denoise] if denoise else []), ear_denoise=ears_choice)
    return [item.audio for item in items if isinstance(item, Spoken)]


def test_over_a_loud_fan_play_hears_the_talker_only_with_the_noise_stage_on(fan_noise_recording: Path) -> None:
    assert played(fan_noise_recording, "none") == []
    for denoise in ("webrtc", "auto"):
        expected = [u.audio for u in open_front_end(denoise).utterances(wav_source(fan_noise_recording))]
        got = played(fan_noise_recording, denoise)
        assert len(got) == len(expected) == 1, denoise
        assert np.array_equal(got[0], expected[0]), denoise


def test_without_denoise_play_uses_the_stage_the_recognizer_hears_best_with(fan_noise_recording: Path) -> None:
    assert len(played(fan_noise_recording, None, ears_choice="webrtc")) == 1
    assert played(fan_noise_recording, None, ears_choice="none") == []
    assert len(played(fan_noise_recording, "webrtc", ears_choice="none")) == 1


def test_an_utterance_is_cut_once_with_its_pre_roll(speech: np.ndarray) -> None:
    room = (pink_noise(16000, seed=2) // 40).astype(np.int16)
    talking = np.clip(speech.astype(np.int32) + np.resize(room, len(speech)), -32768, 32767).astype(np.int16)
    audio = np.concatenate([room, talking, room, room])
    utterances = list(open_front_end("none").utterances(ArraySource(audio)))
    assert len(utterances) == 1
    assert 0.9 < utterances[0].start_s < 1.2
    assert len(speech) * 0.7 < len(utterances[0].audio) < len(speech) + 16000


def test_the_grammar_recognizers_hear_the_talker_without_the_room_around(speech: np.ndarray) -> None:
    room = (pink_noise(8000, seed=3) // 40).astype(np.int16)
    padded = np.concatenate([room, speech, room])
    assert len(clean_utterance(padded)) < len(padded)
    assert np.abs(clean_utterance(padded)).max() >= 0.9 * np.abs(speech).max()
