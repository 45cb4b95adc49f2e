"""Spellings of one word that WordNet lists (data/wordnet_spellings.tsv.gz): the
rulebook refuses a card "in any spelling variant", never a homophone."""

from __future__ import annotations

import pytest

from voicemaster.referee import judge_clue


@pytest.mark.parametrize(
    ("card", "clue"),
    [
        ("CAFTAN", "kaftan"),
        ("MOLLUSC", "mollusk"),
        ("CIPHER", "cypher"),
        ("LICORICE", "liquorice"),
        ("RACKET", "racquet"),
        ("KEBAB", "kabob"),
        ("TEPEE", "teepee"),
    ],
)
def test_another_spelling_of_the_card_is_refused(card: str, clue: str) -> None:
    verdict = judge_clue(f"{clue} 2", [card, "PIANO"])
    assert (verdict.verdict, verdict.rule) == ("illegal", "same-word")
    assert verdict.reason == f"{clue.capitalize()} is not allowed: it is a spelling of {card}."


def test_a_spelling_of_the_card_stays_refused_when_the_referee_asks() -> None:
    assert judge_clue("kaftan 1", ["CAFTAN"], referee_asks=True).verdict == "illegal"


@pytest.mark.parametrize(
    ("card", "clue", "reason"),
    [
        ("RACQUET", "racket", "Racket may be a spelling of RACQUET."),
        ("TRAVE", "traverse", "Traverse may be a spelling of TRAVE."),
    ],
)
def test_a_spelling_in_doubt_is_asked(card: str, clue: str, reason: str) -> None:
    """The clue has senses of its own: a racket is also a din, which no racquet is; to
    traverse is more than the full form of a trave (a crossbeam). Spellings alike but for
    their vowels whose every sense is the other's (kabob, KEBAB) are one word: refused."""
    verdict = judge_clue(f"{clue} 2", [card])
    assert (verdict.verdict, verdict.reason) == ("ask", reason)


@pytest.mark.parametrize(
    ("card", "clue"), [("GILD", "guild"), ("GUILD", "gild"), ("SCOOTER", "scoter"), ("NIGHT", "knight")]
)
def test_a_homophone_with_senses_of_its_own_is_never_refused_as_a_spelling(card: str, clue: str) -> None:
    """WordNet lists gild among guild's synonyms for one sense, but each has its own; it
    names the scoter (a duck) a scooter too. Scoter may still rhyme: never refused."""
    verdict = judge_clue(f"{clue} 1", [card])
    assert verdict.verdict != "illegal" and verdict.rule != "same-word"


@pytest.mark.parametrize(("card", "clue"), [("BUDGERIGAR", "budgie"), ("COMMUNIST", "commie"), ("AMMUNITION", "ammo")])
def test_a_clipping_with_an_ending_is_short_for_the_card(card: str, clue: str) -> None:
    """Issue 49: WordNet's synonyms clipped with -ie, -o or -s (data/wordnet_spellings.tsv.gz)."""
    verdict = judge_clue(f"{clue} 2", [card, "PIANO"])
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "same-word", card)
