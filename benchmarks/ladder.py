"""The ladder: every game's levels play round-robins, and Elo ratings are fitted to them.

    .venv/bin/python benchmarks/ladder.py --quick              # a few minutes: a smoke run
    .venv/bin/python benchmarks/ladder.py --games 4 --write    # the full run, for RESULTS.md
    .venv/bin/python benchmarks/ladder.py --only ergo,invicta  # some games only

Every game of ``referee.games.GAMES`` with computer players is played by its levels
(``0`` .. its registration's ``strongest``, the default) and by the newest frozen copy of
an earlier default player in ``benchmarks/previous/`` (``previous``), so a new player or
a new game drops in without a change here. Two-player games: every pair of entrants
plays ``--games`` deals in each colour. Games of more seats (Ergo, Cogito: three):
every set of three entrants plays ``--games`` deals in each rotation of the seats. A
game without a shuffle (Invicta) opens each deal with a few random moves from the deal's
seed, the same in both colours. Every player is given only its seat's view, as JSON, as
the seat door sends it; a game still going after ``--lines`` lines is ranked as it stands.

Each game counts as results between every two seats of different entrants, by their
placing (the winners first, then the points): a win, a draw or a loss. A Bradley-Terry
model is fitted to them by maximum likelihood (Hunter's MM iterations, with one virtual
draw between every two entrants so that a level that never lost still has a finite
rating) and shown as Elo (400 log10 of the strength ratio; level 0 at 0), with a 95%
interval from 200 bootstrap resamples of the games. Also reported: each entrant's think
time per line (median, p95, max), lines refused, and the machine's load.

``--write`` keeps the ratings in ``referee/ratings.json`` (what ``referee bot --help``
says) and prints the Markdown table RESULTS.md keeps.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from previous import newest  # noqa: E402

from referee.client.house import new_record  # noqa: E402
from referee.games import GAMES  # noqa: E402
from referee.table.computer import legal  # noqa: E402
from referee.table.registry import GameRegistration  # noqa: E402
from referee.table.session import Refused, Session  # noqa: E402

RATINGS = ROOT / "referee" / "ratings.json"
NAMES = ("ann", "bob", "cy", "dee")
SEATS = {"ergo": 3, "cogito": 3}  # players at a table; other games: two
LINES = {"palmer": 80}  # lines at most before a game is ranked as it stands
QUICK_LINES = {"palmer": 16}  # --quick
OPENING = {"invicta": 2}  # random moves each seat makes first, in a game without a shuffle
GAME_WIN = {"ergo": 30}  # option values other than the game's defaults (shorter games)
BOOTSTRAP = 200


# ------------------------------------------------------------------ entrants


@dataclass(frozen=True)
class Entrant:
    """One rung of a game's ladder: a level of its registration, or a frozen player."""

    label: str  # "0", "1", ..., "previous"
    make: Callable[[int], Any]  # seed -> a ComputerPlayer
    note: str = ""  # what it is, for the table


def entrants(game: GameRegistration) -> list[Entrant]:
    out = []
    for level in range(game.strongest + 1):
        note = "random" if level == 0 else ("default" if level == game.strongest else "")
        out.append(Entrant(str(level), lambda seed, lv=level: game.player(lv, seed), note))
    found = newest(game.name)
    if found is not None:
        commit, module = found
        out.append(
            Entrant(
                "previous",
                lambda seed, m=module: m.computer_player(m.DEFAULT_LEVEL, seed),
                f"the default at {commit}",
            )
        )
    return out


# ------------------------------------------------------------------ one game


@dataclass
class Played:
    """What one game came to: each seat's entrant and placing key, think times, refusals."""

    labels: tuple[str, ...]
    standing: tuple[tuple[int, float], ...]  # per seat: (a winner, points); higher is better
    think: dict[str, list[float]] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    lines: int = 0
    finished: bool = True


def standing(view: dict, players: Sequence[str]) -> tuple[tuple[int, float], ...]:
    """Each seat's placing key from the public view: whether it is among the winners
    (``winners``, or ``winner`` naming a player or a player's side), then its points."""
    winners = set(view.get("winners") or ())
    won = view.get("winner")
    for p in view.get("players") or ():
        if won is not None and won in (p.get("name"), p.get("side")):
            winners.add(p.get("name"))
    scores = {p.get("name"): p.get("score") or 0 for p in view.get("players") or ()}
    return tuple((int(p in winners), float(scores.get(p, 0))) for p in players)


def play(
    game: GameRegistration,
    seating: Sequence[Entrant],
    seed: int,
    services: dict,
    max_lines: int,
) -> Played:
    players = NAMES[: len(seating)]
    values: dict[str, Any] = {"players": ",".join(players)}
    option_names = {o.name for o in game.options}
    if "seed" in option_names:
        values["seed"] = seed
    for name, value in (("win", GAME_WIN.get(game.name)),):
        if value is not None and name in option_names:
            values[name] = value
    record = new_record(game, values, (), None)
    session = Session(record, game.language(**services))
    bots = {p: e.make(seed * 10 + i) for i, (p, e) in enumerate(zip(players, seating, strict=True))}
    label = dict(zip(players, (e.label for e in seating), strict=True))
    played = Played(tuple(e.label for e in seating), ())
    chance = random.Random(f"opening:{game.name}:{seed}")
    opening = OPENING.get(game.name, 0) * len(players)
    last = len(players) - 1
    try:
        while not session.game.finished and played.lines < max_lines:
            order = [players[(last + 1 + k) % len(players)] for k in range(len(players))]
            first = game.view(session.game, None).get("to_play")  # the player whose turn it is
            if first in order:
                order.remove(first)
                order.insert(0, first)
            said = False
            for seat in order:
                view = json.loads(json.dumps(game.view(session.game, seat)))
                lines = legal(view)
                if not lines:
                    continue
                if played.lines < opening:
                    line = chance.choice(lines)
                else:
                    start = time.perf_counter()
                    line = bots[seat].choose(view)
                    played.think.setdefault(label[seat], []).append(time.perf_counter() - start)
                if not line:
                    continue
                outcomes = session.execute(line, seat)
                if any(isinstance(o, Refused) for o in outcomes):
                    played.refused[label[seat]] = played.refused.get(label[seat], 0) + 1
                played.lines += 1
                last = players.index(seat)
                said = True
                break
            if not said:  # nobody speaks: the table's end (Cogito's last call)
                session.execute("end")
                if not session.game.finished:
                    break
    finally:
        for bot in bots.values():
            bot.close()
    played.finished = bool(session.game.finished)
    played.standing = standing(game.view(session.game, None), players)
    return played


def schedule(
    entries: list[Entrant], seats: int, deals: int
) -> list[tuple[tuple[Entrant, ...], int]]:
    """(seating, deal) of every game: each pair in both colours, or each set of ``seats``
    entrants in every rotation, ``deals`` deals each (the same deals for every group)."""
    out = []
    groups = list(itertools.combinations(entries, seats))
    if not groups:  # fewer entrants than seats: every entrant, the first repeated
        groups = [tuple((entries * seats)[:seats])]
    for deal in range(1, deals + 1):
        for group in groups:
            for r in range(seats):
                out.append((group[r:] + group[:r], deal))
    return out


# ------------------------------------------------------------------ ratings


def pairwise(games: Sequence[Played]) -> list[tuple[str, str, float]]:
    """(a, b, score of a) for every two seats of different entrants in each game."""
    out = []
    for g in games:
        for i, j in itertools.combinations(range(len(g.labels)), 2):
            a, b = g.labels[i], g.labels[j]
            if a == b:
                continue
            si, sj = g.standing[i], g.standing[j]
            out.append((a, b, 1.0 if si > sj else 0.0 if si < sj else 0.5))
    return out


def bradley_terry(labels: Sequence[str], results: Sequence[tuple[str, str, float]]) -> dict:
    """Each label's Elo (the first at 0) by maximum likelihood, with one virtual draw
    between every two labels (Hunter's MM iterations)."""
    index = {x: k for k, x in enumerate(labels)}
    n = len(labels)
    wins = [0.0] * n
    meet = [[0.0] * n for _ in range(n)]
    for a, b in itertools.combinations(range(n), 2):  # the virtual draw
        wins[a] += 0.5
        wins[b] += 0.5
        meet[a][b] += 1
        meet[b][a] += 1
    for a, b, s in results:
        i, j = index[a], index[b]
        wins[i] += s
        wins[j] += 1 - s
        meet[i][j] += 1
        meet[j][i] += 1
    p = [1.0] * n
    for _ in range(500):
        new = []
        for i in range(n):
            denominator = sum(meet[i][j] / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(wins[i] / denominator if denominator else p[i])
        scale = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / scale for x in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, p, strict=True)) < 1e-9
        p = new
        if done:
            break
    anchor = math.log(p[0])
    return {x: 400 / math.log(10) * (math.log(p[index[x]]) - anchor) for x in labels}


def ratings(labels: Sequence[str], games: Sequence[Played], seed: int = 39) -> dict:
    """Elo with a 95% bootstrap interval (games resampled), games played, results."""
    rng = random.Random(seed)
    point = bradley_terry(labels, pairwise(games))
    samples: dict[str, list[float]] = {x: [] for x in labels}
    for _ in range(BOOTSTRAP):
        resample = [rng.choice(games) for _ in games]
        fitted = bradley_terry(labels, pairwise(resample))
        for x in labels:
            samples[x].append(fitted[x])
    out = {}
    for x in labels:
        s = sorted(samples[x])
        results = [(a, b, r) for a, b, r in pairwise(games) if x in (a, b)]
        score = sum(r if a == x else 1 - r for a, b, r in results)
        out[x] = {
            "elo": round(point[x]),
            "low": round(s[int(0.025 * (len(s) - 1))]),
            "high": round(s[int(0.975 * (len(s) - 1))]),
            "games": sum(1 for g in games if x in g.labels),
            "results": len(results),
            "score": score,
        }
    return out


# ------------------------------------------------------------------ the run


def loadavg() -> str:
    path = Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.exists() else "?"


def percentile(values: Sequence[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def ladder(game: GameRegistration, deals: int, quick: bool) -> dict:
    entries = entrants(game)
    seats = SEATS.get(game.name, 2)
    lines = LINES.get(game.name, 3000)
    if quick:
        lines = QUICK_LINES.get(game.name, lines)
    services_of = game.terminal().game.services if game.terminal is not None else None
    games: list[Played] = []
    start = time.monotonic()
    record = new_record(game, {"players": ",".join(NAMES[:seats])}, (), None)
    manager = services_of(record) if services_of is not None else contextlib.nullcontext({})
    with manager as services:  # one referee engine (Palmer's claims) for every game
        for seating, deal in schedule(entries, seats, deals):
            games.append(play(game, seating, deal, services, lines))
    labels = [e.label for e in entries]
    rated = ratings(labels, games)
    for e in entries:
        think = [t for g in games for t in g.think.get(e.label, [])]
        rated[e.label].update(
            note=e.note,
            think_median=statistics.median(think) if think else 0.0,
            think_p95=percentile(think, 0.95),
            think_max=max(think, default=0.0),
            refused=sum(g.refused.get(e.label, 0) for g in games),
        )
    return {
        "game": game.name,
        "title": game.title,
        "seats": seats,
        "games": len(games),
        "unfinished": sum(not g.finished for g in games),
        "seconds": round(time.monotonic() - start),
        "levels": rated,
    }


def table(result: dict) -> str:
    rows = [
        f"**{result['title']}** ({result['seats']} seats, {result['games']} games, "
        f"{result['unfinished']} ranked unfinished, {result['seconds']} s)",
        "",
        "| level | Elo | 95% interval | games | pairwise results | score"
        " | think median / p95 / max s | refused |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for label, r in result["levels"].items():
        name = f"{label} ({r['note']})" if r["note"] else label
        rows.append(
            f"| {name} | {r['elo']} | {r['low']} to {r['high']} | {r['games']} | "
            f"{r['results']} | {r['score']:g} | {r['think_median']:.3f} / "
            f"{r['think_p95']:.3f} / {r['think_max']:.2f} | {r['refused']} |"
        )
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="deals per pairing and colour")
    ap.add_argument("--quick", action="store_true", help="one deal, short Palmer games")
    ap.add_argument("--only", default="", help="games to play, comma-separated")
    ap.add_argument("--write", action="store_true", help="keep the ratings for referee bot")
    ap.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = ap.parse_args()
    deals = 1 if args.quick else args.games
    only = {g.strip() for g in args.only.split(",") if g.strip()}
    print(f"machine: {platform.platform()}; load {loadavg()} at the start; {sys.argv[1:]}")
    results = []
    for game in GAMES:
        if game.computer is None or (only and game.name not in only):
            continue
        result = ladder(game, deals, args.quick)
        results.append(result)
        print(table(result), "\n", flush=True)
    print(f"load {loadavg()} at the end")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    if args.write:
        kept = json.loads(RATINGS.read_text(encoding="utf-8")) if RATINGS.exists() else {}
        for r in results:
            kept[r["game"]] = {
                "title": r["title"],
                "games": r["games"],
                "date": time.strftime("%Y-%m-%d"),
                "levels": {
                    label: {k: v[k] for k in ("elo", "low", "high", "games")}
                    for label, v in r["levels"].items()
                    if label.isdigit()
                },
            }
        order = [g.name for g in GAMES if g.name in kept]  # the one list's order
        kept = {name: kept[name] for name in order + [n for n in kept if n not in order]}
        RATINGS.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
