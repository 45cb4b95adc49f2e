"""Model discovery and fetch, against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import hashlib
import http.server
import io
import re
import stat
import subprocess
import sys
import threading
import zipfile
from functools import partial
from pathlib import Path
from typing import Iterator

import pytest

from voicemaster.cli import main
from voicemaster.speech.ears.model_fetch import ModelFetchError, fetch_model
from voicemaster.speech.ears.models import find_models, find_vosk_model
from voicemaster.speech.ears.whisper.model import installed_parts

NAME = "vosk-model-tiny-en-test-0.1"


def model_zip(extra: list[tuple[str, bytes, int]] = (), top: str = NAME) -> bytes:
    """A zip shaped like a vosk model; `extra` adds (name, data, unix mode) entries."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr(f"{top}/am/final.mdl", b"acoustic model")
        zf.writestr(f"{top}/conf/model.conf", b"--min-active=200\n")
        zf.writestr(f"{top}/graph/words.txt", b"apple 1\n")
        for name, data, mode in extra:
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            zf.writestr(info, data)
    return buffer.getvalue()


class Server:
    """Serves `body` at /model.zip; `claimed_length` lets it lie about Content-Length."""

    def __init__(self) -> None:
        self.body = b""
        self.claimed_length: int | None = None
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                if self.path != "/model.zip":
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(server.claimed_length or len(server.body)))
                self.end_headers()
                self.wfile.write(server.body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/model.zip"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def serve(self, body: bytes, claimed_length: int | None = None) -> str:
        self.body, self.claimed_length = body, claimed_length
        return hashlib.sha256(body).hexdigest()


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.httpd.shutdown()
    s.httpd.server_close()


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


def test_fetch_installs_a_verified_model_that_is_then_listed(server, tmp_path, capsys) -> None:
    digest = server.serve(model_zip())
    models = tmp_path / "models"
    code = main(["models", "--fetch", NAME, "--url", server.url, "--sha256", digest, "--models-dir", str(models)])
    assert code == 0 and "SHA-256 verified" in capsys.readouterr().out
    assert leftovers(models) == [NAME]
    assert (models / NAME / "am" / "final.mdl").read_bytes() == b"acoustic model"
    assert [m.name for m in find_models([models])] == [NAME]
    assert find_vosk_model(directories=[models]) == models / NAME
    main(["models", "--models-dir", str(models)])
    listed = capsys.readouterr().out
    assert f"vosk          {NAME}" in listed and "--engine auto uses whisper" in listed, listed


def test_a_model_zipped_without_a_top_folder_installs_too(server, tmp_path) -> None:
    digest = server.serve(model_zip(top="."))
    path = fetch_model(NAME, url=server.url, sha256=digest, directory=tmp_path)
    assert (path / "conf" / "model.conf").is_file()


def test_checksum_mismatch_is_refused_and_leaves_nothing(server, tmp_path, capsys) -> None:
    server.serve(model_zip())
    code = main(["models", "--fetch", NAME, "--url", server.url, "--sha256", "0" * 64, "--models-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "checksum mismatch" in err and len(err.strip().splitlines()) == 1
    assert leftovers(tmp_path) == []


def test_truncated_download_is_refused_and_leaves_nothing(server, tmp_path) -> None:
    body = model_zip()
    digest = server.serve(body[: len(body) // 2], claimed_length=len(body))
    with pytest.raises(ModelFetchError, match="truncated"):
        fetch_model(NAME, url=server.url, sha256=digest, directory=tmp_path)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "entry",
    [("../escaped.txt", b"x", 0o100644), ("/tmp/absolute-escape.txt", b"x", 0o100644),
     (f"{NAME}/../../escaped.txt", b"x", 0o100644), (f"{NAME}/link", b"/etc/passwd", stat.S_IFLNK | 0o777)],
)
def test_archives_escaping_models_dir_are_refused(server, tmp_path, entry) -> None:
    digest = server.serve(model_zip(extra=[entry]))
    models = tmp_path / "deep" / "models"
    with pytest.raises(ModelFetchError, match="escapes|symbolic link"):
        fetch_model(NAME, url=server.url, sha256=digest, directory=models)
    assert leftovers(models) == []
    assert not (tmp_path / "deep" / "escaped.txt").exists() and not (models.parent / "escaped.txt").exists()
    assert not Path("/tmp/absolute-escape.txt").exists()


def test_an_archive_without_a_model_or_not_a_zip_is_refused(server, tmp_path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("README.txt", b"hello")
    for body, problem in ((buffer.getvalue(), "no vosk model"), (b"<html>not found</html>", "not a valid zip")):
        digest = server.serve(body)
        with pytest.raises(ModelFetchError, match=problem):
            fetch_model(NAME, url=server.url, sha256=digest, directory=tmp_path)
        assert leftovers(tmp_path) == []


def test_http_errors_and_unknown_models_are_one_clear_line(server, tmp_path) -> None:
    with pytest.raises(ModelFetchError, match="HTTP 404"):
        fetch_model(NAME, url=server.url.replace("model.zip", "nope.zip"), sha256="0" * 64, directory=tmp_path)
    with pytest.raises(ModelFetchError, match="--url and --sha256"):
        fetch_model("some-other-model", directory=tmp_path)
    with pytest.raises(ModelFetchError, match="bad model name"):
        fetch_model("../outside", url=server.url, sha256="0" * 64, directory=tmp_path)


def test_an_existing_model_is_not_overwritten(server, tmp_path) -> None:
    digest = server.serve(model_zip())
    fetch_model(NAME, url=server.url, sha256=digest, directory=tmp_path)
    with pytest.raises(ModelFetchError, match="already exists"):
        fetch_model(NAME, url=server.url, sha256=digest, directory=tmp_path)


def test_listing_without_models_says_how_to_fetch_the_english_one(tmp_path, capsys) -> None:
    assert main(["models", "--models-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "--fetch vosk-model-small-en-us-0.15" in out and "pocketsphinx" in out


def test_model_option_must_point_at_a_model(tmp_path) -> None:
    with pytest.raises(Exception, match="not a vosk model"):
        find_vosk_model(tmp_path)


def test_devices_says_clearly_when_there_are_none(capsys) -> None:
    from voicemaster.speech.audio.sources import list_devices

    assert main(["devices"]) == 0
    out = capsys.readouterr().out
    if not list_devices():
        assert "No audio devices found" in out and "--input text" in out
    else:
        assert out.strip()


def test_play_help_names_the_engines_auto_tries_in_the_order_models_says_it_uses_them(tmp_path) -> None:
    """With an English vosk model beside an installed Whisper, `voicemaster models` says which
    one `--engine auto` takes: the first of those `play --help` lists that is present."""
    (tmp_path / NAME / "am").mkdir(parents=True)
    (tmp_path / NAME / "am" / "final.mdl").write_bytes(b"acoustic model")
    (tmp_path / NAME / "conf").mkdir()
    run = partial(subprocess.run, capture_output=True, text=True, timeout=120, check=True)
    listed = run([sys.executable, "-m", "voicemaster", "models", "--models-dir", str(tmp_path)]).stdout
    used = re.search(r"--engine auto uses (\w+)", listed)
    helped = " ".join(run([sys.executable, "-m", "voicemaster", "play", "--help"]).stdout.split())
    order = re.search(r"--engine .*?\(default auto: ([^)]*)\)", helped)
    assert used and order, (listed, helped)
    engines = [next(e for e in ("whisper", "vosk", "pocketsphinx") if e in said.lower())
               for said in order.group(1).split(", else ")]
    present = ["vosk", "pocketsphinx"] + (["whisper"] if installed_parts() is not None else [])
    assert sorted(engines) == ["pocketsphinx", "vosk", "whisper"], order.group(1)
    assert next(e for e in engines if e in present) == used.group(1), (order.group(1), listed)
