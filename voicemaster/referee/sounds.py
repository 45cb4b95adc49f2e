"""Pronunciation helpers over cmudict phones ("HH AO1 R S")."""

from __future__ import annotations

import os
from functools import lru_cache

from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.spelling import american
from voicemaster.referee.tuning import LIKENESS

Phones = tuple[str, ...]


def is_vowel(phone: str) -> bool:
    return phone[-1].isdigit()


def bare(phone: str) -> str:
    """The phone without its stress digit."""
    return phone.rstrip("012")


def stressed(phone: str) -> bool:
    return phone[-1] in "12"


@lru_cache(maxsize=65536)
def pronunciations(word: str) -> tuple[Phones, ...]:
    entry = lexicon().prons.get(word)
    return tuple(tuple(p.split()) for p in entry.split("|")) if entry else ()


SHORTENED = {"AY": "IH", "EY": "EH", "IY": "EH", "OW": "AA", "UW": "AH"}
"""A long vowel English shortens before a cluster or in a longer word (vine, vineyard;
serene, serenity; divine, divinity)."""


def _alike(heard: str, said: str, shortened: bool = False) -> bool:
    """Same phone, or two vowels of which one lacks main stress (conduct ~
    conductor, angel ~ angelic); two vowels with main stress must agree
    (state is not static), but with `shortened` the base's may be said short
    in the whole (serene ~ serenity)."""
    if bare(heard) == bare(said):
        return True
    if shortened and SHORTENED.get(bare(said)) == bare(heard):
        return True
    return is_vowel(heard) and is_vowel(said) and (heard[-1] != "1" or said[-1] != "1")


def _starts_with(whole: Phones, base: Phones, shortened: bool = False) -> bool:
    return len(whole) >= len(base) and all(_alike(w, b, shortened) for w, b in zip(whole, base))


def has_sound_prefix(whole: str, base: str, loose: bool = False) -> bool | None:
    """Does `whole` start with the sound of `base`?

    A base that ends in an unstressed vowel may lose it (happy -> happily);
    `loose` ignores the base's last phone (act -> action, atom -> atomic) and lets
    its long vowel be said short (serene -> serenity).
    None when either word has no known pronunciation.
    """
    wholes, bases = pronunciations(whole), pronunciations(base)
    if not wholes or not bases:
        return None
    if loose:
        return any(_starts_with(w, b[:-1], shortened=True) for w in wholes for b in bases if len(b) > 1)
    return any(
        _starts_with(w, b) or (len(b) > 1 and b[-1].endswith("0") and _starts_with(w, b[:-1]))
        for w in wholes
        for b in bases
    )


def heard_within(longer: str, shorter: str, strict: bool) -> bool | None:
    """Is `shorter` heard somewhere in `longer`: its phones one after the other,
    stressed there? `strict`: each vowel as it is (human holds no "man": its a
    is a schwa); else an unstressed vowel may stand for any (happy in unhappiness).
    None when either pronunciation is unknown."""
    wholes, parts = pronunciations(longer), pronunciations(shorter)
    if not wholes or not parts:
        return None
    for whole in wholes:
        for part in parts:
            for start in range(len(whole) - len(part) + 1):
                segment = whole[start : start + len(part)]
                same = all((bare(w) == bare(p)) if strict else _alike(w, p) for w, p in zip(segment, part))
                if same and any(stressed(w) for w in segment):
                    return True
    return False


MERGED = {"AO": "AA"}
"""Stressed vowels most American speakers say alike (cot, caught: dog rhymes with frog)."""
REDUCED = "V"
REDUCIBLE = frozenset({"AH", "IH", "IY", "EH", "UH", "AA"})
"""Unstressed, these are heard as one reduced vowel: the dictionary's AH0, IH0 or AA2
(socket, locket; crayon, rayon; review, revue); an unstressed ER or OW keeps its sound (manner
does not rhyme with piano)."""


BEFORE_R = frozenset({"EH", "IH", "IY", "EY", "AE"})
"""Front vowels that merge before R for most speakers (hero HEER-oh, heroism HERR-oh-ism;
dear, endear)."""
BEFORE_VELAR = frozenset({"K", "G"})


def as_heard(phones: tuple[str, ...]) -> tuple[str, ...]:
    """Bare phones as they are heard: a front vowel before R is one sound, and N before
    K or G is NG (cmudict has drink with NG but drinkable with N)."""
    following = (*phones[1:], "")
    return tuple(
        "EH" if p in BEFORE_R and nxt == "R" else "NG" if p == "N" and nxt in BEFORE_VELAR else p
        for p, nxt in zip(phones, following)
    )


def _heard(phone: str) -> str:
    """A phone as heard in a rhyme, stress dropped: a stressed vowel merged (MERGED), an
    unstressed reducible one reduced."""
    if not is_vowel(phone):
        return phone
    if phone.endswith("1"):
        return MERGED.get(bare(phone), bare(phone))
    return REDUCED if bare(phone) in REDUCIBLE else bare(phone)


def rhyming_part(phones: Phones) -> tuple[str, ...] | None:
    """From the last vowel with primary stress to the end, without stress digits, the
    unstressed vowels after it as heard (_heard).

    Primary stress only: greenhouse (secondary stress on "house") does not rhyme
    with MOUSE the way a spymaster would mean it.
    """
    for i in range(len(phones) - 1, -1, -1):
        if phones[i].endswith("1"):
            return tuple(_heard(p) for p in phones[i:])
    return None


@lru_cache(maxsize=65536)
def _rhyming_parts(word: str) -> frozenset[tuple[str, ...]]:
    return frozenset(part for ph in _said(word) if (part := rhyming_part(ph)) is not None)


VOWEL_LETTERS = frozenset("aeiouy")


def rhymes(a: str, b: str) -> bool:
    """A rhyme by sound, not a homophone (knight/night is the same sound, not a rhyme; so
    are hock and hawk), as written or in American spelling (cmudict's); for a word cmudict
    lacks, by spelling: both end alike from a vowel on (gorse, horse)."""
    if not (_said(a) and _said(b)):
        return _spelled_rhyme(american(a), american(b))
    return bool(_rhyming_parts(a) & _rhyming_parts(b)) and not _heard_alike(a) & _heard_alike(b)


def _said(word: str) -> tuple[Phones, ...]:
    """cmudict's pronunciations of the word as written and in American spelling (flour, flor)."""
    return pronunciations(word) + pronunciations(american(word))


@lru_cache(maxsize=65536)
def _heard_alike(word: str) -> frozenset[tuple[str, ...]]:
    """The word's sounds with its unstressed vowels reduced alike: complement and
    compliment differ only there, and are heard the same."""
    return frozenset(tuple(_heard(p) for p in phones) for phones in _said(word))


ENDING_SOUNDS = {"ed": ("D", "T", "AH0 D"), "d": ("D", "T"), "es": ("Z", "AH0 Z"), "s": ("Z", "S"), "ing": ("IH0 NG",)}
"""How a regular ending is said after its base (cowered: cower + D), for a form cmudict lacks."""


def said_alike(a: str, b: str) -> bool:
    """Are two words homophones: said alike, unstressed vowels reduced alike, a form cmudict
    lacks said as its lemma and ending (cowered, coward), and N-S heard as N-T-S, as most
    speakers say it (patience, patients; prince, prints)?"""
    return bool(_heard_forms(a) & _heard_forms(b))


@lru_cache(maxsize=65536)
def _heard_forms(word: str) -> frozenset[tuple[str, ...]]:
    sounds = set(_heard_alike(word))
    if not sounds:
        for lemma, _ in lexicon().lemmas_of(word):
            for ending, endings in ENDING_SOUNDS.items():
                if word.endswith(ending) and word[: -len(ending)].startswith(lemma[:-1]):
                    sounds |= {(*h, *(_heard(p) for p in e.split())) for h in _heard_alike(lemma) for e in endings}
    return frozenset(_with_stop(phones) for phones in sounds)


def _with_stop(phones: tuple[str, ...]) -> tuple[str, ...]:
    """A T between N and S, as most speakers say it (patience sounds like patients)."""
    out: list[str] = []
    for i, p in enumerate(phones):
        out.append(p)
        if p == "N" and phones[i + 1 : i + 2] == ("S",):
            out.append("T")
    return tuple(out)


def _spelled_rhyme(a: str, b: str) -> bool:
    """The longest ending both share, from its first vowel on, is three letters or more
    and is not all of either word (crumpet, trumpet; whelk, elk is a compound's business)."""
    ending = os.path.commonprefix([a[::-1], b[::-1]])[::-1]
    shared = len(ending)
    start = next((i for i, ch in enumerate(ending) if ch in VOWEL_LETTERS), len(ending))
    return len(ending) - start >= LIKENESS.spelled_rhyme and shared < min(len(a), len(b))
