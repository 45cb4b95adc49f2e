"""The embedded recognizer: pocketsphinx with its bundled US-English model.

One decoder; one search per distinct grammar (kept, so a phase that comes back
costs nothing); words the model lacks are added with generated pronunciations
before a search that uses them is built.
"""

from __future__ import annotations

import hashlib
import math
import tempfile
import time
from pathlib import Path

import numpy as np
from pocketsphinx import Config, Decoder, NGramModel

from voicemaster.speech.ears.pronounce import missing
from voicemaster.speech.voices.synthetic import active_power
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.ears.grammar_tuning import POCKETSPHINX
from voicemaster.speech.ears.recognizer import Alternative, Grammar, Transcript, WordScore

SEARCHES_KEPT = 4
"""Grammars kept loaded, most recently used: a clue-phase model holds about 25 MB and each
covered card makes a new one, so keeping every one grows without bound over an evening."""
_NON_WORDS = frozenset({"<s>", "</s>", "<sil>", "[noise]", "[laugh]", "[breath]"})


class PocketsphinxRecognizer:
    name = "pocketsphinx"

    def __init__(self) -> None:
        self._config = Config(logfn="/dev/null")
        self._decoder = Decoder(self._config)
        self._searches: dict[str, str] = {}
        self._known_extra: set[str] = set()

    def decode(self, audio: np.ndarray, grammar: Grammar) -> Transcript:
        """Decode one whole utterance (16 kHz mono int16) within `grammar`."""
        self._activate(grammar)
        samples = self._prepare(audio)
        start = time.perf_counter()
        d = self._decoder
        d.start_utt()
        d.process_raw(samples.tobytes(), False, True)
        d.end_utt()
        hyp = d.hyp()
        text = _clean(hyp.hypstr) if hyp is not None else ""
        words = tuple(
            WordScore(seg.word.split("(")[0], _prob(seg.prob))
            for seg in (d.seg() if hyp is not None else ())
            if seg.word not in _NON_WORDS and not seg.word.startswith("+")
        )
        confidence = _prob(d.get_prob()) if text else 0.0
        alternatives = self._nbest(text, confidence)
        return Transcript(
            text=text,
            confidence=confidence,
            alternatives=alternatives,
            words=words,
            decode_ms=(time.perf_counter() - start) * 1000.0,
        )

    def frames(self) -> int:
        """Frames (10 ms) in the last decoded utterance."""
        return int(self._decoder.n_frames())

    def _nbest(self, best: str, confidence: float) -> tuple[Alternative, ...]:
        nbest = POCKETSPHINX.nbest
        seen = [best]
        out = [Alternative(best, confidence)]
        try:
            for i, hyp in enumerate(self._decoder.nbest()):
                if i >= POCKETSPHINX.nbest_read * nbest or len(out) >= nbest:
                    break
                text = _clean(hyp.hypstr) if hyp is not None else ""
                if text and text not in seen:
                    seen.append(text)
                    out.append(Alternative(text, 0.0))
        except (RuntimeError, ValueError):
            pass
        return tuple(out)

    def _prepare(self, audio: np.ndarray) -> np.ndarray:
        """The utterance padded with silence and given a noise floor (grammar_tuning.PocketsphinxTuning)."""
        t = POCKETSPHINX
        pad = np.zeros(int(t.pad_seconds * SAMPLE_RATE))
        x = np.concatenate([pad, audio.astype(np.float64), pad])
        level = math.sqrt(active_power(audio)) if len(audio) else 0.0
        floor = max(1.0, level * 10 ** (-t.noise_floor_db / 20))
        x += np.random.default_rng(len(x)).normal(0.0, floor, len(x))
        return np.clip(np.round(x), -32768, 32767).astype(np.int16)

    def _activate(self, grammar: Grammar) -> None:
        source = grammar.arpa or grammar.jsgf
        if not source:
            raise ValueError(f"grammar for phase {grammar.phase!r} has neither jsgf nor arpa")
        key = hashlib.sha1(source.encode()).hexdigest()[:16]
        name = self._searches.pop(key, None)
        if name is None:
            name = f"g{key}"
            self._add_words(grammar)
            if grammar.arpa:
                self._add_lm(name, grammar.arpa)
            else:
                self._decoder.add_jsgf_string(name, grammar.jsgf)
        self._searches[key] = name
        if self._decoder.current_search() != name:
            self._decoder.activate_search(name)
        while len(self._searches) > SEARCHES_KEPT:
            self._decoder.remove_search(self._searches.pop(next(iter(self._searches))))

    def _add_words(self, grammar: Grammar) -> None:
        words = {w for phrase in grammar.phrases for w in phrase.split()} - self._known_extra
        for word, phones in missing(words).items():
            if phones:
                self._decoder.add_word(word, " ".join(phones), True)
        self._known_extra |= words

    def _add_lm(self, name: str, arpa: str) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "phase.arpa"
            path.write_text(arpa, encoding="utf-8")
            lm = NGramModel(self._config, self._decoder.logmath, str(path))
        self._decoder.add_lm(name, lm)


def _clean(hypstr: str) -> str:
    return " ".join(w.split("(")[0] for w in hypstr.split() if w not in _NON_WORDS)


def _prob(value: float) -> float:
    """pocketsphinx posteriors come as probabilities or as log values; clamp to 0..1."""
    if value > 1.0:
        return 1.0
    if value < 0.0:
        return float(math.exp(max(value, -700.0)))
    return float(value)
