"""What the engine and its worker processes say to each other.

A question goes to a worker as a :class:`Task` holding a request; the worker
answers with any number of progress messages and one result. All of them are
frozen dataclasses of plain data (our AST, tuples, models), so they pickle,
and a result names its task by id: a late answer to a cancelled task is
recognised and dropped, never mistaken for the next one's.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Protocol

from referee.language.ast import Formula
from referee.logic.infinite_model import InfiniteModel
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
class Cvc5Find:
    """cvc5's finite model finding (its unsat is a refutation, its model is re-checked)."""

    problem: Problem


@dataclass(frozen=True)
class InfiniteFind:
    """Models over ℕ and ℤ; ``goals`` (as written) let it name where a claim fails."""

    problem: Problem
    goals: tuple[Formula, ...] = ()


@dataclass(frozen=True)
class ConfirmInfinite:
    """The independent re-check of an infinite model (Cooper's procedure, no solver),
    in a worker because its cost, unlike the finite evaluator's, is not bounded by size."""

    premises: tuple[Formula, ...]
    goals: tuple[Formula, ...]
    model: InfiniteModel


@dataclass(frozen=True)
class Call:
    """A pure module-level function, run under the pool's hard limits.

    It gets ``deadline=`` (a ``time.monotonic()`` instant) besides its own
    arguments. Higher layers (derivations) hand their function down, so the
    logic layer runs their solver work in a worker without importing them
    (a function pickles as its module and name).
    """

    function: Callable[..., object]
    args: tuple = ()
    kwargs: tuple[tuple[str, object], ...] = ()


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


Request = Prove | Find | Cvc5Find | InfiniteFind | ConfirmInfinite | Call | Ping | Sleep | Allocate


@dataclass(frozen=True)
class Task:
    """A request with the seconds it may run once a worker starts it (a soft budget:
    the pool kills the worker shortly after it, whatever the solver does), and the
    moment before which it may not start."""

    id: int
    request: Request
    budget: float
    not_before: float = 0.0
    after: int = 0  # a task that must end first (0: none)
    until: float = float("inf")  # a late start gets only the time left until then


class External(Protocol):
    """A process the engine starts itself and races beside the workers (E prover)."""

    def fileno(self) -> int: ...

    def step(self, timeout: float) -> bool:
        """Move its data; True once it has finished."""

    def result(self) -> object: ...

    def kill(self) -> None: ...


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


class Cvc5Status(enum.StrEnum):
    MODEL = "model"  # a finite model of premises ∧ negated goal (re-check it)
    UNSAT = "unsat"  # cvc5 refuted premises ∧ negated goal
    UNKNOWN = "unknown"  # time or resources ran out, or cvc5 gave up
    CANCELLED = "cancelled"
    UNAVAILABLE = "unavailable"  # the cvc5 package is not installed

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Cvc5Result:
    status: Cvc5Status
    model: Model | None = None
    used: tuple[int, ...] = ()  # UNSAT: premise indices of cvc5's unsat core
    seconds: float = 0.0
    reason: str = ""  # cvc5's words for an unknown, or what went wrong
    minimal: bool = False  # UNSAT: the core is minimal (cvc5 shrank it)
    goal_used: bool = True  # UNSAT: the negated goal is in the core


@dataclass(frozen=True)
class InfiniteResult:
    model: InfiniteModel | None = None
    seconds: float = 0.0
    reason: str = ""


@dataclass(frozen=True)
class Confirmation:
    """None: the model is confirmed; otherwise why not (``timed_out``: no answer in time)."""

    problem: str | None
    timed_out: bool = False


@dataclass(frozen=True)
class Returned:
    """What a :class:`Call` returned."""

    value: object


@dataclass(frozen=True)
class Pong:
    pid: int


@dataclass(frozen=True)
class Failed:
    """The task raised: a bug (or memory ran out), never a verdict."""

    error: str
    cancelled: bool = False


Result = ProofResult | SearchResult | Cvc5Result | InfiniteResult | Confirmation | Pong | Failed


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
