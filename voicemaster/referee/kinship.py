"""What WordNet says a word is made from: its kin, and whether it knows the word.

The table (data/wordnet_kin.tsv.gz, built by scripts/build_morphology.py) lists
for each WordNet lemma the words its senses show it is derived from or built
on, spelled inside it or linked as derivations (fisherman: fish; iceberg: ice;
French: France), and the semantic classes of its noun senses (prisoner:
person). A word WordNet knows that does not list a string spelled inside it
holds that string by accident (manner: man; antelope: ant), unless a productive
suffix or a plain compound says otherwise (derivation, compounds). A kin that
WordNet only gives as a synonym leaving a non-word (caravan: van; capital: cap)
is minor: a clipping and an accident look the same there.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee.lexicon import lexicon

MINOR = "~"


@dataclass(frozen=True)
class Kin:
    word: str
    minor: bool
    """Only a synonym ties them (caravan ~ van): the opposing spymaster judges."""


def known(word: str) -> bool:
    """Does WordNet define this word (so that silence about a kin means none)?"""
    return word in lexicon().wordnet


def wordnet_pos(word: str) -> str:
    """The word's parts of speech in WordNet (N, V, A, R), "" when unknown or only a name."""
    pos = lexicon().wordnet.get(word, "")
    return "" if "P" in pos else pos


@lru_cache(maxsize=65536)
def classes(word: str) -> frozenset[str]:
    """The semantic classes of the word's noun senses in WordNet (prisoner: person)."""
    return frozenset(lexicon().classes.get(word, "").split())


@lru_cache(maxsize=65536)
def met_classes(word: str) -> frozenset[str]:
    """The classes of the noun senses WordNet's sense-tagged corpus met: the word as
    it is used (butter: food), empty when the corpus never met it as a noun."""
    return frozenset(lexicon().met_classes.get(word, "").split())


@lru_cache(maxsize=65536)
def akin(word: str) -> frozenset[str]:
    """Words spelled at its start whose definitions share a rare word with its own
    (prisoner: prison, both "confined"; not dentist: dent): the base's sense is the
    word's own subject, though WordNet does not link them."""
    return frozenset(lexicon().akin.get(word, "").split())


@lru_cache(maxsize=65536)
def kin(word: str) -> dict[str, bool]:
    """Kin word -> whether the tie is minor (a synonym only)."""
    entry = lexicon().kin.get(word, "")
    return {item.rstrip(MINOR): item.endswith(MINOR) for item in entry.split()}


@lru_cache(maxsize=65536)
def _reach(word: str) -> dict[str, Kin]:
    """Words one or two kin steps from `word` (unhappiness ~ unhappy ~ happy),
    each with the word that links them; a step's own tie is judged by itself."""
    out: dict[str, Kin] = {}
    for middle, minor in kin(word).items():
        for further, minor_further in kin(middle).items():
            known = out.get(further)
            if known is None or (known.minor and not (minor or minor_further)):
                out[further] = Kin(middle, minor or minor_further)
    out.update((other, Kin(other, minor)) for other, minor in kin(word).items())
    return out


@lru_cache(maxsize=65536)
def near(word: str) -> frozenset[str]:
    """The word and every word one or two kin steps away: two words can only be
    related when these meet, which is quick to rule out."""
    return frozenset({word, *_reach(word)})


@lru_cache(maxsize=65536)
def related(a: str, b: str) -> Kin | None:
    """Is `b` kin to `a` in WordNet: directly, through one word between
    (unhappiness ~ unhappy ~ happy), or as two words of one base (teacher,
    teaching ~ teach)? A direct tie is judged by itself, before any path: the
    word's own entry is the most specific evidence there is."""
    kin_a, kin_b = kin(a), kin(b)
    direct = [Kin(w, minor) for w, minor in ((b, kin_a.get(b)), (a, kin_b.get(a))) if minor is not None]
    if direct:
        return min(direct, key=lambda k: k.minor)
    paths = [found for found in (_reach(a).get(b), _reach(b).get(a)) if found is not None]
    paths += [Kin(m, kin_a[m] or kin_b[m]) for m in kin_a.keys() & kin_b.keys()]
    return min(paths, key=lambda k: k.minor, default=None)
