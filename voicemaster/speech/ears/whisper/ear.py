"""`WhisperEar`: Whisper base as the app's ear — one utterance → what, if anything, was said
to the referee (the free transcript, and the closed-set decision).

1. Encode the utterance in a short window (its length plus 0.5 s of zeros).
2. One greedy free decode that keeps every step's distribution: the transcript, the
   no-speech probability, and the prefix cache the search starts from.
3. Candidate phrases from the request table: every card form × uncovered card (guesses
   in the guess phase, covers in the clue phase), every command form that may be said now, clue phrases read off the transcript × the twelve numbers, and in
   the clue phase the guess phrases as *distractors*: a guess said while the spymaster
   thinks wins as a guess and is dropped rather than becoming a clue.
4. Best-first exact scoring of the candidates that could matter (search.py).
5. Acceptance (decide.py, thresholds.py); when nothing is taken from a short utterance, the
   short-word head's "stop", "yes" or "no" (short_words.py).
"""

from __future__ import annotations

import functools
import math
import re
import time
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from voicemaster.game.phase import Phase
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.ears.whisper.clue_reading import ClueReader
from voicemaster.speech.ears.whisper.decide import (
    Decision, Evidence, decide, evidence, rescued, speech_absent, written_command, written_evidence,
)
from voicemaster.speech.ears.whisper.engine import Encoded, Engine, FreeDecode, until_repeat
from voicemaster.speech.ears.whisper.features import HOP
from voicemaster.speech.ears.whisper.phrases import Phrase, Writer
from voicemaster.speech.ears.whisper.search import PrefixCache, free_score, search
from voicemaster.speech.ears.whisper.short_words import CLASSES, shipped_head
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import Command
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import answered_in_a_clue, card_words
from voicemaster.understand.requests import CARD_REQUESTS, may_say, phase_forms
from voicemaster.vocabulary import DIGIT_WORDS


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
class Written:
    """One free decode of an encoded utterance: what the model wrote, the prefix cache the
    phrases are scored from, the score of its first sentence over how many tokens, and
    whether anyone spoke (silence, or nothing written: no phrase could be accepted)."""

    enc: Encoded
    free: FreeDecode
    cache: PrefixCache
    score: tuple[float, int]
    speech: bool


_WORD = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*")


def normalised(text: str) -> str:
    """As the other backends write a transcript: lower-case words, single spaces, no
    punctuation, a lone digit spelled out ("The clue is needs 6." → "the clue is needs six")."""
    words = _WORD.findall(text.lower())
    return " ".join(DIGIT_WORDS[int(w)] if len(w) == 1 and w.isdigit() else w for w in words)


def guess_prompt(cards: tuple[str, ...]) -> str:
    """The prompt's sentences with example words not on this board."""
    taken = {w for card in cards for w in card_words(card)}
    spares = iter(w for w in SPARE_PROMPT_WORDS if w not in taken)
    words = [w if w not in taken else next(spares) for w in PROMPT_WORDS]
    return " ".join(sentence.format(word) for sentence, word in zip(PROMPT_SENTENCES, words))


class WhisperEar:
    """Loaded once (CTranslate2, int8, two threads); used from one thread at a time (the hearing
    worker). ModelError (an InputError: one line naming the directory) when the model will not load."""

    name = "whisper"
    denoise = "none"
    """Whisper hears the room as it is: on the same recordings, WebRTC's suppressor in steady
    noise turned most of a clean game's requests into nothing (it was trained on noisy
    speech; suppression artefacts are what it never heard)."""

    def __init__(self, model_dir: str | Path, thresholds: Thresholds = THRESHOLDS) -> None:
        engine = self.engine = Engine(Path(model_dir))
        """The loaded model, for another ear to share (the grid ear of a table laid out)."""
        self.t = thresholds
        self.head = shipped_head() if thresholds.short_word_head else None
        self.writer = Writer(engine.tokenizer.encode)
        self.clues = ClueReader(engine, self.writer, thresholds)
        encode = engine.tokenizer.encode
        self.dot = encode(".")[0]
        self.punctuation = tuple(encode(p)[0] for p in (".", "?", "!"))
        self.fixed_phrases = functools.lru_cache(maxsize=8)(self._fixed_phrases)
        """The phrases that depend only on what may be said now (not on the audio)."""
        self.prompt = functools.lru_cache(maxsize=8)(self._prompt)

    def close(self) -> None:
        """Frees the model (a grid ear sharing it hears no more); closing again does nothing. An
        ear left open is closed at the interpreter's exit (engine.py says why it must be)."""
        self.engine.close()

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        """Heard.evidence is the decision's Evidence (decide.py)."""
        started = time.perf_counter()
        t = self.t
        guessing = now.phase is Phase.GUESS
        prompt = self.prompt(now.cards) if guessing and t.guess_prompt else []
        enc = self.engine.encode(audio[: t.max_window_frames * HOP], t.window_pad_frames, t.min_window_frames, prompt)
        written = self._write_down(enc)
        command = written_command(written.free, now) if written.speech else None
        if command is not None:
            return _not_an_answer(self._written(written, command, started))
        heard = self._judge(written, self._candidates(written, now) if written.speech else [], started)
        if prompt and heard.intent is None and _a_command(heard.evidence):
            heard = self._unprompted(enc, now, started) or heard
        return _not_an_answer(self._rescued(heard, audio, enc, now))

    def _rescued(self, heard: Heard, audio: np.ndarray, enc: Encoded, now: Listening) -> Heard:
        """What the scoring took, or, when it took nothing, the head's short word
        (decide.rescued); the head runs only then, its probabilities kept in the evidence."""
        ev = heard.evidence
        if heard.intent is not None or not isinstance(ev, Evidence):
            return heard
        ev = replace(ev, short_words=self._short_words(audio, enc, now))
        decision = rescued(ev, Decision(None), self.t)
        return replace(heard, intent=decision.intent, confidence=decision.confidence, evidence=ev)

    def _short_words(self, audio: np.ndarray, enc: Encoded, now: Listening) -> tuple[float, ...]:
        """The head's probabilities for a short utterance, the words that may not be said now
        at 0 ("stop" outside the guess phase, "yes" and "no" with no question open); () when
        the utterance is not the head's."""
        if self.head is None or len(audio) > self.t.short_word_seconds * SAMPLE_RATE:
            return ()
        allowed = {c: c == "none" or may_say(c, now) for c in CLASSES}
        if not any(allowed[c] for c in CLASSES[1:]):
            return ()
        p = self.head.probabilities(self.head.pooling.pooled(enc.array, audio))
        return tuple(round(float(v), 4) if allowed[c] else 0.0 for c, v in zip(CLASSES, p))

    def _unprompted(self, enc: Encoded, now: Listening, started: float) -> Heard | None:
        """The utterance written again without the guess prompt, for a command the prompted
        decode did not write: the prompt pulls a lone word towards a card ("Start." for a
        real "stop"; real voices, calibration split: stops written as said 70 of 76 times
        without it, 60 with it). Taken only when that transcript is the command itself."""
        written = self._write_down(replace(enc, start=tuple(self.engine.tokenizer.start)))
        command = written_command(written.free, now) if written.speech else None
        return None if command is None else self._written(written, command, started)

    def _write_down(self, enc: Encoded) -> Written:
        """The free decode, its prefixes cached for scoring, its first sentence's score."""
        fd = self.engine.free_decode(enc, self.t.free_max_tokens)
        cache = PrefixCache(self.engine.eot, self.dot, self.punctuation)
        cache.add(fd.tokens, fd.logprobs)
        free, n_free = free_score(cache, fd, frozenset(self.punctuation))
        return Written(enc, fd, cache, (free, n_free), bool(fd.tokens) and not speech_absent(fd, free, n_free))

    def _judge(self, w: Written, phrases: list[Phrase], started: float) -> Heard:
        t = self.t
        free, n_free = w.score
        scored, _ = search(
            self.engine, w.enc, w.cache, phrases, resolve_margin=t.resolve_margin, per_round=t.per_round,
            max_rounds=t.max_rounds, floor=free - t.search_floor,
        )
        ev = evidence(scored, free, n_free, w.free)
        return self._heard(w, ev, decide(ev, t), started)

    def _written(self, w: Written, command: Command, started: float) -> Heard:
        ev = written_evidence(command, w.free, *w.score)
        return self._heard(w, ev, Decision(command, transcript_confidence(ev)), started)

    def _heard(self, w: Written, ev: Evidence, decision: Decision, started: float) -> Heard:
        """The decision with what the model wrote: its first saying (Whisper repeats itself on
        a short window), nothing when the model itself says no one spoke."""
        tokens = w.free.tokens
        said = "" if ev.silent else normalised(self.engine.tokenizer.decode(tokens[: until_repeat(tokens)]))
        return Heard(said, decision.intent, decision.confidence if decision.intent is not None else 0.0,
                     decision.read_back, 1000 * (time.perf_counter() - started), ev)

    def _candidates(self, w: Written, now: Listening) -> list[Phrase]:
        phrases = self.fixed_phrases(now)
        if now.phase is Phase.GUESS:
            return phrases
        return phrases + self.clues.phrases(w.free.tokens, w.enc, w.cache, phase_forms(now))

    def _prompt(self, cards: tuple[str, ...]) -> list[int]:
        return [self.engine.tokenizer.sot_prev, *self.writer.tokens(" " + guess_prompt(cards))]

    def _fixed_phrases(self, now: Listening) -> list[Phrase]:
        forms = phase_forms(now)
        phrases = self.writer.card_phrases(forms, now.cards) + self.writer.plain_phrases(forms)
        if now.phase is not Phase.GUESS:
            guessing = phase_forms(Listening((), Phase.GUESS))
            phrases += self.writer.card_phrases(tuple(f for f in guessing if f.request == "guess"), now.cards,
                                                distractor=True)
        return phrases


def _not_an_answer(heard: Heard) -> Heard:
    """Nothing, for a yes or a no heard in an utterance that carries a clue (parse.carries_a_clue):
    what the model wrote all along, other people's words included, is what is judged."""
    written = heard.evidence.transcript if isinstance(heard.evidence, Evidence) else heard.transcript
    return replace(heard, intent=None, confidence=0.0) if answered_in_a_clue(heard.intent, written) else heard


def _a_command(ev: object) -> bool:
    """The best scored phrase is a command (not a card, a clue or a distractor)."""
    p = ev.phrase if isinstance(ev, Evidence) else None
    return p is not None and not p.distractor and p.request not in ("clue", *CARD_REQUESTS)


def transcript_confidence(ev: Evidence) -> float:
    """The free transcript's first sentence: the geometric mean of its token probabilities."""
    return min(1.0, math.exp(ev.mean_logprob)) if math.isfinite(ev.mean_logprob) else 0.0
