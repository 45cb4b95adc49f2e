"""What Whisper wrote beyond the phrase: talk after a card, and a card said as a question."""

from __future__ import annotations

import pytest

from voicemaster.speech.ears.whisper.decide import asked, trailing_words


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
