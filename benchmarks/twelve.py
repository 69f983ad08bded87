"""Engine time of a full analyze of examples/boards/twelve.txt, five times, warm workers.

.venv/bin/python benchmarks/twelve.py
"""

import statistics
from pathlib import Path

from referee.language.boardfile import parse_board
from referee.language.deck import load_deck_text
from referee.logic.engine import Engine, Limits
from referee.resources import default_deck_path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    deck = load_deck_text(default_deck_path().read_text(encoding="utf-8"))
    board = parse_board(
        (ROOT / "examples/boards/twelve.txt").read_text(encoding="utf-8"), deck.vocabulary
    )
    formulas = [s.asserted for s in board.statements]
    with Engine(Limits(timeout=3)) as engine:
        engine.warm()
        runs = [engine.analyze(formulas, board.vocabulary).seconds for _ in range(5)]
    print("seconds:", ", ".join(f"{r:.3f}" for r in runs), f"median {statistics.median(runs):.3f}")


if __name__ == "__main__":
    main()
