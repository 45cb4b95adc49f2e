"""A clue is its word and its number: Whisper's misheard openers ("glue", "Mike Lewis",
"blue") and numbers ("tube", "free") must not cost the clue, and talk naming cards is still
not proposed as one. Real speech (flite and festival voices), real Whisper."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from voicemaster.game.actions import Clue
from voicemaster.game.phase import Phase
from voicemaster.speech.ears.whisper.ear import WhisperEar
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.speech.voices.speakers import say
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Cue, Listening

pytestmark = [
    pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed"),
    pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)"),
]

CARDS = (
    "Castle", "dragon", "apple", "needle", "kettle", "ladder", "honey", "bank", "bear", "boot",
    "bridge", "chair", "cloud", "crown", "drum", "engine", "forest", "ghost",
)
AWAITING = Listening(CARDS, Phase.CLUE, frozenset({Cue.CLUE_AWAITED}))

MISHEARD_OPENERS = (
    ("clue insect two", "flite:slt", "insect", 2),
    ("my clue is fruit three", "flite:slt", "fruit", 3),
    ("my clue is fruit three", "flite:rms", "fruit", 3),
    ("clue space three", "flite:rms", "space", 3),
    ("clue garden two", "flite:slt", "garden", 2),
)
"""Written by Whisper base here as "Glue Insectube", "Mike Lewis Fruit Free", "Mike Lewis
Fruit 3", "Glue space 3" and "Blue Garden tube": the clue word is in the transcript, the
opener (and often the number) is not. On the 6 s window (real voices' lone words need it)
the rms clips and "Blue Garden tube" are taken with room to spare (number ahead by 4.6-6.7
nats, bar 3; within 1.8 of what Whisper wrote, bar 4); the other two slt clips sit at the
bars (2.85 of 3; 4.84 of 4) and are not counted on: the clue benchmark measures the rest."""

TALK = (
    ("maybe apple two", "flite:slt"),
    ("maybe apple two", "flite:rms"),
    ("he said two so apple and bear", "flite:slt"),
    ("I think the dragon one is ours", "flite:rms"),
    ("we pick the kettle", "flite:slt"),
)
"""Table talk naming cards, said while the spymaster thinks. "Maybe Apple tube" has the shape
of a clue; only its opener ("maybe", plainly heard) tells it apart."""


@pytest.fixture(scope="module")
def ear(whisper_ear: WhisperEar) -> WhisperEar:
    return whisper_ear


def hear(ear: WhisperEar, text: str, voice: str) -> Clue | None:
    """`text` said by `voice` with a quarter second of silence either side, as endpointed."""
    pad = np.zeros(4000, dtype=np.int16)
    intent = ear.hear(np.concatenate([pad, say(text, voice).astype(np.int16), pad]), AWAITING).intent
    assert intent is None or isinstance(intent, Clue), intent
    return intent


def test_clues_with_misheard_openers_and_numbers_are_proposed(ear: WhisperEar) -> None:
    """The three with room to spare, and never as another number."""
    results = [(hear(ear, text, voice), Clue(word, number)) for text, voice, word, number in MISHEARD_OPENERS]
    right = [got for got, want in results if got == want]
    assert len(right) >= 3, results
    assert all(got is None or got.number == want.number for got, want in results), results


def test_talk_naming_cards_is_not_proposed_as_a_clue(ear: WhisperEar) -> None:
    results = [(text, voice, hear(ear, text, voice)) for text, voice in TALK]
    assert all(intent is None for _, _, intent in results), results


ANSWER_VOICES = ("piper:joe", "flite:slt", "flite:rms", "flite:awb", "flite:kal16")


def test_an_answer_said_with_a_clue_is_no_answer(whisper_ear: WhisperEar) -> None:
    """"Yes, house nine." carries a clue: with a question open it confirms nothing (before the
    guard Whisper's "Yes, house nine." was a yes for 4 of these 5 voices), while a bare "yes"
    still answers."""
    asking = Listening(CARDS, Phase.GUESS, frozenset({Cue.QUESTION}))

    def heard(text: str, voice: str) -> object:
        audio = np.concatenate([np.zeros(4000), say(text, voice).astype(np.float64), np.zeros(4000)])
        return whisper_ear.hear(audio.astype(np.int16), asking).intent

    with_clue = [heard("Yes, house nine.", v) for v in ANSWER_VOICES]
    assert not any(isinstance(i, Command) for i in with_clue), with_clue
    bare = [heard("yes", v) for v in ANSWER_VOICES]
    assert sum(i == Command("yes") for i in bare) >= 4, bare
