"""A card read two ways: which forms of a word come from a reading other than its main one.

Used by scripts/build_morphology.py (this is a sibling script, not a package). A card is
read as its main sense: its first noun sense (WordNet lists a word's senses most frequent
first), Codenames' cards being nouns, unless the tagged corpus met another part of speech
of it far more often (RUN, WATCH: verbs). Only a card read first as a thing (THINGS) is
looked at. A reading of the word in another part of speech
none of whose senses WordNet ties, in any number of derivational steps among the word's own
senses, to a sense of the main one's part of speech, is another word: PRUNE the dried plum and
to prune, SHED the hut and to shed, FIRM the company and firm; not PLANT, whose flora is tied to
planting, nor FIRE. Its
forms (pruning, shedding, firmly) are forms of the card only if the table reads the card so,
and so are the words WordNet derives from that part of speech alone (firmness, mooring).
Senses within one part of speech are not told apart (bass the fish and the range).

Row: word, main part of speech, the parts of speech of its other readings, the words derived
from its other readings only (space-separated); only words that have such readings.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Protocol

FILES = {"n": "noun", "v": "verb", "a": "adj", "r": "adv"}
POS_LETTER = {"n": "N", "v": "V", "a": "A", "r": "R"}
SENSE_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
DERIVATIONAL = {"+", "\\", "<"}
"""Derivationally related form, pertainym, participle of a verb."""
OTHER_READING_RATIO = 4
"""Another part of speech is the main reading when the tagged corpus met its most frequent sense more
than this many times as often as the first noun sense (counts plus one: a word never met is a noun).
Set by hand (issue 49): RUN (106 to 18) and WATCH (77 to 9) are verbs, BAT (11 to 5), DESERT (7 to 4)
and PLAY (70 to 32) nouns."""

THINGS = frozenset({5, 6, 8, 13, 15, 17, 20, 27})
"""WordNet's classes of things (lexicographer files noun.animal, artifact, body, food, location, object,
plant, substance): a card read first as such a thing and in another part of speech untied to it is two
words (PRUNE, SHED, SQUASH, DESERT); one read first as a kind, a state or a person (KIND, ILL, PATIENT,
SHRINK) mostly names what its other reading means, however WordNet leaves them untied."""

Key = tuple[str, str]
Sense = tuple[str, int]
"""(part of speech letter n/v/a/r, sense number within it, from 1)."""


class Synset(Protocol):
    words: list[str]
    pointers: list[tuple[str, Key, int, int]]
    lexfile: int


def read_senses(folder: Path) -> tuple[dict[str, dict[Sense, Key]], dict[tuple[str, Sense], int]]:
    """Each lemma's senses in WordNet's order (index.*) and the tagged corpus' count of each (cntlist.rev);
    a file missing reads as empty."""
    senses: dict[str, dict[Sense, Key]] = defaultdict(dict)
    for short, name in FILES.items():
        if not (folder / f"index.{name}").exists():
            continue
        with open(folder / f"index.{name}", encoding="utf-8") as handle:
            for line in handle:
                if not line[:1].strip():
                    continue
                fields = line.split()
                pointers = int(fields[3])
                for number, offset in enumerate(fields[6 + pointers :], 1):
                    senses[fields[0]][(short, number)] = (offset, short)
    counts: dict[tuple[str, Sense], int] = {}
    if not (folder / "cntlist.rev").exists():
        return senses, counts
    with open(folder / "cntlist.rev", encoding="utf-8") as handle:
        for line in handle:
            key, sense_number, count = line.split()
            lemma, rest = key.split("%")
            counts[(lemma, (SENSE_POS[rest[0]], int(sense_number)))] = int(count)
    return senses, counts


def _main(word: str, senses: dict[Sense, Key], counts: dict[tuple[str, Sense], int]) -> Sense | None:
    """The first noun sense, unless another part of speech's top sense was met far more often."""
    met = {sense: counts.get((word, sense), 0) + 1 for sense in senses}
    top = max(met, key=lambda sense: (met[sense], sense[0] == "n", -sense[1]))
    first_noun = ("n", 1)
    if first_noun in senses and met[top] <= OTHER_READING_RATIO * met[first_noun]:
        return first_noun
    return top


def _linked(word: str, key: Key, synsets: dict[Key, Synset]) -> set[tuple[str, Key]]:
    """(word, synset) pairs this sense of `word` is derivationally tied to."""
    synset = synsets[key]
    out = set()
    for symbol, target, source, number in synset.pointers:
        if symbol in DERIVATIONAL and (source == 0 or synset.words[source - 1].lower() == word):
            words = synsets[target].words
            out |= {(w.lower(), target) for w in (words if number == 0 else [words[number - 1]])}
    return out


def pointed_at(synsets: dict[Key, Synset]) -> dict[tuple[str, Key], set[str]]:
    """(word, sense) -> the words whose senses point at it derivationally: pertainyms point one way only
    (firmly -> firm)."""
    found: dict[tuple[str, Key], set[str]] = defaultdict(set)
    for synset in synsets.values():
        for symbol, target, source, number in synset.pointers:
            if symbol in DERIVATIONAL and number:
                words = synset.words if source == 0 else [synset.words[source - 1]]
                found[(synsets[target].words[number - 1].lower(), target)] |= {w.lower() for w in words}
    return found


def _component(word: str, main: Sense, senses: dict[Sense, Key], synsets: dict[Key, Synset]) -> set[Sense]:
    """The senses of `word` reached from those of its main part of speech by WordNet's derivational ties
    among them, in any number of steps (PLANT the factory or the flora, to plant: one word)."""
    by_key = {key: sense for sense, key in senses.items()}
    found = {sense for sense in senses if sense[0] == main[0]}
    todo = list(found)
    while todo:
        for other, target in _linked(word, senses[todo.pop()], synsets):
            sense = by_key.get(target)
            if other == word and sense is not None and sense not in found:
                found.add(sense)
                todo.append(sense)
    return found


def reading_row(word: str, senses: dict[Sense, Key], counts: dict[tuple[str, Sense], int],
                synsets: dict[Key, Synset], pointing: dict[tuple[str, Key], set[str]]) -> str | None:
    """The row for `word`, or None when every part of speech of it is tied to its main sense."""
    main = _main(word, senses, counts)
    if main != ("n", 1) or synsets[senses[main]].lexfile not in THINGS:
        return None
    tied = {pos for pos, _ in _component(word, main, senses, synsets)}
    other = {pos for pos, _ in senses} - tied
    if not other:
        return None
    derived: dict[str, bool] = {}
    for sense, key in senses.items():
        for kin in {kin for kin, _ in _linked(word, key, synsets)} | pointing.get((word, key), set()):
            if kin != word and kin.isalpha():
                derived[kin] = derived.get(kin, False) or sense[0] in tied
    from_others = sorted(kin for kin, by_main in derived.items() if not by_main)
    letters = "".join(sorted(POS_LETTER[pos] for pos in other))
    return f"{word}\t{POS_LETTER[main[0]]}\t{letters}\t{' '.join(from_others)}\n"


def reading_rows(folder: Path, synsets: dict[Key, Synset]) -> list[str]:
    """One row per one-word lemma with a reading other than its main one."""
    senses, counts = read_senses(folder)
    pointing = pointed_at(synsets)
    rows = []
    for word in sorted(senses):
        if word.isalpha() and word.islower():
            row = reading_row(word, senses[word], counts, synsets, pointing)
            if row is not None:
                rows.append(row)
    return rows
