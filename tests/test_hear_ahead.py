"""Hearing ahead: the real Whisper ear starts on a pause, in the real loop, on generated speech;
its decision is the one the closed utterance gets without hearing ahead."""

from __future__ import annotations

import shutil
import time
from functools import partial
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import RED, fixed_deal
from tests.reliability.bad_files import wav_bytes
from tests.listened import play_inbox
from voicemaster.app import App
from voicemaster.game_stage import GameStage, Handled
from voicemaster.inbox import EndOfInput, Item, Level, Paused, Spoken, Typed
from voicemaster.dialogue import Dialogue
from voicemaster.game.actions import Clue, Guess
from voicemaster.game.core import Game
from voicemaster.referee import judge_clue_word
from voicemaster.speech.ears.ear import GameEar
from voicemaster.setup.edges import told_live
from voicemaster.setup.sources import feed_audio, start_thread
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.sources import ArraySource
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.speech.recordings import front_end_for
from voicemaster.speech.voices.speakers import say
from voicemaster.understand.listening import Listening
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker

pytestmark = [
    pytest.mark.skipif(installed_parts() is None, reason="the Whisper model packages are not installed"),
    pytest.mark.skipif(shutil.which("flite") is None, reason="flite is not installed (apt-get install flite)"),
]

CARD = RED[5]
"""castle: one of the red team's cards, red guessing first."""


@pytest.fixture(scope="module")
def ears(whisper_ear: GameEar) -> GameEar:
    """The ear `play` hears with by default."""
    return whisper_ear


def voiced(clip: np.ndarray) -> np.ndarray:
    """The clip without the synthesizer's own silence around it."""
    loud = np.flatnonzero(np.abs(clip.astype(np.int32)) > 300)
    return clip[loud[0] : loud[-1] + 1]


def in_room(*parts: np.ndarray | float) -> np.ndarray:
    """Clips and pauses (seconds) in a faint room hiss, as a microphone hears them."""
    audio = np.concatenate([p if isinstance(p, np.ndarray) else np.zeros(int(p * SAMPLE_RATE)) for p in parts])
    hiss = np.random.default_rng(len(audio)).normal(0, 30, len(audio))
    return np.clip(audio + hiss, -32768, 32767).astype(np.int16)


def table(ears: GameEar) -> tuple[App, GameStage]:
    game = Game(fixed_deal(), judge=judge_clue_word)
    game.apply(Clue("ocean", "unlimited"))
    speaker = Speaker(VoiceSettings(output="none"), console=Console()).start()
    return App(speaker, []), GameStage(Dialogue(game, lambda _a: None, time.monotonic), ears)


def heard_live(audio: np.ndarray, ears: GameEar, ahead: bool) -> GameStage:
    """`audio` from a source in real time through the front end into the loop, as `play` hears a microphone."""
    app, stage = table(ears)
    front_end = front_end_for(ears)
    told_live(front_end, app, app.speaker)
    feed = partial(feed_audio, ArraySource(audio, realtime=True), front_end, app.inbox, hear_ahead=ahead)
    start_thread(feed, "listening", app.inbox)
    try:
        app.run(stage)
    finally:
        app.speaker.close()
    return stage


def decisions(log: list[Handled]) -> list[tuple[str, object]]:
    return [(h.heard.transcript, h.heard.intent) for h in log]


def test_a_decision_started_on_the_pause_is_the_one_heard_without_hearing_ahead(ears: GameEar) -> None:
    lines = [say(f"we guess {CARD}", "flite:slt"), say("stop", "piper:joe"), say("how many are left", "flite:rms")]
    audio = in_room(0.6, *[part for line in lines for part in (line, 1.6)])
    ahead = heard_live(audio, ears, ahead=True)
    plain = heard_live(audio, ears, ahead=False)
    assert len(ahead.log) == len(lines)
    assert decisions(ahead.log) == decisions(plain.log)
    assert ahead.log[0].heard.intent == Guess(CARD)
    assert ahead.hear_ahead is not None and ahead.hear_ahead.used == len(lines)
    assert plain.hear_ahead is not None and plain.hear_ahead.used == 0


@pytest.mark.parametrize("tail_s, discarded_used", [(1.6, (1, 1)), (0.0, (1, 0))], ids=["pause-after", "stream-ends"])
def test_speech_going_on_after_a_short_pause_is_one_utterance_heard_whole(
    ears: GameEar, tail_s: float, discarded_used: tuple[int, int]
) -> None:
    """The cut at "we guess" is thrown away: at the next pause (or when the stream ends at once,
    with no pause to start on) the whole request is heard."""
    audio = in_room(0.6, voiced(say("we guess", "flite:slt")), 0.27, voiced(say(CARD, "flite:slt")), tail_s)
    ahead = heard_live(audio, ears, ahead=True)
    plain = heard_live(audio, ears, ahead=False)
    assert len(ahead.log) == 1
    assert decisions(ahead.log) == decisions(plain.log)
    assert ahead.log[0].heard.intent == Guess(CARD)
    assert ahead.hear_ahead is not None
    assert (ahead.hear_ahead.discarded, ahead.hear_ahead.used) == discarded_used


def test_a_decision_started_before_the_game_changed_is_made_again(ears: GameEar) -> None:
    audio = in_room(0.4, say(f"we guess {CARD}", "flite:slt"), 0.4)
    app, stage = table(ears)
    before = stage.dialogue.listening()
    assert ears.hear(audio, before).intent == Guess(CARD)
    for item in (Paused(audio), Typed(f"guess {CARD}"), Spoken(audio), EndOfInput()):
        app.inbox.put(item)
    try:
        app.run(stage)
    finally:
        app.speaker.close()
    after = stage.dialogue.listening()
    assert CARD not in after.cards
    assert stage.log[-1].heard.intent != Guess(CARD)
    again = ears.hear(audio, after)
    assert (stage.log[-1].heard.transcript, stage.log[-1].heard.intent) == (again.transcript, again.intent)
    assert stage.hear_ahead is not None and (stage.hear_ahead.discarded, stage.hear_ahead.used) == (1, 0)


def inbox_of_play(recording: Path, *flags: str) -> list[Item]:
    """What play's listening thread sends, but the microphone's level (the meter's, in real time)."""
    return [item for item in play_inbox(recording, *flags) if not isinstance(item, Level)]


def test_play_hears_ahead_only_in_real_time_so_a_fast_replay_is_heard_as_before(tmp_path: Path) -> None:
    recording = tmp_path / "guess.wav"
    recording.write_bytes(wav_bytes(in_room(0.5, say(f"we guess {CARD}", "flite:slt"), 1.0)))
    fast, live = inbox_of_play(recording), inbox_of_play(recording, "--realtime")
    assert [type(i) for i in fast] == [Spoken, EndOfInput]
    assert [type(i) for i in live] == [Paused, Spoken, EndOfInput]
    assert np.array_equal(live[0].audio, live[1].audio)  # type: ignore[union-attr]
