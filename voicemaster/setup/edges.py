"""The one builder of a run's edges, from its settings: the speaker, the displays, the inbox
every source feeds, the ears, the typed input and the audio front end.

`play`, `setup` and `demo` build them here (and the tests and benchmarks that run the real
thing), so the noise stage, the warnings and the threads are chosen and started in one place.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Callable

from voicemaster.app import App, Display
from voicemaster.display.live import LiveBoard, one_reader
from voicemaster.display.qr import AddressCode
from voicemaster.display.spymasters_screen import show_spymasters_code
from voicemaster.display.web import WebDisplay
from voicemaster.display.web_address import is_loopback, parse_web_address
from voicemaster.inbox import Inbox, Notice
from voicemaster.setup.key_page import KeyPage
from voicemaster.setup.keyboard import KeyboardLines, quiet_terminal
from voicemaster.setup.settings import EarSettings, Settings
from voicemaster.setup.sources import fault_notices, feed_audio, feed_typed, start_thread
from voicemaster.speech.audio.denoise import make_denoiser
from voicemaster.speech.audio.front_end import FrontEnd, NoiseStage, Pace, Speaking
from voicemaster.speech.audio.sources import AudioSource, Microphone, wav_source
from voicemaster.speech.ears.ear import Ear, GameEar
from voicemaster.speech.recordings import front_end_for
from voicemaster.understand.listening import Listening
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.tts import Console, Speaker

if TYPE_CHECKING:
    from voicemaster.speech.ears.grid.ear import GridEar


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


def open_speaker(voice: VoiceSettings, console: DisplayedConsole | None = None) -> Speaker:
    speaker = Speaker(voice, console=console or DisplayedConsole())
    speaker.start()
    return speaker


SPYMASTERS_SHOWN = "Spymasters: your page's address was shown to you alone before this board (again at every start)."


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


def open_displays(web_address: str | None, console: DisplayedConsole | None = None,
                  spymaster_token: str | None = None) -> Displays:
    """The terminal board, and the web pages when `web_address` is not None ("" for the default),
    the spymaster page under `spymaster_token` (kept with the game) or a new one. The spymasters
    are given their address before the board starts."""
    board = LiveBoard()
    displays = Displays(board, [board], [board.stop])
    if console is not None:
        console.show_on(board)
    if web_address is not None:
        host, port = parse_web_address(web_address)
        web = WebDisplay(host, port, spymaster_token)
        web.start()
        displays.all.append(web)
        displays.closers.append(web.stop)
        displays.key_page = KeyPage(web, board)
        shown = _tell_spymasters(board, web.spymaster_url, with_code=not is_loopback(host))
        _show_addresses(board, web, host, port, spymasters_shown=shown)
    board.start()
    return displays


def _tell_spymasters(board: LiveBoard, url: str, with_code: bool) -> bool:
    """The spymasters' address where only they see it: on a terminal, a screen of their own
    before the board (the others look away until Enter); else printed once to stderr, never
    beside the game's text. True when it was shown on the terminal."""
    if show_spymasters_code(board.console, url, with_code):
        return True
    print(f"Spymasters only:    {url}", file=sys.stderr, flush=True)
    return False


def _show_addresses(board: LiveBoard, web: WebDisplay, host: str, port: int, spymasters_shown: bool) -> None:
    """The public page's address on the board for the whole game and printed again at the end
    (the full-screen board would hide it otherwise), its QR code when another device can open
    it. The spymasters' address never goes where the whole table sees it."""
    board.note(f"Board for everyone: {web.public_url}", for_players=True)
    if spymasters_shown:
        board.note(SPYMASTERS_SHOWN)
    if is_loopback(host):
        board.note(f"(this machine only: --web 0.0.0.0:{port} serves phones and TVs on the local network)")
    else:
        board.offer_codes([AddressCode("Board", web.public_url)])


def start_typed_input(
    displays: Displays, inbox: Inbox, hidden: Callable[[], bool] = lambda: False, ends_input: bool = True,
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


class Ears:
    """The ears of a run, each loaded once: the game's (--engine, --model or the config) and, when
    a table is laid out, the grid's, on the game ear's Whisper model when it has one (else on the
    --model Whisper directory, else the bundled model). Imported here, so that typed games never
    load a speech model."""

    def __init__(self, settings: EarSettings, game: bool = True) -> None:
        """`game`: load the game's ear now (a `setup` run needs only the grid's)."""
        from voicemaster.speech.ears.engines import open_ear

        self.settings = settings
        opened = open_ear(settings.engine, settings.model) if game else None
        self.game: GameEar | None = opened.ear if opened is not None else None
        self.warnings: tuple[str, ...] = opened.warnings if opened is not None else ()
        """Said and printed at start: the recognizer asked for could not be used."""
        self._grid: GridEar | None = None

    def grid(self) -> GridEar:
        """The grid ear, loaded on first use (from the evening's thread only)."""
        if self._grid is None:
            from voicemaster.setup.grid_ear import open_grid_ear
            from voicemaster.speech.ears.models import engine_of
            from voicemaster.speech.ears.whisper.ear import WhisperEar

            model = self.settings.model
            if isinstance(self.game, WhisperEar):
                self._grid = open_grid_ear(self.game.engine)
            elif model is not None and model.is_dir() and engine_of(model) == "whisper":
                self._grid = open_grid_ear(model=model)
            else:
                self._grid = open_grid_ear()
        return self._grid

    def close(self) -> None:
        if self.game is not None:
            self.game.close()
        if self._grid is not None:
            self._grid.close()


class Edges:
    """What a run talks and listens with. Used as a context manager: closed once, at the end."""

    def __init__(self, settings: Settings, speaker: Speaker, displays: Displays, ears: Ears | None) -> None:
        self.settings = settings
        self.speaker = speaker
        self.displays = displays
        self.ears = ears
        self.inbox = Inbox()
        self.front_end: FrontEnd | None = None
        """The audio's, once it is started (start_listening)."""
        self._noise_stage = ""
        self._typing = False

    def __enter__(self) -> "Edges":
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def app(self) -> App:
        """The loop, answering on this speaker and these displays, reading this inbox."""
        return App(self.speaker, self.displays.all, self.inbox)

    def start_typing(self, app: App, ends_input: bool = True) -> None:
        """Typed lines into the inbox, once per run; hidden while the app's stage hides them (a
        key card typed). Not `ends_input`: typing goes beside speech, whose end is the input's."""
        if not self._typing:
            self._typing = True
            start_typed_input(self.displays, self.inbox, app.hides_typing, ends_input)

    def hear_with(self, ear: Ear[Any, Any]) -> None:
        """A stage that hears with `ear` starts: the front end's noise stage becomes the one for
        it, told to the audio thread (which swaps it between two frames)."""
        wanted = self.settings.ears.denoise or ear.denoise
        if self.front_end is not None and self._noise_stage != wanted:
            self._noise_stage = wanted
            self.front_end.tell(NoiseStage(make_denoiser(wanted)))

    def start_listening(self, app: App, ear: Ear[Any, Any]) -> None:
        """The audio (microphone or WAV) into the inbox through the front end, once per run, the
        ears' warnings told first. Live, the front end is told the game's pace and the app's own
        voice as they change. Faster than real time the cut must not depend on how far the
        referee has got, nor on when the app speaks: a replay then ends every utterance on the
        same fixed silence, as `recognize` cuts it."""
        if self.front_end is not None:
            return
        self.tell_warnings()
        live = self.settings.live
        front_end = self.front_end = front_end_for(ear, self.settings.ears.denoise)
        self._noise_stage = self.settings.ears.denoise or ear.denoise
        if live:
            told_live(front_end, app, self.speaker)
        source = self.settings.input
        audio: AudioSource = (Microphone(on_fault=fault_notices(self.inbox)) if source == "mic"
                              else wav_source(Path(source), realtime=self.settings.realtime))
        feed = partial(feed_audio, audio, self.front_end, self.inbox, hear_ahead=live)
        start_thread(feed, "listening", self.inbox)

    def tell_warnings(self) -> None:
        """Printed now (kept on the full-screen board, which would hide stderr; off a terminal
        on stderr, unless it reaches the reader of the printed board, where it is shown as it
        is said), and said to the table when the app starts talking."""
        board = self.displays.board
        for warning in self.ears.warnings if self.ears is not None else ():
            if board.interactive:
                board.note(f"Warning: {warning}")
            elif not one_reader():
                print(f"voicemaster: warning: {warning}", file=sys.stderr)
            self.inbox.put(Notice(warning))

    def close(self) -> None:
        """What is said is said to the end, then everything stops."""
        self.speaker.wait_idle(timeout=60)
        self.speaker.close()
        self.displays.close()
        if self.ears is not None:
            self.ears.close()


def told_live(front_end: FrontEnd, app: App, speaker: Speaker) -> None:
    """A live source's front end is told the game's pace and the app's own voice as they change
    (events applied on the audio thread: front_end.Control)."""
    app.tell_pace_to(lambda brisk: front_end.tell(Pace(brisk)))
    speaker.tell_voice_to(lambda on: front_end.tell(Speaking(on)))


def open_edges(settings: Settings, ears: bool | None = None, game_ear: bool = True,
               spymaster_token: str | None = None) -> Edges:
    """The speaker, the displays and (when the run hears speech: `ears`, by default whether the
    input is speech) the ears. The ears load before the speaker starts talking. The spymaster
    page answers under `spymaster_token` when given."""
    loaded = Ears(settings.ears, game=game_ear) if (settings.hears if ears is None else ears) else None
    console = DisplayedConsole()
    speaker = open_speaker(settings.voice, console)
    return Edges(settings, speaker, open_displays(settings.web, console, spymaster_token), loaded)
