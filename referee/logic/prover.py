"""Proof search: Z3 on the quantified problem, with one assumption literal per premise.

Runs inside a worker process. Unsat gives a proof and an unsat core (the
premises it used), which is then shrunk by deletion while time allows. Sat
gives a model (Z3's model of L is always finite), which the parent re-checks
with the independent evaluator before believing it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import z3

from referee.language.ast import Formula
from referee.logic.finder import find_model
from referee.logic.to_z3 import Translator

# Core minimisation: each deletion trial gets this many times the proof's own time.
TRIAL_FACTOR = 4.0
MIN_TRIAL_SECONDS = 0.05
TRIAL_MAX_SIZE = 4
MIN_SHRINK_SECONDS = 0.25


def prove(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    minimise: bool = True,
    cancelled: Callable[[], bool] = lambda: False,
    ctx: z3.Context | None = None,
    progress: Callable[[dict], None] = lambda data: None,
) -> dict:
    """Z3 on premises ∧ negated_goal; ``ctx``: a fresh Z3 context (one per task)."""
    start = time.monotonic()
    ctx = ctx or z3.Context()
    tr = Translator(predicates, functions, ctx)
    solver = z3.Solver(ctx=ctx)
    solver.set("random_seed", 0)
    literals = []
    for i, premise in enumerate(premises):
        lit = z3.Bool(f"premise!{i}", ctx)
        literals.append(lit)
        solver.add(z3.Implies(lit, tr.formula(premise)))
    if negated_goal is not None:
        solver.add(tr.formula(negated_goal))
    by_name = {str(lit): i for i, lit in enumerate(literals)}

    def check(assumptions: list, cap: float | None = None) -> z3.CheckSatResult:
        remaining = deadline - time.monotonic()
        if remaining <= 0.005 or cancelled():
            return z3.unknown
        if cap is not None:
            remaining = min(remaining, cap)
        solver.set("timeout", max(1, int(remaining * 1000)))
        return solver.check(*assumptions)

    result = check(literals)
    if result == z3.unsat:
        core = sorted(by_name[str(c)] for c in solver.unsat_core())
        proved = time.monotonic() - start
        # Tell the parent at once: if minimising overruns the limit and the
        # worker is killed, the proof itself is not lost.
        progress({"proved": core, "proof_seconds": proved})
        minimal = False
        if minimise:
            # Minimising is presentation, not proof: give it a bounded share.
            deadline = min(deadline, time.monotonic() + max(MIN_SHRINK_SECONDS, 10 * proved))
            # A trial without a needed premise is satisfiable, and Z3 often cannot
            # show that (it may need an infinite model): cap each trial so one
            # hopeless trial does not eat the whole limit of a question already proved.
            cap = max(MIN_TRIAL_SECONDS, TRIAL_FACTOR * proved)

            def trial(indices: list[int]) -> z3.CheckSatResult:
                result = check([literals[j] for j in indices], cap)
                if result == z3.unknown and not cancelled():
                    # A small finite model settles it where Z3's MBQI gives up.
                    found = find_model(
                        [premises[j] for j in indices],
                        negated_goal,
                        predicates,
                        functions,
                        min(deadline, time.monotonic() + cap),
                        max_size=TRIAL_MAX_SIZE,
                        minimise=False,
                        cancelled=cancelled,
                    )
                    if found["status"] == "model":
                        return z3.sat
                return result

            core, minimal = _minimise(core, literals, trial, by_name, solver)
        return {
            "status": "unsat",
            "core": core,
            "minimal": minimal,
            "proof_seconds": proved,
            "seconds": time.monotonic() - start,
        }
    if result == z3.sat:
        try:
            model = tr.model(solver.model())
        except Exception as exc:  # a model we cannot read is no model
            return {"status": "unknown", "reason": f"model unreadable: {exc}"}
        return {"status": "sat", "model": model, "seconds": time.monotonic() - start}
    reason = solver.reason_unknown() if not cancelled() else "cancelled"
    return {"status": "unknown", "reason": reason, "seconds": time.monotonic() - start}


def _minimise(core, literals, check, by_name, solver) -> tuple[list[int], bool]:
    """Deletion-based: drop each premise whose removal keeps the problem unsat."""
    core = list(core)
    minimal = True
    i = 0
    while i < len(core):
        trial = core[:i] + core[i + 1 :]
        result = check(trial)
        if result == z3.unsat:
            smaller = {by_name[str(c)] for c in solver.unsat_core()}
            core = [j for j in trial if j in smaller]
            # restart position: everything before i was already necessary
            i = min(i, len(core))
            continue
        if result == z3.unknown:
            minimal = False
        i += 1
    return core, minimal
