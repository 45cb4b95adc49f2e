"""Shared fixtures of the referee's tests."""

from __future__ import annotations

from typing import Iterator

import pytest

from voicemaster.referee import word_clash


@pytest.fixture
def own_evidence(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The referee's own evidence alone, without the doubts people settled by hand
    (data/settled_pairs.tsv) and without Wiktionary's word on a derivation
    (wiktionary.py): what it leaves to the table, and why."""
    monkeypatch.setattr(word_clash, "settled", lambda clue, card: None)
    monkeypatch.setattr(word_clash.wiktionary, "derives", lambda word, base: False)
    _forget_roots()
    yield
    _forget_roots()


def _forget_roots() -> None:
    """The caches that hold what Wiktionary said."""
    for cached in (word_clash.rooted, word_clash.roots, word_clash.part_roots, word_clash._weaker):
        cached.cache_clear()
