"""Acceptance: from the scored phrases to a request, an ambiguous card, or nothing.

In two steps, so the thresholds can be studied offline: `evidence()` condenses the search
into a few numbers, `decide()` applies the thresholds to them.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, replace
from typing import Literal

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.game.clue_number import ClueNumber
from voicemaster.speech.ears.match_cards import similarity
from voicemaster.speech.ears.whisper.engine import FreeDecode, no_one_spoke
from voicemaster.speech.ears.whisper.phrases import Phrase
from voicemaster.speech.ears.whisper.search import Scored, best_by_meaning
from voicemaster.speech.ears.whisper.short_words import CLASSES
from voicemaster.speech.ears.whisper.thresholds import THRESHOLDS, Thresholds
from voicemaster.understand.intents import MAX_CANDIDATES, AmbiguousCard, Command, Intent
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import names_command, parse_utterance, says_command, tokenize
from voicemaster.understand.requests import CARD_REQUESTS

WRITTEN_AS = {"now": "no", "yeah": "yes", "nope": "no"}
"""Words Whisper writes alone for an answer and for other words too, taken for the answer only
with a wide margin (`written_as_margin`): "Now." was 8 of the 14 real "no"s it missed
(calibration split, clean), and a real "down" is written so too. "Yeah" and "nope" are sayings
of yes and no (understand/requests.py) that people say, but Whisper wrote them alone for talk
as well: real voices, calibration split, old path (fd5bbb4), "Yeah." for 11 real yeses and for
a "go" and a "cat", "Nope." for a real "no" and for a "down" (all in a room at 10 dB)."""


@dataclass(frozen=True)
class Evidence:
    """What the decision looks at (the benchmark may report it too)."""

    phrase: Phrase | None
    """The best exactly scored phrase (None: nothing was scored)."""
    best: float
    """Its score."""
    free: float
    """The free transcript's first sentence, scored the same way."""
    free_text: str
    """The transcript's first saying (what the length ratio compares with)."""
    transcript: str
    """Everything the free decode wrote (other people's words around a request among them)."""
    deficit: float
    margin_same: float
    """Best minus the best other card (guess, cover) or other number of the same clue."""
    margin_other: float
    """Best minus the best phrase of another request."""
    distractor_margin: float
    mean_logprob: float
    """Of the free transcript's first sentence, per token, its end included."""
    close: tuple[tuple[str, float], ...]
    """Cards of the same request and their scores, best first (for an ambiguous result)."""
    silent: bool
    """faster-whisper's no-speech rule: the model thinks nothing was said."""
    no_speech_prob: float = 0.0
    """The model's own probability that no one spoke (what `silent` is judged from)."""
    trailing_words: int = 0
    """Words the model wrote after its first sentence, other than saying it again."""
    asked: bool = False
    """The first sentence ends with a question mark: "Pick battery?" proposes to the team."""
    short_words: tuple[float, ...] = ()
    """The short-word head's probabilities (short_words.CLASSES), those of words that may not
    be said now set to 0; empty when the head did not judge the utterance."""


@dataclass(frozen=True)
class Decision:
    intent: Intent | None
    confidence: float = 0.0
    read_back: bool = False


def first_saying(text: str) -> str:
    """The transcript up to its first sentence end, or to where it starts over."""
    text = text.strip()
    end = re.search(r"[.?!]", text)
    words = (text[: end.start()] if end else text).split()
    for i in range(1, len(words)):
        if words[i].lower().strip(",") == words[0].lower().strip(","):
            return " ".join(words[:i])
    return " ".join(words)


def trailing_words(text: str) -> int:
    """Words written after the transcript's first sentence that do not start it again:
    "Pick battery? I don't know about that." has five, "We pick umbrella. We pick umbrella." none."""
    text = text.strip()
    end = re.search(r"[.?!]", text)
    if end is None:
        return 0
    first = text[: end.start()].split()
    lead = first[0].strip(",").lower() if first else ""
    rest = [w.strip(",.?!").lower() for w in text[end.end() :].split()]
    said = [w for w in rest[: rest.index(lead)] if w] if lead in rest else [w for w in rest if w]
    return len(said)


def asked(text: str) -> bool:
    end = re.search(r"[.?!]", text)
    return end is not None and end.group() == "?"


def letters(text: str) -> int:
    return len(re.sub(r"[^A-Za-z0-9]", "", text))


def speech_absent(fd: FreeDecode, free: float, n_free: int) -> bool:
    """faster-whisper's rule (engine.no_one_spoke), the mean over the first sentence and its end."""
    return no_one_spoke(fd.no_speech_prob, free / max(1, n_free + 1))


def evidence(scored: list[Scored], free: float, n_free: int, fd: FreeDecode) -> Evidence:
    """`free`: the free transcript's first sentence scored over its `n_free` tokens."""
    exact = best_by_meaning(scored, exact_only=True)
    nothing = Evidence(
        phrase=None, best=-math.inf, free=free, free_text=first_saying(fd.text), transcript=fd.text, deficit=math.inf,
        margin_same=math.inf, margin_other=math.inf, distractor_margin=math.inf,
        mean_logprob=free / max(1, n_free + 1), close=(), silent=speech_absent(fd, free, n_free),
        no_speech_prob=fd.no_speech_prob,
        trailing_words=trailing_words(fd.text), asked=asked(fd.text),
    )
    if not exact or not fd.tokens:
        return nothing
    best = max(exact.values(), key=lambda s: s.value)
    p = best.phrase
    # Competitors may be upper bounds (never forced because they could not come close):
    # that only makes the margins conservative.
    others = [s for key, s in best_by_meaning(scored).items() if key != p.meaning]
    same = [s.value for s in others if s.phrase.request == p.request and s.phrase.clue == p.clue]
    other = [s.value for s in others if s.phrase.request != p.request and not s.phrase.distractor]
    distractors = [s.value for s in others if s.phrase.distractor]
    cards = sorted(
        ((s.phrase.card, s.value) for s in [best, *others] if s.phrase.request == p.request and s.phrase.card),
        key=lambda cv: cv[1], reverse=True,
    )
    return replace(
        nothing, phrase=p, best=best.value, deficit=free - best.value,
        margin_same=best.value - max(same, default=-math.inf),
        margin_other=best.value - max(other, default=-math.inf),
        distractor_margin=best.value - max(distractors, default=-math.inf),
        close=tuple((card, value) for card, value in cards[: MAX_CANDIDATES + 1] if card is not None),
    )


def rescued(ev: Evidence, decision: Decision, t: Thresholds) -> Decision:
    """`decision` (the scoring's), or when it takes nothing the head's short word, if the head
    is sure of it and what Whisper wrote sounds like it ("Start." for a real "stop")."""
    if decision.intent is not None or not ev.short_words:
        return decision
    word, probability = head_word(ev.short_words)
    if probability >= t.short_word_accept and written_like(ev.free_text, word, t):
        return Decision(Command(word), round(probability, 3))
    return decision


def head_word(probabilities: tuple[float, ...]) -> tuple[str, float]:
    """The likeliest short word (never "none") and its probability."""
    best = max(range(1, len(CLASSES)), key=lambda i: probabilities[i])
    return CLASSES[best], probabilities[best]


def written_like(text: str, word: str, t: Thresholds) -> bool:
    """Nothing written, or a written word (digits spelled out) that sounds like `word`: the
    head hears "stop" in a "Start." or a "Stove.", never in a "Nine."."""
    written = [token.word for token in tokenize(text)]
    return not written or max(similarity(w, word) for w in written) >= t.short_word_written


def decide(ev: Evidence, t: Thresholds) -> Decision:
    p = ev.phrase
    if p is None or p.distractor or ev.silent:
        return Decision(None)
    if ev.best < t.min_score or letters(ev.free_text) / max(1, letters(p.text)) > t.max_length_ratio:
        return Decision(None)
    if p.request in CARD_REQUESTS:
        return _card(ev, p, t)
    if p.request == "clue":
        return _clue(ev, p, t)
    if ev.deficit > t.command_deficit or ev.margin_other < t.command_margin or not commanded(ev, p, t):
        return Decision(None)
    confidence = _confidence(ev.deficit, ev.margin_other, t.command_deficit, t.command_margin)
    return Decision(Command(p.request), confidence)


def written_command(fd: FreeDecode, now: Listening) -> Command | None:
    """The command the model wrote on its own as the whole first saying, when it may be said
    now: taken as it is, no phrase scored (a written "Stop." is the stop; nothing said as a
    command alone scores better than the model's own words). Not a word of `WRITTEN_AS`,
    which the scoring must back."""
    said = first_saying(fd.text)
    intent = parse_utterance(said, now) if _written_as(said) is None else None
    return intent if isinstance(intent, Command) else None


def written_evidence(command: Command, fd: FreeDecode, free: float, n_free: int) -> Evidence:
    """The evidence of a written command: the transcript is the phrase."""
    nothing = evidence([], free, n_free, fd)
    phrase = Phrase(command.kind, " " + nothing.free_text, ())
    return replace(nothing, phrase=phrase, best=free, deficit=0.0)


def commanded(ev: Evidence, p: Phrase, t: Thresholds) -> bool:
    """A command counts only when the model wrote it: scores alone let a real "go" be "no",
    "left" or "right" be "yes", "nine" be "no" (real voices, calibration split), so that a
    teammate's word would answer the referee's question. A word it writes for one now and
    then ("Now." for "no") counts only with a wide margin (`WRITTEN_AS`): it was a real
    "down" too. Written alone it counts; written
    among other people's words ("Wildfire. Stop.", "Alexa, yes."), only when the command
    alone also explains the audio well (`talk_command_min_score`): a teammate's "Yes, thank
    you for picking up" scores far lower as a bare "yes". A command of several words may have
    one of them misheard ("and turn", "in the turn")."""
    written_as = _written_as(ev.free_text)
    if written_as is not None:
        return written_as == p.request and ev.margin_other >= t.written_as_margin
    if says_command(ev.free_text, p.request, functools.partial(sounds_alike, bar=t.sounds_alike)):
        return True
    return ev.best >= t.talk_command_min_score and names_command(ev.transcript, p.request)


def _written_as(text: str) -> str | None:
    words = [token.word for token in tokenize(text)]
    return WRITTEN_AS.get(words[0]) if len(words) == 1 else None


def sounds_alike(written: str, said: str, bar: float = THRESHOLDS.sounds_alike) -> bool:
    """One word of a command written as another that sounds like it ("and" for "end")."""
    return similarity(written, said) >= bar


def talked_on(ev: Evidence, t: Thresholds) -> bool:
    """A card said and then talked about ("Pick battery? I don't know about that") is talk."""
    return ev.trailing_words > t.card_trailing_words


def _card(ev: Evidence, p: Phrase, t: Thresholds) -> Decision:
    """Refused when talked on (`talked_on`); a card said as a question ("Pick battery?") is a
    proposal to the team, so at most asked about (1 guess in 174 of the calibration voices
    was written with a question mark, 11 of 80 talk lines)."""
    if ev.deficit > t.guess_deficit or ev.margin_other < t.intent_margin or talked_on(ev, t):
        return Decision(None)
    assert p.card is not None
    confidence = _confidence(ev.deficit, ev.margin_same, t.guess_deficit, t.card_margin)
    action: Literal["guess", "cover"] = "guess" if p.request == "guess" else "cover"
    if ev.margin_same >= t.card_margin and ev.asked:
        return Decision(AmbiguousCard(action, (p.card,)), confidence)
    if ev.margin_same >= t.card_margin:
        return Decision(Guess(p.card) if action == "guess" else Cover(p.card), confidence)
    close = tuple(card for card, value in ev.close if ev.best - value < t.card_margin)[:MAX_CANDIDATES]
    close = close if len(close) > 1 else tuple(card for card, _ in ev.close[:MAX_CANDIDATES])
    return Decision(AmbiguousCard(action, close), confidence)


def _clue(ev: Evidence, p: Phrase, t: Thresholds) -> Decision:
    """Always read back for a yes: Whisper can be sure of a near homophone ("clue light two"
    heard as "clue like to", no doubt in its scores), and an unread wrong clue costs a turn."""
    if (ev.deficit > t.clue_deficit or ev.margin_same < t.number_margin
            or ev.distractor_margin < t.distractor_margin or ev.margin_other < t.intent_margin):
        return Decision(None)
    assert p.clue is not None and p.number is not None
    number: ClueNumber = p.number
    confidence = _confidence(ev.deficit, ev.margin_same, t.clue_deficit, t.number_margin)
    return Decision(Clue(p.clue, number), confidence, read_back=True)


def _confidence(deficit: float, margin: float, max_deficit: float, min_margin: float) -> float:
    """0..1: 0.5 at the acceptance bars, towards 1 as the phrase matches what the model
    wrote (deficit → 0) and leads its runner-up by far."""
    a = _logistic(-4.0 * (max(deficit, 0.0) - max_deficit) / max(max_deficit, 0.5))
    b = _logistic(4.0 * (min(margin, 50.0) - min_margin) / max(min_margin, 0.5))
    return round(min(a, b), 3)


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))
