"""The one loop: what reaches the displays comes from the loop's own thread, and the timer is
told while the microphone's meter streams in."""

from __future__ import annotations

import threading
import time

import numpy as np

from tests.conftest import fixed_deal
from tests.setup.laid_out import KeptSpeaker
from voicemaster.app import App
from voicemaster.dialogue import Dialogue
from voicemaster.game.core import Game
from voicemaster.game.house_rules import HouseRules, TimerSettings
from voicemaster.game.snapshot import GameSnapshot, TableStatus
from voicemaster.game_stage import GameStage
from voicemaster.inbox import EndOfInput, Level
from voicemaster.referee import judge_clue_word
from voicemaster.setup.sources import feed_audio
from voicemaster.speech.audio.front_end import open_front_end
from voicemaster.speech.audio.sources import ArraySource


class Watched:
    """A display that notes which thread updated it and the meter it was shown."""

    def __init__(self) -> None:
        self.threads: set[int] = set()
        self.levels: list[float | None] = []

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        self.threads.add(threading.get_ident())
        self.levels.append(status.mic_level if status is not None else None)


def typed_stage(rules: HouseRules = HouseRules()) -> GameStage:
    game = Game(fixed_deal(), rules, judge=judge_clue_word)
    return GameStage(Dialogue(game, lambda _a: None, time.monotonic))


def test_the_meter_of_a_live_microphone_is_shown_by_the_loop_not_by_the_audio_thread() -> None:
    """The level used to be written into the shown status from the audio thread while the loop
    rewrote it: now it comes through the inbox, and only the loop's thread shows anything."""
    display = Watched()
    app = App(KeptSpeaker(), [display])
    room = (np.random.default_rng(1).normal(0, 800, 16000)).astype(np.int16)
    listening = threading.Thread(
        target=feed_audio, args=(ArraySource(room, realtime=True), open_front_end("none"), app.inbox, True))
    listening.start()
    assert not app.run(typed_stage())
    listening.join()
    assert display.threads == {threading.get_ident()}
    assert any(level is not None and level > 0 for level in display.levels), display.levels


def test_the_timer_is_told_while_the_meter_streams_in() -> None:
    """Levels come as often as the loop's ticks: time's up is said all the same."""
    said: list[str] = []
    app = App(KeptSpeaker(said.append), [])
    stage = typed_stage(HouseRules(timer=TimerSettings(enabled=True, clue_seconds=0.6)))

    def meter() -> None:
        for _ in range(150):
            app.inbox.put(Level(0.3))
            time.sleep(0.01)
        app.inbox.put(EndOfInput())

    threading.Thread(target=meter, daemon=True).start()
    assert not app.run(stage)
    assert any(text.startswith("Time's up") for text in said), said


class Shown:
    """A display that keeps every snapshot it was shown."""

    def __init__(self) -> None:
        self.snapshots: list[GameSnapshot] = []

    def update(self, snapshot: GameSnapshot, status: TableStatus | None = None) -> None:
        self.snapshots.append(snapshot)


def test_the_clue_timer_starts_when_the_game_starts_listening_not_when_it_was_built() -> None:
    """play builds the game, then loads the ears and the speaker (about 3 s with Whisper) before
    it says "VoiceMaster is listening": the clue's time counts from then, on the table's clock."""
    now = [1000.0]
    rules = HouseRules(timer=TimerSettings(enabled=True, clue_seconds=60.0))
    game = Game(fixed_deal(), rules, lambda: now[0], judge=judge_clue_word)
    stage = GameStage(Dialogue(game, lambda _a: None, lambda: now[0]))
    now[0] += 3.0
    said: list[str] = []
    display = Shown()
    app = App(KeptSpeaker(said.append), [display])
    app.inbox.put(EndOfInput())
    assert not app.run(stage)
    assert said[0].startswith("VoiceMaster is listening")
    assert display.snapshots[0].timer_left == 60.0, display.snapshots[0].timer_left
