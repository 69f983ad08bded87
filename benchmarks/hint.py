"""The claimable-now hint (issue 29): from a play to ``ready`` on a 12-statement board.

.venv/bin/python benchmarks/hint.py [--boards 20] [--seed 29] [--timeout 5] [--check 10]

Boards: ``examples/boards/twelve.txt`` and ``--boards`` boards of 12
statements grown as a game grows them (``benchmarks/grow.py``: each play kept
only if the board stays consistent, now and then one that breaks it last;
boards dealt at random are nearly all inconsistent by 12, which the hint
settles without a question). For each, the
first 11 statements are analysed (untimed: the hint before the play), then
the 12th is played and the hint computed again from that answer, as the web
table does after a play: the time from the board captured to the answer
(``play → ready``), and the questions the engine was asked. For comparison
the same 12-statement board from nothing (the engine's memory of models
dropped first: ``cold``). ``decided``: the share of listed statements shown
redundant or not redundant (the rest unknown). Targets: median play → ready
≤ 0.5 s, decided ≥ 90%.

``--check S``: every answer the hint decided (each statement redundant or not, the
board consistent or not) is put to E and to cvc5 (outside processes, ``provers.py``,
S seconds each); a prover that decides the other way is a wrong answer (target: none).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from referee.language.boardfile import parse_board
from referee.language.deck import load_deck_text
from referee.logic.engine import Engine, Limits
from referee.palmer import hint
from referee.resources import default_deck_path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import grow  # noqa: E402
import provers  # noqa: E402

from referee.logic.export import to_smtlib, to_tptp  # noqa: E402

SIZE = 12


def boards(count: int, seed: int) -> list[tuple[str, list, object]]:
    """(name, formulas, vocabulary) of each 12-statement board."""
    deck = load_deck_text(default_deck_path().read_text(encoding="utf-8"))
    twelve = parse_board(
        (ROOT / "examples/boards/twelve.txt").read_text(encoding="utf-8"), deck.vocabulary
    )
    out = [("twelve.txt", [s.asserted for s in twelve.statements], twelve.vocabulary)]
    grow.MIN_SIZE = grow.MAX_SIZE = SIZE
    grower = grow.Grower(seed, grow.default_oracle())
    while len(out) < count + 1:
        b = grower.grow(f"grown-{seed}-{len(out)}")
        if len(b.statements) == SIZE:
            out.append((b.id, b.formulas, b.vocabulary))
    return out


def board(formulas, vocabulary, timeout: float) -> hint.Board:
    return hint.Board(
        tuple(hint.Stated(i, f, True) for i, f in enumerate(formulas, 1)), vocabulary, timeout
    )


def outside(c: hint.Claimable, formulas, vocabulary, seconds: float) -> tuple[int, list[str]]:
    """(answers checked, the wrong ones) of ``c`` against E and cvc5."""
    asked: list[tuple[str, list, list, str]] = []
    for i, f in enumerate(formulas, 1):
        others = formulas[: i - 1] + formulas[i:]
        if i in c.redundant:
            asked.append((f"#{i} redundant", others, [f], "entailed"))
        elif i in c.not_redundant:
            asked.append((f"#{i} not redundant", others, [f], "not_entailed"))
    if c.board.value != "unknown":
        asked.append((f"board {c.board.value}", formulas, [], c.board.value))
    wrong = []
    for name, premises, goals, said in asked:
        kind = "entailment" if goals else "consistency"
        tptp = to_tptp(premises, goals, vocabulary=vocabulary)
        smt = to_smtlib(premises, goals, vocabulary=vocabulary)
        for prover, (answer, raw, _) in (
            ("E", provers.eprover(tptp, kind, seconds)),
            ("cvc5", provers.cvc5(smt, kind, seconds)),
        ):
            if answer is not None and answer != said:
                wrong.append(f"{name}: {prover} says {answer} ({raw})")
    return len(asked), wrong


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--timeout", type=float, default=5.0, help="the record's limit per question")
    ap.add_argument("--check", type=float, default=0.0, help="E and cvc5 seconds per answer")
    args = ap.parse_args()
    played, cold, asked, decided, listed = [], [], [], 0, 0
    checked, wrong = 0, []
    kinds = {"consistent": 0, "inconsistent": 0, "unknown": 0}
    with Engine(Limits(timeout=args.timeout)) as engine:
        engine.warm()
        for name, formulas, vocabulary in boards(args.boards, args.seed):
            before = hint.analyze(board(formulas[:-1], vocabulary, args.timeout), engine)
            start = time.perf_counter()
            after = hint.analyze(board(formulas, vocabulary, args.timeout), engine, before)
            played.append(time.perf_counter() - start)
            asked.append(after.questions)
            engine.forget()
            start = time.perf_counter()
            fresh = hint.analyze(board(formulas, vocabulary, args.timeout), engine)
            cold.append(time.perf_counter() - start)
            decided += len(after.redundant) + len(after.not_redundant)
            listed += SIZE
            kinds[after.board.value] += 1
            print(
                f"{name:14} play→ready {1000 * played[-1]:7.1f} ms ({after.questions:2} asked)"
                f"  cold {1000 * cold[-1]:7.1f} ms  board {after.board.value:12}"
                f" redundant {len(after.redundant):2} not {len(after.not_redundant):2}"
                f" unknown {len(after.unknown)}"
                + ("" if fresh.to_json() == {**after.to_json()} else "  (cold differs)"),
                flush=True,
            )
            if args.check > 0:
                n, bad = outside(after, formulas, vocabulary, args.check)
                checked += n
                wrong.extend(f"{name} {b}" for b in bad)
    played.sort()
    print(
        f"\n{len(played)} boards of {SIZE}, limit {args.timeout:g} s a question: play → ready"
        f" median {1000 * statistics.median(played):.1f} ms,"
        f" p90 {1000 * played[int(0.9 * (len(played) - 1))]:.1f} ms,"
        f" max {1000 * played[-1]:.1f} ms; questions asked median {statistics.median(asked):g}"
        f" (of {SIZE + 1}); cold median {1000 * statistics.median(cold):.1f} ms;"
        f" decided {decided}/{listed} = {100 * decided / listed:.1f}%; boards {kinds}"
    )
    if args.check > 0:
        print(f"against E and cvc5 ({args.check:g} s each): {checked} answers, {len(wrong)} wrong")
        for w in wrong:
            print("  WRONG", w)


if __name__ == "__main__":
    main()
