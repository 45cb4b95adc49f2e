"""Prefix rules: un-, re-, mis-, pre-, non-, en-, em- before a known word, said as prefix + word."""

from __future__ import annotations

from dataclasses import dataclass

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import bare, pronunciations


@dataclass(frozen=True)
class Prefix:
    text: str
    sounds: tuple[str, ...]
    base: str
    """The base must have one of these parts of speech."""
    guarded: bool
    """The derived word must be rarer than its base: report is not re + port,
    retail not re + tail (un- is productive enough to need no such check)."""


PREFIXES = tuple(
    Prefix(text, tuple(f"{onset}{s}{coda}" for s in "012"), base, guarded)
    for text, onset, coda, base, guarded in (
        ("un", "AH", " N", "AV", False),
        ("re", "R IY", "", "V", True),
        ("mis", "M IH", " S", "NV", True),
        ("pre", "P R IY", "", "NV", True),
        ("non", "N AA", " N", "NAV", True),
        ("en", "IH", " N", "NA", True),
        ("en", "EH", " N", "NA", True),
        ("em", "IH", " M", "NA", True),
        ("em", "EH", " M", "NA", True),
    )
)


def _heard_as(word: str, prefix: Prefix, base: str) -> bool:
    """Said as prefix + base, with the main stress on the base (rebuild, not retail)."""
    wholes = pronunciations(word)
    if not wholes:
        return True
    for whole in wholes:
        for sound in prefix.sounds:
            head = sound.split()
            rest = whole[len(head) :]
            if [bare(p) for p in whole[: len(head)]] != [bare(p) for p in head]:
                continue
            if any(p.endswith("1") for p in rest) and any(
                [bare(p) for p in rest] == [bare(p) for p in b] for b in pronunciations(base)
            ):
                return True
    return False


def prefix_bases(word: str) -> set[str]:
    """Known words that `word` is a prefix before (unhappy -> happy, rebuild -> build)."""
    found: set[str] = set()
    for prefix in PREFIXES:
        base = word[len(prefix.text) :]
        if not word.startswith(prefix.text) or len(base) < 3 or not set(lexicon().pos.get(base, "")) & set(prefix.base):
            continue
        rarer = lexicon().freq(word) <= lexicon().freq(base)
        if (rarer or not prefix.guarded) and _heard_as(word, prefix, base):
            found.add(base)
    return found
