"""What Palmer's players' counted questions decide, against the judge's race.

.venv/bin/python benchmarks/bots_palmer_questions.py [--boards 8] [--seed 7]
    [--cvc5 20000] [--e 30000]

Grown boards (``grow.py``: 8-13 statements, built the way a game builds them): the
consistency of each and the redundancy of each of its statements, asked twice: by the
engine's race (every prover, 2 s a question: what the bench's judge asks) and by
``referee.logic.counted`` within the players' counted work (cvc5's resource units,
then E's term bank insertions; one worker, no clock). Reported: how many each decided,
how many only one of them did, disagreements (there must be none: both are sound), and
the counted questions' time (median, p95, max). The counted answers are asked twice
more, in another order, to show they are the same every time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from grow import grow_boards  # noqa: E402

from referee.logic.counted import Counted, Work  # noqa: E402
from referee.logic.engine import Engine, Limits, Status  # noqa: E402

YES = {Status.ENTAILED, Status.INCONSISTENT}
NO = {Status.NOT_ENTAILED, Status.CONSISTENT}


def answer(status: Status) -> str:
    return "yes" if status in YES else "no" if status in NO else "?"


def loadavg() -> str:
    path = Path("/proc/loadavg")
    return " ".join(path.read_text().split()[:3]) if path.exists() else "?"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=8)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cvc5", type=int, default=20_000)
    ap.add_argument("--e", type=int, default=30_000)
    args = ap.parse_args()
    print(f"load {loadavg()} at start; {args}")
    boards, _ = grow_boards(args.boards, seed=args.seed)
    questions = []
    for board in boards:
        fs = board.formulas
        questions.append((fs, []))
        questions += [(fs[:i] + fs[i + 1 :], [fs[i]]) for i in range(len(fs))]
    race: list[str] = []
    with Engine(Limits(timeout=2.0, workers=2)) as engine:
        for premises, goals in questions:
            v = (
                engine.entailment(premises, goals, timeout=2.0)
                if goals
                else engine.consistency(premises, timeout=2.0)
            )
            race.append(answer(v.status))
    work = Work(cvc5=args.cvc5, e_inserts=args.e)
    runs: list[list[str]] = []
    seconds: list[float] = []
    for k in range(3):
        order = list(range(len(questions)))
        random.Random(k).shuffle(order)
        out = [""] * len(questions)
        with Engine(Limits(timeout=10.0, workers=1)) as engine:
            counted = Counted(engine, work, cap=10.0)
            for i in order if k else range(len(questions)):
                premises, goals = questions[i]
                start = time.monotonic()
                v = counted.entailment(premises, goals) if goals else counted.consistency(premises)
                if k == 0:
                    seconds.append(time.monotonic() - start)
                out[i] = answer(v.status)
        runs.append(out)
    mine = runs[0]
    seconds.sort()
    print(f"{len(boards)} boards, {len(questions)} questions; load {loadavg()} at the end")
    print("| asked by | yes | no | undecided | decided by it alone | disagreements |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, out, other in (("race, 2 s", race, mine), ("counted", mine, race)):
        alone = sum(a != "?" and b == "?" for a, b in zip(out, other, strict=True))
        wrong = sum(a != b and "?" not in (a, b) for a, b in zip(out, other, strict=True))
        print(
            f"| {name} | {out.count('yes')} | {out.count('no')} | {out.count('?')} "
            f"| {alone} | {wrong} |"
        )
    same = all(run == mine for run in runs)
    print(
        f"counted: {statistics.median(seconds):.3f} / "
        f"{seconds[int(0.95 * len(seconds))]:.3f} / {seconds[-1]:.3f} s (median / p95 / max); "
        f"the same answers in three orders: {same}"
    )


if __name__ == "__main__":
    main()
