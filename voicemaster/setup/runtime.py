"""Building the app's edges from settings: the speaker, the displays, the ears."""

from __future__ import annotations

import argparse
import queue
import sys
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable


from voicemaster.app import Display, Hear, Item, Notice
from voicemaster.display.live import LiveBoard
from voicemaster.display.qr import AddressCode
from voicemaster.display.web import WebDisplay
from voicemaster.display.web_address import is_loopback, parse_web_address
from voicemaster.errors import InputError
from voicemaster.setup.key_page import KeyPage
from voicemaster.setup.keyboard import KeyboardLines, quiet_terminal
from voicemaster.setup.sources import feed_typed, start_thread
from voicemaster.speech.audio.denoise import DEFAULT_DENOISER, DENOISERS, OPTIONAL_PACKAGES, offered
from voicemaster.speech.ears.engines import ENGINES, check_engine
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
                   help="also show the board as a web page (default 127.0.0.1:8765, this machine only; "
                        "--web 0.0.0.0:8765 serves the TV, tablets and phones on the local network)")
    g.add_argument("--engine", type=engine_argument, metavar="{" + ",".join(ENGINES) + "}",
                   help="speech recognizer (default auto: an English vosk model, else Whisper, else pocketsphinx)")
    g.add_argument("--model", type=Path, help="a vosk model or CTranslate2 Whisper model directory")
    missing = sorted(set(OPTIONAL_PACKAGES) - set(offered()))
    g.add_argument("--denoise", choices=sorted(DENOISERS), metavar="{" + ",".join(offered()) + "}",
                   help=f"noise suppression before the endpointer (default: the recognizer's own choice, "
                        f"none for Whisper, {DEFAULT_DENOISER} for pocketsphinx and vosk)"
                        + (f"; {', '.join(missing)} need a package installed first" if missing else ""))


def engine_argument(value: str) -> str:
    """--engine's value, refused at parse time with its reason (a retired engine says why)."""
    try:
        return check_engine(value)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    """Announcements already appear on the board (its last-announcement line): no second copy.
    Warnings go on the board once it is shown, since the full-screen board hides stderr."""

    def __init__(self) -> None:
        self._board: LiveBoard | None = None
        self._printed: list[str] = []

    def line(self, text: str) -> None:
        return None

    def warning(self, message: str) -> None:
        if self._board is not None and self._board.interactive:
            self._board.note(f"Warning: {message}")
            return
        super().warning(message)
        self._printed.append(message)

    def show_on(self, board: LiveBoard) -> None:
        """Later warnings go to `board`; the earlier ones are kept on it too."""
        self._board = board
        if board.interactive:
            for message in self._printed:
                board.note(f"Warning: {message}", again_on_exit=False)


def open_speaker(
    args: argparse.Namespace, config: dict[str, Any], console: DisplayedConsole | None = None
) -> Speaker:
    speaker = Speaker(voice_settings(args, config), console=console or DisplayedConsole())
    speaker.start()
    return speaker


@dataclass
class Displays:
    board: LiveBoard
    all: list[Display] = field(default_factory=list)
    closers: list[Callable[[], None]] = field(default_factory=list)
    key_page: KeyPage | None = None
    """With --web: where the spymasters may tap the key card of a table being laid out."""

    def close(self) -> None:
        for close in self.closers:
            close()


def open_displays(args: argparse.Namespace, console: DisplayedConsole | None = None) -> Displays:
    board = LiveBoard()
    board.start()
    displays = Displays(board, [board], [board.stop])
    if console is not None:
        console.show_on(board)
    if args.web is not None:
        host, port = parse_web_address(args.web)
        web = WebDisplay(host, port)
        web.start()
        displays.all.append(web)
        displays.closers.append(web.stop)
        displays.key_page = KeyPage(web, board)
        _show_addresses(board, web, host)
    return displays


def _show_addresses(board: LiveBoard, web: WebDisplay, host: str) -> None:
    """On the board for the whole game and printed again at the end: the full-screen board
    would hide them otherwise. QR codes only for addresses another device can open."""
    board.note(f"Board for everyone: {web.public_url}")
    board.note(f"Spymasters only:    {web.spymaster_url}")
    if is_loopback(host):
        board.note("(this machine only: --web 0.0.0.0:8765 serves phones and TVs on the local network)")
    else:
        board.offer_codes([AddressCode("Board", web.public_url), AddressCode("Spymasters", web.spymaster_url)])


def start_typed_input(
    displays: Displays, inbox: "queue.Queue[Item]", hidden: Callable[[], bool] = lambda: False,
    ends_input: bool = True,
) -> None:
    """`--input text`: on a terminal, keys drawn on the board (the terminal's echo would
    garble it); from a pipe, one utterance per line. While `hidden()` (a key card being
    typed) the board shows dots for the line and a terminal does not echo it."""
    board = displays.board

    def show(text: str | None) -> None:
        board.typing("•" * len(text) if text and hidden() else text)

    if sys.stdin.isatty() and board.interactive:
        keys = KeyboardLines(sys.stdin.fileno(), inbox, show)
        keys.start()
        displays.closers.insert(0, keys.close)
        return
    if sys.stdin.isatty():
        displays.closers.insert(0, quiet_terminal(sys.stdin.fileno(), hidden))
    start_thread(partial(feed_typed, sys.stdin, inbox, ends_input), "typed-input", inbox)


@dataclass(frozen=True)
class Hearing:
    hear: Hear
    """Speech → what was said, against the game as it is when the audio is decoded."""
    engine: str
    denoise: str
    """The noise stage the recognizer hears best with."""
    warnings: tuple[str, ...]
    """Said and printed at start: the recognizer asked for could not be used."""
    close: Callable[[], None]
    """Frees what the ear holds before the program exits."""


def hearing(args: argparse.Namespace, config: dict[str, Any]) -> Hearing:
    """The recognizer chosen by --engine/--model (or the config), loaded once.

    Imported here so that typed games never load a speech model.
    """
    from voicemaster.speech.ears.engines import open_ear

    opened = open_ear(args.engine or str(config.get("engine", "auto")), args.model)
    ear = opened.ear
    return Hearing(ear.hear, ear.name, ear.denoise, opened.warnings, ear.close)


def tell_warnings(ears: Hearing, inbox: "queue.Queue[Item]", board: LiveBoard | None = None) -> None:
    """Printed now (kept on the full-screen board, which would hide stderr), and said to
    the table when the app starts talking."""
    for warning in ears.warnings:
        if board is not None and board.interactive:
            board.note(f"Warning: {warning}")
        else:
            print(f"voicemaster: warning: {warning}", file=sys.stderr)
        inbox.put(Notice(warning))
