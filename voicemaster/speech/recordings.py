"""How speech reaches an ear: through the one front end, utterance by utterance, as `play` hears it.

`play` (a microphone or a WAV), `recognize`, the demo and the speech benchmarks all build the
front end for an ear here, so what `recognize` prints for a file and what the benchmarks
measure is what the table gets: the same noise stage, the same endpointer cutting the same
utterances, the same ear deciding on each.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar

from voicemaster.speech.audio.front_end import FrontEnd, open_front_end
from voicemaster.speech.audio.sources import AudioSource
from voicemaster.speech.ears.ear import Ear
from voicemaster.understand.heard import Heard

Now = TypeVar("Now")
Said = TypeVar("Said")


def front_end_for(ear: Ear[Any, Any], denoise: str | None = None, brisk: bool = False) -> FrontEnd:
    """The front end with the noise stage asked for (`--denoise`), else the one `ear` hears best
    with; InputError for one that is unknown or not installed."""
    return open_front_end(denoise or ear.denoise, brisk=brisk)


def hear_recording(ear: Ear[Now, Said], source: AudioSource, now: Now, denoise: str | None = None) -> Iterator[Heard[Said]]:
    """Each utterance the endpointer cuts from `source` (faster than real time, as a replay is),
    heard against `now`."""
    for utterance in front_end_for(ear, denoise).utterances(source):
        yield ear.hear(utterance.audio, now)
