"""A common translation of a visible card is asked about (the rulebook's FAQ leaves a
foreign word to the table); an English word that happens to be one is English."""

from __future__ import annotations

from importlib import resources

import pytest
import wordfreq

from voicemaster.referee import judge_clue
from voicemaster.referee.lexicon import LANGUAGES

TABLE = resources.files("voicemaster.referee") / "data" / "translations.tsv"
MIN_ZIPF = 2.0
"""The table's header: a translation is a word wordfreq knows in its language."""


@pytest.mark.parametrize(
    ("card", "clue", "reason"),
    [
        ("CITY", "ciudad", "Ciudad is CITY in Spanish."),
        ("CAT", "katze", "Katze is CAT in German."),
        ("UNCLE", "tío", "Tio is UNCLE in Spanish."),
        ("UNCLE", "tio", "Tio is UNCLE in Spanish."),
        ("STREET", "straße", "Straße is STREET in German."),
        ("STREET", "strasse", "Strasse is STREET in German."),
        ("NIGHT", "notte", "Notte is NIGHT in Italian."),
        ("THEATRE", "teatro", "Teatro is THEATRE in Spanish."),
    ],
)
def test_a_translation_of_a_card_is_asked(card: str, clue: str, reason: str) -> None:
    verdict = judge_clue(f"{clue} 2", [card, "PIANO"])
    assert (verdict.verdict, verdict.rule, verdict.reason, verdict.card) == ("ask", "same-word", reason, card)


@pytest.mark.parametrize(
    ("card", "clue"),
    [("BREAD", "pain"), ("POISON", "gift"), ("HAND", "main"), ("COFFEE", "cafe"), ("CITIZEN", "burger")],
)
def test_an_english_word_that_is_a_translation_is_english(card: str, clue: str) -> None:
    """Cafe and burger are loans English says every day (Bürger is German for citizen)."""
    assert judge_clue(f"{clue} 1", [card]).verdict == "legal"


def test_a_translation_of_no_visible_card_is_legal() -> None:
    assert judge_clue("katze 1", ["DOG", "PIANO"]).verdict == "legal"


def _rows() -> list[list[str]]:
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    return [line.split("\t") for line in lines if line and not line.startswith("#")]


def test_every_translation_is_a_word_of_its_language() -> None:
    """Each written word is one that wordfreq's word lists know in that language, so a
    slip of the pen cannot put an unknown word in the table."""
    unknown = [
        f"{row[0]}:{language}:{word}"
        for row in _rows()
        for language, words in zip(LANGUAGES, row[1:])
        for word in filter(None, words.split(","))
        if wordfreq.zipf_frequency(word, language) < MIN_ZIPF or word == row[0] or " " in word
    ]
    assert not unknown
    assert all(len(row) == 1 + len(LANGUAGES) and row[0].isalpha() and row[0].islower() for row in _rows())
