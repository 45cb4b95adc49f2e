"""Wiktionary's word on a derivation the affix rules see but cannot prove.

The rules find sluggish in slug + -ish, and treasurer in treasure + -er, but WordNet
does not tie them, so the evidence stays weak and the table is asked. Wiktionary's
etymologies, as MorphyNet lists them (data/morphynet_suffixed.tsv.gz), say these
words are made so: that makes the rules' reading sure. Never the other way round:
Wiktionary alone has its false friends (letter <- let, master <- mast).

Nor when only spelling says it: a learned suffix (-al, -ic, -ive, -ize, -ify, -ion, -ity,
-ous, -ism, -ship, -th) often changes its base's sound and stress beyond the rules' checks
(origin, original; ample, amplify; haste, hasten), so there a word spelled as its base +
the suffix that Wiktionary derives from that base is made from it (issue 49). Not the
suffixes that make people, women or small ones (-er, -or, -ist, -ess, -ie, -ling), whose
spellings Wiktionary's false friends take (letter, mister, cookie).
"""

from __future__ import annotations

from voicemaster.referee import kinship
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.suffixes import Suffix, not_too_common, spelled_bases

NO_LEARNED_KINDS = frozenset({"person", "female", "base"})
"""What the suffixes make that Wiktionary's false friends are spelled with (suffixes.Suffix.makes)."""
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


def learned_bases(word: str) -> set[str]:
    """The bases `word` is spelled from by a suffix that makes no person or small one, and that
    Wiktionary derives it from (original <- origin, hasten <- haste; never letter <- let)."""
    return {base for base, suffix in spelled_bases(word) if _learned(word, base, suffix) and derives(word, base)}


def _learned(word: str, base: str, suffix: Suffix) -> bool:
    """May Wiktionary's word make `word` = `base` + `suffix` sure? Not for a suffix of people or
    small ones (but -ive making an adjective: explosive); for one that keeps its base's sound (-ful, -some, -ship), only where WordNet ties the
    two and the word is not much commoner than its base (courtship; not grateful, handsome: the
    rules' checks of sound and frequency stand there); never from a base used only as a natural
    kind, which a learned suffix rarely takes (ravenous is from raven, to devour, not the bird)."""
    adjective = suffix.text == "ive" and "A" in kinship.wordnet_pos(word)
    if (suffix.makes in NO_LEARNED_KINDS and not adjective) or suffix.text in ("er", "or", "ling"):
        return False
    used = kinship.met_classes(base) or kinship.classes(base)
    if used and used <= NATURAL_KINDS:
        return False
    if suffix.sound != "full" or adjective:
        return True
    return not_too_common(word, base) and (base in kinship.kin(word) or word in kinship.kin(base))
