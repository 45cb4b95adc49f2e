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

All of this is weak evidence (issue 25): WordNet's silence is no proof of an
accident, but no proof of a derivation either (a dentist is a person, and no one who
dents), so the opposing spymaster is asked, with the reason. A word not of the kind
its suffix makes is no derivation at all (manner, banner, clover: legal). Suffixes
that make no kind (baggage, shortage, serenity) and prefixes (nonsense) are asked about too.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.prefixes import prefix_bases
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
    """Is `word`, as it is used, the kind of word a suffix of this kind makes (a
    liver, met as an organ, is no one who lives)? A name (Kitchener, known only
    capitalised) is no derivation of anything."""
    pos = kinship.wordnet_pos(word)
    if kind == "quality":
        return bool(set(pos) & QUALITY_POS)
    return bool(pos) and bool(used_classes(word) & KINDS[kind])


def used_classes(word: str) -> frozenset[str]:
    """The kinds of thing the word names as it is used: the classes of the senses
    WordNet's tagged corpus met, or of all its noun senses when it met none."""
    return kinship.met_classes(word) or kinship.classes(word)


@lru_cache(maxsize=32768)
def unlinked_bases(word: str) -> dict[str, bool]:
    """Bases of a word WordNet defines but does not tie to them, each with whether it
    may be derived further (its suffix keeps the base's sound: snobbery <- snobby <-
    snob; not organization <- organize <- organ): by the suffixes whose kind the word
    is as it is used, or that make no kind and keep the base's sound (or respell it:
    diplomacy, defense), and by prefixes."""
    found = dict.fromkeys(prefix_bases(word), False)
    for base, suffix in suffix_bases(word):
        no_kind = suffix.makes == "" and (suffix.sound == "full" or not suffix.ending)
        if (
            no_kind
            or (suffix.makes == "base" and used_classes(word) & kinship.classes(base))
            or (suffix.makes not in ("", "base") and of_kind(word, suffix.makes))
        ):
            found[base] = found.get(base, False) or suffix.sound == "full"
    return found
