"""What backs a verdict, as data: how it was decided and what was tried.

The engine fills these in; the interface words them for players and the game
record stores them (through :mod:`referee.language.shapes`, leaving out what
is at its default). Nothing here is English: a
renderer that wants a sentence builds it from the fields.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from referee.language.shapes import Plain
from referee.logic.infinite_model import InfiniteModel
from referee.logic.model import Model


class Method(enum.StrEnum):
    """How a verdict was reached."""

    PROOF = "proof"  # a prover refuted premises ∧ ¬goal
    EXHAUSTIVE = "exhaustive"  # no (counter)model of any size up to a bound that is complete
    MODEL = "model"  # a (counter)model, re-checked by the independent evaluator
    REST_INCONSISTENT = "rest_inconsistent"  # the other statements alone are inconsistent
    NONE = "none"  # undetermined
    LEGACY = "legacy"  # recorded by an older referee, which kept its evidence as words


class Solver(enum.StrEnum):
    """Who did the work."""

    Z3 = "z3"  # Z3 on the quantified problem (proof search)
    FINDER = "finder"  # the bounded model finder, sizes 1, 2, 3, ...
    SIZE_PROBE = "size_probe"  # Z3 proving that every model is small
    E = "e"  # E prover
    CVC5 = "cvc5"  # cvc5's finite model finding
    INFINITE = "infinite"  # the model finder over the integers
    SYNTAX = "syntax"  # nothing was run: the question's shape settled it
    ENGINE = "engine"  # the engine itself (limits, refusals)


class BoundReason(enum.StrEnum):
    """Why searching sizes up to a bound decides the question."""

    BOARD_SIZE = "board_size"  # a statement says |L| < n
    CLAIM_SIZE = "claim_size"  # the claim is |L| ≥ n, so a countermodel has fewer than n
    BERNAYS_SCHOENFINKEL = "bernays_schoenfinkel"  # ∃*∀* without functions
    MONADIC = "monadic"  # only unary predicates, no functions
    PROVED = "proved"  # a prover showed every model has at most n objects
    SIZE_CLASH = "size_clash"  # |L| ≥ n and |L| < m with m ≤ n: no size is left (bound 0)


class Outcome(enum.StrEnum):
    """What one attempt came to, when it did not decide the question."""

    NO_PROOF = "no_proof"  # the prover gave up (``detail``: its reason)
    NO_MODEL = "no_model"  # no model up to ``size`` objects
    TIMED_OUT = "timed_out"  # stopped at the hard limit
    CRASHED = "crashed"  # the worker died (out of memory?)
    UNCHECKED = "unchecked"  # a model of ``size`` objects could not be re-checked in time
    REJECTED = "rejected"  # a model failed the evaluator: a bug, flagged
    ERROR = "error"  # the solver raised: a bug, flagged
    TOO_LARGE = "too_large"  # refused before starting (``size``: nodes, ``limit``)
    SATURATED = "saturated"  # a prover saturated: no refutation exists (no model to show)
    UNAVAILABLE = "unavailable"  # the solver is not installed


@dataclass(frozen=True)
class Attempt(Plain, sparse=True):
    solver: Solver
    outcome: Outcome
    seconds: float = 0.0
    size: int | None = None
    limit: float | None = None
    detail: str = ""  # the solver's own words (e.g. Z3's reason_unknown), for logicians


@dataclass(frozen=True)
class Bound(Plain, sparse=True):
    """Every (counter)model would have at most ``size`` objects, because of ``reason``.

    ``sources``: premise indices whose |L| < n gives the bound; -1 stands for
    the claim itself (its negation bounds a countermodel). ``proved``: for a
    bound a prover found, the size it proved (at most ``size``).
    """

    size: int
    reason: BoundReason
    sources: tuple[int, ...] = ()
    proved: int | None = None


@dataclass(frozen=True)
class Evidence(Plain, sparse=True):
    """How a verdict was reached: enough to word it, to show it and to re-check it.

    ``used``: 0-based premise indices (the statements a proof needed, or the
    clashing set); ``minimal``: whether each of them is needed, shown by
    deletion (a core) or by the proof itself (the axioms E's proof cites);
    ``model``: the (counter)model; ``bound``: for an exhaustive search, why it
    is complete; ``searched``: the largest size searched exhaustively;
    ``also``: a second solver that proved it too; ``premises_clash``: the
    statements used contradict each other, so the goal follows from anything.
    """

    method: Method
    solver: Solver | None = None
    used: tuple[int, ...] = ()
    minimal: bool = True
    model: Model | None = None
    infinite: InfiniteModel | None = None  # a model over ℕ or ℤ (checked by Cooper's procedure)
    bound: Bound | None = None
    searched: int | None = None
    solver_seconds: float | None = None
    also: Solver | None = None
    premises_clash: bool = False  # what a proof used is inconsistent even without the goal
    tried: tuple[Attempt, ...] = field(default=())
