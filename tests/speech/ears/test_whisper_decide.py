"""What Whisper wrote beyond the phrase: talk after a card, and a card said as a question."""

from __future__ import annotations

import pytest

from voicemaster.speech.ears.whisper.decide import asked, sounds_alike, trailing_words
from voicemaster.understand.parse import says_command


@pytest.mark.parametrize(
    ("written", "words"),
    [
        ("Pick battery? I don't know about that.", 5),
        ("Touch the kettle? No wait.", 2),
        ("We pick umbrella. We pick umbrella.", 0),
        ("Pick honey. Pick", 0),
        ("Pick honey.", 0),
        ("Pick letter, I think.", 0),
    ],
)
def test_words_after_the_first_sentence_other_than_saying_it_again(written: str, words: int) -> None:
    assert trailing_words(written) == words


def test_a_card_written_as_a_question_is_a_question() -> None:
    assert asked(" Pick battery?")
    assert asked("Pick battery? I don't know about that.")
    assert not asked(" Pick battery.")
    assert not asked(" Pick battery. Is it?")


@pytest.mark.parametrize(
    ("written", "kind", "counts"),
    [
        ("in the turn", "stop", True),
        ("how many less", "status", True),
        ("pulse timer", "pause_timer", True),
        ("and turn", "stop", True),
        ("good game", "new_game", False),
        ("the timer", "pause_timer", False),
        ("go", "no", False),
        ("left", "yes", False),
    ],
)
def test_a_command_counts_only_as_written_with_one_word_misheard_in_a_long_one(
    written: str, kind: str, counts: bool
) -> None:
    """Three words pin a command down whatever one of them was written as; two only if the
    odd one sounds like its word; a one-word command must be written as it is."""
    assert says_command(written, kind, sounds_alike) is counts
