"""A cvc5 option on a board's solver, side by side with the solver as it is.

    .venv/bin/python benchmarks/board_options.py simplification=none [--boards 100]

The questions of ``versus.py``'s ordinary corpus, in order, each put to
``find_model_cvc5`` with two ``Boards`` of this process, one right after the
other (the order swapped each question): one as the workers keep them, one
whose solvers get the options given. Reports the median and tails of each,
the median over questions of the time ratio with / without, and any answer
that differs. Only a screen: an option that wins here is then measured in
the engine with ``paired.py`` (issue 23's fourth pass: ``simplification=none``
won 0.93 here and nothing there).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import paired  # noqa: E402
from boards import timed  # noqa: E402
from versus import question  # noqa: E402

from referee.logic import cvc5_finder  # noqa: E402


class _OptionBoards(cvc5_finder.Boards):
    """Boards whose new solvers get ``options`` besides the usual ones."""

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__()
        self.options = options

    def tidy(self) -> None:
        fresh = self._spare is None
        super().tidy()
        if fresh and self._spare is not None:
            for name, value in self.options.items():
                self._spare.solver.setOption(name, value)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("options", nargs="+", help="cvc5 options, name=value")
    ap.add_argument("--boards", type=int, default=100, help="ordinary boards (3-7 statements)")
    ap.add_argument("--timeout", type=float, default=3.0)
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.options)
    cvc5_finder.warm_up()
    kept = {"as is": _OptionBoards({}), "option": _OptionBoards(options)}
    for boards in kept.values():
        boards.tidy()
    rows = []
    for _corpus, (qid, _kind, premises, goals, _vocab) in paired.corpus(args.boards, 0):
        asked = question(premises, goals)
        row = {"id": qid}
        order = list(kept.items())
        for who, boards in order if len(rows) % 2 == 0 else order[::-1]:
            row[who] = timed(asked, args.timeout, boards)
            boards.tidy()  # off the question's path, as in a worker
        rows.append(row)
    for who in kept:
        times = sorted(row[who][1] for row in rows)
        n = len(times)
        print(
            f"{who}: median {1000 * times[n // 2]:.2f} / p90 {1000 * times[int(0.9 * n)]:.2f}"
            f" / p95 {1000 * times[int(0.95 * n)]:.2f} ms"
        )
    ratio = statistics.median(row["option"][1] / row["as is"][1] for row in rows)
    differ = [row["id"] for row in rows if row["option"][0] != row["as is"][0]]
    print(f"{len(rows)} questions, {options}: median of with / without {ratio:.3f}")
    print(f"answers that differ: {differ or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
