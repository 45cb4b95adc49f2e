"""Speech out: announcements queued, spoken in order, never allowed to stall the game.

Two threads: the speaker thread takes announcements from the queue, hands each to
the engine thread (the only one that touches pyttsx3, which is not thread-safe)
and waits at most `timeout`; then it plays the samples. A stuck or failing engine
is abandoned and replaced, and that announcement is shown as text instead.
While sound goes to the room, `speaking` is on, and whoever listens to the room is told
(`tell_voice_to`: the audio front end, whose endpointer drops what the app says itself and
the room's echo after it).
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from concurrent.futures import Future
from typing import Callable, Optional

from voicemaster.errors import InputError
from voicemaster.voice.outputs import AplayPlayer, AudioOutput, OutputError, WavFileOutput
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.synth import Pcm, Pyttsx3Synthesizer, Synthesizer, SynthesizerFactory

MAX_ENGINE_FAILURES = 3
"""Consecutive engine failures after which the rest of the session is text only."""
MIN_START_WAIT = 15.0
"""Seconds an engine may take to start, however short the wait for one announcement: on a
busy machine (Whisper deciding on both cores) a fresh engine took over 0.5 s to come up, and
once over 5 s with the test suite on both cores beside it."""


class Console:
    """Where announcements go when they are not heard, and what the speaker reports.

    Subclass to redirect (a display, a test, a latency benchmark).
    """

    def line(self, text: str) -> None:
        """An announcement shown as text (mode "none", or a fallback)."""
        encoding = sys.stdout.encoding or "ascii"
        prefix = "🔊 " if _encodable("🔊", encoding) else "VoiceMaster: "
        shown = (prefix + text).encode(encoding, "replace").decode(encoding)
        print(shown, flush=True)

    def warning(self, message: str) -> None:
        print(f"VoiceMaster: warning: {message}", file=sys.stderr, flush=True)

    def audio_started(self, text: str, at: float) -> None:
        """The first audio of `text` is out (speaker or file); `at` is time.monotonic()."""


def _encodable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def output_for(settings: VoiceSettings) -> AudioOutput | None:
    """The output `settings` asks for; None means text only."""
    if settings.kind == "speaker":
        return AplayPlayer()
    if settings.kind == "file":
        return WavFileOutput(settings.output, settings.gap)
    return None


class _EngineThread:
    """The one thread that owns a speech engine; jobs are handed over one at a time."""

    def __init__(self, factory: SynthesizerFactory, settings: VoiceSettings) -> None:
        self._jobs: queue.SimpleQueue[tuple[str, Future[Pcm]] | None] = queue.SimpleQueue()
        self._ready: Future[None] = Future()
        self._synth: Synthesizer | None = None
        self._abandoned = False
        self.thread = threading.Thread(
            target=self._run, args=(factory, settings), name="voicemaster-tts-engine", daemon=True
        )
        self.thread.start()

    def wait_ready(self, timeout: float) -> None:
        """Raises what the factory raised, or TimeoutError."""
        self._ready.result(timeout)

    def _run(self, factory: SynthesizerFactory, settings: VoiceSettings) -> None:
        try:
            synth = factory(settings)
        except Exception as exc:
            self._ready.set_exception(exc)
            return
        self._synth = synth
        self._ready.set_result(None)
        try:
            while (job := self._jobs.get()) is not None and not self._abandoned:
                text, result = job
                try:
                    result.set_result(synth.synthesize(text))
                except Exception as exc:
                    result.set_exception(exc)
        finally:
            synth.close()

    def synthesize(self, text: str, timeout: float) -> Pcm:
        result: Future[Pcm] = Future()
        self._jobs.put((text, result))
        return result.result(timeout)

    def abandon(self) -> None:
        """Give up on this engine: it exits as soon as it comes back, if it ever does."""
        self._abandoned = True
        if self._synth is not None:
            self._synth.abandon()
        self._jobs.put(None)

    def close(self, timeout: float) -> None:
        self._jobs.put(None)
        self.thread.join(timeout)


class Speaker:
    """`Speaker(settings).start()`, then `say(text)` from any thread; `close()` at the end."""

    def __init__(
        self,
        settings: VoiceSettings,
        console: Console | None = None,
        synthesizer: SynthesizerFactory = Pyttsx3Synthesizer,
        output: Optional[AudioOutput] = None,
    ) -> None:
        self.settings = settings
        self._speaking = False
        self._voice_sink: Callable[[bool], None] | None = None
        self._console = console or Console()
        self._factory = synthesizer
        self._output = output if output is not None else output_for(settings)
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._engine: _EngineThread | None = None
        self._failures = 0
        self._warned: set[str] = set()
        self._pending = 0
        self._idle = threading.Condition()
        self._closed = False

    def start(self) -> "Speaker":
        """Open the output and the engine; a bad voice or WAV path raises InputError."""
        if self._output is not None:
            problem = self._output.open()
            if problem is not None:
                self._warn_once("output", f"{problem}; announcements are shown as text")
                self._output = None
        if self._output is not None:
            try:
                self._engine = self._start_engine()
            except InputError:
                self._output.close()
                raise
        self._thread = threading.Thread(target=self._run, name="voicemaster-speaker", daemon=True)
        self._thread.start()
        return self

    @property
    def speaking(self) -> bool:
        """Sound of ours is in the room now."""
        return self._speaking

    def tell_voice_to(self, sink: Callable[[bool], None]) -> None:
        """`sink(on)` from now on whenever our sound starts or stops, and now with how it is."""
        self._voice_sink = sink
        sink(self._speaking)

    def __enter__(self) -> "Speaker":
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def say(self, text: str) -> None:
        """Queue one announcement; returns at once."""
        if self._thread is None or self._closed:
            raise RuntimeError("the speaker is not running")
        text = " ".join(text.split())
        if not text:
            return
        with self._idle:
            self._pending += 1
        self._queue.put(text)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every announcement said so far has been delivered; False on timeout."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float = 30.0) -> None:
        """Deliver what is queued (for at most `timeout`), then stop the threads and the output."""
        if self._thread is None or self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._thread.join(timeout)
        if self._engine is not None:
            self._engine.close(timeout=1.0)
        if self._output is not None and not self._thread.is_alive():
            self._output.close()

    def _run(self) -> None:
        while True:
            text = self._queue.get()
            if text is None:
                break
            try:
                self._deliver(text)
            except Exception as exc:  # the last guard: a broken announcement must not end speech for the game
                self._console.warning(f"could not deliver an announcement ({exc!r})")
            finally:
                if self._queue.empty():
                    self._voice(False)
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()
        self._voice(False)

    def _voice(self, on: bool) -> None:
        """Our sound starts or stops: no gap between announcements queued back to back."""
        if on != self._speaking:
            self._speaking = on
            if self._voice_sink is not None:
                self._voice_sink(on)

    def _deliver(self, text: str) -> None:
        output = self._output
        pcm = self._synthesize(text) if output is not None else None
        if output is None or pcm is None:
            self._console.line(text)
            return
        if output.audible:
            self._voice(True)
        try:
            output.play(pcm, lambda: self._console.audio_started(text, time.monotonic()), self.settings.timeout)
            self._warned.discard("output")
        except OutputError as exc:
            self._warn_once("output", f"{exc}; announcements are shown as text")
            self._console.line(text)

    def _synthesize(self, text: str) -> Pcm | None:
        if self._engine is None and self._failures < MAX_ENGINE_FAILURES:
            self._engine = self._start_engine()
        if self._engine is None:
            return None
        try:
            pcm = self._engine.synthesize(text, self.settings.timeout)
        except TimeoutError:
            problem = f"the speech engine hung for {self.settings.timeout:g} s"
        except Exception as exc:
            problem = f"the speech engine failed ({exc})"
        else:
            self._failures = 0
            self._warned.discard("engine")
            return pcm
        self._engine.abandon()
        self._engine = None
        self._engine_failed(problem, "and was restarted; that announcement is shown as text")
        return None

    def _engine_failed(self, problem: str, then: str) -> None:
        """One more failure in a row: said once, and after MAX_ENGINE_FAILURES text from now on."""
        self._failures += 1
        if self._failures >= MAX_ENGINE_FAILURES:
            self._console.warning(f"{problem}; it keeps failing, so announcements are shown as text from now on")
        else:
            self._warn_once("engine", f"{problem} {then}")

    def _start_engine(self) -> _EngineThread | None:
        """A fresh engine thread; None when it cannot start, and then text for the rest of the
        session. One that is only slow to start (a busy machine) is one failure: the next
        announcement tries a fresh one."""
        engine = _EngineThread(self._factory, self.settings)
        wait = max(self.settings.timeout, MIN_START_WAIT)
        try:
            engine.wait_ready(wait)
        except InputError:
            raise
        except TimeoutError:
            engine.abandon()
            self._engine_failed(f"the speech engine did not start in {wait:g} s", "and a fresh one is tried next")
            return None
        except Exception as exc:
            engine.abandon()
            self._failures = MAX_ENGINE_FAILURES
            self._console.warning(f"no speech engine ({exc}); announcements are shown as text")
            return None
        return engine

    def _warn_once(self, topic: str, message: str) -> None:
        """One warning per streak of trouble: repeated failures do not flood the table."""
        if topic not in self._warned:
            self._warned.add(topic)
            self._console.warning(message)
