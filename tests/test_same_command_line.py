"""``serve GAME --seats N`` restarted with the very command line it began with (its
``--seed`` and house rules too) serves the game again; another setting is still refused
(issue 37's table finding)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request

import pytest


def serve(*args: str) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "referee.cli.main", "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, process.stdout.readline()


def say(url: str, line: str) -> dict:
    request = urllib.request.Request(url + "/command", data=line.encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@pytest.mark.slow
def test_the_same_serve_seats_line_with_a_seed_serves_the_game_again(tmp_path):
    line = ("ergo", "--seats", "2", "--seed", "7", "--house", "undo_past_reveals=yes")
    line += ("--record", str(tmp_path / "g.json"))
    process, first = serve(*line)
    try:
        seats = json.loads(first)["seats"]
        assert say(seats["seat 1"], "name ann")["ok"] and say(seats["seat 2"], "name bob")["ok"]
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(20) == 0
    again, said = serve(*line)
    try:
        assert said, again.stderr.read()
        served = json.loads(said)
        for _ in range(200):  # serving (its signal handlers in place) before it is stopped
            try:
                urllib.request.urlopen(served["spectator"] + "/view", timeout=5).read()
                break
            except OSError:
                time.sleep(0.05)
        assert list(json.loads(said)["seats"].values()) == list(seats.values())  # the same URLs
    finally:
        again.send_signal(signal.SIGTERM)
        assert again.wait(20) == 0
    changed, said = serve(*line[:4], "8", *line[5:])
    assert changed.wait(20) == 1 and not said
    assert "drop --seed" in changed.stderr.read()
