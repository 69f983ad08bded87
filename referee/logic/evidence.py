"""What backs a verdict, as data: how it was decided and what was tried.

The engine fills these in; the interface words them for players and the game
record stores them (``to_json``/``from_json``). Nothing here is English: a
renderer that wants a sentence builds it from the fields.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

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
class Attempt:
    solver: Solver
    outcome: Outcome
    seconds: float = 0.0
    size: int | None = None
    limit: float | None = None
    detail: str = ""  # the solver's own words (e.g. Z3's reason_unknown), for logicians

    def to_json(self) -> dict:
        out: dict = {"solver": self.solver.value, "outcome": self.outcome.value}
        if self.seconds:
            out["seconds"] = self.seconds
        if self.size is not None:
            out["size"] = self.size
        if self.limit is not None:
            out["limit"] = self.limit
        if self.detail:
            out["detail"] = self.detail
        return out

    @classmethod
    def from_json(cls, data: Mapping) -> Attempt:
        return cls(
            Solver(data["solver"]),
            Outcome(data["outcome"]),
            float(data.get("seconds", 0.0)),
            _opt_int(data.get("size")),
            _opt_float(data.get("limit")),
            str(data.get("detail", "")),
        )


@dataclass(frozen=True)
class Bound:
    """Every (counter)model would have at most ``size`` objects, because of ``reason``.

    ``sources``: premise indices whose |L| < n gives the bound; -1 stands for
    the claim itself (its negation bounds a countermodel). ``proved``: for a
    bound a prover found, the size it proved (at most ``size``).
    """

    size: int
    reason: BoundReason
    sources: tuple[int, ...] = ()
    proved: int | None = None

    def to_json(self) -> dict:
        out: dict = {"size": self.size, "reason": self.reason.value}
        if self.sources:
            out["sources"] = list(self.sources)
        if self.proved is not None:
            out["proved"] = self.proved
        return out

    @classmethod
    def from_json(cls, data: Mapping) -> Bound:
        return cls(
            int(data["size"]),
            BoundReason(data["reason"]),
            tuple(int(i) for i in data.get("sources", ())),
            _opt_int(data.get("proved")),
        )


@dataclass(frozen=True)
class Evidence:
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

    def to_json(self) -> dict:
        out: dict = {"method": self.method.value}
        if self.solver is not None:
            out["solver"] = self.solver.value
        if self.used:
            out["used"] = list(self.used)
        if not self.minimal:
            out["minimal"] = False
        if self.model is not None:
            out["model"] = self.model.to_json()
        if self.infinite is not None:
            out["infinite"] = self.infinite.to_json()
        if self.bound is not None:
            out["bound"] = self.bound.to_json()
        if self.searched is not None:
            out["searched"] = self.searched
        if self.solver_seconds is not None:
            out["solver_seconds"] = self.solver_seconds
        if self.also is not None:
            out["also"] = self.also.value
        if self.premises_clash:
            out["premises_clash"] = True
        if self.tried:
            out["tried"] = [a.to_json() for a in self.tried]
        return out

    @classmethod
    def from_json(cls, data: Mapping) -> Evidence:
        """The inverse of ``to_json``; raises KeyError/ValueError/TypeError on a bad shape."""
        return cls(
            Method(data["method"]),
            Solver(data["solver"]) if data.get("solver") is not None else None,
            tuple(int(i) for i in data.get("used", ())),
            bool(data.get("minimal", True)),
            Model.from_json(data["model"]) if data.get("model") is not None else None,
            InfiniteModel.from_json(data["infinite"]) if data.get("infinite") is not None else None,
            Bound.from_json(data["bound"]) if data.get("bound") is not None else None,
            _opt_int(data.get("searched")),
            _opt_float(data.get("solver_seconds")),
            Solver(data["also"]) if data.get("also") is not None else None,
            bool(data.get("premises_clash", False)),
            tuple(Attempt.from_json(a) for a in data.get("tried", ())),
        )


def _opt_int(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected a whole number, got {value!r}")
    return value


def _opt_float(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"expected a number, got {value!r}")
    return float(value)
