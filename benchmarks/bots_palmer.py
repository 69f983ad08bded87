"""Palmer's computer players: one level against others, in dealt games of two or more seats.

.venv/bin/python benchmarks/bots_palmer.py [--games 8] [--lines 60] [--seed 1] [--seats 2]
    [--level 2] [--opponent 0|1|previous] [--ponder SECONDS] [--house RULE=VALUE ...]

The measured player (``--level``, default the default level) takes each seat in turn
(seat ``game mod seats``); the other seats are ``--opponent`` players (a level, or
``previous``: the newest frozen copy of an earlier default player in
``benchmarks/previous/``). Each player is given only its seat's view (as JSON) and its
line is said through the session, refereed by an engine of its own (claim limit 2 s).
Measured per player kind:

* claims missed: of the player's turns that began with a claim available (a judge engine,
  2 s a question, proves the board inconsistent or an unscored statement redundant), those
  in which it claimed nothing;
* claims the referee rejected (or sent to a vote);
* gifts: statements (and ¬) after which the judge shows a claim available to the next
  player (the board inconsistent, or a statement redundant); among them, boards made
  inconsistent that the judge showed consistent before, and forced gifts: written where
  the player might not pass (house rule ``passing=stuck``) and none of the statements
  it tried was shown safe, so that it wrote the one it found least harmful (its
  ``forced``; ``forced`` writes count every such statement, a gift or not);
* lines the table refused; think time per line (median, p95, max); moves that reached a
  player's wall-clock safety cap and said its fixed line instead (``fallbacks``, for
  players that count them); the games' results, and the measured player's wins with a
  Wilson 95% interval (a game without a winner is no win).

``--house RULE=VALUE`` (repeatable): the table's house rules (``passing=stuck``, say).

``--ponder S``: after every line, each player that can ponder is shown its seat's view
and analyses the board for up to S seconds before the next line (as it would while a
person or a remote player thinks); not counted as think time.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from intervals import wilson  # noqa: E402
from palmer_bots import Said, new_session, play_match  # noqa: E402

from referee.logic.engine import Engine, Limits, Status  # noqa: E402
from referee.palmer.events import ClaimOutcome  # noqa: E402
from referee.palmer.outcomes import ClaimSettled  # noqa: E402
from referee.palmer.player import DEFAULT_LEVEL, computer_player  # noqa: E402
from referee.palmer.registration import REGISTRATION  # noqa: E402
from referee.table.session import Refused  # noqa: E402

JUDGE_SECONDS = 2.0
NAMES = ("ann", "bob", "cy", "dee")


def previous_player(seed: int):
    """The newest frozen default player (``benchmarks/previous/``)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from previous import previous_player as frozen

    return frozen("palmer", seed)


def player_of(kind: str, seed: int):
    return previous_player(seed) if kind == "previous" else computer_player(int(kind), seed)


def claim_available(judge: Engine, session) -> bool:
    game = session.game
    formulas = [e.statement.asserted for e in game.board]
    if not formulas:
        return False
    analysis = judge.analyze(formulas, timeout=JUDGE_SECONDS)
    if analysis.consistency.status == Status.INCONSISTENT:
        return True
    return any(
        v.status == Status.ENTAILED and not e.scored
        for e, v in zip(game.board, analysis.redundancy, strict=True)
    )


def loadavg() -> str:
    path = Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.exists() else "?"


def percentile(values, q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--lines", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--level", default=str(DEFAULT_LEVEL))
    ap.add_argument("--opponent", default="0")
    ap.add_argument("--ponder", type=float, default=0.0)
    ap.add_argument("--house", action="append", default=[], metavar="RULE=VALUE")
    args = ap.parse_args()
    rules = dict(switch.split("=", 1) for switch in args.house)
    mine = args.level if args.level == "previous" else f"level {args.level}"
    other = args.opponent if args.opponent == "previous" else f"level {args.opponent}"
    if mine == other:
        raise SystemExit("--level and --opponent are the same player")
    print(f"machine: {platform.platform()}, load {loadavg()} at start; {args}")
    stats: dict[str, dict] = {kind: defaultdict(int) | {"think": []} for kind in (mine, other)}
    results: dict[str, int] = defaultdict(int)
    won = 0
    start = time.monotonic()
    seats = NAMES[: args.seats]
    with (
        Engine(Limits(timeout=2.0, workers=1)) as referee,
        Engine(Limits(timeout=JUDGE_SECONDS, workers=1)) as judge,
    ):
        for g in range(args.games):
            seed = args.seed + g
            kind_of = {s: (mine if i == g % args.seats else other) for i, s in enumerate(seats)}
            players = {
                s: player_of(args.level if kind_of[s] == mine else args.opponent, seed * 10 + i)
                for i, s in enumerate(seats)
            }
            session = new_session(referee, seats, seed=seed, claim_timeout=2.0, **rules)
            turns: dict[tuple[str, int], dict] = {}

            def before(session, seat, turns=turns):
                game = session.game
                key = (seat, game.turn)
                if game.pending is None and game.player == seat and key not in turns:
                    turns[key] = {"available": claim_available(judge, session), "claimed": 0}

            def observe(x: Said, turns=turns, kind_of=kind_of, players=players, session=session):
                if args.ponder > 0:
                    for seat, player in players.items():
                        if hasattr(player, "ponder") and not session.game.finished:
                            view = json.loads(json.dumps(REGISTRATION.view(session.game, seat)))
                            player.ponder(view, seconds=args.ponder)
                s = stats[kind_of[x.seat]]
                s["lines"] += 1
                s["think"].append(x.seconds)
                first = x.outcomes[0] if x.outcomes else None
                if isinstance(first, Refused):
                    s["refused"] += 1
                elif isinstance(first, ClaimSettled):
                    s["claims"] += 1
                    if first.claim.outcome != ClaimOutcome.UPHELD:
                        s["rejected"] += 1
                    elif (x.seat, x.turn) in turns:
                        turns[(x.seat, x.turn)]["claimed"] += 1
                elif x.line.startswith(("play", "negate")) and x.after != x.before:
                    s["writes"] += 1
                    forced = getattr(players[x.seat], "forced", None) is not None
                    s["forced"] += forced
                    if claim_available(judge, session):
                        s["gifts"] += 1
                        s["forced_gifts"] += forced
                        after = judge.consistency(list(x.after), timeout=JUDGE_SECONDS).status
                        if after == Status.INCONSISTENT:
                            was = judge.consistency(list(x.before), timeout=JUDGE_SECONDS)
                            s["made_inconsistent"] += was.status == Status.CONSISTENT

            try:
                play_match(session, players, args.lines, observe, before)
            finally:
                for s, p in players.items():
                    stats[kind_of[s]]["fallbacks"] += getattr(p, "fallbacks", 0)
                    p.close()
            for (seat, _), t in turns.items():
                s = stats[kind_of[seat]]
                s["turns"] += 1
                if t["available"]:
                    s["available"] += 1
                    s["missed"] += t["claimed"] == 0
            game = session.game
            for seat, points in game.scores.items():
                stats[kind_of[seat]]["points"] += points
            winner = game.winner
            won += winner is not None and kind_of[winner] == mine
            results[
                f"{kind_of[winner]} won ({game.finish.value})"
                if winner
                else ("unfinished" if not game.finished else "no winner")
            ] += 1
            print(
                f"game {g + 1}: seed {seed}, {mine} in seat {g % args.seats + 1}, {game.turn} "
                f"turns, scores {dict(game.scores)}, winner {winner} "
                f"{game.finish.value if game.finish else 'unfinished'}",
                flush=True,
            )
    print(f"\n{args.games} games, {time.monotonic() - start:.0f} s, load {loadavg()} at the end")
    header = (
        "| player | lines | turns | claim available | missed (Wilson 95%) | claims | rejected"
        " | writes | forced | gifts (forced) | made inconsistent | refused | fallbacks"
        " | think median / p95 / max s |"
    )
    print(header)
    print("|" + " --- |" * 14)
    for kind, s in stats.items():
        think = s["think"] or [0.0]
        low, high = wilson(s["missed"], s["available"])
        missed = f"{s['missed']} ({100 * low:.0f}-{100 * high:.0f}%)"
        print(
            f"| {kind} | {s['lines']} | {s['turns']} | {s['available']} | {missed} "
            f"| {s['claims']} | {s['rejected']} | {s['writes']} | {s['forced']} "
            f"| {s['gifts']} ({s['forced_gifts']}) "
            f"| {s['made_inconsistent']} | {s['refused']} | {s['fallbacks']} "
            f"| {statistics.median(think):.3f} / "
            f"{percentile(think, 0.95):.3f} / {max(think):.2f} |"
        )
    print("results:", dict(results))
    low, high = wilson(won, args.games)
    print(f"{mine} won {won} of {args.games} games (Wilson 95% {100 * low:.0f}-{100 * high:.0f}%)")
    for kind, s in stats.items():
        print(f"{kind}: points {s['points']} in {args.games} games")


if __name__ == "__main__":
    main()
