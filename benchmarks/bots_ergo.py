"""Ergo's computer players against each other: the default level against two level-0 players.

Each deal (a seed) is played once per rotation of the seats, so the default
player sits in every place of the same deals (duplicate deals). Reported: the
default player's share of all points taken, with a Wilson 95% interval over
games (a game's share counted as its fraction of a win), the game count, and
its think time per move (median, max). ``match`` is what a future
``benchmarks/bots.py`` calls; run as a script for a modest count:

    .venv/bin/python benchmarks/bots_ergo.py --deals 4 --win 30
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import dataclass

from intervals import wilson

from referee.ergo.commands import ErgoCommands
from referee.ergo.decks import bundled_deck_path as ergo_deck_path
from referee.ergo.outcomes import PlacementRefused
from referee.ergo.player import DEFAULT_LEVEL, computer_player
from referee.ergo.records import GAME
from referee.ergo.registration import REGISTRATION
from referee.ergo.setup import HouseRules, Mode, Seat, Settings, Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

NAMES = ("ann", "bob", "cat")

seat_view = REGISTRATION.view


@dataclass(frozen=True)
class Result:
    games: int
    share: float  # of all points taken, by the default player
    low: float
    high: float
    think_median: float
    think_max: float
    refused: int


def play(seed: int, levels: dict[str, int], win: int, think: dict[str, list[float]]) -> dict:
    """One game in dealt mode; each seat's player sees only its seat's view. Final scores."""
    seats = tuple(Seat(name, "ABC"[i]) for i, name in enumerate(NAMES))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, Mode.DEALT, seed, win), HouseRules(), text, "english.toml")
    session = Session(Record(GAME, setup), ErgoCommands())
    players = {n: computer_player(lv, seed * 10 + i) for i, (n, lv) in enumerate(levels.items())}
    refused = 0
    for _ in range(5000):
        game = session.game
        if game.finished:
            break
        seat = game.player
        view = json.loads(json.dumps(seat_view(game, seat)))  # as the seat door sends it
        start = time.perf_counter()
        line = players[seat].choose(view)
        think.setdefault(seat, []).append(time.perf_counter() - start)
        if line is None:
            raise RuntimeError(f"{seat} had nothing to say")
        outcomes = session.execute(line, seat)
        if any(isinstance(o, (Refused, PlacementRefused)) for o in outcomes):
            refused += 1
            raise RuntimeError(f"refused: {line!r}")
    return {"scores": dict(session.game.scores), "refused": refused}


def match(deals: int = 4, win: int = 30, first_seed: int = 1) -> Result:
    """The default level in each of three seats over ``deals`` deals, against two level 0."""
    share_sum, games, taken, total = 0.0, 0, 0, 0
    times: list[float] = []
    refused = 0
    for seed in range(first_seed, first_seed + deals):
        for place in range(len(NAMES)):
            levels = {n: (DEFAULT_LEVEL if i == place else 0) for i, n in enumerate(NAMES)}
            think: dict[str, list[float]] = {}
            got = play(seed, levels, win, think)
            refused += got["refused"]
            scores = got["scores"]
            bot = NAMES[place]
            times += think.get(bot, [])
            all_points = sum(scores.values())
            taken += scores[bot]
            total += all_points
            share_sum += scores[bot] / all_points if all_points else 1 / len(NAMES)
            games += 1
    low, high = wilson(share_sum, games)
    return Result(
        games,
        taken / total if total else 0.0,
        low,
        high,
        statistics.median(times) if times else 0.0,
        max(times, default=0.0),
        refused,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--win", type=int, default=30)
    args = parser.parse_args()
    start = time.perf_counter()
    r = match(args.deals, args.win)
    print(
        f"games {r.games}  default share {r.share:.1%}  "
        f"(Wilson 95% {r.low:.1%}-{r.high:.1%})  think median {r.think_median:.3f}s "
        f"max {r.think_max:.3f}s  refused {r.refused}  wall {time.perf_counter() - start:.0f}s"
    )


if __name__ == "__main__":
    main()
