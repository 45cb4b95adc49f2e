"""The neural test voice says a line the same way every time, whatever was said before it:
the tests and the demo hear the same audio on every machine and in every order."""

from __future__ import annotations

import numpy as np
import pytest

from voicemaster.speech.voices.speakers import BY_NAME, _synthesize, available


@pytest.mark.skipif(not available("piper:joe"), reason="piper is not installed")
def test_piper_says_a_line_alike_after_other_lines() -> None:
    joe = BY_NAME["piper:joe"]
    first = _synthesize("we guess the dolphin", joe, 1.0, 0.0)
    _synthesize("clue ocean, two", joe, 1.0, 0.0)
    again = _synthesize("we guess the dolphin", joe, 1.0, 0.0)
    assert np.array_equal(first, again)
