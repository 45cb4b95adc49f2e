"""A table laid out through the real loop and setup stage, heard by what the test gives, said
to a speaker that keeps what it is asked to say (this machine has no sound card)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence

from voicemaster.app import App, Display
from voicemaster.display.key_entry import KeyEntry
from voicemaster.inbox import Inbox
from voicemaster.setup.session import SetupSession
from voicemaster.setup.table_setup import SetupProgress, SetupStage
from voicemaster.speech.ears.ear import SetupEar
from voicemaster.understand.listening import GridListening


class KeptSpeaker:
    """Says nothing aloud: hands each announcement to `say`."""

    def __init__(self, say: Callable[[str], None] = lambda text: None) -> None:
        self._say = say
        self.speaking = threading.Event()

    def say(self, text: str) -> None:
        self._say(text)

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True


def lay_out_in_loop(
    session: SetupSession,
    inbox: Inbox,
    progress: SetupProgress,
    say: Callable[[str], None] = lambda text: None,
    displays: Iterable[Display] = (),
    ear: SetupEar | None = None,
    photo: Sequence[str | None] | None = None,
    key_entry: KeyEntry | None = None,
) -> bool:
    """Until the table is set (True) or the inbox's input ends first (False)."""
    app = App(KeptSpeaker(say), displays, inbox)
    return app.run(SetupStage(session, progress, ear, photo=photo, key_entry=key_entry))
