"""parse_clue: what the game takes as clue word(s) and number."""

from __future__ import annotations

import pytest

from voicemaster.referee import parse_clue

PARSES = [
    ("ocean two", ("ocean", 2)),
    ("ocean 2", ("ocean", 2)),
    ("Ocean Two", ("ocean", 2)),
    ("pack rat 3", ("pack rat", 3)),
    ("ocean unlimited", ("ocean", "unlimited")),
    ("ocean infinity", ("ocean", "unlimited")),
    ("ocean zero", ("ocean", 0)),
    ("broken", ("broken", None)),
    ("ice cream", ("ice cream", None)),
    ("b", ("b", None)),
    ("three", ("three", None)),  # a lone number word is the clue word
    ("mother-in-law", ("mother-in-law", None)),
    ("um my clue is ocean two", ("ocean", 2)),
    ("uh, the clue is: ocean, two!", ("ocean", 2)),
    ("clue ocean two", ("ocean", 2)),
    ("clue", ("clue", None)),  # the word "clue" alone is a clue word
    ("my clue is three", ("three", None)),
    ("clue 2", ("clue", 2)),  # how the game passes the clue word "clue" for two
    ("well two", ("well", 2)),
    ("okay ocean two", ("ocean", 2)),
    ("", ("", None)),
    ("Café, two!", ("cafe", 2)),  # accents folded, punctuation dropped
]


@pytest.mark.parametrize(("text", "expected"), PARSES)
def test_parse_clue(text: str, expected: tuple[str, object]) -> None:
    assert parse_clue(text) == expected
