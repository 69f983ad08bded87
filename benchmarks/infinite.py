"""Measure the infinite-model finder: how soon it has a checked model, and what it adds.

    .venv/bin/python benchmarks/infinite.py                 # defaults: budget 3 s, repeat 5
    .venv/bin/python benchmarks/infinite.py --sample 60     # also 60 corpus questions

Three parts, printed as Markdown:

* the hand-written boards whose every model is infinite (tests/infinite_boards.py,
  examples/boards/engine-fathers.txt), each searched ``--repeat`` times:
  seconds to a model that passed the independent check (median, max);
* the corpus questions the referee left undetermined in benchmarks/results.json
  (the last full benchmark run): which the finder settles, and how fast;
* with ``--sample N``: the first N generated questions and every example
  question, to compare the finder's time to a model with the time the current
  race (proof search and the finite finder) took on the same question.

The finder runs in this process, one question after another (the machine is
shared: the load average is printed). Every model is re-checked with
``infinite_check.confirm`` on the statements as written; a rejection is
printed as a BUG.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))

import infinite_boards as boards  # noqa: E402
import run as bench  # noqa: E402

from referee.language.boardfile import parse_board  # noqa: E402
from referee.language.deck import load_deck_text  # noqa: E402
from referee.language.naming import statement_formula  # noqa: E402
from referee.logic.infinite import Found  # noqa: E402
from referee.logic.infinite_check import confirm  # noqa: E402
from referee.resources import default_deck_path  # noqa: E402


def settle(premises, goals, budget: float) -> tuple[str, float, object]:
    """(status, seconds, model); status "model", "gave_up" or "BUG: …"."""
    start = time.monotonic()
    r = boards.search(premises, goals, seconds=budget)
    seconds = time.monotonic() - start
    if r.found is not Found.MODEL:
        return "gave_up", seconds, None
    why = confirm(premises, goals, r.model, time.monotonic() + 30)
    return ("model" if why is None else f"BUG: {why}"), seconds, r.model


def fmt(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} / {max(xs):.3f}" if xs else "–"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sample", type=int, default=0)
    args = ap.parse_args()
    deck = load_deck_text(default_deck_path().read_text(encoding="utf-8"))
    vocab = deck.vocabulary
    print(f"Load average at start: {os.getloadavg()[0]:.2f}; budget {args.budget:g} s.\n")

    print("## Boards whose every model is infinite\n")
    print("| question | found | seconds (median / max) | model |")
    print("| --- | --- | --- | --- |")
    text = (ROOT / "examples" / "boards" / "engine-fathers.txt").read_text(encoding="utf-8")
    fathers = [statement_formula(s) for s in parse_board(text, vocab).statements]
    questions = [("engine-fathers.txt consistency", fathers, [])]
    for name, texts in boards.CONSISTENT.items():
        questions.append((f"{name} (consistency)", boards.formulas(texts, vocab), []))
    for name, (premises, goal) in boards.NOT_ENTAILED.items():
        questions.append(
            (
                f"{name} (redundancy)",
                boards.formulas(premises, vocab),
                boards.formulas([goal], vocab),
            )
        )
    for name, premises, goals in questions:
        runs = [settle(premises, goals, args.budget) for _ in range(args.repeat)]
        found = [s for status, s, _ in runs if status == "model"]
        bugs = [status for status, _, _ in runs if status.startswith("BUG")]
        shown = next((m for _, _, m in runs if m is not None), None)
        lines = "; ".join(shown.lines()[0:1] + shown.lines()[1:]) if shown else ""
        print(f"| {name} | {len(found)}/{len(runs)} | {fmt(found)} | {lines} |")
        for b in bugs:
            print(f"\n**{b}**\n")

    results = {q["id"]: q for q in json.loads((HERE / "results.json").read_text())["questions"]}
    corpus = bench.generated_questions(200, 20061122) + bench.example_questions(
        ROOT / "examples" / "boards", None
    )
    print("\n## Corpus questions the referee left undetermined (benchmarks/results.json)\n")
    print("| question | finder | seconds |")
    print("| --- | --- | --- |")
    for q in corpus:
        if results[q.id]["referee"]["answer"] is not None:
            continue
        status, seconds, _ = settle(q.premises, q.goals, args.budget)
        print(f"| {q.id} | {status} | {seconds:.3f} |")

    if args.sample:
        picked = corpus[: args.sample] + [q for q in corpus if q.source == "examples"]
        race, ours, gave_up = [], [], 0
        for q in picked:
            answer = results[q.id]["referee"]["answer"]
            if answer not in ("consistent", "not_entailed"):
                continue
            status, seconds, _ = settle(q.premises, q.goals, args.budget)
            race.append(results[q.id]["referee"]["seconds"])
            if status == "model":
                ours.append(seconds)
            else:
                gave_up += 1
        print(f"\n## Questions with a model (sample of {len(race)})\n")
        print("| | n | median s | p95 s | max s |")
        print("| --- | --- | --- | --- | --- |")
        for label, xs in (("current race (results.json)", race), ("infinite finder", ours)):
            xs = sorted(xs)
            p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))] if xs else 0.0
            print(
                f"| {label} | {len(xs)} | {statistics.median(xs):.3f} | {p95:.3f} | {xs[-1]:.3f} |"
            )
        print(f"\nThe finder found no model for {gave_up} of them (finite-only structures).")
    print(f"\nLoad average at the end: {os.getloadavg()[0]:.2f}.")


if __name__ == "__main__":
    main()
