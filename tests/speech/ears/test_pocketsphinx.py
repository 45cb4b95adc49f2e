"""The embedded recognizer on real espeak-ng speech: cards and commands heard, chatter ignored."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.game.phase import Phase
from voicemaster.speech.audio.front_end import loudest_span
from voicemaster.speech.ears.grammar import build_grammar, clue_vocabulary
from voicemaster.speech.ears.listen import GrammarEar
from voicemaster.speech.ears.pocketsphinx_backend import PocketsphinxRecognizer
from voicemaster.speech.ears.pronounce import dictionary, espeak_phones, pronunciation
from voicemaster.speech.voices.synthetic import babble, mix_at_snr, speak
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Cue, Listening

CARDS = (
    "apple", "Bank", "bridge", "castle", "chair", "cloud", "crown", "dragon", "drum",
    "engine", "falcon", "forest", "ghost", "glove", "honey", "island", "jungle",
    "kettle", "ladder", "lemon", "mirror", "needle", "quokka", "ice cream", "Zyzzyva",
)


@pytest.fixture(scope="module")
def recognizer() -> PocketsphinxRecognizer:
    return PocketsphinxRecognizer()


def listen(recognizer: PocketsphinxRecognizer, text: str, phase: Phase = Phase.GUESS, voice: str = "en-us") -> Heard:
    return GrammarEar(recognizer).hear(speak(text, voice), Listening(CARDS, phase, frozenset({Cue.CLUE_AWAITED})))


@pytest.mark.parametrize(
    "text,voice,intent",
    [
        ("we touch apple", "en-us", Guess("apple")),
        ("guess castle", "en-gb", Guess("castle")),
        ("pick the ice cream", "en-us+f2", Guess("ice cream")),
        ("choose quokka", "en-us", Guess("quokka")),
        ("we guess bank", "en-us+m3", Guess("Bank")),
        ("stop guessing", "en-us", Command("stop")),
        ("end turn", "en-us", Command("stop")),
        ("what was the clue", "en-us", Command("repeat")),
        ("undo", "en-us+f2", Command("undo")),
    ],
)
def test_guess_phase_speech_is_understood(recognizer: PocketsphinxRecognizer, text: str, voice: str, intent: object) -> None:
    heard = listen(recognizer, text, Phase.GUESS, voice)
    assert heard.intent == intent, heard.transcript


@pytest.mark.parametrize(
    "text",
    ["I think apple is ours", "maybe not the castle one", "what about the dragon and the ghost", "pass me the crisps"],
)
def test_chatter_produces_no_intent(recognizer: PocketsphinxRecognizer, text: str) -> None:
    heard = listen(recognizer, text, Phase.GUESS)
    assert heard.intent is None, heard.transcript


@pytest.mark.parametrize("text", ["we touch elephant"])
def test_card_not_on_the_board_is_not_guessed(recognizer: PocketsphinxRecognizer, text: str) -> None:
    heard = listen(recognizer, text, Phase.GUESS)
    assert heard.intent is None, heard.transcript


def test_guess_heard_in_babble(recognizer: PocketsphinxRecognizer) -> None:
    audio = speak("we touch falcon", "en-us")
    noisy = mix_at_snr(audio, babble(len(audio), seed=3), 20)
    heard = GrammarEar(recognizer).hear(noisy, Listening(CARDS, Phase.GUESS))
    assert heard.intent == Guess("falcon"), heard.transcript


def test_clue_with_open_vocabulary_word(recognizer: PocketsphinxRecognizer) -> None:
    heard = listen(recognizer, "clue ocean two", Phase.CLUE)
    assert heard.intent == Clue("ocean", 2), heard.transcript


def test_cover_in_clue_phase(recognizer: PocketsphinxRecognizer) -> None:
    assert listen(recognizer, "cover apple", Phase.CLUE).intent == Cover("apple")


def test_clue_phase_chatter_is_ignored(recognizer: PocketsphinxRecognizer) -> None:
    heard = listen(recognizer, "I think it is the one with the dragon", Phase.CLUE)
    assert heard.intent is None, heard.transcript


def test_decoding_is_timed(recognizer: PocketsphinxRecognizer) -> None:
    heard = listen(recognizer, "guess lemon", Phase.GUESS)
    assert heard.intent == Guess("lemon")
    assert 0 < heard.decode_ms < 2000


def test_unknown_card_words_get_generated_pronunciations() -> None:
    assert "zyzzyva" not in dictionary()
    phones = pronunciation("zyzzyva")
    assert phones[0] == "Z" and "IH" in phones
    assert espeak_phones("quokka")[:3] == ("K", "W", "AA")


def test_grammars_restrict_to_uncovered_cards() -> None:
    grammar = build_grammar(Listening(("apple", "ice cream"), Phase.GUESS))
    assert "we touch ice cream" in grammar.phrases
    assert not any("castle" in p for p in grammar.phrases)
    assert "<card> = apple | ice cream ;" in grammar.jsgf
    assert len(clue_vocabulary()) >= 20000


def test_quiet_background_around_an_utterance_is_trimmed() -> None:
    speech = speak("guess lemon", "en-us")
    background = (babble(16000, seed=1) * 0.05).astype(speech.dtype)
    padded = np.concatenate([background, speech, background])
    span = loudest_span(padded)
    assert 0.6 * len(speech) < len(span) < len(speech) + 4000
    assert np.abs(span).max() == np.abs(speech).max()
