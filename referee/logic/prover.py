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
from referee.logic.deletion import Trial, by_deletion, shrink_until, trial_seconds
from referee.logic.finder import find_model
from referee.logic.tasks import ProofResult, ProofStatus, Proved, SearchStatus
from referee.logic.to_z3 import Translator

# A deletion trial Z3 cannot settle is tried by our finder up to this size.
TRIAL_MAX_SIZE = 4


def prove(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    minimise: bool = True,
    cancelled: Callable[[], bool] = lambda: False,
    ctx: z3.Context | None = None,
    progress: Callable[[Proved], None] = lambda data: None,
) -> ProofResult:
    """Z3 on premises ∧ negated_goal; ``ctx``: a fresh Z3 context (one per task)."""
    start = time.monotonic()
    ctx = ctx or z3.Context()
    tr = Translator(predicates, functions, ctx)
    solver = z3.Solver(ctx=ctx)
    solver.set("random_seed", 0)
    literals = []
    translated = [tr.formula(p) for p in premises]
    goal = tr.formula(negated_goal) if negated_goal is not None else None
    for i, formula in enumerate(translated):
        lit = z3.Bool(f"premise!{i}", ctx)
        literals.append(lit)
        solver.add(z3.Implies(lit, formula))
    if goal is not None:
        solver.add(goal)
    by_name = {str(lit): i for i, lit in enumerate(literals)}

    def remaining_time(cap: float | None) -> float | None:
        """Seconds the next check may take, or None when time is up or cancelled."""
        remaining = deadline - time.monotonic()
        if remaining <= 0.005 or cancelled():
            return None
        return remaining if cap is None else min(remaining, cap)

    def check(assumptions: list, cap: float | None = None) -> z3.CheckSatResult:
        remaining = remaining_time(cap)
        if remaining is None:
            return z3.unknown
        solver.set("timeout", max(1, int(remaining * 1000)))
        return solver.check(*assumptions)

    check.remaining = remaining_time

    result, core, answered_by = _search(
        solver, literals, translated, goal, ctx, check, deadline - start, by_name
    )
    if result == z3.unsat:
        proved = time.monotonic() - start
        # Tell the parent at once: if minimising overruns the limit and the
        # worker is killed, the proof itself is not lost.
        progress(Proved(tuple(core), proved))
        minimal = False
        clash = False
        if minimise:
            # Minimising is presentation, not proof: a bounded share (deletion).
            # A trial without a needed premise is satisfiable, and Z3 often cannot
            # show that (it may need an infinite model): each trial has a cap.
            cap = trial_seconds(proved)
            deadline = shrink_until(proved, deadline)

            def trial(indices: list[int], until: float) -> tuple[Trial, list[int] | None]:
                result = check([literals[j] for j in indices], until - time.monotonic())
                if result == z3.unknown and not cancelled():
                    # A small finite model settles it where Z3's MBQI gives up.
                    found = find_model(
                        [premises[j] for j in indices],
                        negated_goal,
                        predicates,
                        functions,
                        until,
                        max_size=TRIAL_MAX_SIZE,
                        minimise=False,
                        cancelled=cancelled,
                    )
                    if found.status == SearchStatus.MODEL:
                        return Trial.NEEDED, None
                if result == z3.unsat:
                    return Trial.REFUTED, [by_name[str(c)] for c in solver.unsat_core()]
                return (Trial.NEEDED if result == z3.sat else Trial.UNKNOWN), None

            core, minimal = by_deletion(core, trial, proved, deadline, cancelled)
            if goal is not None and core:
                clash = _clash_alone([translated[j] for j in core], ctx, check.remaining(cap))
        return ProofResult(
            ProofStatus.UNSAT,
            tuple(core),
            minimal,
            proof_seconds=proved,
            seconds=time.monotonic() - start,
            premises_clash=clash,
        )
    if result == z3.sat:
        try:
            model = tr.model(answered_by.model())
        except Exception as exc:  # a model we cannot read is no model
            return ProofResult(ProofStatus.UNKNOWN, reason=f"model unreadable: {exc}")
        return ProofResult(ProofStatus.SAT, model=model, seconds=time.monotonic() - start)
    reason = solver.reason_unknown() if not cancelled() else "cancelled"
    return ProofResult(ProofStatus.UNKNOWN, reason=reason, seconds=time.monotonic() - start)


# Z3's quantifier engines fail on different problems, chaotically (measured on
# the Pelletier problems: SYN066 is proved in 10 ms with E-matching off and not
# in 2 s with it on; SYN077 only without assumption literals). So the proof
# search runs a schedule of configurations, each for a share of the time.
# (share of the budget, E-matching on, premises behind assumption literals)
SCHEDULE = ((0.35, True, True), (0.2, False, True), (0.15, True, False), (None, True, True))


def _search(solver, literals, translated, goal, ctx, check, budget, by_name):
    """(result, core, the solver that answered) after trying each configuration in turn."""
    plain = None
    result = z3.unknown
    for share, ematching, assumed in SCHEDULE:
        cap = None if share is None else share * budget
        if assumed:
            solver.set("ematching", ematching)
            result = check(literals, cap)
            if result == z3.unsat:
                return result, sorted(by_name[str(c)] for c in solver.unsat_core()), solver
            if result == z3.sat:
                return result, [], solver
        else:
            if plain is None:
                plain = z3.Solver(ctx=ctx)
                plain.set("random_seed", 0)
                plain.add(*translated)
                if goal is not None:
                    plain.add(goal)
            result = _check_plain(plain, check, cap)
            if result == z3.unsat:
                return result, list(range(len(translated))), plain
            if result == z3.sat:
                return result, [], plain
        if _out_of_time(check):
            break
    solver.set("ematching", True)
    return result, [], solver


def _clash_alone(formulas, ctx, seconds: float | None) -> bool:
    """Are the premises a proof used inconsistent without the goal? (Bounded: False if unsure.)

    A claim that "follows" only because the rest of the board contradicts
    itself is worth saying so to the players.
    """
    if not seconds:
        return False
    alone = z3.Solver(ctx=ctx)
    alone.set("random_seed", 0)
    alone.set("timeout", max(1, int(seconds * 1000)))
    alone.add(*formulas)
    return alone.check() == z3.unsat


def _check_plain(plain, check, cap):
    """Run ``plain`` under the same deadline and cancellation as ``check``."""
    remaining = check.remaining(cap)
    if remaining is None:
        return z3.unknown
    plain.set("timeout", max(1, int(remaining * 1000)))
    return plain.check()


def _out_of_time(check) -> bool:
    return check.remaining(None) is None
