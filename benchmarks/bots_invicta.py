"""Invicta's computer players against each other: the strength ladder of issues 29 and 39.

Players are chosen by name (:data:`PLAYERS`, what ``benchmarks/ladder.py`` reads):
``random`` (level 0), ``rule`` (level 1: a win in one, else a block), ``default`` (the
default level), ``previous`` (the default as it was before issue 39, frozen in
``benchmarks/previous/``) and ``outsider`` (``outsider_invicta.py``: a depth-2 alpha-beta
that sees forks, written from the rules alone; ``outsider3`` is its depth-3 shape). The
levels' numbers name them too (``0``, ``1``, ``2``).

``pairing(a, b, games)`` plays ``a`` against ``b``, colours alternating, each pair of games
from one seeded opening (a few random placements a side), through the game's own session,
each player fed only its seat's view. It reports ``a``'s points (a win 1, a draw 1/2) with a
Wilson 95% interval and the game count, the same as white and as black, ``a``'s think
time (median, p95, max) and how many of its moves the safety cap cut (``capped``: then the
move may depend on the load); a game still on after ``MAX_MOVES`` moves is a draw.

    .venv/bin/python benchmarks/bots_invicta.py [--games 40] [--busy 4] [PLAYER OPPONENT]...

``--busy N`` starts N busy processes for the run and stops them after (each also stops
as soon as its parent is gone, so a killed run leaves none behind); ``uptime`` is
printed before and after.
Without pairs it plays the ladder: the default against every other rung.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import previous
from intervals import wilson
from outsider_invicta import DEEPER, Outsider

from referee.invicta.player import DEFAULT_LEVEL, computer_player
from referee.invicta.registration import REGISTRATION
from referee.invicta.setup import HouseRules, Setup
from referee.table.record import Record
from referee.table.session import Refused, Session

MAX_MOVES = 300  # a game still on after this many moves counts as a draw
OPENING = 2  # random placements each side makes before the players take over

seat_view = REGISTRATION.view  # the seat's view, with its legal moves


def previous_player(seed: int | None = None):
    """The newest frozen previous default (``benchmarks/previous/invicta_player_COMMIT.py``,
    found the way ``ladder.py`` finds it), at its own default level."""
    return previous.previous_player("invicta", seed)


# Every player a ladder may name, as a function of the seed.
PLAYERS: dict[str, Callable] = {
    "random": lambda seed: computer_player(0, seed),
    "rule": lambda seed: computer_player(1, seed),
    "default": lambda seed: computer_player(DEFAULT_LEVEL, seed),
    "previous": previous_player,
    "outsider": Outsider,
    "outsider3": lambda seed: Outsider(seed, DEEPER),
}
ALIASES = {"0": "random", "1": "rule", str(DEFAULT_LEVEL): "default"}


def player(name: str | int, seed: int | None = None):
    """The player called ``name`` (a key of :data:`PLAYERS`, or a level's number)."""
    return PLAYERS[ALIASES.get(str(name), str(name))](seed)


@dataclass(frozen=True)
class Pairing:
    player: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float  # wins + draws / 2
    low: float  # Wilson 95% interval of the share of points
    high: float
    white_points: float  # the same, in the games the player had white
    white_games: int
    black_points: float
    black_games: int
    black_low: float
    black_high: float
    think_median: float  # seconds a move, the player's (wall clock)
    think_p95: float
    think_max: float
    cpu_median: float  # the same in the process's CPU time (what the load does not stretch)
    cpu_max: float
    opponent_median: float  # seconds a move, the opponent's
    capped: int  # the player's moves some part of which its safety cap cut
    moves: int  # the player's moves
    refused: int
    moves_median: float  # moves a game


def play(white, black, seed: int, rules: HouseRules | None = None):
    """One game through the session; returns the winner ('white', 'black' or None), the
    think times of each side, and how many lines were refused."""
    winner, times, refused, _, _, _ = play_counted(white, black, seed, rules)
    return winner, times, refused


def capped(player) -> int:
    """How many parts of the player's last move its safety cap cut (0 for a player
    without one)."""
    return getattr(getattr(player, "searcher", None), "capped", 0)


def play_counted(white, black, seed: int, rules: HouseRules | None = None):
    """:func:`play`, how many moves the game lasted, each side's CPU times, and how many
    of each side's moves the safety cap cut."""
    session = Session(
        Record(REGISTRATION.kind, Setup("white", "black", rules or HouseRules())),
        REGISTRATION.commands(),
    )
    chance = random.Random(seed)
    players = {"white": white, "black": black}
    times: dict[str, list[float]] = {"white": [], "black": []}
    cpu: dict[str, list[float]] = {"white": [], "black": []}
    cut = {"white": 0, "black": 0}
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
        start, used = time.perf_counter(), time.process_time()
        line = players[seat].choose(view)
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.process_time() - used)
        cut[seat] += capped(players[seat]) > 0
        said = session.execute(line, seat)
        if any(isinstance(o, Refused) for o in said):
            refused += 1
            break
    winner = session.game.winner
    moves = session.game.moves
    return (winner.value if winner is not None else None), times, refused, moves, cpu, cut


def pairing(name: str | int, opponent: str | int, games: int, seed: int = 29, log=None) -> Pairing:
    """``name`` against ``opponent``, ``games`` games, colours alternating; the openings
    come from ``seed`` (one for each pair of games, so each is played from both sides)."""
    name, opponent = ALIASES.get(str(name), str(name)), ALIASES.get(str(opponent), str(opponent))
    wins = draws = losses = refused = 0
    by_colour = {"white": [0.0, 0], "black": [0.0, 0]}
    times: list[float] = []
    cpus: list[float] = []
    theirs: list[float] = []
    lengths: list[int] = []
    cut = 0
    for g in range(games):
        mine = "white" if g % 2 == 0 else "black"
        a = player(name, seed + g)
        b = player(opponent, seed + 1000 + g)
        white, black = (a, b) if mine == "white" else (b, a)
        winner, took, bad, moves, cpu, cuts = play_counted(white, black, seed + g // 2)
        cut += cuts[mine]
        times += took[mine]
        cpus += cpu[mine]
        theirs += took["black" if mine == "white" else "white"]
        lengths.append(moves)
        refused += bad
        point = 1.0 if winner == mine else 0.5 if winner is None else 0.0
        wins += point == 1.0
        draws += point == 0.5
        losses += point == 0.0
        by_colour[mine][0] += point
        by_colour[mine][1] += 1
        a.close()
        b.close()
        if log is not None:
            log(f"game {g}: {name} {mine}, winner {winner}, {moves} moves, think max "
                f"{max(took[mine], default=0):.2f} s, capped {cuts[mine]}")  # fmt: skip
    points = wins + draws / 2
    low, high = wilson(points, games)
    black_low, black_high = wilson(*by_colour["black"])
    return Pairing(
        name, opponent, games, wins, draws, losses, points, low, high,
        by_colour["white"][0], by_colour["white"][1], by_colour["black"][0],
        by_colour["black"][1], black_low, black_high,
        statistics.median(times) if times else 0.0, p95(times), max(times, default=0.0),
        statistics.median(cpus) if cpus else 0.0, max(cpus, default=0.0),
        statistics.median(theirs) if theirs else 0.0, cut, len(times), refused,
        statistics.median(lengths) if lengths else 0.0,
    )  # fmt: skip


def p95(values: list[float]) -> float:
    """The 95th percentile (the nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def ladder(games: int = 20) -> list[Pairing]:
    """The default player against every other rung, ``games`` games each, and the rule
    level against random (the rungs below should be a ladder too)."""
    return [
        pairing("default", "outsider", games),
        pairing("default", "previous", games),
        pairing("default", "rule", games),
        pairing("default", "random", games),
        pairing("rule", "random", games),
    ]


def uptime() -> str:
    """What ``uptime`` says (the load averages beside the numbers)."""
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        path = Path("/proc/loadavg")
        return " ".join(path.read_text().split()[:3]) if path.exists() else "?"


# A busy process: spins until its parent (this run) is gone, however the run ended.
BUSY = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    pass\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="pairs of players: PLAYER OPPONENT ...")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--busy", type=int, default=0, help="busy processes beside the run")
    ap.add_argument("--verbose", action="store_true", help="a line for each game")
    args = ap.parse_args()
    if len(args.names) % 2:
        raise SystemExit("give players in pairs: PLAYER OPPONENT")
    pairs = list(zip(args.names[::2], args.names[1::2], strict=True))
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(args.busy)]
    log = (lambda text: print(text, file=sys.stderr, flush=True)) if args.verbose else None
    try:
        print(json.dumps({"uptime_before": uptime(), "busy": args.busy, "args": vars(args)}))
        if not pairs:
            rows = ladder(args.games)
        else:
            rows = []
            for a, b in pairs:
                rows.append(pairing(a, b, args.games, args.seed, log))
                print(json.dumps(asdict(rows[-1])), flush=True)
        if not pairs:
            for row in rows:
                print(json.dumps(asdict(row)), flush=True)
        print(json.dumps({"uptime_after": uptime()}))
    finally:
        for process in busy:
            process.kill()
            process.wait()


if __name__ == "__main__":
    main()
