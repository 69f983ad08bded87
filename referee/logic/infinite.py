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
"""

from __future__ import annotations

import enum
import itertools
import logging
import math
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
    free_vars,
)
from referee.logic import infinite_model as im
from referee.logic.infinite_check import PresburgerTimeout, confirm, refuting_prefix

log = logging.getLogger(__name__)


class OutOfTime(Exception):
    pass


class Undecided(Exception):
    """Z3 gave no answer with time left: this candidate cannot be verified."""


# ------------------------------------------------------------------ levels


GE, EQ, NE, EVEN = "≥ 0", "= 0", "≠ 0", "even"
LIN, MAX, MIN, HALF = "linear", "max", "min", "half"


@dataclass(frozen=True)
class Level:
    """One family of templates: what each symbol's definition may look like."""

    name: str
    coefficients: tuple[int, ...]  # the menu for α in α·n
    constant: int  # |β| ≤ constant
    shapes: tuple[str, ...]  # function shapes (LIN always first)
    comparisons: int  # comparisons per predicate (1, or 2 joined by and/or)
    kinds: tuple[str, ...]  # what a comparison may be


LEVELS = (
    Level("linear templates", (-1, 0, 1), 2, (LIN,), 1, (GE, EQ, NE)),
    Level(
        "piecewise-linear templates",
        (-2, -1, 0, 1, 2),
        4,
        (LIN, MAX, MIN, HALF),
        2,
        (GE, EQ, NE, EVEN),
    ),
    Level(
        "wider piecewise-linear templates",
        (-3, -2, -1, 0, 1, 2, 3),
        8,
        (LIN, MAX, MIN, HALF),
        2,
        (GE, EQ, NE, EVEN),
    ),
)
DOMAINS = (im.Domain.NATURALS, im.Domain.INTEGERS)

# Values the ∀ variables are first instantiated at (more come from counterexamples).
SEEDS = {im.Domain.NATURALS: (0, 1, 2), im.Domain.INTEGERS: (0, 1, -1)}
MAX_SEED_TUPLES = 27
NEAR = 2  # a counterexample this close to an unknown object is taken relative to it
# Simplest definitions first: the total cost may grow through these bounds.
COST_BOUNDS = (*range(0, 13), 16, 20, 28, 40, None)
# Small witnesses read better ("take x = 0"): bounds tried in turn.
WITNESS_BOUNDS = (0, 1, 2, 3, 5, 10, 100, None)


# ---------------------------------------------------------------- templates


def _mul(k, t, menu: tuple[int, ...], ctx, numeral: bool):
    """k·t for a parameter k from ``menu``: linear even when t is not a number.

    ``numeral``: t is a placeholder for a number (k·5 is linear as it stands).
    """
    if numeral:
        return k * t
    out = z3.IntVal(0, ctx)
    for v in menu:
        if v:
            out = z3.If(k == v, v * t, out)
    return out


def _between(p, lo: int, hi: int):
    return z3.And(p >= lo, p <= hi)


def _size(p, lo: int, hi: int) -> list:
    """|p| as weighted literals: [p ≥ 1] + [p ≥ 2] + … + [p ≤ -1] + … (for PbLe)."""
    return [(p >= k, 1) for k in range(1, hi + 1)] + [(p <= -k, 1) for k in range(1, -lo + 1)]


# What makes a definition harder to read, on top of |coefficients| + |constants|.
SHAPE_COST = {LIN: 0, MAX: 2, MIN: 2, HALF: 2}
KIND_COST = {GE: 0, EQ: 0, NE: 1, EVEN: 1}
JOIN_COST = 2


class _Linear:
    """α₁·x₁ + … + αₖ·xₖ + β with the α from the level's menu."""

    def __init__(self, tag: str, arity: int, level: Level, ctx, constraints: list):
        self.alphas = [z3.Int(f"{tag}!a{i}", ctx) for i in range(arity)]
        self.beta = z3.Int(f"{tag}!b", ctx)
        self.level = level
        self.ctx = ctx
        menu = level.coefficients
        for a in self.alphas:
            constraints.append(_between(a, menu[0], menu[-1]))
        constraints.append(_between(self.beta, -level.constant, level.constant))

    @property
    def params(self) -> list:
        return [*self.alphas, self.beta]

    def apply(self, args: list, numerals: tuple[bool, ...]):
        out = self.beta
        for a, x, numeral in zip(self.alphas, args, numerals, strict=True):
            out = out + _mul(a, x, self.level.coefficients, self.ctx, numeral)
        return out

    def cost(self) -> list:
        menu = self.level.coefficients
        return [
            *(w for a in self.alphas for w in _size(a, menu[0], menu[-1])),
            *_size(self.beta, -self.level.constant, self.level.constant),
        ]

    def zero(self):
        return z3.And(*[p == 0 for p in self.params])

    def values(self, m: z3.ModelRef) -> tuple[list[int], int]:
        get = lambda p: m.eval(p, model_completion=True).as_long()  # noqa: E731
        return [get(a) for a in self.alphas], get(self.beta)


class _Template:
    """apply(args): the template's value at ``args``, built once per pattern of
    which arguments are numbers and then instantiated by substitution."""

    name: str
    arity: int
    ctx: z3.Context

    def apply(self, args: list):
        if not args:
            return self._apply([], ())
        numerals = tuple(z3.is_int_value(a) for a in args)
        cache = self.__dict__.setdefault("_bodies", {})
        hit = cache.get(numerals)
        if hit is None:
            holes = [z3.Int(f"hole!{self.name}!{i}", self.ctx) for i in range(self.arity)]
            hit = (holes, self._apply(holes, numerals))
            cache[numerals] = hit
        holes, body = hit
        return z3.substitute(body, *zip(holes, args, strict=True))

    def _apply(self, args: list, numerals: tuple[bool, ...]):  # pragma: no cover - abstract
        raise NotImplementedError


class FunctionTemplate(_Template):
    def __init__(self, name: str, arity: int, level: Level, naturals: bool, ctx, constraints):
        self.name, self.arity, self.level, self.ctx = name, arity, level, ctx
        tag = f"f!{name}"
        self.shapes = level.shapes if arity else (LIN,)
        self.first = _Linear(f"{tag}!1", arity, level, ctx, constraints)
        self.second = None
        if any(s in (MAX, MIN) for s in self.shapes):
            self.second = _Linear(f"{tag}!2", arity, level, ctx, constraints)
        self.shape = z3.Int(f"{tag}!shape", ctx)
        constraints.append(_between(self.shape, 0, len(self.shapes) - 1))
        if self.second is not None:
            # Only max and min read the second linear form; elsewhere it is 0.
            uses = z3.Or(*[self.shape == i for i, s in enumerate(self.shapes) if s in (MAX, MIN)])
            constraints.append(z3.Or(uses, self.second.zero()))
        if naturals and not arity:
            constraints.append(self.first.beta >= 0)

    @property
    def params(self) -> list:
        return [self.shape, *self.first.params, *(self.second.params if self.second else [])]

    def cost(self) -> list:
        out = self.first.cost() + (self.second.cost() if self.second else [])
        out += [
            (self.shape == i, SHAPE_COST[s]) for i, s in enumerate(self.shapes) if SHAPE_COST[s]
        ]
        return out

    def _apply(self, args: list, numerals: tuple[bool, ...]):
        v1 = self.first.apply(args, numerals)
        v2 = self.second.apply(args, numerals) if self.second else None
        out = v1
        for i, shape in enumerate(self.shapes):
            if shape == LIN:
                value = v1
            elif shape == MAX:
                value = z3.If(v1 >= v2, v1, v2)
            elif shape == MIN:
                value = z3.If(v1 <= v2, v1, v2)
            else:  # HALF: z3's integer division by a positive number is the floor
                value = v1 / 2
            out = value if i == 0 else z3.If(self.shape == i, value, out)
        return out

    def definition(self, m: z3.ModelRef) -> im.Definition:
        params = im.function_parameters(self.arity)
        shape = self.shapes[m.eval(self.shape, model_completion=True).as_long()]
        first = linear_term(params, *self.first.values(m))
        if shape == LIN:
            body = first
        elif shape == HALF:
            body = im.FloorDiv(first, 2)
        else:
            alphas, beta = self.second.values(m)
            body = _extremum(shape, params, self.first.values(m), (alphas, beta))
        return im.Definition.of(self.name, im.FUNCTION, self.arity, body)


class PredicateTemplate(_Template):
    def __init__(self, name: str, arity: int, level: Level, ctx, constraints):
        self.name, self.arity, self.level, self.ctx = name, arity, level, ctx
        tag = f"p!{name}"
        self.truth = z3.Bool(f"{tag}!truth", ctx) if not arity else None
        self.atoms: list[tuple[object, _Linear]] = []
        self.join = None
        if arity:
            for j in range(level.comparisons):
                kind = z3.Int(f"{tag}!{j}!kind", ctx)
                constraints.append(_between(kind, 0, len(level.kinds) - 1))
                self.atoms.append((kind, _Linear(f"{tag}!{j}", arity, level, ctx, constraints)))
            if level.comparisons > 1:
                self.join = z3.Int(f"{tag}!join", ctx)  # 0: first only, 1: and, 2: or
                constraints.append(_between(self.join, 0, 2))
                # A comparison that is not joined is not read: keep it at 0.
                for kind, lin in self.atoms[1:]:
                    constraints.append(z3.Or(self.join != 0, z3.And(kind == 0, lin.zero())))

    @property
    def params(self) -> list:
        if self.truth is not None:
            return [self.truth]
        out = [self.join] if self.join is not None else []
        for kind, lin in self.atoms:
            out += [kind, *lin.params]
        return out

    def cost(self) -> list:
        out = []
        for kind, lin in self.atoms:
            out += lin.cost()
            out += [
                (kind == i, KIND_COST[k]) for i, k in enumerate(self.level.kinds) if KIND_COST[k]
            ]
        if self.join is not None:
            out.append((self.join != 0, JOIN_COST))
        return out

    def _apply(self, args: list, numerals: tuple[bool, ...]):
        if self.truth is not None:
            return self.truth
        values = []
        for kind, lin in self.atoms:
            v = lin.apply(args, numerals)
            out = None
            for i, k in enumerate(self.level.kinds):
                atom = {GE: v >= 0, EQ: v == 0, NE: v != 0}.get(k)
                if atom is None:
                    atom = v % 2 == 0
                out = atom if out is None else z3.If(kind == i, atom, out)
            values.append(out)
        if self.join is None:
            return values[0]
        a, b = values[0], values[1]
        return z3.If(self.join == 0, a, z3.If(self.join == 1, z3.And(a, b), z3.Or(a, b)))

    def definition(self, m: z3.ModelRef) -> im.Definition:
        if self.truth is not None:
            body = im.Truth(z3.is_true(m.eval(self.truth, model_completion=True)))
            return im.Definition.of(self.name, im.PREDICATE, 0, body)
        params = im.predicate_parameters(self.arity)
        conds = []
        for kind, lin in self.atoms:
            k = self.level.kinds[m.eval(kind, model_completion=True).as_long()]
            conds.append(comparison(params, k, *lin.values(m)))
        body = conds[0]
        if self.join is not None:
            join = m.eval(self.join, model_completion=True).as_long()
            if join == 1:
                body = _and(conds[0], conds[1])
            elif join == 2:
                body = _or(conds[0], conds[1])
        return im.Definition.of(self.name, im.PREDICATE, self.arity, body)


# ------------------------------------------------- canonical definitions


def _num(k: int) -> im.ATerm:
    return im.Num(k) if k >= 0 else im.Neg(im.Num(-k))


def linear_term(params: tuple[str, ...], alphas: list[int], beta: int) -> im.ATerm:
    """``2m - n + 1`` from α = (2, -1), β = 1, in canonical form."""
    out: im.ATerm | None = None
    for name, a in zip(params, alphas, strict=True):
        if not a:
            continue
        mono = im.Arg(name) if abs(a) == 1 else im.Scale(abs(a), im.Arg(name))
        if out is None:
            out = mono if a > 0 else im.Neg(mono)
        else:
            out = im.Add(out, mono) if a > 0 else im.Sub(out, mono)
    if out is None:
        return _num(beta)
    if beta > 0:
        return im.Add(out, im.Num(beta))
    if beta < 0:
        return im.Sub(out, im.Num(-beta))
    return out


def _extremum(shape: str, params, first, second) -> im.ATerm:
    (a1, b1), (a2, b2) = first, second
    if a1 == a2:  # max(t + b₁, t + b₂) is t + max(b₁, b₂)
        return linear_term(params, a1, max(b1, b2) if shape == MAX else min(b1, b2))
    kind = im.Max if shape == MAX else im.Min
    if b1 == b2 and b1:  # max(m + 1, n + 1) reads better as max(m, n) + 1
        return linear_term_plus(kind(linear_term(params, a1, 0), linear_term(params, a2, 0)), b1)
    return kind(linear_term(params, a1, b1), linear_term(params, a2, b2))


def linear_term_plus(t: im.ATerm, beta: int) -> im.ATerm:
    if beta > 0:
        return im.Add(t, im.Num(beta))
    if beta < 0:
        return im.Sub(t, im.Num(-beta))
    return t


def comparison(params: tuple[str, ...], kind: str, alphas: list[int], beta: int) -> im.ACond:
    """The condition α·args + β ⋈ 0 the way one writes it: ``a > b``, ``a = b + 1``, …"""
    if kind == EVEN:
        odd = [a % 2 for a in alphas]
        if not any(odd):
            return im.Truth(beta % 2 == 0)
        # Σ aᵢxᵢ + β even ⇔ Σ (aᵢ mod 2)·xᵢ ≡ β (mod 2)
        return im.Congruent(linear_term(params, odd, 0), beta % 2, 2)
    if not any(alphas):
        value = {GE: beta >= 0, EQ: beta == 0, NE: beta != 0}[kind]
        return im.Truth(value)
    g = math.gcd(*alphas)
    if g > 1:  # 2a + 2b + 4 ≥ 0 is a + b + 2 ≥ 0; 2a = 3 never holds
        if kind != GE and beta % g:
            return im.Truth(kind == NE)
        alphas, beta = [a // g for a in alphas], beta // g  # ⌊β/g⌋: exact for ≥
    # The first parameter goes on the left with a positive coefficient
    # (mirroring ≥ into ≤ when the comparison is negated to get there).
    op = {GE: "≥", EQ: "=", NE: "≠"}[kind]
    if next(a for a in alphas if a) < 0:
        alphas, beta = [-a for a in alphas], -beta
        op = {"≥": "≤", "=": "=", "≠": "≠"}[op]
    left = [a if a > 0 else 0 for a in alphas]
    right = [-a if a < 0 else 0 for a in alphas]
    c = -beta  # left + β ⋈ right, i.e. left ⋈ right + c
    if op == "≥" and abs(c - 1) < abs(c):  # a ≥ b + 1 is a > b
        op, c = ">", c - 1
    elif op == "≤" and abs(c + 1) < abs(c):  # a ≤ b - 1 is a < b
        op, c = "<", c + 1
    return im.Rel(op, linear_term(params, left, 0), _right(params, right, c))


def _right(params, coeffs: list[int], c: int) -> im.ATerm:
    if any(coeffs):
        return linear_term(params, coeffs, c)
    return _num(c)


def _and(a: im.ACond, b: im.ACond) -> im.ACond:
    if a == b or b == im.Truth(True):
        return a
    if a == im.Truth(True):
        return b
    if im.Truth(False) in (a, b):
        return im.Truth(False)
    return im.CAnd(a, b)


def _or(a: im.ACond, b: im.ACond) -> im.ACond:
    if a == b or b == im.Truth(False):
        return a
    if a == im.Truth(False):
        return b
    if im.Truth(True) in (a, b):
        return im.Truth(True)
    return im.COr(a, b)


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


# --------------------------------------------------------------- synthesis


def _leading(f: Formula, positive: bool = True) -> tuple[list[str], Formula, bool]:
    """The leading universal block of a statement in NNF (∀, or ∃ read negatively)."""
    names = []
    while True:
        if isinstance(f, Not):
            f, positive = f.body, not positive
        elif isinstance(f, Quant) and f.kind in (FORALL, EXISTS):
            if (f.kind == FORALL) != positive:
                break
            names.append(f.var)
            f = f.body
        else:
            break
    return names, f, positive


def _key(e) -> tuple:
    """A cache key for an object term: a number by its value, anything else (a
    Skolem constant, an application, u + d, all kept alive by the Synthesis) by
    Z3's id, which is unique while the term lives."""
    return ("n", e.as_long()) if z3.is_int_value(e) else ("e", e.get_id())


class Synthesis:
    """The quantifier-free problem over template parameters (one domain, one level)."""

    def __init__(self, functions, predicates, level: Level, domain: im.Domain, ctx):
        self.ctx = ctx
        self.level = level
        self.domain = domain
        self.naturals = domain == im.Domain.NATURALS
        self.solver = z3.Solver(ctx=ctx)
        self.solver.set("random_seed", 0)
        constraints: list = []
        self.functions = {
            n: FunctionTemplate(n, a, level, self.naturals, ctx, constraints)
            for n, a in functions.items()
        }
        self.predicates = {
            n: PredicateTemplate(n, a, level, ctx, constraints) for n, a in predicates.items()
        }
        self.solver.add(*constraints)
        templates = [*self.functions.values(), *self.predicates.values()]
        self.cost = [w for t in templates for w in t.cost()]  # weighted literals
        self._bounds: dict[int, object] = {}
        self._apps: dict = {}
        self._skolems: dict = {}
        self._guards: dict = {}  # (∀ node, polarity, env key) -> (literal, env)
        self._values: dict = {}  # (∀ node, polarity) -> values instantiated
        self._tuples: dict[int, set] = {}
        self._terms: dict[tuple, set] = {}  # guard -> symbolic instances added
        self._ids = itertools.count()
        self._keep: list = []  # formulas whose id() keys the tables above

    def num(self, v: int):
        return z3.IntVal(v, self.ctx)

    # -- applications, flattened: one unknown per distinct application
    def app(self, name: str, args: list):
        key = ("f", name, tuple(_key(a) for a in args))
        hit = self._apps.get(key)
        if hit is None:
            hit = z3.Int(f"app!{next(self._ids)}", self.ctx)
            self._keep.append(args)
            self.solver.add(hit == self.functions[name].apply(args))
            if self.naturals:  # functions map ℕ into ℕ (arguments outside ℕ do not count)
                inside = [a >= 0 for a in args if not z3.is_int_value(a)]
                self.solver.add(z3.Implies(z3.And(*inside), hit >= 0) if inside else hit >= 0)
            self._apps[key] = hit
        return hit

    def pred(self, name: str, args: list):
        key = ("p", name, tuple(_key(a) for a in args))
        hit = self._apps.get(key)
        if hit is None:
            hit = z3.Bool(f"holds!{next(self._ids)}", self.ctx)
            self._keep.append(args)
            self.solver.add(hit == self.predicates[name].apply(args))
            self._apps[key] = hit
        return hit

    def term(self, t: Term, env: dict):
        if isinstance(t, Var):
            return env[t.name]
        return self.app(t.name, [self.term(a, env) for a in t.args])

    def env_key(self, f: Formula, env: dict) -> tuple:
        return tuple((v, _key(env[v])) for v in sorted(free_vars(f)))

    def encode(self, f: Formula, env: dict, positive: bool = True):
        """f (read with ``positive``) at these instances; ∀ inside is a guarded conjunction."""
        if isinstance(f, Pred):
            atom = self.pred(f.name, [self.term(a, env) for a in f.args])
            return atom if positive else z3.Not(atom)
        if isinstance(f, Eq):
            atom = self.term(f.left, env) == self.term(f.right, env)
            return atom if positive else z3.Not(atom)
        if isinstance(f, Not):
            return self.encode(f.body, env, not positive)
        if isinstance(f, (And, Or)):
            parts = [self.encode(f.left, env, positive), self.encode(f.right, env, positive)]
            return z3.And(*parts) if isinstance(f, And) == positive else z3.Or(*parts)
        if isinstance(f, Implies):
            return self.encode(Or(Not(f.left), f.right), env, positive)
        if isinstance(f, Iff):
            a, b = self.encode(f.left, env, True), self.encode(f.right, env, True)
            na, nb = self.encode(f.left, env, False), self.encode(f.right, env, False)
            if positive:
                return z3.Or(z3.And(a, b), z3.And(na, nb))
            return z3.Or(z3.And(a, nb), z3.And(na, b))
        if isinstance(f, Card):
            return z3.BoolVal((f.op == AT_LEAST) == positive, self.ctx)
        if isinstance(f, Falsum):
            return z3.BoolVal(not positive, self.ctx)
        if isinstance(f, Quant):
            if f.kind == UNIQUE:
                raise ValueError("∃! must be expanded before the search")
            if (f.kind == FORALL) == positive:
                return self._forall(f, env, positive)
            key = (id(f), positive, self.env_key(f, env))
            sk = self._skolems.get(key)
            if sk is None:
                sk = z3.Int(f"sk!{f.var}!{next(self._ids)}", self.ctx)
                self._keep.append(f)
                if self.naturals:
                    self.solver.add(sk >= 0)
                self._skolems[key] = sk
            return self.encode(f.body, {**env, f.var: sk}, positive)
        raise TypeError(f"not a formula: {f!r}")

    def _forall(self, f: Quant, env: dict, positive: bool):
        key = (id(f), positive, self.env_key(f, env))
        hit = self._guards.get(key)
        if hit is not None:
            return hit[0]
        literal = z3.Bool(f"all!{next(self._ids)}", self.ctx)
        self._keep.append(f)
        self._guards[key] = (literal, env)
        values = self._values.setdefault((id(f), positive), list(SEEDS[self.domain]))
        for v in values:
            body = self.encode(f.body, {**env, f.var: self.num(v)}, positive)
            self.solver.add(z3.Implies(literal, body))
        return literal

    def add_value(self, f: Quant, positive: bool, v: int) -> bool:
        """Instantiate the ∀ node ``f`` at v everywhere it occurs; False if it already was."""
        values = self._values.setdefault((id(f), positive), list(SEEDS[self.domain]))
        if v in values:
            return False
        values.append(v)
        for (node, pol, _), (literal, env) in list(self._guards.items()):
            if node == id(f) and pol == positive:
                body = self.encode(f.body, {**env, f.var: self.num(v)}, positive)
                self.solver.add(z3.Implies(literal, body))
        return True

    def near(self, v: int, env: dict, m: z3.ModelRef):
        """A term u + d equal to v in ``m``, u an unknown in ``env``, |d| ≤ NEAR (or None)."""
        best = None
        for e in env.values():
            if z3.is_int_value(e):
                continue
            d = v - m.eval(e, model_completion=True).as_long()
            if abs(d) <= NEAR and (best is None or abs(d) < best[0]):
                best = (abs(d), e + d if d else e)
        return None if best is None else best[1]

    def add_instance(self, f: Quant, positive: bool, env: dict, term) -> bool:
        """Instantiate the ∀ node ``f`` at ``term`` where it occurs with ``env``."""
        hit = self._guards.get((id(f), positive, self.env_key(f, env)))
        if hit is None:
            return False
        literal, env = hit
        done = self._terms.setdefault((literal.get_id(), f.var), set())
        if _key(term) in done:
            return False
        done.add(_key(term))
        self._keep.append(term)
        body = self.encode(f.body, {**env, f.var: term}, positive)
        if self.naturals:
            body = z3.Implies(term >= 0, body)
        self.solver.add(z3.Implies(literal, body))
        return True

    def add_tuple(self, i: int, statement: Formula, values: tuple[int, ...]) -> bool:
        """Statement i at its leading ∀ variables = values; False if already there."""
        seen = self._tuples.setdefault(i, set())
        if values in seen:
            return False
        seen.add(values)
        names, rest, positive = _leading(statement)
        env = {n: self.num(v) for n, v in zip(names, values, strict=True)}
        self.solver.add(self.encode(rest, env, positive))
        return True

    def seed(self, i: int, statement: Formula) -> None:
        names, _, _ = _leading(statement)
        seeds = SEEDS[self.domain]
        tuples = list(itertools.product(seeds, repeat=len(names)))
        if len(tuples) > MAX_SEED_TUPLES:
            tuples = tuples[:MAX_SEED_TUPLES]
        for t in tuples:
            self.add_tuple(i, statement, t)

    def check(self, bound: int | None):
        """sat / unsat / unknown with the definitions' total cost at most ``bound``."""
        if bound is None:
            return self.solver.check()
        literal = self._bounds.get(bound)
        if literal is None:
            literal = z3.Bool(f"cost<={bound}", self.ctx)
            if self.cost:
                self.solver.add(z3.Implies(literal, z3.PbLe(self.cost, bound)))
            self._bounds[bound] = literal
        return self.solver.check(literal)

    def skolem(self, f: Quant, positive: bool, env: dict):
        return self._skolems.get((id(f), positive, self.env_key(f, env)))

    def candidate(self, m: z3.ModelRef, domain: im.Domain) -> im.InfiniteModel:
        defs = [t.definition(m) for t in self.functions.values()]
        defs += [t.definition(m) for t in self.predicates.values()]
        return im.InfiniteModel(domain, tuple(defs))

    def block(self, m: z3.ModelRef) -> None:
        """Rule out exactly this assignment of the parameters (the last resort)."""
        params = [
            p for t in [*self.functions.values(), *self.predicates.values()] for p in t.params
        ]
        if not params:  # nothing to choose: this was the only candidate
            self.solver.add(z3.BoolVal(False, self.ctx))
            return
        self.solver.add(z3.Or(*[p != m.eval(p, model_completion=True) for p in params]))


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
        names, rest, positive = _leading(statement)
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
