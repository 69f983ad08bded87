"""Kill a game's ``play`` at a random moment, then resume it: the harness every game's tests share.

Each line typed grows the record (by an event, or a move). The first k lines are
typed one by one, each waited for until the record holds it; one more is typed
and the process is SIGKILLed at a random moment while it works on it. What the
caller then checks is the house's promise: the record is whole and holds every
acknowledged line, and resuming with the rest ends as the uninterrupted game did.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def referee(*args: str) -> list[str]:
    """The command line of ``referee ARGS`` in this interpreter."""
    return [sys.executable, "-m", "referee.cli.main", *args]


def kill_midway(
    command: Sequence[str],
    lines: Sequence[str],
    record: Path,
    recorded: Callable[[Path], int],
    window: float = 0.3,
    k: int | None = None,
) -> tuple[int, int]:
    """(k, held): lines acknowledged before the kill, and how many the record holds after it.

    ``recorded(path)`` counts what a record holds, -1 when there is none or it
    cannot be read (so a half-written record fails the caller's check). ``k``
    chooses the line killed (0-based; a random one if None).
    """
    rng = random.Random()
    if k is None:
        k = rng.randrange(1, len(lines) - 1)
    proc = subprocess.Popen(
        list(command),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ENV,
    )
    try:
        for i, line in enumerate(lines[:k], start=1):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            _wait_for(record, i, proc, recorded)
        proc.stdin.write(lines[k] + "\n")
        proc.stdin.flush()
        time.sleep(rng.uniform(0.0, window))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return k, recorded(record)


def resume(command: Sequence[str], lines: Sequence[str], timeout: float = 300):
    """Run ``command`` (a resume) with ``lines`` typed; the finished process."""
    return subprocess.run(
        list(command),
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=ENV,
        timeout=timeout,
    )


def leftovers(directory: Path) -> list[str]:
    """Files an interrupted write or a held lock left behind."""
    return [p.name for p in directory.iterdir() if p.name.endswith((".tmp", ".lock"))]


def _wait_for(record: Path, count: int, proc, recorded, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while recorded(record) < count:
        assert proc.poll() is None, "the game exited early"
        assert time.monotonic() < deadline, f"nothing recorded for line {count} after {timeout} s"
        time.sleep(0.05)
