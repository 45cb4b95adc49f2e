"""Two ears, one decision: the fusion on constructed evidence, and both real ears on flite speech
(guesses, talk, and clues Whisper alone refused)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.speech.ears.test_whisper_ear import CARDS, GUESSING, said
from voicemaster.speech.ears.fusion import FusionModel, View, choose, firsts, fuse, judged, load_model
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.understand.intents import AmbiguousCard, CoverCard, GiveClue, GuessCard

MODEL = load_model()
SURE_WHISPER = View("guess|apple", "guess|ladder", acted=True, confidence=0.95, deficit=0.0, margin=8.0, other=9.0)
SURE_SPHINX = View("guess|apple", acted=True, confidence=1.0)


def test_two_ears_that_agree_act() -> None:
    assert fuse(SURE_WHISPER, SURE_SPHINX, MODEL).intent == GuessCard("apple")


def test_two_ears_that_disagree_never_reveal() -> None:
    other = View("guess|chapel", acted=True, confidence=1.0)
    fused = fuse(SURE_WHISPER, other, MODEL).intent
    assert fused is None or isinstance(fused, AmbiguousCard)


def _random_view(rng: random.Random, keys: list[str]) -> View:
    top = rng.choice(keys + [None])  # type: ignore[operator]
    return View(top, rng.choice(keys + [None]), rng.random() < 0.5, rng.random(),  # type: ignore[operator]
                rng.uniform(0, 10), rng.uniform(-2, 10), rng.uniform(-2, 10))


def test_a_card_is_revealed_only_when_an_ear_ranks_it_first_and_none_ranks_another() -> None:
    rng = random.Random(5)
    keys = ["guess|apple", "guess|chapel", "guess|maple", "stop|query"]
    revealed = 0
    for _ in range(3000):
        w, p = _random_view(rng, keys), _random_view(rng, keys)
        fused = fuse(w, p, MODEL).intent
        if isinstance(fused, (GuessCard, CoverCard)):
            revealed += 1
            assert firsts(w, p) == {f"guess|{fused.word}"}, (w, p, fused)
            assert (w.top == p.top) or any(v.acted for v in (w, p) if v.top == f"guess|{fused.word}"), (w, p, fused)
        if isinstance(fused, AmbiguousCard):
            assert 1 <= len(fused.candidates) <= 2 and f"guess|{fused.candidates[0]}" in firsts(w, p)
    assert revealed > 0


def test_one_ears_doubt_is_not_made_a_reveal_by_the_others_silence() -> None:
    """"Pick ladder, I think" (piper joe): Whisper unsure between flour and ladder, leaning
    flour; pocketsphinx heard no request. Revealed flour before: now a question at most."""
    unsure = View("guess|Flour", "guess|ladder", acted=False, confidence=0.6, deficit=0.5, margin=0.3, other=9.0)
    fused = fuse(unsure, View(None), MODEL).intent
    assert fused is None or isinstance(fused, AmbiguousCard), fused


def test_a_card_whisper_wrote_as_a_question_is_asked_about_even_when_both_ears_agree() -> None:
    """"Pick battery?" with a rising voice proposes the card to the team (whole-turn benchmark:
    revealed as blue, ending the turn)."""
    asking = View("guess|apple", "guess|ladder", acted=False, confidence=0.95, deficit=0.0, margin=8.0, other=9.0, asked=True)
    assert fuse(asking, SURE_SPHINX, MODEL).intent == AmbiguousCard("guess", ("apple",))


BARS = FusionModel((), act=0.9, ask=0.5, ask_second=0.4)


def test_a_likely_card_short_of_sure_is_a_one_card_question() -> None:
    scored = [(0.7, "guess|apple"), (0.1, "guess|chapel")]
    assert choose(scored, frozenset({"guess|apple"}), BARS, frozenset()).intent == AmbiguousCard("guess", ("apple",))


def test_two_likely_cards_make_a_two_card_question_and_never_three() -> None:
    scored = [(0.7, "guess|apple"), (0.6, "guess|chapel"), (0.55, "guess|maple")]
    fused = choose(scored, frozenset({"guess|apple", "guess|chapel"}), BARS, frozenset()).intent
    assert fused == AmbiguousCard("guess", ("apple", "chapel"))


def test_an_unlikely_card_is_silence() -> None:
    assert choose([(0.3, "guess|apple")], frozenset({"guess|apple"}), BARS, frozenset({"guess|apple"})).intent is None


def test_the_model_judges_only_what_an_ear_heard() -> None:
    assert [k for _, k in judged(SURE_WHISPER, View(None), MODEL.coefficients)] == ["guess|apple", "guess|ladder"]


@pytest.fixture(scope="module")
def both():  # type: ignore[no-untyped-def]
    from voicemaster.speech.ears.engines import open_ear

    ear = open_ear("both").ear
    yield ear
    ear.close()


@pytest.mark.skipif(installed_parts() is None or shutil.which("flite") is None, reason="needs Whisper and flite")
def test_both_ears_act_on_clear_guesses(both) -> None:  # type: ignore[no-untyped-def]
    guesses = [("we pick the castle", "slt", "Castle"), ("we guess the ladder", "rms", "ladder"),
               ("choose the kettle", "slt", "kettle"), ("we pick honey", "rms", "honey")]
    results = [both.hear(said(text, voice), GUESSING) for text, voice, _ in guesses]
    right = sum(r.intent == GuessCard(card) for r, (_, _, card) in zip(results, guesses))
    assert right >= 3, results
    for r, (_, _, card) in zip(results, guesses):
        assert not isinstance(r.intent, GuessCard) or r.intent.word == card, r


@pytest.mark.skipif(installed_parts() is None or shutil.which("flite") is None, reason="needs Whisper and flite")
def test_table_talk_naming_cards_is_not_acted_on(both) -> None:  # type: ignore[no-untyped-def]
    """Also a guess phrase said and then talked about: both ears acted on "pick battery? I don't
    know about that" and "touch the kettle? no wait" in the whole-turn benchmark."""
    talk = [("I think the castle is ours", "slt"), ("what about honey and the bear", "slt"),
            ("don't touch the dragon yet", "slt"), ("pick cloud? I don't know about that", "slt"),
            ("pick cloud? I don't know about that", "rms"), ("touch the kettle? no wait", "rms")]
    results = [both.hear(said(text, voice), GUESSING) for text, voice in talk]
    assert not any(isinstance(r.intent, (GuessCard, CoverCard)) for r in results), results
    assert sum(r.intent is None for r in results) >= 5, results


@pytest.mark.skipif(installed_parts() is None or shutil.which("flite") is None, reason="needs Whisper and flite")
def test_recognize_with_both_ears_prints_the_spec_json(tmp_path: Path) -> None:
    from tests.speech.ears.test_whisper_ear import flite_wav

    board = tmp_path / "board.txt"
    board.write_text("\n".join(CARDS) + "\n", encoding="utf-8")
    wav = flite_wav(tmp_path / "castle.wav", "we pick the castle", "slt")
    run = subprocess.run([sys.executable, "-m", "voicemaster", "recognize", "--board", str(board), "--phase", "guess",
                          "--engine", "both", str(wav)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr, run.stderr
    out = json.loads(run.stdout)
    assert list(out) == ["file", "transcript", "intent", "confidence", "decode_ms"]
    assert out["intent"] == {"type": "guess", "word": "Castle"}


CLUES_WHISPER_REFUSED = (
    ("my clue is metropolitan two", "flite:slt", "metropolitan", 2),
    ("my clue is metropolitan two", "flite:rms", "metropolitan", 2),
    ("suitable zero", "flite:slt", "suitable", 0),
    ("fuel five", "flite:slt", "fuel", 5),
    ("my clue is resignation three", "flite:slt", "resignation", 3),
    ("my clue divine eight", "flite:rms", "divine", 8),
    ("my clue is kitchen two", "flite:rms", "kitchen", 2),
)
"""Whisper alone refused each of these here ("mike lou is never palatin too", "su-timpon zero",
"view or fives", "my glue divinate"); pocketsphinx heard the clue, and its word scored by
Whisper on the same audio is Whisper's best phrase."""


def _clue_heard(both, text: str, voice: str) -> object:  # type: ignore[no-untyped-def]
    from tests.speech.ears.test_whisper_clues import AWAITING
    from voicemaster.speech.voices.speakers import say

    pad = np.zeros(4000, dtype=np.int16)
    return both.hear(np.concatenate([pad, say(text, voice).astype(np.int16), pad]), AWAITING).intent


@pytest.mark.skipif(installed_parts() is None or shutil.which("flite") is None, reason="needs Whisper and flite")
def test_clues_whisper_alone_refused_are_proposed_when_both_ears_hear_them(both) -> None:  # type: ignore[no-untyped-def]
    results = [(_clue_heard(both, text, voice), GiveClue(word, number)) for text, voice, word, number in CLUES_WHISPER_REFUSED]
    assert sum(got == want for got, want in results) >= len(results) - 2, results
    assert all(got is None or got == want for got, want in results), results


@pytest.mark.skipif(installed_parts() is None or shutil.which("flite") is None, reason="needs Whisper and flite")
def test_talk_naming_cards_is_not_proposed_as_a_clue_by_both_ears(both) -> None:  # type: ignore[no-untyped-def]
    from tests.speech.ears.test_whisper_clues import TALK

    results = [(text, voice, _clue_heard(both, text, voice)) for text, voice in TALK]
    assert all(intent is None for _, _, intent in results), results
