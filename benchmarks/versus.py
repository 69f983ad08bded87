"""The referee against cvc5, question by question, on game boards (issue 23's table).

    .venv/bin/python benchmarks/versus.py                      # both corpora, 3 s
    .venv/bin/python benchmarks/versus.py --compare OLD.json   # ... and what an older run decided

Two corpora built from the game's own cards, with seeds the project's tests
and other benchmarks do not use:

* ordinary boards (``tests/boardgen.py``, 3-7 statements): the board's
  consistency and the redundancy of every statement that names nothing (the
  questions ``analyze`` asks);
* grown boards (``benchmarks/grow.py``, 8-13 statements): the same questions.

Each question is asked, one right after the other so that both see the same
load on this shared machine, of

* the referee: ``Engine`` in this process, its workers warmed first, the time
  measured around the call (what a game pays per question);
* cvc5 as a whole process (``benchmarks/provers.py``: the SMT-LIB export
  through cvc5's parser with ``finite-model-find``; Python's and cvc5's
  start-up are in its time, as they are for any outside prover);
* cvc5's solver alone, in this process (``find_model_cvc5`` without cores; no
  start-up, no model re-check): the floor no racer of ours can beat.

A referee answer that contradicts a cvc5 answer is listed as wrong (neither
has a known status; none was seen). ``--compare`` lists the questions an
older run (its ``--json``) decided and this one did not.
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

import boardgen  # noqa: E402
import grow  # noqa: E402
import provers  # noqa: E402

from referee.language.ast import Falsum, Not  # noqa: E402
from referee.logic.export import to_smtlib  # noqa: E402
from referee.logic.normalform import big_and, expand_unique, nnf, signature  # noqa: E402

MEANING = {
    ("consistency", "model"): "consistent",
    ("consistency", "unsat"): "inconsistent",
    ("entailment", "model"): "not_entailed",
    ("entailment", "unsat"): "entailed",
}


def board_questions(board) -> list[tuple[str, str, list, list, object]]:
    """(id, kind, premises, goals, vocabulary): consistency, then each statement's redundancy."""
    fs = board.formulas
    out = [(f"{board.id}/consistency", "consistency", fs, [], board.vocabulary)]
    for i, stmt in enumerate(board.statements):
        if stmt.naming is None and len(fs) > 1:
            out.append(
                (f"{board.id}/redundant-{i + 1}", "entailment", fs[:i] + fs[i + 1 :], [fs[i]],
                 board.vocabulary)
            )  # fmt: skip
    return out


def question(premises, goals):
    """A corpus question as ``cvc5_finder.find_model_cvc5`` takes it: the premises and
    the negated goal in normal form, and the signature."""
    prepared = [nnf(expand_unique(p)) for p in premises]
    negated = None
    if goals and not any(isinstance(g, Falsum) for g in goals):
        negated = nnf(expand_unique(Not(big_and(goals))))
    predicates, functions = signature([*premises, *goals])
    return prepared, negated, predicates, functions


def ask(engine, kind: str, premises, goals, vocab, timeout: float):
    """(verdict, seconds, answer): ``engine``'s verdict on a corpus question, the time
    measured around the call, and the answer (None when undetermined)."""
    start = time.perf_counter()
    if kind == "consistency":
        v = engine.consistency(premises, timeout=timeout)
    else:
        v = engine.entailment(premises, goals, timeout=timeout)
    seconds = time.perf_counter() - start
    return v, seconds, None if v.status.value == "undetermined" else v.status.value


def cvc5_alone(premises, goals, kind: str, timeout: float) -> tuple[str | None, float]:
    from referee.logic.cvc5_finder import find_model_cvc5

    start = time.perf_counter()
    prepared, negated, predicates, functions = question(premises, goals)
    r = find_model_cvc5(
        prepared, negated, predicates, functions, time.monotonic() + timeout, core=False
    )
    return MEANING.get((kind, r.status.value)), time.perf_counter() - start


def run(corpus: str, questions, engine, timeout: float, log) -> list[dict]:
    rows = []
    for n, (qid, kind, premises, goals, vocab) in enumerate(questions, 1):
        v, seconds, answer = ask(engine, kind, premises, goals, vocab, timeout)
        smt = to_smtlib(premises, goals, vocabulary=vocab)
        c_answer, c_raw, c_seconds = provers.cvc5(smt, kind, timeout)
        a_answer, a_seconds = cvc5_alone(premises, goals, kind, timeout)
        rows.append(
            {
                "id": qid,
                "corpus": corpus,
                "kind": kind,
                "referee": {
                    "answer": answer,
                    "seconds": round(seconds, 5),
                    "solver": v.evidence.solver.value if v.evidence.solver else "-",
                    "flags": list(v.flags),
                },
                "cvc5": {"answer": c_answer, "raw": c_raw, "seconds": round(c_seconds, 5)},
                "cvc5-alone": {"answer": a_answer, "seconds": round(a_seconds, 5)},
            }
        )
        if n % 50 == 0 or n == len(questions):
            log(f"{corpus}: {n}/{len(questions)}")
    return rows


def _pct(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summary(rows: list[dict], who: str) -> dict:
    times = sorted(r[who]["seconds"] for r in rows)
    decided = sum(r[who]["answer"] is not None for r in rows)
    return {
        "decided": decided,
        "share": decided / len(rows),
        "median": statistics.median(times),
        "p95": _pct(times, 0.95),
        "max": times[-1],
    }


def wrong(rows: list[dict]) -> list[str]:
    out = []
    for r in rows:
        mine = r["referee"]["answer"]
        for other in ("cvc5", "cvc5-alone"):
            theirs = r[other]["answer"]
            if mine is not None and theirs is not None and mine != theirs:
                out.append(f"{r['id']}: referee {mine}, {other} {theirs}")
    return out


def _times(s: dict) -> str:
    return f"{1000 * s['median']:.1f} ms / {1000 * s['p95']:.1f} ms / {1000 * s['max']:.0f} ms"


def markdown(rows: list[dict], corpora: dict[str, str]) -> str:
    lines = [
        "| corpus | referee decided | referee median / p95 / max | cvc5 decided "
        "| cvc5 median / p95 / max | cvc5 alone median / p95 "
        "| ratio median, p95 (cvc5 / referee) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for corpus, label in corpora.items():
        part = [r for r in rows if r["corpus"] == corpus]
        if not part:
            continue
        ref, c, a = (summary(part, w) for w in ("referee", "cvc5", "cvc5-alone"))
        bad = sum(1 for w in wrong(part))
        lines.append(
            f"| {len(part)} questions on {label} "
            f"| {ref['decided']} ({100 * ref['share']:.1f}%), {bad} wrong "
            f"| {_times(ref)} | {c['decided']} ({100 * c['share']:.1f}%) | {_times(c)} "
            f"| {1000 * a['median']:.1f} ms / {1000 * a['p95']:.1f} ms "
            f"| {c['median'] / ref['median']:.1f}×, {c['p95'] / ref['p95']:.1f}× |"
        )  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=200, help="ordinary boards (3-7 statements)")
    ap.add_argument("--seed", type=int, default=23001)
    ap.add_argument("--grown", type=int, default=56, help="grown boards (8-13 statements)")
    ap.add_argument("--grown-seed", type=int, default=23002)
    ap.add_argument("--timeout", type=float, default=3.0, help="seconds per question")
    ap.add_argument("--json", type=Path, default=HERE / "versus.json")
    ap.add_argument("--compare", type=Path, default=None, help="an older run's --json")
    args = ap.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    from referee.logic.engine import Engine, Limits

    gen = boardgen.BoardGenerator(args.seed)
    boards = [gen.board(f"ord-{args.seed}-{i}", 3, 7) for i in range(args.boards)]
    ordinary = [q for b in boards for q in board_questions(b)]
    grown = []
    if args.grown:
        boards, _ = grow.grow_boards(args.grown, args.grown_seed)
        grown = [q for b in boards for q in board_questions(b)]
    log(f"{len(ordinary)} ordinary and {len(grown)} grown questions")
    load = os.getloadavg()[0]
    start = time.perf_counter()
    with Engine(Limits(timeout=args.timeout)) as engine:
        engine.warm()
        rows = run("ordinary", ordinary, engine, args.timeout, log)
        rows += run("grown", grown, engine, args.timeout, log)
    seconds = time.perf_counter() - start
    args.json.write_text(json.dumps({"rows": rows}, indent=0), encoding="utf-8")
    corpora = {"ordinary": "boards of 3-7 statements", "grown": "boards grown to 8-13 statements"}
    print(markdown(rows, corpora))
    print()
    print(
        f"Load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
        f"{seconds / 60:.1f} min."
    )
    for line in wrong(rows):
        print("WRONG:", line)
    by = {}
    for r in rows:
        if r["referee"]["answer"] is not None:
            by[r["referee"]["solver"]] = by.get(r["referee"]["solver"], 0) + 1
    print("settled by:", ", ".join(f"{k} {n}" for k, n in sorted(by.items(), key=lambda x: -x[1])))
    flagged = [r["id"] for r in rows if r["referee"]["flags"]]
    print("flagged:", len(flagged), flagged[:5])
    if args.compare:
        old = {r["id"]: r for r in json.loads(args.compare.read_text())["rows"]}
        lost = [
            r["id"]
            for r in rows
            if r["id"] in old
            and old[r["id"]]["referee"]["answer"] is not None
            and r["referee"]["answer"] is None
        ]
        gained = [
            r["id"]
            for r in rows
            if r["id"] in old
            and old[r["id"]]["referee"]["answer"] is None
            and r["referee"]["answer"] is not None
        ]
        print(f"against {args.compare}: lost {len(lost)} {lost}, gained {len(gained)} {gained}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
