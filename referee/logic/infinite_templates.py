"""Templates for definitions over ℕ and ℤ, in families that grow in levels.

Each symbol is given a *template*, a small arithmetic definition with unknown
integer parameters (father(n) = α·n + β; smarter(a, b) when α·a + γ·b + β ≥ 0,
= 0, ≠ 0 or is even; …), in families of growing levels (coefficients −1…1 with
one comparison per relation; then −2…2 with max, min, ⌊·/2⌋, parity and two
comparisons; then −3…3). Fixed parameters read back as canonical definitions
(:mod:`referee.logic.infinite_model`), the text players see. The search that
uses them: :mod:`referee.logic.infinite`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import z3

from referee.logic import infinite_model as im

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
