"""Does a clue word clash with one card: same word, a form of it, or a compound?

WordNet decides for the words it defines: their kin (kin_clash), the
derivations it leaves unlinked whose kind it confirms (derivation), and which
of their spellings-as-compounds are real (compounds.vetted_splits). Affix
rules and sound alone judge the words WordNet does not know. A clash is certain
only on strong evidence (evidence.py); one that holds only through a homograph
(ROSE, rise), a synonym (caravan, van), a compound whose meaning drifted
(understand), a spelling WordNet does not confirm (cartridge: cart + ridge; dentist:
dent + -ist) or a word WordNet does not know is doubtful: the opposing spymaster decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator

from voicemaster.game.cards import plain_letters
from voicemaster.referee import affixes, compounds, derivation, kinship, listed_forms, wiktionary
from voicemaster.referee.affixes import affixal
from voicemaster.referee.compounds import LIKELY, SPELLED, SURE, Level
from voicemaster.referee.evidence import by_accident, derived_soundly
from voicemaster.referee.homographs import derived_elsewhere, inflected_elsewhere
from voicemaster.referee.kin_clash import heard_as_kin, kin_clash, maybe
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.naming import relation
from voicemaster.referee.prefixes import prefix_bases, sure_prefix_bases
from voicemaster.referee.readings import ANY_POS, noun_stems, readings, stems, sure_stems
from voicemaster.referee.settled import ACCIDENT, MADE, settled
from voicemaster.referee.shared_form import shares_form
from voicemaster.referee.sounds import bare, pronunciations, said_alike
from voicemaster.referee.spelling import CLIPPED, DOUBTFUL_SPELLINGS, FULL, american, spelling_of
from voicemaster.referee.translations import translated_from
from voicemaster.referee.tuning import COMPOUNDS, DERIVATIONS
from voicemaster.vocabulary import ordinal_number, spoken_number

PREFIX_LIKE = frozenset("super under over out counter inter micro mini mega multi para anti semi".split())
"""Words that open many compounds as prefixes: supervisor shares nothing with SUPERHERO."""
BY_SPELLING = "by spelling, not by meaning"


@dataclass(frozen=True)
class Clash:
    rule: str
    """"same-word", "form" or "compound"."""
    reason: str
    """What follows the clue's name: "is a form of BREAK"."""
    doubtful: bool = False
    """The opposing spymaster decides (a homograph, a synonym, a drifted compound)."""
    certain: str = ""
    """A doubtful form's or compound's reason said as certain ("is built on SHIP"), for
    when people settled the doubt (settled.py); "" where the doubt is of another kind."""


@lru_cache(maxsize=65536)
def squash(text: str) -> str:
    """One spelling key: lower case, no spaces, hyphens or apostrophes."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


@lru_cache(maxsize=65536)
def _american_phrase(text: str) -> str:
    return " ".join(american(w) for w in text.lower().replace("-", " ").split())


@lru_cache(maxsize=32768)
def rooted(word: str, depth: int = 2) -> dict[str, bool]:
    """Words that `word` or one of its stems is derived from (teachers -> teach), each
    with whether the evidence is strong: WordNet's kin spelled inside a word it defines,
    as evidence.py judges it, listed derivations, and derivations WordNet leaves
    unlinked (derivation.py) whose base's definitions share a rare word with the word's
    (prisoner, prison: kinship.akin); weakly, the other unlinked ones and what those are
    made from in turn (snobbery <- snobby <- snob), and affix rules alone, for a word
    WordNet lacks, unless Wiktionary says the word is made so (wiktionary.py)."""
    out: dict[str, bool] = {}
    for stem in sure_stems(word):
        found: dict[str, bool] = {}
        if kinship.known(stem):
            for k, minor in kinship.kin(stem).items():
                if not minor and len(k) <= len(stem) and k != stem and heard_as_kin(stem, k) and shares_form(stem, k):
                    if not by_accident(stem, k):
                        found[k] = derived_soundly(stem, k)
            for base, chained in derivation.unlinked_bases(stem).items():
                further = rooted(base, depth - 1) if depth > 1 and chained else {}
                attested = _attested(stem, base) and heard_as_kin(stem, base) and prefix_bases(stem).get(base, True)
                found[base] = found.get(base, False) or attested
                found.update((root, found.get(root, False)) for root in further if stem.startswith(root[:-1]))
        else:
            found = dict.fromkeys(affixes.bases(stem), False)
        found = {base: strong or wiktionary.derives(stem, base) for base, strong in found.items()}
        for base in wiktionary.learned_bases(stem) | sure_prefix_bases(stem):
            found[base] = True
            further = rooted(base, depth - 1) if depth > 1 else {}
            found.update((root, found.get(root, False) or strong) for root, strong in further.items())
        found.update((base, True) for base in listed_forms.listed_bases(stem))
        for base, strong in found.items():
            for root in {base} if _a_lemma_itself(base) else stems(base):
                out[root] = out.get(root, False) or strong
    return out


QUALITY_ENDINGS = ("ful", "less", "ish", "y", "some")


def _attested(word: str, base: str) -> bool:
    """Do the definitions of `word` share a rare word with those of `base`, or, for an
    adjective in -ful, -less, -ish, -y or -some of a common base, with those of a word
    WordNet derives from the base (snappish shares one with snappy, snap's kin)? A
    base's kin names its senses, so the word speaks of the base's meaning; holy, ready
    and bashful share nothing with any kin of hole, read or bash."""
    akin = kinship.akin(word)
    if base in akin:
        return True
    if not word.endswith(QUALITY_ENDINGS) or "A" not in kinship.wordnet_pos(word):
        return False
    return lexicon().freq(base) >= DERIVATIONS.common_base_zipf and any(
        not minor and kin in akin for kin, minor in kinship.kin(base).items()
    )


@lru_cache(maxsize=65536)
def roots(word: str, level: Level = LIKELY) -> frozenset[str]:
    """The words `word` is derived from, on strong evidence only (SURE) or on any."""
    return frozenset(base for base, strong in rooted(word).items() if strong or level > SURE)


def _a_lemma_itself(word: str) -> bool:
    """Is a base that is also an inflection a word of its own too, so that what is
    derived from it is not derived from its lemma (flattery <- flatter, to praise;
    not <- flat)?"""
    lex = lexicon()
    explained = {pos for _, pos in lex.lemmas_of(word)}
    return bool(explained) and bool(set(lex.pos.get(word, "")) - explained)


@lru_cache(maxsize=32768)
def part_stems(word: str, level: Level) -> frozenset[str]:
    """Noun stems of every part of a compound (snowmen -> snow, men, man)."""
    return frozenset(s for part in compounds.parts(word, level) for s in noun_stems(part))


@lru_cache(maxsize=32768)
def part_roots(word: str, level: Level) -> frozenset[str]:
    """What the parts of a compound are derived from (undertaker -> take)."""
    return frozenset(r for part in compounds.parts(word, level) for r in roots(part, level))


def _same_word(clue: str, card: str) -> bool:
    return squash(clue) == squash(card) or squash(_american_phrase(clue)) == squash(_american_phrase(card))


POS_NAMES = {"N": "noun", "V": "verb", "A": "adjective", "R": "adverb"}


def _said_two_ways(word: str) -> bool:
    """Is `word` spelled alike but said two ways (LEAD, TEAR, WIND): two words?"""
    return len({tuple(bare(p) for p in phones if p.endswith("1")) for phones in pronunciations(word)}) > 1


def _inflection(clue: str, card: str, display: str) -> Clash | None:
    """Inflections of one lemma in one part of speech: died and DICE are not
    (verb die, noun die), broken and BREAK are; rising and ROSE only if ROSE
    is read as the past of rise; led and LEAD only if LEAD is read as the verb
    (a card said two ways is two words; an irregular form belongs to one)."""
    best: Clash | None = None
    for said in readings(clue):
        for shown in readings(card):
            if said.word != shown.word or (said.pos != shown.pos and ANY_POS not in (said.pos, shown.pos)):
                continue
            elsewhere = shown.pos == ANY_POS and said.pos in POS_NAMES and inflected_elsewhere(shown.word, said.pos)
            if elsewhere and not said.doubtful:
                phrase = f"is a form of {display} only if {display} is not read as the {elsewhere}"
                best = best or Clash("form", phrase, True)
                continue
            irregular = not affixal(affixes.remainder(clue, card) or "-")
            if not (said.doubtful or shown.doubtful) and said.pos in POS_NAMES and irregular and _said_two_ways(card):
                reading = f"the {POS_NAMES[said.pos]}"
                best = best or Clash("form", f"is a form of {display} only if {display} is read as {reading}", True)
                continue
            if not (said.doubtful or shown.doubtful):
                return Clash("form", f"is a form of {display}")
            if shown.doubtful:
                best = Clash("form", f"is a form of {display} only if {display} is read as {shown.word}", True)
            else:
                best = best or Clash("form", f"is a form of {display} only if it is read as {said.word}", True)
    return best


def _derivation(clue: str, card: str, display: str, level: Level) -> Clash | None:
    """Affix rules for words WordNet does not define, and the listed irregular
    derivations (person ~ people) for all; named by the base they share (naming.py).
    Past SURE, on weak evidence too: doubtful."""
    a, b = sure_stems(clue), sure_stems(card)
    ra, rb = roots(clue, level), roots(card, level)
    base = min(ra & b or rb & a or ra & rb, default=None)
    if base is None:
        return None
    rule, phrase = relation((clue, clue), (card, card), base, display)
    elsewhere = next(filter(None, (derived_elsewhere(stem, c) for stem in a for c in b)), None)
    if elsewhere:
        return Clash(rule, f"{phrase} only if {display} is not read as the {elsewhere}", True)
    return Clash(rule, maybe(phrase), True, phrase) if level > SURE else Clash(rule, phrase)



def _shareable(part: str, level: Level) -> bool:
    """A part heard inside a one-word compound that is worth sharing: a noun or
    verb, not a short prefix-like word (con, pro), nor a short rare one unless WordNet
    confirms both compounds of it (sunspot and SUNROOF, catwalk and CATFISH). Words
    written apart always are."""
    lex = lexicon()
    content = bool(set(lex.pos.get(part, "")) & {"N", "V"}) and part not in PREFIX_LIKE
    return content and (
        len(part) >= COMPOUNDS.shared_min_length or level == SURE or lex.freq(part) >= COMPOUNDS.shared_short_zipf
    )


def _compound(clue: str, card: str, display: str, level: Level) -> Clash | None:
    """Compounds from the splits WordNet confirms; past SURE (doubtful), from those
    shaped like compounds, then from those by spelling only."""
    clue_parts, card_parts = part_stems(clue, level), part_stems(card, level)
    doubtful = level > SURE

    def said(phrase: str) -> Clash:
        reason = f"{phrase} {BY_SPELLING}" if level == SPELLED else maybe(phrase) if doubtful else phrase
        return Clash("compound", reason, doubtful, phrase if doubtful else "")

    if noun_stems(clue) & (card_parts | part_roots(card, level)):
        return said(f"is part of {display}")
    if noun_stems(card) & (clue_parts | part_roots(clue, level)):
        return said(f"is built on {display}")
    spelled_apart = " " in clue or " " in card
    shared = [
        part
        for part in sorted(compounds.parts(clue, level))
        if noun_stems(part) & card_parts and (spelled_apart or _shareable(part, level))
    ]
    if shared:
        return said(f"shares {shared[0]} with {display}")
    return None


def _kin(clue: str, card: str, display: str) -> Clash | None:
    tie = kin_clash(clue, card, display)
    return None if tie is None else Clash(tie.rule, tie.phrase, tie.doubtful, tie.certain)


def _ordinal(clue: str, card: str, display: str) -> Clash | None:
    """An ordinal is a form of the number it is made from (THREE: third, NINE: ninth);
    first and second are other words."""
    for ordinal, number in ((clue, card), (card, clue)):
        found = ordinal_number(ordinal)
        if found is not None and spoken_number(number) == found:
            return Clash("form", f"is a form of {display}")
    return None


def _spelling(clue: str, card: str, display: str) -> Clash | None:
    """A spelling or a clipping of the card WordNet lists (kaftan, CAFTAN; sax, SAXOPHONE);
    doubtful when only its vowels are alike or it has senses of its own (spelling.spelling_of)."""
    kind = next(filter(None, (spelling_of(a, b) for a, b in _with_card_stems(_spelled_stems(clue), card))), None)
    if kind is None:
        return None
    if kind in DOUBTFUL_SPELLINGS:
        return Clash("same-word", f"may be a spelling of {display}", True)
    said = {CLIPPED: f"is short for {display}", FULL: f"is {display} in full"}.get(kind, f"is a spelling of {display}")
    return Clash("same-word", said)


def _translation(clue: str, card: str, display: str) -> Clash | None:
    """A common translation of the card that is no English word: the table decides."""
    pairs = _with_card_stems(_translated_stems(clue), card)
    language = next(filter(None, (translated_from(a, b) for a, b in pairs)), None)
    return None if language is None else Clash("same-word", f"is {display} in {language}", True)


@lru_cache(maxsize=65536)
def _spelled_stems(clue: str) -> tuple[str, ...]:
    """The clue's stems that the table of spellings lists (kaftans: kaftan)."""
    return tuple(sorted(stem for stem in sure_stems(clue) if stem in lexicon().spellings))


@lru_cache(maxsize=65536)
def _translated_stems(clue: str) -> tuple[str, ...]:
    """The clue's stems that the table of translations lists, accents folded."""
    listed = lexicon().translations
    return tuple(sorted(stem for stem in sure_stems(clue) if plain_letters(stem, sharp_s_as_ss=True) in listed))


def _with_card_stems(stems_listed: tuple[str, ...], card: str) -> Iterator[tuple[str, str]]:
    """Each listed stem of the clue with each stem of the card (kaftan, CAFTANS: caftan);
    none when the table lists no stem of the clue."""
    for a in stems_listed:
        for b in sorted(sure_stems(card)):
            yield a, b


def _checks(clue: str, card: str, display: str) -> Iterator[Clash | None]:
    """The checks in order, computed only as far as needed. A homophone is another word
    (CLUE_RULES): only its spelling or an inflection of one reading of the card can tie
    it to the card (led, LEAD), never a kinship of meaning (WordNet links coward and
    cower; cowered is no form of COWARD)."""
    one_word = not any(ch in clue + card for ch in " -")
    if one_word:
        yield _spelling(clue, card, display)
        yield _translation(clue, card, display)
        yield _ordinal(clue, card, display)
        yield _inflection(clue, card, display)
        if said_alike(clue, card):
            return
        yield _kin(clue, card, display)
        yield _derivation(clue, card, display, SURE)
    yield _compound(clue, card, display, SURE)
    weaker = [a or b for a, b in zip(_weaker(clue), _weaker(card))]
    if weaker[1]:
        yield _compound(clue, card, display, LIKELY)
    if weaker[2]:
        yield _compound(clue, card, display, SPELLED)
    if one_word and weaker[0]:
        yield _derivation(clue, card, display, LIKELY)


@lru_cache(maxsize=65536)
def _weaker(word: str) -> tuple[bool, bool, bool]:
    """Does weaker evidence find more for `word` than the level below, so that a check
    at that level could say anything new: its roots at LIKELY, its parts at LIKELY and
    at SPELLED?"""
    return (
        roots(word, LIKELY) != roots(word, SURE),
        part_stems(word, LIKELY) != part_stems(word, SURE) or part_roots(word, LIKELY) != part_roots(word, SURE),
        part_stems(word, SPELLED) != part_stems(word, LIKELY) or part_roots(word, SPELLED) != part_roots(word, LIKELY),
    )


def clash(clue: str, card: str) -> Clash | None:
    """How the clue (one word, or several when compound clues are allowed) clashes
    with a card: the first certain clash, else the first doubtful one."""
    display = card.upper()
    if _same_word(clue, card):
        return Clash("same-word", f"is the card {display}")
    doubtful: Clash | None = None
    said, shown = _american_phrase(clue), _american_phrase(card)
    for found in _checks(said, shown, display):
        if found is not None and not found.doubtful:
            return found
        doubtful = doubtful or found
    return _settle(doubtful, said, shown, display)


def _settle(doubt: Clash | None, clue: str, card: str, display: str) -> Clash | None:
    """A doubt about a form or a compound that people judged once (settled.py): made from
    the card, it is certain; an accident of spelling, no clash. A doubt about how a word is
    read (only if ... is read as ...), a spelling or a language stays the table's."""
    if doubt is None or not doubt.certain:
        return doubt
    label = settled(clue, card)
    if label == ACCIDENT:
        return None
    return Clash(doubt.rule, doubt.certain) if label == MADE else doubt
