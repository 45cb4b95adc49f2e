"""Two photos read at once on a fresh machine (an empty home: nothing cached) both come out
right: the OCR engine and the vocabulary are built once, whoever asks first."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.photos.board import RenderedBoard

SCRIPT = """
import sys, threading
from voicemaster.photo import read_board_photo
from voicemaster.photo import ocr
built = []
real_init = ocr.Ocr.__init__
def counted(self):
    built.append(self)
    real_init(self)
ocr.Ocr.__init__ = counted
datas = [open(p, "rb").read() for p in sys.argv[1:]]
out, errors = {}, []
def read(k):
    try:
        out[k] = read_board_photo(datas[k]).cards
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=read, args=(k,)) for k in range(len(datas))]
for t in threads: t.start()
for t in threads: t.join()
assert not errors, errors
assert len(built) == 1, built
for k in range(len(datas)):
    print("|".join(c or "?" for c in out[k]))
"""


def test_two_threads_read_two_photos_at_once_with_an_empty_cache(
        tmp_path: Path, clean_board: RenderedBoard, turned_board: RenderedBoard) -> None:
    files = []
    for name, rendered in (("a.jpg", clean_board), ("b.jpg", turned_board)):
        (tmp_path / name).write_bytes(rendered.data)
        files.append(str(tmp_path / name))
    home = tempfile.mkdtemp(dir=tmp_path)
    env = {**os.environ, "HOME": home, "XDG_CACHE_HOME": os.path.join(home, ".cache")}
    done = subprocess.run([sys.executable, "-c", SCRIPT, *files], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    for line, rendered in zip(done.stdout.splitlines(), (clean_board, turned_board)):
        cards = line.split("|")
        said = [(c, t) for c, t in zip(cards, rendered.truth.words) if c != "?"]
        assert all(c == t for c, t in said), said
        assert len(said) >= 25 - len(rendered.truth.hidden) - 2
