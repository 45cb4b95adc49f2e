"""Our own table of clue cases (clue_cases.tsv): every CLUE_RULES.md rule, the
words of issue 11, accidental strings and true derivations and compounds, each
row with its rulebook reasoning."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from voicemaster.referee import judge_clue

TABLE = Path(__file__).with_name("clue_cases.tsv")
KNOWN_MISJUDGEMENTS = {
    ("COOK", "cookie"): "WordNet's slang sense 'the cook on a ranch' ties cookie to cook",
    ("COW", "coward"): "WordNet links coward to the verb cow (to intimidate), a false etymology",
    ("DETECTIVE", "detect"): "WordNet neither links nor glosses detective with detect",
    ("PLANT", "plantation"): "WordNet neither links nor glosses plantation with plant",
}
"""Rows the referee gets wrong, with why: the table keeps the right answer."""
MIN_AGREEMENT = 0.99


class Case(NamedTuple):
    visible: tuple[str, ...]
    clue: str
    verdict: str
    rule: str
    house_rules: frozenset[str]
    why: str

    def judge(self) -> tuple[str, str, str]:
        verdict = judge_clue(
            self.clue,
            self.visible,
            allow_rhymes="allow-rhymes" in self.house_rules,
            allow_compound="allow-compound-clues" in self.house_rules,
        )
        return verdict.verdict, verdict.rule, verdict.reason


def read_cases(path: Path = TABLE) -> list[Case]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        visible, clue, verdict, rule, house, why = line.split("\t")
        cards = tuple(v.strip() for v in visible.split(",")) if visible else ()
        cases.append(Case(cards, clue, verdict, rule, frozenset(filter(None, house.split(","))), why))
    return cases


CASES = read_cases()


def _param(case: Case) -> pytest.ParameterSet:
    key = (case.visible[0] if case.visible else "", case.clue)
    marks = [pytest.mark.xfail(reason=KNOWN_MISJUDGEMENTS[key], strict=True)] if key in KNOWN_MISJUDGEMENTS else []
    return pytest.param(case, id=f"{'/'.join(case.visible)}:{case.clue}", marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_rule_table(case: Case) -> None:
    verdict, rule, reason = case.judge()
    assert (verdict, rule) == (case.verdict, case.rule), reason


def test_agreement_on_the_whole_table() -> None:
    wrong = [f"{'/'.join(c.visible)}:{c.clue}" for c in CASES if c.judge()[0] != c.verdict]
    assert 1 - len(wrong) / len(CASES) >= MIN_AGREEMENT, wrong


def test_table_is_large_and_reasoned() -> None:
    assert len(CASES) >= 300
    assert all(case.why for case in CASES)
    spelled_inside = [c for c in CASES if len(c.visible) == 1 and c.visible[0].lower() in c.clue.lower()]
    assert sum(c.verdict == "legal" for c in spelled_inside) >= 60
    assert sum(c.verdict == "illegal" and c.rule in ("form", "compound") for c in CASES) >= 60
