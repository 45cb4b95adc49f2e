"""Hearing ahead: the real Whisper ear starts on a pause, in the real loop, on generated speech;
its decision is the one the closed utterance gets without hearing ahead."""

from __future__ import annotations

import argparse
import queue
import shutil
import time
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import RED, fixed_deal
from tests.reliability.bad_files import wav_bytes
from voicemaster.app import App, EndOfInput, Handled, Item, Paused, Spoken, Typed
from voicemaster.cli import build_parser
from voicemaster.commands.play import start_listening
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Clue
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.setup.runtime import Hearing, hearing
from voicemaster.setup.sources import feed_audio, start_thread
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.front_end import open_front_end
from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.speech.voices.speakers import say
from voicemaster.understand.heard import Heard
from voicemaster.understand.intents import GuessCard
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker

pytestmark = [
    pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed"),
    pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)"),
]

CARD = RED[5]
"""castle: one of the red team's cards, red guessing first."""


@pytest.fixture(scope="module")
def ears() -> Hearing:
    return hearing(argparse.Namespace(engine="whisper", model=None), {})


def voiced(clip: np.ndarray) -> np.ndarray:
    """The clip without the synthesizer's own silence around it."""
    loud = np.flatnonzero(np.abs(clip.astype(np.int32)) > 300)
    return clip[loud[0] : loud[-1] + 1]


def in_room(*parts: np.ndarray | float) -> np.ndarray:
    """Clips and pauses (seconds) in a faint room hiss, as a microphone hears them."""
    audio = np.concatenate([p if isinstance(p, np.ndarray) else np.zeros(int(p * SAMPLE_RATE)) for p in parts])
    hiss = np.random.default_rng(len(audio)).normal(0, 30, len(audio))
    return np.clip(audio + hiss, -32768, 32767).astype(np.int16)


def table(ears: Hearing) -> App:
    game = Game(fixed_deal(), judge=judge_clue_word)
    game.apply(Clue("ocean", "unlimited"))
    speaker = Speaker(VoiceSettings(output="none"), console=Console()).start()
    return App(game, Dialogue(game, lambda _a: None, time.monotonic), speaker, [], ears.hear)


def heard_live(audio: np.ndarray, ears: Hearing, ahead: bool) -> App:
    """`audio` from a source in real time through the front end into the loop, as `play` hears a microphone."""
    app = table(ears)
    front_end = open_front_end(ears.denoise, brisk=app.dialogue.brisk)
    feed = partial(feed_audio, ArraySource(audio, realtime=True), front_end, app.inbox, hear_ahead=ahead)
    start_thread(feed, "listening", app.inbox)
    try:
        app.run()
    finally:
        app.speaker.close()
    return app


def decisions(log: list[Handled]) -> list[tuple[str, object]]:
    return [(h.heard.transcript, h.heard.intent) for h in log]


def test_a_decision_started_on_the_pause_is_the_one_heard_without_hearing_ahead(ears: Hearing) -> None:
    lines = [say(f"we guess {CARD}", "flite:slt"), say("stop", "piper:joe"), say("how many are left", "flite:rms")]
    audio = in_room(0.6, *[part for line in lines for part in (line, 1.6)])
    ahead = heard_live(audio, ears, ahead=True)
    plain = heard_live(audio, ears, ahead=False)
    assert len(ahead.log) == len(lines)
    assert decisions(ahead.log) == decisions(plain.log)
    assert ahead.log[0].heard.intent == GuessCard(CARD)
    assert ahead.hear_ahead is not None and ahead.hear_ahead.used == len(lines)
    assert plain.hear_ahead is not None and plain.hear_ahead.used == 0


@pytest.mark.parametrize("tail_s, discarded_used", [(1.6, (1, 1)), (0.0, (1, 0))], ids=["pause-after", "stream-ends"])
def test_speech_going_on_after_a_short_pause_is_one_utterance_heard_whole(
    ears: Hearing, tail_s: float, discarded_used: tuple[int, int]
) -> None:
    """The cut at "we guess" is thrown away: at the next pause (or when the stream ends at once,
    with no pause to start on) the whole request is heard."""
    audio = in_room(0.6, voiced(say("we guess", "flite:slt")), 0.27, voiced(say(CARD, "flite:slt")), tail_s)
    ahead = heard_live(audio, ears, ahead=True)
    plain = heard_live(audio, ears, ahead=False)
    assert len(ahead.log) == 1
    assert decisions(ahead.log) == decisions(plain.log)
    assert ahead.log[0].heard.intent == GuessCard(CARD)
    assert ahead.hear_ahead is not None
    assert (ahead.hear_ahead.discarded, ahead.hear_ahead.used) == discarded_used


def test_a_decision_started_before_the_game_changed_is_made_again(ears: Hearing) -> None:
    audio = in_room(0.4, say(f"we guess {CARD}", "flite:slt"), 0.4)
    app = table(ears)
    before = app.dialogue.listening()
    assert ears.hear(audio, before).intent == GuessCard(CARD)
    for item in (Paused(audio), Typed(f"guess {CARD}"), Spoken(audio), EndOfInput()):
        app.inbox.put(item)
    try:
        app.run()
    finally:
        app.speaker.close()
    after = app.dialogue.listening()
    assert CARD not in after.cards
    assert app.log[-1].heard.intent != GuessCard(CARD)
    again = ears.hear(audio, after)
    assert (app.log[-1].heard.transcript, app.log[-1].heard.intent) == (again.transcript, again.intent)
    assert app.hear_ahead is not None and (app.hear_ahead.discarded, app.hear_ahead.used) == (1, 0)


def inbox_of_play(recording: Path, *flags: str) -> list[Item]:
    args = build_parser().parse_args(["play", "--input", str(recording), *flags])
    game = Game(fixed_deal(), judge=judge_clue_word)
    speaker = Speaker(VoiceSettings(output="none"), console=Console()).start()
    app = App(game, Dialogue(game, lambda _a: None, time.monotonic), speaker, [], None)
    ears = Hearing(hear=lambda _audio, _now: Heard(""), engine="test", denoise="none", warnings=(), close=lambda: None)
    items: list[Item] = []
    try:
        start_listening(args, app, recording, ears)
        while not items or not isinstance(items[-1], EndOfInput):
            items.append(app.inbox.get(timeout=60))
    except queue.Empty:
        pytest.fail(f"play's listening thread never finished: {items}")
    finally:
        app.speaker.close()
    return items


def test_play_hears_ahead_only_in_real_time_so_a_fast_replay_is_heard_as_before(tmp_path: Path) -> None:
    recording = tmp_path / "guess.wav"
    recording.write_bytes(wav_bytes(in_room(0.5, say(f"we guess {CARD}", "flite:slt"), 1.0)))
    fast, live = inbox_of_play(recording), inbox_of_play(recording, "--realtime")
    assert [type(i) for i in fast] == [Spoken, EndOfInput]
    assert [type(i) for i in live] == [Paused, Spoken, EndOfInput]
    assert np.array_equal(live[0].audio, live[1].audio)  # type: ignore[union-attr]
