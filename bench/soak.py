"""Soak: hours of simulated table audio through the real pipeline, faster than real time.

A table plays game after game: background pink noise and a babble bed, players
chatting (some sentences name the cards on the table), and every 20-60 s a real
command for the game as it stands (a clue, a guess, a stop), all spoken by espeak-ng
voices. The audio is made on the fly, segment by segment, and pushed frame by frame
through the product's own stages: front end -> recognizer (engines.open_ear, the
engine `play` uses) -> understanding -> dialogue -> journal.

Measured: resident memory, threads and open file descriptors every simulated minute
(growth after warm-up must stay under 10%), chatter false accepts (utterances with
no command in them that still came out as an intent), commands recognised, games
played, and that every journal replays to its live game.

    .venv/bin/python bench/soak.py [--hours 2] [--quick] [--engine auto] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("VOICEMASTER_TTS_CACHE", str(ROOT / ".cache" / "tts"))

from voicemaster.game.actions import Clue, Guess  # noqa: E402
from voicemaster.dialogue import Dialogue  # noqa: E402
from voicemaster.game.cards import Deal, Identity  # noqa: E402
from voicemaster.game.core import Game  # noqa: E402
from voicemaster.setup.dealing import new_deal  # noqa: E402
from voicemaster.game.house_rules import HouseRules  # noqa: E402
from voicemaster.game.phase import Phase  # noqa: E402
from voicemaster.journal import Journal, load_game  # noqa: E402
from voicemaster.referee import judge_clue_word  # noqa: E402
from voicemaster.speech.ears.engines import open_ear  # noqa: E402
from voicemaster.speech.audio.sources import reframe  # noqa: E402
from voicemaster.speech.audio.front_end import Pace, open_front_end  # noqa: E402
from voicemaster.speech.audio.format import SAMPLE_RATE  # noqa: E402
from voicemaster.speech.voices.synthetic import BABBLE_VOICES, babble, pink_noise, speak  # noqa: E402
from voicemaster.understand.intents import Command, Intent  # noqa: E402

CHATTER = (
    "I think the one about the sea is too risky, we should wait.",
    "Did anyone see where I put my glass?",
    "No no, he said two, so there must be another one.",
    "Honestly I would have gone with the animal.",
    "We are behind by three already, let us take a chance.",
    "That reminds me of the trip we took last summer.",
    "Wait, which team are we on again?",
    "Could you pass the crisps please.",
    "If it were me I would stop here and keep the lead.",
    "She always gives clues that nobody understands.",
    "The music is a bit loud, can somebody turn it down.",
    "Last game took almost an hour, let us be quicker.",
    "Whose turn is it to shuffle the cards?",
    "I am not sure, what do you think?",
    "Okay okay, give me a second to think.",
    "That was a brilliant clue, well done.",
)
CARD_CHATTER = (
    "I really think it is {card}, don't you?",
    "Not {card}, that could be the assassin.",
    "What about {card} and {other} together?",
    "He keeps looking at {card}.",
)
CLUE_WORDS = ("ocean", "music", "planet", "winter", "metal", "garden")
NUMBERS = ("one", "two", "three")
COMMAND_VOICES = ("en-us", "en-gb", "en-us+f3")
DEALS = 5
"""Deals cycle, so every clip is synthesized during warm-up and caches stop growing."""


@dataclass
class Clip:
    audio: np.ndarray
    text: str
    expected: Intent | None
    """The intent a command should produce; None for chatter."""


@dataclass
class Sample:
    sim_minutes: float
    rss_mb: float
    threads: int
    fds: int


@dataclass
class Figures:
    hours: float = 0.0
    wall_s: float = 0.0
    utterances: int = 0
    chatter_utterances: int = 0
    chatter_accepted: int = 0
    """Chatter that came out as an intent (a false accept)."""
    chatter_acted: int = 0
    """False accepts that changed the game (were recorded)."""
    commands_said: int = 0
    commands_recognised: int = 0
    commands_heard_as_other: int = 0
    games_finished: int = 0
    actions_recorded: int = 0
    journals_replayed_equal: int = 0
    journals_replayed_different: int = 0
    samples: list[Sample] = field(default_factory=list)
    false_accept_examples: list[str] = field(default_factory=list)
    misheard_examples: list[str] = field(default_factory=list)


def proc_status(name: str) -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def sample(sim_s: float) -> Sample:
    return Sample(round(sim_s / 60, 2), proc_status("VmRSS") / 1024, proc_status("Threads"), len(os.listdir("/proc/self/fd")))


class Table:
    """The people around the table: what they say next, for the game as it is."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.deals = [new_deal(seed=1000 + i) for i in range(DEALS)]
        self.generic = [Clip(speak(t, v), t, None) for t in CHATTER for v in BABBLE_VOICES[:3]]
        self.clips: dict[tuple[str, str], np.ndarray] = {}
        for deal in self.deals:
            for text in self._all_commands(deal.cards) + self._card_chatter(deal.cards):
                for voice in COMMAND_VOICES:
                    self.clips[(text, voice)] = speak(text, voice)

    @staticmethod
    def _all_commands(cards: tuple[str, ...]) -> list[str]:
        clues = [f"clue {w} {n}" for w in CLUE_WORDS for n in NUMBERS]
        return clues + [f"guess {c}" for c in cards] + ["stop", "yes", "no"]

    @staticmethod
    def _card_chatter(cards: tuple[str, ...]) -> list[str]:
        return [t.format(card=cards[i], other=cards[i + 1]) for i, t in enumerate(CARD_CHATTER)]

    def chatter(self, game: Game) -> Clip:
        if self.rng.random() < 0.3:
            text = self.rng.choice(self._card_chatter(game.deal.cards))
            return Clip(self.clips[(text, self.rng.choice(COMMAND_VOICES))], text, None)
        return self.rng.choice(self.generic)

    def command(self, game: Game, question_open: bool) -> Clip:
        """The next thing said to the referee; a misheard undo is cancelled, an asked clue accepted."""
        r, s = self.rng, game.state
        voice = r.choice(COMMAND_VOICES)
        if question_open:
            text, expected = "no", Command("no")
        elif s.ruling is not None:
            text, expected = "yes", Command("yes")
        elif s.phase is Phase.CLUE:
            word, number = r.choice(CLUE_WORDS), r.choice(NUMBERS)
            text, expected = f"clue {word} {number}", Clue(word, NUMBERS.index(number) + 1)
        elif s.guesses_made > 0 and r.random() < 0.25:
            text, expected = "stop", Command("stop")
        else:
            own = [c for c in game.uncovered() if game.deal.identity(c) is Identity.of_team(s.turn)]
            card = r.choice(own) if own and r.random() < 0.8 else r.choice(game.uncovered())
            text, expected = f"guess {card}", Guess(card)
        return Clip(self.clips[(text, voice)], text, expected)


class Bed:
    """The room: pink noise and a low babble bed, looped, added under everything."""

    def __init__(self) -> None:
        seconds = 30
        noise = pink_noise(seconds * SAMPLE_RATE, seed=11).astype(np.float32) * 0.05
        talk = babble(seconds * SAMPLE_RATE, talkers=4, seed=12).astype(np.float32) * 0.08
        self.audio = noise + talk
        self.pos = 0

    def under(self, audio: np.ndarray) -> np.ndarray:
        n = len(audio)
        idx = (self.pos + np.arange(n)) % len(self.audio)
        self.pos = (self.pos + n) % len(self.audio)
        return np.clip(audio.astype(np.float32) + self.audio[idx], -32768, 32767).astype(np.int16)


class Session:
    """One game at a time, through front end -> hearing -> dialogue -> journal."""

    def __init__(self, engine: str, workdir: Path, rng: random.Random, deals: list[Deal]) -> None:
        self.hear = open_ear(engine).ear.hear
        self.workdir = workdir
        self.rng = rng
        self.deals = deals
        self.figures = Figures()
        self.sim_s = 0.0
        self.front_end = open_front_end()
        self.commands: list[tuple[float, float, Intent]] = []
        self.games = 0
        self._new_game()

    def _new_game(self) -> None:
        deal = self.deals[self.games % len(self.deals)]
        self.game = Game(deal, HouseRules(), clock=lambda: self.sim_s, judge=judge_clue_word)
        self.path = self.workdir / f"game-{self.games % 2}.jsonl"
        self.path.unlink(missing_ok=True)
        self.journal = Journal.create(self.path, deal, HouseRules())
        self.dialogue = Dialogue(self.game, self._record, clock=lambda: self.sim_s, rng=random.Random(self.games))
        self.dialogue.opening()

    def _record(self, action: object) -> None:
        self.journal.append(action)  # type: ignore[arg-type]
        self.figures.actions_recorded += 1

    def close_journal(self) -> None:
        """Close the game's journal and check that replaying it gives the live game."""
        self.journal.close()
        replayed = load_game(self.path, judge=judge_clue_word).game.snapshot()
        if replayed == self.game.snapshot():
            self.figures.journals_replayed_equal += 1
        else:
            self.figures.journals_replayed_different += 1
        self.figures.games_finished += self.game.is_over()

    def finish_game(self) -> None:
        self.close_journal()
        self.games += 1
        self._new_game()

    def push(self, audio: np.ndarray) -> None:
        for frame in reframe([audio]):
            self.sim_s += len(frame) / SAMPLE_RATE
            utterance = self.front_end.push(frame)
            if utterance is not None:
                self._heard(utterance.audio, utterance.start_s, utterance.end_s)

    def _heard(self, audio: np.ndarray, start: float, end: float) -> None:
        f = self.figures
        f.utterances += 1
        expected = next((e for s, t, e in self.commands if s < end and t > start), None)
        recorded = f.actions_recorded
        understood = self.hear(audio, self.dialogue.listening())
        transcript, intent = understood.transcript, understood.intent
        self.dialogue.hear(intent, read_back=understood.read_back)
        self.front_end.tell(Pace(self.dialogue.brisk()))
        if expected is None:
            f.chatter_utterances += 1
            if intent is not None:
                f.chatter_accepted += 1
                f.chatter_acted += f.actions_recorded > recorded
                if len(f.false_accept_examples) < 20:
                    f.false_accept_examples.append(f"{transcript!r} -> {intent}")
        elif intent == expected:
            f.commands_recognised += 1
        else:
            f.commands_heard_as_other += intent is not None
            if len(f.misheard_examples) < 20:
                f.misheard_examples.append(f"{expected} heard as {transcript!r} -> {intent}")


def segments(session: Session, table: Table) -> Iterator[tuple[Clip, float]]:
    """What is said next and the pause after it, forever."""
    rng = session.rng
    next_command = rng.uniform(20, 60)
    while True:
        if session.sim_s >= next_command:
            next_command = session.sim_s + rng.uniform(20, 60)
            asked = session.dialogue.question
            yield table.command(session.game, asked is not None and asked.kind != "ruling"), rng.uniform(1.0, 3.0)
        else:
            yield table.chatter(session.game), rng.uniform(0.3, 4.0)


def soak(hours: float, engine: str, seed: int) -> Figures:
    rng = random.Random(seed)
    table = Table(rng)
    bed = Bed()
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(engine, Path(tmp), rng, table.deals)
        started = time.monotonic()
        next_sample = 0.0
        for clip, pause in segments(session, table):
            if session.sim_s >= hours * 3600:
                break
            if clip.expected is not None:
                session.figures.commands_said += 1
                session.commands = [c for c in session.commands if c[1] > session.sim_s - 30]
                length = len(clip.audio) / SAMPLE_RATE
                session.commands.append((session.sim_s, session.sim_s + length, clip.expected))
            quiet = np.zeros(int(pause * SAMPLE_RATE), dtype=np.int16)
            session.push(bed.under(np.concatenate([clip.audio, quiet])))
            session.dialogue.tick()
            if session.game.is_over():
                session.finish_game()
            if session.sim_s >= next_sample:
                session.figures.samples.append(sample(session.sim_s))
                next_sample += 60.0
                if len(session.figures.samples) % 10 == 1:
                    progress(session.figures, session.sim_s, time.monotonic() - started)
        session.figures.samples.append(sample(session.sim_s))
        session.figures.hours = session.sim_s / 3600
        session.figures.wall_s = time.monotonic() - started
        session.close_journal()
    return session.figures


def progress(f: Figures, sim_s: float, wall_s: float) -> None:
    last = f.samples[-1]
    print(f"[soak] {sim_s / 60:6.1f} min simulated in {wall_s / 60:5.1f} min: rss {last.rss_mb:.1f} MB, "
          f"threads {last.threads}, fds {last.fds}, games {f.games_finished}, commands {f.commands_recognised}/"
          f"{f.commands_said}, chatter accepted {f.chatter_accepted}/{f.chatter_utterances}",
          file=sys.stderr, flush=True)


def verdict(f: Figures, warmup_fraction: float = 0.1) -> dict[str, object]:
    """Growth is measured from the end of warm-up to the end of the run."""
    after = [s for s in f.samples if s.sim_minutes >= f.hours * 60 * warmup_fraction] or f.samples
    base = after[0]
    peak_rss = max(s.rss_mb for s in after)
    return {
        "rss_after_warmup_mb": round(base.rss_mb, 1),
        "rss_final_mb": round(after[-1].rss_mb, 1),
        "rss_peak_mb": round(peak_rss, 1),
        "rss_growth_pct": round(100 * (peak_rss - base.rss_mb) / base.rss_mb, 2),
        "threads": (base.threads, max(s.threads for s in after), after[-1].threads),
        "fds": (base.fds, max(s.fds for s in after), after[-1].fds),
        "chatter_false_accept_pct": round(100 * f.chatter_accepted / max(1, f.chatter_utterances), 2),
        "commands_recognised_pct": round(100 * f.commands_recognised / max(1, f.commands_said), 1),
        "speed_x_realtime": round(f.hours * 3600 / max(f.wall_s, 1e-9), 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hours", type=float, default=2.0, help="simulated hours of table audio (default 2)")
    parser.add_argument("--quick", action="store_true", help="ten simulated minutes, for a smoke run")
    parser.add_argument("--engine", default="auto", choices=("auto", "pocketsphinx", "vosk"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write every figure and sample here")
    args = parser.parse_args()
    hours = 10 / 60 if args.quick else args.hours
    threads_before = threading.active_count()
    figures = soak(hours, args.engine, args.seed)
    summary = verdict(figures)
    summary["python_threads_before_after"] = (threads_before, threading.active_count())
    print(json.dumps({k: v for k, v in asdict(figures).items() if k != "samples"}, indent=1))
    print(json.dumps(summary, indent=1))
    if args.json is not None:
        args.json.write_text(json.dumps({"figures": asdict(figures), "summary": summary}, indent=1))
    ok = summary["rss_growth_pct"] < 10 and figures.journals_replayed_different == 0  # type: ignore[operator]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
