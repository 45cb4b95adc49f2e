"""Derivations WordNet defines both words of but does not tie together.

WordNet links teacher to teach but not prisoner to prison, nor heartless to
heart. Its silence is no proof of an accident, so a productive suffix still
counts when the base is heard whole at the start of the word and the word is
of the kind the suffix makes (suffixes.Suffix.makes): -er, -or, -ist and -ian
make people (prisoner, treasurer; a manner, a banner or a clover are no
people), -ess women and female animals, -ness, -hood, -ship, -ism and -ry
states, acts and skills (dentistry, warmth), -ee people again (refugee), -ette
things of its base's own kind (cigarette), -less, -ful, -ish and -y adjectives. The
kinds are WordNet's semantic classes. Suffixes that end many unrelated words
(-age: savage; -ic: rustic) make no such claim.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.suffixes import suffix_bases

KINDS = {
    "person": frozenset({"person"}),
    "female": frozenset({"person", "animal"}),
    "abstract": frozenset(
        "act attribute cognition communication event feeling group location motive "
        "phenomenon possession process relation state time".split()
    ),
}
"""What each kind of suffix makes, as WordNet's noun classes."""
QUALITY_POS = frozenset("AR")


def of_kind(word: str, kind: str) -> bool:
    """Is `word` the kind of word a suffix of this kind makes? A name (Kitchener,
    known only capitalised) is no derivation of anything."""
    pos = kinship.wordnet_pos(word)
    if kind == "quality":
        return bool(set(pos) & QUALITY_POS)
    return bool(pos) and bool(kinship.classes(word) & KINDS[kind])


@lru_cache(maxsize=32768)
def unlinked_bases(word: str) -> frozenset[str]:
    """Bases of a word WordNet defines, by the suffixes whose kind the word is."""
    return frozenset(
        base
        for base, suffix in suffix_bases(word)
        if (suffix.makes == "base" and kinship.classes(word) & kinship.classes(base))
        or (suffix.makes not in ("", "base") and of_kind(word, suffix.makes))
    )
