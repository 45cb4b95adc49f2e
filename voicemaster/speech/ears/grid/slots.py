"""Which vocabulary entry a card slot of the transcript is: candidates, then teacher-forced scores.

The free transcript fixes where each card is (its token span) and what the model wrote
before it. Every entry is a path in a trie of Whisper token sequences, and the model's
distribution at the slot's start — already known from the free decode, at no cost — is
the first step of every path at once. The candidates are the entries nearest the heard
words in spelling and sound, and the entries nearest them among those starting with the
model's likeliest first tokens; each is scored by forcing the model's own words before
the slot and the entry in it, in one batched decoder call for every slot of the
utterance:

    score = log P(entry's tokens | words before) + log P(a card ends | ...)

where a card ends at a comma, a full stop, the end of text, or the next word the model
wrote. A slot the model wrote as a vocabulary entry is not scored again, unless that
entry is a card already on the table elsewhere, or the card a correction replaces: the
table never holds a card twice, and a card just rejected is not the one meant.

A corrected card has been heard twice, in its row and in the correction, and the two
hearings are often misheard differently ("Christian" in the row, "question" in the
correction, for cushion): the candidates of both are scored on both, and the row's score,
counted from its best and capped, is added to the correction's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from voicemaster.speech.ears.grid.reading import GRAMMAR_WORDS
from voicemaster.speech.ears.grid.settings import SlotSettings
from voicemaster.speech.ears.grid.transcript import Word
from voicemaster.speech.ears.vocabulary import Vocabulary
from voicemaster.speech.ears.whisper.engine import Encoded, Engine
from voicemaster.speech.ears.whisper.phrases import capitalised


@dataclass(frozen=True)
class Slot:
    card: tuple[Word, ...]
    start: int
    end: int
    next_token: int | None
    """The token the model wrote after the card (None at the end)."""

    @property
    def heard(self) -> str:
        return " ".join(w.text for w in self.card)

    @property
    def capital(self) -> bool:
        return self.card[0].capital


@dataclass(frozen=True)
class HeardSlot:
    """A slot with the utterance it was heard in: everything needed to score it again."""

    enc: Encoded
    tokens: tuple[int, ...]
    logprobs: list[np.ndarray]
    """The free decode's distribution at every step."""
    slot: Slot


@dataclass(frozen=True)
class Choice:
    entry: str
    score: float
    runner_up: float
    """The best other candidate's score (-inf when there was none)."""
    forced: int


class SlotScorer:
    def __init__(self, engine: Engine, vocabulary: Vocabulary, settings: SlotSettings) -> None:
        self.engine = engine
        self.vocabulary = vocabulary
        self.s = settings
        encode = engine.tokenizer.encode
        self.ends = tuple(dict.fromkeys([encode(",")[0], encode(".")[0], engine.eot]))
        self._tokens: dict[tuple[str, bool], tuple[int, ...]] = {}
        self._by_first = self._first_token_index()

    def tokens(self, entry: str, capital: bool) -> tuple[int, ...]:
        key = (entry, capital)
        if key not in self._tokens:
            text = " " + (" ".join(capitalised(w) for w in entry.split()) if capital else entry)
            self._tokens[key] = tuple(self.engine.tokenizer.encode(text))
        return self._tokens[key]

    def _first_token_index(self) -> dict[tuple[int, bool], list[str]]:
        """Entries by their first token, in both casings (the trie's first level)."""
        index: dict[tuple[int, bool], list[str]] = {}
        entries = list(self.vocabulary.entries)
        for capital in (False, True):
            texts = [" " + (" ".join(capitalised(w) for w in e.split()) if capital else e) for e in entries]
            for entry, encoded in zip(entries, self.engine.tokenizer.tokenizer.encode_batch(texts, add_special_tokens=False)):
                self._tokens[(entry, capital)] = tuple(encoded.ids)
                index.setdefault((encoded.ids[0], capital), []).append(entry)
        return index

    def choose(self, enc: Encoded, tokens: list[int], rows: list[np.ndarray], slots: list[Slot],
               taken: frozenset[str] = frozenset()) -> list[Choice]:
        """The entry of every slot, none of them `taken`. A slot the model wrote as an entry
        it may take is kept as written: on the calibration split scoring its neighbours too
        changed one card in 150, for the worse ("Kitten" became "kitchen"), at twice the
        decoder calls. The heard words are kept too when no candidate is left."""
        plans = [self._plan(slot, rows, taken) for slot in slots]
        sequences = [list(tokens[: slot.start]) + list(self.tokens(e, slot.capital)) for slot, todo in zip(slots, plans) for e in todo]
        forced = iter(self.engine.forced(enc, sequences))
        choices = []
        for slot, todo in zip(slots, plans):
            scores = {entry: self._score(next(forced), slot, self.tokens(entry, slot.capital)) for entry in todo}
            choices.append(self._best(slot, scores, len(todo)))
        return choices

    def choose_heard_twice(self, now: HeardSlot, before: HeardSlot, taken: frozenset[str]) -> Choice:
        """A corrected card, heard in the correction (`now`) and where its row was read
        (`before`): the candidates of both hearings, each scored on both, the row's score
        capped. The correction's word is scored even when it is an entry ("Second is
        question" for cushion, heard "Christian" in its row: on the calibration split the
        row's score put right 3 of 58 corrections and lost none)."""
        written = [now.slot.heard] if now.slot.heard in self.vocabulary and now.slot.heard not in taken else []
        entries = list(dict.fromkeys(written + self._candidates(now.slot, now.logprobs, taken)
                                     + self._candidates(before.slot, before.logprobs, taken)))
        here = self._scores(now, entries)
        there = self._scores(before, entries)
        best = max(there.values(), default=0.0)
        return self._best(now.slot, {e: here[e] + self.s.row_weight * max(there[e] - best, -self.s.row_cap) for e in entries},
                          2 * len(entries))

    def _scores(self, heard: HeardSlot, entries: list[str]) -> dict[str, float]:
        """Each entry's score in the slot, in one batched decoder call."""
        slot = heard.slot
        sequences = [list(heard.tokens[: slot.start]) + list(self.tokens(e, slot.capital)) for e in entries]
        forced = self.engine.forced(heard.enc, sequences)
        return {e: self._score(rows, slot, self.tokens(e, slot.capital)) for e, rows in zip(entries, forced)}

    def _plan(self, slot: Slot, rows: list[np.ndarray], taken: frozenset[str]) -> list[str]:
        """Nothing for a slot written as an entry it may be; otherwise its candidates (on the
        calibration split, twice as many for a slot written as a card it may not be changed
        no correction's outcome)."""
        if slot.heard in self.vocabulary and slot.heard not in taken:
            return []
        return self._candidates(slot, rows, taken)

    def _candidates(self, slot: Slot, rows: list[np.ndarray], taken: frozenset[str]) -> list[str]:
        """The entries to force for a slot, best first step first, none `taken`."""
        heard = slot.heard
        first = rows[slot.start]
        near = {n.entry for n in self.vocabulary.near(heard, self.s.near)}
        if len(slot.card) > 1:
            near |= {n.entry for n in self.vocabulary.near(heard.replace(" ", ""), self.s.near)}
            near |= self._pairs(slot.card)
        sound = self.vocabulary.sound_of(heard)
        for token in np.argsort(first)[::-1][: self.s.first_tokens]:
            entries = self._by_first.get((int(token), slot.capital), [])
            near |= set(sorted(entries, key=lambda e: self.vocabulary.similarity(heard, sound, e), reverse=True)[: self.s.per_first_token])
        bound = {e: float(first[self.tokens(e, slot.capital)[0]]) for e in near - GRAMMAR_WORDS - taken}
        return sorted(bound, key=lambda e: bound[e], reverse=True)[: self.s.max_candidates]

    def _pairs(self, card: tuple[Word, ...]) -> set[str]:
        """Two heard words as a two-word card the vocabulary need not hold as a pair ("Fire
        alarm", "Bank Robert" for "bank robber"): each word as heard or its nearest entries."""
        options: list[list[str]] = []
        k = self.s.pair_options
        for word in card:
            if word.text in GRAMMAR_WORDS or len(word.text) < 2:
                return set()
            near = [n.entry for n in self.vocabulary.near(word.text, k)[:k] if " " not in n.entry]
            options.append(list(dict.fromkeys(([word.text] if word.text in self.vocabulary else []) + near))[:k])
        return {f"{a} {b}" for a in options[0] for b in options[1]}

    def _score(self, rows: np.ndarray, slot: Slot, entry_tokens: tuple[int, ...]) -> float:
        """log P(entry) + log P(a card ends after it), from the rows of a sequence that has
        the model's own words before the slot."""
        at = slot.start
        total = sum(float(rows[at + k][t]) for k, t in enumerate(entry_tokens))
        after = rows[at + len(entry_tokens)]
        ends = set(self.ends) | ({slot.next_token} if slot.next_token is not None else set())
        return total + math.log(sum(math.exp(float(after[t])) for t in ends) + 1e-30)

    def _best(self, slot: Slot, scores: dict[str, float], forced: int) -> Choice:
        if not scores:
            return Choice(slot.heard, 0.0, -math.inf, forced)
        ranked = sorted(scores, key=lambda e: scores[e], reverse=True)
        runner_up = scores[ranked[1]] if len(ranked) > 1 else -math.inf
        return Choice(ranked[0], scores[ranked[0]], runner_up, forced)
