"""Heard words → uncovered card, by sound and spelling."""

from __future__ import annotations

from voicemaster.speech.ears.grammar_tuning import CARD_MATCH
from voicemaster.speech.ears.match_cards import rank_cards, similarity
from voicemaster.game.phase import Phase
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import match_utterance, tokenize

MIN_SCORE = CARD_MATCH.min_score

CARDS = ["Apple", "Chapel", "ice cream", "Robin", "pole", "quokka"]


def test_misspelled_but_same_sound_finds_the_card() -> None:
    assert rank_cards("chappell", CARDS)[0].card == "Chapel"
    assert rank_cards("eyes cream", CARDS)[0].card == "ice cream"
    assert rank_cards("robbing", CARDS)[0].card == "Robin"


def test_unrelated_words_name_no_card() -> None:
    assert rank_cards("dog", CARDS)[0].score < MIN_SCORE
    assert rank_cards("walker", CARDS)[0].score < MIN_SCORE


def test_extra_words_around_a_card_lower_the_match() -> None:
    assert similarity("castle one", "castle") < MIN_SCORE < similarity("castle", "castle")


def test_fuzzy_card_slot_returns_words_as_heard() -> None:
    match = match_utterance(tokenize("we touch chappell"), Listening(tuple(CARDS), Phase.GUESS), fuzzy_cards=True)
    assert match is not None and match.form.request == "guess" and match.card == "chappell"
    assert match_utterance(tokenize("we touch a b c"), Listening(tuple(CARDS), Phase.GUESS), fuzzy_cards=True) is None
