"""What the engine and its worker processes say to each other.

A question goes to a worker as a :class:`Task` holding a request; the worker
answers with any number of progress messages and one result. All of them are
frozen dataclasses of plain data (our AST, tuples, models), so they pickle,
and a result names its task by id: a late answer to a cancelled task is
recognised and dropped, never mistaken for the next one's.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from referee.language.ast import Formula
from referee.logic.model import Model


@dataclass(frozen=True)
class Problem:
    """premises ∧ negated_goal, in negation normal form with ∃! expanded.

    ``negated_goal`` is None for a consistency question. ``predicates`` and
    ``functions`` give every symbol's arity, including symbols only the
    original (unnormalised) question mentions: a model must interpret them.
    """

    premises: tuple[Formula, ...]
    negated_goal: Formula | None
    predicates: Mapping[str, int]
    functions: Mapping[str, int]


# ---------------------------------------------------------------- requests


@dataclass(frozen=True)
class Prove:
    """Proof search on the quantified problem (Z3)."""

    problem: Problem
    minimise: bool = True


@dataclass(frozen=True)
class Find:
    """The bounded model finder over sizes 1 … max_size (None: until time is up)."""

    problem: Problem
    max_size: int | None = None
    minimise: bool = True
    min_size: int = 1  # sizes below it have no model (a top-level |L| ≥ n)


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Sleep:
    """Test hook: a task that ignores every limit and cancellation, like a stuck solver."""

    seconds: float


@dataclass(frozen=True)
class Allocate:
    """Test hook: grab memory until the worker's cap stops it."""

    megabytes: int


Request = Prove | Find | Ping | Sleep | Allocate


@dataclass(frozen=True)
class Task:
    """A request with the seconds it may run once a worker starts it (a soft budget:
    the pool kills the worker shortly after it, whatever the solver does)."""

    id: int
    request: Request
    budget: float


# ---------------------------------------------------------------- progress


@dataclass(frozen=True)
class Proved:
    """Sent as soon as a refutation is found, before its core is shrunk."""

    core: tuple[int, ...]
    seconds: float


@dataclass(frozen=True)
class SizeChecked:
    """The finder found no model with ``size`` objects; ``core`` is what that needed."""

    size: int
    core: tuple[int, ...]


Progress = Proved | SizeChecked


# ----------------------------------------------------------------- results


class ProofStatus(enum.StrEnum):
    UNSAT = "unsat"  # refuted: a proof
    SAT = "sat"  # Z3 found a (finite) model
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class ProofResult:
    status: ProofStatus
    core: tuple[int, ...] = ()
    minimal: bool = False
    proof_seconds: float = 0.0
    seconds: float = 0.0
    model: Model | None = None
    reason: str = ""  # the solver's reason for unknown
    premises_clash: bool = False  # the premises used are inconsistent without the goal


class SearchStatus(enum.StrEnum):
    MODEL = "model"
    EXHAUSTED = "exhausted"  # no model of any size 1 … size
    GAVE_UP = "gave_up"  # time ran out after checking sizes 1 … size


@dataclass(frozen=True)
class SearchResult:
    status: SearchStatus
    size: int = 0
    core: tuple[int, ...] = ()
    model: Model | None = None
    seconds: float = 0.0
    proved_bound: int | None = None  # a prover showed every model has at most this many
    bound: int | None = None  # ... and this is the bound it proved (≤ proved_bound)


@dataclass(frozen=True)
class Pong:
    pid: int


@dataclass(frozen=True)
class Failed:
    """The task raised: a bug (or memory ran out), never a verdict."""

    error: str
    cancelled: bool = False


Result = ProofResult | SearchResult | Pong | Failed


# ------------------------------------------------------- what the pool reports


class EventKind(enum.StrEnum):
    PROGRESS = "progress"
    DONE = "done"
    DIED = "died"


class Death(enum.StrEnum):
    DEADLINE = "deadline"  # killed at the hard limit
    CRASHED = "crashed"  # the process died on its own (memory cap, signal)


@dataclass(frozen=True)
class TaskEvent:
    task: int
    kind: EventKind
    progress: Progress | None = None
    result: Result | None = None
    death: Death | None = None
