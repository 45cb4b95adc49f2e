"""The clue-case tables beside this file, read for the tests and the benchmark: our
table (clue_cases.tsv), validation lists written before the referee was
measured on them (clue_cases_validation.tsv; clue_cases_validation_2.tsv, issue 17;
clue_cases_validation_5.tsv, clue_cases_validation_6.tsv, clue_cases_validation_7.tsv and
clue_cases_validation_8.tsv, issue 25; clue_cases_validation_9.tsv to
clue_cases_validation_12.tsv, issue 35; clue_cases_validation_13.tsv, issue 49), and held-back
lists written after a method was settled and measured once (clue_cases_validation_3.tsv
and clue_cases_validation_4.tsv, issue 17).

Since issue 25 the referee asks the table wherever its evidence is weak. An `ask` is
right only on a row whose verdict is `ask`: on a row the rulebook decides it is a
needless question, counted apart (deferred); a legal clue refused (a turn ended and
a cover handed over) and an illegal one passed are misjudgements."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from voicemaster.referee import judge_clue

TABLE = Path(__file__).with_name("clue_cases.tsv")
VALIDATION = Path(__file__).with_name("clue_cases_validation.tsv")
VALIDATION_2 = Path(__file__).with_name("clue_cases_validation_2.tsv")
VALIDATION_5 = Path(__file__).with_name("clue_cases_validation_5.tsv")
VALIDATION_6 = Path(__file__).with_name("clue_cases_validation_6.tsv")
VALIDATION_7 = Path(__file__).with_name("clue_cases_validation_7.tsv")
VALIDATION_8 = Path(__file__).with_name("clue_cases_validation_8.tsv")
FRESH_LISTS = tuple(Path(__file__).with_name(f"clue_cases_validation_{n}.tsv") for n in (9, 10, 11, 12))
"""Issue 35's lists, written from the rulebook by a writer who never ran the referee."""
VALIDATION_13 = Path(__file__).with_name("clue_cases_validation_13.tsv")
"""Issue 49's list, written from the rulebook before the referee was measured on it, no clue word
taken from another list or a test."""
HELD_BACK = tuple(Path(__file__).with_name(f"clue_cases_validation_{n}.tsv") for n in (3, 4))


class Case(NamedTuple):
    visible: tuple[str, ...]
    clue: str
    verdict: str
    rule: str
    house_rules: frozenset[str]
    why: str

    @property
    def name(self) -> str:
        return f"{'/'.join(self.visible)}:{self.clue}"

    def judge(self) -> tuple[str, str, str]:
        """(verdict, rule, reason) as the referee gives them."""
        verdict = judge_clue(
            self.clue,
            self.visible,
            allow_rhymes="allow-rhymes" in self.house_rules,
            allow_compound="allow-compound-clues" in self.house_rules,
        )
        return verdict.verdict, verdict.rule, verdict.reason


def read_cases(path: Path = TABLE) -> list[Case]:
    """Rows of tab-separated visible cards, clue, verdict, rule, house rules, why; # comments."""
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        visible, clue, verdict, rule, house, why = line.split("\t")
        cards = tuple(v.strip() for v in visible.split(",")) if visible else ()
        cases.append(Case(cards, clue, verdict, rule, frozenset(filter(None, house.split(","))), why))
    return cases


def misjudged(cases: list[Case]) -> list[Case]:
    """The cases the referee rules otherwise than the row, not counting its deferrals
    (an `ask` where the row says legal or illegal)."""
    return [case for case in cases if case.judge()[0] not in (case.verdict, "ask")]


def refused_legal(cases: list[Case]) -> list[Case]:
    """The legal clues the referee refuses."""
    return [case for case in cases if case.verdict == "legal" and case.judge()[0] == "illegal"]


def deferred(cases: list[Case]) -> list[Case]:
    """The cases the rulebook decides that the referee leaves to the table."""
    return [case for case in cases if case.verdict != "ask" and case.judge()[0] == "ask"]
