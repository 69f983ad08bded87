"""Palmer's computer players: the default level against level 0 (random legal lines), or
against the previous version of the default player (``--opponent previous``: the frozen
copy in ``benchmarks/previous/``, commit named in its file name).

.venv/bin/python benchmarks/bots_palmer.py [--games 8] [--lines 60] [--seed 1]
    [--opponent 0|previous] [--ponder SECONDS]

Two-player dealt games; the default player takes the first seat in even games and the
second in odd ones. Each player is given only its seat's view (as JSON) and its line is
said through the session, refereed by an engine of its own (claim limit 2 s). Measured
per level:

* claims missed: of the player's turns that began with a claim available (a judge engine,
  2 s a question, proves the board inconsistent or an unscored statement redundant), those
  in which it claimed nothing;
* claims the referee rejected (or sent to a vote);
* statements (and ¬) that made a board the judge showed consistent inconsistent;
* lines the table refused; think time per line (median, max); the games' results.

``--ponder S``: after every line, each player that can ponder (the default) is shown its
seat's view and analyses the board for up to S seconds before the other seat's line (as
it would while a person or a remote player thinks); not counted as think time.
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
PREVIOUS = "45c7584"  # the commit the frozen previous player is copied from


def previous_player(seed: int):
    """The default player as it was at commit ``PREVIOUS`` (benchmarks/previous/)."""
    import importlib.util

    path = Path(__file__).parent / "previous" / f"palmer_player_{PREVIOUS}.py"
    spec = importlib.util.spec_from_file_location(f"palmer_player_{PREVIOUS}", path)
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return module.ProvingPlayer(seed)


def claim_available(judge: Engine, session) -> bool:
    game = session.game
    formulas = [e.statement.asserted for e in game.board]
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--lines", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", choices=("0", "previous"), default="0")
    ap.add_argument("--ponder", type=float, default=0.0)
    args = ap.parse_args()
    other = 0 if args.opponent == "0" else f"previous ({PREVIOUS})"
    load = loadavg()
    print(f"machine: {platform.platform()}, load {load} at start; {args}")
    stats: dict[int, dict] = {
        level: defaultdict(int) | {"think": []} for level in (DEFAULT_LEVEL, other)
    }
    results: dict[str, int] = defaultdict(int)
    start = time.monotonic()
    with (
        Engine(Limits(timeout=2.0, workers=1)) as referee,
        Engine(Limits(timeout=JUDGE_SECONDS, workers=1)) as judge,
    ):
        for g in range(args.games):
            seed = args.seed + g
            levels = (DEFAULT_LEVEL, other) if g % 2 == 0 else (other, DEFAULT_LEVEL)
            seats = ("ann", "bob")
            level_of = dict(zip(seats, levels, strict=True))
            players = {
                s: computer_player(level_of[s], seed * 10 + i)
                if level_of[s] != other or other == 0
                else previous_player(seed * 10 + i)
                for i, s in enumerate(seats)
            }
            session = new_session(referee, seats, seed=seed, claim_timeout=2.0)
            turns: dict[tuple[str, int], dict] = {}

            def before(session, seat, turns=turns, level_of=level_of):
                game = session.game
                key = (seat, game.turn)
                if game.pending is None and game.player == seat and key not in turns:
                    turns[key] = {"available": claim_available(judge, session), "claimed": 0}

            def observe(x: Said, turns=turns, level_of=level_of, players=players, session=session):
                if args.ponder > 0:
                    for seat, player in players.items():
                        if hasattr(player, "ponder") and not session.game.finished:
                            view = json.loads(json.dumps(REGISTRATION.view(session.game, seat)))
                            player.ponder(view, seconds=args.ponder)
                s = stats[level_of[x.seat]]
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
                    after = judge.consistency(list(x.after), timeout=JUDGE_SECONDS).status
                    if after == Status.INCONSISTENT:
                        was = judge.consistency(list(x.before), timeout=JUDGE_SECONDS).status
                        if was == Status.CONSISTENT:
                            s["made_inconsistent"] += 1

            try:
                play_match(session, players, args.lines, observe, before)
            finally:
                for p in players.values():
                    p.close()
            for (seat, _), t in turns.items():
                s = stats[level_of[seat]]
                s["turns"] += 1
                if t["available"]:
                    s["available"] += 1
                    s["missed"] += t["claimed"] == 0
            game = session.game
            winner = game.winner
            results[
                f"level {level_of[winner]} won ({game.finish.value})"
                if winner
                else ("unfinished" if not game.finished else "no winner")
            ] += 1
            print(
                f"game {g + 1}: seed {seed}, {levels[0]} first, {game.turn} turns, "
                f"scores {dict(game.scores)}, winner {winner} "
                f"{game.finish.value if game.finish else 'unfinished'}",
                flush=True,
            )
    end_load = loadavg()
    print(f"\n{args.games} games, {time.monotonic() - start:.0f} s, load {end_load} at the end")
    header = (
        "| level | lines | turns | claim available | missed | claims | rejected"
        " | writes | made inconsistent | refused | think median s | think max s |"
    )
    print(header)
    print("|" + " --- |" * 12)
    for level, s in stats.items():
        think = s["think"] or [0.0]
        low, high = wilson(s["missed"], s["available"])
        missed = (
            f"{s['missed']} ({100 * s['missed'] / max(1, s['available']):.0f}%, "
            f"Wilson {100 * low:.0f}-{100 * high:.0f}%)"
        )
        print(
            f"| {level} | {s['lines']} | {s['turns']} | {s['available']} | {missed} "
            f"| {s['claims']} | {s['rejected']} | {s['writes']} | {s['made_inconsistent']} "
            f"| {s['refused']} | {statistics.median(think):.3f} | {max(think):.2f} |"
        )
    print("results:", dict(results))
    won = sum(n for k, n in results.items() if k.startswith(f"level {DEFAULT_LEVEL} won"))
    low, high = wilson(won, args.games)
    print(f"default won {won} of {args.games} games (Wilson 95% {100 * low:.0f}-{100 * high:.0f}%)")


if __name__ == "__main__":
    main()
