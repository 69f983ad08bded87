"""Verdicts with evidence: is a board inconsistent, does a statement follow?

Every question is a race between tasks on the worker pool
(``referee.logic.worker``):

* proof search: Z3 on the quantified problem, one assumption literal per
  premise; unsat is a proof and its core (minimised by deletion) the
  statements used; sat comes with a finite model;
* the bounded model finder (``referee.logic.finder``) over sizes 1, 2, 3, …

The first definite answer wins. Soundness rules:

* "entailed"/"inconsistent" only from a refutation, or from an exhaustive
  finite search whose bound the problem itself guarantees (a top-level
  |L| < n, or a decidable fragment's model-size bound, ``fragments``);
* "not entailed"/"consistent" only from a model that the independent
  evaluator (``referee.logic.evaluate``, no Z3) accepts. A model it rejects
  is a bug: it is logged, flagged and treated as no model at all;
* anything else, including a worker killed at the hard limit, is
  "undetermined", with what was tried.

The verdict's evidence is data (:mod:`referee.logic.evidence`); the
interface words it.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from referee.language.ast import Falsum, Formula, Not, free_vars
from referee.language.vocabulary import Vocabulary
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, check_model, evaluate
from referee.logic.evidence import Attempt, Bound, BoundReason, Evidence, Method, Outcome, Solver
from referee.logic.fragments import SizeBounds, size_bounds
from referee.logic.model import Model
from referee.logic.normalform import big_and, expand_unique, expanded_size, nnf, signature
from referee.logic.tasks import (
    Death,
    EventKind,
    Failed,
    Find,
    Problem,
    ProofResult,
    ProofStatus,
    Prove,
    Proved,
    SearchResult,
    SearchStatus,
    SizeChecked,
    Sleep,
)
from referee.logic.worker import Pool

log = logging.getLogger(__name__)

# Larger questions are refused as undetermined before any work (and memory) is spent.
MAX_EXPANDED_NODES = 200_000
# Seconds a proof search may go on after an exhaustive search won (for its minimal core).
PROOF_GRACE = 0.1


class Status(enum.StrEnum):
    ENTAILED = "entailed"
    NOT_ENTAILED = "not_entailed"
    UNDETERMINED = "undetermined"
    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Limits:
    """``timeout``: default hard wall-clock seconds per question; ``memory_mb``: per worker."""

    timeout: float = 3.0
    memory_mb: int | None = 2048
    max_size: int | None = None  # largest domain the finder tries (None: until the time is up)
    minimise: bool = True  # shrink unsat cores by deletion
    workers: int = 2
    hang_for_testing: float = 0.0  # test hook: workers sleep this long first, ignoring limits


@dataclass(frozen=True)
class Verdict:
    status: Status
    evidence: Evidence
    seconds: float = 0.0
    limit: float = 0.0  # the question's time limit
    flags: tuple[str, ...] = field(default=(), compare=False)  # bugs caught (rejected models)

    @property
    def used(self) -> tuple[int, ...]:
        """0-based premise indices the evidence rests on (the clash, for an inconsistency)."""
        return self.evidence.used

    @property
    def model(self) -> Model | None:
        return self.evidence.model

    def to_json(self) -> dict:
        """The command line's JSON contract (``entails --json``)."""
        return {
            "verdict": self.status.value,
            "used": [i + 1 for i in self.used],
            "countermodel": self.model.to_json() if self.model is not None else None,
            "seconds": round(self.seconds, 4),
        }

    def to_record(self) -> dict:
        """Everything, as plain data, for game records (the inverse of ``from_record``)."""
        out = {
            "status": self.status.value,
            "evidence": self.evidence.to_json(),
            "seconds": self.seconds,
            "limit": self.limit,
        }
        if self.flags:
            out["flags"] = list(self.flags)
        return out

    @classmethod
    def from_record(cls, data: dict) -> Verdict:
        """Raises KeyError, ValueError or TypeError on a bad shape."""
        return cls(
            Status(data["status"]),
            Evidence.from_json(data["evidence"]),
            float(data.get("seconds", 0.0)),
            float(data.get("limit", 0.0)),
            tuple(str(f) for f in data.get("flags", ())),
        )

    def renumbered(self, indices: Sequence[int]) -> Verdict:
        """The same verdict with premise ``i`` renamed ``indices[i]`` (in used and bounds)."""

        def move(used: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sorted(indices[i] for i in used))

        ev = self.evidence
        bound = ev.bound
        if bound is not None and bound.sources:
            bound = replace(bound, sources=move(bound.sources))
        return replace(self, evidence=replace(ev, used=move(ev.used), bound=bound))


@dataclass(frozen=True)
class Analysis:
    """A whole board: consistency, then the redundancy of each statement."""

    consistency: Verdict
    redundancy: tuple[Verdict, ...]  # one per statement; ``used`` indexes the whole board
    seconds: float

    def to_json(self, texts: list[str] | None = None) -> dict:
        answer = {
            Status.ENTAILED: "yes",
            Status.NOT_ENTAILED: "no",
            Status.UNDETERMINED: "undetermined",
        }
        statements = []
        for i, v in enumerate(self.redundancy):
            statements.append(
                {
                    "index": i + 1,
                    "text": texts[i] if texts else "",
                    "redundant": answer[v.status],
                    "used": [j + 1 for j in v.used],
                }
            )
        return {
            "consistency": self.consistency.status.value,
            "conflict": [i + 1 for i in self.consistency.used]
            if self.consistency.status == Status.INCONSISTENT
            else [],
            "statements": statements,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class _Question:
    premises: list[Formula]  # as given (statement_formula), for the evaluator
    goals: list[Formula]
    problem: Problem
    bounds: SizeBounds
    limit: float
    start: float
    deadline: float
    tried: list[Attempt] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    def elapsed(self) -> float:
        return time.monotonic() - self.start


class Engine:
    """Answers questions on a worker pool: the caller's (``pool=``) or its own.

    ``with Engine() as engine:`` closes a pool the engine made; a pool the
    caller passed stays the caller's to close.
    """

    def __init__(self, limits: Limits | None = None, pool: Pool | None = None):
        self.limits = limits or Limits()
        self._pool = pool
        self._owns_pool = pool is None

    # -- lifecycle
    @property
    def pool(self) -> Pool:
        if self._pool is None:
            self._pool = Pool(size=self.limits.workers, memory_mb=self.limits.memory_mb)
        return self._pool

    def warm(self) -> None:
        """Start the workers now (they are started on first use otherwise)."""
        self.pool.warm()

    def close(self) -> None:
        if self._owns_pool and self._pool is not None:
            self._pool.close()
            self._pool = None

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- questions
    def consistency(
        self, formulas, vocabulary: Vocabulary | None = None, *, timeout: float | None = None
    ) -> Verdict:
        """CONSISTENT (with a model), INCONSISTENT (with the clash) or UNDETERMINED."""
        v = self._decide(list(formulas), [], timeout)
        status = {
            Status.ENTAILED: Status.INCONSISTENT,
            Status.NOT_ENTAILED: Status.CONSISTENT,
        }.get(v.status, Status.UNDETERMINED)
        return replace(v, status=status)

    def entailment(
        self,
        premises,
        goals,
        vocabulary: Vocabulary | None = None,
        *,
        timeout: float | None = None,
    ) -> Verdict:
        """Do ``premises`` entail every formula in ``goals`` (a formula or a list)?"""
        if not isinstance(goals, (list, tuple)):
            goals = [goals]
        return self._decide(list(premises), list(goals), timeout)

    def analyze(
        self, formulas, vocabulary: Vocabulary | None = None, *, timeout: float | None = None
    ) -> Analysis:
        """Consistency of the board, then for each statement: do the others entail it?"""
        start = time.monotonic()
        formulas = list(formulas)
        consistency = self.consistency(formulas, vocabulary, timeout=timeout)
        conflict = set(consistency.used) if consistency.status == Status.INCONSISTENT else None
        redundancy = []
        for i, goal in enumerate(formulas):
            others = [j for j in range(len(formulas)) if j != i]
            if conflict is not None and i not in conflict:
                # The others contain the whole clash, so they entail anything.
                evidence = Evidence(Method.REST_INCONSISTENT, used=tuple(sorted(conflict)))
                redundancy.append(Verdict(Status.ENTAILED, evidence))
                continue
            v = self.entailment([formulas[j] for j in others], [goal], vocabulary, timeout=timeout)
            redundancy.append(v.renumbered(others))
        return Analysis(consistency, tuple(redundancy), time.monotonic() - start)

    # -- preparing a question
    def _prepare(self, premises, goals, limit: float, start: float) -> _Question:
        for f in [*premises, *goals]:
            if free_vars(f):
                raise ValueError(f"not a closed formula: free {', '.join(sorted(free_vars(f)))}")
        prem_nnf = [nnf(expand_unique(p)) for p in premises]
        if not goals or any(isinstance(g, Falsum) for g in goals):
            # ⊥ among the goals: only an inconsistency entails it (¬⊥ adds nothing)
            negated_goal = None
        else:
            negated_goal = nnf(expand_unique(Not(big_and(goals))))
        predicates, functions = signature([*prem_nnf] + ([negated_goal] if negated_goal else []))
        # Symbols named only by goals that reduce to ⊥ still need a meaning in models.
        p2, f2 = signature([*premises, *goals])
        problem = Problem(
            tuple(prem_nnf),
            negated_goal,
            {**p2, **predicates},
            {**f2, **functions},
        )
        bounds = size_bounds(prem_nnf, negated_goal)
        return _Question(premises, goals, problem, bounds, limit, start, start + limit)

    def _decide(self, premises, goals, timeout: float | None) -> Verdict:
        start = time.monotonic()
        limit = self.limits.timeout if timeout is None else timeout
        if not limit > 0:
            raise ValueError(f"a time limit must be positive, got {limit!r}")
        nodes = sum(expanded_size(f) for f in [*premises, *goals])
        if nodes > MAX_EXPANDED_NODES:
            # Each nested ∃! doubles its body when expanded; refuse before building it.
            attempt = Attempt(
                Solver.ENGINE, Outcome.TOO_LARGE, size=nodes, limit=MAX_EXPANDED_NODES
            )
            evidence = Evidence(Method.NONE, tried=(attempt,))
            return Verdict(Status.UNDETERMINED, evidence, time.monotonic() - start, limit)
        q = self._prepare(premises, goals, limit, start)
        complete = q.bounds.complete_up_to
        if complete == 0:
            bound = q.bounds.completing()
            evidence = Evidence(
                Method.EXHAUSTIVE,
                Solver.SYNTAX,
                used=bound.sources,
                bound=bound,
                searched=0,
            )
            return Verdict(Status.ENTAILED, evidence, q.elapsed(), limit)
        return self._race(q, complete if complete is not None else self.limits.max_size)

    # -- the race
    def _race(self, q: _Question, max_size: int | None) -> Verdict:
        # Leave a margin for the reply, the evaluator and killing: the hard
        # limit is the deadline below, the workers' own budgets are softer.
        budget = max(0.05, q.limit * 0.92 - 0.03)
        pool = self.pool
        minimise = self.limits.minimise
        if self.limits.hang_for_testing:
            requests = [(Solver.Z3, Sleep(self.limits.hang_for_testing), budget)] * 2
        elif pool.size > 1:
            requests = [
                (Solver.Z3, Prove(q.problem, minimise), budget),
                (Solver.FINDER, Find(q.problem, max_size, minimise, q.bounds.lower), budget),
            ]
        else:
            # One worker: proof search first with half the time, then the finder.
            requests = [
                (Solver.Z3, Prove(q.problem, minimise), budget / 2),
                (Solver.FINDER, Find(q.problem, max_size, minimise, q.bounds.lower), budget),
            ]
        solvers = {pool.submit(request, b): solver for solver, request, b in requests}
        try:
            verdict = self._first_answer(q, pool, solvers, max_size)
        except KeyboardInterrupt:  # the table cancelled the question: stop its work now
            pool.stop(solvers)
            raise
        finally:
            for task in solvers:
                pool.cancel(task)
        return verdict

    def _first_answer(self, q: _Question, pool: Pool, solvers: dict, max_size) -> Verdict:
        searched = 0  # sizes the finder has shown empty so far
        searched_core: set[int] = set()
        early_proof: Proved | None = None  # announced before its core was shrunk
        finder_said = False
        for event in pool.events(solvers, q.deadline):
            solver = solvers[event.task]
            if event.kind == EventKind.PROGRESS:
                if isinstance(event.progress, Proved):
                    early_proof = event.progress
                elif isinstance(event.progress, SizeChecked):
                    searched = event.progress.size
                    searched_core.update(event.progress.core)
                continue
            if event.kind == EventKind.DIED:
                outcome = Outcome.TIMED_OUT if event.death == Death.DEADLINE else Outcome.CRASHED
                size = searched if solver == Solver.FINDER else None
                finder_said |= solver == Solver.FINDER
                q.tried.append(Attempt(solver, outcome, q.elapsed(), size, q.limit))
                continue
            r = event.result
            verdict = None
            if isinstance(r, ProofResult):
                verdict = self._from_proof(q, r)
            elif isinstance(r, SearchResult):
                finder_said = True
                verdict = self._from_search(q, r, max_size)
                if r.status == SearchStatus.GAVE_UP:
                    searched = max(searched, r.size)
            elif isinstance(r, Failed):
                if r.cancelled:
                    continue
                q.flags.append(f"BUG: {solver.value} failed: {r.error}")
                log.error("%s failed: %s", solver.value, r.error)
                q.tried.append(Attempt(solver, Outcome.ERROR, q.elapsed(), detail=r.error))
            if verdict is not None:
                if verdict.evidence.method == Method.EXHAUSTIVE:
                    verdict = self._prefer_proof(q, pool, solvers, verdict)
                return self._finish(q, verdict)
        if early_proof is not None:
            evidence = Evidence(
                Method.PROOF,
                Solver.Z3,
                used=early_proof.core,
                minimal=False,
                solver_seconds=early_proof.seconds,
            )
            return self._finish(q, Verdict(Status.ENTAILED, evidence))
        if not finder_said:
            q.tried.append(Attempt(Solver.FINDER, Outcome.NO_MODEL, q.elapsed(), searched))
        evidence = Evidence(Method.NONE, searched=searched or None)
        return self._finish(q, Verdict(Status.UNDETERMINED, evidence))

    def _finish(self, q: _Question, verdict: Verdict) -> Verdict:
        evidence = replace(verdict.evidence, tried=tuple(q.tried))
        return Verdict(verdict.status, evidence, q.elapsed(), q.limit, tuple(q.flags))

    def _from_proof(self, q: _Question, r: ProofResult) -> Verdict | None:
        if r.status == ProofStatus.UNSAT:
            evidence = Evidence(
                Method.PROOF,
                Solver.Z3,
                used=r.core,
                minimal=r.minimal,
                solver_seconds=r.proof_seconds,
                premises_clash=r.premises_clash,
            )
            return Verdict(Status.ENTAILED, evidence)
        if r.status == ProofStatus.SAT and r.model is not None:
            if self._confirmed(q, r.model, Solver.Z3):
                evidence = Evidence(
                    Method.MODEL, Solver.Z3, model=r.model, solver_seconds=r.seconds
                )
                return Verdict(Status.NOT_ENTAILED, evidence)
            return None
        q.tried.append(Attempt(Solver.Z3, Outcome.NO_PROOF, r.seconds, detail=r.reason))
        return None

    def _from_search(self, q: _Question, r: SearchResult, max_size: int | None) -> Verdict | None:
        b = q.bounds
        if r.status == SearchStatus.MODEL and r.model is not None:
            if self._confirmed(q, r.model, Solver.FINDER):
                evidence = Evidence(
                    Method.MODEL, Solver.FINDER, model=r.model, solver_seconds=r.seconds
                )
                return Verdict(Status.NOT_ENTAILED, evidence)
            return None
        if r.status == SearchStatus.EXHAUSTED and r.proved_bound == r.size:
            # A prover showed every (counter)model has at most n objects, and the
            # finder checked every size up to n: a complete search.
            bound = Bound(r.size, BoundReason.PROVED, proved=r.bound)
            evidence = Evidence(
                Method.EXHAUSTIVE,
                Solver.FINDER,
                used=tuple(sorted({*r.core, *_lower_sources(b)})),
                bound=bound,
                searched=r.size,
                solver_seconds=r.seconds,
            )
            return Verdict(Status.ENTAILED, evidence)
        if r.status == SearchStatus.EXHAUSTED and (
            b.complete_up_to is None or r.size < b.complete_up_to
        ):
            # A search capped by Limits.max_size alone proves nothing about
            # larger domains: only a bound the problem itself guarantees does.
            q.tried.append(Attempt(Solver.FINDER, Outcome.NO_MODEL, r.seconds, r.size))
            return None
        if r.status == SearchStatus.EXHAUSTED:
            bound = b.completing()
            used = {*r.core, *_lower_sources(b)}
            if bound is not None and bound.reason in (BoundReason.BOARD_SIZE,):
                used.update(bound.sources)
            evidence = Evidence(
                Method.EXHAUSTIVE,
                Solver.FINDER,
                used=tuple(sorted(used)),
                bound=bound,
                searched=r.size,
                solver_seconds=r.seconds,
            )
            return Verdict(Status.ENTAILED, evidence)
        q.tried.append(Attempt(Solver.FINDER, Outcome.NO_MODEL, r.seconds, r.size))
        return None

    def _confirmed(self, q: _Question, model: Model, solver: Solver) -> bool:
        """Does the independent evaluator accept ``model``? Records why not.

        The check runs in this process, so it gets the question's deadline:
        nested quantifiers cost size^depth steps.
        """
        try:
            why = _rejection(q, model, q.deadline)
        except EvaluationTimeout:
            q.tried.append(Attempt(solver, Outcome.UNCHECKED, q.elapsed(), model.size))
            return False
        if why is None:
            return True
        q.flags.append(f"BUG: {solver.value} model rejected by the evaluator: {why}")
        log.error("%s model rejected by the evaluator: %s", solver.value, why)
        q.tried.append(Attempt(solver, Outcome.REJECTED, q.elapsed(), model.size, detail=why))
        return False

    def _prefer_proof(self, q: _Question, pool: Pool, solvers: dict, verdict: Verdict) -> Verdict:
        """An exhaustive search won: give a running proof search a moment to finish.

        Both are proofs, but a refutation is the one players follow ("assuming
        it false contradicts the board"), and its core is minimised by deletion
        where the finder's is a union over sizes: the same question should show
        the same evidence however the race went.
        """
        provers = [t for t, s in solvers.items() if s == Solver.Z3]
        grace = min(q.deadline, time.monotonic() + PROOF_GRACE)
        for event in pool.events(provers, grace, kill=False):
            r = event.result
            if isinstance(r, ProofResult) and r.status == ProofStatus.UNSAT and r.minimal:
                evidence = Evidence(
                    Method.PROOF,
                    Solver.Z3,
                    used=r.core,
                    solver_seconds=r.proof_seconds,
                    also=Solver.FINDER,
                    premises_clash=r.premises_clash,
                )
                return replace(verdict, evidence=evidence)
        return verdict


def _lower_sources(b: SizeBounds) -> tuple[int, ...]:
    """The premises whose |L| ≥ n let the finder skip the sizes below n."""
    return tuple(i for i in b.lower_sources if i >= 0) if b.lower > 1 else ()


def _rejection(q: _Question, model: Model, deadline: float) -> str | None:
    """None if the evaluator confirms the (counter)model, else why not."""
    try:
        false = check_model(q.premises, model, deadline=deadline)
        if false:
            return f"premise {false[0] + 1} is false in it"
        if q.goals and all(evaluate(g, model, deadline=deadline) for g in q.goals):
            return "the goal holds in it"
    except EvaluationError as exc:
        return f"evaluator error: {exc}"
    return None
