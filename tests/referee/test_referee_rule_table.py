"""Our own table of clue cases (clue_cases.tsv): every CLUE_RULES.md rule, the
words of issue 11, accidental strings and true derivations and compounds, each
row with its rulebook reasoning."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.referee.clue_cases import HELD_BACK, VALIDATION, VALIDATION_2, Case, disagreements, read_cases

KNOWN_MISJUDGEMENTS = {
    ("COW", "coward"): "WordNet links coward to the verb cow (to intimidate), a false etymology",
}
"""Rows the referee gets wrong, with why: the table keeps the right answer."""
MIN_AGREEMENT = 0.99
MIN_VALIDATION_AGREEMENT = 0.95
"""The validation lists are judged as a whole: their rows were written before measuring."""
MIN_HELD_BACK_AGREEMENT = 0.93
"""The held-back lists were measured once (94.8% and 93.8%) and are never tuned on:
this floor only catches a referee that got worse on them."""
CASES = read_cases()


def _param(case: Case) -> pytest.ParameterSet:
    key = (case.visible[0] if case.visible else "", case.clue)
    marks = [pytest.mark.xfail(reason=KNOWN_MISJUDGEMENTS[key], strict=True)] if key in KNOWN_MISJUDGEMENTS else []
    return pytest.param(case, id=case.name, marks=marks)


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_rule_table(case: Case) -> None:
    verdict, rule, reason = case.judge()
    assert (verdict, rule) == (case.verdict, case.rule), reason


def test_agreement_on_the_whole_table() -> None:
    wrong = disagreements(CASES)
    assert 1 - len(wrong) / len(CASES) >= MIN_AGREEMENT, [case.name for case in wrong]


@pytest.mark.parametrize("path", [VALIDATION, VALIDATION_2], ids=lambda path: path.stem)
def test_agreement_on_the_validation_lists(path: Path) -> None:
    cases = read_cases(path)
    wrong = disagreements(cases)
    assert 1 - len(wrong) / len(cases) >= MIN_VALIDATION_AGREEMENT, [case.name for case in wrong]


@pytest.mark.parametrize("path", HELD_BACK, ids=lambda path: path.stem)
def test_agreement_on_the_held_back_lists(path: Path) -> None:
    cases = read_cases(path)
    wrong = disagreements(cases)
    assert len(cases) >= 60
    assert 1 - len(wrong) / len(cases) >= MIN_HELD_BACK_AGREEMENT, [case.name for case in wrong]


def test_table_is_large_and_reasoned() -> None:
    assert len(CASES) >= 300
    assert all(case.why for case in CASES)
    spelled_inside = [c for c in CASES if len(c.visible) == 1 and c.visible[0].lower() in c.clue.lower()]
    assert sum(c.verdict == "legal" for c in spelled_inside) >= 60
    assert sum(c.verdict == "illegal" and c.rule in ("form", "compound") for c in CASES) >= 60
