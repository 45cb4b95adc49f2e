"""A scripted PortAudio input stream: the one fake, at the edge that cannot exist here."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np


class ScriptedStream:
    """A PortAudio input stream at the edge: plays one scripted session, then goes silent or dies."""

    def __init__(self, callback: Callable[..., None], blocks: list[tuple[bytes, bool]], dies: bool) -> None:
        self.callback, self.blocks, self.dies = callback, blocks, dies
        self.active = False
        self.closed = False

    def start(self) -> None:
        self.active = True
        for data, overflowed in self.blocks:
            status = type("Status", (), {"input_overflow": overflowed, "__bool__": lambda s: overflowed})()
            self.callback(data, len(data) // 2, None, status)
        if self.dies:
            self.active = False

    def close(self) -> None:
        self.closed = True
        self.active = False


class ScriptedMicrophone:
    """Stream factory: each opening takes the next plan; an exception plan fails that opening."""

    def __init__(self, plans: list[Any]) -> None:
        self.plans = list(plans)
        self.opened: list[ScriptedStream] = []

    def __call__(self, callback: Callable[..., None], blocksize: int, device: Any) -> ScriptedStream:
        plan = self.plans.pop(0) if self.plans else OSError("device gone")
        if isinstance(plan, BaseException):
            raise plan
        blocks, dies = plan
        stream = ScriptedStream(callback, blocks, dies)
        self.opened.append(stream)
        return stream


def blocks_of(audio: np.ndarray, flagged: set[int] = frozenset()) -> list[tuple[bytes, bool]]:
    return [(audio[i : i + 480].tobytes(), i // 480 in flagged) for i in range(0, len(audio), 480)]
