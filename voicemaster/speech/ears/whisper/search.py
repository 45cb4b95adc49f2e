"""Closed-set scoring of many phrases with few decoder calls: a prefix cache and bounds.

Every decoder call leaves next-token distributions for *every prefix* it went through
(the free decode: each prefix of the transcript; a forced phrase: each prefix of the
phrase). Kept by token prefix, they score any phrase that shares those prefixes at no
cost. A phrase whose path leaves the cache still has an *upper bound*: its
log-probabilities up to the first unknown step (further tokens only lower it). The
search forces only the phrases whose bound could still matter, one per unknown prefix
(forcing " We touch the ..." reveals the card slot for every card at once), a few per
batched call, for a few rounds: 25 cards × 16 verb forms × 4 spellings cost a handful
of decoder items instead of 1,600.

A phrase's score is log P(tokens) + log P(end), with P(end) = P(EOT | phrase) +
P(. ? ! | phrase) · P(EOT | phrase + ".") — so "Stop, wait, what about apple" does not
score as a complete "Stop". On a short window Whisper says the phrase again instead of
ending, so starting the same phrase again counts as its end too.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from voicemaster.speech.ears.whisper.engine import Encoded, Engine, FreeDecode, until_repeat
from voicemaster.speech.ears.whisper.phrases import Meaning, Phrase


@dataclass(frozen=True)
class Scored:
    phrase: Phrase
    value: float
    """log-probability of the phrase and its end; an upper bound when not exact."""
    exact: bool


@dataclass(frozen=True)
class SearchStats:
    rounds: int
    items: int
    """Phrases teacher-forced."""
    ms: float


@dataclass(frozen=True)
class Frontier:
    value: float
    exact: bool
    unknown: tuple[int, ...] | None
    """The first prefix whose distribution is not cached (None when exact)."""


class PrefixCache:
    """Next-token log-probabilities per token prefix, for one utterance."""

    def __init__(self, eot: int, dot: int, punctuation: tuple[int, ...]) -> None:
        self.rows: dict[tuple[int, ...], np.ndarray] = {}
        self.eot, self.dot, self.punctuation = eot, dot, punctuation

    def add(self, tokens: list[int] | tuple[int, ...], rows: list[np.ndarray] | np.ndarray) -> None:
        tokens = tuple(tokens)
        for k in range(min(len(rows), len(tokens) + 1)):
            self.rows.setdefault(tokens[:k], rows[k])

    def frontier(self, tokens: tuple[int, ...]) -> Frontier:
        """The phrase's score if every step is cached, else its bound and where the cache ends."""
        total = 0.0
        for k, token in enumerate(tokens):
            row = self.rows.get(tokens[:k])
            if row is None:
                return Frontier(total, False, tokens[:k])
            total += float(row[token])
        row = self.rows.get(tokens)
        if row is None:
            return Frontier(total, False, tokens)
        first = tokens[0] if tokens else self.eot
        p_end = math.exp(float(row[self.eot])) + (math.exp(float(row[first])) if tokens else 0.0)
        p_punct = sum(math.exp(float(row[p])) for p in self.punctuation)
        after = self.rows.get(tokens + (self.dot,))
        if after is None:
            return Frontier(total + math.log(p_end + p_punct + 1e-30), False, tokens + (self.dot,))
        p_after = math.exp(float(after[self.eot])) + math.exp(float(after[first]))
        return Frontier(total + math.log(p_end + p_punct * min(1.0, p_after) + 1e-30), True, None)


def best_by_meaning(scored: list[Scored], exact_only: bool = False) -> dict[Meaning, Scored]:
    """The best variant of each meaning (optionally among exact scores only)."""
    out: dict[Meaning, Scored] = {}
    for s in scored:
        if exact_only and not s.exact:
            continue
        key = s.phrase.meaning
        if key not in out or s.value > out[key].value:
            out[key] = s
    return out


def search(
    engine: Engine,
    enc: Encoded,
    cache: PrefixCache,
    phrases: list[Phrase],
    *,
    resolve_margin: float,
    per_round: int,
    max_rounds: int,
    floor: float,
) -> tuple[list[Scored], SearchStats]:
    """Score `phrases`, forcing, best bound first, those within `resolve_margin` of the best
    exact score, until none is left or the budget runs out. Bounds below `floor` (too
    unlikely to be accepted whatever the others score) are never forced, so table talk
    usually costs no decoder call beyond the free decode."""
    t0 = time.perf_counter()
    rounds = items = 0
    while True:
        frontiers = [cache.frontier(p.tokens) for p in phrases]
        order = sorted(range(len(phrases)), key=lambda i: frontiers[i].value, reverse=True)
        best_exact = max((f.value for f in frontiers if f.exact), default=-math.inf)
        todo: list[Phrase] = []
        seen: set[tuple[int, ...]] = set()
        for i in order:
            f = frontiers[i]
            if f.value < best_exact - resolve_margin or f.value < floor:
                break
            if f.unknown is None or f.unknown in seen:
                continue
            seen.add(f.unknown)
            todo.append(phrases[i])
            if len(todo) >= per_round:
                break
        if not todo or rounds >= max_rounds:
            scored = [Scored(phrases[i], frontiers[i].value, frontiers[i].exact) for i in order]
            return scored, SearchStats(rounds, items, 1000 * (time.perf_counter() - t0))
        sequences = [list(p.tokens) + [cache.dot] for p in todo]
        for sequence, rows in zip(sequences, engine.forced(enc, sequences)):
            cache.add(sequence, rows)
        rounds += 1
        items += len(sequences)


def free_score(cache: PrefixCache, fd: FreeDecode, punctuation: frozenset[int]) -> tuple[float, int]:
    """Score of the free transcript's first sentence — its tokens through the first
    sentence-final punctuation, or up to where it starts saying itself again — ended the
    same way as a phrase, and how many tokens that is."""
    tokens = fd.tokens
    end = min(until_repeat(tokens), next((i + 1 for i, t in enumerate(tokens) if t in punctuation), len(tokens)))
    total = sum(float(fd.logprobs[k][tokens[k]]) for k in range(end))
    if end < len(fd.logprobs):
        row = fd.logprobs[end]
        first = tokens[0] if tokens else cache.eot
        p = math.exp(float(row[cache.eot])) + (math.exp(float(row[first])) if tokens else 0.0)
        total += math.log(min(1.0, p) + 1e-30)
    return total, end
