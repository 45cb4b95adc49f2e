"""Two ears, one decision: Whisper and pocketsphinx hear every utterance, side by side.

The two fail on different utterances (shared notes, hearing-two-ears.md): pocketsphinx hears
clean, noisy and reverberant guesses better and acts on wrong ones; Whisper refuses table
talk and false clues. Each ear's say is condensed into a `View` (its first choice, its
runner-up and its own evidence for them); a logistic model fitted on the calibration split
(bench/fit_fusion.py → fusion_model.json) turns the two views into a probability for each
phrase either ear put first or second. The bars on that probability decide:
- act, only when no ear put another phrase first (two ears that disagree never reveal), and
  both put it first or the one that did would act on it alone;
- ask "Apple?" for one likely card, "Did you say apple or chapel?" for two, never three, and
  for a card Whisper wrote as a question ("Pick battery?" proposes it to the team);
- else nothing.
A clue is Whisper's judgement, read back for a yes as always: pocketsphinx took talk for a
clue ten times as often, so its clue word is only a candidate that Whisper scores on the same
audio beside its own readings (it writes "guard in" where pocketsphinx hears garden).
"""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from voicemaster.speech.ears.heard import Ear, Heard
from voicemaster.understand.intents import AmbiguousCard, Command, CoverCard, GiveClue, GuessCard, Intent
from voicemaster.understand.listening import Listening

if TYPE_CHECKING:
    from voicemaster.speech.ears.whisper.ear import WhisperEar

MODEL_FILE = Path(__file__).with_name("fusion_model.json")
FEATURES = (
    "bias", "w_top", "w_deficit", "w_margin", "w_other", "w_acted", "w_runner",
    "p_top", "p_conf", "p_acted", "p_runner", "agree", "command",
)
"""The model's inputs for one phrase, in coefficient order (see `features`)."""
CAP = 10.0
"""Whisper's deficits and margins (nats) are clipped to this: beyond it they say nothing more."""


@dataclass(frozen=True)
class View:
    """One ear's say on one utterance, as the fusion reads it."""

    top: str | None
    """Its first choice as a key (`key`), even when it would not act on it."""
    runner: str | None = None
    """Its second choice (an ambiguous result's second card)."""
    acted: bool = False
    """The ear alone would have acted on `top`."""
    confidence: float = 0.0
    deficit: float = CAP
    """Whisper only: how far the phrase is below what it wrote on its own (0: the same)."""
    margin: float = 0.0
    """Whisper only: the phrase over the best other card or number of the same request."""
    other: float = 0.0
    """Whisper only: the phrase over the best phrase of another request."""
    clue: bool = False
    """`top` is a clue this ear would propose (Whisper's is read back)."""
    asked: bool = False
    """Whisper only: it wrote the utterance as a question ("Pick battery?"): a card is asked about, never revealed."""


@dataclass(frozen=True)
class FusionModel:
    coefficients: tuple[float, ...]
    act: float
    """Probability at or above which an undisputed phrase is acted on."""
    ask: float
    """Probability at or above which a card is asked about ("Apple?")."""
    ask_second: float
    """A second card joins the question at this probability ("apple or chapel?")."""
    source: str = ""
    """What it was fitted on."""


def key(intent: Intent | None, first: bool = True) -> str | None:
    """A request as one string: "guess|Apple", "stop|query", "clue|ocean|2"."""
    if isinstance(intent, (GuessCard, CoverCard)):
        return f"{'guess' if isinstance(intent, GuessCard) else 'cover'}|{intent.word}"
    if isinstance(intent, AmbiguousCard):
        index = 0 if first else 1
        return f"{intent.action}|{intent.candidates[index]}" if len(intent.candidates) > index else None
    if isinstance(intent, Command):
        return f"{intent.kind}|{intent.time_action}"
    if isinstance(intent, GiveClue):
        return f"clue|{intent.word}|{intent.number}"
    return None


def intent_of(k: str) -> Intent:
    parts = k.split("|")
    if parts[0] == "guess":
        return GuessCard(parts[1])
    if parts[0] == "cover":
        return CoverCard(parts[1])
    if parts[0] == "clue":
        number = parts[2]
        return GiveClue(parts[1], int(number) if number.isdigit() else "unlimited")  # type: ignore[arg-type]
    return Command(parts[0], parts[1])  # type: ignore[arg-type]


def is_card(k: str) -> bool:
    return k.split("|")[0] in ("guess", "cover")


def ear_view(heard: Heard) -> View:
    """pocketsphinx's view: its intent and the similarity of the card it matched."""
    intent = heard.intent
    if isinstance(intent, GiveClue):
        return View(key(intent), clue=True, confidence=heard.confidence)
    return View(key(intent), key(intent, first=False), intent is not None and not isinstance(intent, AmbiguousCard),
                heard.confidence)


def features(k: str, w: View, p: View) -> list[float]:
    """The model's inputs for phrase `k` (FEATURES order)."""
    w_top, p_top = float(w.top == k), float(p.top == k)
    return [
        1.0, w_top, w_top * min(max(w.deficit, 0.0), CAP) / CAP, w_top * min(w.margin, CAP) / CAP,
        w_top * min(w.other, CAP) / CAP, w_top * w.acted, float(w.runner == k),
        p_top, p_top * p.confidence, p_top * p.acted, float(p.runner == k), w_top * p_top,
        float(not is_card(k)),
    ]


def candidates(w: View, p: View) -> list[str]:
    """Phrases the model judges: every first or second choice of either ear (no clue)."""
    keys = (w.top, p.top, w.runner, p.runner)
    return [k for k in dict.fromkeys(keys) if k is not None and not k.startswith("clue|")]


def probability(coefficients: tuple[float, ...], x: list[float]) -> float:
    z = float(np.dot(coefficients, x))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


@dataclass(frozen=True)
class Fused:
    intent: Intent | None
    confidence: float = 0.0
    read_back: bool = False


def fuse(w: View, p: View, model: FusionModel) -> Fused:
    """The decision from both views (pure: the benchmark replays it on logged views). A command
    or an answer is Whisper's: it must be written as said, and pocketsphinx's grammar makes one
    of any short word (real voices: "go" → no, "up" → stop) and disagrees with real people's
    requests that Whisper wrote right (calibration split: stops 92 → 76%)."""
    if w.clue and w.top is not None:
        return Fused(intent_of(w.top), w.confidence, read_back=True)
    if w.acted and w.top is not None and not is_card(w.top):
        return Fused(intent_of(w.top), w.confidence)
    may_act = frozenset(k for k in backed(w, p) if not (w.asked and is_card(k)))
    return choose(judged(w, p, model.coefficients), firsts(w, p), model, may_act)


def judged(w: View, p: View, coefficients: tuple[float, ...]) -> list[tuple[float, str]]:
    """Every phrase either ear put first or second, with the model's probability, likeliest first."""
    return sorted(((probability(coefficients, features(k, w, p)), k) for k in candidates(w, p)), reverse=True)


def firsts(w: View, p: View) -> frozenset[str]:
    return frozenset(v.top for v in (w, p) if v.top is not None and not v.clue)


def backed(w: View, p: View) -> frozenset[str]:
    """Phrases that may be acted on: both ears put it first, or the one ear that did would
    act on it alone. One ear's doubt is never turned into a reveal by the other's silence
    ("pick ladder, I think": Whisper unsure between flour and ladder, pocketsphinx nothing).
    Never a command or an answer: those are Whisper's alone (`fuse`)."""
    alone = {v.top for v in (w, p) if v.acted and v.top is not None}
    backed_by_both = {w.top} if w.top is not None and w.top == p.top else set()
    return frozenset(k for k in alone | backed_by_both if is_card(k))


def choose(scored: list[tuple[float, str]], first: frozenset[str], model: FusionModel, may_act: frozenset[str]) -> Fused:
    """Act on an undisputed likely phrase that `may_act` holds; ask about one or two likely
    cards; else nothing. Only a phrase some ear put first is acted on or asked about first."""
    if not scored or scored[0][1] not in first:
        return Fused(None)
    best_p, best = scored[0]
    if best_p >= model.act and first == {best} and best in may_act:
        return Fused(intent_of(best), round(best_p, 3))
    if not is_card(best) or best_p < model.ask:
        return Fused(None)
    action = best.split("|")[0]
    second = [k for pk, k in scored[1:] if pk >= model.ask_second and is_card(k) and k.split("|")[0] == action][:1]
    cards = tuple(k.split("|", 1)[1] for k in [best, *second])
    return Fused(AmbiguousCard(action, cards), round(best_p, 3))  # type: ignore[arg-type]


def load_model(path: Path = MODEL_FILE) -> FusionModel:
    data = json.loads(path.read_text(encoding="utf-8"))
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{path}: its features are not this code's ({', '.join(FEATURES)})")
    return FusionModel(tuple(data["coefficients"]), data["act"], data["ask"], data["ask_second"], data.get("fitted_on", ""))


class FusionEar:
    """Whisper in this process, pocketsphinx in a worker process at the same time, one core each.

    A process, not a thread: pocketsphinx holds the GIL while it decodes (a Python loop beside
    it ran at an eighth of its speed), which would stall Whisper's Python steps between its
    C++ calls. The worker starts with the ear, so its imports overlap Whisper's loading.
    Measured on 8 clean guesses, 2 cores with other jobs at load 2.5: medians Whisper 190-221 ms,
    pocketsphinx 245-254 ms, both 364-406 ms (one after the other would be ~450)."""

    name = "both"
    denoise = "none"
    """Whisper's: both ears hear the same stream, and suppression artefacts cost Whisper most."""

    def __init__(self, whisper: WhisperEar, model: FusionModel | None = None) -> None:
        self.whisper = whisper
        self.model = model or load_model()
        self._worker = ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=_open_pocketsphinx)
        self._worker.submit(int)
        self.last: tuple[Heard, Heard, View, View] | None = None
        """Both ears' results and views of the last utterance (the benchmark reads them)."""

    def close(self) -> None:
        """Ends the pocketsphinx process while the program still runs."""
        self._worker.shutdown(wait=True, cancel_futures=True)

    def hear(self, audio: np.ndarray, now: Listening) -> Heard:
        pending = self._worker.submit(_pocketsphinx_hears, audio, now)
        w_heard = self.whisper.hear(audio, now)
        p_heard = pending.result()
        w_final = self._with_clue_of(p_heard, w_heard)
        w, p = whisper_view(self.whisper, w_final), ear_view(p_heard)
        self.last = (w_heard, p_heard, w, p)
        fused = fuse(w, p, self.model)
        alternatives = fused.intent.candidates if isinstance(fused.intent, AmbiguousCard) else ()
        return Heard(w_heard.transcript, fused.intent, fused.confidence if fused.intent else 0.0,
                     max(w_final.decode_ms, p_heard.decode_ms), alternatives, fused.read_back)

    def _with_clue_of(self, p_heard: Heard, w_heard: Heard) -> Heard:
        """Whisper's hearing, judged again with pocketsphinx's clue word among its candidates
        when pocketsphinx heard a clue Whisper did not."""
        clue = p_heard.intent
        if not isinstance(clue, GiveClue) or w_heard.intent == clue:
            return w_heard
        again = self.whisper.reconsider_clue(clue)
        return w_heard if again is None else again


_WORKER_EAR: list[Ear] = []


def _open_pocketsphinx() -> None:
    from voicemaster.speech.ears.listen import GrammarEar
    from voicemaster.speech.ears.pocketsphinx_backend import PocketsphinxRecognizer

    _WORKER_EAR.append(GrammarEar(PocketsphinxRecognizer()))


def _pocketsphinx_hears(audio: np.ndarray, now: Listening) -> Heard:
    return _WORKER_EAR[0].hear(audio, now)


def whisper_view(ear: Ear, heard: Heard) -> View:
    """Whisper's view: its best exactly scored phrase (even one it refused) and its margins."""
    from voicemaster.speech.ears.whisper.decide import talked_on
    from voicemaster.speech.ears.whisper.ear import WhisperEar

    assert isinstance(ear, WhisperEar) and ear.last is not None
    ev = ear.last.evidence
    if isinstance(heard.intent, GiveClue):
        return View(key(heard.intent), clue=True, acted=True, confidence=heard.confidence)
    phrase = ev.phrase
    if phrase is None or phrase.intent in ("distractor", "clue") or ev.silent:
        return View(None)
    if phrase.card is not None and talked_on(ev, ear.scorer.t):
        return View(None)
    top = (f"{phrase.intent}|{phrase.card}" if phrase.card is not None else f"{phrase.intent}|{phrase.action}")
    runner = f"{phrase.intent}|{ev.close[1][0]}" if phrase.card is not None and len(ev.close) > 1 else None
    acted = heard.intent is not None and not isinstance(heard.intent, AmbiguousCard)
    return View(top, runner, acted, heard.confidence, _finite(ev.deficit), _finite(ev.margin_same), _finite(ev.margin_other),
                asked=ev.asked)


def _finite(value: float) -> float:
    return CAP if math.isinf(value) or math.isnan(value) else value
