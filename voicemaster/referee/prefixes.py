"""Prefix rules: un-, re-, mis-, pre-, non-, under-, en-, em-, be-, dis-, de-, bi-, tri- before a known word,
said as prefix + word."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import REDUCED, REDUCIBLE, as_heard, bare, is_vowel, pronunciations
from voicemaster.referee.tuning import DERIVATIONS


@dataclass(frozen=True)
class Prefix:
    text: str
    sounds: tuple[str, ...]
    base: str
    """The base must have one of these parts of speech."""
    guarded: bool
    """The derived word must be rarer than its base: report is not re + port,
    retail not re + tail (un- is productive enough to need no such check)."""
    base_stressed: bool = True
    """The main stress falls on the base (rebuild, not retail); bi- and tri- take it
    themselves (BIcycle, TRIcycle)."""
    proof: bool = True
    """Does a meaning shared with the base prove the word made from it? Not for be-, bi-
    and tri-, whose words drifted too often (below, behind, become; triangle), nor under-,
    a word too (underworld is a compound)."""
    sure: str = ""
    """The parts of speech of a base this prefix makes forms of whenever the word is heard
    as prefix + base and is rarer than it (issue 49: misspell, prefabricate, underinflate,
    nonbeliever), without WordNet's tie: mis-, pre-, non-, un-, under- make new words of
    their bases' meaning to this day. Not re-, dis-, de-, en-, be-, whose old words drifted
    (resign, display, delight, entreat, become)."""


NUMBER_PREFIXES = ("bi", "tri")
DRIFTING_PREFIXES = ("be", "under", *NUMBER_PREFIXES)
SURE_PREFIXES = {"mis": "VA", "pre": "VA", "un": "VA", "under": "VA", "non": "NVA"}
"""Prefix -> the parts of speech of the bases it surely makes forms of (Prefix.sure)."""
PREFIXES = tuple(
    Prefix(
        text,
        tuple(f"{onset}{s}{coda}" for s in "012"),
        base,
        guarded,
        base_stressed=text not in NUMBER_PREFIXES,
        proof=text not in DRIFTING_PREFIXES,
        sure=SURE_PREFIXES.get(text, ""),
    )
    for text, onset, coda, base, guarded in (
        ("un", "AH", " N", "AV", False),
        ("re", "R IY", "", "V", True),
        ("mis", "M IH", " S", "NV", True),
        ("pre", "P R IY", "", "NVA", True),
        ("non", "N AA", " N", "NAV", True),
        ("under", "AH", " N D ER0", "VA", True),
        ("en", "IH", " N", "NA", True),
        ("en", "EH", " N", "NA", True),
        ("em", "IH", " M", "NA", True),
        ("em", "EH", " M", "NA", True),
        ("be", "B IH", "", "NVA", True),
        ("be", "B IY", "", "NVA", True),
        ("dis", "D IH", " S", "NVA", True),
        ("de", "D IY", "", "NV", True),
        ("de", "D IH", "", "NV", True),
        ("bi", "B AY", "", "N", True),
        ("tri", "T R AY", "", "N", True),
        ("tri", "T R IH", "", "N", True),
    )
)


def _heard_as(word: str, prefix: Prefix, base: str) -> bool:
    """Said as prefix + base, with the main stress on the base where the prefix leaves it
    there (rebuild, not retail)."""
    wholes = pronunciations(word)
    if not wholes:
        return True
    for whole in wholes:
        for sound in prefix.sounds:
            head = sound.split()
            rest = whole[len(head) :]
            if [bare(p) for p in whole[: len(head)]] != [bare(p) for p in head]:
                continue
            if prefix.base_stressed:
                heard = _reduced(rest)
                if any(p.endswith("1") for p in rest) and any(heard == _reduced(b) for b in pronunciations(base)):
                    return True
            elif any(_consonants(rest) == _consonants(b) for b in pronunciations(base)):
                return True
    return False


def _reduced(phones: tuple[str, ...]) -> tuple[str, ...]:
    """Phones as heard, an unstressed reducible vowel as any (prefabricate's i, fabricate's a)."""
    heard = as_heard(tuple(bare(p) for p in phones))
    return tuple(
        REDUCED if is_vowel(p) and not p.endswith("1") and bare(p) in REDUCIBLE else h for p, h in zip(phones, heard)
    )


def _consonants(phones: tuple[str, ...]) -> tuple[str, ...]:
    """The consonants alone: an unstressed base's vowels are reduced (bicycle, cycle)."""
    return tuple(p for p in phones if not is_vowel(p))


@lru_cache(maxsize=16384)
def sure_prefix_bases(word: str) -> frozenset[str]:
    """Bases that `word` is surely a form of by a prefix (Prefix.sure): heard as prefix + base,
    rarer than it, the base of a part of speech the prefix surely makes forms of (misdial: dial;
    not uncanny, commoner than canny)."""
    lex = lexicon()
    found = set()
    for prefix in PREFIXES:
        base = word[len(prefix.text) :]
        if not prefix.sure or not word.startswith(prefix.text) or base not in prefix_bases(word):
            continue
        if set(lex.pos.get(base, "")) & set(prefix.sure) and lex.freq(word) < lex.freq(base):
            found.add(base)
    return frozenset(found)


@lru_cache(maxsize=16384)
def prefix_bases(word: str) -> dict[str, bool]:
    """Known words that `word` is a prefix before (unhappy -> happy, rebuild -> build),
    each with whether a meaning shared with it would prove the word made from it
    (Prefix.proof). Cached: not to be changed."""
    found: dict[str, bool] = {}
    for prefix in PREFIXES:
        base = word[len(prefix.text) :]
        if not word.startswith(prefix.text) or len(base) < DERIVATIONS.min_prefixed_base:
            continue
        if not set(lexicon().pos.get(base, "")) & set(prefix.base):
            continue
        rarer = lexicon().freq(word) <= lexicon().freq(base)
        if (rarer or not prefix.guarded) and _heard_as(word, prefix, base):
            found[base] = found.get(base, False) or prefix.proof
    return found
