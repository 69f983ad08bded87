"""Cogito's default computer player against two random players that never declare.

.venv/bin/python benchmarks/bots_cogito.py [--games 60] [--seed 1]

Three-player games on the example deck, the default player's seat rotated
game by game; every player is given only its seat's view (as JSON, as the
web table sends it). The random players choose among their plays and gifts
and never say COGITO, so a game is the default player's to win (a COGITO
named right) or not (a tie, or its ego disruption). Reported: its wins with
a Wilson 95% interval, the games, its wrong COGITOs (must be 0), the lines
refused (must be 0) and its think time per move, median and max.
``cogito_results`` is the function a benchmarks/bots.py can call.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from intervals import wilson

from referee.cogito.player import DEFAULT_LEVEL, computer_player
from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.computer import RandomPlayer, legal
from referee.table.record import Record
from referee.table.session import Refused, Session

DECK = Path(__file__).resolve().parent.parent / "cards" / "cogito-example.toml"
PLAYERS = ("ann", "bob", "cy")


class NeverDeclaring(RandomPlayer):
    """A random player that never says COGITO."""

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = [m for m in legal(view) if not m.startswith("cogito")]
        return self.rng.choice(moves) if moves else None


def seat_view(session: Session, seat: str) -> dict:
    """What ``GET SEAT_URL/view`` sends: the game's seat view and the table's fields."""
    view = REGISTRATION.view(session.game, seat)
    table = {"version": 0, "epoch": 0, "thinking": False, "log": [], "ending": [], "role": "seat"}
    return json.loads(json.dumps({**view, **table}))


def play(players: Mapping[str, Any], seed: int, deck_text: str) -> dict:
    """One game: each player asked in turn from the one the game waits for; the table says
    ``end`` at the last call when nobody speaks. Returns what happened, and think times."""
    setup = Setup(tuple(players), seed, deck_text, "cogito-example.toml")
    session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
    thinks: dict[str, list[float]] = {p: [] for p in players}
    wrong = {p: 0 for p in players}
    refused = 0
    for _ in range(1000):
        game = session.game
        if game.finished:
            break
        first = game.calling[0] if game.calling else game.current or players_of(game)[0]
        order = players_of(game)
        order = order[order.index(first) :] + order[: order.index(first)]
        for seat in order:
            view = seat_view(session, seat)
            start = time.perf_counter()
            line = players[seat].choose(view)
            thinks[seat].append(time.perf_counter() - start)
            if line is None:
                continue
            outcomes = session.execute(line, seat)
            if any(isinstance(o, Refused) for o in outcomes) or line not in legal(view):
                refused += 1
                continue
            event = session.record.events[-1]
            if event.TYPE == "cogito" and not event.right:
                wrong[seat] += 1
            break
        else:
            session.execute("end")  # nobody speaks: the table's tie (at the last call)
            if not session.game.finished:
                raise RuntimeError(f"a game stalled: {game.summary()}")
    game = session.game
    return {"winner": game.winner, "wrong": wrong, "refused": refused, "thinks": thinks}


def players_of(game) -> list[str]:
    return list(game.players)


def cogito_results(games: int = 60, seed: int = 1, level: int = DEFAULT_LEVEL) -> dict:
    """The default player (``level``) against two random never-declaring players."""
    deck_text = DECK.read_text(encoding="utf-8")
    rng = random.Random(seed)
    wins = wrong = refused = 0
    thinks: list[float] = []
    for number in range(games):
        bot = PLAYERS[number % len(PLAYERS)]  # the seat rotates
        players = {
            p: computer_player(level, rng.randrange(2**31))
            if p == bot
            else NeverDeclaring(rng.randrange(2**31))
            for p in PLAYERS
        }
        result = play(players, rng.randrange(2**31), deck_text)
        wins += result["winner"] == bot
        wrong += result["wrong"][bot]
        refused += result["refused"]
        thinks += result["thinks"][bot]
    low, high = wilson(wins, games)
    return {
        "game": "cogito",
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "wilson95": (low, high),
        "wrong_cogitos": wrong,
        "refused": refused,
        "think_median_s": statistics.median(thinks),
        "think_max_s": max(thinks),
        "moves": len(thinks),
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", type=int, default=DEFAULT_LEVEL)
    args = ap.parse_args()
    r = cogito_results(args.games, args.seed, args.level)
    low, high = r["wilson95"]
    print(
        f"cogito level {args.level}: {r['wins']}/{r['games']} wins = {r['win_rate']:.0%} "
        f"(Wilson 95% {low:.0%}-{high:.0%}); wrong COGITOs {r['wrong_cogitos']}, "
        f"refused lines {r['refused']}; think median {r['think_median_s'] * 1000:.2f} ms, "
        f"max {r['think_max_s'] * 1000:.2f} ms over {r['moves']} moves"
    )


if __name__ == "__main__":
    main()
