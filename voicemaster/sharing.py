"""Data built on first use and then shared: by the threads of one process, and by processes through disk.

`functools.lru_cache` is no lock: two threads that miss at once both build, and a build that
fills shared module state (pronouncing.init_cmu refilling `pronouncing.lookup`) breaks the
other one mid-way. A file written in place can be read half-written by a second process.
"""

from __future__ import annotations

import fcntl
import functools
import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")


def built_once(build: Callable[..., T]) -> Callable[..., T]:
    """`build(*args)` run once per distinct args, however many threads ask at the same time;
    the others wait for its value (or its exception, raised again on the next call)."""
    cached = functools.lru_cache(maxsize=None)(build)
    lock = threading.RLock()

    @functools.wraps(build)
    def get(*args: Hashable) -> T:
        with lock:
            return cached(*args)

    get.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return get


def write_whole(path: Path, data: bytes) -> None:
    """`path` holds `data` or what it held before, never a part: a temporary file in the same
    directory, renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def directory_lock(directory: Path) -> Iterator[None]:
    """One process (or thread) at a time builds into `directory`: an exclusive flock on it,
    released if the holder dies. A builder that finds the lock taken waits, then finds the
    other's work done."""
    directory.mkdir(parents=True, exist_ok=True)
    fd = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
