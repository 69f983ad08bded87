"""Palmer's computer players: the default level against level 0 (random legal lines).

.venv/bin/python benchmarks/bots_palmer.py [--games 8] [--lines 60] [--seed 1]

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
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from palmer_bots import Said, new_session, play_match  # noqa: E402

from referee.logic.engine import Engine, Limits, Status  # noqa: E402
from referee.palmer.events import ClaimOutcome  # noqa: E402
from referee.palmer.outcomes import ClaimSettled  # noqa: E402
from referee.palmer.player import DEFAULT_LEVEL, computer_player  # noqa: E402
from referee.table.session import Refused  # noqa: E402

JUDGE_SECONDS = 2.0


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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--lines", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    load = Path("/proc/loadavg").read_text().split()[0] if Path("/proc/loadavg").exists() else "?"
    print(f"machine: {platform.platform()}, load {load} at start")
    stats: dict[int, dict] = {
        level: defaultdict(int) | {"think": []} for level in (DEFAULT_LEVEL, 0)
    }
    results: dict[str, int] = defaultdict(int)
    start = time.monotonic()
    with (
        Engine(Limits(timeout=2.0, workers=1)) as referee,
        Engine(Limits(timeout=JUDGE_SECONDS, workers=1)) as judge,
    ):
        for g in range(args.games):
            seed = args.seed + g
            levels = (DEFAULT_LEVEL, 0) if g % 2 == 0 else (0, DEFAULT_LEVEL)
            seats = ("ann", "bob")
            level_of = dict(zip(seats, levels, strict=True))
            players = {s: computer_player(level_of[s], seed * 10 + i) for i, s in enumerate(seats)}
            session = new_session(referee, seats, seed=seed, claim_timeout=2.0)
            turns: dict[tuple[str, int], dict] = {}

            def before(session, seat, turns=turns, level_of=level_of):
                game = session.game
                key = (seat, game.turn)
                if game.pending is None and game.player == seat and key not in turns:
                    turns[key] = {"available": claim_available(judge, session), "claimed": 0}

            def observe(x: Said, turns=turns, level_of=level_of):
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
    print(f"\n{args.games} games, {time.monotonic() - start:.0f} s")
    header = (
        "| level | lines | turns | claim available | missed | claims | rejected"
        " | writes | made inconsistent | refused | think median s | think max s |"
    )
    print(header)
    print("|" + " --- |" * 12)
    for level, s in stats.items():
        think = s["think"] or [0.0]
        missed = f"{s['missed']} ({100 * s['missed'] / max(1, s['available']):.0f}%)"
        print(
            f"| {level} | {s['lines']} | {s['turns']} | {s['available']} | {missed} "
            f"| {s['claims']} | {s['rejected']} | {s['writes']} | {s['made_inconsistent']} "
            f"| {s['refused']} | {statistics.median(think):.3f} | {max(think):.2f} |"
        )
    print("results:", dict(results))


if __name__ == "__main__":
    main()
