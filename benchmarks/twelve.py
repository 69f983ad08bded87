"""analyze of examples/boards/twelve.txt, and the questions a game asks as a board grows.

.venv/bin/python benchmarks/twelve.py [--runs 5]

* ``analyze``: five full analyses (consistency and every statement's
  redundancy) with warm workers, each from a cold start of the engine's
  memory of models (``Engine.forget``), so no run profits from the one before;
* incremental: the board's first k statements analysed (untimed), then the
  statement k+1 played: is the board still consistent, and does the new
  statement follow from the others? Each question timed, for k = 2 … 11.
"""

import argparse
import statistics
import time
from pathlib import Path

from referee.language.boardfile import parse_board
from referee.language.deck import load_deck_text
from referee.logic.engine import Engine, Limits
from referee.resources import default_deck_path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    deck = load_deck_text(default_deck_path().read_text(encoding="utf-8"))
    board = parse_board(
        (ROOT / "examples/boards/twelve.txt").read_text(encoding="utf-8"), deck.vocabulary
    )
    formulas = [s.asserted for s in board.statements]
    with Engine(Limits(timeout=3)) as engine:
        engine.warm()
        runs = []
        for _ in range(args.runs):
            engine.forget()
            runs.append(engine.analyze(formulas).seconds)
        print(
            "analyze seconds:",
            ", ".join(f"{r:.3f}" for r in runs),
            f"median {statistics.median(runs):.3f}",
        )
        engine.forget()
        times = []
        for k in range(2, len(formulas)):
            engine.analyze(formulas[:k])
            start = time.perf_counter()
            engine.consistency(formulas[: k + 1])
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            engine.entailment(formulas[:k], [formulas[k]])
            times.append(time.perf_counter() - start)
        times.sort()
        print(
            f"incremental questions: {len(times)}, median {1000 * statistics.median(times):.1f} ms,"
            f" max {1000 * times[-1]:.1f} ms; each:",
            ", ".join(f"{1000 * t:.1f}" for t in times),
        )


if __name__ == "__main__":
    main()
