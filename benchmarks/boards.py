"""cvc5 in a worker: a fresh solver per question against one incremental solver per board.

    .venv/bin/python benchmarks/boards.py [--boards 60] [--grown 0]

The questions of ``versus.py``'s corpora, in order (a board's consistency,
then each statement's redundancy), each put to ``find_model_cvc5`` twice in
this process, one right after the other: with a fresh solver (as before
issue 23's third pass) and with the ``Boards`` a worker keeps. Both with the
unsat core shrunk, as the engine asks; what a worker does between tasks
(``Boards.tidy``) is left out of the time, as it is off a question's path.
Reports the medians and tails of each, per answer, and any disagreement.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import paired  # noqa: E402
from versus import question  # noqa: E402

from referee.logic import cvc5_finder  # noqa: E402


def timed(asked, timeout: float, boards) -> tuple[str, float]:
    """(status, seconds) of cvc5 in this process on a prepared question (``versus.question``),
    with a core, asked of ``boards`` (None: a fresh solver)."""
    start = time.perf_counter()
    r = cvc5_finder.find_model_cvc5(*asked, time.monotonic() + timeout, core=True, boards=boards)
    return r.status.value, time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=60, help="ordinary boards (3-7 statements)")
    ap.add_argument("--grown", type=int, default=0, help="grown boards (8-13 statements)")
    ap.add_argument("--timeout", type=float, default=3.0)
    args = ap.parse_args()
    cvc5_finder.warm_up()
    boards = cvc5_finder.Boards()
    rows = []
    for corpus, (qid, _kind, premises, goals, _vocab) in paired.corpus(args.boards, args.grown):
        asked = question(premises, goals)
        row = {"id": qid, "corpus": corpus}
        for who, kept in (("fresh", None), ("board", boards)):
            row[who] = timed(asked, args.timeout, kept)
            boards.tidy()
        rows.append(row)
    head = "median / p90 / p95 ms"
    print(f"| corpus | answer | questions | fresh solver {head} | board's solver {head} |")
    print("| --- | --- | --- | --- | --- |")
    for corpus in ("ordinary", "grown"):
        for answer in ("unsat", "model", "all"):
            part = [r for r in rows if r["corpus"] == corpus and answer in ("all", r["fresh"][0])]
            if not part:
                continue

            def ms(who: str, part=part) -> str:
                t = sorted(r[who][1] for r in part)
                cut = [t[int(q * (len(t) - 1))] for q in (0.9, 0.95)]
                return " / ".join(f"{1000 * x:.1f}" for x in [statistics.median(t), *cut])

            print(f"| {corpus} | {answer} | {len(part)} | {ms('fresh')} | {ms('board')} |")
    differ = [
        r["id"]
        for r in rows
        if r["fresh"][0] != r["board"][0] and "unknown" not in (r["fresh"][0], r["board"][0])
    ]
    print(f"\nanswers that differ: {differ}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
