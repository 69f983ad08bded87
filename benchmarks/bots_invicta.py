"""Invicta's computer players against each other: the strength ladder of issue 29.

``ladder(games)`` plays the default level against level 0 and against level 1
(and level 1 against level 0),
half the games with each colour, every game from a fixed opening (a few random
placements from a fixed seed) through the game's own session, each player fed
only its seat's view. It reports each pairing's win rate with a Wilson 95%
interval and the game count, and the default player's think time (median, max).

    .venv/bin/python benchmarks/bots_invicta.py [GAMES_PER_PAIRING]
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass

from intervals import wilson

from referee.invicta.player import DEFAULT_LEVEL, computer_player
from referee.invicta.registration import REGISTRATION
from referee.invicta.setup import HouseRules, Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

MAX_MOVES = 300  # a game still on after this many moves counts as a draw
OPENING = 2  # random placements each side makes before the players take over

seat_view = REGISTRATION.view  # the seat's view, with its legal moves


@dataclass(frozen=True)
class Pairing:
    player: int
    opponent: int
    games: int
    wins: int
    draws: int
    losses: int
    low: float  # Wilson 95% interval of the win rate
    high: float
    think_median: float  # seconds a move, the first player's
    think_max: float
    refused: int


def play(white, black, seed: int, rules: HouseRules | None = None):
    """One game through the session; returns the winner ('white', 'black' or None), the
    think times of each side, and how many lines were refused."""
    session = Session(
        Record(REGISTRATION.kind, Setup("white", "black", rules or HouseRules())),
        REGISTRATION.commands(),
    )
    chance = random.Random(seed)
    players = {"white": white, "black": black}
    times: dict[str, list[float]] = {"white": [], "black": []}
    refused = 0
    for _ in range(2 * OPENING):  # the fixed opening
        game = session.game
        seat = game.to_move.value
        lines = seat_view(game, seat)["you"]["legal"]
        session.execute(chance.choice([line for line in lines if "-" not in line]), seat)
    while not session.game.finished and session.game.moves < MAX_MOVES:
        game = session.game
        seat = game.to_move.value
        view = seat_view(game, seat)
        start = time.perf_counter()
        line = players[seat].choose(view)
        times[seat].append(time.perf_counter() - start)
        said = session.execute(line, seat)
        if any(isinstance(o, Refused) for o in said):
            refused += 1
            break
    winner = session.game.winner
    return (winner.value if winner is not None else None), times, refused


def pairing(level: int, opponent: int, games: int, seed: int = 29) -> Pairing:
    wins = draws = losses = refused = 0
    times: list[float] = []
    for g in range(games):
        mine = "white" if g % 2 == 0 else "black"
        a = computer_player(level, seed + g)
        b = computer_player(opponent, seed + 1000 + g)
        white, black = (a, b) if mine == "white" else (b, a)
        winner, took, bad = play(white, black, seed + g // 2)
        times += took[mine]
        refused += bad
        if winner == mine:
            wins += 1
        elif winner is None:
            draws += 1
        else:
            losses += 1
        a.close()
        b.close()
    low, high = wilson(wins, games)
    return Pairing(
        level, opponent, games, wins, draws, losses, low, high,
        statistics.median(times) if times else 0.0, max(times, default=0.0), refused,
    )  # fmt: skip


def ladder(games: int = 20) -> list[Pairing]:
    """The default player against level 0 and level 1, ``games`` games each, and level 1
    against level 0 (the rungs below should be a ladder too)."""
    return [
        pairing(DEFAULT_LEVEL, 0, games),
        pairing(DEFAULT_LEVEL, 1, games),
        pairing(1, 0, games),
    ]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for row in ladder(n):
        print(json.dumps(asdict(row)), flush=True)
