"""Liar's dice (tests/dice/), written from docs/architecture.md ("Adding a game") alone: dice
private to each seat, a challenge that lifts every cup, and nothing of the house's written
again. Played at the terminal (a computer at one seat), replayed, served to phones."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from dice.registration import REGISTRATION

import referee.games
from referee.cli.main import main


@pytest.fixture(autouse=True)
def listed(monkeypatch):
    """Liar's dice in the one list, as a line in referee/games.py would put it."""
    monkeypatch.setattr(referee.games, "GAMES", (*referee.games.GAMES, REGISTRATION))


def referee_(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_a_challenge_lifts_every_cup_and_is_never_undone(tmp_path):
    record = tmp_path / "d.json"
    new = ("dice", "play", "--players", "ann,bob", "--seed", "4", "--record", str(record))
    script = "bid 2 3\nbid 1 1\nbid 3 3\nundo\nliar\nundo\n"
    out = referee_(*new, input=script).output
    assert "refused: bid more than the last bid (2 × 3)" in out
    assert "undone: bob bids 3 × 3" in out
    assert "Game over: bob wins (the bid was a lie)." in out
    assert "event 2 showed the table every player's dice." in out  # the game's own words
    assert json.loads(record.read_text())["summary"]["cups"]["ann"] == [2, 3, 1, 6, 4]
    replayed = referee_("dice", "replay", "--step", str(record))
    assert replayed.exit_code == 0, replayed.output
    assert "bob calls liar" in replayed.output and "undo took back event 2" in replayed.output


def test_a_computer_seat_and_a_phone_see_only_their_own_dice(tmp_path):
    new = ("dice", "play", "--players", "ann,bob", "--seed", "4", "--bots", "bob:0")
    out = referee_(*new, "--record", str(tmp_path / "d.json"), input="bid 1 2\n").output
    assert "bob (computer)> " in out
    game = REGISTRATION.kind.new_game(REGISTRATION.setup({"players": "ann,bob", "seed": 4},
                                      REGISTRATION.house_rules(), None))  # fmt: skip
    ann = REGISTRATION.view(game, "ann")
    assert ann["you"]["hand"] == [2, 3, 1, 6, 4] and ann["you"]["to_play"]
    assert "4, 2, 1, 1, 1" not in json.dumps(ann)  # bob's dice: his alone
    assert len(ann["you"]["legal"]) > 24 and "liar" not in ann["you"]["legal"]
