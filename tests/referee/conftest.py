"""Shared fixtures of the referee's tests."""

from __future__ import annotations

import pytest

from voicemaster.referee import word_clash


@pytest.fixture
def own_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    """The referee's own evidence alone, without the doubts people settled by hand
    (data/settled_pairs.tsv): what it leaves to the table, and why."""
    monkeypatch.setattr(word_clash, "settled", lambda clue, card: None)
