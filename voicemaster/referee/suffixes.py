"""Suffix rules: which known word a word derived by a suffix comes from.

Each suffix says what the derived word and its base must be (parts of speech
from lemminflect): an agent noun in -er is only a noun and comes from a verb
(teacher <- teach), so corner (also a verb) is not corn + -er and hammer is not
ham + -er. Suffixes that keep the sound of the base (Germanic ones) must also
start with the base's pronunciation; a derivative is rarely much more common
than its base (department is not depart + -ment).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from voicemaster.referee.kinship import wordnet_pos
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.sounds import as_heard, bare, has_sound_prefix, pronunciations
from voicemaster.referee.tuning import DERIVATIONS, WORDS



@dataclass(frozen=True)
class Suffix:
    text: str
    derived: str
    """The derived word must have one of these parts of speech (N, V, A, R)."""
    base: str
    """The base must have one of these."""
    exclude: str = ""
    """The derived word must have none of these."""
    sound: str = "full"
    """"full": the base's sound starts the derived word; "loose": all but its
    last phone, an unstressed vowel matching any (act -> action, atom -> atomic,
    but state -/-> static); "none": no check (inform -> information)."""
    after: str = ""
    """A pattern the base must match."""
    min_base: int = 3
    double: bool = True
    """May the base's last consonant be doubled (run -> runner)? Not for -ery:
    battery is not bat + -ery. (-ess drops the e or o of -er and -or: tigress,
    actress.)"""
    guarded: bool = True
    """Apply the frequency check (tuning.DERIVATIONS.max_gain); -ation is specific enough without it
    (information <- inform)."""
    makes: str = ""
    """The kind of word the suffix makes ("person", "female", "abstract",
    "quality"): a word WordNet knows but does not tie to the base still counts
    as derived when it is of that kind (prisoner is a person, manner is not).
    "base": a thing of the base's own kind (a cigarette is a small cigar). "" for
    suffixes that end too many unrelated words (-age, -ic, -ion)."""
    ending: bool = True
    """Counted among the endings any word may take (affixes.ENDINGS, which the shipped
    WordNet table is built with). The rules of issue 25 are not: -cy and -se replace
    the base's last letters, -ure ends too many words to be read as an ending, and
    -ty and -ier came later (affixes.DERIVATIONAL)."""


SUFFIXES = (
    Suffix("er", "N", "V", exclude="VA", makes="person"),
    Suffix("er", "N", "N", exclude="VA", double=False, min_base=5, makes="person"),
    Suffix("or", "N", "V", exclude="VA", after="t$", makes="person"),
    Suffix("ness", "N", "A", makes="abstract"),
    Suffix("ment", "N", "V", makes="abstract"),
    Suffix("age", "N", "V", exclude="V"),
    Suffix("age", "N", "N", exclude="V", min_base=4, double=False),
    Suffix("ish", "A", "NA", exclude="V", makes="quality"),
    Suffix("ly", "AR", "AN", exclude="V", makes="quality"),
    Suffix("y", "A", "NV", exclude="N", makes="quality"),
    Suffix("ful", "A", "NV", makes="quality"),
    Suffix("ful", "N", "N"),
    Suffix("less", "A", "NV", makes="quality"),
    Suffix("some", "A", "NV", makes="quality"),
    Suffix("able", "A", "V", makes="quality"),
    Suffix("en", "AV", "NA", exclude="N"),
    Suffix("en", "V", "NA", exclude="N", sound="loose", after="([sf]t|ste)$"),
    Suffix("hood", "N", "NA", makes="abstract"),
    Suffix("ship", "N", "N", makes="abstract"),
    Suffix("dom", "N", "NA", makes="abstract"),
    Suffix("ist", "N", "NA", makes="person"),
    Suffix("ism", "N", "NA", makes="abstract"),
    Suffix("ive", "AN", "V", makes="person"),
    Suffix("ery", "N", "NVA", double=False),
    Suffix("ry", "N", "N", after="(et|st|al|el|ard|ant|ent)$", min_base=4, makes="abstract"),
    Suffix("ry", "N", "N", after="(er|or)$", min_base=5, makes="abstract"),
    Suffix("ee", "N", "NV", makes="person"),
    Suffix("ee", "N", "V", sound="none", after="[a-z]{3}ate$", makes="person", guarded=False),
    Suffix("ling", "N", "NVA", sound="loose"),
    Suffix("ette", "N", "N", sound="loose", makes="base"),
    Suffix("ess", "N", "N", makes="female"),
    Suffix("ed", "A", "N", exclude="NV", double=False),
    Suffix("th", "N", "AV", makes="abstract"),
    Suffix("ion", "N", "V", sound="loose", after="(t|[a-z]{3}ate|[a-z]{3}ss)$"),
    Suffix("ation", "N", "V", sound="none", min_base=4, guarded=False, makes="abstract"),
    Suffix("ian", "N", "NA", sound="loose", after="(ic|y)$", min_base=4, makes="person"),
    Suffix("ic", "A", "N", sound="loose", min_base=4),
    Suffix("al", "A", "N", exclude="V", sound="loose", min_base=4),
    Suffix("ical", "A", "N", exclude="V", sound="loose", min_base=4, guarded=False),
    Suffix("al", "A", "NA", exclude="V", sound="loose", after="ic$", guarded=False),
    Suffix("ous", "A", "N", sound="loose", min_base=4),
    Suffix("ity", "N", "A", sound="loose", min_base=4, makes="abstract"),
    Suffix("ize", "V", "NA", sound="loose", min_base=4),
    Suffix("ate", "V", "N", sound="loose", min_base=4, ending=False),
    Suffix("ure", "N", "VA", sound="loose", min_base=4, ending=False),
    Suffix("cy", "N", "NA", sound="loose", min_base=4, ending=False),
    Suffix("se", "N", "V", sound="loose", min_base=4, guarded=False, ending=False),
    Suffix("ie", "N", "N", makes="base"),
    Suffix("ty", "N", "A", min_base=4, makes="abstract", ending=False),
    Suffix("ier", "N", "N", min_base=4, makes="person", ending=False),
    Suffix("efy", "V", "A", sound="loose", min_base=4, ending=False),
    Suffix("ify", "V", "NA", sound="loose", min_base=4, ending=False),
)


def _pos(word: str) -> str:
    """Its parts of speech: lemminflect's, else WordNet's (caffeine is only in WordNet)."""
    return lexicon().pos.get(word, "") or wordnet_pos(word)


def _stems(word: str, suffix: Suffix) -> set[str]:
    """Spellings the base may have had before the suffix was added: -cy replaces a t
    (diplomat, diplomacy; pirate, piracy), -se the d of -nd (defend, defense)."""
    stem = word[: -len(suffix.text)]
    if suffix.text == "cy":
        return {stem + "t", stem + "te"}
    if suffix.text == "se":
        return {stem + "d"} if stem.endswith("n") else set()
    if suffix.text == "efy":
        return {stem + "e", stem + "id"}
    out = {stem, stem + "e", stem + "y", stem + "o"}
    if stem.endswith("i"):
        out.add(stem[:-1] + "y")
    if suffix.double and len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
        out.add(stem[:-1])
    if suffix.text == "ly":
        out.add(stem + "le")
    if suffix.text == "ry":
        out |= {stem + "er", stem + "or"}
    if suffix.text == "ee":
        out.add(stem + "ate")
    if suffix.text == "ess" and stem.endswith("r"):
        out |= {stem[:-1] + "er", stem[:-1] + "or"}
    if suffix.text in SYNCOPATING and len(stem) > 2 and stem[-1] == "r" and stem[-2] not in "aeiou":
        out.add(stem[:-1] + "er")
    if suffix.text == "ive":
        out.add(stem + "ion")
    if suffix.text == "ous" and stem[-1:] in ("e", "i"):
        out |= {stem[:-1], stem[:-1] + "e"}
    return out


SYNCOPATING = frozenset({"ic", "ical", "al", "ous", "ity", "ize", "ify"})
"""Learned suffixes before which a base's -er loses its e (cylinder, cylindrical; monster, monstrous).
Besides: -ive takes the stem of a noun in -ion (explosive, explosion), and -ous may follow a base's
last letter respelled e or i (righteous, right; gracious, grace)."""


def not_too_common(word: str, base: str) -> bool:
    freq = lexicon().freq
    return freq(word) <= freq(base) + DERIVATIONS.max_gain


def sound_mode(base: str, suffix: Suffix) -> str:
    """How closely `base` must be heard in it: a c softens before i, e or y, so
    only loosely (critic, criticism; lyric, lyricist)."""
    if suffix.sound == "full" and base.endswith("c") and suffix.text[0] in "iey":
        return "loose"
    return suffix.sound


def _sounds_derived(word: str, base: str, mode: str) -> bool:
    if mode == "none":
        return True
    return has_sound_prefix(word, base, loose=mode == "loose") is not False


def _stressed_sounds(word: str, unstressed: tuple[str, ...] = ("0", "2")) -> set[tuple[str, ...]]:
    """Its pronunciations with only the vowel of main stress: angle and angler
    both begin "AE NG G L", guitar and guitarist "G T AA R"."""
    return {as_heard(tuple(bare(p) for p in phones if not p.endswith(unstressed))) for phones in pronunciations(word)}


STRESSED_SUFFIXES = ("ee", "eer", "ette", "ese", "esque")
"""Suffixes that take the main stress, leaving the base's a secondary one (trust, trustee)."""


def heard_at_start(longer: str, shorter: str) -> bool:
    """Is `shorter` heard at the start of `longer`, by the vowels of main stress?
    Unknown pronunciations give the benefit of the doubt."""
    wholes, bases = _stressed_sounds(longer), _stressed_sounds(shorter)
    if longer.endswith(STRESSED_SUFFIXES) and longer.startswith(shorter):
        wholes |= _stressed_sounds(longer, ("0",))
    if not wholes or not bases or any(_begins(w, b) for w in wholes for b in bases):
        return True
    return _softened(longer, shorter) and any(_begins(w, (*b[:-1], s)) for w in wholes for b in bases for s in SOFT_C)


SOFT_C = ("S", "SH")
"""A final c said K is said S or SH before i or e (critic, criticism; music, musician)."""


def _softened(longer: str, shorter: str) -> bool:
    rest = longer[len(shorter) :]
    return shorter.endswith("c") and longer.startswith(shorter) and rest[:1] in ("i", "e")


def heard_as_derived(longer: str, shorter: str, rest: str) -> bool:
    """Could `longer` be heard as `shorter` + the suffix `rest`? A suffix that
    keeps the sound of its base (-er, -y, -ness) leaves it audible at the start:
    tower (the building, said TAU-er) is not heard as tow + -er, whatever else
    its spelling means. A rule of that suffix that lets the base's sound change there
    (soft, soften) lets it. Unknown pronunciations give the benefit of the doubt."""
    sounds = {suffix.sound for suffix in SUFFIXES if suffix.text == rest and re.search(suffix.after, shorter)}
    if sounds != {"full"}:
        return True
    return heard_at_start(longer, shorter)


VOICED = {"TH": "DH", "F": "V", "S": "Z"}
"""A base's last fricative may be voiced before a suffix (worth, worthy; grief, grieve)."""


def _begins(whole: tuple[str, ...], base: tuple[str, ...]) -> bool:
    if whole[: len(base)] == base:
        return True
    return len(whole) >= len(base) > 1 and whole[: len(base) - 1] == base[:-1] and VOICED.get(base[-1]) == whole[len(base) - 1]


def _looks_like_a_name(word: str) -> bool:
    """Chester, Carly, DIY: known only as a name, or common yet in no dictionary."""
    lex = lexicon()
    if word in lex.pos:
        return False
    return word in lex.proper or (word not in lex.prons and lex.freq(word) >= WORDS.unpronounced_name_zipf)


@lru_cache(maxsize=16384)
def spelled_bases(word: str) -> tuple[tuple[str, Suffix], ...]:
    """(base, suffix) for every suffix rule that `word` is spelled as a known word + and whose parts of
    speech fit, without the checks of sound and frequency (for a derivation a dictionary lists:
    wiktionary.py)."""
    if _looks_like_a_name(word):
        return ()
    pos = _pos(word)
    return tuple(
        (base, suffix)
        for suffix in SUFFIXES
        if word.endswith(suffix.text)
        and not (pos and (not set(pos) & set(suffix.derived) or set(pos) & set(suffix.exclude)))
        for base in sorted(_stems(word, suffix))
        if len(base) >= suffix.min_base and base != word and set(_pos(base)) & set(_base_pos(suffix, base))
    )


def _base_pos(suffix: Suffix, base: str) -> str:
    """The parts of speech a base may have: the suffix's, and a noun's for -ive after -ion (explosion)."""
    return suffix.base + ("N" if suffix.text == "ive" and base.endswith("ion") else "")


@lru_cache(maxsize=16384)
def suffix_bases(word: str) -> tuple[tuple[str, Suffix], ...]:
    """(base, suffix) for every suffix rule that derives `word` from a known word."""
    found: list[tuple[str, Suffix]] = []
    if _looks_like_a_name(word):
        return ()
    for suffix in SUFFIXES:
        if not word.endswith(suffix.text) or len(word) - len(suffix.text) < suffix.min_base - 1:
            continue
        pos = _pos(word)
        if pos and (not set(pos) & set(suffix.derived) or set(pos) & set(suffix.exclude)):
            continue
        found += [
            (base, suffix)
            for base in sorted(_stems(word, suffix))
            if len(base) >= suffix.min_base
            and base != word
            and set(_pos(base)) & set(suffix.base)
            and re.search(suffix.after, base)
            and (not suffix.guarded or not_too_common(word, base))
            and _sounds_derived(word, base, sound_mode(base, suffix))
        ]
    return tuple(found)
