"""What `play`'s listening thread sends the loop for a recording: the real command line,
settings, edges, front end and thread, with no ear behind them (nothing is heard)."""

from __future__ import annotations

import queue
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from voicemaster.cli import build_parser
from voicemaster.commands.options import play_settings
from voicemaster.display.live import LiveBoard
from voicemaster.inbox import EndOfInput, Item
from voicemaster.setup.edges import Displays, Edges
from voicemaster.understand.heard import Heard
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker


@dataclass
class Unheard:
    """An ear that hears best with `denoise` and is never asked to hear."""

    denoise: str
    name: str = "unheard"

    def hear(self, audio: np.ndarray, now: object) -> Heard:
        raise AssertionError("nothing is heard here: only what the listening thread sends is looked at")

    def close(self) -> None:
        """Nothing to free."""


def play_inbox(recording: Path, *flags: str, ear_denoise: str = "none") -> list[Item]:
    """The items `play --input RECORDING FLAGS` puts in its inbox, up to the end of the input,
    with a recognizer that hears best with `ear_denoise`."""
    settings = play_settings(build_parser().parse_args(["play", "--input", str(recording), *flags]))
    speaker = Speaker(VoiceSettings(output="none"), console=Console()).start()
    edges = Edges(settings, speaker, Displays(LiveBoard()), None)
    items: list[Item] = []
    try:
        edges.start_listening(edges.app(), Unheard(ear_denoise))
        while not items or not isinstance(items[-1], EndOfInput):
            items.append(edges.inbox.get(timeout=60))
    except queue.Empty:
        pytest.fail(f"play's listening thread never finished: {items}")
    finally:
        speaker.close()
    return items
