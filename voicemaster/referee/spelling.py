"""British and American spellings of one word (THEATER = theatre, COLOR = colour)."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

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


ALTERNATIONS = (
    ("ph", "f"), ("ck", "k"), ("qu", "k"), ("q", "k"), ("c", "k"), ("z", "s"),
    ("ae", "e"), ("oe", "e"), ("ou", "u"), ("ts", "s"), ("ks", "s"),
)
"""Letters one word's spellings trade (mollusc, mollusk; caftan, kaftan; tsar, czar;
liquorice, licorice), applied in order after a leading ch- is read as c- (chamomile,
camomile), a final -ee as -i (saree, sari) and y as i (gypsy, gipsy) but before an i
(wearying is no wearing)."""
MAX_VOWEL_CHANGES = 2
VOWELS = re.compile("[aeiou]")
SURE_SPELLING = "="
DOUBTFUL_SPELLINGS = frozenset({"=!", "~"})
CLIPPED = "<"
FULL = ">"
SAME_WORD = frozenset({SURE_SPELLING, CLIPPED, FULL}) | DOUBTFUL_SPELLINGS


def spelling_key(word: str) -> str:
    """What the spellings of one word share: alternations traded, double letters single
    (skilful, skillful; tepee, teepee) and a final silent e dropped (annex, annexe)."""
    key = re.sub(r"y(?!i)", "i", re.sub(r"ee$", "i", re.sub(r"^ch", "c", word)))
    for letters, same in ALTERNATIONS:
        key = key.replace(letters, same)
    key = re.sub(r"(.)\1", r"\1", key)
    return key[:-1] if key.endswith("e") and len(key) > 3 else key


def spelled_alike(a: str, b: str) -> str | None:
    """"=" when two words are one spelling key, "~" when only up to two vowels differ
    (kebab, kabob), else None."""
    key_a, key_b = spelling_key(a), spelling_key(b)
    if key_a == key_b:
        return "="
    if VOWELS.sub("", key_a) == VOWELS.sub("", key_b) and Levenshtein.distance(key_a, key_b) <= MAX_VOWEL_CHANGES:
        return "~"
    return None


def spelling_of(clue: str, card: str) -> str | None:
    """How the clue is the card in another spelling WordNet lists (data/wordnet_spellings.tsv.gz):
    SURE_SPELLING, CLIPPED (sax, SAXOPHONE) or FULL (saxophone, SAX) for certain; one of
    DOUBTFUL_SPELLINGS (only its vowels alike: kabob; or it has senses of its own: chilly,
    the pepper and the cold); None when it is not."""
    for entry in lexicon().spellings.get(clue, "").split("|"):
        other, _, kind = entry.partition(":")
        if other == card and kind in SAME_WORD:
            return kind
    return None
