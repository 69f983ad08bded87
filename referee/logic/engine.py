"""Verdicts with evidence: is a board inconsistent, does a statement follow?

Every question is a race between two workers (``referee.logic.worker``):

* proof search: Z3 on the quantified problem, one assumption literal per
  premise; unsat is a proof and its core (minimised by deletion) the
  statements used; sat comes with a finite model;
* the bounded model finder (``referee.logic.finder``) over sizes 1, 2, 3, …

The first definite answer wins. Soundness rules:

* "entailed"/"inconsistent" only from a Z3 refutation, or from an exhaustive
  finite search whose bound the problem itself guarantees (a top-level
  |L| < n, or a decidable fragment's model-size bound, ``fragments``);
* "not entailed"/"consistent" only from a model that the independent
  evaluator (``referee.logic.evaluate``, no Z3) accepts. A model it rejects
  is a bug: it is logged and treated as no model at all;
* anything else, including a worker killed at the hard limit, is
  "undetermined", with what was tried.
"""

from __future__ import annotations

import enum
import logging
import time
from dataclasses import dataclass, field

from referee.language.ast import Falsum, Formula, Not, free_vars
from referee.language.vocabulary import Vocabulary
from referee.logic.evaluate import EvaluationError, EvaluationTimeout, check_model, evaluate
from referee.logic.fragments import SizeBounds, size_bounds
from referee.logic.model import Model
from referee.logic.normalform import big_and, expand_unique, expanded_size, nnf, signature
from referee.logic.worker import shared_pool, shutdown_shared_pool

log = logging.getLogger(__name__)

PROVER, FINDER = 0, 1
# Larger questions are refused as undetermined before any work (and memory) is spent.
MAX_EXPANDED_NODES = 200_000


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
    """``timeout``: hard wall-clock seconds per question; ``memory_mb``: per worker."""

    timeout: float = 3.0
    memory_mb: int | None = 2048
    max_size: int | None = None  # largest domain the finder tries (None: until the time is up)
    minimise: bool = True  # shrink unsat cores by deletion
    workers: int = 2
    hang_for_testing: float = 0.0  # test hook: workers sleep this long first, ignoring limits


@dataclass(frozen=True)
class Verdict:
    status: Status
    used: tuple[int, ...] = ()  # 0-based premise indices
    model: Model | None = None
    method: str = ""
    tried: tuple[str, ...] = ()
    seconds: float = 0.0
    flags: tuple[str, ...] = field(default=(), compare=False)  # bugs caught (rejected models)

    def to_json(self) -> dict:
        return {
            "verdict": self.status.value,
            "used": [i + 1 for i in self.used],
            "countermodel": self.model.to_json() if self.model is not None else None,
            "seconds": round(self.seconds, 4),
        }


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


def _secs(s: float) -> str:
    return f"{s:.2f} s" if s >= 0.01 else f"{s * 1000:.1f} ms"


def _objects(n: int) -> str:
    return f"{n} object" if n == 1 else f"{n} objects"


def _sizes(n: int) -> str:
    return "size 1" if n == 1 else f"every size 1–{n}"


@dataclass
class _Question:
    premises: list[Formula]  # as given (statement_formula), for the evaluator
    goals: list[Formula]
    prem_nnf: list[Formula]
    negated_goal: Formula | None  # NNF of ¬(g1 ∧ …), None for consistency
    predicates: dict[str, int]
    functions: dict[str, int]
    bounds: SizeBounds


class Engine:
    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self._pool = None

    # -- lifecycle
    @property
    def pool(self):
        if self._pool is None:
            self._pool = shared_pool(self.limits.memory_mb, self.limits.workers)
        return self._pool

    def warm(self) -> None:
        """Start the workers now (they are started on first use otherwise)."""
        self.pool.warm()

    def close(self) -> None:
        shutdown_shared_pool()
        self._pool = None

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- questions
    def consistency(self, formulas, vocabulary: Vocabulary | None = None) -> Verdict:
        """CONSISTENT (with a model), INCONSISTENT (with the clash) or UNDETERMINED."""
        v = self._decide(list(formulas), [], vocabulary)
        status = {
            Status.ENTAILED: Status.INCONSISTENT,
            Status.NOT_ENTAILED: Status.CONSISTENT,
        }.get(v.status, Status.UNDETERMINED)
        return Verdict(status, v.used, v.model, v.method, v.tried, v.seconds, v.flags)

    def entailment(self, premises, goals, vocabulary: Vocabulary | None = None) -> Verdict:
        """Do ``premises`` entail every formula in ``goals`` (a formula or a list)?"""
        if not isinstance(goals, (list, tuple)):
            goals = [goals]
        return self._decide(list(premises), list(goals), vocabulary)

    def analyze(self, formulas, vocabulary: Vocabulary | None = None) -> Analysis:
        """Consistency of the board, then for each statement: do the others entail it?"""
        start = time.monotonic()
        formulas = list(formulas)
        consistency = self.consistency(formulas, vocabulary)
        conflict = set(consistency.used) if consistency.status == Status.INCONSISTENT else None
        redundancy = []
        for i, goal in enumerate(formulas):
            others = [j for j in range(len(formulas)) if j != i]
            if conflict is not None and i not in conflict:
                # The others contain the whole clash, so they entail anything.
                redundancy.append(
                    Verdict(
                        Status.ENTAILED,
                        tuple(sorted(conflict)),
                        None,
                        "the other statements are inconsistent (they entail anything)",
                        (),
                        0.0,
                    )
                )
                continue
            v = self.entailment([formulas[j] for j in others], [goal], vocabulary)
            redundancy.append(
                Verdict(
                    v.status,
                    tuple(others[j] for j in v.used),
                    v.model,
                    v.method,
                    v.tried,
                    v.seconds,
                    v.flags,
                )
            )
        return Analysis(consistency, tuple(redundancy), time.monotonic() - start)

    # -- the race
    def _prepare(self, premises, goals, vocabulary) -> _Question:
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
        predicates = {**p2, **predicates}
        functions = {**f2, **functions}
        bounds = size_bounds(prem_nnf, negated_goal)
        return _Question(premises, goals, prem_nnf, negated_goal, predicates, functions, bounds)

    def _check(self, q: _Question, model: Model, deadline: float) -> str | None:
        """None if the evaluator confirms the countermodel, else why not.

        The check runs in this process, so it gets the question's deadline:
        nested quantifiers cost size^depth steps. Running out of time raises
        EvaluationTimeout, which the caller reports as "not confirmed in time".
        """
        try:
            false = check_model(q.premises, model, deadline=deadline)
            if false:
                return f"premise {false[0] + 1} is false in it"
            if q.goals and all(evaluate(g, model, deadline=deadline) for g in q.goals):
                return "the goal holds in it"
        except EvaluationError as exc:
            return f"evaluator error: {exc}"
        return None

    def _confirmed(self, q, model, deadline, source: str, tried: list, flags: list) -> bool:
        """Does the independent evaluator accept ``model``? Records why not."""
        try:
            why = self._check(q, model, deadline)
        except EvaluationTimeout:
            tried.append(
                f"{source}: a model with {_objects(model.size)} could not be re-checked in time"
            )
            return False
        if why is None:
            return True
        flags.append(f"BUG: {source} model rejected by the evaluator: {why}")
        log.error("%s model rejected by the evaluator: %s", source, why)
        tried.append(f"{source}: a model with {_objects(model.size)} failed the evaluator")
        return False

    def _decide(self, premises, goals, vocabulary) -> Verdict:
        start = time.monotonic()
        limits = self.limits
        deadline = start + limits.timeout
        nodes = sum(expanded_size(f) for f in [*premises, *goals])
        if nodes > MAX_EXPANDED_NODES:
            # Each nested ∃! doubles its body when expanded; refuse before building it.
            return Verdict(
                Status.UNDETERMINED,
                (),
                None,
                f"undetermined: the statements are too large to analyse ({nodes} nodes "
                f"once ∃! is spelled out; the limit is {MAX_EXPANDED_NODES})",
                ("nothing: the question was too large to start",),
                time.monotonic() - start,
            )
        q = self._prepare(premises, goals, vocabulary)
        b = q.bounds
        complete = b.complete_up_to
        if complete == 0:
            return Verdict(
                Status.ENTAILED,
                tuple(sorted(i for i in b.upper_sources if i >= 0)),
                None,
                _exhausted_text(0, b, bool(q.goals)),
                (),
                time.monotonic() - start,
            )

        # Leave a margin for the reply, the evaluator and killing: the hard
        # limit is the parent's deadline, the workers' own budgets are softer.
        budget = max(0.05, limits.timeout * 0.92 - 0.03)
        max_size = complete if complete is not None else limits.max_size
        payload = {
            "premises": q.prem_nnf,
            "negated_goal": q.negated_goal,
            "predicates": q.predicates,
            "functions": q.functions,
            "budget": budget,
            "minimise": limits.minimise,
        }
        pool = self.pool
        with pool.lock:
            tasks = {}
            if limits.hang_for_testing:
                for slot in range(min(2, pool.size)):
                    tasks[pool.submit(slot, "sleep", {"seconds": limits.hang_for_testing})] = slot
            else:
                tasks[pool.submit(PROVER, "prove", payload)] = PROVER
                finder_slot = FINDER if pool.size > 1 else PROVER
                find_payload = {**payload, "max_size": max_size}
                if finder_slot == PROVER:
                    find_payload["budget"] = budget / 2
                    payload["budget"] = budget / 2
                tasks[pool.submit(finder_slot, "find", find_payload)] = finder_slot
            kinds = {t: ("prove" if s == PROVER else "find") for t, s in tasks.items()}
            if limits.hang_for_testing:
                kinds = {t: "sleep" for t in tasks}
            return self._race(q, pool, tasks, kinds, deadline, start, max_size)

    def _race(self, q, pool, tasks, kinds, deadline, start, max_size) -> Verdict:
        b = q.bounds
        tried: list[str] = []
        flags: list[str] = []
        finder_size = 0
        finder_core: set[int] = set()
        finder_reported = False
        verdict: Verdict | None = None
        pending = dict(tasks)

        def elapsed() -> float:
            return time.monotonic() - start

        early_proof: dict | None = None  # a refutation announced before its core was shrunk
        for event in pool.events(tasks, deadline):
            kind = kinds[event.task]
            if event.kind == "progress":
                if "proved" in event.data:
                    early_proof = event.data
                    continue
                finder_size = event.data["size"]
                finder_core.update(event.data["core"])
                continue
            pending.pop(event.task, None)
            if event.kind == "died":
                if event.data.get("reason") == "deadline":
                    what = "proof search" if kind == "prove" else "model search"
                    tried.append(f"{what}: stopped at the {q_limit(self.limits)} s limit")
                else:
                    tried.append(f"{kind}: the worker crashed (out of memory?)")
                continue
            r = event.data
            status = r.get("status")
            if isinstance(r.get("model"), dict):
                r["model"] = Model.from_json(r["model"])
            if kind == "prove":
                if status == "unsat":
                    core = tuple(r["core"])
                    note = "" if r.get("minimal") else " (core not shown minimal in time)"
                    what = "Z3 refutation" if q.negated_goal is None and not q.goals else "Z3 proof"
                    verdict = Verdict(
                        Status.ENTAILED,
                        core,
                        None,
                        f"{what} (proof search, {_secs(r['proof_seconds'])}){note}",
                        tuple(tried),
                        0.0,
                    )
                elif status == "sat":
                    if self._confirmed(q, r["model"], deadline, "proof search", tried, flags):
                        verdict = Verdict(
                            Status.NOT_ENTAILED,
                            (),
                            r["model"],
                            f"{'model' if not q.goals else 'countermodel'} with "
                            f"{_objects(r['model'].size)} (found by Z3's proof search, "
                            "checked by the evaluator)",
                            tuple(tried),
                            0.0,
                        )
                elif status == "error":
                    flags.append(f"BUG: proof search failed: {r.get('error')}")
                    log.error("proof search failed: %s", r.get("error"))
                    tried.append("proof search: internal error")
                else:
                    tried.append(
                        f"proof search {_secs(r.get('seconds', elapsed()))}: no proof "
                        f"(Z3: {r.get('reason', 'unknown')})"
                    )
            elif kind == "find":
                if status == "model":
                    if self._confirmed(q, r["model"], deadline, "model search", tried, flags):
                        noun = "model" if not q.goals else "countermodel"
                        verdict = Verdict(
                            Status.NOT_ENTAILED,
                            (),
                            r["model"],
                            f"{noun} with {_objects(r['size'])} (model finder, "
                            f"{_secs(r['seconds'])}, checked by the evaluator)",
                            tuple(tried),
                            0.0,
                        )
                elif status == "exhausted" and r.get("proved_bound") == r["size"]:
                    # Z3 proved every (counter)model has at most n objects, and the
                    # finder checked every size up to n: a complete search.
                    n = r["size"]
                    noun = "countermodel" if q.goals else "model"
                    verdict = Verdict(
                        Status.ENTAILED,
                        tuple(r["core"]),
                        None,
                        f"every {noun} would have at most {_objects(r.get('bound', n))} "
                        f"(Z3 proof), and there is none: checked {_sizes(n)}",
                        tuple(tried),
                        0.0,
                    )
                elif status == "exhausted" and (
                    b.complete_up_to is None or r["size"] < b.complete_up_to
                ):
                    # A search capped by Limits.max_size alone proves nothing about
                    # larger domains: only a bound the problem itself guarantees does.
                    tried.append(_none_up_to(r["size"], bool(q.goals)))
                    finder_reported = True
                elif status == "exhausted":
                    n = r["size"]
                    used = set(r["core"])
                    if b.upper is not None and n == b.upper:
                        used.update(i for i in b.upper_sources if i >= 0)
                    verdict = Verdict(
                        Status.ENTAILED,
                        tuple(sorted(used)),
                        None,
                        _exhausted_text(n, b, bool(q.goals)),
                        tuple(tried),
                        0.0,
                    )
                elif status == "error":
                    flags.append(f"BUG: model search failed: {r.get('error')}")
                    log.error("model search failed: %s", r.get("error"))
                    tried.append("model search: internal error")
                else:
                    finder_size = max(finder_size, r.get("size", 0))
                    finder_reported = True
                    tried.append(_none_up_to(finder_size, bool(q.goals)))
            if verdict is not None:
                break
        if verdict is not None and kind == "find" and verdict.status == Status.ENTAILED:
            verdict = self._prefer_proof(q, pool, tasks, kinds, pending, deadline, verdict)
        for t in pending:
            pool.cancel(tasks[t], t)
        if verdict is None and early_proof is not None:
            verdict = Verdict(
                Status.ENTAILED,
                tuple(early_proof["proved"]),
                None,
                f"{'Z3 proof' if q.goals else 'Z3 refutation'} (proof search, "
                f"{_secs(early_proof['proof_seconds'])}) (core not shown minimal in time)",
                tuple(tried),
                0.0,
            )
        if verdict is None:
            if not finder_reported and "find" in kinds.values():
                tried.append(_none_up_to(finder_size, bool(q.goals)))
            return Verdict(
                Status.UNDETERMINED,
                (),
                None,
                "undetermined: neither a proof nor a "
                + ("countermodel" if q.goals else "model")
                + f" within {q_limit(self.limits)} s",
                tuple(tried),
                elapsed(),
                tuple(flags),
            )
        return Verdict(
            verdict.status,
            verdict.used,
            verdict.model,
            verdict.method,
            verdict.tried,
            elapsed(),
            tuple(flags),
        )

    def _prefer_proof(self, q, pool, tasks, kinds, pending, deadline, verdict) -> Verdict:
        """An exhaustive search won: give a running proof search a moment for its minimal core.

        Both are proofs; Z3's core is minimised by deletion while the finder's is
        a union over sizes, and the same question should show the same evidence.
        """
        waiting = {t: tasks[t] for t in pending if kinds[t] == "prove"}
        if not waiting:
            return verdict
        grace = min(deadline, time.monotonic() + PROOF_GRACE)
        for event in pool.events(waiting, grace, kill=False):
            pending.pop(event.task, None)
            r = event.data
            if event.kind == "done" and r.get("status") == "unsat" and r.get("minimal"):
                return Verdict(
                    Status.ENTAILED,
                    tuple(r["core"]),
                    None,
                    f"{verdict.method}; Z3 proof too ({_secs(r['proof_seconds'])})",
                    verdict.tried,
                    0.0,
                )
        return verdict


PROOF_GRACE = 0.1  # seconds a proof search may finish after an exhaustive search won


def q_limit(limits: Limits) -> str:
    return f"{limits.timeout:g}"


def _none_up_to(n: int, goals: bool) -> str:
    noun = "countermodels" if goals else "models"
    return f"{noun}: none up to {_objects(n)}" if n else f"{noun}: none found"


def _exhausted_text(n: int, b: SizeBounds, goals: bool) -> str:
    noun = "countermodel" if goals else "model"
    if n == 0:
        return f"no {noun} at all ({b.reason})"
    if b.upper is not None and n == b.upper:
        return (
            f"no {noun} with fewer than {n + 1} objects (|L| < {n + 1} on the board): "
            f"checked {_sizes(n)}"
        )
    return f"{b.reason}: no {noun} found, checked {_sizes(n)}"
