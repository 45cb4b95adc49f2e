"""Every tuned number of the grid ear, in one place, and where each comes from.

bench/results/setup_grid.md: "Everything in voicemaster/speech/ears/grid/ was chosen on the
calib split (its voices and its half of the outside cards and talk) with `--set` runs" —
bench/setup_grid.py's synthetic grids read aloud (piper joe, flite kal16 and awb, festival
kal), in a quiet room and with table talk 20 dB below. A number whose run or examples are
recorded says so; "Set by hand" means nothing records a measurement of it. No number here was
fitted on real voices. The silence rule is faster-whisper's own (whisper/engine.no_one_spoke),
shared with the game's Whisper ear. Not tuned, and left where they are: the grid's shape (five
cards a row, 25 on the table: reading.ROW_CARDS, GRID_CARDS) and a card's one or two words
(reading.MAX_CARD_WORDS). The vocabulary's own numbers (its frequency floor, the weights of
nearness) live with it in speech/ears/vocabulary.py: the game's Whisper ear reads it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SlotSettings:
    """Which vocabulary entries a card slot is scored among (slots.SlotScorer)."""

    near: int = 4
    """Candidates by spelling and by sound (each). Set by hand."""
    first_tokens: int = 3
    """The model's likeliest first tokens whose entries are candidates too ... Set by hand."""
    per_first_token: int = 2
    """... the nearest this many of each. Set by hand."""
    max_candidates: int = 6
    """Forced per slot, those with the best first step. Set by hand; on the calib split twice
    as many candidates for a slot written as a card it may not be changed no correction's
    outcome, and for a corrected card heard twice fixed 26 corrections, not 28 (setup_grid.md)."""
    pair_options: int = 2
    """A heard two-word card is also tried as pairs of each word's options: the word as heard
    (when an entry) and its nearest one-word entries, this many in all (of as many nearest
    looked at). Set by hand."""
    row_weight: float = 1.0
    """A corrected card heard in its row too: the weight of the row's score beside the
    correction's own ... Calib split: a weight of 0.5 or 0.25 on the row's uncapped score gained
    only the one fix of the row's own candidates."""
    row_cap: float = 4.0
    """... taken from the row's best and counted down to this much at most: a row's slot
    cut wrong ("Bowel shakes, pier" for bolt, shakespeare) scored "shakespeare" 22 below
    "peer", which would outweigh a correction heard right; on the calibration split caps of
    4 and 8 fixed the same cards, 16 lost that one."""


@dataclass(frozen=True)
class GridSettings:
    """The grid ear's window and free decode (ear.GridEar), and its slots'."""

    pad_frames: int = 50
    min_frames: int = 300
    """Zeros after the utterance and the shortest window (10 ms frames). Calib split: 0.5 s of
    zeros and a 3 s window; 1.5 s of zeros or a 10 s window gained nothing and cost time."""
    max_frames: int = 1500
    """Utterances are cut to 15 s: a row read slowly takes half of it. Set by hand."""
    base_tokens: int = 8
    tokens_per_second: float = 5.0
    """The free decode's budget: `base_tokens` and this many per second of audio (a card is
    1-3 tokens and a comma). Set by hand."""
    prompt: str = ""
    """Previous text for the decoder. None: on the calibration split a list-like prompt ("Row
    one: Walrus, Harbor, Lantern, Bishop, Comet.") lost 6 of 75 cards in quiet and 5 in babble."""
    slots: SlotSettings = field(default_factory=SlotSettings)


@dataclass(frozen=True)
class ReadingSettings:
    """What an utterance's words say: a row, a correction, an answer or talk (reading.py)."""

    fewest_cards: int = 4
    """A row heard with one card missing is still a row (read back, the reader says "again");
    fewer is not a row at all ("okay", "no hiking"). Set by hand."""
    talk_signs: int = 2
    """Grammar words that make the words talk, not a row ("honey makes me think of summer");
    one is a misheard card ("then do" for "bamboo", "Pendle and" for "pendulum"). Set by hand."""
    common_zipf: float = 6.0
    """A word this common (wordfreq Zipf: "could", "they") is a sign of talk: it is above every
    card of the word lists. Set by hand."""
    pause_crossing: float = 1.0
    """What a card across a comma costs the cut: more than any difference in nearness (a card's
    fit is 0..1). Set by hand."""
    fit_near: int = 3
    """The nearest entries (by spelling, sound and sound class, each) a group of heard words is
    fitted against when it is no entry itself. Set by hand."""
    row_word_similarity: float = 0.5
    """Sound likeness to "row" of a first word followed by a row number ("Roll two"). Set by hand."""
    fused_row_similarity: float = 0.7
    """Sound likeness to "row N" of a first word that is both ("Rotu"), when it is unlike a card.
    Set by hand."""
    row_sound_similarity: float = 0.6
    """Sound likeness to "row N" of the first one or two words when the row is known ("Roof war"
    for "row four"). Set by hand."""
    answer_sound_similarity: float = 0.6
    """Calibration split: "Nugai" and "You game" for "new game" are 0.6 and 0.83 from it (the
    phones of "you game" are near; "gain" for "again" at 0.5 is left out)."""
    ordinal_sound_similarity: float = 0.6
    """Calibration split: "Ferdis" for "third is" and "Bird (is)" for "third (is)" are 0.6 and
    0.67 from it; two or three words in all, so talk starting with such a word rarely fits."""
    card_sound_similarity: float = 0.7
    """Calibration split: "Carth" and "Carc" for "card" are 0.75 from it (one phone off; "court"
    and "scar" are 0.5). It must still be followed by a number, "is" and one or two words."""


READING = ReadingSettings()
