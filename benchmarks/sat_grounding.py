"""Measurement only: would grounding into SAT clauses (CaDiCaL) beat grounding into Z3 terms?

    .venv/bin/pip install python-sat
    .venv/bin/python benchmarks/sat_grounding.py --grown 15 --question grown-20061123-1/redundant-4

For one question and each domain size k, this builds the size-k problem two
ways and solves it:

* Z3: ``referee.logic.finder.SizeProblem`` (what the finder does today:
  Z3 terms over an enumeration sort, symmetry breaking, one check);
* SAT: a prototype grounder below: predicate atoms and function graphs
  (exactly one value per argument tuple) as variables, every subformula
  instance a Tseitin variable, nested terms through value literals, the same
  least-number symmetry breaking on constants; solved by CaDiCaL 1.9.5.

It is a prototype to measure with, not a finder: models are not read back,
and cores are not computed. Both answers are printed, so a disagreement
would show.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

import boardgen  # noqa: E402
import grow  # noqa: E402
import z3  # noqa: E402
from pysat.solvers import Solver  # noqa: E402
from racers import prepare  # noqa: E402

from referee.language import ast  # noqa: E402
from referee.logic.finder import SizeProblem, _constants_in_order  # noqa: E402
from referee.logic.normalform import conjuncts  # noqa: E402


def _term_vars(t) -> set[str]:
    if isinstance(t, ast.Var):
        return {t.name}
    out: set[str] = set()
    for a in t.args:
        out |= _term_vars(a)
    return out


class CNF:
    def __init__(self, k: int) -> None:
        self.k = k
        self.clauses: list[list[int]] = []
        self.next = 1
        self.atoms: dict = {}
        self.cache: dict = {}

    def var(self) -> int:
        v = self.next
        self.next += 1
        return v

    def atom(self, key) -> int:
        v = self.atoms.get(key)
        if v is None:
            v = self.atoms[key] = self.var()
        return v

    # connectives over literals or Python booleans
    def conj(self, parts):
        lits = []
        for p in parts:
            if p is False:
                return False
            if p is not True:
                lits.append(p)
        if not lits:
            return True
        if len(lits) == 1:
            return lits[0]
        a = self.var()
        for x in lits:
            self.clauses.append([-a, x])
        self.clauses.append([a, *[-x for x in lits]])
        return a

    def disj(self, parts):
        lits = []
        for p in parts:
            if p is True:
                return True
            if p is not False:
                lits.append(p)
        if not lits:
            return False
        if len(lits) == 1:
            return lits[0]
        a = self.var()
        for x in lits:
            self.clauses.append([a, -x])
        self.clauses.append([-a, *lits])
        return a

    @staticmethod
    def neg(p):
        return (not p) if isinstance(p, bool) else -p

    def iff(self, p, q):
        if isinstance(p, bool):
            return q if p else self.neg(q)
        if isinstance(q, bool):
            return p if q else self.neg(p)
        a = self.var()
        self.clauses += [[-a, -p, q], [-a, p, -q], [a, p, q], [a, -p, -q]]
        return a


class Grounder:
    def __init__(self, k: int, functions: dict[str, int]) -> None:
        self.k = k
        self.cnf = CNF(k)
        self.functions = functions
        self.free: dict[int, tuple[str, ...]] = {}
        for name, arity in functions.items():
            for args in itertools.product(range(k), repeat=arity):
                lits = [self.cnf.atom(("f", name, args, v)) for v in range(k)]
                self.cnf.clauses.append(lits)
                for a, b in itertools.combinations(lits, 2):
                    self.cnf.clauses.append([-a, -b])

    def _key(self, node, env):
        names = self.free.get(id(node))
        if names is None:
            if isinstance(node, (ast.Var, ast.App)):
                names = tuple(sorted(_term_vars(node)))
            else:
                names = tuple(sorted(ast.free_vars(node)))
            self.free[id(node)] = names
        return (id(node), tuple(env[v] for v in names))

    def value(self, t, env):
        """An int (known element) or a list: literal "t = e" for each element e."""
        if isinstance(t, ast.Var):
            return env[t.name]
        key = self._key(t, env)
        hit = self.cnf.cache.get(key)
        if hit is not None:
            return hit
        args = [self.value(a, env) for a in t.args]
        if all(isinstance(a, int) for a in args):
            out = [self.cnf.atom(("f", t.name, tuple(args), v)) for v in range(self.k)]
        else:
            choices = [range(self.k) if not isinstance(a, int) else (a,) for a in args]
            out = []
            for v in range(self.k):
                ways = []
                for combo in itertools.product(*choices):
                    parts = [self.cnf.atom(("f", t.name, combo, v))]
                    for a, e in zip(args, combo, strict=True):
                        if not isinstance(a, int):
                            parts.append(a[e])
                    ways.append(self.cnf.conj(parts))
                out.append(self.cnf.disj(ways))
        self.cnf.cache[key] = out
        return out

    def formula(self, f, env):
        if isinstance(f, (ast.Quant, ast.And, ast.Or, ast.Implies, ast.Iff, ast.Not)):
            key = self._key(f, env)
            hit = self.cnf.cache.get(key)
            if hit is None:
                hit = self.cnf.cache[key] = self._formula(f, env)
            return hit
        return self._formula(f, env)

    def _formula(self, f, env):
        c = self.cnf
        if isinstance(f, ast.Pred):
            args = [self.value(a, env) for a in f.args]
            if all(isinstance(a, int) for a in args):
                return c.atom(("p", f.name, tuple(args)))
            choices = [range(self.k) if not isinstance(a, int) else (a,) for a in args]
            ways = []
            for combo in itertools.product(*choices):
                parts = [c.atom(("p", f.name, combo))]
                parts += [a[e] for a, e in zip(args, combo, strict=True) if not isinstance(a, int)]
                ways.append(c.conj(parts))
            return c.disj(ways)
        if isinstance(f, ast.Eq):
            left, right = self.value(f.left, env), self.value(f.right, env)
            if isinstance(left, int) and isinstance(right, int):
                return left == right
            if isinstance(left, int):
                return right[left]
            if isinstance(right, int):
                return left[right]
            return c.disj([c.conj([left[v], right[v]]) for v in range(self.k)])
        if isinstance(f, ast.Not):
            return c.neg(self.formula(f.body, env))
        if isinstance(f, ast.And):
            return c.conj([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, ast.Or):
            return c.disj([self.formula(f.left, env), self.formula(f.right, env)])
        if isinstance(f, ast.Implies):
            return c.disj([c.neg(self.formula(f.left, env)), self.formula(f.right, env)])
        if isinstance(f, ast.Iff):
            return c.iff(self.formula(f.left, env), self.formula(f.right, env))
        if isinstance(f, ast.Falsum):
            return False
        if isinstance(f, ast.Card):
            return self.k >= f.n if f.op == ast.AT_LEAST else self.k < f.n
        if isinstance(f, ast.Quant):
            parts = [self.formula(f.body, {**env, f.var: i}) for i in range(self.k)]
            if f.kind == ast.FORALL:
                return c.conj(parts)
            if f.kind == ast.EXISTS:
                return c.disj(parts)
        raise TypeError(f"not handled: {f!r}")

    def symmetry(self, constants: list[str]) -> None:
        k = self.k
        for i, name in enumerate(constants):
            top = min(i, k - 1)
            lit = [self.cnf.atom(("f", name, (), d)) for d in range(k)]
            if top < k - 1:
                self.cnf.clauses.append(lit[: top + 1])
            for d in range(1, top + 1):
                earlier = [self.cnf.atom(("f", constants[j], (), d - 1)) for j in range(i)]
                self.cnf.clauses.append([-lit[d], *earlier])


def sat_size(k, prepared, negated, functions, constants):
    start = time.perf_counter()
    g = Grounder(k, functions)
    trivially_false = False
    for f in [*prepared, *([negated] if negated is not None else [])]:
        lit = g.formula(f, {})  # every premise is ground, as the finder grounds them
        if lit is False:
            trivially_false = True
        elif lit is not True:
            g.cnf.clauses.append([lit])
    if trivially_false:
        return "unsat (a premise is false)", time.perf_counter() - start, 0.0, len(g.cnf.clauses)
    g.symmetry(constants)
    built = time.perf_counter() - start
    start = time.perf_counter()
    with Solver(name="cadical195", bootstrap_with=g.cnf.clauses) as s:
        answer = "sat" if s.solve() else "unsat"
    return answer, built, time.perf_counter() - start, len(g.cnf.clauses)


def z3_size(k, prepared, negated, predicates, functions, constants):
    start = time.perf_counter()
    ctx = z3.Context()
    top_cards = [[c for c in conjuncts(p) if isinstance(c, ast.Card)] for p in prepared]
    goal_cards = [c for c in conjuncts(negated) if isinstance(c, ast.Card)] if negated else []
    sp = SizeProblem(
        k,
        prepared,
        negated,
        top_cards,
        goal_cards,
        (predicates, functions),
        lambda: None,
        ctx,
    )
    if sp.solver is not None:
        for c in sp.grounder.symmetry_breaking(constants):
            sp.solver.add(c)
    built = time.perf_counter() - start
    start = time.perf_counter()
    result = sp.check(list(range(len(prepared))), time.monotonic() + 60)
    answer = "sat" if result == "sat" else ("unsat" if isinstance(result, list) else "unknown")
    return answer, built, time.perf_counter() - start


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--grown", type=int, default=15)
    ap.add_argument("--grown-seed", type=int, default=20061123)
    ap.add_argument("--boards", type=int, default=0)
    ap.add_argument("--seed", type=int, default=20061122)
    ap.add_argument("--question", action="append", required=True)
    ap.add_argument("--max-size", type=int, default=6)
    args = ap.parse_args(argv)
    questions = {}
    if args.grown:
        boards, _ = grow.grow_boards(args.grown, args.grown_seed)
        for b in boards:
            questions.update({q.id: q for q in grow.questions(b)})
    if args.boards:
        _, qs = boardgen.generate_questions(args.boards, seed=args.seed)
        questions.update({q.id: q for q in qs})
    for qid in args.question:
        q = questions[qid]
        prepared, negated, predicates, functions = prepare(q.premises, q.goals)
        everything = prepared + ([negated] if negated is not None else [])
        constants = _constants_in_order(everything, functions)
        print(f"\n{qid}: {len(prepared)} premises, functions {functions}")
        print(
            "| k | Z3 terms: build s | Z3: solve s | SAT: build s | CaDiCaL s | clauses | answers |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for k in range(1, args.max_size + 1):
            za, zb, zs = z3_size(k, prepared, negated, predicates, functions, constants)
            sa, sb, ss, n = sat_size(k, prepared, negated, functions, constants)
            print(f"| {k} | {zb:.3f} | {zs:.3f} | {sb:.3f} | {ss:.3f} | {n} | {za} / {sa} |")
            if za == "sat":
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
