"""One utterance → what, if anything, was said to the referee (Whisper base, closed set).

1. Encode the utterance in a short window (its length plus 0.5 s of zeros).
2. One greedy free decode that keeps every step's distribution: the transcript, the
   no-speech probability, and the prefix cache the search starts from.
3. Candidate phrases from the template table: every card form × uncovered card (guesses
   in the guess phase, covers in the clue phase), every command form (yes/no only while a
   question is open), clue phrases read off the transcript × the twelve numbers, and in
   the clue phase the guess phrases as *distractors*: a guess said while the spymaster
   thinks wins as a guess and is dropped rather than becoming a clue.
4. Best-first exact scoring of the candidates that could matter (search.py).
5. Acceptance (decide.py, thresholds.py).
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, replace

import numpy as np

from voicemaster.game.phase import Phase
from voicemaster.speech.ears.whisper.clue_reading import ClueReader
from voicemaster.speech.ears.whisper.decide import (
    Decision, Evidence, decide, evidence, speech_absent, written_command, written_evidence,
)
from voicemaster.speech.ears.whisper.engine import Encoded, Engine, FreeDecode
from voicemaster.speech.ears.whisper.features import HOP
from voicemaster.speech.ears.whisper.phrases import Phrase, Writer, card_words, phase_forms
from voicemaster.speech.ears.whisper.search import PrefixCache, free_score, search
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Listening

PROMPT_SENTENCES = ("We pick the {}.", "Touch {}.", "Guess the {}.", "Choose {}.")
PROMPT_WORDS = ("pepper", "teapot", "cobweb", "sonnet")
SPARE_PROMPT_WORDS = ("thimble", "nutmeg", "quill", "kazoo")
"""The guess phase's previous-text prompt: the guess template's openings with words on
neither word list. Whisper's language model otherwise prefers "Take the unicorn" to "Pick
the unicorn" (research: +28 points of guesses at babble 10 dB, no table talk accepted).
No command words (they get copied: "Undo" was hallucinated on chatter) and no prompt in
the clue phase (an example clue word was copied into clues). An example word that is on
a custom board is swapped for a spare, so the prompt never suggests a card."""


@dataclass(frozen=True)
class Timings:
    features_ms: float
    encode_ms: float
    free_decode_ms: float
    search_ms: float
    """Candidates, clue continuations and forced phrases."""
    total_ms: float
    forced: int
    """Phrases teacher-forced by the search."""
    window_frames: int


@dataclass(frozen=True)
class Utterance:
    """What one hearing leaves for a second look: the encoded audio, its transcript, the
    prefix cache and the phrases already scored."""

    enc: Encoded
    free: FreeDecode
    cache: PrefixCache
    free_score: tuple[float, int]
    phrases: list[Phrase]
    now: Listening
    started: float
    """perf_counter() when the hearing began: a second look's time counts from there."""


@dataclass(frozen=True)
class Verdict:
    decision: Decision
    evidence: Evidence
    free: FreeDecode
    timings: Timings


def guess_prompt(cards: tuple[str, ...]) -> str:
    """The prompt's sentences with example words not on this board."""
    taken = {w for card in cards for w in card_words(card)}
    spares = iter(w for w in SPARE_PROMPT_WORDS if w not in taken)
    words = [w if w not in taken else next(spares) for w in PROMPT_WORDS]
    return " ".join(sentence.format(word) for sentence, word in zip(PROMPT_SENTENCES, words))


class Scorer:
    """The pipeline for one decoding thread."""

    def __init__(self, engine: Engine, thresholds: Thresholds = THRESHOLDS) -> None:
        self.engine = engine
        self.t = thresholds
        self.writer = Writer(engine.tokenizer.encode)
        self.clues = ClueReader(engine, self.writer, thresholds)
        encode = engine.tokenizer.encode
        self.dot = encode(".")[0]
        self.punctuation = tuple(encode(p)[0] for p in (".", "?", "!"))
        self.fixed_phrases = functools.lru_cache(maxsize=8)(self._fixed_phrases)
        """The phrases that depend only on what may be said now (not on the audio)."""
        self.prompt = functools.lru_cache(maxsize=8)(self._prompt)
        self.last: Utterance | None = None

    def hear(self, audio: np.ndarray, now: Listening) -> Verdict:
        t0 = time.perf_counter()
        t = self.t
        guessing = now.phase is Phase.GUESS
        prompt = self.prompt(now.cards) if guessing and t.guess_prompt else []
        enc = self.engine.encode(audio[: t.max_window_frames * HOP], t.window_pad_frames, t.min_window_frames, prompt)
        fd, cache, free_scored, heard = self._write_down(enc)
        t1 = time.perf_counter()
        command = written_command(fd, now) if heard else None
        phrases = self._candidates(fd, enc, cache, now) if heard and command is None else []
        self.last = Utterance(enc, fd, cache, free_scored, phrases, now, t0)
        if command is not None:
            return self._written(self.last, command, t1)
        verdict = self._judge(self.last, phrases, t1)
        if prompt and verdict.decision.intent is None and _a_command(verdict.evidence):
            return self._unprompted(self.last, t1) or verdict
        return verdict

    def _unprompted(self, u: Utterance, searched_from: float) -> Verdict | None:
        """The utterance written again without the guess prompt, for a command the prompted
        decode did not write: the prompt pulls a lone word towards a card ("Start." for a
        real "stop"; real voices, calibration split: stops written as said 70 of 76 times
        without it, 60 with it). Taken only when that transcript is the command itself."""
        enc = replace(u.enc, start=tuple(self.engine.tokenizer.start))
        fd, cache, free_scored, heard = self._write_down(enc)
        command = written_command(fd, u.now) if heard else None
        if command is None:
            return None
        self.last = Utterance(enc, fd, cache, free_scored, [], u.now, u.started)
        return self._written(self.last, command, searched_from)

    def _write_down(self, enc: Encoded) -> tuple[FreeDecode, PrefixCache, tuple[float, int], bool]:
        """The free decode, its prefixes cached for scoring, its first sentence's score, and
        whether speech was heard (silence, or nothing written: no phrase could be accepted,
        so none is scored)."""
        fd = self.engine.free_decode(enc, self.t.free_max_tokens)
        cache = PrefixCache(self.engine.eot, self.dot, self.punctuation)
        cache.add(fd.tokens, fd.logprobs)
        free, n_free = free_score(cache, fd, frozenset(self.punctuation))
        return fd, cache, (free, n_free), bool(fd.tokens) and not speech_absent(fd, free, n_free, self.t)

    def _judge(self, u: Utterance, phrases: list[Phrase], searched_from: float) -> Verdict:
        t = self.t
        free, n_free = u.free_score
        scored, stats = search(
            self.engine, u.enc, u.cache, phrases, resolve_margin=t.resolve_margin, per_round=t.per_round,
            max_rounds=t.max_rounds, floor=free - t.search_floor,
        )
        ev = evidence(scored, free, n_free, u.free, t)
        decision = decide(ev, t)
        return Verdict(decision, ev, u.free, self._timings(u, searched_from, stats.items))

    def _written(self, u: Utterance, command: Command, searched_from: float) -> Verdict:
        ev = written_evidence(command, u.free, *u.free_score, self.t)
        decision = Decision(command, transcript_confidence(ev))
        return Verdict(decision, ev, u.free, self._timings(u, searched_from, 0))

    def _timings(self, u: Utterance, searched_from: float, forced: int) -> Timings:
        now = time.perf_counter()
        return Timings(u.enc.features_ms, u.enc.encode_ms, u.free.ms, 1000 * (now - searched_from),
                       1000 * (now - u.started), forced, u.enc.frames)

    def _candidates(self, fd: FreeDecode, enc: Encoded, cache: PrefixCache, now: Listening) -> list[Phrase]:
        phrases = self.fixed_phrases(now.phase, now.cards, now.awaiting_clue, now.question_open, now.game_over,
                                     now.may_overrule, now.may_challenge)
        if now.phase is Phase.GUESS:
            return phrases
        forms = phase_forms(now.phase, now.awaiting_clue, now.question_open)
        return phrases + self.clues.phrases(fd.tokens, enc, cache, forms)

    def _prompt(self, cards: tuple[str, ...]) -> list[int]:
        return [self.engine.tokenizer.sot_prev, *self.writer.tokens(" " + guess_prompt(cards))]

    def _fixed_phrases(
        self, phase: Phase, cards: tuple[str, ...], awaiting_clue: bool, question_open: bool, game_over: bool = False,
        may_overrule: bool = False, may_challenge: bool = False,
    ) -> list[Phrase]:
        forms = phase_forms(phase, awaiting_clue, question_open, game_over, may_overrule, may_challenge)
        phrases = self.writer.card_phrases(forms, cards) + self.writer.plain_phrases(forms)
        if phase is not Phase.GUESS:
            guesses = tuple(f for f in phase_forms(Phase.GUESS, False, False) if f.intent == "guess")
            phrases += self.writer.card_phrases(guesses, cards, kind="distractor")
        return phrases


def _a_command(ev: Evidence) -> bool:
    """The best scored phrase is a command (not a card, a clue or a distractor)."""
    return ev.phrase is not None and ev.phrase.intent not in ("guess", "cover", "clue", "distractor")


def transcript_confidence(ev: Evidence) -> float:
    """The free transcript's first sentence: the geometric mean of its token probabilities."""
    return min(1.0, math.exp(ev.mean_logprob)) if math.isfinite(ev.mean_logprob) else 0.0
