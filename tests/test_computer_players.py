"""Computer players through the seat door (issue 29's contract): ``you.legal``, ``moves``,
``--bots`` at the web table, and ``referee bot SEAT_URL`` as a process of its own."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import listed
import pytest
from starlette.testclient import TestClient
from test_web_serve import start
from webtable import table

import referee.games
from referee.games import by_name
from referee.table.computer import ComputerSeats, RandomPlayer, legal, parse_seats
from referee.table.session import Refused
from referee.table.views import ShowMoves


def path_of(url: str) -> str:
    return url.split("testserver", 1)[1]


@pytest.mark.parametrize("game", listed.names())
def test_every_listed_move_is_taken_and_moves_says_the_same_list(tmp_path, game):
    listed.needs_legal(listed.registration(game))
    app, _ = table(tmp_path, game)
    client = TestClient(app.app)
    seats = app.urls()["seats"]
    for _ in range(12):
        views = {p: client.get(path_of(u) + "/view").json() for p, u in seats.items()}
        movers = [p for p, v in views.items() if legal(v)]
        if not movers or any(v["finished"] for v in views.values()):
            break
        seat = movers[0]
        lines = legal(views[seat])
        assert len(set(lines)) == len(lines)
        said = app.table.session.execute("moves", seat)
        if isinstance(said[0], ShowMoves):  # Invicta keeps its own, a board's summary
            assert said == (ShowMoves(seat, tuple(lines)),)
        answer = client.post(path_of(seats[seat]) + "/command", content=lines[-1].encode())
        assert answer.json()["ok"], (lines[-1], answer.json())
    first, second = app.table.players[:2]
    said = app.table.session.execute(f"moves {second}", first)
    if isinstance(app.table.session.execute("moves", first)[0], ShowMoves):
        assert isinstance(said[0], Refused)  # a seat lists its own moves only


def test_bots_names_players_and_levels():
    players = ("ann", "bob", "cat")
    assert parse_seats("bob, cat:0", players) == {"bob": None, "cat": 0}
    for bad in ("dan", "bob,bob", "bob:x", "bob:-1"):
        with pytest.raises(ValueError):
            parse_seats(bad, players)


class Faulty:
    """A player whose every line is refused: the table lets go of it, never hangs."""

    closed = False

    def choose(self, view):
        return "nonsense"

    def close(self):
        Faulty.closed = True


def test_a_player_refused_again_and_again_gives_way():
    seats = ComputerSeats({"ann": Faulty()})
    view = {"finished": False, "you": {"legal": ["e5"]}}
    for _ in range(3):
        assert seats.next_line(lambda seat: view) == ("ann", "nonsense")
        seats.answered("ann", False)
    assert Faulty.closed and isinstance(seats.players["ann"], RandomPlayer)
    assert seats.next_line(lambda seat: view) == ("ann", "e5")
    for _ in range(3):
        seats.answered("ann", False)
    assert seats.players == {}


@pytest.mark.parametrize("game", listed.names())
def test_a_computer_seat_is_fed_its_seats_view_and_nothing_else(tmp_path, game):
    listed.needs_legal(listed.registration(game))  # a computer seat chooses among them
    app, _ = table(tmp_path, game)
    seat = app.table.players[-1]
    seen: list[dict] = []

    class Spy:
        def choose(self, view):
            seen.append(view)
            return None

        def close(self):
            pass

    computers = ComputerSeats({seat: Spy()})
    for _ in app.table.players:
        computers.next_line(app.table.view)
    assert all(v == app.table.view(seat) and v["you"]["name"] == seat for v in seen)


# ------------------------------------------------------------------ processes


def serve(tmp_path: Path, *args: str):
    return start(*args, cwd=tmp_path)


def bot(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "referee.cli.main", "bot", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_referee_bot_plays_a_served_seat_to_the_end_against_a_computer_seat(tmp_path):
    process, urls = serve(tmp_path, "invicta", "--white", "ann", "--black", "bob", "--bots", "bob")
    try:
        player = bot(urls["seats"]["ann"], "--level", "0", "--seed", "4")
        out, err = player.communicate(timeout=240)
        assert player.returncode == 0, err
        view = json.loads(urllib.request.urlopen(urls["seats"]["ann"] + "/view").read())
        assert view["finished"] and view["computers"] == ["bob"]
        moves = out.splitlines()  # one line per move, and nothing else
        assert "The game is over." in err
        assert moves and all("refused" not in line for line in moves)
        assert len(moves) == (view["moves"] + 1) // 2  # white's moves: one line each
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(20)


def test_referee_bot_says_plainly_when_the_url_is_no_seat_or_the_table_goes(tmp_path):
    lost = bot("http://127.0.0.1:9/seat/nothing")
    _, err = lost.communicate(timeout=60)
    assert lost.returncode == 2 and "cannot be reached" in err
    process, urls = serve(tmp_path, "invicta", "--white", "ann", "--black", "bob")
    try:
        wrong = bot(urls["seats"]["ann"][:-4] + "abcd")
        _, err = wrong.communicate(timeout=60)
        assert wrong.returncode == 2 and "no seat" in err
        waiting = bot(urls["seats"]["bob"])  # bob waits for ann, who never moves
        for _ in range(600):  # until bob's player has read its view (the table shows it came)
            table = json.loads(urllib.request.urlopen(urls["table"] + "/view").read())
            if any(s["joined"] for s in table["seats"] if s["name"] == "bob"):
                break
            time.sleep(0.05)
        time.sleep(0.5)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(20)
    _, err = waiting.communicate(timeout=60)
    assert waiting.returncode == 1 and "went away" in err and "Traceback" not in err


def test_every_game_offers_a_strongest_player():
    for game in referee.games.GAMES:  # read now: a test that adds a game sees it
        player = game.player()
        assert hasattr(player, "choose")
        player.close()
    assert by_name("nothing") is None


class Pondering:
    """A player that records what it was asked to think about between its turns."""

    def __init__(self) -> None:
        self.pondered: list[dict] = []

    def choose(self, view):
        return None

    def ponder(self, view, stale) -> None:
        self.pondered.append(view)

    def close(self) -> None:
        pass


def test_seats_ponder_only_their_own_view_off_their_turn_until_the_table_moves():
    views = {
        "ann": {"you": {"name": "ann", "legal": ["pass"]}},  # ann's turn: she is asked to move
        "bob": {"you": {"name": "bob", "legal": []}},
        "cy": {"you": {"name": "cy", "legal": []}, "finished": True},
    }
    players = {seat: Pondering() for seat in views}
    seats = ComputerSeats(players)
    seats.ponder(lambda seat: views[seat], lambda: False)
    assert [len(players[s].pondered) for s in views] == [0, 1, 0]
    assert players["bob"].pondered == [views["bob"]]  # its own seat's view, nothing else
    seats.ponder(lambda seat: views[seat], lambda: True)  # the table moved on: nobody
    assert len(players["bob"].pondered) == 1
    # A player that cannot ponder (level 0) is simply left alone.
    ComputerSeats({"bob": RandomPlayer(1)}).ponder(lambda seat: views[seat], lambda: False)


class Patient:
    """A player that ponders until it is told to stop, and then answers its one line."""

    def choose(self, view):
        return legal(view)[0]

    def ponder(self, view, stale) -> None:
        while not stale():
            time.sleep(0.01)

    def close(self) -> None:
        pass


@pytest.mark.slow
def test_a_player_apart_thinks_in_a_process_of_its_own_and_answers_as_at_home(tmp_path):
    from functools import partial

    from referee.table.computer import Apart

    view = {"finished": False, "you": {"legal": ["discard 1", "discard 2"]}}
    patient = Apart(partial(Patient))
    try:
        patient.ponder(view, lambda: True)  # told at once: it stops, then answers in order
        assert patient.choose(view) == "discard 1"
        stop = time.monotonic() + 0.2
        patient.ponder(view, lambda: time.monotonic() > stop)
        assert patient.choose(view) == "discard 1"
    finally:
        patient.close()
    assert not patient._process.is_alive()
    app, _ = table(tmp_path, "ergo")  # a real seat's view: the same line from either process
    seat = next(p for p in app.table.players if legal(app.table.view(p)))
    game = by_name("ergo")
    home, far = game.player(1, 3), game.player_apart(1, 3)
    try:
        assert isinstance(far, Apart)
        assert far.choose(app.table.view(seat)) == home.choose(app.table.view(seat))
    finally:
        far.close()


def test_referee_bot_help_says_each_levels_rating():
    from click.testing import CliRunner

    from referee.cli.main import main

    kept = json.loads((Path(__file__).parent.parent / "referee" / "ratings.json").read_text())
    shown = " ".join(CliRunner().invoke(main, ["bot", "--help"]).output.split())
    assert "Elo" in shown
    for game in kept.values():
        assert game["title"] in shown
        for level, rated in game["levels"].items():
            assert f"{level}: {rated['elo']} ({rated['low']} to {rated['high']})" in shown
