"""Speech out with the real pyttsx3 engine; fakes only where this machine has no hardware
(a room speaker) or where a fault must be forced (an engine that hangs or breaks)."""

from __future__ import annotations

import threading
import time
import wave
from pathlib import Path
from typing import Callable

import numpy as np
import pytest

from voicemaster.errors import InputError
from voicemaster.voice.outputs import AplayPlayer, OutputError
from voicemaster.voice.settings import VoiceSettings
from voicemaster.voice.synth import Pcm, Pyttsx3Synthesizer, SpeechError
from voicemaster.voice.tts import Console, Speaker

APPLE = "Apple: red agent. Two guesses left."
SHIP = "Ship: bystander. Blue's turn."


class Recorder(Console):
    """What the table would see as text, the warnings, and when audio started."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.warnings: list[str] = []
        self.audio: list[tuple[str, float]] = []

    def line(self, text: str) -> None:
        self.lines.append(text)

    def warning(self, message: str) -> None:
        self.warnings.append(message)

    def audio_started(self, text: str, at: float) -> None:
        self.audio.append((text, at))


def read_wav(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as wav:
        params = wav.getparams()
        samples = np.frombuffer(wav.readframes(params.nframes), dtype="<i2")
    return params, samples


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(samples.astype(np.float64) ** 2))) if len(samples) else 0.0


def test_none_mode_prints_each_announcement_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    with Speaker(VoiceSettings(output="none")) as speaker:
        speaker.say(APPLE)
        speaker.say(SHIP)
        assert speaker.wait_idle(5)
        assert not speaker.speaking
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"🔊 {APPLE}", f"🔊 {SHIP}"]
    assert err == ""


def test_close_delivers_what_is_still_queued() -> None:
    console = Recorder()
    speaker = Speaker(VoiceSettings(output="none"), console=console).start()
    for n in range(5):
        speaker.say(f"Announcement {n}.")
    speaker.close()
    assert console.lines == [f"Announcement {n}." for n in range(5)]


def test_wav_file_grows_with_each_announcement_and_is_valid_after_each(tmp_path: Path) -> None:
    path = tmp_path / "game.wav"
    console = Recorder()
    with Speaker(VoiceSettings(output=str(path), gap=0.5), console=console) as speaker:
        said_at = time.monotonic()
        speaker.say(APPLE)
        assert speaker.wait_idle(10)
        first, first_samples = read_wav(path)  # still open: as a crash would leave it
        assert path.stat().st_size == 44 + 2 * first.nframes
        speaker.say(SHIP)
        assert speaker.wait_idle(10)
        second, second_samples = read_wav(path)
        assert not speaker.speaking, "a WAV file is not heard in the room"
    assert (first.nchannels, first.sampwidth, first.framerate) == (1, 2, 22050)
    assert 1.0 < first.nframes / first.framerate < 4.0
    assert rms(first_samples) > 1000, "the announcement is audible speech, not silence"
    assert second.nframes > first.nframes + 0.5 * 22050 + 22050
    assert np.array_equal(second_samples[: first.nframes], first_samples), "appending never rewrites"
    gap = second_samples[first.nframes : first.nframes + int(0.5 * 22050)]
    assert np.max(np.abs(gap)) == 0, "a silence separates announcements"
    assert rms(second_samples[first.nframes + int(0.5 * 22050) :]) > 1000
    assert [text for text, _ in console.audio] == [APPLE, SHIP]
    assert console.audio[0][1] - said_at < 1.0, "first audio follows the decision at once"
    assert console.lines == [] and console.warnings == []


def _duration_and_level(tmp_path: Path, name: str, settings: VoiceSettings) -> tuple[float, float]:
    path = tmp_path / name
    with Speaker(VoiceSettings(output=str(path), rate=settings.rate, volume=settings.volume)) as speaker:
        speaker.say(SHIP)
        assert speaker.wait_idle(10)
    params, samples = read_wav(path)
    return params.nframes / params.framerate, rms(samples)


def test_rate_and_volume_change_the_speech(tmp_path: Path) -> None:
    slow, _ = _duration_and_level(tmp_path, "slow.wav", VoiceSettings(rate=110))
    fast, loud = _duration_and_level(tmp_path, "fast.wav", VoiceSettings(rate=260))
    _, quiet = _duration_and_level(tmp_path, "quiet.wav", VoiceSettings(rate=260, volume=0.3))
    assert slow > 1.8 * fast
    assert quiet < 0.5 * loud


def test_replacement_engines_in_fresh_threads_speak_whole_sentences() -> None:
    """pyttsx3 cancels an utterance started while espeak is still busy: none may come out empty."""
    durations: list[float] = []

    def engine_thread() -> None:
        synth = Pyttsx3Synthesizer(VoiceSettings(rate=200))
        durations.extend(synth.synthesize(SHIP).seconds for _ in range(2))
        synth.close()

    for _ in range(6):
        worker = threading.Thread(target=engine_thread)
        worker.start()
        worker.join()
    assert len(durations) == 12 and min(durations) > 1.8


def test_unknown_voice_is_refused_at_start(tmp_path: Path) -> None:
    speaker = Speaker(VoiceSettings(output=str(tmp_path / "x.wav"), voice="no-such-voice"))
    with pytest.raises(InputError, match="unknown voice 'no-such-voice'"):
        speaker.start()


def test_a_voice_variant_is_accepted(tmp_path: Path) -> None:
    with Speaker(VoiceSettings(output=str(tmp_path / "v.wav"), voice="en-gb+f3")) as speaker:
        speaker.say(SHIP)
        assert speaker.wait_idle(10)
    assert rms(read_wav(tmp_path / "v.wav")[1]) > 1000


def test_unwritable_wav_path_is_an_input_error(tmp_path: Path) -> None:
    speaker = Speaker(VoiceSettings(output=str(tmp_path / "missing-dir" / "out.wav")))
    with pytest.raises(InputError, match="out.wav: cannot write audio output"):
        speaker.start()


@pytest.mark.parametrize(
    ("output", "message"),
    [("loudspeaker", "speaker, none or a FILE.wav"), ("game.mp3", "speaker, none or a FILE.wav")],
)
def test_bad_output_setting(output: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        VoiceSettings(output=output)


@pytest.mark.parametrize(("field", "value"), [("rate", 20), ("volume", 1.5), ("timeout", 0.0), ("gap", -1.0)])
def test_bad_numbers_are_refused(field: str, value: float) -> None:
    with pytest.raises(InputError, match=field):
        VoiceSettings(**{field: value})  # type: ignore[arg-type]


# --- faults of the speech engine -----------------------------------------------------------


class HangingSynthesizer:
    """A pyttsx3 that never comes back from runAndWait (the known hang), until the test ends."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release
        self.abandoned = False

    def synthesize(self, text: str) -> Pcm:
        self.release.wait()
        raise SpeechError("released at the end of the test")

    def abandon(self) -> None:
        self.abandoned = True

    def close(self) -> None:
        """Nothing to free."""


class BrokenSynthesizer(HangingSynthesizer):
    def synthesize(self, text: str) -> Pcm:
        raise SpeechError("espeak-ng crashed")


def engine_factory(first: Callable[[], object]) -> tuple[Callable[[VoiceSettings], object], list[object]]:
    """The first engine is the faulty one; replacements are the real pyttsx3."""
    made: list[object] = []

    def factory(settings: VoiceSettings) -> object:
        made.append(first() if not made else Pyttsx3Synthesizer(settings))
        return made[-1]

    return factory, made


@pytest.mark.parametrize("fault", ["hang", "crash"])
def test_faulty_engine_falls_back_to_text_and_is_replaced(tmp_path: Path, fault: str) -> None:
    release = threading.Event()
    faulty = HangingSynthesizer if fault == "hang" else BrokenSynthesizer
    factory, made = engine_factory(lambda: faulty(release))
    path = tmp_path / "out.wav"
    console = Recorder()
    speaker = Speaker(VoiceSettings(output=str(path), timeout=0.5), console=console, synthesizer=factory)  # type: ignore[arg-type]
    try:
        speaker.start()
        started = time.monotonic()
        speaker.say(APPLE)
        speaker.say(SHIP)
        speaker.say("Blue: whale, one. One guess.")
        assert speaker.wait_idle(10)
        assert time.monotonic() - started < 3.0, "one timeout, not one per announcement"
        assert console.lines == [APPLE], f"the failed announcement is shown as text, the game goes on {console.warnings}"
        assert len(console.warnings) == 1
        assert ("hung for 0.5 s" if fault == "hang" else "espeak-ng crashed") in console.warnings[0]
        assert [text for text, _ in console.audio] == [SHIP, "Blue: whale, one. One guess."]
        assert len(made) == 2 and made[0].abandoned  # type: ignore[attr-defined]
        params, samples = read_wav(path)
        assert params.nframes / params.framerate > 2.5 and rms(samples) > 1000
    finally:
        speaker.close()
        release.set()


def test_engine_that_keeps_failing_leaves_text_only_with_few_warnings(tmp_path: Path) -> None:
    release = threading.Event()
    console = Recorder()
    speaker = Speaker(
        VoiceSettings(output=str(tmp_path / "out.wav"), timeout=0.2),
        console=console,
        synthesizer=lambda _settings: BrokenSynthesizer(release),
    )
    with speaker:
        for n in range(6):
            speaker.say(f"Line {n}.")
        assert speaker.wait_idle(10)
    assert console.lines == [f"Line {n}." for n in range(6)]
    assert len(console.warnings) == 2
    assert "from now on" in console.warnings[1]


def test_engine_that_cannot_start_means_text_with_one_warning(tmp_path: Path) -> None:
    def no_engine(_settings: VoiceSettings) -> Pyttsx3Synthesizer:
        raise OSError("libespeak-ng.so.1: cannot open shared object file")

    console = Recorder()
    with Speaker(VoiceSettings(output=str(tmp_path / "o.wav")), console=console, synthesizer=no_engine) as speaker:
        speaker.say(APPLE)
        speaker.say(SHIP)
        assert speaker.wait_idle(5)
    assert console.lines == [APPLE, SHIP]
    assert len(console.warnings) == 1 and "libespeak-ng" in console.warnings[0]


# --- the speaker ---------------------------------------------------------------------------


def test_no_audio_device_means_text_with_one_warning() -> None:
    if AplayPlayer().open() is None:
        pytest.skip("this machine has a working audio output")
    console = Recorder()
    with Speaker(VoiceSettings(output="speaker"), console=console) as speaker:
        for text in (APPLE, SHIP, "Thirty seconds."):
            speaker.say(text)
        assert speaker.wait_idle(5)
        assert not speaker.speaking
    assert console.lines == [APPLE, SHIP, "Thirty seconds."]
    assert len(console.warnings) == 1
    assert "no usable audio output device" in console.warnings[0]


class RoomSpeaker:
    """A loudspeaker in the room (none exists here): plays for a fixed time and notes
    whether the microphone was told to ignore it meanwhile (`told`: what the listener heard
    of the app's voice, at what time)."""

    audible = True

    def __init__(self, seconds: float, fail_from: int | None = None) -> None:
        self.seconds = seconds
        self.fail_from = fail_from
        self.played: list[float] = []
        self.speaking_while_playing: list[bool] = []
        self.told: list[tuple[float, bool]] = []

    def listen(self, on: bool) -> None:
        self.told.append((time.monotonic(), on))

    def open(self) -> str | None:
        return None

    def play(self, pcm: Pcm, started: Callable[[], None], timeout: float) -> None:
        if self.fail_from is not None and len(self.played) >= self.fail_from:
            raise OutputError("the audio device disappeared")
        started()
        self.speaking_while_playing.append(bool(self.told) and self.told[-1][1])
        time.sleep(self.seconds)
        self.played.append(pcm.seconds)

    def close(self) -> None:
        """Nothing held."""


def test_the_listener_is_told_when_our_voice_starts_and_stops() -> None:
    """Two announcements back to back are one stretch of our voice, told once on and once
    off (the echo's tail after it is the endpointer's to keep)."""
    room = RoomSpeaker(seconds=0.3)
    speaker = Speaker(VoiceSettings(), output=room, console=Recorder())
    speaker.tell_voice_to(room.listen)
    with speaker:
        speaker.say(APPLE)
        speaker.say(SHIP)
        assert speaker.wait_idle(10)
        done = time.monotonic()
        assert not speaker.speaking
    assert room.speaking_while_playing == [True, True]
    assert [on for _, on in room.told] == [False, True, False], "told how it is, then on, then off once"
    assert abs(room.told[-1][0] - done) < 0.2, "off as soon as the last sound is out"


def test_speaker_failing_mid_game_falls_back_to_text_and_warns_once() -> None:
    room = RoomSpeaker(seconds=0.0, fail_from=1)
    console = Recorder()
    with Speaker(VoiceSettings(), output=room, console=console) as speaker:
        speaker.tell_voice_to(room.listen)
        for text in (APPLE, SHIP, "Ten seconds."):
            speaker.say(text)
        assert speaker.wait_idle(10)
    assert len(room.played) == 1
    assert console.lines == [SHIP, "Ten seconds."]
    assert console.warnings == ["the audio device disappeared; announcements are shown as text"]


def test_no_threads_are_left_behind(tmp_path: Path) -> None:
    def ours() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name.startswith("voicemaster") and t.is_alive()]

    before = ours()
    for n in range(3):
        with Speaker(VoiceSettings(output=str(tmp_path / f"{n}.wav"))) as speaker:
            speaker.say(APPLE)
    assert ours() == before


class ExplodingConsole(Recorder):
    def line(self, text: str) -> None:
        if text == APPLE:
            raise BrokenPipeError("display went away")
        super().line(text)


def test_an_unexpected_error_does_not_stop_later_announcements() -> None:
    console = ExplodingConsole()
    with Speaker(VoiceSettings(output="none"), console=console) as speaker:
        speaker.say(APPLE)
        speaker.say(SHIP)
        assert speaker.wait_idle(5)
    assert console.lines == [SHIP]
    assert console.warnings == ["could not deliver an announcement (BrokenPipeError('display went away'))"]


def test_an_engine_slow_to_start_is_replaced_not_given_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a busy machine espeak once took longer than the wait to start (the session then
    showed every announcement as text): the first announcement starts a fresh engine."""
    monkeypatch.setattr("voicemaster.voice.tts.MIN_START_WAIT", 0.5)
    starts: list[float] = []

    def slow_first(settings: VoiceSettings) -> Pyttsx3Synthesizer:
        starts.append(time.monotonic())
        if len(starts) == 1:
            time.sleep(1.5)
        return Pyttsx3Synthesizer(settings)

    path = tmp_path / "out.wav"
    console = Recorder()
    with Speaker(VoiceSettings(output=str(path), timeout=0.2), console=console, synthesizer=slow_first) as speaker:
        speaker.say(APPLE)
        speaker.say(SHIP)
        assert speaker.wait_idle(20)
    assert console.lines == [] and len(console.warnings) == 1 and "did not start" in console.warnings[0]
    assert [text for text, _ in console.audio] == [APPLE, SHIP] and len(starts) == 2
    params, samples = read_wav(path)
    assert params.nframes / params.framerate > 1.0 and rms(samples) > 1000
