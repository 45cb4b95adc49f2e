"""vosk (Kaldi) recognizer restricted to the phase's phrase list.

Grammar words the model does not know are left out with a warning (vosk would
drop them silently). vosk loops the phrase list, so a hypothesis that is not
one whole phrase means the speaker said something outside the grammar: such
hypotheses are not reported as the transcript.
"""

from __future__ import annotations

import json
import logging
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from voicemaster.errors import InputError
from voicemaster.sharing import built_once
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.ears.grammar_tuning import VOSK
from voicemaster.speech.ears.recognizer import Alternative, Grammar, Transcript, WordScore

log = logging.getLogger(__name__)

UNKNOWN = "[unk]"
CHUNK_SAMPLES = SAMPLE_RATE // 5
"""Audio is streamed to vosk in 200 ms chunks, as the microphone delivers it."""


@built_once
def load_model(path: str) -> Any:
    """One vosk.Model per directory per process, even when two threads ask at once: loading takes seconds."""
    import vosk

    vosk.SetLogLevel(-1)
    if not Path(path, "am", "final.mdl").is_file():
        raise InputError("not a vosk model directory (no am/final.mdl)", path=path)
    try:
        return vosk.Model(path)
    except Exception as exc:
        raise InputError(f"vosk could not load the model: {exc}", path=path) from exc


@dataclass(frozen=True)
class CompiledGrammar:
    phrases: tuple[str, ...]
    """The phrases vosk will use: every word known to the model."""
    missing: tuple[str, ...]
    """Grammar words not in the model's vocabulary (their phrases were left out)."""
    with_unknown: bool
    """Whether the model has the [unk] word, which absorbs out-of-grammar speech."""


class VoskRecognizer:
    name = "vosk"

    def __init__(self, model_path: str | Path, alternatives: int = VOSK.alternatives) -> None:
        self.model_path = str(Path(model_path).resolve())
        self.model = load_model(self.model_path)
        self.alternatives = alternatives
        self._recognizers: dict[tuple[str, ...], tuple[Any, CompiledGrammar]] = {}

    def knows(self, word: str) -> bool:
        return self.model.vosk_model_find_word(word) >= 0

    def compile(self, grammar: Grammar) -> CompiledGrammar:
        missing: dict[str, None] = {}
        kept = []
        for phrase in dict.fromkeys(" ".join(p.lower().split()) for p in grammar.phrases):
            unknown = [w for w in phrase.split() if not self.knows(w)]
            missing.update(dict.fromkeys(unknown))
            if phrase and not unknown:
                kept.append(phrase)
        if missing:
            log.warning("vosk model %s does not know %s; phrases with them are left out",
                        self.model_path, ", ".join(missing))
        return CompiledGrammar(tuple(kept), tuple(missing), self.knows(UNKNOWN))

    def _recognizer(self, grammar: Grammar) -> tuple[Any, CompiledGrammar]:
        import vosk

        key = tuple(grammar.phrases)
        if key not in self._recognizers:
            compiled = self.compile(grammar)
            if not compiled.phrases:
                raise InputError(f"no phrase of the {grammar.phase} grammar is in the vosk model's vocabulary")
            words = list(compiled.phrases) + ([UNKNOWN] if compiled.with_unknown else [])
            recognizer = vosk.KaldiRecognizer(self.model, SAMPLE_RATE, json.dumps(words, ensure_ascii=False))
            recognizer.SetWords(True)
            recognizer.SetMaxAlternatives(self.alternatives)
            if len(self._recognizers) >= 8:
                self._recognizers.pop(next(iter(self._recognizers)))
            self._recognizers[key] = (recognizer, compiled)
        return self._recognizers[key]

    def decode(self, audio: np.ndarray, grammar: Grammar) -> Transcript:
        start = time.perf_counter()
        recognizer, compiled = self._recognizer(grammar)
        segments = []
        data = np.asarray(audio, dtype=np.int16)
        for i in range(0, len(data), CHUNK_SAMPLES):
            if recognizer.AcceptWaveform(data[i : i + CHUNK_SAMPLES].tobytes()):
                segments.append(json.loads(recognizer.Result()))
        segments.append(json.loads(recognizer.FinalResult()))
        transcript = transcript_from_results(segments, set(compiled.phrases))
        return Transcript(
            text=transcript.text, confidence=transcript.confidence, alternatives=transcript.alternatives,
            words=transcript.words, decode_ms=1000 * (time.perf_counter() - start),
        )


def transcript_from_results(segments: list[dict[str, Any]], phrases: set[str]) -> Transcript:
    """vosk JSON results (one per segment vosk endpointed itself) -> one Transcript.

    Alternatives carry vosk's n-best log scores; their softmax is the sentence
    posterior, and a word's confidence is the posterior mass of the alternatives
    that have that word at that time. The transcript is the best alternative
    that is one whole phrase; "" when none is (out of grammar, or [unk]).
    """
    heard = [alts for alts in (_alternatives(s) for s in segments) if alts and alts[0][1]]
    if not heard:
        return Transcript(text="", confidence=0.0)
    if len(heard) > 1:
        text = " ".join(alts[0][1] for alts in heard)
        confidence = math.prod(_softmax([score for score, _, _ in alts])[0] for alts in heard)
        alternative = (Alternative(text, confidence),)
        if text in phrases:
            return Transcript(text=text, confidence=confidence, alternatives=alternative)
        return Transcript(text="", confidence=0.0, alternatives=alternative)
    alts = heard[0]
    posteriors = _softmax([score for score, _, _ in alts])
    alternatives = tuple(Alternative(text, p) for (_, text, _), p in zip(alts, posteriors))
    in_grammar = [(p, a) for p, a in zip(posteriors, alts) if a[1] in phrases]
    if not in_grammar:
        return Transcript(text="", confidence=0.0, alternatives=alternatives)
    best_p, (_, best_text, best_words) = in_grammar[0]
    words = tuple(
        WordScore(w["word"], sum(p for p, a in zip(posteriors, alts) if _has_word_at(a[2], w))) for w in best_words
    )
    return Transcript(text=best_text, confidence=best_p, alternatives=alternatives, words=words)


def _alternatives(result: dict[str, Any]) -> list[tuple[float, str, list[dict[str, Any]]]]:
    """(log score, text, timed words) per alternative, best first; [unk] kept in the text."""
    if "alternatives" in result:
        raw = result["alternatives"]
    else:
        raw = [{"confidence": 0.0, "text": result.get("text", ""), "result": result.get("result", [])}]
    return [(float(a.get("confidence", 0.0)), " ".join(a.get("text", "").split()), a.get("result", [])) for a in raw]


def _has_word_at(words: list[dict[str, Any]], target: dict[str, Any]) -> bool:
    return any(
        w["word"] == target["word"] and w["start"] < target["end"] and w["end"] > target["start"] for w in words
    )


def _softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
