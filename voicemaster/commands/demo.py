"""`voicemaster demo`: a whole game with no microphone. Synthetic players speak with
natural (piper, flite) voices, the real front end and recognizer hear them, the referee rules."""

from __future__ import annotations

import argparse
import math
import random
import threading
import time
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from voicemaster.app import App
from voicemaster.commands.demo_table import Line, ScriptedTable
from voicemaster.commands.options import add_output_arguments, output_settings
from voicemaster.dialogue import Dialogue
from voicemaster.game.core import Game
from voicemaster.setup.dealing import new_deal
from voicemaster.game.house_rules import HouseRules
from voicemaster.referee import judge_clue_word
from voicemaster.game_stage import GameStage, Handled
from voicemaster.inbox import EndOfInput, Spoken
from voicemaster.setup.edges import open_edges
from voicemaster.setup.sources import start_thread
from voicemaster.speech.audio.sources import FRAME_SAMPLES, ArraySource
from voicemaster.speech.audio.front_end import FrontEnd
from voicemaster.speech.recordings import front_end_for
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.voices.speakers import say
from voicemaster.understand.intents import Intent, to_json

MAX_LINES = 150


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("demo", help="watch a whole game played by synthetic voices", description=__doc__)
    p.add_argument("--seed", type=int, help="deal and players from this seed (default: random)")
    p.add_argument("--mistakes", type=share, default=0.12, metavar="0..1",
                   help="how often a player touches a wrong card (default 0.12)")
    add_output_arguments(p)
    p.set_defaults(run=run)


def share(value: str) -> float:
    """A share from 0 to 1, refused at parse time: a rate of 2 would be taken as "always"."""
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not 0.0 <= number <= 1.0:
        raise argparse.ArgumentTypeError(f"should be a number from 0 to 1, not {value!r}")
    return number


@dataclass
class Score:
    said: list[tuple[Line, Intent | None]] = field(default_factory=list)

    @property
    def correct(self) -> int:
        return sum(1 for line, heard in self.said if line.understood_by(heard))


def run(args: argparse.Namespace) -> int:
    settings = output_settings(args, {})
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    game = Game(new_deal(seed=seed), HouseRules(), judge=judge_clue_word)
    dialogue = Dialogue(game, lambda _action: None, time.monotonic, random.Random(seed))
    score = Score()
    with open_edges(settings, ears=True) as edges:
        assert edges.ears is not None and edges.ears.game is not None
        ear = edges.ears.game
        app = edges.app()
        stage = GameStage(dialogue, ear, stop_when_over=True)
        edges.tell_warnings()
        front_end = front_end_for(ear, settings.ears.denoise)
        table = ScriptedTable(random.Random(seed), mistake_rate=args.mistakes)
        print(f"Demo game, seed {seed}. Players speak with piper and flite voices; {ear.name} listens.")
        start_thread(partial(_players, app, stage, table, score, front_end), "demo-players", app.inbox)
        app.run(stage)
    winner = game.winner.title if game.winner else "Nobody"
    for line, heard in score.said:
        if not line.understood_by(heard):
            print(f"  said \"{line.text}\" ({line.voice}); understood {to_json(heard)}")
    print(f"{winner} wins. Understood {score.correct} of {len(score.said)} utterances correctly.")
    return 0


def _players(app: App, stage: GameStage, table: ScriptedTable, score: Score, front_end: FrontEnd) -> None:
    """Say one line, wait until the referee has dealt with it and finished talking, repeat."""
    handled = threading.Event()
    heard_last: list[Handled] = []

    def on_heard(heard: Handled) -> None:
        heard_last.append(heard)
        handled.set()

    stage.on_heard = on_heard
    for _ in range(MAX_LINES):
        app.speaker.wait_idle(timeout=60)
        if stage.game.is_over():
            return
        line = table.next_line(stage.game.snapshot(), stage.dialogue.listening().awaiting_clue, stage.dialogue.read_back)
        handled.clear()
        heard_last.clear()
        sent = 0
        for utterance in front_end.utterances(ArraySource(_with_room(say(line.text, line.voice)))):
            app.inbox.put(Spoken(utterance.audio, label=line.text))
            sent += 1
        if sent == 0 or not handled.wait(timeout=30):
            score.said.append((line, None))
            table.heard(False)
            continue
        while len(heard_last) < sent and handled.wait(timeout=5):
            handled.clear()
        score.said.append((line, heard_last[-1].heard.intent))
        table.heard(line.understood_by(heard_last[-1].heard.intent))
    app.inbox.put(EndOfInput())


def _with_room(speech: np.ndarray) -> np.ndarray:
    """Silence around the line and a faint room hiss, as a microphone would hear it."""
    pad = np.zeros(int(0.4 * SAMPLE_RATE), dtype=np.int16)
    audio = np.concatenate([pad, speech, pad, pad]).astype(np.int32)
    hiss = np.random.default_rng(len(speech)).normal(0, 30, audio.shape).astype(np.int32)
    audio = np.clip(audio + hiss, -32768, 32767).astype(np.int16)
    return audio[: len(audio) - len(audio) % FRAME_SAMPLES]
