"""Spellings of one word: British and American (THEATER = theatre, COLOR = colour), and the
other spellings and clippings WordNet lists (kaftan = CAFTAN, sax = SAXOPHONE)."""

from __future__ import annotations

import re
from functools import lru_cache

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.tuning import WORDS

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
    if len(word) < WORDS.spelling_rule_length:
        return word
    freq = lexicon().freq
    for pattern, replacement in RULES:
        other = pattern.sub(replacement, word)
        if other != word and freq(other) >= WORDS.spelling_rule_zipf and freq(word) >= WORDS.spelling_rule_zipf:
            return other
    return word


SURE_SPELLING = "="
VOWELS_APART = "~"
DOUBTFUL_SPELLINGS = frozenset({"=!", "~!", ">!"})
CLIPPED = "<"
FULL = ">"
"""The kinds of data/wordnet_spellings.tsv.gz (built by scripts/spelling_variants.py): spelled
alike; alike but for vowels, every sense of each the other's (kabob, kebab; tsar, czar);
in doubt (it has senses of its own: "!"); a clipping; a full form."""
SAME_WORD = frozenset({SURE_SPELLING, VOWELS_APART, CLIPPED, FULL}) | DOUBTFUL_SPELLINGS


def spelling_of(clue: str, card: str) -> str | None:
    """How the clue is the card in another spelling WordNet lists (data/wordnet_spellings.tsv.gz):
    SURE_SPELLING, VOWELS_APART (kabob, KEBAB), CLIPPED (sax, SAXOPHONE) or FULL (saxophone,
    SAX) for certain; one of DOUBTFUL_SPELLINGS (it has senses of its own: chilly, the pepper
    and the cold); None when it is not."""
    for entry in lexicon().spellings.get(clue, "").split("|"):
        other, _, kind = entry.partition(":")
        if other == card and kind in SAME_WORD:
            return kind
    return None
