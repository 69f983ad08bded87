"""A ``referee`` server started as a process, as a host starts it: what its first line
of JSON says (the contract scripts read), for the tests that run ``serve`` or ``club``."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest


def first_line(*args: str, cwd: Path | None = None) -> tuple[subprocess.Popen, dict]:
    """``referee ARGS`` started, and the JSON of the first line it printed."""
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli.main", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        process.wait(10)
        assert process.stderr is not None
        pytest.fail(f"referee {args[0]} printed nothing: {process.stderr.read()}")
    return process, json.loads(line)


def serve(*args: str, cwd: Path) -> tuple[subprocess.Popen, dict]:
    """``referee serve ARGS`` on any free port, once its spectator page answers."""
    process, urls = first_line("serve", *args, "--port", "0", cwd=cwd)
    for _ in range(200):
        try:
            urllib.request.urlopen(urls["spectator"] + "/view").read()
            break
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    return process, urls
