"""Whether a computer seat's thinking delays the web table's answers to people (issue 39).

    .venv/bin/python benchmarks/think_delay.py [--game invicta] [--moves 12] [--bots default]

``referee serve GAME`` runs in a process of its own, the last seats played by the referee
(``--bots``: level 0, or the default). The first seat is a person, played from here over
HTTP: it says a random legal line on its turn and, between its lines, keeps asking its
``/view`` and saying ``help`` (a command that changes nothing but takes the table's lock
and its command loop). Each answer's time is sorted by what the computers were doing:
*thinking* (the person has moved and waits for them) or *idle* (it is the person's turn:
the computers may only ponder). Reported: median, p95 and max of each, and the load.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

PLAYERS = {"invicta": 2, "palmer": 2, "ergo": 3, "cogito": 3}


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def post(url: str, line: str) -> dict:
    request = urllib.request.Request(url + "/command", data=line.encode(), method="POST")
    with urllib.request.urlopen(request, timeout=60) as r:
        return json.loads(r.read())


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    s = sorted(values)
    p95 = s[min(len(s) - 1, int(0.95 * len(s)))]
    return (
        f"{len(s)} answers, median {1000 * statistics.median(s):.1f} ms, "
        f"p95 {1000 * p95:.1f} ms, max {1000 * s[-1]:.1f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="invicta", choices=sorted(PLAYERS))
    ap.add_argument("--moves", type=int, default=12)
    ap.add_argument("--bots", default="default", choices=("default", "0"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    names = ["ann", "bob", "cy"][: PLAYERS[args.game]]
    level = "" if args.bots == "default" else ":0"
    bots = ",".join(n + level for n in names[1:])
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "referee.cli.main", "serve", args.game]
        command += ["--players", ",".join(names), "--bots", bots, "--port", "0"]
        if args.game in ("ergo", "palmer", "cogito"):
            command += ["--seed", str(args.seed)]
        server = subprocess.Popen(
            command, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            urls = json.loads(server.stdout.readline())
            seat = urls["seats"]["ann"]
            load = Path("/proc/loadavg").read_text().split()[:3]
            thinking: list[float] = []
            idle: list[float] = []
            moves = 0
            deadline = time.monotonic() + 900
            while moves < args.moves and time.monotonic() < deadline:
                view = get(seat + "/view")
                if view.get("finished"):
                    break
                legal = view.get("you", {}).get("legal") or []
                if legal:  # the person's turn: a few idle samples, then a move
                    for _ in range(3):
                        idle.append(timed(lambda: get(seat + "/view")))
                        idle.append(timed(lambda: post(seat, "help")))
                    post(seat, rng.choice(legal))
                    moves += 1
                    continue
                thinking.append(timed(lambda: get(seat + "/view")))
                thinking.append(timed(lambda: post(seat, "help")))
                time.sleep(0.02)
            end = Path("/proc/loadavg").read_text().split()[:3]
        finally:
            server.terminate()
            server.wait(20)
    print(f"{args.game}, computers {bots}, {moves} moves of the person; load {load} -> {end}")
    print(f"  while the computers think: {summary(thinking)}")
    print(f"  while it is the person's turn: {summary(idle)}")


if __name__ == "__main__":
    main()
