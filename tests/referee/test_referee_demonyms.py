"""The people and things of places (issue 49): data/demonyms.tsv, written by hand, lists the
words made from a place's name, however the spelling moved (Moscow: Muscovite); a word of
another root for the same people is a clue of meaning (Newcastle: Geordie)."""

from __future__ import annotations

from importlib import resources

import pytest

from voicemaster.referee import judge_clue

TABLE = resources.files("voicemaster.referee") / "data" / "demonyms.tsv"


def _rows() -> list[tuple[str, list[str]]]:
    lines = TABLE.read_text(encoding="utf-8").splitlines()
    rows = (line.split("\t") for line in lines if not line.startswith("#"))
    return [(place, words.split(",")) for place, words in rows]


def test_the_table_is_lower_case_words_each_place_once() -> None:
    rows = _rows()
    places = [place for place, _ in rows]
    assert len(places) == len(set(places)) >= 300
    for place, words in rows:
        assert place.isalpha() and place.islower(), place
        assert words and all(w.isalpha() and w.islower() and w != place for w in words), place


def test_no_nickname_or_other_root_is_listed() -> None:
    listed = {word for _, words in _rows() for word in words}
    assert not listed & {"dutch", "geordie", "scouser", "kiwi", "hoosier", "cockney", "hellenic"}


@pytest.mark.parametrize(
    ("card", "clue"),
    [("MOSCOW", "muscovite"), ("MANCHESTER", "mancunian"), ("GLASGOW", "glaswegian"), ("VENICE", "venetian"),
     ("HALIFAX", "haligonian"), ("MADAGASCAR", "malagasy")],
)
def test_a_word_made_from_a_place_name_is_a_form_of_it(card: str, clue: str) -> None:
    verdict = judge_clue(clue, (card, "OCEAN"))
    assert (verdict.verdict, verdict.rule, verdict.card) == ("illegal", "form", card)


@pytest.mark.parametrize(("card", "clue"), [("NEWCASTLE", "geordie"), ("NETHERLANDS", "dutch")])
def test_a_name_of_another_root_for_its_people_is_legal(card: str, clue: str) -> None:
    assert judge_clue(clue, (card, "OCEAN")).verdict == "legal"
