"""Ergo's computer players against each other: one level against two players of another.

Each deal (a seed) is played once per rotation of the seats, so the measured
player sits in every place of the same deals (duplicate deals). Reported: the
measured player's share of all points taken, with a Wilson 95% interval over
games (a game's share counted as its fraction of a win), the game count, its
think time per move (median, p95, max), and how often it played each special card.
``match`` is what ``benchmarks/bots.py`` calls; run as a script:

    .venv/bin/python benchmarks/bots_ergo.py --deals 7 --win 30 --opponent 1

``--opponent``: 0 (random), 1 (greedy) or ``previous`` (the frozen previous default,
``benchmarks/previous/``); ``--level``: the measured player's level (default: the
default level).
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
SPECIALS = ("fallacy", "justify", "tabula", "revolution", "ergo")

seat_view = REGISTRATION.view


@dataclass(frozen=True)
class Result:
    level: int | str
    opponent: int | str
    games: int
    share: float  # of all points taken, by the measured player
    low: float
    high: float
    wins: float  # games it won (a shared win counted as its share)
    think_median: float
    think_p95: float
    think_max: float
    refused: int
    specials: dict  # how often it played each special card


def player_of(level: int | str, seed: int):
    if level == "previous":
        from previous import previous_player

        return previous_player("ergo", seed)
    return computer_player(int(level), seed)


def play(seed: int, levels: dict[str, int | str], win: int, think: dict, said: dict) -> dict:
    """One game in dealt mode; each seat's player sees only its seat's view. Final scores."""
    seats = tuple(Seat(name, "ABC"[i]) for i, name in enumerate(NAMES))
    text = ergo_deck_path("english").read_text(encoding="utf-8")
    setup = Setup(Settings(seats, Mode.DEALT, seed, win), HouseRules(), text, "english.toml")
    session = Session(Record(GAME, setup), ErgoCommands())
    players = {n: player_of(lv, seed * 10 + i) for i, (n, lv) in enumerate(levels.items())}
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
        said.setdefault(seat, []).append(line)
        outcomes = session.execute(line, seat)
        if any(isinstance(o, (Refused, PlacementRefused)) for o in outcomes):
            refused += 1
            raise RuntimeError(f"refused: {line!r}")
    game = session.game
    return {"scores": dict(game.scores), "winners": game.winners, "refused": refused}


def match(
    deals: int = 4,
    win: int = 30,
    first_seed: int = 1,
    level: int | str = DEFAULT_LEVEL,
    opponent: int | str = 0,
) -> Result:
    """``level`` in each of three seats over ``deals`` deals, against two ``opponent``."""
    share_sum, wins, games, taken, total = 0.0, 0.0, 0, 0, 0
    times: list[float] = []
    specials = dict.fromkeys(SPECIALS, 0)
    refused = 0
    for seed in range(first_seed, first_seed + deals):
        for place in range(len(NAMES)):
            levels = {n: (level if i == place else opponent) for i, n in enumerate(NAMES)}
            think: dict[str, list[float]] = {}
            said: dict[str, list[str]] = {}
            got = play(seed, levels, win, think, said)
            refused += got["refused"]
            scores = got["scores"]
            bot = NAMES[place]
            times += think.get(bot, [])
            for line in said.get(bot, []):
                if line.split()[0] in specials:
                    specials[line.split()[0]] += 1
            all_points = sum(scores.values())
            taken += scores[bot]
            total += all_points
            share_sum += scores[bot] / all_points if all_points else 1 / len(NAMES)
            if bot in got["winners"]:
                wins += 1 / len(got["winners"])
            games += 1
    low, high = wilson(share_sum, games)
    times.sort()
    return Result(
        level,
        opponent,
        games,
        taken / total if total else 0.0,
        low,
        high,
        wins,
        statistics.median(times) if times else 0.0,
        times[int(0.95 * (len(times) - 1))] if times else 0.0,
        max(times, default=0.0),
        refused,
        specials,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--win", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default=str(DEFAULT_LEVEL))
    parser.add_argument("--opponent", default="0")
    args = parser.parse_args()
    level = args.level if args.level == "previous" else int(args.level)
    opponent = args.opponent if args.opponent == "previous" else int(args.opponent)
    start = time.perf_counter()
    load = open("/proc/loadavg").read().split()[:3]
    r = match(args.deals, args.win, args.seed, level, opponent)
    end = open("/proc/loadavg").read().split()[:3]
    print(
        f"level {r.level} vs two {r.opponent}: games {r.games}  share {r.share:.1%}  "
        f"(Wilson 95% {r.low:.1%}-{r.high:.1%})  wins {r.wins:g}  think median "
        f"{r.think_median:.3f}s p95 {r.think_p95:.3f}s max {r.think_max:.3f}s  "
        f"refused {r.refused}  specials {r.specials}  wall {time.perf_counter() - start:.0f}s  "
        f"load {' '.join(load)} -> {' '.join(end)}"
    )


if __name__ == "__main__":
    main()
