"""Doubts settled by hand (data/settled_pairs.tsv): a pair the referee's evidence leaves
open, judged once by people, turns its question into a verdict; a pair players could
argue either way stays a question."""

from __future__ import annotations

from importlib import resources

import pytest

from voicemaster.referee import judge_clue
from voicemaster.referee.settled import ACCIDENT, MADE

TABLE = resources.files("voicemaster.referee") / "data" / "settled_pairs.tsv"


@pytest.mark.parametrize(
    ("card", "clue", "reason"),
    [
        ("NAME", "nameless", "Nameless is not allowed: it is a form of NAME."),
        ("PHRASE", "rephrase", "Rephrase is not allowed: it is a form of PHRASE."),
        ("VICTIM", "victimhood", "Victimhood is not allowed: it is a form of VICTIM."),
        ("NAMELESS", "name", "Name is not allowed: it is a form of NAMELESS."),
    ],
)
def test_a_word_people_judged_made_from_the_card_is_refused(card: str, clue: str, reason: str) -> None:
    verdict = judge_clue(f"{clue} 2", [card, "PIANO"])
    assert (verdict.verdict, verdict.reason) == ("illegal", reason)


@pytest.mark.parametrize(("card", "clue"), [("ART", "artery"), ("BASH", "bashful"), ("PET", "petty")])
def test_a_word_people_judged_an_accident_of_spelling_is_legal(card: str, clue: str) -> None:
    assert judge_clue(f"{clue} 1", [card]).verdict == "legal"


def test_a_pair_players_could_argue_either_way_is_still_asked() -> None:
    verdict = judge_clue("understand 1", ["STAND"])
    assert (verdict.verdict, verdict.card) == ("ask", "STAND")


def test_every_settled_pair_holds_the_word_at_its_start_or_end() -> None:
    rows = [line.split("\t") for line in TABLE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert len(rows) > 1000
    bad = [
        row
        for row in rows
        if len(row) != 3 or row[2] not in (MADE, ACCIDENT) or not (row[0].startswith(row[1]) or row[0].endswith(row[1]))
    ]
    assert not bad
    assert len({(row[0], row[1]) for row in rows}) == len(rows)
