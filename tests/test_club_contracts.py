"""Issue 37's club contract as a test-writer reads it from the issue alone: a club seat's
URL is a seat for ``referee bot``, and a code posted to ``/join`` is read however a
script sends it."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
import served
from test_club import night  # noqa: F401 - the fixture

from referee.cli.bot_cmd import NoSeat, SeatClient


def test_a_club_tables_seat_url_is_a_seat_for_the_bot():
    client = SeatClient("http://127.0.0.1:8000/t/12/seat/TOKEN")
    assert client.url == "http://127.0.0.1:8000/t/12/seat/TOKEN"
    assert client.ws_url == "ws://127.0.0.1:8000/t/12/seat/TOKEN/ws"
    for wrong in ("http://127.0.0.1:8000/table/TOKEN", "http://127.0.0.1:8000/t/12/seat/"):
        with pytest.raises(NoSeat):
            SeatClient(wrong)


@pytest.mark.parametrize("body", ["{code}", '{{"code": "{code}"}}', "code={code}"])
def test_join_reads_the_code_as_text_json_or_a_form(night, body):  # noqa: F811
    code = night.open({"game": "invicta", "players": ["ann", "bob"]})["code"]
    answer = night.client.post("/join", content=body.format(code=code.lower()).encode())
    assert answer.json()["ok"] is True, answer.text


@pytest.mark.slow
def test_the_bot_plays_a_seat_of_a_club_table(tmp_path):
    process, urls = served.first_line("club", "--records", str(tmp_path / "club"))
    bot = None
    try:
        spec = json.dumps({"game": "invicta", "players": ["ann", "bob"]}).encode()
        request = urllib.request.Request(urls["host"] + "/tables", data=spec, method="POST")
        with urllib.request.urlopen(request, timeout=30) as answer:
            opened = json.loads(answer.read())
        command = [sys.executable, "-m", "referee.cli.main", "bot", opened["seats"]["ann"]]
        bot = subprocess.Popen([*command, "--level", "0"], stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        moves = 0
        while moves == 0 and time.monotonic() < deadline and bot.poll() is None:
            time.sleep(0.5)
            with urllib.request.urlopen(opened["spectator"] + "/view", timeout=30) as r:
                moves = json.loads(r.read())["moves"]
        assert moves == 1, bot.poll()
    finally:
        if bot is not None:
            bot.kill()
            bot.wait(10)
        process.send_signal(signal.SIGTERM)
        process.wait(20)


@pytest.mark.slow
def test_a_restart_without_port_takes_the_port_given_last_time(tmp_path):
    """``--port``'s help: "default: the one the club used last time"."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    directory = str(tmp_path / "club")
    process, urls = served.first_line("club", "--records", directory, "--port", str(port))
    process.send_signal(signal.SIGTERM)
    assert process.wait(20) == 0
    again, urls_again = served.first_line("club", "--records", directory)
    try:
        assert urls_again == urls
    finally:
        again.send_signal(signal.SIGTERM)
        again.wait(20)


def test_computer_players_given_as_a_list_are_every_one_of_them(night):  # noqa: F811
    opened = night.open({"game": "palmer", "seats": 3, "bots": ["hal:1", "eve:0"]})
    assert list(opened["seats"]) == ["seat 1", "hal", "eve"]


@pytest.mark.parametrize("spec", [{"seats": 2}, {"players": ["ann", "bob"]}])
def test_a_seat_a_script_speaks_from_is_never_handed_out_by_code(night, spec):  # noqa: F811
    """A seat used with ``POST SEAT_URL/command`` alone (curl, a script: no page opened)
    has its player: /join hands out the next seat, also after a restart."""
    opened = night.open({"game": "invicta", **spec})
    first, second = opened["seats"].values()
    said = night.say(first, "name ann" if "seats" in spec else "e5")
    assert said["ok"], said
    again = night.again()
    try:
        assert again.join(opened["code"]) == {"ok": True, "seat": second}
    finally:
        again.club.shutdown()


def test_a_seat_whose_page_was_opened_is_never_handed_out_by_code(night):  # noqa: F811
    opened = night.open({"game": "invicta", "seats": 2})
    first, second = opened["seats"].values()
    assert night.client.get(first.split("testserver", 1)[1]).status_code == 200
    assert night.join(opened["code"]) == {"ok": True, "seat": second}


def test_every_view_before_the_game_begins_has_the_last_ruling_none_yet(night):  # noqa: F811
    """Issue 38: every view (seats, table, spectator) has ``ruling``, also while a
    ``--seats`` table's players are still naming themselves."""
    opened = night.open({"game": "palmer", "seats": 2})
    for url in [*opened["seats"].values(), opened["table"], opened["spectator"]]:
        view = night.view(url)
        assert view["naming"] and view["ruling"] is None
        assert view["undo_request"] is None and view["undoable"] is False
