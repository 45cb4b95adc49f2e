"""British and American spellings of one word (THEATER = theatre, COLOR = colour)."""

from __future__ import annotations

import re
from functools import lru_cache

from voicemaster.referee.lexicon import lexicon

MIN_RULE_LENGTH = 5
MIN_RULE_ZIPF = 2.0
"""A spelling rule only applies when both spellings are words people write."""
RULES = (
    (re.compile(r"our(s|ed|ing|ful|less|ite|ites)?$"), r"or\1"),
    (re.compile(r"([^aeiou])re(s|d)?$"), r"\1er\2"),
    (re.compile(r"is(e|es|ed|ing|ation|ations|er|ers)$"), r"iz\1"),
    (re.compile(r"ys(e|es|ed|ing)$"), r"yz\1"),
    (re.compile(r"ogue(s)?$"), r"og\1"),
    (re.compile(r"ence(s)?$"), r"ense\1"),
    (re.compile(r"([aeiou][^aeiou]+[aeiou])ll(ed|ing|er|ers)$"), r"\1l\2"),
    (re.compile(r"^(an|h|p|orth|encyclop|arch)ae"), r"\1e"),
    (re.compile(r"^(f|man|oes)oe"), r"\1e"),
)


@lru_cache(maxsize=65536)
def american(word: str) -> str:
    """The American spelling of `word` (itself when there is no other)."""
    known = lexicon().american.get(word)
    if known:
        return known
    if len(word) < MIN_RULE_LENGTH:
        return word
    freq = lexicon().freq
    for pattern, replacement in RULES:
        other = pattern.sub(replacement, word)
        if other != word and freq(other) >= MIN_RULE_ZIPF and freq(word) >= MIN_RULE_ZIPF:
            return other
    return word
