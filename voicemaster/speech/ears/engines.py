"""Choosing the recognizer: Whisper, else an English vosk model when present, else pocketsphinx.

Whisper alone is the default because it hears real people best: on recordings of real
people (bench/real_voices.py) it acted on more of their requests and took far less of their
talk than Whisper and pocketsphinx together (the retired `both`, which synthetic voices had
favoured), and pocketsphinx alone did worst of the three.

`choose` only looks at what is on disk (the `models` listing uses it); `open_ear` loads.
Under `auto` a Whisper model that cannot be used is a warning and the pocketsphinx path,
never a failed evening; naming the engine makes it a one-line error instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Sequence

from voicemaster.errors import InputError
from voicemaster.speech.ears.ear import GameEar
from voicemaster.speech.ears.models import engine_of, find_vosk_model, find_whisper_model
from voicemaster.speech.ears.whisper.model import installed_parts
from voicemaster.understand.listening import Listening

if TYPE_CHECKING:
    from voicemaster.speech.ears.whisper.ear import WhisperEar

Engine = Literal["vosk", "whisper", "pocketsphinx"]
ENGINES = ("auto", "whisper", "vosk", "pocketsphinx")
RETIRED = {
    "both": "'both' (Whisper and pocketsphinx together) was retired: on recordings of real people "
            "(bench/results/real_voices.md, test speakers) Whisper alone acted on more of their \"stop\"s (97% "
            "against 92%) and took none of their talk, where the two together took 12%; use auto",
}
"""Engines that were offered once, and why they are no more: said when one is asked for."""
AUTO_ORDER = "Whisper, else an English vosk model, else pocketsphinx"
"""What `auto` listens with, in the order `choose` tries them: the words of --engine's help."""


def check_engine(engine: str) -> str:
    """`engine` when it is one of ENGINES; InputError saying why otherwise."""
    if engine in RETIRED:
        raise InputError(RETIRED[engine])
    if engine not in ENGINES:
        raise InputError(f"unknown engine '{engine}' ({', '.join(ENGINES)})")
    return engine


@dataclass(frozen=True)
class Choice:
    engine: Engine
    model: Path | None = None
    """None: the engine's built-in model (pocketsphinx's, or Whisper base from its packages)."""


@dataclass(frozen=True)
class OpenedEar:
    ear: GameEar
    warnings: tuple[str, ...] = field(default=())
    """To be said and printed at start: the engine asked for was not usable."""


def choose(engine: str = "auto", model: str | Path | None = None, directories: Sequence[Path] | None = None) -> Choice:
    """Which engine and model `open_ear` would use; InputError for an impossible request."""
    check_engine(engine)
    if model is not None:
        return _explicit(engine, Path(model))
    if engine in ("auto", "whisper"):
        whisper = find_whisper_model(directories)
        if whisper is not None or installed_parts() is not None or engine != "auto":
            return Choice("whisper", whisper)
    vosk = find_vosk_model(directories=directories)
    if vosk is not None and (engine == "vosk" or "-en" in vosk.name):
        return Choice("vosk", vosk)
    if engine == "vosk":
        raise InputError("no vosk model found: put one in models/ or pass --model PATH "
                         "(voicemaster models says how to get vosk-model-small-en-us-0.15)")
    return Choice("pocketsphinx")


def _explicit(engine: str, model: Path) -> Choice:
    kind = engine_of(model) if model.is_dir() else None
    if kind is None:
        raise InputError("not a speech model directory (a vosk model, or a CTranslate2 Whisper model "
                         "with model.bin, config.json and tokenizer.json)", str(model))
    if engine not in ("auto", kind):
        raise InputError(f"this is a {kind} model, not one for --engine {engine}", str(model))
    return Choice(kind, model)


def open_ear(engine: str = "auto", model: str | Path | None = None) -> OpenedEar:
    """The chosen recognizer, loaded once."""
    choice = choose(engine, model)
    if choice.engine == "whisper":
        try:
            return OpenedEar(_whisper(choice.model))
        except InputError as exc:
            if engine != "auto" or model is not None:
                raise
            warning = f"The Whisper model cannot be used: {exc}. Listening with pocketsphinx, which hears less well."
            return OpenedEar(_pocketsphinx(), (warning,))
    if choice.engine == "vosk":
        from voicemaster.speech.ears.listen import GrammarEar
        from voicemaster.speech.ears.vosk_backend import VoskRecognizer

        assert choice.model is not None
        return OpenedEar(GrammarEar(VoskRecognizer(choice.model)))
    return OpenedEar(_pocketsphinx())


def _pocketsphinx() -> GameEar:
    from voicemaster.speech.ears.listen import GrammarEar
    from voicemaster.speech.ears.pocketsphinx_backend import PocketsphinxRecognizer

    return GrammarEar(PocketsphinxRecognizer())


def _whisper(model: Path | None) -> WhisperEar:
    """ModelError (an InputError) when the model is missing, corrupt or will not load."""
    from voicemaster.speech.ears.whisper.ear import WhisperEar
    from voicemaster.speech.ears.whisper.model import bundled_model

    return WhisperEar(model or bundled_model())
