"""Errors that reach the user as one clear line and exit status 2."""

from __future__ import annotations


class InputError(Exception):
    """Bad input from a file, the command line or a config: one line, exit 2.

    The message names the file and line where there is one: "board.txt line 4: ...".
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        where = ""
        if path is not None:
            where = f"{path} line {line}: " if line is not None else f"{path}: "
        super().__init__(where + message)


class WorkerDied(Exception):
    """A thread the app waits on (the microphone's, the demo's players) failed: the program ends
    with one line naming the thread and the error, exit 1, instead of waiting for it forever."""

    def __init__(self, thread: str, error: BaseException) -> None:
        reason = " ".join(f"{type(error).__name__}: {error}".split())
        super().__init__(f"the {thread} thread failed ({reason}); stopping")
