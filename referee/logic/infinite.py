"""Model finding over the naturals and the integers, for boards with no finite model.

"Everyone's father is smarter than they are" with a transitive, irreflexive
"smarter" has only infinite models; ℕ with father(n) = n + 1 and smarter(a,
b) when a > b is one. This module finds such models: each symbol is given a
*template*, a small arithmetic definition with unknown integer parameters
(father(n) = α·n + β; smarter(a, b) when α·a + γ·b + β ≥ 0, = 0, ≠ 0 or is
even; …). Once the parameters are fixed, every statement is a sentence of
Presburger arithmetic, which is decidable.

The search is counterexample-guided (CEGIS), ∃ parameters ∀ objects:

1. *synthesis*: a quantifier-free Z3 problem over the parameters. Each
   statement holds at finitely many instances: its leading ∀ variables at a
   few small tuples, inner ∀ at a few values, each ∃ a fresh unknown (a Skolem
   constant per instance). Coefficients range over a small menu, so α·t is a
   case split and the problem stays linear. A symbol no statement mentions
   gets no constraint. Simplest definitions first: the total "cost" (sum of
   |coefficients| and |constants|, plus a little for ≠, parity, max/min and
   joined comparisons) is bounded by an assumption that is raised only when
   nothing cheaper fits, so unconstrained symbols read ``true`` or ``0``.
2. *verification*: the candidate's definitions (rendered as text and parsed
   back, exactly what players would see) make each statement an exact
   Presburger sentence; Z3's ``qe2`` tactic decides it. A false statement
   yields the instance it fails at: its leading ∀ variables as a tuple, or a
   deeper ∀ found by following the candidate's own Skolem choices (taken
   relative to a Skolem constant when it lies next to one, so that an unknown
   object cannot escape past every number tried). That instance joins the
   synthesis problem, which rules the candidate out, and every later one that
   fails the same way. A candidate Z3 cannot verify is blocked outright.
3. When every statement holds, the model is re-checked by the independent
   Cooper procedure (``infinite_check``), the witness for a non-entailment is
   chosen small, and the model is returned. The engine's parent process must
   re-check it again before anyone sees it.

Template families grow in levels (coefficients −1…1 with one comparison per
relation; then −2…2 with max, min, ⌊·/2⌋, parity and two comparisons; then
−3…3), each tried over ℕ then ℤ; a family stopped at its share of the time
keeps what it learned and resumes later. An unsatisfiable synthesis problem
means no model *of that family* exists, never that no model exists: the
search only ever reports models, and "gave_up" proves nothing.

The templates and their levels are :mod:`referee.logic.infinite_templates`, step 1
:mod:`referee.logic.infinite_synthesis`; this module verifies candidates (step 2,
:class:`Concrete`) and runs the search (:func:`find_infinite_model`).
"""

from __future__ import annotations

import enum
import itertools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import z3

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FORALL,
    UNIQUE,
    And,
    Card,
    Eq,
    Falsum,
    Formula,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Quant,
    Term,
    Var,
)
from referee.logic import infinite_model as im
from referee.logic.infinite_check import PresburgerTimeout, confirm, refuting_prefix
from referee.logic.infinite_synthesis import Synthesis, leading_universals
from referee.logic.infinite_templates import LEVELS, Level

log = logging.getLogger(__name__)


class OutOfTime(Exception):
    pass


class Undecided(Exception):
    """Z3 gave no answer with time left: this candidate cannot be verified."""


DOMAINS = (im.Domain.NATURALS, im.Domain.INTEGERS)
# Simplest definitions first: the total cost may grow through these bounds.
COST_BOUNDS = (*range(0, 13), 16, 20, 28, 40, None)
# Small witnesses read better ("take x = 0"): bounds tried in turn.
WITNESS_BOUNDS = (0, 1, 2, 3, 5, 10, 100, None)


# ---------------------------------------------------- exact (concrete) Z3


class Concrete:
    """Statements under fixed definitions, as Z3 sentences of linear integer arithmetic.

    Decided by the ``qe2`` tactic (quantifier elimination) followed by the SMT
    core; a formula with free constants gets a model for them.
    """

    def __init__(self, model: im.InfiniteModel, ctx, clock: Callable[[], float]):
        self.model = model
        self.naturals = model.domain == im.Domain.NATURALS
        self.ctx = ctx
        self.remaining = clock
        self._ids = itertools.count()

    def fresh(self, hint: str):
        return z3.Int(f"{hint}!{next(self._ids)}", self.ctx)

    def in_domain(self, x):
        return x >= 0 if self.naturals else z3.BoolVal(True, self.ctx)

    # definitions
    def dterm(self, t: im.ATerm, args: dict):
        if isinstance(t, im.Num):
            return z3.IntVal(t.value, self.ctx)
        if isinstance(t, im.Arg):
            return args[t.name]
        if isinstance(t, im.Add):
            return self.dterm(t.left, args) + self.dterm(t.right, args)
        if isinstance(t, im.Sub):
            return self.dterm(t.left, args) - self.dterm(t.right, args)
        if isinstance(t, im.Neg):
            return -self.dterm(t.body, args)
        if isinstance(t, im.Scale):
            return t.k * self.dterm(t.body, args)
        if isinstance(t, (im.Max, im.Min)):
            a, b = self.dterm(t.left, args), self.dterm(t.right, args)
            return z3.If(a >= b, a, b) if isinstance(t, im.Max) else z3.If(a <= b, a, b)
        if isinstance(t, im.FloorDiv):
            return self.dterm(t.body, args) / t.d
        raise TypeError(f"not a definition term: {t!r}")

    def dcond(self, c: im.ACond, args: dict):
        if isinstance(c, im.Truth):
            return z3.BoolVal(c.value, self.ctx)
        if isinstance(c, im.Rel):
            a, b = self.dterm(c.left, args), self.dterm(c.right, args)
            return {
                "<": lambda: a < b,
                "≤": lambda: a <= b,
                "=": lambda: a == b,
                "≠": lambda: a != b,
                ">": lambda: a > b,
                "≥": lambda: a >= b,
            }[c.op]()
        if isinstance(c, im.Congruent):
            return self.dterm(c.body, args) % c.d == c.r
        if isinstance(c, im.CAnd):
            return z3.And(self.dcond(c.left, args), self.dcond(c.right, args))
        if isinstance(c, im.COr):
            return z3.Or(self.dcond(c.left, args), self.dcond(c.right, args))
        if isinstance(c, im.CNot):
            return z3.Not(self.dcond(c.body, args))
        raise TypeError(f"not a condition: {c!r}")

    # statements
    def term(self, t: Term, env: dict):
        if isinstance(t, Var):
            return env[t.name]
        d = self.model.function(t.name)
        args = [self.term(a, env) for a in t.args]
        return self.dterm(d.body, dict(zip(d.parameters, args, strict=True)))

    def formula(self, f: Formula, env: dict, positive: bool = True):
        out = self._formula(f, env)
        return out if positive else z3.Not(out)

    def _formula(self, f: Formula, env: dict):
        if isinstance(f, Pred):
            d = self.model.predicate(f.name)
            args = [self.term(a, env) for a in f.args]
            return self.dcond(d.body, dict(zip(d.parameters, args, strict=True)))
        if isinstance(f, Eq):
            return self.term(f.left, env) == self.term(f.right, env)
        if isinstance(f, Not):
            return z3.Not(self._formula(f.body, env))
        if isinstance(f, And):
            return z3.And(self._formula(f.left, env), self._formula(f.right, env))
        if isinstance(f, Or):
            return z3.Or(self._formula(f.left, env), self._formula(f.right, env))
        if isinstance(f, Implies):
            return z3.Implies(self._formula(f.left, env), self._formula(f.right, env))
        if isinstance(f, Iff):
            return self._formula(f.left, env) == self._formula(f.right, env)
        if isinstance(f, Card):
            return z3.BoolVal(f.op == AT_LEAST, self.ctx)
        if isinstance(f, Falsum):
            return z3.BoolVal(False, self.ctx)
        if isinstance(f, Quant):
            x = self.fresh(f.var)
            body = self._formula(f.body, {**env, f.var: x})
            if f.kind == FORALL:
                return z3.ForAll([x], z3.Implies(self.in_domain(x), body))
            if f.kind == EXISTS:
                return z3.Exists([x], z3.And(self.in_domain(x), body))
            if f.kind == UNIQUE:
                y = self.fresh(f.var)
                other = self._formula(f.body, {**env, f.var: y})
                only = z3.ForAll([y], z3.Implies(z3.And(self.in_domain(y), other), y == x))
                return z3.Exists([x], z3.And(self.in_domain(x), body, only))
        raise TypeError(f"not a formula: {f!r}")

    def solve(self, constraints: list, free: list, bound: int | None = None):
        """Values of ``free`` satisfying ``constraints`` (None: there are none).

        Raises OutOfTime when Z3 cannot answer in the time left.
        """
        remaining = self.remaining()
        if remaining <= 0:
            raise OutOfTime
        solver = z3.Then(z3.Tactic("qe2", self.ctx), z3.Tactic("smt", self.ctx)).solver()
        solver.set("timeout", max(1, int(remaining * 1000)))
        solver.add(*constraints)
        for x in free:
            solver.add(self.in_domain(x))
            if bound is not None:
                solver.add(x >= -bound, x <= bound)
        result = solver.check()
        if result == z3.unsat:
            return None
        if result != z3.sat:
            if self.remaining() > 0:
                raise Undecided(solver.reason_unknown())
            raise OutOfTime
        m = solver.model()
        return [m.eval(x, model_completion=True).as_long() for x in free]

    def holds(self, f: Formula, env: dict, positive: bool = True) -> bool:
        return self.solve([self.formula(f, env, not positive)], []) is None

    def failure(self, f: Formula, names: list[str], env: dict, positive: bool, bound=None):
        """Values of ``names`` at which ``f`` (read with ``positive``) is false, or None."""
        consts = [self.fresh(n) for n in names]
        env = {**env, **dict(zip(names, consts, strict=True))}
        return self.solve([self.formula(f, env, not positive)], consts, bound)

    def closure_failure(self, d: im.Definition):
        """Over ℕ: arguments ≥ 0 at which the function's value is negative, or None."""
        consts = [self.fresh(p) for p in d.parameters]
        value = self.dterm(d.body, dict(zip(d.parameters, consts, strict=True)))
        return self.solve([value < 0], consts)


# ------------------------------------------------------------------ search


class Found(enum.StrEnum):
    MODEL = "model"  # a model, checked by Z3 and by the independent Presburger check
    GAVE_UP = "gave_up"  # proves nothing
    NONE_FITS = "none_fits"  # (one family) every template of it is refuted
    STOPPED = "stopped"  # (one family) the time ran out first


@dataclass(frozen=True)
class FamilyTried:
    """One template family over one domain, and what came of it."""

    domain: im.Domain
    level: Level
    found: Found  # MODEL, NONE_FITS or STOPPED
    candidates: int  # candidate models refuted (or, with a model, tried)


@dataclass(frozen=True)
class InfiniteSearch:
    """What :func:`find_infinite_model` did: ``model`` when ``found`` is MODEL."""

    found: Found  # MODEL or GAVE_UP
    seconds: float
    tried: tuple[FamilyTried, ...]
    model: im.InfiniteModel | None = None
    candidates: int = 0  # the candidates the successful family tried


def find_infinite_model(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    cancelled: Callable[[], bool] = lambda: False,
    ctx: z3.Context | None = None,
    goals: tuple[Formula, ...] = (),
    domains: tuple[im.Domain, ...] = DOMAINS,
    levels: tuple[Level, ...] = LEVELS,
) -> InfiniteSearch:
    """Search ℕ and ℤ for a model of premises ∧ negated_goal (both in NNF, ∃! expanded).

    ``goals``: the claimed statements as written (for the witness: where the
    claim fails); optional. A model found has passed the search's Z3 check and
    the independent Presburger check; giving up proves nothing.
    """
    start = time.monotonic()
    ctx = ctx or z3.Context()
    statements = list(premises) + ([negated_goal] if negated_goal is not None else [])
    tried: list[FamilyTried] = []

    def clock() -> float:
        if cancelled():
            return 0.0
        return deadline - time.monotonic()

    def result(found: Found, model: im.InfiniteModel | None = None, candidates: int = 0):
        seconds = time.monotonic() - start
        return InfiniteSearch(found, seconds, tuple(tried), model, candidates)

    # In order of preference; a family stopped at its share keeps what it
    # learned and is resumed in a later pass if time is left.
    pending = [
        _Attempt(statements, predicates, functions, level, domain, ctx, goals)
        for level in levels
        for domain in domains
    ]
    while pending:
        for attempt in list(pending):
            left = clock()
            if left <= 0:
                tried.extend(a.tried(Found.STOPPED) for a in pending)
                return result(Found.GAVE_UP)
            share = left if attempt is pending[-1] else left * FIRST_SHARE
            stop = time.monotonic() + share
            try:
                model = attempt.run(lambda stop=stop: min(clock(), stop - time.monotonic()))
            except OutOfTime:
                continue
            except z3.Z3Exception:
                if clock() <= 0:
                    continue
                raise
            pending.remove(attempt)
            if model is not None:
                tried.append(attempt.tried(Found.MODEL))
                return result(Found.MODEL, model, attempt.candidates)
            tried.append(attempt.tried(Found.NONE_FITS))
    return result(Found.GAVE_UP)


# The share of the time left that a family gets before the next is tried (the
# last one in a pass gets all of it). The first families are the simplest and
# the likeliest; a stopped one is resumed in the next pass.
FIRST_SHARE = 0.6


class _Attempt:
    """The CEGIS loop for one template family over one domain; resumable."""

    def __init__(self, statements, predicates, functions, level, domain, ctx, goals):
        self.statements, self.predicates, self.functions = statements, predicates, functions
        self.level, self.domain, self.ctx, self.goals = level, domain, ctx, goals
        self.syn: Synthesis | None = None
        self.seeded = 0
        self.bounds = iter(COST_BOUNDS)
        self.bound = next(self.bounds)
        self.candidates = 0

    def tried(self, found: Found) -> FamilyTried:
        return FamilyTried(self.domain, self.level, found, self.candidates)

    def run(self, clock) -> im.InfiniteModel | None:
        """A model, or None when no template fits; OutOfTime when stopped."""
        if self.syn is None:
            self.syn = Synthesis(self.functions, self.predicates, self.level, self.domain, self.ctx)
        syn = self.syn
        while self.seeded < len(self.statements):
            if clock() <= 0:
                raise OutOfTime
            syn.seed(self.seeded, self.statements[self.seeded])
            self.seeded += 1
        while True:
            remaining = clock()
            if remaining <= 0:
                raise OutOfTime
            syn.solver.set("timeout", max(1, int(remaining * 1000)))
            answer = syn.check(self.bound)
            if answer == z3.unsat:
                if self.bound is not None and syn.solver.unsat_core():
                    self.bound = next(self.bounds)  # nothing this simple: allow more
                    continue
                return None
            if answer != z3.sat:
                raise OutOfTime
            m = syn.solver.model()
            self.candidates += 1
            model = syn.candidate(m, self.domain)
            concrete = Concrete(model, self.ctx, clock)
            try:
                if _learn(syn, concrete, self.statements, m, model):
                    continue
            except Undecided:
                syn.block(m)
                continue
            # Every statement holds (Z3). The independent check, then the witness.
            witness = _witness(concrete, self.goals) if self.goals else None
            if witness is not None:
                model = im.InfiniteModel(model.domain, model.definitions, witness)
            try:
                why = confirm(
                    self.statements,
                    self.goals if witness is not None else (),
                    model,
                    time.monotonic() + clock(),
                )
            except PresburgerTimeout:
                # Not confirmed in time: this candidate is retried when resumed.
                raise OutOfTime from None
            if why is None:
                return model
            log.error("infinite model rejected by the independent check: %s (%s)", why, model)
            syn.block(m)


def _learn(syn: Synthesis, concrete: Concrete, statements, m, model) -> bool:
    """Add an instance that rules out the candidate; False if it satisfies everything."""
    learned = False
    if syn.naturals:
        for d in model.definitions:
            if d.kind == im.FUNCTION and d.arity:
                bad = concrete.closure_failure(d)
                if bad is not None:
                    # The synthesis keeps every value it computes ≥ 0: make it compute this one.
                    syn.app(d.name, [syn.num(v) for v in bad])
                    learned = True
        if learned:
            return True
    for i, statement in enumerate(statements):
        names, rest, positive = leading_universals(statement)
        values = concrete.failure(rest, names, {}, positive)
        if values is None:
            continue
        if syn.add_tuple(i, statement, tuple(values)):
            learned = True
            continue
        env_sym = {n: syn.num(v) for n, v in zip(names, values, strict=True)}
        if _walk(syn, concrete, rest, env_sym, dict(zip(names, values, strict=True)), positive, m):
            learned = True
            continue
        syn.block(m)
        learned = True
    return learned


def _walk(syn, concrete, f, env_sym: dict, env_val: dict, positive: bool, m) -> bool:
    """f (read with ``positive``) is false under env_val in reality but true in the
    synthesis: find the ∀ node whose instances missed the counterexample and add it."""
    values = {k: z3.IntVal(v, syn.ctx) for k, v in env_val.items()}
    if isinstance(f, Not):
        return _walk(syn, concrete, f.body, env_sym, env_val, not positive, m)
    if isinstance(f, Implies):
        return _walk(syn, concrete, Or(Not(f.left), f.right), env_sym, env_val, positive, m)
    if isinstance(f, (And, Or)):
        parts = [f.left, f.right]
        if isinstance(f, And) == positive:  # conjunctive: follow the false parts
            parts = [p for p in parts if not concrete.holds(p, values, positive)]
        # (disjunctive: every part is false, and the synthesis made some part true)
        return any(_walk(syn, concrete, p, env_sym, env_val, positive, m) for p in parts)
    if isinstance(f, Quant) and f.kind in (FORALL, EXISTS):
        if (f.kind == FORALL) == positive:
            bad = concrete.failure(f.body, [f.var], values, positive)
            if bad is None:  # pragma: no cover - f was false, so a failure exists
                return False
            v = bad[0]
            # Near an unknown object in scope (a Skolem constant): instantiate at
            # that object, so the unknown cannot just move past every number tried.
            term = syn.near(v, env_sym, m)
            if term is not None and syn.add_instance(f, positive, env_sym, term):
                return True
            if term is None:
                if syn.add_value(f, positive, v):
                    return True
                term = syn.num(v)
            return _walk(
                syn,
                concrete,
                f.body,
                {**env_sym, f.var: term},
                {**env_val, f.var: v},
                positive,
                m,
            )
        sk = syn.skolem(f, positive, env_sym)
        if sk is None:
            return False
        v = m.eval(sk, model_completion=True).as_long()
        return _walk(
            syn, concrete, f.body, {**env_sym, f.var: sk}, {**env_val, f.var: v}, positive, m
        )
    return False


def _witness(concrete: Concrete, goals) -> im.Witness | None:
    """The first goal that fails, and small values of its leading ∀ variables."""
    for j, goal in enumerate(goals):
        if concrete.holds(goal, {}):
            continue
        names, rest, positive = refuting_prefix(goal)
        if not names:
            return im.Witness(j, ())
        for bound in WITNESS_BOUNDS:
            values = concrete.failure(rest, list(names), {}, positive, bound)
            if values is not None:
                return im.Witness(j, tuple(zip(names, values, strict=True)))
    return None
