"""Presburger arithmetic decided by Cooper's quantifier elimination, in plain Python.

The second opinion on infinite models (``referee.logic.infinite_check``), as
``referee.logic.evaluate`` is on finite ones: it imports no solver and shares
nothing with the search, which uses Z3. It runs in the referee's own process,
so it takes a deadline and gives up (PresburgerTimeout) rather than hang.

Formulas are over the integers: atoms ``Σ cᵢ·xᵢ + k ≤ 0``, ``… = 0`` and
``d | Σ cᵢ·xᵢ + k`` (or its negation), with ∧, ∨, ¬, ∃, ∀. ``decide`` removes
the quantifiers innermost first (∀x φ is ¬∃x ¬φ) and evaluates what is left.

Cooper (1972), as in Harrison, *Handbook of Practical Logic and Automated
Reasoning*, §5.7: for ∃x φ with φ quantifier-free in negation normal form,
scale every atom so x has coefficient ±1 (x then stands for l·x, so l | x is
added), let δ be the lcm of the divisors of the divisibility atoms on x and
B the strict lower bounds of x (x > b); then

    ∃x φ  ⇔  ⋁_{j=1..δ} φ₋∞[j]  ∨  ⋁_{b∈B} ⋁_{j=1..δ} φ[b + j]

where φ₋∞ is φ with every upper bound on x made true and every lower bound
(and equation) false. Symmetrically with the upper bounds A and φ₊∞, used
when A is the smaller set.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction

Var = str


class PresburgerTimeout(Exception):
    """The deadline passed before the sentence was decided (it is neither true nor false)."""


class PresburgerError(ValueError):
    """Not a sentence (free variables), or not a formula of this module."""


# ----------------------------------------------------------- linear terms


class Lin:
    """Σ cᵢ·xᵢ + const with integer or rational coefficients (immutable by convention)."""

    __slots__ = ("coeffs", "const")

    def __init__(self, coeffs: dict[Var, int | Fraction] | None = None, const=0):
        self.coeffs = {v: c for v, c in (coeffs or {}).items() if c != 0}
        self.const = const

    @staticmethod
    def var(name: Var) -> Lin:
        return Lin({name: 1})

    @staticmethod
    def num(value: int | Fraction) -> Lin:
        return Lin({}, value)

    def __add__(self, other: Lin) -> Lin:
        coeffs = dict(self.coeffs)
        for v, c in other.coeffs.items():
            coeffs[v] = coeffs.get(v, 0) + c
        return Lin(coeffs, self.const + other.const)

    def __sub__(self, other: Lin) -> Lin:
        return self + other.scale(-1)

    def __neg__(self) -> Lin:
        return self.scale(-1)

    def scale(self, k: int | Fraction) -> Lin:
        return Lin({v: c * k for v, c in self.coeffs.items()}, self.const * k)

    def plus(self, k: int | Fraction) -> Lin:
        return Lin(self.coeffs, self.const + k)

    def without(self, v: Var) -> Lin:
        return Lin({u: c for u, c in self.coeffs.items() if u != v}, self.const)

    def substitute(self, v: Var, value: Lin) -> Lin:
        c = self.coeffs.get(v, 0)
        if not c:
            return self
        return self.without(v) + value.scale(c)

    def denominator(self) -> int:
        d = 1
        for c in [*self.coeffs.values(), self.const]:
            if isinstance(c, Fraction):
                d = math.lcm(d, c.denominator)
        return d

    def integral(self) -> tuple[tuple[tuple[Var, int], ...], int, int]:
        """(sorted integer coefficients, integer constant, the positive factor used)."""
        s = self.denominator()
        coeffs = tuple(sorted((v, int(c * s)) for v, c in self.coeffs.items()))
        return coeffs, int(self.const * s), s

    def __repr__(self) -> str:
        parts = [f"{c}·{v}" for v, c in sorted(self.coeffs.items())]
        return " + ".join([*parts, str(self.const)])


def _lin(coeffs: tuple[tuple[Var, int], ...], const: int) -> Lin:
    return Lin(dict(coeffs), const)


# ---------------------------------------------------------------- formulas


@dataclass(frozen=True)
class Bool:
    value: bool


TRUE, FALSE = Bool(True), Bool(False)


@dataclass(frozen=True)
class Le:
    """Σ coeffs + const ≤ 0 (coefficients coprime)."""

    coeffs: tuple[tuple[Var, int], ...]
    const: int


@dataclass(frozen=True)
class Eq:
    """Σ coeffs + const = 0 (coefficients coprime, the first one positive)."""

    coeffs: tuple[tuple[Var, int], ...]
    const: int


@dataclass(frozen=True)
class Dvd:
    """d | Σ coeffs + const when ``holds``, else its negation (d ≥ 2)."""

    d: int
    coeffs: tuple[tuple[Var, int], ...]
    const: int
    holds: bool = True


@dataclass(frozen=True)
class Conj:
    parts: tuple


@dataclass(frozen=True)
class Disj:
    parts: tuple


@dataclass(frozen=True)
class Not:
    body: object


@dataclass(frozen=True)
class Exists:
    var: Var
    body: object


@dataclass(frozen=True)
class Forall:
    var: Var
    body: object


Atom = Le | Eq | Dvd


# ------------------------------------------------------- smart constructors


def le(lin: Lin):
    """lin ≤ 0, normalised (a ground atom becomes TRUE or FALSE)."""
    coeffs, const, _ = lin.integral()
    if not coeffs:
        return Bool(const <= 0)
    g = math.gcd(*(c for _, c in coeffs))
    if g > 1:
        coeffs = tuple((v, c // g) for v, c in coeffs)
        const = -((-const) // g)  # ceil(const / g)
    return Le(coeffs, const)


def lt(a: Lin, b: Lin):
    """a < b, that is a - b + 1 ≤ 0 over the integers."""
    return le((a - b).plus(1))


def eq(lin: Lin):
    """lin = 0, normalised."""
    coeffs, const, _ = lin.integral()
    if not coeffs:
        return Bool(const == 0)
    g = math.gcd(*(c for _, c in coeffs))
    if const % g:
        return FALSE
    if coeffs[0][1] < 0:
        g = -g
    return Eq(tuple((v, c // g) for v, c in coeffs), const // g)


def dvd(d: int, lin: Lin, holds: bool = True):
    """d | lin (or not), normalised; coefficients kept in (-d/2, d/2] so ±1 stays ±1."""
    if d < 1:
        raise PresburgerError(f"a divisor must be positive, not {d}")
    coeffs, const, s = lin.integral()
    d = d * s

    def residue(c: int) -> int:
        r = c % d
        return r - d if r > d // 2 else r

    coeffs = tuple((v, residue(c)) for v, c in coeffs if c % d)
    const = const % d
    if not coeffs:
        return Bool((const == 0) == holds)
    g = math.gcd(d, const, *(c for _, c in coeffs))
    if g > 1:
        d, const = d // g, const // g
        coeffs = tuple((v, c // g) for v, c in coeffs)
    if d == 1:
        return Bool(holds)
    return Dvd(d, coeffs, const, holds)


def conj(*parts):
    out: list = []
    seen: set = set()
    bounds: dict[tuple, int] = {}  # Le coefficients -> the tightest constant
    for p in _flatten(parts, Conj):
        if p == FALSE:
            return FALSE
        if p == TRUE or p in seen:
            continue
        if isinstance(p, Le):
            known = bounds.get(p.coeffs)
            if known is not None and known >= p.const:
                continue
            bounds[p.coeffs] = p.const
            opposite = bounds.get(tuple((v, -c) for v, c in p.coeffs))
            if opposite is not None and opposite + p.const > 0:
                return FALSE  # l ≤ -k₁ and l ≥ k₂ with k₂ > -k₁
        seen.add(p)
        out.append(p)
    out = [p for p in out if not (isinstance(p, Le) and bounds[p.coeffs] != p.const)]
    if not out:
        return TRUE
    return out[0] if len(out) == 1 else Conj(tuple(out))


def disj(*parts):
    out: list = []
    seen: set = set()
    bounds: dict[tuple, int] = {}  # Le coefficients -> the weakest constant
    for p in _flatten(parts, Disj):
        if p == TRUE:
            return TRUE
        if p == FALSE or p in seen:
            continue
        if isinstance(p, Le):
            known = bounds.get(p.coeffs)
            if known is not None and known <= p.const:
                continue
            bounds[p.coeffs] = p.const
            opposite = bounds.get(tuple((v, -c) for v, c in p.coeffs))
            if opposite is not None and opposite + p.const <= 1:
                return TRUE  # l ≤ -k₁ or l ≥ k₂ with k₂ ≤ -k₁ + 1
        seen.add(p)
        out.append(p)
    out = [p for p in out if not (isinstance(p, Le) and bounds[p.coeffs] != p.const)]
    if not out:
        return FALSE
    return out[0] if len(out) == 1 else Disj(tuple(out))


def _flatten(parts, kind):
    for p in parts:
        if isinstance(p, kind):
            yield from p.parts
        else:
            yield p


def neg(f):
    return Not(f)


def exists(var: Var, body):
    return Exists(var, body)


def forall(var: Var, body):
    return Forall(var, body)


# ------------------------------------------------------------- elimination


class _Clock:
    __slots__ = ("deadline", "steps")

    def __init__(self, deadline: float | None):
        self.deadline = deadline
        self.steps = 0

    def tick(self) -> None:
        self.steps += 1
        if self.deadline is not None and self.steps % 256 == 1:  # the first step, then every 256
            if time.monotonic() > self.deadline:
                raise PresburgerTimeout("the Presburger check ran out of time")


def decide(sentence, deadline: float | None = None) -> bool:
    """The truth value of a closed formula (raises PresburgerTimeout past ``deadline``)."""
    result = eliminate(sentence, deadline)
    if not isinstance(result, Bool):
        raise PresburgerError(f"not a sentence: free variables remain in {result!r}")
    return result.value


def eliminate(formula, deadline: float | None = None):
    """A quantifier-free formula equivalent to ``formula`` (in negation normal form)."""
    return _qe(formula, _Clock(deadline))


def _qe(f, clock: _Clock):
    clock.tick()
    if isinstance(f, (Bool, Le, Eq, Dvd)):
        return f
    if isinstance(f, Not):
        return _negate(_qe(f.body, clock))
    if isinstance(f, Conj):
        return conj(*(_qe(p, clock) for p in f.parts))
    if isinstance(f, Disj):
        return disj(*(_qe(p, clock) for p in f.parts))
    if isinstance(f, Exists):
        return _exists(f.var, _qe(f.body, clock), clock)
    if isinstance(f, Forall):
        return _negate(_exists(f.var, _negate(_qe(f.body, clock)), clock))
    raise PresburgerError(f"not a Presburger formula: {f!r}")


def _negate(f):
    """¬f for a quantifier-free f in negation normal form, again in that form."""
    if isinstance(f, Bool):
        return Bool(not f.value)
    if isinstance(f, Le):
        return le(_lin(f.coeffs, f.const).scale(-1).plus(1))
    if isinstance(f, Eq):
        lin = _lin(f.coeffs, f.const)
        return disj(le(lin.plus(1)), le(lin.scale(-1).plus(1)))
    if isinstance(f, Dvd):
        return Dvd(f.d, f.coeffs, f.const, not f.holds)
    if isinstance(f, Conj):
        return disj(*(_negate(p) for p in f.parts))
    if isinstance(f, Disj):
        return conj(*(_negate(p) for p in f.parts))
    raise PresburgerError(f"not quantifier-free: {f!r}")


def _coeff(atom: Atom, x: Var) -> int:
    for v, c in atom.coeffs:
        if v == x:
            return c
    return 0


def _atoms(f):
    if isinstance(f, (Conj, Disj)):
        for p in f.parts:
            yield from _atoms(p)
    elif isinstance(f, (Le, Eq, Dvd)):
        yield f


def _mentions(f, x: Var) -> bool:
    return any(_coeff(a, x) for a in _atoms(f))


def _map(f, fn):
    """Rebuild ``f`` with every atom replaced by ``fn(atom)``."""
    if isinstance(f, Conj):
        return conj(*(_map(p, fn) for p in f.parts))
    if isinstance(f, Disj):
        return disj(*(_map(p, fn) for p in f.parts))
    if isinstance(f, (Le, Eq, Dvd)):
        return fn(f)
    return f


def _rebuild(atom: Atom, lin: Lin):
    if isinstance(atom, Le):
        return le(lin)
    if isinstance(atom, Eq):
        return eq(lin)
    return dvd(atom.d, lin, atom.holds)


def _substitute(f, x: Var, value: Lin, clock: _Clock):
    def fn(atom):
        clock.tick()
        if not _coeff(atom, x):
            return atom
        return _rebuild(atom, _lin(atom.coeffs, atom.const).substitute(x, value))

    return _map(f, fn)


def _exists(x: Var, phi, clock: _Clock):
    """A quantifier-free equivalent of ∃x phi (phi quantifier-free, in NNF)."""
    clock.tick()
    if isinstance(phi, Disj):
        return disj(*(_exists(x, p, clock) for p in phi.parts))
    if not _mentions(phi, x):
        return phi
    if isinstance(phi, Conj):
        outside = [p for p in phi.parts if not _mentions(p, x)]
        if outside:
            inside = [p for p in phi.parts if _mentions(p, x)]
            return conj(*outside, _exists(x, conj(*inside), clock))

    # Make every coefficient of x ±1: x now stands for l·x.
    l = 1
    for a in _atoms(phi):
        c = _coeff(a, x)
        if c:
            l = math.lcm(l, abs(c))

    def unit(atom):
        c = _coeff(atom, x)
        if not c:
            return atom
        m = l // abs(c)
        lin = _lin(atom.coeffs, atom.const).scale(m)
        lin.coeffs[x] = 1 if c > 0 else -1  # (l·x) becomes x
        if isinstance(atom, Dvd):
            return dvd(atom.d * m, lin, atom.holds)
        return _rebuild(atom, lin)

    phi = _map(phi, unit)
    if l > 1:
        phi = conj(phi, dvd(l, Lin.var(x)))

    # An equation x = t among the top-level conjuncts: substitute it.
    for p in phi.parts if isinstance(phi, Conj) else (phi,):
        if isinstance(p, Eq) and abs(_coeff(p, x)) == 1:
            c = _coeff(p, x)
            t = _lin(p.coeffs, p.const).without(x)
            return _substitute(phi, x, t.scale(-c), clock)  # c·x + t = 0 ⇒ x = -c·t

    lower: dict[tuple, Lin] = {}  # b with b < x
    upper: dict[tuple, Lin] = {}  # a with x < a
    delta = 1
    for a in _atoms(phi):
        c = _coeff(a, x)
        if not c:
            continue
        t = _lin(a.coeffs, a.const).without(x)
        if isinstance(a, Dvd):
            delta = math.lcm(delta, a.d)
            continue
        if isinstance(a, Le):
            if c > 0:  # x + t ≤ 0: x < -t + 1
                _add(upper, t.scale(-1).plus(1))
            else:  # -x + t ≤ 0: x > t - 1
                _add(lower, t.plus(-1))
        else:  # c·x + t = 0: x = -c·t
            value = t.scale(-c)
            _add(lower, value.plus(-1))
            _add(upper, value.plus(1))

    use_lower = len(lower) <= len(upper)

    def infinity(atom):
        c = _coeff(atom, x)
        if not c or isinstance(atom, Dvd):
            return atom
        if isinstance(atom, Eq):
            return FALSE
        # toward -∞ upper bounds (c > 0) hold and lower bounds fail; toward +∞ the reverse
        return Bool((c > 0) == use_lower)

    far = _map(phi, infinity)
    out = []
    for j in range(1, delta + 1):
        out.append(_substitute(far, x, Lin.num(j if use_lower else -j), clock))
        for bound in (lower if use_lower else upper).values():
            out.append(_substitute(phi, x, bound.plus(j if use_lower else -j), clock))
    return disj(*out)


def _add(bounds: dict[tuple, Lin], lin: Lin) -> None:
    coeffs, const, _ = lin.integral()
    bounds[(coeffs, const)] = lin


# ------------------------------------------------------------- evaluation


def holds(f, values: dict[Var, int]) -> bool:
    """Truth of a quantifier-free formula under an assignment (for tests and witnesses)."""
    if isinstance(f, Bool):
        return f.value

    def value(atom) -> int:
        return sum(c * values[v] for v, c in atom.coeffs) + atom.const

    if isinstance(f, Le):
        return value(f) <= 0
    if isinstance(f, Eq):
        return value(f) == 0
    if isinstance(f, Dvd):
        return (value(f) % f.d == 0) == f.holds
    if isinstance(f, Conj):
        return all(holds(p, values) for p in f.parts)
    if isinstance(f, Disj):
        return any(holds(p, values) for p in f.parts)
    if isinstance(f, Not):
        return not holds(f.body, values)
    raise PresburgerError(f"not quantifier-free: {f!r}")
