"""Verdicts with evidence: is a board inconsistent, does a statement follow?

Every question is a race between tasks on the worker pool
(``referee.logic.worker``):

* proof search: Z3 on the quantified problem, one assumption literal per
  premise; unsat is a proof and its core (minimised by deletion) the
  statements used; sat comes with a finite model;
* the bounded model finder (``referee.logic.finder``) over sizes 1, 2, 3, …;
* E prover (``referee.logic.e_prover``), a process of its own: a refutation;
* cvc5's finite model finding (``referee.logic.cvc5_finder``): a model;
* the finder over ℕ and ℤ (``referee.logic.infinite``), when no finite bound
  settles the question: a model re-checked by Cooper's procedure.

Five racers on the schedule of ``Engine._race``; the first definite answer wins. Soundness rules:

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from referee.language.ast import Falsum, Formula, Not, free_vars
from referee.logic.deletion import Trial, by_deletion, shrink_until, trial_seconds
from referee.logic.e_prover import EProcess, EResult, EStatus, locate_e, prove_with_e
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, check_model, evaluate
from referee.logic.evidence import Attempt, Evidence, Method, Outcome, Solver
from referee.logic.export import tptp_refutation
from referee.logic.fragments import SizeBounds, size_bounds
from referee.logic.infinite_model import InfiniteModel
from referee.logic.model import Model
from referee.logic.normalform import big_and, expand_unique, expanded_size, nnf, signature
from referee.logic.tasks import (
    Call,
    Confirmation,
    ConfirmInfinite,
    Cvc5Find,
    Cvc5Result,
    Cvc5Status,
    Death,
    EventKind,
    Failed,
    Find,
    InfiniteFind,
    InfiniteResult,
    Problem,
    ProofResult,
    ProofStatus,
    Prove,
    Proved,
    Returned,
    SearchResult,
    SearchStatus,
    SizeChecked,
)
from referee.logic.worker import Pool

log = logging.getLogger(__name__)

# Larger questions are refused as undetermined before any work (and memory) is spent:
# preparing one costs this process about 30 µs a node before the hard limit can
# apply (measured: 110,000 nodes took 3 s), and one statement may have 10,000.
MAX_EXPANDED_NODES = 20_000
# Seconds a proof search may go on after an exhaustive search won (for its minimal core).
PROOF_GRACE = 0.1
# The race's schedule (shares of the question's budget; measured in benchmarks/).
E_MIN, E_SHARE = 0.5, 0.15  # E runs alone beside cvc5 for this long, then our finder starts
CVC5_MIN, CVC5_SHARE = 0.5, 0.75  # cvc5's turn before Z3's on its worker
FINITE_MIN, FINITE_SHARE = 0.4, 0.15  # small sizes first, then the model search over ℕ and ℤ
# E starts only if nothing has answered this soon: most game questions are settled by
# cvc5 in the warm worker within a few ms, and E's process competes with it for the
# cores. Measured side by side (3-7-statement boards, load 11 on 2 cores, one engine
# per setting, interleaved): medians 13.3 → 7.4 ms and p95 96 → 54 ms from 0 to 10 ms
# (5 and 20 ms: no better). An earlier trial on TPTP problems, where E settles
# more, found that 15 ms cost more there than it saved (schedule.py --tptp). Once
# the workers kept a solver per board (cvc5 answers sooner), 10 → 5 ms (paired.py,
# 1139 questions, three runs at load 2-5): p95 19.5-20.1 → 16.5-17.5 ms (33.3 → 32.6
# at load 5), median ratio 0.98-1.00; boards grown to 8-13 statements: 0.996.
E_DELAY = 0.005
# Models the engine remembers (most recent first): a board grows one statement at a
# time, and a countermodel of an earlier question often still is one (re-checked).
REMEMBERED_MODELS = 24
RECALL_SECONDS = 0.003  # at most this long looking through them
REMEMBERED_VALUES = 256  # statements' truth values remembered per model
# analyze's first pass: cvc5 alone on every question at once, for this share of the limit.
QUICK_MIN, QUICK_SHARE = 0.05, 0.03


class Status(enum.StrEnum):
    ENTAILED = "entailed"
    NOT_ENTAILED = "not_entailed"
    UNDETERMINED = "undetermined"
    CONSISTENT = "consistent"
    INCONSISTENT = "inconsistent"

    def __str__(self) -> str:
        return self.value


T = TypeVar("T")  # what a function handed to Engine.call returns


@dataclass(frozen=True)
class Limits:
    """``timeout``: default hard wall-clock seconds per question; ``memory_mb``: per worker."""

    timeout: float = 3.0
    memory_mb: int | None = 2048
    max_size: int | None = None  # largest domain the finder tries (None: until the time is up)
    minimise: bool = True  # shrink unsat cores by deletion
    workers: int = 2
    e_prover: bool = True  # race E prover (when installed)
    cvc5: bool = True  # race cvc5's finite model finding (when installed)
    infinite: bool = True  # search models over ℕ and ℤ when no finite bound settles it


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
            "countermodel": self.model.to_json()
            if self.model is not None
            else (self.evidence.infinite.to_json() if self.evidence.infinite is not None else None),
            "seconds": round(self.seconds, 4),
        }

    def renumbered(self, indices: Sequence[int]) -> Verdict:
        """The same verdict with premise ``i`` renamed ``indices[i]`` (in used and bounds)."""

        def move(used: tuple[int, ...]) -> tuple[int, ...]:  # -1, the claim itself, stays
            return tuple(sorted(indices[i] if i >= 0 else i for i in used))

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
    candidate: InfiniteModel | None = None  # an infinite model waiting for its re-check
    searched: int = 0  # sizes the finder has shown empty so far
    early_proof: Proved | None = None  # a refutation announced before its core was shrunk
    finder_said: bool = False

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
        # Remembered models, most recent first, each with the truth values the
        # evaluator found in it (a board's questions ask about the same statements).
        self._models: list[tuple[Model, Solver, dict[Formula, bool]]] = []

    def forget(self) -> None:
        """Drop the models remembered from earlier questions (benchmarks: a cold start)."""
        self._models.clear()

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

    # -- limited work for higher layers
    def call(self, function: Callable[..., T], *args, timeout: float, **kwargs) -> T | None:
        """``function(*args, deadline=..., **kwargs)`` in a worker under a hard limit.

        ``function``: a pure module-level function of picklable values (a
        higher layer's, handed down). Its value, or None when it ran out of
        time or failed.
        """
        pool = self.pool
        task = pool.submit(Call(function, args, tuple(kwargs.items())), timeout)
        value = None
        try:
            for event in pool.events([task], time.monotonic() + timeout + 0.1):
                if isinstance(event.result, Returned):
                    value = event.result.value
                elif isinstance(event.result, Failed) and not event.result.cancelled:
                    log.error("%s failed in a worker: %s", function.__name__, event.result.error)
        except KeyboardInterrupt:
            pool.stop([task])
            raise
        return value

    # -- questions
    def consistency(self, formulas, *, timeout: float | None = None) -> Verdict:
        """CONSISTENT (with a model), INCONSISTENT (with the clash) or UNDETERMINED."""
        return self._as_consistency(self._decide(list(formulas), [], timeout))

    def entailment(
        self,
        premises,
        goals,
        *,
        timeout: float | None = None,
    ) -> Verdict:
        """Do ``premises`` entail every formula in ``goals`` (a formula or a list)?"""
        if not isinstance(goals, (list, tuple)):
            goals = [goals]
        return self._decide(list(premises), list(goals), timeout)

    def analyze(self, formulas, *, timeout: float | None = None) -> Analysis:
        """Consistency of the board, then for each statement: do the others entail it?"""
        start = time.monotonic()
        formulas = list(formulas)
        n = len(formulas)
        # The board's questions are independent: a first pass puts them on both
        # workers at once (cvc5 alone, briefly), and only what it left open races.
        asked = [(formulas, [])] + [
            (formulas[:i] + formulas[i + 1 :], [formulas[i]]) for i in range(n)
        ]
        quick, prepared = self._quick(asked, timeout)
        consistency = self._as_consistency(
            quick[0] or self._decide(formulas, [], timeout, prepared[0])
        )
        conflict = set(consistency.used) if consistency.status == Status.INCONSISTENT else None
        redundancy = []
        for i, goal in enumerate(formulas):
            others = [j for j in range(n) if j != i]
            if conflict is not None and i not in conflict:
                # The others contain the whole clash, so they entail anything.
                evidence = Evidence(Method.REST_INCONSISTENT, used=tuple(sorted(conflict)))
                redundancy.append(Verdict(Status.ENTAILED, evidence))
                continue
            v = quick[i + 1] or self._decide(
                [formulas[j] for j in others], [goal], timeout, prepared[i + 1]
            )
            redundancy.append(v.renumbered(others))
        return Analysis(consistency, tuple(redundancy), time.monotonic() - start)

    def _quick(
        self, asked, timeout: float | None
    ) -> tuple[list[Verdict | None], list[_Question | None]]:
        """cvc5 alone on every question at once, ``QUICK_SHARE`` of the limit each.

        A verdict is one it settled (a refutation with its shrunk core, or a
        model the evaluator re-checked), exactly as the race would take it;
        None: left for the race (too large, syntax-settled, or not in time).
        With them, each question it prepared (for ``_decide``: not twice).
        """
        limit = self.limits.timeout if timeout is None else timeout
        out: list[Verdict | None] = [None] * len(asked)
        prepared: list[_Question | None] = [None] * len(asked)
        if not self.limits.cvc5 or not limit > 0:
            return out, prepared
        pool = self.pool
        budget = max(QUICK_MIN, QUICK_SHARE * limit)
        questions: dict[int, tuple[int, _Question]] = {}
        try:
            for k, (premises, goals) in enumerate(asked):
                if sum(expanded_size(f) for f in [*premises, *goals]) > MAX_EXPANDED_NODES:
                    continue
                q = prepared[k] = self._prepare(premises, goals, limit, time.monotonic())
                if q.bounds.complete_up_to == 0:
                    continue
                out[k] = self._remembered(q)
                if out[k] is not None:
                    continue
                questions[pool.submit(Cvc5Find(q.problem), budget)] = (k, q)
            pending = set(questions)
            end = time.monotonic() + budget * len(questions) / pool.size + 0.5
            for event in pool.events(pending, end):
                if event.kind != EventKind.DONE or not isinstance(event.result, Cvc5Result):
                    continue
                k, q = questions[event.task]
                verdict = self._from_cvc5(q, event.result)
                if verdict is None:
                    continue
                if verdict.evidence.method == Method.PROOF and not verdict.evidence.minimal:
                    verdict = self._shrink(q, verdict)
                out[k] = self._remember(self._finish(q, verdict))
        except KeyboardInterrupt:
            pool.stop(questions)
            raise
        finally:
            for task in questions:
                pool.cancel(task)
        return out, prepared

    @staticmethod
    def _as_consistency(v: Verdict) -> Verdict:
        status = {
            Status.ENTAILED: Status.INCONSISTENT,
            Status.NOT_ENTAILED: Status.CONSISTENT,
        }.get(v.status, Status.UNDETERMINED)
        return replace(v, status=status)

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
        # The statements as given name every symbol the normal forms do, and those of
        # goals that reduce to ⊥ too (a model must still interpret them): one pass.
        predicates, functions = signature([*premises, *goals])
        problem = Problem(tuple(prem_nnf), negated_goal, predicates, functions)
        bounds = size_bounds(prem_nnf, negated_goal, (predicates, functions))
        return _Question(premises, goals, problem, bounds, limit, start, start + limit)

    def _decide(
        self, premises, goals, timeout: float | None, prepared: _Question | None = None
    ) -> Verdict:
        """``prepared``: this question as ``_quick`` prepared it (its problem and
        bounds are reused; its clock, attempts and flags are not)."""
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
        if prepared is None:
            q = self._prepare(premises, goals, limit, start)
        else:
            q = _Question(
                premises, goals, prepared.problem, prepared.bounds, limit, start, start + limit
            )
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
        recalled = self._remembered(q)
        if recalled is not None:
            return recalled
        return self._remember(
            self._race(q, complete if complete is not None else self.limits.max_size)
        )

    def _remember(self, verdict: Verdict) -> Verdict:
        """Keep a verdict's finite model for the questions to come."""
        ev = verdict.evidence
        if ev.model is not None and ev.solver is not None:
            self._models.insert(0, (ev.model, ev.solver, {}))
            del self._models[REMEMBERED_MODELS:]
        return verdict

    def _remembered(self, q: _Question) -> Verdict | None:
        """A model of an earlier question that the evaluator accepts for this one.

        Cut down to this question's symbols, it is re-checked like any model a
        solver found (premises true, some goal false), so it is the same
        evidence; only the search for it is skipped.
        """
        predicates, functions = q.problem.predicates, q.problem.functions
        stop = min(q.deadline, time.monotonic() + RECALL_SECONDS)
        for k, (model, solver, known) in enumerate(self._models):
            if time.monotonic() >= stop:
                return None
            if not _interprets(model, predicates, functions):
                continue
            cut = Model(
                model.size,
                {name: model.functions[name] for name in functions},
                {name: model.predicates[name] for name in predicates},
            )

            def holds(f: Formula, cut=cut, known=known) -> bool:
                # The value in the model cut down to a question's symbols is the
                # value in the whole model: remembered for the questions to come.
                if f not in known:
                    if len(known) >= REMEMBERED_VALUES:
                        known.clear()
                    known[f] = evaluate(f, cut, deadline=stop)
                return known[f]

            try:
                if q.goals and all(holds(g) for g in q.goals):
                    continue
                if not all(holds(p) for p in q.premises):
                    continue
            except (EvaluationError, EvaluationTimeout):
                continue
            self._models.insert(0, self._models.pop(k))
            evidence = Evidence(Method.MODEL, solver, model=cut)
            return self._finish(q, Verdict(Status.NOT_ENTAILED, evidence))
        return None

    # -- the race
    def _race(self, q: _Question, max_size: int | None) -> Verdict:
        """Start the racers on the schedule, take the first definite answer.

        Two cores: E (a process of its own, from here) and cvc5 start at once;
        our finder starts when E's share is over (E answers within it or not at
        all, measured), and hands over to the infinite finder when a search of
        the small sizes has had its share; Z3 follows cvc5. ``benchmarks/``
        holds the measurements behind the shares.
        """
        # Leave a margin for the reply, the evaluator and killing: the hard
        # limit is the deadline, the racers' own budgets are softer.
        budget = max(0.05, q.limit * 0.92 - 0.03)
        until = q.start + budget
        pool = self.pool
        solvers: dict[int, Solver] = {}

        def lane(solver: Solver, request, seconds: float, **when) -> int:
            task = pool.submit(request, seconds, until=until, **when)
            solvers[task] = solver
            return task

        e_seconds = self._lanes(q, lane, budget, max_size)
        use_e = e_seconds > 0
        pending = set(solvers)
        try:
            verdict = None
            if use_e:
                if E_DELAY:
                    first = min(q.deadline, time.monotonic() + E_DELAY)
                    verdict = self._first_answer(q, pool, solvers, pending, max_size, first, False)
                if verdict is None and time.monotonic() < q.deadline:
                    e_task = self._start_e(q, pool, e_seconds)
                    if e_task:
                        solvers[e_task] = Solver.E
                        pending.add(e_task)
            if verdict is None:
                verdict = self._first_answer(q, pool, solvers, pending, max_size, q.deadline, True)
            if verdict is None:
                verdict = self._undecided(q)
        except KeyboardInterrupt:  # the table cancelled the question: stop its work now
            pool.stop(solvers)
            raise
        finally:
            for task in solvers:
                pool.cancel(task)
        return verdict

    def _lanes(
        self, q: _Question, lane: Callable[..., int], budget: float, max_size: int | None
    ) -> float:
        """Put the racers on the pool's lanes (``lane(solver, request, seconds, **when)``),
        on the schedule; the seconds E is to have once its delay is over (0: no E)."""
        limits, pool, minimise = self.limits, self.pool, self.limits.minimise
        use_e = limits.e_prover and locate_e() is not None
        e_seconds = min(budget, max(E_MIN, E_SHARE * budget))
        e_end = q.start + E_DELAY + e_seconds if use_e else 0.0
        find = Find(q.problem, max_size, minimise, q.bounds.lower)
        infinite = limits.infinite and q.bounds.complete_up_to is None
        small = max(FINITE_MIN, FINITE_SHARE * budget) if infinite else budget
        cvc5 = Cvc5Find(q.problem) if limits.cvc5 else None
        if pool.size > 1:
            first = lane(Solver.CVC5, cvc5, max(CVC5_MIN, CVC5_SHARE * budget)) if cvc5 else 0
            lane(Solver.Z3, Prove(q.problem, minimise), budget, after=first)
            finder = lane(Solver.FINDER, find, small, not_before=e_end)
        else:  # one worker: each in turn
            first = lane(Solver.CVC5, cvc5, budget / 3) if cvc5 else 0
            finder = lane(Solver.FINDER, find, min(small, budget / 3), after=first)
            finder = lane(Solver.Z3, Prove(q.problem, minimise), budget, after=finder)
        if infinite:
            lane(Solver.INFINITE, InfiniteFind(q.problem, tuple(q.goals)), budget, after=finder)
        return e_seconds if use_e else 0.0

    def _start_e(self, q: _Question, pool: Pool, seconds: float) -> int:
        """Start E on the question (from this process) for ``seconds``: its task, or 0."""
        binary = locate_e()
        if binary is None:
            return 0
        try:
            problem = tptp_refutation(q.problem.premises, q.problem.negated_goal)
            process = EProcess(
                problem,
                len(q.problem.premises),
                time.monotonic() + seconds,
                self.limits.memory_mb,
                binary,
            )
        except (OSError, ValueError) as exc:  # E cannot run here, or the problem cannot be written
            q.tried.append(Attempt(Solver.E, Outcome.UNAVAILABLE, detail=str(exc)))
            return 0
        return pool.external(process, seconds)

    def _first_answer(
        self, q: _Question, pool: Pool, solvers: dict, pending: set, max_size, until, kill
    ) -> Verdict | None:
        """The first definite answer before ``until``; None (the race goes on unless ``kill``)."""
        for event in pool.events(pending, until, kill=kill):
            solver = solvers[event.task]
            if event.kind == EventKind.PROGRESS:
                if isinstance(event.progress, Proved):
                    q.early_proof = event.progress
                elif isinstance(event.progress, SizeChecked):
                    q.searched = event.progress.size
                continue
            if event.kind == EventKind.DIED:
                outcome = Outcome.TIMED_OUT if event.death == Death.DEADLINE else Outcome.CRASHED
                size = q.searched if solver == Solver.FINDER else None
                q.finder_said |= solver == Solver.FINDER
                # Stopped at the question's limit, or at the end of its own share of it.
                at_limit = q.elapsed() >= 0.9 * q.limit
                q.tried.append(
                    Attempt(solver, outcome, q.elapsed(), size, q.limit if at_limit else None)
                )
                continue
            race = _Race(q, pool, solvers, pending, max_size, solver)
            verdict = _answer(self, race, event.result)
            if verdict is not None:
                if verdict.evidence.method == Method.EXHAUSTIVE:
                    verdict = self._prefer_proof(q, pool, solvers, verdict)
                if not verdict.evidence.minimal:
                    for task in pending:  # the trials run in this process: free both cores
                        pool.cancel(task)
                    verdict = self._shrink(q, verdict, pool)
                return self._finish(q, verdict)
        return None

    def _undecided(self, q: _Question) -> Verdict:
        """The race is over without a verdict: a proof announced early, or undetermined."""
        if q.early_proof is not None:
            evidence = Evidence(
                Method.PROOF,
                Solver.Z3,
                used=q.early_proof.core,
                minimal=False,
                solver_seconds=q.early_proof.seconds,
            )
            return self._finish(q, Verdict(Status.ENTAILED, evidence))
        if not q.finder_said:
            q.tried.append(Attempt(Solver.FINDER, Outcome.NO_MODEL, q.elapsed(), q.searched))
        evidence = Evidence(Method.NONE, searched=q.searched or None)
        return self._finish(q, Verdict(Status.UNDETERMINED, evidence))

    def _from_search_result(self, race: _Race, r: SearchResult) -> Verdict | None:
        q = race.q
        q.finder_said = True
        verdict = self._from_search(q, r, race.max_size)
        if r.status == SearchStatus.GAVE_UP:
            q.searched = max(q.searched, r.size)
        return verdict

    def _from_infinite(self, race: _Race, r: InfiniteResult) -> None:
        """A model over ℕ or ℤ is a candidate until a worker confirms it: that check joins
        the race (its answer comes back as a :class:`Confirmation`)."""
        q = race.q
        if r.model is None:
            q.tried.append(Attempt(Solver.INFINITE, Outcome.NO_MODEL, r.seconds))
            return None
        check = race.pool.submit(
            ConfirmInfinite(tuple(q.premises), tuple(q.goals), r.model),
            max(0.05, q.deadline - time.monotonic()),
        )
        race.solvers[check] = Solver.INFINITE
        q.candidate = r.model
        race.pending.add(check)  # the events that follow it too
        return None

    def _from_failure(self, race: _Race, r: Failed) -> None:
        if r.cancelled:
            return None
        q, solver = race.q, race.solver
        q.flags.append(f"BUG: {solver.value} failed: {r.error}")
        log.error("%s failed: %s", solver.value, r.error)
        q.tried.append(Attempt(solver, Outcome.ERROR, q.elapsed(), detail=r.error))
        return None

    def _from_e(self, q: _Question, r: EResult) -> Verdict | None:
        if r.status == EStatus.PROOF:
            clash = q.problem.negated_goal is not None and not r.goal_used
            evidence = Evidence(
                Method.PROOF,
                Solver.E,
                used=r.used,
                minimal=False,
                solver_seconds=r.seconds,
                premises_clash=clash,
            )
            return Verdict(Status.ENTAILED, evidence)
        # A saturation proves no refutation exists, but shows no model: the
        # referee says "not entailed" only with a model it re-checked (ruling).
        outcome = {
            EStatus.SATURATED: Outcome.SATURATED,
            EStatus.TIMEOUT: Outcome.TIMED_OUT,
            EStatus.UNAVAILABLE: Outcome.UNAVAILABLE,
        }.get(r.status, Outcome.NO_PROOF)
        if r.status != EStatus.CANCELLED:
            q.tried.append(Attempt(Solver.E, outcome, r.seconds, detail=r.szs))
        return None

    def _from_cvc5(self, q: _Question, r: Cvc5Result) -> Verdict | None:
        if r.status == Cvc5Status.UNSAT:
            evidence = Evidence(
                Method.PROOF,
                Solver.CVC5,
                used=r.used,
                minimal=r.minimal,
                solver_seconds=r.seconds,
                premises_clash=q.problem.negated_goal is not None and not r.goal_used,
            )
            return Verdict(Status.ENTAILED, evidence)
        if r.status == Cvc5Status.MODEL and r.model is not None:
            return self._counterexample(q, r.model, Solver.CVC5, r.seconds)
        if r.status == Cvc5Status.UNKNOWN:
            q.tried.append(Attempt(Solver.CVC5, Outcome.NO_MODEL, r.seconds, detail=r.reason))
        return None

    def _from_confirmation(self, q: _Question, r: Confirmation) -> Verdict | None:
        model = q.candidate
        if model is None:  # pragma: no cover - a confirmation of nothing
            return None
        if r.timed_out:
            q.tried.append(Attempt(Solver.INFINITE, Outcome.UNCHECKED, q.elapsed()))
            return None
        if r.problem is not None:
            q.flags.append(f"BUG: infinite model rejected by the independent check: {r.problem}")
            log.error("infinite model rejected by the independent check: %s", r.problem)
            q.tried.append(
                Attempt(Solver.INFINITE, Outcome.REJECTED, q.elapsed(), detail=r.problem)
            )
            return None
        evidence = Evidence(Method.MODEL, Solver.INFINITE, infinite=model)
        return Verdict(Status.NOT_ENTAILED, evidence)

    def _shrink(self, q: _Question, verdict: Verdict, pool: Pool | None = None) -> Verdict:
        """Drop the statements a refutation did not need, by deletion (bounded): the set
        named is then minimal, each statement shown needed, or says it may not be.

        First cvc5 on the statements used alone (with ``pool`` free for it), which
        shrinks its own core by deletion and shows each statement it keeps needed by a
        model without it; else trials of E. Either way the smaller set is itself
        refuted by a prover before it replaces the larger. E's proof names the axioms
        it used, which another proof may not need (#4, #11, #12 where #4, #12 clash),
        and an exhaustive search's statements are a union over sizes: both are shrunk.
        Presentation, not proof: the verdict stands whatever happens here, and the
        share of time is bounded like Z3's own core minimising.
        """
        ev = verdict.evidence
        if ev.method not in (Method.PROOF, Method.EXHAUSTIVE) or not ev.used:
            return verdict
        ev = replace(ev, minimal=len(ev.used) == 1 and ev.method == Method.PROOF)
        verdict = replace(verdict, evidence=ev)
        if not self.limits.minimise or ev.minimal:
            return verdict
        spent = ev.solver_seconds or 0.05
        stop = shrink_until(spent, q.deadline - 0.05)
        if pool is not None and self.limits.cvc5:
            core = self._cvc5_core(q, pool, ev.used, stop)
            if core is not None:
                clash = q.problem.negated_goal is not None and not core[1]
                shrunk = replace(ev, used=core[0], minimal=True, premises_clash=clash)
                return replace(verdict, evidence=shrunk)
        if ev.method != Method.PROOF or locate_e() is None:
            return verdict
        premises = q.problem.premises
        goal = q.problem.negated_goal
        goal_used: bool | None = None  # whether E's last proof of the final set needed the goal

        def prove(indices: list[int], until: float):
            return prove_with_e([premises[j] for j in indices], goal, until, self.limits.memory_mb)

        def trial(indices: list[int], until: float) -> tuple[Trial, list[int] | None]:
            nonlocal goal_used
            r = prove(indices, until)
            if r.status == EStatus.PROOF:
                goal_used = r.goal_used
                return Trial.REFUTED, [indices[j] for j in r.used] if r.used else None
            # Only a saturation shows the statement was needed.
            return (Trial.NEEDED if r.status == EStatus.SATURATED else Trial.UNKNOWN), None

        used, minimal = by_deletion(ev.used, trial, spent, q.deadline - 0.05)
        if goal is not None and goal_used is None and time.monotonic() < stop:
            r = prove(used, min(stop, time.monotonic() + trial_seconds(spent)))
            goal_used = r.goal_used if r.status == EStatus.PROOF else None
        clash = goal is not None and goal_used is False
        return replace(
            verdict,
            evidence=replace(ev, used=tuple(sorted(used)), minimal=minimal, premises_clash=clash),
        )

    def _cvc5_core(
        self, q: _Question, pool: Pool, used: Sequence[int], until: float
    ) -> tuple[tuple[int, ...], bool] | None:
        """cvc5 on the statements ``used`` alone (and the negated goal): its core, shrunk
        by deletion and shown minimal, as (premise indices, whether the goal is in it);
        None when it does not show one before ``until``."""
        p = q.problem
        sub = Problem(tuple(p.premises[j] for j in used), p.negated_goal, p.predicates, p.functions)
        task = pool.submit(Cvc5Find(sub), max(0.01, until - time.monotonic()))
        try:
            for event in pool.events({task}, until):
                r = event.result
                if event.kind == EventKind.DONE and isinstance(r, Cvc5Result):
                    if r.status == Cvc5Status.UNSAT and r.minimal and r.used:
                        return tuple(sorted(used[k] for k in r.used)), r.goal_used
                    return None
        finally:
            pool.cancel(task)
        return None

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
            return self._counterexample(q, r.model, Solver.Z3, r.seconds)
        q.tried.append(Attempt(Solver.Z3, Outcome.NO_PROOF, r.seconds, detail=r.reason))
        return None

    def _from_search(self, q: _Question, r: SearchResult, max_size: int | None) -> Verdict | None:
        b = q.bounds
        if r.status == SearchStatus.MODEL and r.model is not None:
            return self._counterexample(q, r.model, Solver.FINDER, r.seconds)
        settled = None
        if r.status == SearchStatus.EXHAUSTED:
            # Complete only up to a bound the problem guarantees or a prover proved: a
            # search capped by Limits.max_size alone proves nothing about larger domains.
            settled = b.exhausted(r.size, r.core, r.proved_bound, r.bound)
        if settled is not None:
            bound, used = settled
            evidence = Evidence(
                Method.EXHAUSTIVE,
                Solver.FINDER,
                used=used,
                minimal=len(used) <= 1,  # a union over the sizes searched: shrunk after
                bound=bound,
                searched=r.size,
                solver_seconds=r.seconds,
            )
            return Verdict(Status.ENTAILED, evidence)
        q.tried.append(Attempt(Solver.FINDER, Outcome.NO_MODEL, r.seconds, r.size))
        return None

    def _counterexample(
        self, q: _Question, model: Model, solver: Solver, seconds: float
    ) -> Verdict | None:
        """NOT_ENTAILED with ``model`` if the independent evaluator accepts it, else
        None (why not is recorded)."""
        if not self._confirmed(q, model, solver):
            return None
        evidence = Evidence(Method.MODEL, solver, model=model, solver_seconds=seconds)
        return Verdict(Status.NOT_ENTAILED, evidence)

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


def _interprets(model: Model, predicates, functions) -> bool:
    """Does ``model`` have every one of these symbols, with these arities?"""
    for name, arity in predicates.items():
        rows = model.predicates.get(name)
        if rows is None or any(len(row) != arity for row in rows):
            return False
    for name, arity in functions.items():
        table = model.functions.get(name)
        if table is None or len(table) != model.size**arity:
            return False
        if any(len(args) != arity for args in table):
            return False
    return True


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


@dataclass(frozen=True)
class _Race:
    """One question's race, as a result's reader needs it: the question, the pool, the
    tasks and which solver each is, those still running, and the solver that answered."""

    q: _Question
    pool: Pool
    solvers: dict
    pending: set
    max_size: int | None
    solver: Solver


# What each kind of result a racer sends back comes to (a definite verdict, or None: the
# race goes on), one reader per result type, found by the result's type: written once.
_READERS: dict[type, Callable[[Engine, _Race, object], Verdict | None]] = {
    ProofResult: lambda e, race, r: e._from_proof(race.q, r),
    SearchResult: lambda e, race, r: e._from_search_result(race, r),
    EResult: lambda e, race, r: e._from_e(race.q, r),
    Cvc5Result: lambda e, race, r: e._from_cvc5(race.q, r),
    InfiniteResult: lambda e, race, r: e._from_infinite(race, r),
    Confirmation: lambda e, race, r: e._from_confirmation(race.q, r),
    Failed: lambda e, race, r: e._from_failure(race, r),
}


def _answer(engine: Engine, race: _Race, result: object) -> Verdict | None:
    """The verdict ``result`` gives, read by its type's reader (none: nothing to take)."""
    for kind in type(result).__mro__:
        reader = _READERS.get(kind)
        if reader is not None:
            return reader(engine, race, result)
    return None
