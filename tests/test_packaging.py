"""The package a user installs: a built wheel, in a fresh venv, deals and referees with no checkout around."""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from email import message_from_bytes
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.reliability.bad_files import wav_bytes
from voicemaster.speech.voices.synthetic import mix_at_snr, pink_noise, speak

ROOT = Path(__file__).resolve().parents[1]
RUNTIME_BUDGET_MB = 1150
"""A fresh `pip install` of VoiceMaster, Whisper base and the demo's piper voice included
(820 MB measured in a fresh venv; 1.1 GB while noisereduce brought scipy and matplotlib), and
the photo reader's OCR (1042 MB with it: OpenCV headless 160 MB, Pillow 22, RapidOCR and its
models 33, shapely 9, pyclipper 4, omegaconf 2)."""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built from a copy of the sources: a build/ left in a working tree can carry stale modules."""
    source = tmp_path_factory.mktemp("source") / "voicemaster"
    shutil.copytree(ROOT, source, symlinks=True, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", ".cache", ".pytest_cache", ".hypothesis", "models"))
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
        check=True, capture_output=True, timeout=600,
    )
    return next(out.glob("voicemaster-*.whl"))


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel installed; its dependencies are borrowed from this
    environment by path (no editable finder comes along: a .pth path line runs no hooks)."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True, timeout=600)
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True).stdout.strip()
    Path(site, "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env


def run_installed(env: Path, cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["VOICEMASTER_HOME"] = str(cwd / "home")
    return subprocess.run([str(env / "bin" / "voicemaster"), *args], input=stdin, cwd=cwd, env=clean,
                          capture_output=True, text=True, timeout=300)


def test_the_wheel_carries_the_word_lists_and_the_referee_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "voicemaster/wordlists/default.txt" in names and "voicemaster/wordlists/kids.txt" in names
    assert "voicemaster/referee/data/wordnet_kin.tsv.gz" in names and "voicemaster/referee/data/WORDNET-LICENSE" in names


def test_an_installed_wheel_deals_and_referees_a_typed_game(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run([str(installed / "bin" / "python"), "-c", "import voicemaster; print(voicemaster.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(installed) in where and str(ROOT) not in where
    journal = tmp_path / "game.jsonl"
    result = run_installed(installed, tmp_path, "play", "--input", "text", "--seed", "3", "--journal", str(journal),
                           "--audio-out", "none", stdin="clue ocean two\nstatus\n")
    assert result.returncode == 0, result.stderr
    assert "has 9 agents left" in result.stdout.lower() or "has 8 agents left" in result.stdout.lower()
    state = json.loads(run_installed(installed, tmp_path, "state", "--journal", str(journal), "--json").stdout)
    assert state["phase"] in ("guess", "clue") and len(json.loads(journal.read_text().splitlines()[0])["cards"]) == 25
    dealt = json.loads(journal.read_text().splitlines()[0])["cards"]
    shipped = (ROOT / "wordlists" / "default.txt").read_text().split("\n")
    assert set(dealt) <= set(shipped)



def _requirements(lines: list[str]) -> list[str]:
    """The distributions these Requires-Dist lines bring on a plain install (no extras) here."""
    wanted = [Requirement(line) for line in lines]
    return [r.name for r in wanted if r.marker is None or r.marker.evaluate({"extra": ""})]


def runtime_closure(wheel: Path) -> list[importlib.metadata.Distribution]:
    """What `pip install` of the wheel installs, as this environment has those distributions."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        todo = _requirements(message_from_bytes(archive.read(name)).get_all("Requires-Dist") or [])
    found: dict[str, importlib.metadata.Distribution] = {}
    while todo:
        key = todo.pop().lower().replace("_", "-")
        if key not in found:
            found[key] = importlib.metadata.distribution(key)
            todo += _requirements(found[key].requires or [])
    return list(found.values())


def _installed_files(dist: importlib.metadata.Distribution) -> list[tuple[Path, Path]]:
    """(path inside site-packages, file here) for every file the distribution installed there."""
    return [(Path(str(f)), Path(str(dist.locate_file(f)))) for f in dist.files or [] if f.parts[0] != ".."]


@pytest.fixture(scope="module")
def runtime_only(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel and its runtime dependencies only (linked from this
    environment, file by file): what a user's `pip install` has, no test or bench extra."""
    env = tmp_path_factory.mktemp("runtime")
    venv.create(env, with_pip=False)
    where = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(subprocess.run([str(env / "bin" / "python"), "-c", where],
                               check=True, capture_output=True, text=True).stdout.strip())
    for dist in runtime_closure(wheel):
        for inside, here in _installed_files(dist):
            if here.is_file() and not (site / inside).exists():
                (site / inside).parent.mkdir(parents=True, exist_ok=True)
                (site / inside).symlink_to(here)
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "-q",
                    "--target", str(site), str(wheel)], check=True, capture_output=True, timeout=600)
    return env


def run_runtime_only(env: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    clean["VOICEMASTER_HOME"] = str(cwd / "home")
    return subprocess.run([str(env / "bin" / "python"), *args], cwd=cwd, env=clean, capture_output=True, text=True,
                          timeout=300)


def test_a_runtime_install_brings_no_test_or_plotting_packages_and_fits_its_budget(wheel: Path) -> None:
    closure = runtime_closure(wheel)
    names = {dist.metadata["Name"].lower().replace("_", "-") for dist in closure}
    assert not names & {"matplotlib", "scipy", "noisereduce", "pyrnnoise", "speexdsp-ns", "faster-whisper", "pytest"}
    size = sum(here.stat().st_size for dist in closure for _, here in _installed_files(dist) if here.is_file())
    assert size < RUNTIME_BUDGET_MB * 1e6, f"{size / 1e6:.0f} MB"


def test_the_runtime_alone_hears_a_noisy_guess_through_the_spectral_gate(runtime_only: Path, tmp_path: Path) -> None:
    where = run_runtime_only(runtime_only, tmp_path, "-c", "import voicemaster; print(voicemaster.__file__)").stdout
    assert where.startswith(str(runtime_only))
    assert run_runtime_only(runtime_only, tmp_path, "-c", "import scipy").returncode != 0
    cards = [w for w in (ROOT / "wordlists" / "default.txt").read_text().splitlines() if w and not w.startswith("#")]
    (tmp_path / "board.txt").write_text("\n".join(cards[:25]) + "\n")
    speech = speak(f"we guess {cards[3]}")
    (tmp_path / "noisy.wav").write_bytes(wav_bytes(mix_at_snr(speech, pink_noise(len(speech), seed=2), 10)))
    heard = run_runtime_only(runtime_only, tmp_path, "-m", "voicemaster", "recognize", "--board", "board.txt",
                             "--phase", "guess", "--engine", "pocketsphinx", "noisy.wav")
    assert heard.returncode == 0, heard.stderr
    assert json.loads(heard.stdout)["intent"] == {"type": "guess", "word": cards[3]}


def test_denoise_offers_what_is_installed_and_each_offer_works(runtime_only: Path, tmp_path: Path) -> None:
    helped = run_runtime_only(runtime_only, tmp_path, "-m", "voicemaster", "play", "--help")
    offered = helped.stdout.split("--denoise {", 1)[1].split("}", 1)[0].split(",")
    assert "none" in offered and "auto" in offered and not {"rnnoise", "speex", "auto-rnnoise"} & set(offered)
    each = run_runtime_only(runtime_only, tmp_path, "-c", "import numpy as np\n"
                            "from voicemaster.speech.audio.denoise import make_denoiser, offered\n"
                            "for name in offered(): make_denoiser(name).process(np.zeros(480, np.int16))\n"
                            "print(','.join(offered()))")
    assert each.returncode == 0 and each.stdout.strip().split(",") == offered, each.stderr


@pytest.mark.parametrize("name", ["rnnoise", "auto-rnnoise", "speex"])
def test_a_suppressor_that_is_not_installed_gets_a_one_line_install_hint(
    runtime_only: Path, tmp_path: Path, name: str
) -> None:
    refused = run_runtime_only(runtime_only, tmp_path, "-m", "voicemaster", "play", "--input", "text", "--seed", "1",
                               "--audio-out", "none", "--denoise", name)
    package = "speexdsp-ns" if name == "speex" else "pyrnnoise"
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines() == [
        f"voicemaster: --denoise {name} needs the {package} package, which is not installed: pip install {package}"]
