"""The one voice-activity state machine: frames in, whole utterances out.

It counts frames, never wall-clock time, so a WAV replayed faster than real
time is cut exactly as the same audio from a microphone. Frames heard while
the app itself speaks (and for a short tail after) are dropped: half-duplex.
The stream's first second is held until it has told the room's floor (a look ahead, once): a
stream that opens on speech (a WAV that starts on the speech) has its words told from the
room, not taken for it, and one that opens on steady noise does not take the noise for
speech. The stream starts as if after a pre-roll of the room's own quiet, so a word on its
first frame keeps the lead before it that Whisper needs to hear its start.

Voice is frame energy above an adaptive noise floor. Requiring webrtcvad's
verdict as well (webrtcvad-wheels) was measured on the same sessions and cut
them identically, so the extra dependency is not used. Figures:
bench/results/noise_suppression.md. Its tuned numbers: tuning.EndpointerSettings.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass
from typing import Iterable, Iterator

import numpy as np

from voicemaster.speech.audio.sources import FRAME_MS, FRAME_SAMPLES
from voicemaster.speech.audio.format import SAMPLE_RATE
from voicemaster.speech.audio.tuning import EndpointerSettings


@dataclass(frozen=True)
class Utterance:
    audio: np.ndarray
    """16 kHz mono int16, pre-roll and a little trailing silence included."""
    start_s: float
    """Where the voice began, in seconds of audio since the stream started."""
    end_s: float
    truncated: bool = False
    """Cut at max_utterance_ms rather than ended by silence."""


def frame_energy_db(frame: np.ndarray) -> float:
    power = float(np.mean(frame.astype(np.float64) ** 2)) / (32768.0**2)
    return 10.0 * np.log10(power + 1e-12)


def _frames(ms: int) -> int:
    return max(1, ms // FRAME_MS)


class Endpointer:
    """Feed frames with push(); it returns an Utterance when one ends. Used from one thread
    (the audio's): what the game says of it comes through the front end (front_end.Control)."""

    def __init__(self, settings: EndpointerSettings = EndpointerSettings(), brisk: bool = False) -> None:
        self.settings = settings
        self.brisk = brisk
        """Only short requests are expected now (a team guesses or a question is open): utterances
        end sooner."""
        self.app_speaking = False
        """The app's own voice is in the room now: its frames are dropped."""
        s = settings
        self._energies: collections.deque[float] = collections.deque(maxlen=_frames(s.floor_window_ms))
        self._pre_roll: collections.deque[np.ndarray] = collections.deque(maxlen=_frames(s.pre_roll_ms))
        self._held: list[tuple[np.ndarray, bool]] | None = []
        """The stream's first frames (with whether each was muted), until `floor_recent_ms` of
        them have told the floor; None once they have."""
        self._ready: collections.deque[Utterance] = collections.deque()
        self._recent: collections.deque[bool] = collections.deque(maxlen=_frames(s.start_window_ms))
        self._utterance: list[np.ndarray] = []
        self._start_frame = 0
        self._silent_run = 0
        self._frame_index = 0
        self._muted_until = -1
        self.dropped_while_speaking = 0

    def noise_floor_db(self) -> float:
        if not self._energies:
            return self.settings.silence_db
        energies = np.fromiter(self._energies, float)
        floor = float(np.percentile(energies, self.settings.floor_percentile))
        recent = energies[-_frames(self.settings.floor_recent_ms) :]
        recent = recent[recent > self.settings.digital_silence_db]
        if len(recent) == 0:
            return floor
        recent_floor = float(np.percentile(recent, self.settings.floor_percentile))
        return recent_floor if recent_floor < floor - self.settings.floor_drop_db else floor

    def push(self, frame: np.ndarray) -> Utterance | None:
        index = self._frame_index
        self._frame_index += 1
        muted = self._muted(index)
        if self._held is None:
            utterance = self._hear(frame, index, muted)
            if utterance is not None:
                self._ready.append(utterance)
        else:
            self._held.append((frame, muted))
            if len(self._held) >= _frames(self.settings.floor_recent_ms):
                self._release()
        return self._ready.popleft() if self._ready else None

    def _lead_in(self, held: list[np.ndarray], energies: list[float]) -> None:
        """The pre-roll before the stream's first frame: the quietest stretch of the room its
        first second holds, as it was heard, so a word on the first frame keeps the lead
        Whisper needs to hear its start (espeak's "yes" alone in its file was heard as "the";
        "ds" with no lead), and talk under way as the stream starts gets no sudden edge
        (digital silence there cost real "yes"es under talk: 63 of 84 heard, 68 without). A
        stream whose quiet is digital silence (a synthetic voice's file) gets digital silence: its
        quietest stretch may hold a word around a few silent frames (espeak's "we touch ice
        cream" was heard "touch we touch ice cream")."""
        lead = min(self._pre_roll.maxlen or 0, len(held))
        if not lead:
            return
        if min(energies) <= self.settings.digital_silence_db:
            self._pre_roll.extend(np.zeros_like(held[0]) for _ in range(lead))
            return
        start = min(range(len(held) - lead + 1), key=lambda i: sum(energies[i : i + lead]))
        self._pre_roll.extend(held[start : start + lead])

    def _muted(self, index: int) -> bool:
        """The frame is the app's own voice, or the room's echo of it."""
        if self.app_speaking:
            self._muted_until = index + _frames(self.settings.half_duplex_tail_ms)
        return index <= self._muted_until

    def _hear(self, frame: np.ndarray, index: int, muted: bool, first_floor: float | None = None) -> Utterance | None:
        """`first_floor`: the floor the stream's first frames are judged by (already counted)."""
        if muted:
            self.dropped_while_speaking += 1
            self._reset()
            return None
        energy = frame_energy_db(frame)
        floor = self.noise_floor_db() if first_floor is None else first_floor
        voiced = energy > max(floor, self.settings.silence_db) + self.settings.threshold_db
        if first_floor is None:
            self._energies.append(energy)
        return self._step(frame, voiced, index)

    def _release(self) -> None:
        """The held frames, heard against the quietest of what they tell of the room (a recording
        may open with only a fifth of a second before its words, or none)."""
        assert self._held is not None
        held, self._held = self._held, None
        heard = [frame_energy_db(frame) for frame, muted in held if not muted]
        self._energies.extend(heard)
        floor = float(np.percentile(heard, self.settings.first_floor_percentile)) if heard else self.settings.silence_db
        self._lead_in([frame for frame, muted in held if not muted], heard)
        first = self._frame_index - len(held)
        for offset, (frame, muted) in enumerate(held):
            utterance = self._hear(frame, first + offset, muted, first_floor=floor)
            if utterance is not None:
                self._ready.append(utterance)

    def _step(self, frame: np.ndarray, voiced: bool, index: int) -> Utterance | None:
        s = self.settings
        if not self._utterance:
            self._pre_roll.append(frame)
            self._recent.append(voiced)
            if sum(self._recent) >= _frames(s.start_voiced_ms):
                self._utterance = list(self._pre_roll)
                self._start_frame = index - len(self._recent) + 1
                self._silent_run = 0
            return None
        self._utterance.append(frame)
        self._silent_run = 0 if voiced else self._silent_run + 1
        trailing = s.brisk_trailing_silence_ms if self.brisk else s.trailing_silence_ms
        if self._silent_run >= _frames(trailing):
            return self._finish(index, truncated=False)
        if index - self._start_frame + 1 >= _frames(s.max_utterance_ms):
            return self._finish(index, truncated=True)
        return None

    def pause_cut(self) -> Utterance | None:
        """The utterance as it will end should the silence now begun last: given at the one frame
        where the kept trailing silence is complete, so its audio is exactly the final cut's (the
        frames after it are dropped), and a recognizer may start on it while the rest of the
        trailing silence is still being waited for. None at every other frame."""
        if not self._utterance or self._silent_run != _frames(self.settings.kept_silence_ms):
            return None
        return self._cut(self._frame_index - 1, truncated=False)

    def _finish(self, index: int, truncated: bool, stream_ended: bool = False) -> Utterance | None:
        utterance = self._cut(index, truncated, stream_ended)
        self._reset()
        return utterance

    def _cut(self, index: int, truncated: bool, stream_ended: bool = False) -> Utterance | None:
        """`stream_ended`: the stream stopped before the silence was long enough to close the
        utterance, so what seemed quiet at its end is kept (a recording that ends on the soft
        end of its last word: espeak's "ambulance" under pink noise lost "-lance")."""
        s = self.settings
        drop = 0 if stream_ended else max(0, self._silent_run - _frames(s.kept_silence_ms))
        frames = self._utterance[: len(self._utterance) - drop] if drop else self._utterance
        end_frame = index - self._silent_run + 1
        voiced_frames = end_frame - self._start_frame
        if voiced_frames < _frames(s.min_utterance_ms):
            return None
        return Utterance(
            audio=np.concatenate(frames),
            start_s=self._start_frame * FRAME_SAMPLES / SAMPLE_RATE,
            end_s=end_frame * FRAME_SAMPLES / SAMPLE_RATE,
            truncated=truncated,
        )

    def _reset(self) -> None:
        self._utterance = []
        self._silent_run = 0
        self._pre_roll.clear()
        self._recent.clear()

    def flush(self) -> list[Utterance]:
        """End of stream: what is still held, and an utterance still open, closed."""
        if self._held is not None:
            self._release()
        if self._utterance:
            last = self._finish(self._frame_index - 1, truncated=False, stream_ended=True)
            if last is not None:
                self._ready.append(last)
        ready, self._ready = list(self._ready), collections.deque()
        return ready

    def utterances(self, frames: Iterable[np.ndarray]) -> Iterator[Utterance]:
        for frame in frames:
            utterance = self.push(frame)
            if utterance is not None:
                yield utterance
        yield from self.flush()
