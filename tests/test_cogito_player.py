"""Cogito's computer players: given only a seat's view, they say only lines the rules accept,
and above level 0 a COGITO only when it is right.

Fixed-seed three-player games with every level at the table, seats rotated:
each player gets its view as JSON (what ``GET SEAT_URL/view`` sends), never
the game; every line it says is one of its view's legal lines and is
accepted; every COGITO of levels 1 and 2 names the right card; and each
seat's belief always keeps its true Self card (the referee checks what the
player cannot).
"""

from __future__ import annotations

import json

import pytest
from cogito_helpers import EXAMPLE_TEXT

from referee.cogito.belief import belief
from referee.cogito.player import DEFAULT_LEVEL, Reasoner, computer_player
from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.computer import RandomPlayer, legal
from referee.table.record import Record
from referee.table.session import Refused, Session

TABLE = {"version": 0, "epoch": 0, "thinking": False, "log": [], "ending": [], "role": "seat"}


def view_of(session: Session, seat: str) -> dict:
    return json.loads(json.dumps({**REGISTRATION.view(session.game, seat), **TABLE}))


class NeverDeclaring(RandomPlayer):
    """Level 0 without its COGITOs: the benchmark's opponents."""

    def choose(self, view):
        moves = [m for m in legal(view) if not m.startswith("cogito")]
        return self.rng.choice(moves) if moves else None


def match(levels: dict[str, int], seed: int, quiet: bool = False) -> Session:
    """One game; each line checked as it is said. Players are asked from the one the game
    waits for; nobody speaking at the last call is the table's tie. ``quiet``: the level 0
    players never declare."""
    players = {
        p: NeverDeclaring(seed * 7 + i)
        if quiet and level == 0
        else computer_player(level, seed * 7 + i)
        for i, (p, level) in enumerate(levels.items())
    }
    setup = Setup(tuple(levels), seed, EXAMPLE_TEXT, "cogito-example.toml")
    session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
    for _ in range(300):
        game = session.game
        if game.finished:
            break
        first = game.calling[0] if game.calling else game.current or game.players[0]
        i = game.players.index(first)
        for seat in (*game.players[i:], *game.players[:i]):
            view = view_of(session, seat)
            if game.seat(seat).playing:
                assert game.seat(seat).self_card in belief(view).possible
            line = players[seat].choose(view)
            if line is None:
                continue
            assert line in legal(view), (seat, line)
            outcomes = session.execute(line, seat)
            assert not any(isinstance(o, Refused) for o in outcomes), (seat, line, outcomes)
            event = session.record.events[-1]
            if event.TYPE == "cogito" and levels[seat] > 0:
                assert event.right, (seat, line)
            break
        else:
            session.execute("end")
            assert session.game.finished, game.summary()
    assert session.game.finished
    return session


@pytest.mark.parametrize("seed", range(12))
def test_bots_say_only_accepted_lines_and_never_a_wrong_cogito(seed):
    levels = [DEFAULT_LEVEL, 1, 0]
    shift = seed % 3
    names = ("ann", "bob", "cy")
    match(dict(zip(names, levels[shift:] + levels[:shift], strict=True)), seed)


def test_the_reasoner_wins_most_games_against_random_players_who_never_declare():
    won = 0
    for seed in range(12):
        names = ("ann", "bob", "cy")
        bot = names[seed % 3]
        levels = {n: DEFAULT_LEVEL if n == bot else 0 for n in names}
        won += match(levels, 100 + seed, quiet=True).game.winner == bot
    assert won >= 8  # the benchmark (benchmarks/bots_cogito.py) measures the rate


def test_the_levels():
    assert isinstance(computer_player(0, 1), RandomPlayer)
    assert isinstance(computer_player(DEFAULT_LEVEL, 1), Reasoner)
    with pytest.raises(ValueError):
        computer_player(3, 1)
    assert computer_player(2, 1).choose({"you": {"legal": []}}) is None
