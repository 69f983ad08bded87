"""Engine settings side by side on the same generated questions (one engine each, warm).

    .venv/bin/python benchmarks/schedule.py [--questions 118]

Prints, per setting: the median and p95 seconds and the number decided.
Used to choose the race's shares (see RESULTS.md).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run as corpus  # noqa: E402

from referee.logic.engine import Engine, Limits  # noqa: E402


def measure(questions, limits: Limits) -> tuple[float, float, int]:
    times, decided = [], 0
    with Engine(limits) as engine:
        engine.warm()
        for q in questions:
            start = time.perf_counter()
            if q.kind == "consistency":
                v = engine.consistency(q.premises)
            else:
                v = engine.entailment(q.premises, q.goals)
            times.append(time.perf_counter() - start)
            decided += v.status.value != "undetermined"
    times.sort()
    return statistics.median(times), times[int(0.95 * len(times))], decided


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=118)
    ap.add_argument("--tptp", action="store_true", help="also the TPTP problems")
    ap.add_argument("--variants", default="default,no minimising,without E,without cvc5")
    args = ap.parse_args()
    questions = corpus.generated_questions(60, 20061122)[: args.questions]
    if args.tptp:
        questions += corpus.tptp_questions(corpus.ROOT.parent / "shared" / "benchmarks" / "tptp")
    variants = {
        "default": Limits(timeout=2),
        "no minimising": Limits(timeout=2, minimise=False),
        "without E": Limits(timeout=2, e_prover=False),
        "without cvc5": Limits(timeout=2, cvc5=False),
    }
    for name in args.variants.split(","):
        limits = variants[name]
        median, p95, decided = measure(questions, limits)
        print(
            f"{name:14} median {median:.4f} s  p95 {p95:.3f} s  decided {decided}/{len(questions)}"
        )


if __name__ == "__main__":
    main()
