"""Schedules raced for real on this machine: racers run at once, as the engine would run them.

    .venv/bin/python benchmarks/race_real.py --grown 15 --boards 40 --timeout 3

``racers.py`` simulates schedules from solo times; this runs them. For each
question and schedule, every racer starts at its delay in a process of its
own (forked from this one, which has Z3, cvc5 and the referee imported, so a
start costs a fork, about what a warm worker costs) or, for E, as an
``EProcess`` process group; a racer with a stop time is killed then. The
first decisive answer wins (a model only once the independent evaluator in
this process accepts it); the rest are killed. Times are wall clock from the
question's start to the accepted answer.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import time
from multiprocessing.connection import wait
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import boardgen  # noqa: E402
import grow  # noqa: E402
from racers import checked, pct, prepare  # noqa: E402

from referee.logic.cvc5_finder import Cvc5Status, find_model_cvc5  # noqa: E402
from referee.logic.e_prover import EProcess, EStatus, locate_e  # noqa: E402
from referee.logic.export import tptp_refutation  # noqa: E402
from referee.logic.finder import find_model  # noqa: E402
from referee.logic.fragments import size_bounds  # noqa: E402
from referee.logic.prover import prove  # noqa: E402

SCHEDULES = {
    "today: z3 + finder": [("z3", 0.0), ("finder", 0.0)],
    "e + cvc5": [("E", 0.0), ("cvc5", 0.0)],
    "e (stop 0.5 s) + cvc5, finder at 0.5 s": [("E", 0.0, 0.5), ("cvc5", 0.0), ("finder", 0.5)],
    "e (stop 0.5 s) + cvc5, finder at 0.5 s, z3 at 1.5 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 0.5),
        ("z3", 1.5),
    ],
    "e (stop 0.5 s) + cvc5, finder at 0.3 s, z3 at 1 s": [
        ("E", 0.0, 0.5),
        ("cvc5", 0.0),
        ("finder", 0.3),
        ("z3", 1.0),
    ],
}


def _racer(name, question, deadline, conn) -> None:
    """Child: one racer on one question; sends (answer, model or None)."""
    prepared, negated, preds, funcs = question
    if name == "z3":
        r = prove(prepared, negated, preds, funcs, deadline, minimise=False)
        answer = {"unsat": "refuted", "sat": "model"}.get(r.status)
        conn.send((answer, r.model))
    elif name == "finder":
        bound = size_bounds(prepared, negated).complete_up_to
        r = find_model(prepared, negated, preds, funcs, deadline, bound, minimise=False)
        if r.status == "model":
            conn.send(("model", r.model))
        elif r.status == "exhausted" and (r.proved_bound == r.size or r.size == bound):
            conn.send(("refuted", None))
        else:
            conn.send((None, None))
    elif name == "cvc5":
        r = find_model_cvc5(prepared, negated, preds, funcs, deadline)
        answer = {Cvc5Status.MODEL: "model", Cvc5Status.UNSAT: "refuted"}.get(r.status)
        conn.send((answer, r.model))


def race(q, schedule, limit: float, saturation: bool, ctx, binary):
    question = prepare(q.premises, q.goals)
    start = time.monotonic()
    deadline = start + limit
    waiting = sorted(schedule, key=lambda e: e[1])
    processes = {}  # connection or EProcess -> (name, process, stop time)
    try:
        while True:
            now = time.monotonic()
            if now >= deadline:
                return None, limit
            while waiting and start + waiting[0][1] <= now:
                entry = waiting.pop(0)
                name, stop = entry[0], start + (entry[2] if len(entry) > 2 else limit)
                if name == "E":
                    prepared, negated, _, _ = question
                    e = EProcess(
                        tptp_refutation(prepared, negated), len(prepared), min(stop, deadline),
                        binary=binary,
                    )  # fmt: skip
                    processes[e] = (name, e, stop)
                else:
                    parent, child = ctx.Pipe(duplex=False)
                    p = ctx.Process(target=_racer, args=(name, question, deadline, child))
                    p.start()
                    child.close()
                    processes[parent] = (name, p, stop)
            for key, (_, p, stop) in list(processes.items()):
                if now >= stop:
                    _kill(p)
                    del processes[key]
            events = [now + 0.005]
            events += [start + w[1] for w in waiting]
            events += [s for _, _, s in processes.values()]
            timeout = max(0.0, min([deadline, *events]) - time.monotonic())
            for key in wait(list(processes), timeout=timeout) if processes else []:
                name, p, _ = processes[key]
                if isinstance(key, EProcess):
                    if not key.step(0):
                        continue
                    r = key.result()
                    del processes[key]
                    if r.status == EStatus.PROOF or (saturation and r.status == EStatus.SATURATED):
                        return name, time.monotonic() - start
                    continue
                try:
                    answer, model = key.recv()
                except EOFError:
                    answer, model = None, None
                del processes[key]
                if answer == "refuted" or (
                    answer == "model" and checked(model, q.premises, q.goals)
                ):
                    return name, time.monotonic() - start
            if not processes and not waiting:
                return None, time.monotonic() - start
    finally:
        for _, p, _ in processes.values():
            _kill(p)


def _kill(p) -> None:
    if isinstance(p, EProcess):
        p.kill()
        return
    p.kill()  # Z3, the finder and cvc5 start no processes of their own
    p.join()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grown", type=int, default=15)
    ap.add_argument("--grown-seed", type=int, default=20061123)
    ap.add_argument("--boards", type=int, default=40)
    ap.add_argument("--seed", type=int, default=20061122)
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--no-saturation", action="store_true")
    ap.add_argument(
        "--only", action="append", help="run only the schedules named exactly so (repeatable)"
    )
    args = ap.parse_args(argv)
    schedules = {k: v for k, v in SCHEDULES.items() if not args.only or k in args.only}
    ctx = mp.get_context("fork")
    binary = locate_e()
    questions = []
    if args.grown:
        boards, _ = grow.grow_boards(args.grown, args.grown_seed)
        for b in boards:
            questions += [("grown", q) for q in grow.questions(b)]
    if args.boards:
        _, qs = boardgen.generate_questions(args.boards, seed=args.seed)
        questions += [("generated", q) for q in qs]
    print(f"{len(questions)} questions, E: {binary.path}, load {os.getloadavg()[0]:.2f}")
    results = {label: [] for label in schedules}
    winners = {label: {} for label in schedules}
    for source, q in questions:
        for label, schedule in schedules.items():
            who, secs = race(q, schedule, args.timeout, not args.no_saturation, ctx, binary)
            results[label].append((source, who, secs))
            winners[label][who] = winners[label].get(who, 0) + 1
    print(f"load at the end {os.getloadavg()[0]:.2f}")
    for source in ("grown", "generated", "all"):
        print(f"\n### {source}\n")
        print("| schedule (real, 2 cores) | decided | median s | p90 s | p95 s | max s |")
        print("| --- | --- | --- | --- | --- | --- |")
        for label in schedules:
            rows = [r for r in results[label] if source in ("all", r[0])]
            if not rows:
                continue
            secs = [s for _, _, s in rows]
            decided = sum(w is not None for _, w, _ in rows)
            print(
                f"| {label} | {decided}/{len(rows)} | {statistics.median(secs):.3f} "
                f"| {pct(secs, 0.9):.3f} | {pct(secs, 0.95):.3f} | {max(secs):.3f} |"
            )
    print("\nwinners:", {k: dict(v) for k, v in winners.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
