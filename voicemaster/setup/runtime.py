"""Building the app's edges from settings: the speaker, the displays, the ears."""

from __future__ import annotations

import argparse
import queue
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import numpy as np

from voicemaster.app import Display, Hear, Item, Notice, Understood
from voicemaster.display.live import LiveBoard
from voicemaster.display.web import WebDisplay
from voicemaster.display.web_address import parse_web_address
from voicemaster.errors import InputError
from voicemaster.speech.denoise import DEFAULT_DENOISER, DENOISERS, OPTIONAL_PACKAGES, offered
from voicemaster.speech.engines import ENGINES
from voicemaster.understand.listening import Listening
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("speech and displays")
    g.add_argument("--audio-out", metavar="{speaker,none,FILE.wav}",
                   help="where announcements go (default speaker; text when there is no audio device)")
    g.add_argument("--voice", help="espeak-ng voice for announcements (e.g. en-gb+f3)")
    g.add_argument("--rate", type=int, help="speech rate, words per minute")
    g.add_argument("--volume", type=float, help="speech volume 0..1")
    g.add_argument("--web", nargs="?", const="", metavar="HOST:PORT",
                   help="also show the board as a web page (default 127.0.0.1:8765)")
    g.add_argument("--engine", choices=ENGINES,
                   help="speech recognizer (default auto: an English vosk model, else Whisper, else pocketsphinx)")
    g.add_argument("--model", type=Path, help="a vosk model or CTranslate2 Whisper model directory")
    missing = sorted(set(OPTIONAL_PACKAGES) - set(offered()))
    g.add_argument("--denoise", choices=sorted(DENOISERS), metavar="{" + ",".join(offered()) + "}",
                   help=f"noise suppression before the endpointer (default: the recognizer's own choice, "
                        f"none for Whisper, {DEFAULT_DENOISER} for pocketsphinx and vosk)"
                        + (f"; {', '.join(missing)} need a package installed first" if missing else ""))


def voice_settings(args: argparse.Namespace, config: dict[str, Any]) -> VoiceSettings:
    voice = config.get("voice", {})
    if not isinstance(voice, dict):
        raise InputError("[voice] must be a table with rate, volume, voice", str(config.get("_path")))
    return VoiceSettings(
        output=str(args.audio_out or config.get("audio_out") or "speaker"),
        rate=int(args.rate or voice.get("rate", 175)),
        volume=float(args.volume if args.volume is not None else voice.get("volume", 1.0)),
        voice=args.voice or voice.get("voice"),
    )


class DisplayedConsole(Console):
    """Announcements already appear on the board (its last-announcement line): no second copy."""

    def line(self, text: str) -> None:
        return None


def open_speaker(args: argparse.Namespace, config: dict[str, Any]) -> Speaker:
    speaker = Speaker(voice_settings(args, config), console=DisplayedConsole())
    speaker.start()
    return speaker


@dataclass
class Displays:
    all: list[Display] = field(default_factory=list)
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in self.closers:
            close()


def open_displays(args: argparse.Namespace) -> Displays:
    board = LiveBoard()
    board.start()
    displays = Displays([board], [board.stop])
    if args.web is not None:
        host, port = parse_web_address(args.web)
        web = WebDisplay(host, port)
        web.start()
        print(f"Board for everyone: {web.public_url}", file=sys.stderr)
        print(f"Spymasters only:    {web.spymaster_url}", file=sys.stderr)
        displays.all.append(web)
        displays.closers.append(web.stop)
    return displays


@dataclass(frozen=True)
class Hearing:
    hear: Hear
    """Speech → what was said, against the game as it is when the audio is decoded."""
    engine: str
    denoise: str
    """The noise stage the recognizer hears best with."""
    warnings: tuple[str, ...]
    """Said and printed at start: the recognizer asked for could not be used."""


def hearing(args: argparse.Namespace, config: dict[str, Any]) -> Hearing:
    """The recognizer chosen by --engine/--model (or the config), loaded once.

    Imported here so that typed games never load a speech model.
    """
    from voicemaster.speech.engines import open_ear

    opened = open_ear(args.engine or str(config.get("engine", "auto")), args.model)
    ear = opened.ear

    def understand(audio: np.ndarray, now: Listening) -> Understood:
        heard = ear.hear(audio, now)
        return Understood(heard.transcript.text, heard.intent, heard.read_back)

    return Hearing(understand, ear.name, ear.denoise, opened.warnings)


def tell_warnings(ears: Hearing, inbox: "queue.Queue[Item]") -> None:
    """Printed now, and said to the table when the app starts talking."""
    for warning in ears.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
        inbox.put(Notice(warning))
