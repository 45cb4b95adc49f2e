"""The parts a compound can have: common words said with stress, or a head heard
only reduced (cupboard: CUB-erd) or after something that is no word (petticoat).

A part said reduced, its stress or vowels lost, is heard only in a noun WordNet shows
to be a thing of that part's kind (each semantic class of cupboard is one of
board's): by sound alone, pardon would be par + don. The classes are broad (a
cartridge is an artifact as a ridge is), so such a split is only LIKELY.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import SHORTENED, Phones, bare, is_vowel, pronunciations, stressed
from voicemaster.referee.tuning import COMPOUNDS


def part_ok(part: str) -> bool:
    """A common word, not a name (cara in caravan), not too rare."""
    lex = lexicon()
    freq = lex.freq(part)
    if len(part) < COMPOUNDS.min_part or freq < COMPOUNDS.min_part_zipf or not pronunciations(part):
        return False
    return part in lex.pos or (
        len(part) >= COMPOUNDS.other_part_length and freq >= COMPOUNDS.other_part_zipf and part not in lex.proper
    )


def stressed_prons(part: str) -> list[Phones]:
    """Pronunciations of a part said with stress (not a reduced function-word form)."""
    return [p for p in pronunciations(part) if any(stressed(x) for x in p)]


CLASSICAL_PREFIXES = frozenset("con com pro per pre sub mono".split())
"""Latin and Greek prefixes spelled like words: conquest is no con + quest, monorail no mono + rail."""
NASALISED = {"K": "NG", "G": "NG", "P": "M", "B": "M"}
"""N takes the place of a following consonant (handkerchief: HANG-kerchief)."""


def _skeleton(phones: Phones) -> tuple[tuple[str, ...], int]:
    """(consonants, number of vowels): an R-coloured vowel (ER) counts as a vowel and an R."""
    consonants: list[str] = []
    vowels = 0
    for phone in phones:
        if is_vowel(phone):
            vowels += 1
            if bare(phone) == "ER":
                consonants.append("R")
        else:
            consonants.append(phone)
    return tuple(consonants), vowels


def _reduced_tails(head: tuple[str, ...], following: str) -> set[tuple[str, ...]]:
    """A first part's consonants as said before the next part's first consonant:
    whole, its last one dropped (cupboard: CUB-board), N assimilated (handkerchief)."""
    out = {head}
    if head and following:
        dropped = head[:-1]
        out.add(dropped)
        for tail in (head, dropped):
            if tail and tail[-1] == "N" and following in NASALISED:
                out.add((*tail[:-1], NASALISED[following]))
    return out




def _kept(vowel: str) -> set[str]:
    return {vowel, SHORTENED.get(vowel, vowel)}


def _first_vowel(phones: Phones) -> str:
    return next((bare(p) for p in phones if is_vowel(p)), "")


def _joins_reduced(whole: Phones, first: str, head: str, linked: bool) -> bool:
    """Do the parts, said quickly, give the whole: the first part with its own
    vowel (or that vowel shortened: vineyard) and the main stress, its last
    consonant perhaps swallowed by the next (cupboard: KUB-erd), then a linking s
    if spelled (kinsman), then the head's consonants whole but its vowels reduced
    (boatswain: BOE-sun)?"""
    consonants, vowels = _skeleton(whole)
    stresses = [p.endswith("1") for p in whole if is_vowel(p)]
    links = [("S",), ("Z",)] if linked else [()]
    for said_first in stressed_prons(first):
        first_consonants, first_vowels = _skeleton(said_first)
        if True not in stresses[:first_vowels] or _first_vowel(whole) not in _kept(_first_vowel(said_first)):
            continue
        for tail in stressed_prons(head):
            tail_consonants, tail_vowels = _skeleton(tail)
            if first_vowels + tail_vowels != vowels or is_vowel(tail[0]):
                continue
            following = (*links[0], *tail_consonants)[0]
            said = _reduced_tails(first_consonants, following)
            if any(start + link + tail_consonants == consonants for start in said for link in links):
                return True
    return False


def _reduced_head(part: str, linked: bool) -> bool:
    """A head worth hearing when reduced: a WordNet noun, long and common enough,
    not a suffix spelled like a word (priesthood)."""
    lex = lexicon()
    return (
        len(part) >= (COMPOUNDS.min_part if linked else COMPOUNDS.reduced_head)
        and lex.freq(part) >= COMPOUNDS.reduced_head_zipf
        and bool(kinship.classes(part))
        and not affixal(part)
        and bool(pronunciations(part))
    )


@lru_cache(maxsize=8192)
def reduced_splits(word: str) -> tuple[tuple[str, str], ...]:
    """Two-word splits of a common noun heard only with reduced parts: a compound
    only when WordNet shows the whole to be a thing of its head's kind (cupboard:
    board), for the sound alone would also make pardon par + don. Names (Portland)
    and classical prefixes (conquest) are no such compounds."""
    if "N" not in kinship.wordnet_pos(word):
        return ()
    found = []
    for cut in range(COMPOUNDS.min_part, len(word) - COMPOUNDS.min_part):
        first = word[:cut]
        if first in CLASSICAL_PREFIXES or not part_ok(first):
            continue
        for linked in (False, True):
            head = word[cut + linked :]
            if linked and word[cut] != "s":
                continue
            if _reduced_head(head, linked) and of_its_kind(word, head):
                if any(_joins_reduced(w, first, head, linked) for w in pronunciations(word)):
                    found.append((first, head))
    return tuple(found)


@lru_cache(maxsize=8192)
def kind_heads(word: str) -> tuple[str, ...]:
    """A noun that ends in a word heard whole and stressed at its end, and is a thing
    of that word's kind, though what comes first is no word: a petticoat is a coat, a
    mermaid a maid. LIKELY only: the table decides."""
    if "N" not in kinship.wordnet_pos(word):
        return ()
    wholes = [tuple(bare(p) for p in w) for w in pronunciations(word)]
    found = []
    for cut in range(2, len(word) - COMPOUNDS.reduced_head + 1):
        head = word[cut:]
        if not _reduced_head(head, False) or not of_its_kind(word, head):
            continue
        for said in stressed_prons(head):
            tail = tuple(bare(p) for p in said)
            if any(w[len(w) - len(tail) :] == tail and len(w) > len(tail) for w in wholes):
                found.append(head)
                break
    return tuple(found)


def of_its_kind(whole: str, head: str) -> bool:
    """Is the noun `whole` a thing of its head's kind: is each of its WordNet
    semantic classes one of the head's? A cupboard is a board (artifact), a
    boatswain a swain (person); a pardon (an act) is no don, a carpet no pet."""
    mine = kinship.classes(whole)
    return bool(mine) and mine <= kinship.classes(head)
