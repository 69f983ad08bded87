"""A fifth game added through the registration alone (tests/noughts.py): played, resumed,
replayed and refused through the same shared commands as the four real games."""

import json

import click
from click.testing import CliRunner
from noughts import GAME, TERMINAL

from referee.client.house import play_command, replay_command
from referee.table.record import loads


@click.group()
def noughts() -> None:
    """Noughts and crosses."""


noughts.add_command(play_command(TERMINAL))
noughts.add_command(replay_command(TERMINAL))


def invoke(*args, input=None):
    return CliRunner().invoke(noughts, list(args), input=input, catch_exceptions=False)


def test_played_resumed_and_replayed_through_the_shared_commands(tmp_path):
    record = tmp_path / "game.json"
    first = invoke("play", "--crosses", "ann", "--noughts", "bob", "--record", str(record),
                   input="5\n1\n")  # fmt: skip
    assert first.exit_code == 0, first.output
    assert "New game of noughts and crosses recorded" in first.output
    assert "ann takes 5" in first.output and "bob takes 1" in first.output
    again = invoke("play", "--record", str(record), input="3\nmark 9\n7\n")
    assert again.exit_code == 0 and "Resuming" in again.output and "2 events so far" in again.output
    assert "bob takes 9" in again.output
    assert "Game over: ann wins." in again.output  # 5, 3 and 7
    _, game = loads(record.read_text(encoding="utf-8"), GAME)
    assert game.winner == "ann" and len(game.board) == 5
    replayed = invoke("replay", "--step", str(record))
    assert replayed.exit_code == 0
    assert "ann takes 7" in replayed.output and "agrees with all 5 events" in replayed.output
    report = json.loads(invoke("replay", "--json", str(record)).stdout)
    assert report["agrees"] and report["final"]["winner"] == "ann"


def test_the_house_refuses_for_every_game_alike(tmp_path):
    record = tmp_path / "game.json"
    assert "name the players" in invoke("play", "--crosses", "ann").stderr
    same = invoke("play", "--crosses", "ann", "--noughts", "ann", "--record", str(record))
    assert same.exit_code == 1 and "noughts: the two players need different names" in same.stderr
    same = invoke("play", "--crosses", "ann", "--noughts", "ANN", "--record", str(record))
    assert same.exit_code == 1 and "'ann' and 'ANN' are the same name" in same.stderr  # check_new
    bad = invoke("play", "--crosses", "a", "--noughts", "b", "--house", "noughts_first=maybe")
    assert bad.exit_code == 1 and "--house noughts_first: expected yes or no" in bad.stderr
    args = ("--crosses", "a", "--noughts", "b", "--house", "noughts_first", "--record", str(record))
    played = invoke("play", *args, input="5\n5\nrules\nnonsense\n")
    assert "b takes 5" in played.output and "refused: square 5 is not free" in played.output
    assert "noughts_first = yes" in played.output and "unknown command" in played.output
    resumed = invoke("play", "--record", str(record), "--crosses", "c")
    assert resumed.exit_code == 1 and "drop --crosses" in resumed.stderr


def test_a_record_today_s_rules_refuse_is_exit_1(tmp_path):
    record = tmp_path / "game.json"
    invoke("play", "--crosses", "ann", "--noughts", "bob", "--record", str(record), input="5\n1\n")
    data = json.loads(record.read_text(encoding="utf-8"))
    data["events"][1]["square"] = 5
    record.write_text(json.dumps(data), encoding="utf-8")
    result = invoke("replay", str(record))
    assert result.exit_code == 1 and "event 2, field square" in result.stderr


def test_a_game_of_its_own_words_its_typed_refusals(tmp_path):
    """A fifth game registers the words of its reasons (cli.reasons.register), and its
    refusals are typed like the four games': the prompt words them, nothing else."""
    record = tmp_path / "game.json"
    args = ("--crosses", "a", "--noughts", "b", "--record", str(record))
    played = invoke("play", *args, input="mark x\n5\n")
    assert played.exit_code == 0, played.output
    assert "refused: say which square: mark 5 (squares 1-9, row by row)" in played.output
    assert "a takes 5" in played.output
    retaken = invoke("play", "--record", str(record), input="5\n")
    assert "refused: square 5 is not free" in retaken.output
