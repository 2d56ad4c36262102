"""What the tests share: the repository's example games, and the command
line to compare with (built by `cargo build --release`, or named by
GAMELANG_BIN)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
GAMES = sorted((ROOT / "games").glob("*.game"))


@pytest.fixture(scope="session")
def cli():
    """Runs the `gamelang` command; fails (never skips) where it is not built."""
    binary = os.environ.get("GAMELANG_BIN") or str(ROOT / "target" / "release" / "gamelang")
    if not pathlib.Path(binary).exists():
        pytest.fail(f"no gamelang command at {binary}: `cargo build --release`, or set GAMELANG_BIN")

    def run(*args):
        return subprocess.run([binary, *map(str, args)], capture_output=True, text=True)

    return run
