"""Bounded model finder: search domain sizes 1, 2, 3, … (Mace4/Paradox style).

For each size k the domain is closed to k named objects (a Z3 enumeration
sort), every quantifier is expanded over them (∀ → ∧, ∃ → ∨, ∃! → exactly
one), and the resulting quantifier-free problem over uninterpreted functions
and predicates goes to Z3, which decides it. Subformulas are grounded once per
assignment of their free variables (a cache), and equalities between objects
are decided before Z3 sees them.

Symmetry breaking (least-number heuristic, as in Paradox): the constants
c1, c2, … are ordered as they first appear; c1 = e0, and ci = e(d) with d > 0
only if some earlier cj = e(d-1). Any model can be renamed to satisfy this.

Each premise sits behind an assumption literal, so an unsat size yields the
premises it needed; the union over sizes is what an exhaustive search used.
Runs inside a worker process; reports progress after every size.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import z3

from referee.language.ast import (
    AT_LEAST,
    EXISTS,
    FORALL,
    UNIQUE,
    And,
    App,
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
    children,
    free_vars,
)
from referee.logic.model import Model
from referee.logic.normalform import conjuncts
from referee.logic.to_z3 import extract


class OutOfTime(Exception):
    pass


_sort_ids = itertools.count()


def _and(parts):
    out = []
    for p in parts:
        if p is True:
            continue
        if p is False:
            return False
        out.append(p)
    if not out:
        return True
    return out[0] if len(out) == 1 else z3.And(*out)


def _or(parts):
    out = []
    for p in parts:
        if p is False:
            continue
        if p is True:
            return True
        out.append(p)
    if not out:
        return False
    return out[0] if len(out) == 1 else z3.Or(*out)


def _not(p):
    if p is True:
        return False
    if p is False:
        return True
    return z3.Not(p)


def _z3(p):
    return z3.BoolVal(p) if isinstance(p, bool) else p


def card_holds(card: Card, k: int) -> bool:
    return k >= card.n if card.op == AT_LEAST else k < card.n


class Grounder:
    """Expands closed formulas over a domain of exactly k objects."""

    def __init__(self, k: int, predicates: dict[str, int], functions: dict[str, int], tick):
        self.k = k
        names = [f"e{i}" for i in range(k)]
        self.sort, self.elems = z3.EnumSort(f"D{k}_{next(_sort_ids)}", names)
        self.index = {e.sexpr(): i for i, e in enumerate(self.elems)}
        self.preds = {
            n: (
                z3.Function(f"p_{n}", *([self.sort] * a), z3.BoolSort()) if a else z3.Bool(f"p_{n}")
            )
            for n, a in predicates.items()
        }
        self.funcs = {
            n: (
                z3.Function(f"f_{n}", *([self.sort] * a), self.sort)
                if a
                else z3.Const(f"f_{n}", self.sort)
            )
            for n, a in functions.items()
        }
        self.predicates, self.functions = predicates, functions
        self.cache: dict = {}
        self.fv: dict[int, tuple[str, ...]] = {}
        self.tick = tick

    def _free(self, f: Formula) -> tuple[str, ...]:
        key = id(f)
        if key not in self.fv:
            self.fv[key] = tuple(sorted(free_vars(f)))
        return self.fv[key]

    def term(self, t: Term, env: dict[str, int]):
        """An int (a known object) or a Z3 term."""
        if isinstance(t, Var):
            return env[t.name]
        fn = self.funcs[t.name]
        if not t.args:
            return fn
        return fn(*[self._obj(self.term(a, env)) for a in t.args])

    def _obj(self, v):
        return self.elems[v] if isinstance(v, int) else v

    def formula(self, f: Formula, env: dict[str, int]):
        if isinstance(f, (Quant, And, Or, Implies, Iff, Not)):
            key = (id(f), tuple(env[v] for v in self._free(f)))
            hit = self.cache.get(key)
            if hit is not None:
                return hit
            out = self._formula(f, env)
            self.cache[key] = out
            return out
        return self._formula(f, env)

    def _formula(self, f: Formula, env: dict[str, int]):
        if isinstance(f, Pred):
            p = self.preds[f.name]
            if not f.args:
                return p
            return p(*[self._obj(self.term(a, env)) for a in f.args])
        if isinstance(f, Eq):
            left, right = self.term(f.left, env), self.term(f.right, env)
            if isinstance(left, int) and isinstance(right, int):
                return left == right
            return self._obj(left) == self._obj(right)
        if isinstance(f, Not):
            return _not(self.formula(f.body, env))
        if isinstance(f, And):
            return _and([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, Or):
            return _or([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, Implies):
            return _or([_not(self.formula(f.left, env)), self.formula(f.right, env)])
        if isinstance(f, Iff):
            left, right = self.formula(f.left, env), self.formula(f.right, env)
            if isinstance(left, bool) and isinstance(right, bool):
                return left == right
            if isinstance(left, bool):
                return right if left else _not(right)
            if isinstance(right, bool):
                return left if right else _not(left)
            return left == right
        if isinstance(f, Falsum):
            return False
        if isinstance(f, Card):
            return card_holds(f, self.k)
        if isinstance(f, Quant):
            self.tick()
            parts = [self.formula(f.body, {**env, f.var: i}) for i in range(self.k)]
            if f.kind == FORALL:
                return _and(parts)
            if f.kind == EXISTS:
                return _or(parts)
            if f.kind == UNIQUE:
                at_most_one = [
                    _not(_and([parts[i], parts[j]]))
                    for i in range(self.k)
                    for j in range(i + 1, self.k)
                ]
                return _and([_or(parts), *at_most_one])
        raise TypeError(f"not a formula: {f!r}")

    def symmetry_breaking(self, constants: list[str]) -> list:
        """Least-number ordering of the constants (sound: any model can be renamed)."""
        out = []
        e = self.elems
        for i, name in enumerate(constants):
            c = self.funcs[name]
            top = min(i, self.k - 1)
            if top < self.k - 1:
                out.append(z3.Or(*[c == e[d] for d in range(top + 1)]))
            for d in range(1, top + 1):
                earlier = [self.funcs[constants[j]] == e[d - 1] for j in range(i)]
                out.append(z3.Implies(c == e[d], z3.Or(*earlier)))
        return out

    def model(self, m: z3.ModelRef) -> Model:
        return extract(
            m,
            list(self.elems),
            self.index,
            self.preds_for_extract(),
            self.funcs_for_extract(),
            self.predicates,
            self.functions,
        )

    # extract() applies symbols uniformly; wrap the nullary ones.
    def preds_for_extract(self):
        return {
            n: (lambda *a, _p=p: _p) if self.predicates[n] == 0 else p
            for n, p in self.preds.items()
        }

    def funcs_for_extract(self):
        return {
            n: (lambda *a, _f=f: _f) if self.functions[n] == 0 else f for n, f in self.funcs.items()
        }


def _constants_in_order(formulas: list[Formula], functions: dict[str, int]) -> list[str]:
    seen: list[str] = []

    def term(t: Term) -> None:
        if isinstance(t, App):
            if not t.args and t.name not in seen:
                seen.append(t.name)
            for a in t.args:
                term(a)

    def walk(f: Formula) -> None:
        if isinstance(f, Pred):
            for a in f.args:
                term(a)
        elif isinstance(f, Eq):
            term(f.left)
            term(f.right)
        for c in children(f):
            walk(c)

    for f in formulas:
        walk(f)
    return [c for c in seen if functions.get(c) == 0]


def find_model(
    premises: list[Formula],
    negated_goal: Formula | None,
    predicates: dict[str, int],
    functions: dict[str, int],
    deadline: float,
    max_size: int | None = None,
    progress: Callable[[int, list[int]], None] = lambda k, core: None,
    cancelled: Callable[[], bool] = lambda: False,
    symmetry: bool = True,
) -> dict:
    """Search sizes 1 … max_size (None: until the deadline) for a model of premises ∧ ¬goal.

    Returns {"status": "model", "model", "size"} or {"status": "exhausted",
    "size": max_size, "core": [...]} or {"status": "gave_up", "size": largest
    size fully checked, "core": [...]}.
    """
    start = time.monotonic()
    everything = list(premises) + ([negated_goal] if negated_goal is not None else [])
    constants = _constants_in_order(everything, functions) if symmetry else []
    core_union: set[int] = set()
    checked = 0
    top_cards = [[c for c in conjuncts(p) if isinstance(c, Card)] for p in premises]
    goal_cards = [c for c in conjuncts(negated_goal) if isinstance(c, Card)] if negated_goal else []

    def tick() -> None:
        if time.monotonic() > deadline or cancelled():
            raise OutOfTime

    k = 0
    try:
        while max_size is None or k < max_size:
            k += 1
            tick()
            # Sizes a top-level |L| ≥ n / |L| < n rules out need no solver.
            if any(not card_holds(c, k) for c in goal_cards):
                checked = k
                progress(k, [])
                continue
            killer = next(
                (
                    i
                    for i, cards in enumerate(top_cards)
                    if any(not card_holds(c, k) for c in cards)
                ),
                None,
            )
            if killer is not None:
                core_union.add(killer)
                checked = k
                progress(k, [killer])
                continue
            g = Grounder(k, predicates, functions, tick)
            solver = z3.Solver()
            literals = []
            trivially_false: int | None = None
            for i, p in enumerate(premises):
                ground = g.formula(p, {})
                if ground is True:
                    continue
                lit = z3.Bool(f"premise!{i}")
                literals.append((lit, i))
                if ground is False:
                    trivially_false = i
                    break
                solver.add(z3.Implies(lit, ground))
            if trivially_false is not None:
                core_union.add(trivially_false)
                checked = k
                progress(k, [trivially_false])
                continue
            goal_false = False
            if negated_goal is not None:
                ground = g.formula(negated_goal, {})
                if ground is False:
                    goal_false = True
                elif ground is not True:
                    solver.add(ground)
            if goal_false:
                checked = k
                progress(k, [])
                continue
            for c in g.symmetry_breaking(constants):
                solver.add(c)
            tick()
            remaining = deadline - time.monotonic()
            solver.set("timeout", max(1, int(remaining * 1000)))
            result = solver.check(*[lit for lit, _ in literals])
            if result == z3.sat:
                return {
                    "status": "model",
                    "model": g.model(solver.model()),
                    "size": k,
                    "seconds": time.monotonic() - start,
                }
            if result == z3.unsat:
                names = {str(lit): i for lit, i in literals}
                core = sorted(names[str(c)] for c in solver.unsat_core())
                core_union.update(core)
                checked = k
                progress(k, core)
                continue
            raise OutOfTime
    except OutOfTime:
        return {
            "status": "gave_up",
            "size": checked,
            "core": sorted(core_union),
            "seconds": time.monotonic() - start,
        }
    except z3.Z3Exception as exc:
        if "canceled" in str(exc) or cancelled():
            return {
                "status": "gave_up",
                "size": checked,
                "core": sorted(core_union),
                "seconds": time.monotonic() - start,
            }
        raise
    return {
        "status": "exhausted",
        "size": checked,
        "core": sorted(core_union),
        "seconds": time.monotonic() - start,
    }
