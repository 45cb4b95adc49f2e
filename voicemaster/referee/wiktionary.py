"""Wiktionary's word on a derivation the affix rules see but cannot prove.

The rules find sluggish in slug + -ish, and treasurer in treasure + -er, but WordNet
does not tie them, so the evidence stays weak and the table is asked. Wiktionary's
etymologies, as MorphyNet lists them (data/morphynet_suffixed.tsv.gz), say these
words are made so: that makes the rules' reading sure. Never the other way round:
Wiktionary alone has its false friends (letter <- let, master <- mast).
"""

from __future__ import annotations

from voicemaster.referee import kinship
from voicemaster.referee.lexicon import lexicon

NATURAL_KINDS = frozenset({"animal", "body", "food", "object", "plant", "substance"})
"""WordNet's classes of things no suffix makes from a word of another kind: liver, as
people use it, is an organ (body, food), whatever "one who lives" Wiktionary lists."""


def suffixed_from(word: str) -> list[str]:
    """The words Wiktionary derives `word` from by a suffix, in any of its senses."""
    return lexicon().suffixed.get(word, "").split()


def derives(word: str, base: str) -> bool:
    """Does Wiktionary derive `word` from `base` by a suffix, in the sense the word is
    used in? Not when every sense of it WordNet's tagged corpus met is a natural kind
    the base has no sense of (liver; but tigress, an animal, of tiger, an animal)."""
    if base not in suffixed_from(word):
        return False
    used = kinship.met_classes(word)
    return not (used and used <= NATURAL_KINDS and not used & kinship.classes(base))
