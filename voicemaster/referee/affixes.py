"""Derivational affixes: which base words a derived word comes from, and whether
what one word adds to another is only affixes.

The rules themselves are in suffixes.py, prefixes.py and listed_forms.py (demonyms
and irregular derivations); this module combines them, through at most two steps.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee.listed_forms import demonym_bases, listed_bases
from voicemaster.referee.prefixes import PREFIXES, prefix_bases
from voicemaster.referee.suffixes import SUFFIXES, suffix_bases
from voicemaster.referee.tuning import DERIVATIONS

INFLECTIONS = ("s", "es", "ed", "ing", "er", "est", "n", "en")
OTHER_ENDINGS = ("ie", "let", "ling", "ee", "eer", "ant", "ent", "ary", "ive", "ter", "an", "ese", "e")
"""Diminutives; -ee, -eer, -ant, -ent, -ary, -ive, -ter; demonyms' -an and -ese; the e
of a verb made from a noun (bathe)."""
ENDINGS = frozenset({s.text for s in SUFFIXES if s.ending} | set(INFLECTIONS + OTHER_ENDINGS))
"""What may follow a word in one derived from it: hand + -ful, art + -ist + -ic."""
DERIVATIONAL = frozenset(
    """ty ity th ess ress ier eer ery ry hood ship dom most ward wards wise ways ling let ette
    ock kin ish some ful less ness ment ism ist ian an ese ite ize ise ify fy en ive ative ous
    eous ious al ial ual ical ic ary ory age ance ence ancy ency ant ent ure ture ee ie y ly
    ate ation ition tion sion ion er or ar ster able ible ile ine ern cy""".split()
)
"""English derivational suffixes as a grammar lists them, productive or not: a word
that holds another followed by one of these may be derived from it (novel + -ty,
hose + -ier, hind + -most), so it is no accidental spelling. Not -ard, which ends
as many words borrowed whole (coward, custard) as made here (drunkard). The accident
rule and the ties WordNet gives (evidence.derived_soundly) read this list; ENDINGS, which
the shipped WordNet table is built with, is unchanged."""
BEGINNINGS = frozenset({p.text for p in PREFIXES if p.proof} | {"in", "im"})
"""Prefixes that, spelled before a word WordNet ties to the word, make it a form of it
(disarm, ARM); not be-, bi- or tri-, whose ties drifted (below, LOW; become, COME)."""


def remainder(longer: str, shorter: str) -> str | None:
    """What `longer` adds to `shorter` written inside it (affixes if it can be:
    happily is happy + -ly, freezer freeze + -er), or None."""
    if longer.endswith(shorter):
        return longer[: -len(shorter)]
    heads = [shorter]
    if shorter[-1] in "ey":
        heads += [shorter[:-1], shorter[:-1] + "i"]
    rests = []
    for head in heads:
        if len(head) >= DERIVATIONS.min_head and longer.startswith(head):
            rest = longer[len(head) :]
            doubled = rest[:1] == head[-1] and len(rest) > 1
            rests += [rest[1:] if doubled else rest, head[-1] + rest]
    return next((r for r in rests if affixal(r)), rests[0] if rests else None)


def affixal(rest: str) -> bool:
    """Only affixes: "un", "ful", "ist" + "ic", "ness" + "es"."""
    return rest == "" or rest in BEGINNINGS or endings(rest, DERIVATIONS.max_endings)


def endings(rest: str, most: int) -> bool:
    """Only suffixes, at most `most` of them ("" is none)."""
    if rest in ENDINGS or not rest:
        return True
    return most > 1 and any(
        rest[:cut] in ENDINGS and endings(rest[cut:], most - 1) for cut in range(2, len(rest) - 1)
    )


def suffixes_only(rest: str) -> bool:
    """Is `rest` one or two derivational suffixes (DERIVATIONAL) or inflections?"""
    known = DERIVATIONAL | ENDINGS
    return rest in known or any(rest[:cut] in known and rest[cut:] in known for cut in range(1, len(rest)))


def _suffix_bases(word: str) -> dict[str, bool]:
    """Base -> whether its sound was checked (all but -ation), so it may be derived further."""
    found: dict[str, bool] = {}
    for base, suffix in suffix_bases(word):
        found[base] = found.get(base, False) or suffix.sound != "none"
    return found


@lru_cache(maxsize=16384)
def bases(word: str, depth: int = DERIVATIONS.max_depth) -> frozenset[str]:
    """Words that `word` is derived from (breakage -> break, unhappiness -> happy).

    A base reached through -ation, whose sound is not checked, is not derived
    further: organization -> organize, but not on to organ.
    """
    suffixed = _suffix_bases(word)
    direct = set(suffixed) | set(prefix_bases(word)) | demonym_bases(word) | listed_bases(word)
    out = set(direct)
    if depth > 1:
        for base in direct:
            if suffixed.get(base, True):
                out |= bases(base, depth - 1)
    return frozenset(out)
