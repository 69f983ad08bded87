"""``referee serve`` as a process: the first line's contract, stopping, and records shared with play."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import served

from referee.invicta.records import GAME as INVICTA
from referee.table.record import loads

pytestmark = pytest.mark.slow  # every test here drives server processes


start = served.serve


def command(seat_url: str, line: str) -> dict:
    request = urllib.request.Request(seat_url + "/command", data=line.encode(), method="POST")
    with urllib.request.urlopen(request) as r:
        return json.loads(r.read())


def events(path: Path) -> int:
    record, _ = loads(path.read_text(encoding="utf-8"), INVICTA)
    return len(record.events)


def test_first_line_contract_sigterm_and_the_same_urls_after_a_restart(tmp_path):
    record = tmp_path / "game.json"
    process, urls = start(
        "invicta", "--white", "ann", "--black", "bob", "--record", str(record), cwd=tmp_path
    )
    try:
        assert set(urls) == {"table", "spectator", "seats"}
        assert set(urls["seats"]) == {"ann", "bob"}
        for url in (urls["table"], urls["spectator"], *urls["seats"].values()):
            assert url.startswith("http://127.0.0.1:")
        token = urls["seats"]["ann"].rsplit("/", 1)[1]
        assert len(token) >= 40
        page = urllib.request.urlopen(urls["seats"]["ann"])
        assert page.headers["Content-Type"].startswith("text/html")
        assert command(urls["seats"]["ann"], "e5") == {"ok": True, "messages": [command_words()]}
        refused = command(urls["seats"]["ann"], "e6")
        assert refused["ok"] is False and "bob's turn" in refused["messages"][0]
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(urls["seats"]["ann"][:-4] + "AAAA/view")
        assert missing.value.code == 404
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(15)
    assert process.returncode == 0
    assert events(record) == 1
    again, urls_again = start("invicta", "--record", str(record), cwd=tmp_path)
    try:
        assert urls_again["seats"] == {
            name: url.replace(url.split("/")[2], urls_again["table"].split("/")[2])
            for name, url in urls["seats"].items()
        }
        view = json.loads(urllib.request.urlopen(urls_again["seats"]["bob"] + "/view").read())
        assert view["board"] == {"e5": {"side": "white", "kind": "hollow"}}
    finally:
        again.send_signal(signal.SIGINT)
        again.wait(15)
    assert again.returncode == 0


def command_words() -> str:
    return "white (ann) places a hollow piece on e5"


def test_kill_9_loses_no_acknowledged_move_and_play_resumes_it(tmp_path):
    record = tmp_path / "game.json"
    process, urls = start(
        "invicta", "--white", "ann", "--black", "bob", "--record", str(record), cwd=tmp_path
    )
    try:
        assert command(urls["seats"]["ann"], "e5")["ok"]
        assert command(urls["seats"]["bob"], "e6")["ok"]
    finally:
        process.kill()
        process.wait(10)
    assert events(record) == 2
    played = subprocess.run(
        [sys.executable, "-m", "referee.cli.main", "invicta", "play", "--record", str(record)],
        input="d5\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert played.returncode == 0, played.stderr
    assert events(record) == 3
    # ... and a game played at the terminal goes on at the web table.
    process, urls = start("invicta", "--record", str(record), cwd=tmp_path)
    try:
        assert command(urls["seats"]["bob"], "d6")["ok"]
    finally:
        process.terminate()
        process.wait(15)
    assert events(record) == 4


def test_serve_refuses_new_settings_for_a_game_in_progress(tmp_path):
    record = tmp_path / "game.json"
    process, _ = start(
        "invicta", "--white", "ann", "--black", "bob", "--record", str(record), cwd=tmp_path
    )
    process.terminate()
    process.wait(15)
    again = subprocess.run(
        [sys.executable, "-m", "referee.cli.main", "serve", "invicta", "--record", str(record)]
        + ["--white", "cat", "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 1
    assert "--white" in again.stderr and again.stdout == ""
