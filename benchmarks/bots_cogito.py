"""Cogito's computer players against outside opponents: wins, wrong COGITOs, refused lines.

    .venv/bin/python benchmarks/bots_cogito.py [--games 60] [--seed 1] [--player default]
        [--against deduction,quiet] [--order mover|anytime]

Three-player games on the example deck. The measured player (``--player``) sits in every
seat in turn and the two opponents (``--against``) swap sides every three games, so
the six seatings come round equally; every player is given only its seat's view (as
JSON, as the web table sends it). Players, by name (:func:`player_of`, which the ladder
uses too):

- ``default`` or a level number: ``referee.cogito.player`` (``REGISTRATION.player``);
- ``random``: level 0, any legal line (its COGITOs are guesses);
- ``quiet``: a random player that never says COGITO (the opponents of issue 29);
- ``deduction``: ``cogito_deduction.DeductionPlayer``, written from the rules alone:
  declares when its deduction leaves one card, otherwise random;
- ``previous``: the default player frozen before issue 39 (``benchmarks/previous/``).

``--order``: ``mover`` asks the seat the game waits for first, then the others
clockwise, and plays the first line said (a COGITO off one's turn waits until the
others have nothing to say); ``anytime`` asks every other seat first whether it
declares (COGITO at any time, as the rules allow), then the mover. The table says
``end`` when nobody speaks at the last call.

Reported: the measured player's wins with a Wilson 95% interval and the game count,
who else won, ties and its ego disruptions, wrong COGITOs (its own, and everyone's),
lines refused (by anyone: a line not in the seat's ``you.legal``, or refused by the
session), and its think time per move (median, p95, max). ``cogito_results`` is what
``benchmarks/bots.py`` calls.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cogito_deduction import DeductionPlayer
from intervals import wilson

from referee.cogito.registration import REGISTRATION
from referee.cogito.setup import Setup
from referee.table.computer import RandomPlayer, legal
from referee.table.record import Record
from referee.table.session import Refused, Session

HERE = Path(__file__).resolve().parent
DECK = HERE.parent / "cards" / "cogito-example.toml"
PLAYERS = ("ann", "bob", "cy")
PREVIOUS = "d669509"  # the commit the frozen previous default player is copied from
NAMES = ("default", "random", "quiet", "careful", "deduction", "previous")


class Quiet(RandomPlayer):
    """A random player that never says COGITO."""

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = [m for m in legal(view) if not m.startswith("cogito")]
        return self.rng.choice(moves) if moves else None


def previous_module():
    """``referee/cogito/player.py`` as it was at commit ``PREVIOUS`` (benchmarks/previous/)."""
    name = f"previous_cogito_player_{PREVIOUS}"
    module = sys.modules.get(name)
    if module is None:
        path = HERE / "previous" / f"cogito_player_{PREVIOUS}.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return module


def player_of(name: str | int, seed: int | None):
    """A player by name (``NAMES``) or level number, seeded."""
    if isinstance(name, int) or str(name).isdigit():
        return REGISTRATION.player(int(name), seed)
    if name == "default":
        return REGISTRATION.player(None, seed)
    if name == "random":
        return REGISTRATION.player(0, seed)
    if name == "careful":
        return REGISTRATION.player(1, seed)
    if name == "quiet":
        return Quiet(seed)
    if name == "deduction":
        return DeductionPlayer(seed)
    if name == "previous":
        module = previous_module()
        return module.computer_player(module.DEFAULT_LEVEL, seed)
    raise ValueError(f"no Cogito player called {name!r} ({', '.join(NAMES)}, or a level)")


def seat_view(session: Session, seat: str) -> dict:
    """What ``GET SEAT_URL/view`` sends: the game's seat view and the table's fields."""
    view = REGISTRATION.view(session.game, seat)
    table = {"version": 0, "epoch": 0, "thinking": False, "log": [], "ending": [], "role": "seat"}
    return json.loads(json.dumps({**view, **table}))


def asking_order(game, order: str) -> list[str]:
    """Whom the table asks, in order, for the next line."""
    players = list(game.players)
    first = game.calling[0] if game.calling else game.current or players[0]
    i = players.index(first)
    clockwise = players[i:] + players[:i]
    if order == "anytime" and game.current and not game.calling:
        return clockwise[1:] + clockwise[:1]  # the others may declare before the mover moves
    return clockwise


def play(players: Mapping[str, Any], seed: int, deck_text: str, order: str = "mover") -> dict:
    """One game; returns the winner, every seat's wrong COGITOs and think times, the lines
    refused, and how each player ended."""
    setup = Setup(tuple(players), seed, deck_text, DECK.name)
    session = Session(Record(REGISTRATION.kind, setup), REGISTRATION.commands())
    thinks: dict[str, list[float]] = {p: [] for p in players}
    wrong = dict.fromkeys(players, 0)
    refused: list[tuple[str, str]] = []
    for _ in range(1000):
        game = session.game
        if game.finished:
            break
        for seat in asking_order(game, order):
            view = seat_view(session, seat)
            start = time.perf_counter()
            line = players[seat].choose(view)
            thinks[seat].append(time.perf_counter() - start)
            if line is None:
                continue
            before = len(session.record.events)
            outcomes = session.execute(line, seat)
            if any(isinstance(o, Refused) for o in outcomes) or line not in legal(view):
                refused.append((seat, line))
            if len(session.record.events) == before:
                continue
            event = session.record.events[-1]
            if event.TYPE == "cogito" and not event.right:
                wrong[event.player] += 1
            break
        else:
            session.execute("end")  # nobody speaks: the table's tie (at the last call)
            if not session.game.finished:
                raise RuntimeError(f"a game stalled: {game.summary()}")
    game = session.game
    ended = {s.name: s.disruption.value if s.disruption else s.standing.value for s in game.seats}
    return {
        "winner": game.winner,
        "wrong": wrong,
        "refused": refused,
        "thinks": thinks,
        "ended": ended,
    }


def seating(number: int, measured: str, against: Sequence[str]) -> dict[str, str]:
    """Who sits where in game ``number``: the measured player in seat ``number % 3``, the
    opponents swapping sides every three games."""
    first, second = against if (number // 3) % 2 == 0 else tuple(reversed(against))
    at = number % len(PLAYERS)
    return {
        PLAYERS[at]: "measured",
        PLAYERS[(at + 1) % 3]: first,
        PLAYERS[(at + 2) % 3]: second,
    }


def cogito_results(
    games: int = 60,
    seed: int = 1,
    player: str | int = "default",
    against: Sequence[str] = ("deduction", "quiet"),
    order: str = "mover",
) -> dict:
    """``player`` against the two ``against`` over ``games`` games, seats rotated."""
    deck_text = DECK.read_text(encoding="utf-8")
    rng = random.Random(seed)
    wins = wrong = wrong_all = 0
    refused: list[tuple[str, str, str]] = []
    outcomes: Counter[str] = Counter()
    thinks: list[float] = []
    for number in range(games):
        roles = seating(number, str(player), against)
        players = {
            seat: player_of(player if role == "measured" else role, rng.randrange(2**31))
            for seat, role in roles.items()
        }
        result = play(players, rng.randrange(2**31), deck_text, order)
        bot = next(s for s, r in roles.items() if r == "measured")
        wins += result["winner"] == bot
        wrong += result["wrong"][bot]
        wrong_all += sum(result["wrong"].values())
        refused += [(roles[s], s, line) for s, line in result["refused"]]
        lost = " after its ego disruption" if result["ended"][bot] == "two_red" else ""
        if result["winner"] is None:
            outcomes[f"tie{lost}"] += 1
        elif result["winner"] != bot:
            outcomes[f"{roles[result['winner']]} won{lost}"] += 1
        thinks += result["thinks"][bot]
        for p in players.values():
            p.close()
    low, high = wilson(wins, games)
    thinks.sort()
    return {
        "game": "cogito",
        "player": player,
        "against": list(against),
        "order": order,
        "games": games,
        "wins": wins,
        "win_rate": wins / games,
        "wilson95": (low, high),
        "others": dict(outcomes),
        "wrong_cogitos": wrong,
        "wrong_cogitos_all": wrong_all,
        "refused": len(refused),
        "refused_lines": refused[:10],
        "think_median_s": statistics.median(thinks),
        "think_p95_s": thinks[int(0.95 * (len(thinks) - 1))],
        "think_max_s": thinks[-1],
        "moves": len(thinks),
    }


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--player", default="default")
    ap.add_argument("--against", default="deduction,quiet")
    ap.add_argument("--order", choices=("mover", "anytime"), default="mover")
    args = ap.parse_args()
    against = tuple(args.against.split(","))
    if len(against) != 2:
        raise SystemExit("--against names two players")
    before = loadavg()
    r = cogito_results(args.games, args.seed, args.player, against, args.order)
    low, high = r["wilson95"]
    print(
        f"cogito {args.player} vs {'+'.join(against)} ({args.order}): "
        f"{r['wins']}/{r['games']} wins = {r['win_rate']:.1%} "
        f"(Wilson 95% {low:.1%}-{high:.1%}); otherwise {r['others']}; "
        f"wrong COGITOs {r['wrong_cogitos']} (everyone's {r['wrong_cogitos_all']}), "
        f"refused lines {r['refused']} {r['refused_lines']}; think median "
        f"{r['think_median_s'] * 1000:.2f} ms, p95 {r['think_p95_s'] * 1000:.1f} ms, max "
        f"{r['think_max_s'] * 1000:.1f} ms over {r['moves']} moves; "
        f"load {before} -> {loadavg()}"
    )


if __name__ == "__main__":
    main()
