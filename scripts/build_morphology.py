"""Build the referee's table of word kinship from WordNet 3.0.

    python scripts/build_morphology.py [--wordnet /usr/share/wordnet] [--out PATH]

Needs Debian's `wordnet-base` (the WordNet 3.0 database files) at build time
only: the referee reads the table this writes, shipped inside the package.
Same input, same bytes out.

For every one-word WordNet lemma the table keeps its parts of speech, the
semantic classes of its noun senses (WordNet's lexicographer files: person,
artifact, state...) and of those its sense-tagged corpus met (index.noun lists a
word's senses most frequent first, and how many of them were met: butter the food
was, butter "one who butts" never), and its kin, the words it is made from or gives:
- WordNet's derivational, pertainym and participle links, in any spelling
  (act ~ action, France ~ French, breakdown ~ "break down"), and the
  attribute an adjective is a value of when spelled alike (long ~ length);
- words its senses name — in a definition, a phrase among its synonyms, a
  hypernym or an antonym — that are spelled at its start or end: fisherman is
  "someone whose occupation is catching fish", an iceberg "a large mass of
  ice"; or said with its f voiced, as verbs are made from nouns (grieve: "feel grief"). A word named that often by chance is no evidence: "the act of
  touching" is one of eleven senses of contact, and "act" is in 1 definition
  in 60;
- a synonym spelled inside it that leaves affixes or a word (handbag: bag);
  one that leaves a non-word is marked minor with a trailing "~", as a
  clipping (caravan: van) and an accident (capital: cap) look alike;
- a word spelled inside it that leaves affixes, or a kin, and is close to it in
  WordNet's hierarchy (princess: prince, both aristocrats);
- for an irregular form, the base its own senses in that part of speech name or
  share (better: "(comparative of good) superior to another"; fell: "cause to fall").
A word whose senses never name a string spelled inside it (antelope: ant;
manner: man) holds that string by accident.

A last column lists the words spelled at its start, and an irregular form's bases,
whose definitions share a rare word with its own (prisoner: prison, both "confined";
heartless: heart, both "courage"; shot: shoot, both "projectile"): a derivation
WordNet does not link, or a sense of a form's own, whose base's sense is the word's
own subject. A dent shares nothing with a dentist, a hole nothing with holy, a rose
(the flower) nothing with rise.

Beside it, a second table lists WordNet's irregular forms (its exception lists:
brethren: brother, oxen: ox, cherubim: cherub) with the part of speech of each
base, for the forms the referee's other data does not know, and a third the
spellings of one word WordNet gives as synonyms (kabob, kebab: scripts/spelling_variants.py), and a
fourth the words whose readings in another part of speech WordNet ties to none of their main senses
(PRUNE the fruit, to prune: scripts/wordnet_readings.py; needs index.* and cntlist.rev too).
"""

from __future__ import annotations

import argparse
import gzip
import math
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from voicemaster.referee.affixes import affixal, endings, remainder
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.tuning import DERIVATIONS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spelling_variants import spelling_rows  # noqa: E402  (a sibling script, not a package)
from wordnet_readings import reading_rows  # noqa: E402  (likewise)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "voicemaster" / "referee" / "data" / "wordnet_kin.tsv.gz"
FORMS_NAME = "wordnet_forms.tsv.gz"
"""The table of irregular forms, written beside the kinship table."""
SPELLINGS_NAME = "wordnet_spellings.tsv.gz"
READINGS_NAME = "wordnet_readings.tsv.gz"
FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
POS_LETTER = {"n": "N", "v": "V", "a": "A", "s": "A", "r": "R"}
LINKS = {"+", "\\", "<"}
"""Derivationally related form, pertainym, participle of a verb."""
ATTRIBUTE = "="
"""Adjective ~ the noun it is a value of: deep ~ depth, but also heavy ~ weight."""
NOUN_CLASSES = (
    "Tops act animal artifact attribute body cognition communication event feeling food group location motive "
    "object person phenomenon plant possession process quantity relation shape state substance time"
).split()
"""WordNet's noun lexicographer files, numbered from 3 (noun.Tops) as in lexnames(5WN)."""
FIRST_NOUN_FILE = 3
NAMED = {"@", "@i", "!"}
"""Hypernyms and antonyms: what a sense is said to be, or not to be."""
HYPERNYMS = {"@", "@i"}
COUSIN_STEPS = 2
COUSIN_GROUP = 300
"""Two senses are close when their hypernyms meet within COUSIN_STEPS steps up
from each, in a class of at most COUSIN_GROUP senses (craft, aristocrat; not
person or insect, which hold thousands)."""
MINOR = "~"
MIN_KIN = 3
RARE_WORD = 150
"""A word that at most this many definitions use is specific enough to tie two words
("confined", "courage"); "person" or "act" is in thousands."""
RARER_WORD, RARER_SHARED = 60, 2
"""Counting what the senses' hypernyms and links say too, two such words of at most
this many definitions are needed (tigress, tiger: "panthera", "feline")."""
STEM_ENDINGS = ("", "e", "y", "t", "te", "d")
"""What a base at a word's start may have lost: hope(ful), happ(y)(iness), diploma(t)(cy), defen(d)(se)."""
CHANCE = 0.05
"""A naming counts when it would happen by chance less often than this."""
WORD = re.compile(r"[a-z]+")
DETACH = {
    "N": (
        ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ),
    "V": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "A": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
}
"""WordNet's own detachment rules (morphy), to read inflected words in definitions."""
FORMS_HEADER = (
    "# Derived from WordNet 3.0 by scripts/build_morphology.py (its exception lists). WordNet 3.0\n"
    "# Copyright 2006 by Princeton University. All rights reserved. Licence: WORDNET-LICENSE beside this file.\n"
    "# Columns: irregular form, its bases as base:part of speech, |-separated.\n"
)
SPELLINGS_HEADER = (
    "# Derived from WordNet 3.0 by scripts/build_morphology.py (scripts/spelling_variants.py). WordNet 3.0\n"
    "# Copyright 2006 by Princeton University. All rights reserved. Licence: WORDNET-LICENSE beside this file.\n"
    "# Columns: word, the word it is a spelling of, = spelled alike or ~ alike but for vowels\n"
    "# (! it has senses of its own), or < a clipping of it and > its full form.\n"
)
READINGS_HEADER = (
    "# Derived from WordNet 3.0 by scripts/build_morphology.py (scripts/wordnet_readings.py). WordNet 3.0\n"
    "# Copyright 2006 by Princeton University. All rights reserved. Licence: WORDNET-LICENSE beside this file.\n"
    "# Columns: word, the part of speech of its main reading, those of readings WordNet ties to none of its\n"
    "# senses, the words derived from those readings only.\n"
)
HEADER = (
    "# Derived from WordNet 3.0 by scripts/build_morphology.py. WordNet 3.0 Copyright 2006 by\n"
    "# Princeton University. All rights reserved. Licence and disclaimer: WORDNET-LICENSE beside this file.\n"
    "# Columns: word, parts of speech (P: always capitalised), kin (~: a synonym only),\n"
    "# semantic classes of its noun senses (WordNet's lexicographer files), those of them\n"
    "# its sense-tagged corpus met, words at its start whose definitions share a rare word with its own.\n"
)

Key = tuple[str, str]


@dataclass
class Synset:
    pos: str
    words: list[str]
    pointers: list[tuple[str, Key, int, int]]
    """(symbol, target synset, source word number, target word number); 0 = the whole synset."""
    gloss: str
    lexfile: int
    """WordNet's lexicographer file number: the sense's semantic class (18: noun.person)."""


@dataclass
class WordNet:
    synsets: dict[Key, Synset] = field(default_factory=dict)
    exceptions: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    forms: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    """Irregular form -> its bases as "base:N" (the exception list's part of speech)."""
    met: set[tuple[str, Key]] = field(default_factory=set)
    """(word, noun sense) pairs that WordNet's sense-tagged corpus met."""


def _key(offset: str, pos: str) -> Key:
    return offset, "a" if pos == "s" else pos


def _parse_data_line(line: str, short: str) -> tuple[Key, Synset]:
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    count = int(fields[3], 16)
    words = [re.sub(r"\([a-z]+\)$", "", fields[4 + 2 * i]) for i in range(count)]
    at = 4 + 2 * count
    pointers = []
    for i in range(int(fields[at])):
        symbol, target, target_pos, numbers = fields[at + 1 + 4 * i : at + 5 + 4 * i]
        pointers.append((symbol, _key(target, target_pos), int(numbers[:2], 16), int(numbers[2:], 16)))
    return (fields[0], short), Synset(POS_LETTER[fields[2]], words, pointers, gloss.strip(), int(fields[1]))


def read_wordnet(folder: Path) -> WordNet:
    wordnet = WordNet()
    for short, name in FILES.items():
        with open(folder / f"data.{name}", encoding="utf-8") as handle:
            for line in handle:
                if line[:1].isdigit():
                    key, synset = _parse_data_line(line, short)
                    wordnet.synsets[key] = synset
        with open(folder / f"{name}.exc", encoding="utf-8") as handle:
            for line in handle:
                form, *bases = line.split()
                wordnet.exceptions[form].update(bases)
                wordnet.forms[form].update(f"{base}:{POS_LETTER[short]}" for base in bases if base != form)
    index = folder / "index.noun"
    if index.exists():
        wordnet.met = _met_senses(index)
    return wordnet


def _met_senses(index: Path) -> set[tuple[str, Key]]:
    """(word, sense) for the first tagsense_cnt senses of each noun: index.noun lists
    them most frequent first, and says how many the tagged corpus met."""
    met: set[tuple[str, Key]] = set()
    with open(index, encoding="utf-8") as handle:
        for line in handle:
            if not line[:1].strip():
                continue
            fields = line.split()
            pointers = int(fields[3])
            tagged, offsets = int(fields[5 + pointers]), fields[6 + pointers :]
            met.update((fields[0].lower(), _key(offset, "n")) for offset in offsets[:tagged])
    return met


def spelled_inside(kin: str, word: str) -> bool:
    """Is `kin` written at the end of `word` (rain -> rainbow) or at its start,
    where a final e or y may change (hope -> hopeless, happy -> happiness)?"""
    if len(kin) < MIN_KIN or kin == word:
        return False
    if word.endswith(kin):
        return True
    stems = {kin}
    if kin[-1] in "ey":
        stems |= {kin[:-1], kin[:-1] + "i"}
    return any(len(stem) >= MIN_KIN and word.startswith(stem) for stem in stems)


VOICED_ENDINGS = ("e", "es", "ed", "ing", "ous")
"""What may follow a voiced fricative in a verb or adjective made from a noun."""


def named_inside(kin: str, word: str) -> bool:
    """A word a sense names is heard in `word` when spelled inside it, or with
    its last f voiced, as verbs are made from nouns: grieve is to "feel grief"."""
    if spelled_inside(kin, word):
        return True
    voiced = re.sub(r"fe?$", "v", kin)
    return voiced != kin and len(voiced) >= MIN_KIN and word[len(voiced) :] in VOICED_ENDINGS and word.startswith(voiced)


def skeleton(word: str) -> str:
    return re.sub(r"[aeiouy]", "", word)


def alike(a: str, b: str) -> bool:
    """Spelled alike: the consonants of one begin the other's (long ~ length, beauty ~ beautiful)."""
    short, long_ = sorted((skeleton(a), skeleton(b)), key=len)
    return len(short) >= 2 and long_.startswith(short)


def leaves_affixes(part: str, rest: str, after: bool) -> bool:
    """Is `rest` only affixes (prince + ss: a final e drops before -ess)? After
    `part`, suffixes only: cab + in is no word with a suffix."""
    if not after:
        return affixal(rest) or affixal(part[-1] + rest)
    return endings(rest, DERIVATIONS.max_endings) or endings(part[-1] + rest, DERIVATIONS.max_endings)


def chance(hits: int, senses: int, rate: float) -> float:
    """How likely `hits` or more of `senses` name a word that a sense names at `rate`."""
    return sum(math.comb(senses, k) * rate**k * (1 - rate) ** (senses - k) for k in range(hits, senses + 1))


def pieces(phrases: set[str]) -> set[str]:
    return {piece for phrase in phrases for piece in re.split(r"[_\-]", phrase.lower()) if piece}


class Kinship:
    """Word-level views of the synsets, and the kin of each word."""

    def __init__(self, wordnet: WordNet) -> None:
        self.wordnet = wordnet
        self.pos: dict[str, set[str]] = defaultdict(set)
        self.lower_seen: set[str] = set()
        self.senses: dict[str, list[Key]] = defaultdict(list)
        for key, synset in wordnet.synsets.items():
            for raw in synset.words:
                word = raw.lower()
                self.senses[word].append(key)
                self.pos[word].add(synset.pos)
                if raw == word:
                    self.lower_seen.add(word)
        self.named = {key: self._named(synset) for key, synset in wordnet.synsets.items()}
        self.defined = {key: self._defined(synset) for key, synset in wordnet.synsets.items()}
        self.uses = Counter(word for words in self.defined.values() for word in words)
        self.sizes = self._class_sizes()
        counts = Counter(word for readings in self.named.values() for word in set().union(*readings))
        self.rate = {word: count / len(self.named) for word, count in counts.items()}

    def base_forms(self, token: str) -> set[str]:
        """A definition's word and the lemmas morphy would read it as."""
        found = {token} if token in self.pos else set()
        found |= self.wordnet.exceptions.get(token, set()) & self.pos.keys()
        for pos, rules in DETACH.items():
            for ending, restore in rules:
                base = token[: len(token) - len(ending)] + restore
                if token.endswith(ending) and pos in self.pos.get(base, ()):
                    found.add(base)
        return found

    def _words_at(self, key: Key, number: int) -> list[str]:
        words = self.wordnet.synsets[key].words
        return [w.lower() for w in (words if number == 0 else [words[number - 1]])]

    def _named(self, synset: Synset) -> tuple[frozenset[str], ...]:
        """What a sense names, one set of readings per word named: pieces of its
        phrases, its definition's words (hopes: hope or hop), hypernyms, antonyms."""
        definition = re.sub(r'"[^"]*"', " ", synset.gloss).lower()
        out = [frozenset({piece}) for piece in pieces({w for w in synset.words if re.search(r"[_-]", w)})]
        out += [self._reading(token) for token in WORD.findall(definition)]
        for symbol, target, _, number in synset.pointers:
            if symbol in NAMED:
                out += [frozenset({piece}) for piece in pieces(set(self._words_at(target, number)))]
        return tuple(reading for reading in out if reading)

    def _defined(self, synset: Synset) -> frozenset[str]:
        """The lemmas a sense is defined with: its definition's words (quoted examples
        left out) and the pieces of its synonyms."""
        definition = re.sub(r'"[^"]*"', " ", synset.gloss).lower()
        found = set(pieces(set(synset.words)))
        for token in WORD.findall(definition):
            found |= self.base_forms(token) or {token}
        return frozenset(found)

    def _definitions(self, word: str, pos: str = "") -> set[str]:
        """The words of its senses' definitions (of its nouns only, with pos "n")."""
        return set().union(*(self.defined[key] for key in self.senses[word] if pos in ("", key[1])))

    def akin(self, word: str) -> set[str]:
        """Words spelled at the start of `word`, and the bases of an irregular form,
        whose definitions and its own share a rare word that neither of them holds or
        is held in (prisoner and prison: "confined"), for derivations WordNet does not
        link; for a form, the definitions of its nouns (a shot is fired: shoot; a wound
        is no coil: wind)."""
        mine = self._definitions(word)
        nouns = self._definitions(word, "n")
        bases = {word[:cut] + ending: mine for cut in range(MIN_KIN, len(word)) for ending in STEM_ENDINGS}
        bases.update((item.split(":")[0], nouns) for item in self.wordnet.forms.get(word, set()))
        found = set()
        for base, own in bases.items():
            if base == word or base not in self.senses:
                continue
            shared = own & self._definitions(base)
            if any(self._tells(term, word, base, RARE_WORD) for term in shared):
                found.add(base)
                continue
            wider = self._wider(word, own is nouns) & self._wider(base, False)
            if sum(self._tells(term, word, base, RARER_WORD) for term in wider) >= RARER_SHARED:
                found.add(base)
        return found

    def _wider(self, word: str, nouns: bool) -> set[str]:
        """The words of its senses' definitions and of their hypernyms' and links'."""
        keys = [key for key in self.senses[word] if not nouns or key[1] == "n"]
        near = {t for key in keys for sym, t, _, _ in self.wordnet.synsets[key].pointers if sym in HYPERNYMS | LINKS}
        return set().union(*(self.defined[key] for key in {*keys, *near}))

    def _tells(self, term: str, word: str, base: str, most: int) -> bool:
        rare = len(term) >= MIN_KIN and self.uses[term] <= most
        return rare and not any(term in w or w in term for w in (word, base))

    def _reading(self, token: str) -> frozenset[str]:
        """The lemmas a definition's word may be: itself, and of the lemmas it is
        an inflection of, the longer where one holds another (shines: shine, not
        shin; hopes: hope, not hop; baked: baked and bake)."""
        forms = self.base_forms(token)
        bases = forms - {token}
        return frozenset(f for f in forms if not any(f != g and g.startswith(f) for g in bases))

    def named_by(self, word: str, key: Key) -> dict[str, float]:
        """Words the sense names, or the bases those are linked to and spelled
        on, spelled inside `word` (lovely is "lovable ...": love; not seal, "a
        marine mammal": marine pertains to sea), each with how often such
        a word is named by any sense. A named word that may be `word` itself
        (hopes, in hope's definition) names nothing else."""
        out: dict[str, float] = {}
        for reading in self.named[key]:
            if word in reading:
                continue
            rate = max(self.rate[named] for named in reading)
            linked = {
                link for named in reading for link in self._all_links(named) if spelled_inside(link, named)
            }
            for kin in reading | linked:
                if named_inside(kin, word):
                    out[kin] = max(out.get(kin, 0.0), rate)
        return out

    @cache
    def _all_links(self, word: str) -> frozenset[str]:
        return frozenset().union(*(self._links(word, key) for key in self.senses.get(word, ())))

    def _links(self, word: str, key: Key) -> set[str]:
        """Derivational, pertainym and participle links of this sense of `word`,
        and the attributes it is a value of when spelled alike (deep ~ depth)."""
        synset = self.wordnet.synsets[key]
        out: set[str] = set()
        for symbol, target, source, number in synset.pointers:
            if symbol in LINKS and source and synset.words[source - 1].lower() == word:
                out.update(self._words_at(target, number))
            elif symbol == ATTRIBUTE:
                out.update(w for w in self._words_at(target, 0) if alike(w, word))
        return out

    def _class_sizes(self) -> dict[Key, int]:
        """How many senses each sense's class holds: itself and all below it."""
        below: dict[Key, list[Key]] = defaultdict(list)
        for key, synset in self.wordnet.synsets.items():
            for symbol, target, _, _ in synset.pointers:
                if symbol in HYPERNYMS:
                    below[target].append(key)
        sizes: dict[Key, int] = {}

        def size(key: Key) -> int:
            if key not in sizes:
                seen, stack = {key}, [key]
                while stack:
                    for child in below[stack.pop()]:
                        if child not in seen:
                            seen.add(child)
                            stack.append(child)
                sizes[key] = len(seen)
            return sizes[key]

        return {key: size(key) for key in self.wordnet.synsets}

    def _ancestors(self, key: Key) -> set[Key]:
        """The sense and its hypernyms up to COUSIN_STEPS steps."""
        found, layer = {key}, {key}
        for _ in range(COUSIN_STEPS):
            layer = {t for k in layer for sym, t, _, _ in self.wordnet.synsets[k].pointers if sym in HYPERNYMS}
            found |= layer
        return {k for k in found if self.sizes[k] <= COUSIN_GROUP}

    def _cousins(self, word: str, kin: set[str]) -> set[str]:
        """Words spelled inside `word` that leave only affixes, or a kin of it,
        and one of whose senses is close to one of its senses in WordNet's
        hierarchy: prince ~ princess, both aristocrats; ship ~ spaceship, both
        craft, and space is named. A mat and a mattress are both pads, but no
        tress is named: an accident."""
        out = set()
        mine = set().union(*(self._ancestors(key) for key in self.senses[word]))
        for cut in range(MIN_KIN, len(word) - 1):
            for part, rest, after in ((word[:cut], word[cut:], True), (word[-cut:], word[:-cut], False)):
                if part not in self.senses or not (leaves_affixes(part, rest, after) or rest in kin):
                    continue
                if any(self._ancestors(key) & mine for key in self.senses[part]):
                    out.add(part)
        return out

    def _clipped(self, word: str, synonym: str) -> bool:
        """Is the synonym a word's head or stem (handbag: bag; bathe: bath), not
        a clipping that leaves a non-word (caravan: van) or an accident (capital: cap)?"""
        rest = remainder(word, synonym)
        return rest is not None and (affixal(rest) or (len(rest) >= MIN_KIN and rest in self.senses))

    def kin(self, word: str) -> dict[str, bool]:
        """Kin word -> whether WordNet only names it as a synonym that leaves a
        non-word: a clipping (caravan, van) looks just like an accident (capital, cap)."""
        found: set[str] = set()
        synonyms: set[str] = set()
        hits: Counter[str] = Counter()
        rates: dict[str, float] = {}
        for key in self.senses[word]:
            links = self._links(word, key)
            shown = {w for w in links if WORD.fullmatch(w)}
            shown |= {p for p in pieces(links) if spelled_inside(p, word)}
            named = self.named_by(word, key)
            hits.update(named.keys() - shown)
            for kin, rate in named.items():
                rates[kin] = max(rates.get(kin, 0.0), rate)
            found |= shown | named.keys()
            synonyms |= {w.lower() for w in self.wordnet.synsets[key].words if spelled_inside(w.lower(), word)}
        senses = len(self.senses[word])
        unlikely = {kin for kin, n in hits.items() if chance(n, senses, rates[kin]) >= CHANCE}
        strong = (found - unlikely) | {w for w in synonyms if self._clipped(word, w)} | self._base_named(word)
        strong |= self._cousins(word, strong)
        return {kin: kin not in strong for kin in (strong | synonyms) - {word}}

    def _base_named(self, word: str) -> set[str]:
        """The bases of an irregular form that WordNet enters the form itself as
        a word for, in that part of speech, saying it is the base's: better is
        "(comparative of good) superior to another", dice are the die. What else
        the form means is made from it (to better, to dice), no other word."""
        found = set()
        for item in self.wordnet.forms.get(word, set()):
            base, pos = item.split(":")
            for key in self.senses[word]:
                if POS_LETTER[key[1]] != pos:
                    continue
                words = {w.lower() for w in self.wordnet.synsets[key].words}
                named = (reading for reading in self.named[key] if word not in reading)
                if base in words or any(base in reading for reading in named):
                    found.add(base)
        return found

    def classes(self, word: str, met: bool = False) -> set[str]:
        """The semantic classes of the word's noun senses (prisoner: person; friendship:
        state); with `met`, of those the tagged corpus met (butter: food)."""
        keys = [key for key in self.senses[word] if key[1] == "n"]
        if met:
            keys = [key for key in keys if (word, key) in self.wordnet.met]
        files = {self.wordnet.synsets[key].lexfile for key in keys}
        return {NOUN_CLASSES[f - FIRST_NOUN_FILE] for f in files if 0 <= f - FIRST_NOUN_FILE < len(NOUN_CLASSES)}


def rows(kinship: Kinship) -> list[str]:
    out = []
    for word in sorted(kinship.pos):
        if not WORD.fullmatch(word):
            continue
        pos = "".join(sorted(kinship.pos[word])) + ("" if word in kinship.lower_seen else "P")
        kin = " ".join(k + MINOR if minor else k for k, minor in sorted(kinship.kin(word).items()))
        classes = " ".join(sorted(kinship.classes(word)))
        met = " ".join(sorted(kinship.classes(word, met=True)))
        akin = " ".join(sorted(kinship.akin(word)))
        out.append(f"{word}\t{pos}\t{kin}\t{classes}\t{met}\t{akin}\n")
    return out


def form_rows(wordnet: WordNet) -> list[str]:
    """One line per one-word irregular form: its one-word bases with their part of speech."""
    out = []
    for form in sorted(wordnet.forms):
        bases = sorted(b for b in wordnet.forms[form] if WORD.fullmatch(b.split(":")[0]))
        if WORD.fullmatch(form) and bases:
            out.append(f"{form}\t{'|'.join(bases)}\n")
    return out


def _write(path: Path, text: str) -> None:
    """Gzip with no timestamp: same input, same bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as handle:
        handle.write(text.encode("utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"), help="WordNet 3.0 dict folder")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    if not (args.wordnet / "data.noun").exists():
        print(f"{args.wordnet}: no WordNet database here (apt-get install wordnet-base)", file=sys.stderr)
        return 2
    wordnet = read_wordnet(args.wordnet)
    lines = rows(Kinship(wordnet))
    _write(args.out, HEADER + "".join(lines))
    forms = form_rows(wordnet)
    _write(args.out.with_name(FORMS_NAME), FORMS_HEADER + "".join(forms))
    spellings = spelling_rows(wordnet.synsets, lexicon().prons)
    _write(args.out.with_name(SPELLINGS_NAME), SPELLINGS_HEADER + "".join(spellings))
    readings = reading_rows(args.wordnet, wordnet.synsets)
    _write(args.out.with_name(READINGS_NAME), READINGS_HEADER + "".join(readings))
    print(
        f"{args.out}: {len(lines)} words, {args.out.stat().st_size // 1024} KiB; {len(forms)} irregular forms; "
        f"{len(spellings)} spellings; {len(readings)} words read two ways"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
