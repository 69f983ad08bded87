"""Questions answered within counted work, not by a clock: the same question, the same answer.

The engine's race (:mod:`referee.logic.race`) takes whichever solver answers first
within a wall-clock limit, so on a busy machine the same question may come back
undetermined, or with another model. A computer player whose choice must depend on
what it is shown alone asks here instead: cvc5's finite model finding, then E, one
after the other in one worker, each within a deterministic limit of work (cvc5's
``rlimit-per`` resource units, E's term bank insertions, ``--tb-insert-limit``: the
same on any machine and at any load), so a question gets the same verdict, and the
same model, every time.

Soundness as everywhere: "entailed"/"inconsistent" only from a prover's refutation,
"not entailed"/"consistent" only with a finite model the independent evaluator
accepts (its work counted too: a re-check longer than ``Work.steps`` is no model);
anything else is undetermined. The clock stays only as a hard cap: the pool kills a
worker that passes it. A question should never get there within its work; one that
does is *capped* (its verdict says so: an attempt timed out, and it is not
remembered), so that the caller knows the answer was the machine's, not the question's.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar, cast

from referee.language.ast import Falsum, Formula, Not, free_vars
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, evaluate
from referee.logic.evidence import Attempt, Evidence, Method, Outcome, Solver
from referee.logic.model import Model
from referee.logic.normalform import big_and, expand_unique, expanded_size, nnf, signature
from referee.logic.tasks import Call, Returned
from referee.logic.verdict import Status, Verdict

T = TypeVar("T")

# Questions larger than this (∃! expanded) are undetermined before any work, as the engine's.
MAX_NODES = 20_000
# The answers remembered (a pure cache: the same question has the same answer).
REMEMBERED = 4096


@dataclass(frozen=True)
class Work:
    """What one question may spend, counted: cvc5's resource units (``rlimit-per``), then
    E's term bank insertions (``--tb-insert-limit``, E's own deterministic measure of its
    work; 0: E is not asked), and the evaluator's steps for re-checking a model.

    Measured (``benchmarks/bots_palmer_questions.py``): E's processed clauses bound its
    work poorly (300 of them took 6 s on one grown board); 30,000 insertions found the
    same proofs as 1,000,000 on those boards, in at most 0.24 s at load 12."""

    cvc5: int = 20_000
    e_inserts: int = 30_000
    steps: int = 200_000


@dataclass(frozen=True)
class Answer:
    """What the worker found: a refutation (``refuted``), a model, or neither; and
    whether the clock stopped a solver before its resources did (``capped``)."""

    refuted: bool = False
    model: Model | None = None
    solver: Solver | None = None
    capped: bool = False


class Pool(Protocol):
    """What :class:`Counted` needs of an engine: to run a function in a worker under a
    hard limit (:meth:`referee.logic.engine.Engine.call`)."""

    def call(self, function: Callable[..., T], *args, timeout: float, **kwargs) -> T | None: ...


def solve(
    premises: Sequence[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    work: Work,
    deadline: float,
) -> Answer:
    """premises ∧ negated_goal (normal forms): cvc5's finite model finding (a model or a
    refutation), then E (a refutation), each within ``work``. In a worker: ``deadline``
    is the pool's hard cap, never a budget."""
    from referee.logic.cvc5_finder import Cvc5Status, find_model_cvc5
    from referee.logic.e_prover import E_OPTIONS, EStatus, prove_with_e

    capped = False
    start = time.monotonic()
    if work.cvc5 > 0:
        r = find_model_cvc5(
            premises, negated_goal, predicates, functions, deadline, resource_limit=work.cvc5
        )
        if r.status == Cvc5Status.UNSAT:
            return Answer(refuted=True, solver=Solver.CVC5)
        if r.status == Cvc5Status.MODEL and r.model is not None:
            return Answer(model=r.model, solver=Solver.CVC5)
        # Out of resources (or incomplete) is the question's answer; out of time, the clock's.
        capped = "TIMEOUT" in r.reason.upper() or r.status == Cvc5Status.CANCELLED
    if work.e_inserts > 0 and not capped:
        options = (*E_OPTIONS, f"--tb-insert-limit={work.e_inserts}")
        e = prove_with_e(premises, negated_goal, deadline, options=options)
        if e.status == EStatus.PROOF:
            return Answer(refuted=True, solver=Solver.E)
        # E stops at its own limit long before the cap; at the cap it is the clock's.
        capped = e.status in (EStatus.TIMEOUT, EStatus.CANCELLED) or (
            e.status == EStatus.GAVE_UP and e.seconds >= 0.9 * (deadline - start)
        )
    return Answer(capped=capped)


class Counted:
    """Consistency and entailment as :class:`~referee.logic.engine.Engine` asks them (the
    same methods, the same verdicts' meaning), answered within counted :class:`Work` on
    ``pool``'s worker; ``cap``: the hard limit (seconds) of one question. Answers are
    remembered: asking again costs nothing and changes nothing.

    ``capped``: how many questions the clock stopped (their verdicts are undetermined,
    and not remembered).
    """

    def __init__(self, pool: Pool, work: Work = Work(), cap: float = 5.0) -> None:
        self.pool = pool
        self.work = work
        self.cap = cap
        self.questions = 0  # questions answered (remembered or not): counted work, not time
        self.asked = 0  # questions put to a worker (the rest were remembered)
        self.capped = 0
        self._known: OrderedDict[tuple, Verdict] = OrderedDict()

    def consistency(self, formulas, *, timeout: float | None = None) -> Verdict:
        """CONSISTENT (with a model), INCONSISTENT or UNDETERMINED (``timeout`` is not
        used: the work is counted, and ``cap`` is the hard limit)."""
        verdict = self._decide(tuple(formulas), ())
        status = {
            Status.ENTAILED: Status.INCONSISTENT,
            Status.NOT_ENTAILED: Status.CONSISTENT,
        }.get(verdict.status, Status.UNDETERMINED)
        return Verdict(status, verdict.evidence, verdict.seconds, verdict.limit)

    def entailment(self, premises, goals, *, timeout: float | None = None) -> Verdict:
        """Do ``premises`` entail every formula of ``goals`` (a formula or a list)?"""
        if not isinstance(goals, (list, tuple)):
            goals = [goals]
        return self._decide(tuple(premises), tuple(goals))

    def call(self, function: Callable[..., T], *args, timeout: float, **kwargs) -> T | None:
        return self.pool.call(function, *args, timeout=timeout, **kwargs)

    def prefetch(self, questions: Sequence[tuple[Sequence[Formula], Sequence[Formula]]]) -> None:
        """Answer ``questions`` (premises, goals; no goals: consistency) now, on every
        worker of the engine's pool at once, and remember them: the same answers as one
        at a time (each is counted work), sooner on more cores. Without a pool of its
        own to use (``pool.pool``), nothing is done: they are asked when asked."""
        workers = getattr(self.pool, "pool", None)
        if workers is None or getattr(workers, "size", 1) < 2:
            return
        wanted = {}
        for premises, goals in questions:
            key = (tuple(premises), tuple(goals), self.work)
            if key not in self._known and key not in wanted:
                prepared = self._prepared(key[0], key[1])
                if prepared is not None:
                    wanted[key] = prepared
        if len(wanted) < 2:
            return
        with workers.turn:
            tasks = {
                workers.submit(Call(solve, (*prepared, self.work)), self.cap): key
                for key, prepared in wanted.items()
            }
            rounds = -(-len(tasks) // workers.size)
            until = time.monotonic() + self.cap * rounds + 1.0
            try:
                for event in workers.events(set(tasks), until):
                    found = tasks.get(event.task)
                    if found is None or not isinstance(event.result, Returned):
                        continue  # died, or at the cap: asked again when asked
                    self.asked += 1
                    answer = cast(Answer, event.result.value)
                    verdict = self._verdict(found[0], found[1], answer, 0.0)
                    if not _capped(verdict):
                        self._store(found, verdict)
            finally:
                for task in tasks:
                    workers.cancel(task)

    def _decide(self, premises: tuple[Formula, ...], goals: tuple[Formula, ...]) -> Verdict:
        self.questions += 1
        key = (premises, goals, self.work)
        known = self._known.get(key)
        if known is not None:
            self._known.move_to_end(key)
            return known
        start = time.monotonic()
        prepared = self._prepared(premises, goals)
        if prepared is None:
            attempt = Attempt(Solver.ENGINE, Outcome.TOO_LARGE, limit=MAX_NODES)
            return Verdict(Status.UNDETERMINED, Evidence(Method.NONE, tried=(attempt,)))
        self.asked += 1
        answer = self.pool.call(solve, *prepared, self.work, timeout=self.cap)
        verdict = self._verdict(premises, goals, answer, time.monotonic() - start)
        if not _capped(verdict):
            self._store(key, verdict)
        return verdict

    def _store(self, key: tuple, verdict: Verdict) -> None:
        self._known[key] = verdict
        if len(self._known) > REMEMBERED:
            self._known.popitem(last=False)

    @staticmethod
    def _prepared(premises: tuple[Formula, ...], goals: tuple[Formula, ...]) -> tuple | None:
        """The question as :func:`solve` takes it (normal forms, the signature); None:
        too large to ask."""
        for f in (*premises, *goals):
            if free_vars(f):
                raise ValueError(f"not a closed formula: free {', '.join(sorted(free_vars(f)))}")
        if sum(expanded_size(f) for f in (*premises, *goals)) > MAX_NODES:
            return None
        prem = tuple(nnf(expand_unique(p)) for p in premises)
        conjunction = big_and(goals)
        if conjunction is None or any(isinstance(g, Falsum) for g in goals):
            negated = None
        else:
            negated = nnf(expand_unique(Not(conjunction)))
        predicates, functions = signature([*premises, *goals])
        return prem, negated, predicates, functions

    def _verdict(
        self,
        premises: tuple[Formula, ...],
        goals: tuple[Formula, ...],
        answer: Answer | None,
        seconds: float,
    ) -> Verdict:
        """What the worker's ``answer`` (None: stopped at the cap) comes to; a model only
        as the evaluator accepts it."""
        if answer is None or answer.capped:
            self.capped += 1
            attempt = Attempt(Solver.ENGINE, Outcome.TIMED_OUT, seconds, limit=self.cap)
            return Verdict(Status.UNDETERMINED, Evidence(Method.NONE, tried=(attempt,)), seconds)
        if answer.refuted:
            evidence = Evidence(
                Method.PROOF, answer.solver, used=tuple(range(len(premises))), minimal=False
            )
            return Verdict(Status.ENTAILED, evidence, seconds)
        if answer.model is not None and _accepts(premises, goals, answer.model, self.work.steps):
            evidence = Evidence(Method.MODEL, answer.solver, model=answer.model)
            return Verdict(Status.NOT_ENTAILED, evidence, seconds)
        return Verdict(Status.UNDETERMINED, Evidence(Method.NONE), seconds)


def _capped(verdict: Verdict) -> bool:
    return any(a.outcome == Outcome.TIMED_OUT for a in verdict.evidence.tried)


def _accepts(
    premises: Sequence[Formula], goals: Sequence[Formula], model: Model, steps: int
) -> bool:
    """The evaluator's word on a (counter)model: every premise true, some goal false,
    within ``steps`` (a larger check is no model: counted, so the same every time)."""
    try:
        if not all(evaluate(p, model, max_steps=steps) for p in premises):
            return False
        return not goals or not all(evaluate(g, model, max_steps=steps) for g in goals)
    except (EvaluationError, EvaluationTimeout):
        return False
