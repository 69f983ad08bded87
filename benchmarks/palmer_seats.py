"""Palmer at a table of three: one player against two level-1 players, points and wins by seat.

.venv/bin/python benchmarks/palmer_seats.py [--games 42] [--seed 701] [--player default|1|strong]
    [--house passing=stuck ...] [--offset K --step N]

The measured player takes seat ``game mod 3`` of dealt games (hand 3, win 3, claim limit
2 s); the other two seats are level-1 players (:class:`~referee.palmer.player.ProvingPlayer`).
Without `bots_palmer.py`'s judge, so a game costs only the players' own work: a quick
count of who wins. Every player's choice is a function of its view and its seed (counted
work), so the same deals give the same games at any load; only the think times depend on it.

Points and wins are counted by seat as seen from the measured player: its own, the next
player's (who takes the gifts it hands over) and the one before it (whose gifts it takes).

``--player``:

* ``default``: the default (level 2);
* ``1``: a level-1 player in the measured seat (the control: three equal players, each
  expected to win a third);
* ``strong``: the default with ten times the work per question (cvc5 200,000 resource
  units, E 300,000 term bank insertions) and about two and a half times the search
  (60 statements tried, 150 questions a move, 30 a statement): not a level anyone plays
  (its slowest moves take minutes), a ceiling for what more thinking buys.

``--offset K --step N`` plays games K, K+N, K+2N, ... (to split a run over processes).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from bots_palmer import loadavg, percentile  # noqa: E402
from intervals import wilson  # noqa: E402
from palmer_bots import new_session, play_match  # noqa: E402

from referee.logic.counted import Work  # noqa: E402
from referee.logic.engine import Engine, Limits  # noqa: E402
from referee.palmer import player as palmer  # noqa: E402

SEATS = ("ann", "bob", "cy")
STRONG_LIMITS = {
    "STUCK_CANDIDATES": 60,
    "STUCK_QUESTIONS": 150,
    "STUCK_CHECK_QUESTIONS": 30,
    "CANDIDATES": 60,
    "MOVE_QUESTIONS": 150,
    "CHECK_QUESTIONS": 30,
    "MOVE_CAP": 120.0,
}


class StrongPlayer(palmer.TrappingPlayer):
    """The default with ten times the work and a wider search (a ceiling, not a level)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, Work(cvc5=200_000, e_inserts=300_000, steps=2_000_000))

    def choose(self, view):
        saved = {name: getattr(palmer, name) for name in STRONG_LIMITS}
        for name, value in STRONG_LIMITS.items():
            setattr(palmer, name, value)
        try:
            return super().choose(view)
        finally:
            for name, value in saved.items():
                setattr(palmer, name, value)


def measured(kind: str, seed: int):
    if kind == "strong":
        return StrongPlayer(seed)
    return palmer.computer_player(palmer.DEFAULT_LEVEL if kind == "default" else int(kind), seed)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=42)
    ap.add_argument("--seed", type=int, default=701)
    ap.add_argument("--player", default="default", choices=("default", "1", "strong"))
    ap.add_argument("--house", action="append", default=[], metavar="RULE=VALUE")
    ap.add_argument("--offset", type=int, default=0)
    ap.add_argument("--step", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="one line of JSON per game")
    args = ap.parse_args()
    rules = dict(switch.split("=", 1) for switch in args.house)
    print(f"machine: {platform.platform()}, load {loadavg()} at start; {args}", flush=True)
    wins = [0, 0, 0]
    points = [0, 0, 0]
    think: list[float] = []
    others: list[float] = []
    played = 0
    start = time.monotonic()
    with Engine(Limits(timeout=2.0, workers=1)) as referee:
        for g in range(args.offset, args.games, args.step):
            seed = args.seed + g
            mine = g % 3
            players = {
                s: measured(args.player, seed * 10 + i)
                if i == mine
                else palmer.ProvingPlayer(seed * 10 + i)
                for i, s in enumerate(SEATS)
            }
            session = new_session(referee, SEATS, seed=seed, claim_timeout=2.0, **rules)
            try:
                said = play_match(session, players, 90)
            finally:
                for p in players.values():
                    p.close()
            game = session.game
            by_seat = [game.scores.get(SEATS[(mine + k) % 3], 0) for k in range(3)]
            winner = None if game.winner is None else (SEATS.index(game.winner) - mine) % 3
            played += 1
            for k in range(3):
                points[k] += by_seat[k]
            if winner is not None:
                wins[winner] += 1
            think += [x.seconds for x in said if x.seat == SEATS[mine]]
            others += [x.seconds for x in said if x.seat != SEATS[mine]]
            finish = game.finish.value if game.finish else "unfinished"
            if args.json:
                print(json.dumps({"seed": seed, "points": by_seat, "winner": winner}), flush=True)
            else:
                who = ("measured", "next", "before")[winner] if winner is not None else "nobody"
                print(f"game {g + 1}: seed {seed}, points {by_seat}, {who} won ({finish})")
    lo, hi = wilson(wins[0], played)
    print(f"\n{played} games, {time.monotonic() - start:.0f} s, load {loadavg()} at the end")
    print(
        f"player {args.player}: won {wins[0]} of {played} ({wins[0] / max(played, 1):.0%}, "
        f"Wilson {lo:.0%}-{hi:.0%}); wins measured/next/before {wins}, points {points}"
    )
    for name, values in (("measured", think), ("level 1", others)):
        print(
            f"think {name}: median {percentile(values, 0.5):.3f} / p95 "
            f"{percentile(values, 0.95):.3f} / max {max(values, default=0.0):.2f} s "
            f"({len(values)} lines)"
        )


if __name__ == "__main__":
    main()
