"""The fifth game (tests/mastermind/): a game with a secret added through its own package and
the one list alone. Played and resumed at the terminal through ``referee``, replayed without
showing the code, served on the web (its views and commands over HTTP) with the code on the
codemaker's seat only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from mastermind.registration import REGISTRATION
from mastermind.rules import pegs
from starlette.testclient import TestClient

import referee.games
from referee.cli.main import main
from referee.table.store import RecordFile
from referee.web.games import WebGame
from referee.web.seats import load_key
from referee.web.server import build

CODE = "pyob"
WRONG = ("rrgg", "bbyy", "oopp")  # none is the code, none holds it as a run of text


@pytest.fixture(autouse=True)
def listed(monkeypatch):
    """Mastermind in the one list, as a line in referee/games.py would put it."""
    monkeypatch.setattr(referee.games, "GAMES", (*referee.games.GAMES, REGISTRATION))


def referee_(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def started(tmp_path: Path, lines: str) -> Path:
    record = tmp_path / "mm.json"
    new = ("mastermind", "play", "--maker", "ann", "--breaker", "bob", "--record", str(record))
    result = referee_(*new, input=lines)
    assert result.exit_code == 0, result.output
    return record


def test_the_pegs():
    assert pegs("rgby", "rgby") == (4, 0)
    assert pegs("rgby", "yrgb") == (0, 4)
    assert pegs("rrgg", "rgrg") == (2, 2)
    assert pegs("pyob", "oopp") == (0, 2)


def test_listed_it_is_a_command_of_referee_and_words_its_refusals():
    assert "mastermind" in referee_("--help").output
    assert "mastermind" not in [g.name for g in referee.games.GAMES[:-1]]


def test_played_resumed_and_finished_at_the_terminal(tmp_path):
    record = started(
        tmp_path, f"guess rgby\ncode {CODE}\ncode rgby\nguess {WRONG[0]}\nguess abcd\n"
    )
    first = referee_("mastermind", "replay", str(record))  # (a second look, below)
    played = record.read_text(encoding="utf-8")
    assert json.loads(played)["summary"]["code"] is None  # the record's summary keeps it
    assert first.exit_code == 0
    again = referee_(
        "mastermind",
        "play",
        "--record",
        str(record),
        input=f"guess {WRONG[1]}\nundo\nguess {CODE}\n",
    )
    assert again.exit_code == 0, again.output
    assert "Resuming" in again.output and "2 events so far" in again.output
    assert f"bob guesses {WRONG[1]}: 0 black, 2 white" in again.output
    assert "refused" in again.output  # undo stops at a guess's answer
    assert f"Game over: bob wins (broke the code).\n 1. {WRONG[0]}" in again.output
    assert f"The code was {CODE}." in again.output  # the board as the game ended
    assert json.loads(record.read_text(encoding="utf-8"))["summary"]["code"] == CODE


def test_refusals_in_its_own_words_and_the_turn_guard(tmp_path):
    record = tmp_path / "mm.json"
    lines = f"guess rgby\ncode {CODE}\ncode xyz\nguess rgbyp\n"
    result = referee_("mastermind", "play", "--maker", "ann", "--breaker", "bob",
                      "--record", str(record), input=lines)  # fmt: skip
    out = result.output
    assert "refused: it is ann's turn, not bob's" in out  # a guess is the breaker's
    assert out.count("refused: say 4 of the colours rgbyop: guess rgby") == 1  # rgbyp
    assert "ann has set the code." in out


def test_replayed_without_showing_the_code(tmp_path):
    record = started(tmp_path, f"code {CODE}\n" + "".join(f"guess {g}\n" for g in WRONG))
    for args in ((), ("--step",), ("--json",)):
        replayed = referee_("mastermind", "replay", *args, str(record))
        assert replayed.exit_code == 0, replayed.output
        assert CODE not in replayed.output, args
    steps = referee_("mastermind", "replay", "--step", str(record)).output
    assert "ann sets the code" in steps and f"bob guesses {WRONG[2]}" in steps
    assert "agrees with all 4 events" in steps


def test_served_on_the_web_the_code_on_the_makers_seat_only(tmp_path):
    web = WebGame(REGISTRATION.terminal().game)
    record = web.start({"maker": "ann", "breaker": "bob", "house": ()})
    path = tmp_path / "mm.json"
    store = RecordFile(path, fresh=True)
    store.open()
    app = build(web, record, record.rebuild(), store, load_key(path), "http://testserver", None)
    client = TestClient(app.app)
    urls = app.urls()
    seat = {name: url.split("testserver", 1)[1] for name, url in urls["seats"].items()}

    def say(who: str, line: str) -> dict:
        answer = client.post(seat[who] + "/command", content=line.encode())
        assert answer.status_code == 200, answer.text
        return answer.json()

    assert say("bob", "guess rgby")["ok"] is False  # the maker's turn
    assert say("ann", f"code {CODE}")["ok"] is True
    assert say("ann", "guess rgby")["ok"] is False  # the breaker's turn now
    assert say("bob", f"guess {WRONG[0]}")["ok"] is True
    maker = client.get(seat["ann"] + "/view").json()
    breaker = client.get(seat["bob"] + "/view").json()
    spectator = client.get(urls["spectator"].split("testserver", 1)[1] + "/view").json()
    assert maker["you"]["code"] == CODE
    for view in (breaker, spectator):
        assert CODE not in json.dumps(view)
    assert breaker["guesses"] == [{"guess": WRONG[0], "black": 0, "white": 0}]
    assert say("bob", f"guess {CODE}")["ok"] is True
    assert client.get(seat["bob"] + "/view").json()["code"] == CODE  # the end shows it
    app.table.close()


def test_its_ceremony_beside_its_rules_is_at_most_80_lines():
    package = Path(__file__).parent / "mastermind"
    ceremony = [p for p in package.glob("*.py") if p.name != "rules.py"]

    def lines(p: Path) -> int:
        return sum(1 for line in p.read_text(encoding="utf-8").splitlines() if line.strip())

    assert {p.name for p in ceremony} == {
        "__init__.py",
        "commands.py",
        "words.py",
        "cli.py",
        "registration.py",
    }
    assert sum(map(lines, ceremony)) <= 80


def test_what_it_does_not_write_the_house_gives():
    """No prompt, record prefix, missing-option words, help or replay hooks of its own."""
    from referee.client.house import mover_prompt

    terminal = REGISTRATION.terminal().game
    assert terminal.prompt is mover_prompt and terminal.prefix == "mastermind"
    missing = referee_("mastermind", "play", "--maker", "ann")
    assert missing.exit_code == 1
    assert "name --maker MAKER and --breaker BREAKER" in missing.output
    shown = referee_("mastermind", "--help").output
    assert "Play Mastermind." in shown and "Replay a game of Mastermind." in shown
    game = REGISTRATION.kind.new_game(REGISTRATION.setup({"maker": "ann", "breaker": "bob"},
                                      REGISTRATION.house_rules(), None))  # fmt: skip
    assert mover_prompt(game) == "ann> "  # whose move it is: its state's mover
