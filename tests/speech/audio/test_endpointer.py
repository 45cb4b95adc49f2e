"""The endpointer cuts real espeak-ng speech into utterances, in silence and in noise."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from voicemaster.speech.audio.sources import ArraySource, Microphone
from voicemaster.speech.audio.endpointer import Endpointer, Utterance
from voicemaster.speech.audio.front_end import FrontEnd, Speaking, open_front_end
from voicemaster.speech.audio.tuning import EndpointerSettings
from voicemaster.speech.voices.synthetic import babble, mix_at_snr, pink_noise, speak
from voicemaster.speech.voices.speakers import say

from tests.speech.fake_microphone import ScriptedMicrophone, blocks_of

PHRASES = ("we touch apple", "stop guessing", "clue ocean two", "undo", "guess ice cream", "how many left")
VOICES = ("en-us", "en-gb+f3", "en-us+m3", "en-029", "en-gb-scotland+f2", "en-us-nyc")


def silence(seconds: float) -> np.ndarray:
    return np.zeros(int(16000 * seconds), np.int16)


def voiced_span(clip: np.ndarray, offset: int) -> tuple[float, float]:
    rms = np.sqrt(np.mean(clip[: len(clip) // 160 * 160].astype(float).reshape(-1, 160) ** 2, axis=1))
    active = np.nonzero(rms > 300)[0]
    return (offset + active[0] * 160) / 16000, (offset + (active[-1] + 1) * 160) / 16000


@pytest.fixture(scope="module")
def session() -> tuple[np.ndarray, list[tuple[float, float]]]:
    """Six utterances by six voices with 1.2-2 s of silence between them."""
    parts, truth, pos = [silence(1.0)], [], 16000
    for i, (text, voice) in enumerate(zip(PHRASES, VOICES)):
        clip = speak(text, voice)
        truth.append(voiced_span(clip, pos))
        gap = silence(1.2 + 0.15 * i)
        parts += [clip, gap]
        pos += len(clip) + len(gap)
    return np.concatenate(parts), truth


def cut(audio: np.ndarray, endpointer: Endpointer | None = None) -> list[Utterance]:
    return list((endpointer or Endpointer()).utterances(ArraySource(audio).frames()))


def matches(utterances: list[Utterance], truth: list[tuple[float, float]]) -> int:
    """Spoken phrases found whole, each in exactly one utterance that holds no other phrase."""
    found = 0
    for start, end in truth:
        holders = [u for u in utterances if u.start_s - 0.3 <= start and u.end_s + 0.3 >= end]
        if len(holders) == 1 and sum(holders[0].start_s < e and holders[0].end_s > s for s, e in truth) == 1:
            found += 1
    return found


def test_each_phrase_in_silence_is_one_utterance_with_its_onset(session) -> None:
    audio, truth = session
    utterances = cut(audio)
    assert len(utterances) == len(truth) == matches(utterances, truth)
    first = utterances[0]
    clip = speak(PHRASES[0], VOICES[0]).astype(float)
    assert np.abs(first.audio[:800]).max() < 300, "the pre-roll reaches back into the silence before the onset"
    assert np.sum(first.audio.astype(float) ** 2) >= 0.99 * np.sum(clip**2)
    assert all(0.2 <= len(u.audio) / 16000 - (u.end_s - u.start_s) <= 0.6 for u in utterances)


@pytest.mark.parametrize("noise,snr", [("babble", 20), ("babble", 10), ("pink", 10)])
def test_phrases_are_found_in_noise_and_noise_alone_is_not_speech(session, noise, snr) -> None:
    audio, truth = session
    make = babble if noise == "babble" else pink_noise
    noisy = mix_at_snr(audio, make(len(audio), seed=5), snr)
    utterances = cut(noisy)
    assert matches(utterances, truth) >= len(truth) - 1
    assert len(utterances) <= len(truth) + 1


def test_steady_noise_without_speech_yields_nothing() -> None:
    assert cut(pink_noise(16000 * 20, seed=9)) == []


def burst(seconds: float) -> np.ndarray:
    """Loud noise for `seconds`, a second of silence either side."""
    noise = (np.random.default_rng(0).standard_normal(int(seconds * 16000)) * 8000).astype(np.int16)
    return np.concatenate([silence(1), noise, silence(1)])


def test_a_click_is_too_short_a_quick_word_is_not_and_a_monologue_is_cut_at_the_maximum() -> None:
    """A click or a knock is dropped; a quick real "no" or "stop" is no longer than 120-180 ms
    above the floor in a room (real voices), and is kept."""
    assert cut(burst(0.04)) == []
    assert len(cut(burst(0.12))) == 1
    monologue = np.concatenate([speak(p) for p in PHRASES * 3])
    pieces = cut(monologue, Endpointer(EndpointerSettings(max_utterance_ms=4000)))
    assert pieces[0].truncated and pieces[0].end_s - pieces[0].start_s <= 4.0
    assert sum(len(p.audio) for p in pieces) >= 0.8 * len(monologue)


def told(front_end: FrontEnd, control: Speaking) -> None:
    """`control` sent from another thread, as the speaker's thread sends it."""
    sender = threading.Thread(target=front_end.tell, args=(control,))
    sender.start()
    sender.join()


def test_nothing_is_heard_while_the_app_speaks_nor_in_the_tail_after(session) -> None:
    """The app's voice is told to the front end as events from another thread (the speaker's)."""
    audio, truth = session
    front_end = open_front_end("none", EndpointerSettings(half_duplex_tail_ms=300))
    first_end = int((truth[0][1] + 0.1) * 16000)
    heard = []
    for i, frame in enumerate(ArraySource(audio).frames()):
        at = i * 320
        if at == 16000 - 3200:
            told(front_end, Speaking(True))
        if first_end <= at < first_end + 320:
            told(front_end, Speaking(False))
        u = front_end.push(frame)
        if u is not None:
            heard.append(u)
    assert matches(heard, truth[1:]) == len(truth) - 1
    assert all(u.start_s > truth[0][1] for u in heard)
    assert front_end.endpointer.dropped_while_speaking == (first_end - (16000 - 3200)) // 320 + 15


def test_microphone_frames_and_wav_frames_are_cut_identically(session) -> None:
    audio, _ = session
    mic = Microphone(
        stream_factory=ScriptedMicrophone([(blocks_of(audio), True)]), retries=0, stall_timeout=0.05, queue_frames=1000
    )
    from_mic: list[Utterance] = []
    endpointer = Endpointer()
    try:
        for frame in mic.frames():
            u = endpointer.push(frame)
            if u is not None:
                from_mic.append(u)
    except Exception as exc:
        assert "could not be reopened" in str(exc)
    from_wav = cut(audio)
    assert [(u.start_s, u.end_s) for u in from_mic] == [(u.start_s, u.end_s) for u in from_wav]
    assert all(np.array_equal(a.audio, b.audio) for a, b in zip(from_mic, from_wav))


def test_words_right_after_the_noise_drops_are_still_heard() -> None:
    """A fan stopping (or a suppressor engaging) must not leave the floor stuck up high."""
    loud = (pink_noise(16000 * 3, seed=2).astype(float) * 1.5).astype(np.int16)
    quiet = (pink_noise(16000 * 2, seed=3).astype(float) * 0.05).astype(np.int16)
    words = speak("we pass")
    words = (words.astype(float) * 0.15).astype(np.int16)
    after_drop = mix_at_snr(np.concatenate([np.zeros(5600, np.int16), words, np.zeros(8000, np.int16)]), quiet, 25)
    utterances = cut(np.concatenate([loud, after_drop]))
    assert len(utterances) == 1
    assert 3.2 < utterances[0].start_s < 3.7


def test_zeros_spliced_into_a_recording_do_not_make_room_noise_sound_like_speech() -> None:
    """espeak-ng clips end in 0.35 s of exact zeros; a recording made of them and quiet
    room noise must still be cut phrase by phrase."""
    room = (pink_noise(19200, seed=7) // 40).astype(np.int16)
    audio = np.concatenate([room, speak("clue ocean two"), room, speak("guess apple"), room])
    utterances = cut(audio)
    assert len(utterances) == 2
    assert utterances[0].end_s < 2.6 < utterances[1].start_s


def ended_after_ms(endpointer: Endpointer, audio: np.ndarray, speech_end_s: float) -> float:
    """How long after the talker stopped the endpointer handed the utterance over."""
    for index, frame in enumerate(ArraySource(audio).frames()):
        if endpointer.push(frame) is not None:
            return (index + 1) * len(frame) / 16 - speech_end_s * 1000
    raise AssertionError("no utterance")


def test_while_short_requests_are_expected_an_utterance_ends_sooner() -> None:
    clip = speak("we touch apple")
    audio = np.concatenate([silence(1.0), clip, silence(1.5)])
    _, end = voiced_span(clip, 16000)
    calm = ended_after_ms(Endpointer(), audio, end)
    brisk = ended_after_ms(Endpointer(brisk=True), audio, end)
    settings = EndpointerSettings()
    assert brisk < calm - 150
    assert abs(brisk - settings.brisk_trailing_silence_ms) < 120 and abs(calm - settings.trailing_silence_ms) < 120


def test_a_pause_inside_a_clue_does_not_cut_it_while_a_clue_is_awaited() -> None:
    first, second = say("my clue is ocean", "espeak:en-us"), say("two", "espeak:en-us")
    audio = np.concatenate([silence(1.0), first, silence(0.8), second, silence(1.5)])
    assert len(cut(audio, Endpointer(brisk=False))) == 1
    assert len(cut(audio, Endpointer(brisk=True))) == 2


def test_speech_on_the_very_first_frame_keeps_its_pre_roll() -> None:
    """A WAV that starts on the speech: the stream starts as if after silence, so the word is
    told from the floor (not taken for it) and comes with the pre-roll Whisper needs to hear
    its start (espeak's "yes" with nothing before it was heard as "the")."""
    clip = voiced(speak("yes"))
    utterances = cut(np.concatenate([clip, silence(1.0)]))
    assert len(utterances) == 1
    audio = utterances[0].audio
    at = next(o for o in range(len(audio) - len(clip)) if np.array_equal(audio[o : o + len(clip)], clip))
    assert at >= 200 * 16 and not audio[:at].any(), "the whole word, after at least 200 ms of silence"


def paused_and_cut(audio: np.ndarray) -> tuple[list[Utterance], list[Utterance]]:
    """The pause cuts offered while the endpointer waits for the end, and the utterances it cuts."""
    endpointer, paused, cut_ = Endpointer(), [], []
    for frame in ArraySource(audio).frames():
        utterance = endpointer.push(frame)
        if utterance is not None:
            cut_.append(utterance)
        elif (pause := endpointer.pause_cut()) is not None:
            paused.append(pause)
    return paused, cut_


def test_the_cut_offered_at_a_pause_is_exactly_the_utterance_the_silence_then_closes() -> None:
    for text, voice in zip(PHRASES, VOICES):
        paused, utterances = paused_and_cut(np.concatenate([silence(0.8), speak(text, voice), silence(1.5)]))
        assert len(utterances) == 1, text
        assert paused and np.array_equal(paused[-1].audio, utterances[0].audio), text
        assert (paused[-1].start_s, paused[-1].end_s) == (utterances[0].start_s, utterances[0].end_s), text


def voiced(clip: np.ndarray) -> np.ndarray:
    """The clip without the synthesizer's own leading and trailing silence."""
    start, end = voiced_span(clip, 0)
    return clip[int(start * 16000) : int(end * 16000)]


def test_speech_resuming_after_a_short_pause_is_one_utterance_the_pause_cut_only_its_start() -> None:
    first, rest = voiced(speak("my clue is", "en-us")), voiced(speak("ocean two", "en-us"))
    audio = np.concatenate([silence(0.8), first, silence(0.4), rest, silence(1.5)])
    paused, utterances = paused_and_cut(audio)
    assert len(utterances) == 1
    assert len(paused) >= 2
    early = [p for p in paused if len(p.audio) < len(utterances[0].audio)]
    assert early and all(np.array_equal(p.audio, utterances[0].audio[: len(p.audio)]) for p in early)
    assert np.array_equal(paused[-1].audio, utterances[0].audio)
