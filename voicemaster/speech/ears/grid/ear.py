"""`GridEar`: a physical table's grid read aloud, heard as the setup's intents (SPEC §2).

Its Heard's intent is what a player could have typed (understand/setup_phrases.py: a row of
cards, a correction, or a request such as yes or again), so the setup takes one form for both.

1. Encode the utterance on a window of its own length (plus 0.5 s of zeros; a row of
   five cards is 3-8 s) and decode it greedily, keeping every step's distribution.
2. Read the words (reading.py): a request ("again", "yes", "no", "repeat"), a
   correction ("third is pilot", "card seven is pilot"), a row of five cards, or table talk.
3. Every card slot is settled among vocabulary entries by teacher-forced scores, all
   slots in one batched decoder call (slots.py).
4. The result is the setup's intent: RowCards(("apple", "bear", "castle", "loch ness",
   "pilot"), 2), Correct(3, "pilot", in_row=True), Command("yes").
5. Each row's hearing is kept for its places (evidence.py): a correction to a card heard
   in a row is scored on the row's audio too, so the card is heard twice, not once again.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.ears.grid.reading import ROW_CARDS, Correction, Reading, Row, read
from voicemaster.speech.ears.grid.evidence import Evidence
from voicemaster.speech.ears.grid.settings import READING, GridSettings
from voicemaster.speech.ears.grid.slots import Choice, HeardSlot, Slot, SlotScorer
from voicemaster.speech.ears.grid.transcript import Word, words
from voicemaster.speech.ears.vocabulary import Vocabulary, entry_of
from voicemaster.speech.ears.whisper.engine import Encoded, Engine, FreeDecode, no_one_spoke, until_repeat
from voicemaster.speech.ears.whisper.features import HOP
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import GridListening
from voicemaster.understand.setup_phrases import Correct, RowCards, SetupIntent


@dataclass(frozen=True)
class GridEvidence:
    """What the grid ear made of one utterance besides its intent: what Whisper wrote, the
    entries chosen for its card slots, and the phrases forced to choose them."""

    written: str
    choices: tuple[Choice, ...]
    forced: int


class GridEar:
    """Used from one thread at a time."""

    name = "whisper"
    denoise = "none"
    """Whisper hears the room as it is (see WhisperEar.denoise)."""

    def __init__(self, engine: Engine, vocabulary: Vocabulary, settings: GridSettings = GridSettings(),
                 owns_engine: bool = False) -> None:
        self.engine = engine
        self.owns_engine = owns_engine
        """The model was loaded for this ear alone and is freed with it (else it is the game ear's)."""
        self.vocabulary = vocabulary
        self.settings = settings
        self.slots = SlotScorer(engine, vocabulary, settings.slots)
        tokenizer = engine.tokenizer
        self.prompt = [tokenizer.sot_prev, *tokenizer.encode(" " + settings.prompt)] if settings.prompt else []
        self.evidence = Evidence()
        """Where the cards on the table were heard, for their corrections."""

    def close(self) -> None:
        """Frees the model when this ear owns it; closing again does nothing."""
        if self.owns_engine:
            self.engine.close()

    def hear(self, audio: np.ndarray, now: GridListening) -> Heard:
        """One utterance → its setup intent (None when nothing addressed to the setup was heard;
        Heard.transcript what Whisper wrote, Heard.evidence a GridEvidence). A row the reader did
        not name is taken as `now.row` (without a row, as cards said alone), and a misheard
        "row three" before the cards is recognised more easily. A card heard is never one
        already set elsewhere on `now.table`, nor the one a correction replaces."""
        s = self.settings
        t0 = time.perf_counter()
        samples = audio[: s.max_frames * HOP]
        enc = self.engine.encode(samples, s.pad_frames, s.min_frames, self.prompt)
        seconds = len(samples) / SAMPLE_RATE
        fd = self.engine.free_decode(enc, int(s.base_tokens + s.tokens_per_second * seconds))
        tokens = fd.tokens[: until_repeat(fd.tokens)]
        heard = words(tokens, self.engine.tokenizer.decode)
        reading = read(heard, self.vocabulary, now.row)
        if not isinstance(reading, Correction) and self._silent(fd, heard):
            reading = None
        intent, choices = self._intent(reading, enc, tokens, fd, now.row, now.table)
        written = self.engine.tokenizer.decode(tokens)
        evidence = GridEvidence(written, tuple(choices), sum(c.forced for c in choices))
        return Heard(" ".join(w.text for w in heard), intent, 1.0 if intent is not None else 0.0,
                     decode_ms=1000 * (time.perf_counter() - t0), evidence=evidence)

    def _silent(self, fd: FreeDecode, heard: list[Word]) -> bool:
        """faster-whisper's rule (the model says no one spoke and wrote nothing it believes),
        for a few words only: on the calibration split 2 of 30 rows in babble had their five
        cards written with a no-speech probability of 0.62-0.69. Not for a correction, whose
        shape ("card 23, Izrid") talk hardly has: in the setup-time bench with talk such
        corrections were dropped by it."""
        if not fd.tokens:
            return True
        mean = float(np.mean([row[t] for row, t in zip(fd.logprobs, fd.tokens)]))
        return len(heard) < READING.fewest_cards and no_one_spoke(fd.no_speech_prob, mean)

    def _intent(self, reading: Reading, enc: Encoded, tokens: list[int], fd: FreeDecode, row: int | None,
                table: Sequence[str | None]) -> tuple[SetupIntent | None, list[Choice]]:
        if reading is None or isinstance(reading, Command):
            return reading, []
        ruled_out = taken(reading, row, table)
        if isinstance(reading, Correction):
            now = HeardSlot(enc, tuple(tokens), fd.logprobs, self._slot(reading.card, tokens))
            choice = self._correction(now, reading.index(row), table, ruled_out)
            return Correct(reading.number, choice.entry, reading.in_row), [choice]
        slots = [self._slot(card, tokens) for card in reading.cards]
        choices = self._distinct(enc, tokens, fd, slots, self.slots.choose(enc, tokens, fd.logprobs, slots, ruled_out), ruled_out)
        entries = [c.entry for c in choices]
        number = reading.number if reading.number is not None else row
        self.evidence.keep_row(number, entries, [HeardSlot(enc, tuple(tokens), fd.logprobs, slot) for slot in slots])
        named = number if number is not None and 1 <= number <= ROW_CARDS else None
        return RowCards(tuple(entries), named), choices

    def _correction(self, now: HeardSlot, index: int | None, table: Sequence[str | None], ruled_out: frozenset[str]) -> Choice:
        """The card a correction names, scored on the row utterance too when the card it
        replaces was heard there (evidence.py)."""
        before = self.evidence.of(index, table)
        if before is None:
            return self.slots.choose(now.enc, list(now.tokens), now.logprobs, [now.slot], ruled_out)[0]
        return self.slots.choose_heard_twice(now, before, ruled_out)

    def _distinct(self, enc: Encoded, tokens: list[int], fd: FreeDecode, slots: list[Slot], choices: list[Choice],
                  ruled_out: frozenset[str]) -> list[Choice]:
        """A row never holds a card twice (heard so, the reader was told so each time the row
        was read again): of the slots heard as one entry, the one whose next best scores
        worst keeps it, the others take their next best."""
        out = list(choices)
        entries = [c.entry for c in choices]
        for entry in {e for e in entries if entries.count(e) > 1}:
            same = [k for k, e in enumerate(entries) if e == entry]
            others = self.slots.choose(enc, tokens, fd.logprobs, [slots[k] for k in same], ruled_out | {entry})
            worth = [-math.inf if o.entry == entry else o.score for o in others]
            keep = min(range(len(same)), key=lambda j: worth[j])
            for j, k in enumerate(same):
                if j != keep:
                    out[k] = others[j]
        return out

    @staticmethod
    def _slot(card: tuple[Word, ...], tokens: list[int]) -> Slot:
        start, end = card[0].start, card[-1].end
        return Slot(card, start, end, tokens[end] if end < len(tokens) else None)


def taken(reading: Correction | Row, row: int | None, table: Sequence[str | None]) -> frozenset[str]:
    """The entries the reading's cards cannot be: for a row, the cards set in other rows (a
    box holds no card twice; on the calibration split this put right 2 cards in 200); for a
    correction, the card it replaces. A correction to a card set elsewhere is heard as said,
    so the reader is told where that card already is."""
    if isinstance(reading, Correction):
        index = reading.index(row)
        replaced = table[index] if index is not None and 0 <= index < len(table) else None
        return frozenset({entry_of(replaced)} if replaced is not None else ())
    number = reading.number if reading.number is not None else row
    keep = range(ROW_CARDS * (number - 1), ROW_CARDS * number) if number is not None else range(0)
    return frozenset(entry_of(card) for i, card in enumerate(table) if card is not None and i not in keep)
