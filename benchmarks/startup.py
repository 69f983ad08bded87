"""How long the ``referee`` command takes to start: ``referee --help`` to its exit, and
``referee serve GAME`` and ``referee club`` to their first line of JSON (what a host
waits for), each a fresh process, as a person starts it.

    .venv/bin/python benchmarks/startup.py [--runs 10] [--before DIR]

``--before DIR``: also the referee found in DIR (a checkout of another commit, put first
on ``PYTHONPATH``; compile it first, ``python -m compileall DIR/referee``, as an install
is), measured turn about with this one. Say the load (``uptime``) beside every number: on
2 shared cores it moves them more than the code.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STARTS = {
    "referee --help": (["--help"], False),
    "referee serve palmer (first line)": (
        ["serve", "palmer", "--players", "ann,bob", "--port", "0"],
        True,
    ),
    "referee serve invicta (first line)": (
        ["serve", "invicta", "--players", "ann,bob", "--port", "0"],
        True,
    ),
    "referee club (first line)": (["club", "--port", "0", "--records", "club"], True),
}


def once(args: list[str], server: bool, env: dict[str, str]) -> float:
    """Seconds from starting ``referee ARGS`` to its exit (a server: to its first line)."""
    with tempfile.TemporaryDirectory(prefix="startup-") as place:
        command = [str(Path(sys.executable).parent / "referee"), *args]
        start = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=place, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        assert process.stdout is not None
        if server:
            line = process.stdout.readline()
            took = time.perf_counter() - start
            process.terminate()
            process.wait(30)
            if not line:
                raise SystemExit(f"referee {' '.join(args)} printed nothing")
            return took
        process.communicate()
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--before", type=Path, help="a checkout of another commit, measured turn about with this"
    )
    given = parser.parse_args()
    codes = {"this": dict(os.environ)}
    if given.before is not None:
        codes = {"before": {**os.environ, "PYTHONPATH": str(given.before.resolve())}, **codes}
    print(uptime())
    for name, (args, server) in STARTS.items():
        times: dict[str, list[float]] = {code: [] for code in codes}
        for _ in range(given.runs):  # turn about, so a change of load falls on both alike
            for code, env in codes.items():
                times[code].append(once(args, server, env))
        said = "; ".join(
            f"{code} median {statistics.median(t):.3f} s (min {min(t):.3f}, max {max(t):.3f})"
            for code, t in times.items()
        )
        print(f"{name}, {given.runs} runs: {said}")
    print(uptime())


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
