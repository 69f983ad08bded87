"""Verdicts with evidence: is a board inconsistent, does a statement follow?

The question API: :class:`Engine` asks, on a worker pool under :class:`Limits`, whether
a board is consistent, whether premises entail goals, or both for a whole board, and
returns a :class:`Verdict` (:mod:`referee.logic.verdict`). Each question is prepared
here (closed formulas, normal forms, the size bounds its fragment guarantees) and
answered by the race (:mod:`referee.logic.race`, where the soundness rules are written);
the models found are remembered, and a later question one of them answers (re-checked
by the evaluator) is settled without a race.

The verdict's evidence is data (:mod:`referee.logic.evidence`); the
interface words it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import replace
from typing import TypeVar

from referee.language.ast import Falsum, Formula, Not, free_vars
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, evaluate
from referee.logic.evidence import Attempt, Evidence, Method, Outcome, Solver
from referee.logic.fragments import size_bounds
from referee.logic.limits import Limits
from referee.logic.model import Model
from referee.logic.normalform import big_and, expand_unique, expanded_size, nnf, signature
from referee.logic.race import Question, Racers, finish
from referee.logic.tasks import (
    Call,
    Cvc5Find,
    Cvc5Result,
    EventKind,
    Failed,
    Problem,
    Returned,
)
from referee.logic.verdict import Analysis, Status, Verdict
from referee.logic.worker import Pool

__all__ = ["Analysis", "Engine", "Limits", "Status", "Verdict"]

log = logging.getLogger(__name__)

# Larger questions are refused as undetermined before any work (and memory) is spent:
# preparing one costs this process about 30 µs a node before the hard limit can
# apply (measured: 110,000 nodes took 3 s), and one statement may have 10,000.
MAX_EXPANDED_NODES = 20_000
# Models the engine remembers (most recent first): a board grows one statement at a
# time, and a countermodel of an earlier question often still is one (re-checked).
REMEMBERED_MODELS = 24
RECALL_SECONDS = 0.003  # at most this long looking through them
REMEMBERED_VALUES = 256  # statements' truth values remembered per model
# analyze's first pass: cvc5 alone on every question at once, for this share of the limit.
QUICK_MIN, QUICK_SHARE = 0.05, 0.03


T = TypeVar("T")  # what a function handed to Engine.call returns


# The pool every Engine made in this context without a pool of its own asks its questions
# on (:func:`sharing`): one server's tables share one bounded pool.
_SHARED: ContextVar[Pool | None] = ContextVar("referee_shared_pool", default=None)


@contextlib.contextmanager
def sharing(pool: Pool) -> Iterator[Pool]:
    """Every :class:`Engine` made meanwhile in this context (this thread, or a task) that is
    given no pool asks its questions on ``pool``, which its owner warms and closes: many
    tables, one pool of workers. Its questions take turns (:attr:`Pool.turn`)."""
    token = _SHARED.set(pool)
    try:
        yield pool
    finally:
        _SHARED.reset(token)


class Engine:
    """Answers questions on a worker pool: the caller's (``pool=``), the one shared in
    this context (:func:`sharing`), or its own.

    ``with Engine() as engine:`` closes a pool the engine made; a pool the
    caller passed or shared stays the caller's to close. A question holds the pool's
    :attr:`~referee.logic.worker.Pool.turn` from its start to its verdict, so engines
    sharing a pool ask one question at a time, each under its own limit, counted from
    when its turn came.
    """

    def __init__(self, limits: Limits | None = None, pool: Pool | None = None):
        self.limits = limits or Limits()
        self._owns_pool = pool is None and _SHARED.get() is None
        self._pool = pool if pool is not None else _SHARED.get()
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
        """Start the workers now (they are started on first use otherwise); a pool the
        engine does not own is its owner's to warm."""
        if self._owns_pool:
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
        with self.pool.turn:
            return self._call(function, *args, timeout=timeout, **kwargs)

    def _call(self, function: Callable[..., T], *args, timeout: float, **kwargs) -> T | None:
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
        with self.pool.turn:
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
        with self.pool.turn:
            return self._decide(list(premises), list(goals), timeout)

    def analyze(self, formulas, *, timeout: float | None = None) -> Analysis:
        """Consistency of the board, then for each statement: do the others entail it?"""
        with self.pool.turn:
            return self._analyze(formulas, timeout)

    def _analyze(self, formulas, timeout: float | None) -> Analysis:
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
    ) -> tuple[list[Verdict | None], list[Question | None]]:
        """cvc5 alone on every question at once, ``QUICK_SHARE`` of the limit each.

        A verdict is one it settled (a refutation with its shrunk core, or a
        model the evaluator re-checked), exactly as the race would take it;
        None: left for the race (too large, syntax-settled, or not in time).
        With them, each question it prepared (for ``_decide``: not twice).
        """
        limit = self.limits.timeout if timeout is None else timeout
        out: list[Verdict | None] = [None] * len(asked)
        prepared: list[Question | None] = [None] * len(asked)
        if not self.limits.cvc5 or not limit > 0:
            return out, prepared
        pool = self.pool
        racers = self._racers()
        budget = max(QUICK_MIN, QUICK_SHARE * limit)
        questions: dict[int, tuple[int, Question]] = {}
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
                verdict = racers.from_cvc5(q, event.result)
                if verdict is None:
                    continue
                if verdict.evidence.method == Method.PROOF and not verdict.evidence.minimal:
                    verdict = racers.shrink(q, verdict)
                out[k] = self._remember(finish(q, verdict))
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
    def _prepare(self, premises, goals, limit: float, start: float) -> Question:
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
        return Question(premises, goals, problem, bounds, limit, start, start + limit)

    def _decide(
        self, premises, goals, timeout: float | None, prepared: Question | None = None
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
            q = Question(
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
                premises_clash=bool(goals) and q.bounds.clash_of_premises,
            )
            return Verdict(Status.ENTAILED, evidence, q.elapsed(), limit)
        recalled = self._remembered(q)
        if recalled is not None:
            return recalled
        return self._remember(
            self._racers().race(q, complete if complete is not None else self.limits.max_size)
        )

    def _remember(self, verdict: Verdict) -> Verdict:
        """Keep a verdict's finite model for the questions to come."""
        ev = verdict.evidence
        if ev.model is not None and ev.solver is not None:
            self._models.insert(0, (ev.model, ev.solver, {}))
            del self._models[REMEMBERED_MODELS:]
        return verdict

    def _remembered(self, q: Question) -> Verdict | None:
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
            return finish(q, Verdict(Status.NOT_ENTAILED, evidence))
        return None

    def _racers(self) -> Racers:
        return Racers(self.limits, self.pool)


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
