""""Allow it" and "challenge" (SPEC §2) are heard only in their moment: right after a
refusal, and after an allowed clue before its first guess. Typed and spoken requests
come from the same request table, which also makes the recognizers' grammars."""

from __future__ import annotations

import pytest

from voicemaster.game.phase import Phase
from voicemaster.speech.ears.grammar import build_grammar, phrases, strict_jsgf
from voicemaster.understand.intents import Command, to_json
from voicemaster.understand.listening import Listening, listening
from voicemaster.understand.parse import parse_utterance
from voicemaster.understand.requests import phase_forms

CARDS = ("apple", "bank", "ice cream")
AFTER_REFUSAL = listening(CARDS, Phase.CLUE, refused=True)
AFTER_CLUE = listening(CARDS, Phase.GUESS, challengeable=True)
NO_LONGER_REFUSED = listening(CARDS, Phase.CLUE)
NO_LONGER_CHALLENGEABLE = listening(CARDS, Phase.GUESS)


@pytest.mark.parametrize("text", ["allow it", "Allow it.", "overrule", "Overrule!"])
def test_the_table_allows_a_refused_clue(text: str) -> None:
    intent = parse_utterance(text, AFTER_REFUSAL)
    assert intent == Command("overrule") and to_json(intent) == {"type": "overrule"}


def test_the_table_challenges_an_allowed_clue() -> None:
    intent = parse_utterance("Challenge.", AFTER_CLUE)
    assert intent == Command("challenge") and to_json(intent) == {"type": "challenge"}


@pytest.mark.parametrize(
    ("text", "now"),
    [
        ("allow it", NO_LONGER_REFUSED),
        ("overrule", NO_LONGER_CHALLENGEABLE),
        ("challenge", NO_LONGER_CHALLENGEABLE),
        ("allow it", listening(CARDS, Phase.CLUE, refused=True, question=True)),
        ("challenge", AFTER_REFUSAL),
        ("I'd allow it", AFTER_REFUSAL),
        ("that's a challenge", AFTER_CLUE),
    ],
)
def test_outside_their_moment_or_inside_talk_they_are_not_heard(text: str, now: Listening) -> None:
    assert parse_utterance(text, now) is None


def test_a_typed_line_is_read_at_any_time_so_a_late_one_is_answered() -> None:
    late = NO_LONGER_CHALLENGEABLE
    assert parse_utterance("overrule", late.typed()) == Command("overrule")
    assert parse_utterance("challenge", late.typed()) == Command("challenge")


def test_the_recognizers_grammars_hold_them_only_in_their_moment() -> None:
    closed_clue, closed_guess = NO_LONGER_REFUSED, NO_LONGER_CHALLENGEABLE
    assert {"allow it", "overrule"} <= set(phrases(AFTER_REFUSAL))
    assert not {"allow it", "overrule"} & set(phrases(closed_clue))
    assert "challenge" in phrases(AFTER_CLUE) and "challenge" not in phrases(closed_guess)
    assert "overrule" in strict_jsgf(AFTER_REFUSAL) and "overrule" not in strict_jsgf(closed_clue)
    assert "challenge" in strict_jsgf(AFTER_CLUE) and "challenge" not in strict_jsgf(closed_guess)
    assert "challenge" in build_grammar(AFTER_CLUE).jsgf and "challenge" not in build_grammar(closed_guess).jsgf
    whisper_open = {f.words for f in phase_forms(AFTER_REFUSAL)}
    whisper_closed = {f.words for f in phase_forms(closed_clue)}
    assert {("allow", "it"), ("overrule",)} <= whisper_open and not {("allow", "it"), ("overrule",)} & whisper_closed
    assert ("challenge",) in {f.words for f in phase_forms(AFTER_CLUE)}
