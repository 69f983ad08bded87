"""The record remembers its computers (issue 35): ``--bots`` is part of a game's settings.

A record names the seats the referee plays (``computers``: name and level),
written only when there are any; a record without them (every older one)
has none. ``play --record FILE`` resumes with the same computers, a
different ``--bots`` is refused, and ``replay`` marks the computers' moves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import main
from referee.invicta.records import GAME as INVICTA
from referee.table.computer import Computer
from referee.table.errors import RecordError
from referee.table.record import dumps, from_json, loads, parse_json


def invicta(*args: str, input: str = ""):
    return CliRunner().invoke(main, ["invicta", *args], input=input, catch_exceptions=False)


def new_game(path: Path, bots: str = "bob:0"):
    args = ["play", "--white", "ann", "--black", "bob", "--record", str(path), "--bots", bots]
    return invicta(*args, input="e5\n")


def test_bots_are_written_to_the_record_and_read_back(tmp_path):
    path = tmp_path / "game.json"
    result = new_game(path)
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["computers"] == [{"name": "bob", "level": 0}]
    record, _ = loads(path.read_text(), INVICTA)
    assert record.computers == (Computer("bob", 0),)
    assert len(record.events) == 2  # ann's move and bob's answer
    assert "computers" not in json.loads(dumps(record.__class__(INVICTA, record.setup)))


def test_a_resumed_game_plays_its_computers_and_refuses_other_bots(tmp_path):
    path = tmp_path / "game.json"
    new_game(path)
    before = path.read_bytes()
    for other in ("ann", "bob:1", "ann,bob"):
        refused = invicta("play", "--record", str(path), "--bots", other)
        assert refused.exit_code == 1
        assert "its computer players are bob (level 0): drop --bots" in refused.output
        assert path.read_bytes() == before  # nothing written
    resumed = invicta("play", "--record", str(path), input="d4\n")
    assert "The referee plays bob (level 0)." in resumed.output
    assert "bob (computer)> " in resumed.output  # bob answers: not a human seat waiting
    assert len(json.loads(path.read_text())["events"]) == 4
    again = invicta("play", "--record", str(path), "--bots", "bob:0", input="")
    assert again.exit_code == 0  # the same computers: nothing changes


def test_a_game_of_people_refuses_bots_at_resume(tmp_path):
    path = tmp_path / "game.json"
    invicta("play", "--white", "ann", "--black", "bob", "--record", str(path), input="e5\n")
    refused = invicta("play", "--record", str(path), "--bots", "bob")
    assert refused.exit_code == 1 and "every seat is a person's: drop --bots" in refused.output


def test_replay_marks_the_computers_moves(tmp_path):
    path = tmp_path / "game.json"
    new_game(path)
    shown = invicta("replay", "--step", str(path)).output
    assert "The referee played bob (level 0)." in shown
    assert "black (bob, computer) places" in shown and "white (ann) places" in shown


def test_a_record_without_computers_has_none_and_a_bad_field_is_named(tmp_path):
    path = tmp_path / "game.json"
    new_game(path)
    data = parse_json(path.read_text())
    del data["computers"]
    assert from_json(data, INVICTA).computers == ()
    bad = [
        ({"name": "carl", "level": 0}, "computers[0].name"),
        ({"name": "bob", "level": -1}, "computers[0].level"),
        ({"name": "bob", "level": True}, "computers[0].level"),
        ({"name": "bob"}, "computers[0]"),
        ("bob", "computers[0]"),
    ]
    for item, field in bad:
        with pytest.raises(RecordError) as caught:
            from_json({**data, "computers": [item]}, INVICTA)
        assert caught.value.field == field
    with pytest.raises(RecordError) as caught:
        from_json({**data, "computers": [{"name": "bob", "level": 0}] * 2}, INVICTA)
    assert caught.value.field == "computers[1].name"


def test_a_mistyped_bots_leaves_no_record(tmp_path):
    path = tmp_path / "game.json"
    result = new_game(path, bots="carl")
    assert result.exit_code == 1 and "'carl' is not a player" in result.output
    assert not path.exists()
    assert new_game(path).exit_code == 0  # the corrected command is not refused


def test_the_web_table_keeps_the_same_field(tmp_path):
    from webtable import defaults

    from referee.web.games import GAMES
    from referee.web.server import new_players, open_game, seating

    web_game = GAMES["invicta"]
    options = {**defaults("invicta", bots="bob:0"), "record_path": tmp_path / "served.json"}
    opened = open_game(web_game, options)
    opened.store.close()
    assert opened.record.computers == (Computer("bob", 0),)
    assert json.loads((tmp_path / "served.json").read_text())["computers"][0]["name"] == "bob"
    seats = seating(GAMES["cogito"], defaults("cogito", bots="hal", players=None), 2)
    record, _ = new_players(GAMES["cogito"], seats, ("ann", "hal"))
    assert record.computers == (Computer("hal", GAMES["cogito"].registration.strongest),)
