"""Which instances a first-order refutation needs (a Herbrand argument, asked of Z3).

A quantified part of a statement is a letter to the propositional search. To
refute, some of those letters must be opened: a ∀ (or ¬∃) at a few terms
(∀E), an ∃ (or ¬∀) at a fresh witness (∃E). Which ones? Ground the problem:

* each quantified part, up to the names of bound variables and negation
  normal form, is one letter q (always in its ∀ form);
* q → ψ(t) for the terms t of a growing universe (the instances ∀E can give),
  and ¬q → ¬ψ(w) for a fresh witness w (what ∃E gives; w joins the universe);
* the universe starts from the problem's ground terms (or one arbitrary
  object) and grows, round by round, with the witnesses and the terms the
  instances mention.

Each such link carries a tracking literal; once the ground problem is
unsatisfiable, its unsat core (shrunk by deletion while time allows) is the
plan: which instances and witnesses the derivation needs. The same ground
problem, with the planned links asserted, answers the search's questions
("does this follow here?") and finds the literals that clash by equality.

Everything here runs in its own ``z3.Context`` with time limits, inside the
caller's killable worker.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from referee.derivation.fitch import key
from referee.derivation.rules import canon
from referee.language import ast
from referee.language.ast import (
    FORALL,
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
)
from referee.logic.normalform import nnf

WITNESS = "%w"  # internal names of witnesses (made readable when printed)
DEFAULT = "%d"  # an arbitrary object, when the problem names none


def is_internal(name: str) -> bool:
    return name.startswith("%")


_QKEYS: dict[str, tuple[Formula, bool]] = {}


def qkey(f: Quant) -> tuple[Formula, bool]:
    """The letter of a quantified formula: its ∀ form (canonical NNF), and whether ``f``
    asserts it (∀x φ, ¬∃x φ) or denies it (∃x φ, ¬∀x φ)."""
    k = key(f)
    found = _QKEYS.get(k)
    if found is None:
        n = nnf(f)
        if isinstance(n, Quant) and n.kind == FORALL:
            found = (canon(n), True)
        else:
            found = (canon(nnf(f, False)), False)
        if len(_QKEYS) > 100_000:
            _QKEYS.clear()
        _QKEYS[k] = found
    return found


def term_names(t: Term) -> set[str]:
    return {s.name for s in ast.subterms(t) if isinstance(s, App)}


def ground_terms(f: Formula) -> Iterable[Term]:
    for sub in ast.subformulas(f):
        for t in ast.atom_terms(sub):
            for s in ast.subterms(t):
                if isinstance(s, App) and not any(isinstance(v, ast.Var) for v in ast.subterms(s)):
                    yield s


def term_depth(t: Term) -> int:
    if isinstance(t, App) and t.args:
        return 1 + max(term_depth(a) for a in t.args)
    return 0


@dataclass
class Plan:
    """The instances a refutation opens: ∀ letter → terms, ∀ letter → its witness."""

    instances: dict[Formula, list[Term]] = field(default_factory=dict)
    witnesses: dict[Formula, str] = field(default_factory=dict)
    default: str | None = None  # an arbitrary object the refutation needs
    links: list = field(default_factory=list)  # z3 constraints of the plan (for the oracle)


class OutOfTime(Exception):
    pass


@dataclass(frozen=True)
class Limits:
    rounds: int = 4  # term levels: the problem's own terms, then one witness/function deeper …
    max_terms: int = 60  # terms tried per letter
    max_links: int = 3000  # tracked instances in all
    max_term_depth: int = 4


class Grounding:
    """The ground problem in one Z3 context: letters, links, checks."""

    def __init__(
        self, deadline: float | None, limits: Limits = Limits(), counter: list[int] | None = None
    ) -> None:
        import z3

        self.z3 = z3
        self.ctx = z3.Context()
        self.sort = z3.DeclareSort("L", self.ctx)
        self.deadline = deadline
        self.limits = limits
        self._funcs: dict[tuple[str, int], object] = {}
        self._preds: dict[tuple[str, int], object] = {}
        self.letters: dict[Formula, object] = {}  # ∀ key -> z3 Bool
        self.reps: dict[Formula, Quant] = {}  # ∀ key -> canonical ∀ formula
        self.polarity: dict[Formula, set[bool]] = {}
        self.witness: dict[Formula, str] = {}
        self.tracks: list[tuple[object, str, Formula, Term | None, object]] = []
        self.done: set[tuple[Formula, Formula | None]] = set()
        self.universe: dict[Term, int] = {}  # term -> round it may be used from
        self._counter = counter if counter is not None else [0]  # shared: names stay unique
        self._seen: list[Formula] = []  # letters met by the last translation
        self._terms: dict[Term, object] = {}
        self._atoms: dict[Formula, object] = {}
        self._pending: list[Formula] = []

    # -- time
    def remaining_ms(self, cap: float = 10.0) -> int:
        if self.deadline is None:
            return int(cap * 1000)
        left = self.deadline - time.monotonic()
        if left <= 0.01:
            raise OutOfTime
        return max(1, int(min(left, cap) * 1000))

    # -- translation
    def term(self, t: Term):
        found = self._terms.get(t)
        if found is None:
            found = self._terms[t] = self._term(t)
        return found

    def _term(self, t: Term):
        z3 = self.z3
        if not isinstance(t, App):
            raise ValueError(f"free variable {t.name} in a ground formula")
        sig = (t.name, len(t.args))
        f = self._funcs.get(sig)
        if f is None:
            if t.args:
                f = z3.Function("f_" + t.name, *([self.sort] * len(t.args)), self.sort)
            else:
                f = z3.Const("c_" + t.name, self.sort)
            self._funcs[sig] = f
        if not t.args:
            return f
        return f(*[self.term(a) for a in t.args])  # type: ignore[operator]

    def formula(self, f: Formula, positive: bool | None = True, note: bool = True):
        """Z3 for a closed formula; quantified parts become letters. With ``note``, each
        letter's polarity (``positive``; None: both) is recorded, so that a denied one
        gets its witness."""
        z3 = self.z3
        if isinstance(f, (Pred, Eq)):
            found = self._atoms.get(f)
            if found is None:
                found = self._atoms[f] = self._atom(f)
            return found
        if isinstance(f, Falsum):
            return z3.BoolVal(False, self.ctx)
        if isinstance(f, Not):
            flip = None if positive is None else not positive
            return z3.Not(self.formula(f.body, flip, note))
        if isinstance(f, And):
            return z3.And(
                self.formula(f.left, positive, note), self.formula(f.right, positive, note)
            )
        if isinstance(f, Or):
            return z3.Or(
                self.formula(f.left, positive, note), self.formula(f.right, positive, note)
            )
        if isinstance(f, Implies):
            flip = None if positive is None else not positive
            return z3.Implies(
                self.formula(f.left, flip, note), self.formula(f.right, positive, note)
            )
        if isinstance(f, Iff):
            return self.formula(f.left, None, note) == self.formula(f.right, None, note)
        if isinstance(f, Quant):
            k, pos = qkey(f)
            letter = self.letter(k)
            self._seen.append(k)
            if note:
                if positive is None:
                    self._note(k, True)
                    self._note(k, False)
                else:
                    self._note(k, positive == pos)
            return letter if pos else z3.Not(letter)
        if isinstance(f, Card):
            k = canon(f)
            letter = self.letters.get(k)
            if letter is None:
                letter = z3.Bool(f"card{len(self.letters)}", self.ctx)
                self.letters[k] = letter
            return letter
        raise TypeError(f"not a formula: {f!r}")  # pragma: no cover

    def _atom(self, f: Formula):
        z3 = self.z3
        if isinstance(f, Eq):
            return self.term(f.left) == self.term(f.right)
        assert isinstance(f, Pred)
        sig = (f.name, len(f.args))
        p = self._preds.get(sig)
        if p is None:
            if f.args:
                p = z3.Function("p_" + f.name, *([self.sort] * len(f.args)), z3.BoolSort(self.ctx))
            else:
                p = z3.Bool("p_" + f.name, self.ctx)
            self._preds[sig] = p
        return p(*[self.term(a) for a in f.args]) if f.args else p  # type: ignore[operator]

    def letter(self, k: Formula):
        found = self.letters.get(k)
        if found is None:
            found = self.z3.Bool(f"q{len(self.letters)}", self.ctx)
            self.letters[k] = found
            assert isinstance(k, Quant)
            self.reps[k] = k
        return found

    def _note(self, k: Formula, asserted: bool) -> None:
        seen = self.polarity.setdefault(k, set())
        if asserted not in seen:
            seen.add(asserted)
            self._pending.append(k)

    # -- links
    def _instance(self, k: Formula, t: Term) -> Formula:
        rep = self.reps[k]
        assert isinstance(rep, Quant)
        return ast.substitute(rep.body, rep.var, t)

    def _track(self, kind: str, k: Formula, t: Term | None, constraint) -> None:
        z3 = self.z3
        lit = z3.Bool(f"t{len(self.tracks)}", self.ctx)
        self.tracks.append((lit, kind, k, t, constraint))

    def _level_of(self, f: Formula) -> int:
        return max((self.universe.get(t, 0) for t in ground_terms(f)), default=-1)

    def _add_terms(self, f: Formula, level: int) -> None:
        for s in ground_terms(f):
            if s not in self.universe and term_depth(s) <= self.limits.max_term_depth:
                self.universe[s] = level

    def _witnesses(self) -> None:
        """A witness for every letter that some formula denies (∃E will open it)."""
        z3 = self.z3
        while self._pending:
            k = self._pending.pop()
            if False not in self.polarity.get(k, set()) or k in self.witness:
                continue
            self._counter[0] += 1
            name = f"{WITNESS}{self._counter[0]}"
            self.witness[k] = name
            w = App(name)
            inst = self._instance(k, w)
            constraint = z3.Implies(z3.Not(self.letters[k]), z3.Not(self.formula(inst, False)))
            self._track("witness", k, None, constraint)
            level = self._level_of(k) + 1
            self.universe.setdefault(w, level)
            self._add_terms(inst, level)

    def _violated(self, model, level: int, limit: int) -> list[tuple[Formula, Term]]:
        """Instances false in ``model`` of ∀ letters true in it, at terms up to ``level``."""
        z3 = self.z3
        out = []
        terms = sorted(
            (t for t, r in self.universe.items() if r <= level),
            key=lambda t: (self.universe[t], term_depth(t), str(t)),
        )[: self.limits.max_terms]
        for k in list(self.polarity):
            if True not in self.polarity[k]:
                continue
            if not z3.is_true(model.eval(self.letters[k], model_completion=True)):
                continue
            for t in terms:
                if (k, t) in self.done:
                    continue
                self.remaining_ms()
                cached = self._cache.get((k, t))
                if cached is None:
                    self._seen = []
                    expr = self.formula(self._instance(k, t), True, False)
                    cached = self._cache[(k, t)] = (expr, tuple(self._seen))
                if self._false_in(model, *cached):
                    out.append((k, t))
                    if len(out) >= limit:
                        return out
        return out

    def _false_in(self, model, expr, letters) -> bool:
        """Is the instance false in the model? Letters no link constrains yet are open:
        false if it is false with them all true, or all false."""
        z3 = self.z3
        fresh = [self.letters[k] for k in letters if k not in self.polarity]
        if not fresh:
            return z3.is_false(model.eval(expr, model_completion=True))
        for value in (True, False):
            v = z3.BoolVal(value, self.ctx)
            e = z3.substitute(expr, *[(q, v) for q in fresh])
            if z3.is_false(model.eval(e, model_completion=True)):
                return True
        return False

    # -- the plan
    def plan(self, formulas: Sequence[Formula], names: Iterable[Term] = ()) -> Plan | None:
        """Instances enough to refute ``formulas`` (closed, without ∃! or |L|), or None.

        Model-guided: while the ground problem has a model, add the instances that
        model violates (of ∀ letters it makes true, at the terms known so far); when
        there are none, allow terms one level deeper."""
        z3 = self.z3
        self._cache: dict[tuple[Formula, Term], object] = {}
        for t in names:
            self.universe.setdefault(t, 0)
        for f in formulas:
            for t in ground_terms(f):
                self.universe.setdefault(t, 0)
        solver = z3.Solver(ctx=self.ctx)
        for f in formulas:
            solver.add(self.formula(f, True))
        self._witnesses()
        if not self.universe:
            self.universe[App(DEFAULT)] = 0
        added = 0
        level = 0
        while True:
            for lit, _, _, _, constraint in self.tracks[added:]:
                solver.add(z3.Implies(lit, constraint))
            added = len(self.tracks)
            solver.set("timeout", self.remaining_ms(3.0))
            lits = [t[0] for t in self.tracks]
            result = solver.check(*lits)
            if result == z3.unsat:
                core = self._shrink(solver, list(solver.unsat_core()))
                if not core:
                    return self._letters_clash()
                return self._make_plan(core)
            if result != z3.sat:
                if self.deadline is not None and time.monotonic() > self.deadline:
                    raise OutOfTime
                return None
            model = solver.model()
            new = self._violated(model, level, 150)
            if not new:
                if level >= self.limits.rounds:
                    return None
                level += 1
                continue
            for k, t in new:
                if len(self.tracks) >= self.limits.max_links:
                    return None
                self.done.add((k, t))
                inst = self._instance(k, t)
                constraint = z3.Implies(self.letters[k], self.formula(inst, True))
                self._track("instance", k, t, constraint)
                self._add_terms(inst, self.universe.get(t, 0) + 1)
            self._witnesses()

    def _shrink(self, solver, core: list) -> list:
        """Drop tracked links while the rest stays unsatisfiable (a share of the time left)."""
        z3 = self.z3
        core = list(core)
        stop = time.monotonic() + 1.0
        if self.deadline is not None:
            stop = min(stop, time.monotonic() + 0.3 * max(0.0, self.deadline - time.monotonic()))
        i = 0
        while i < len(core) and time.monotonic() < stop:
            trial = core[:i] + core[i + 1 :]
            solver.set("timeout", max(1, int(min(0.3, stop - time.monotonic()) * 1000)))
            if solver.check(*trial) == z3.unsat:
                smaller = set(map(str, solver.unsat_core()))
                core = [c for c in trial if str(c) in smaller]
            else:
                i += 1
        return core

    def _letters_clash(self) -> Plan:
        """The plan when the letters alone clash (``∃x φ`` beside ``∀x ¬φ``: one letter,
        asserted and denied): a written derivation cannot cite a letter, so each such letter
        is opened at its witness (∃E) and its ∀ form instantiated there (∀E)."""
        z3 = self.z3
        plan = Plan()
        for k, polarity in self.polarity.items():
            name = self.witness.get(k)
            if name is None or polarity != {True, False}:
                continue
            plan.witnesses[k] = name
            inst = self._instance(k, App(name))
            plan.instances[k] = [App(name)]
            plan.links.append(z3.Implies(self.letters[k], self.formula(inst, True, False)))
            for _lit, kind, k2, _, constraint in self.tracks:
                if kind == "witness" and k2 == k:
                    plan.links.append(constraint)
        return plan

    def _make_plan(self, core: list) -> Plan:
        chosen = {str(c) for c in core}
        plan = Plan()
        needed_witnesses: set[str] = set()
        for lit, kind, k, t, constraint in self.tracks:
            if str(lit) not in chosen:
                continue
            plan.links.append(constraint)
            if kind == "instance":
                assert t is not None
                plan.instances.setdefault(k, []).append(t)
                needed_witnesses |= {n for n in term_names(t) if n.startswith(WITNESS)}
                if DEFAULT in term_names(t):
                    plan.default = DEFAULT
            else:
                plan.witnesses[k] = self.witness[k]
        # a witness an instance mentions is opened even if the clash needs nothing else of it
        by_name = {w: k for k, w in self.witness.items()}
        for name in needed_witnesses:
            k = by_name.get(name)  # None: a witness already in scope (a new plan for a branch)
            if k is not None and k not in plan.witnesses:
                plan.witnesses[k] = name
                for _lit, kind, k2, _, constraint in self.tracks:
                    if kind == "witness" and k2 == k:
                        plan.links.append(constraint)
        for ts in plan.instances.values():
            ts.sort(key=lambda t: (term_depth(t), str(t)))
        return plan


class Oracle:
    """Does a formula follow from the lines at hand, given the planned links?"""

    def __init__(self, grounding: Grounding, plan: Plan) -> None:
        z3 = grounding.z3
        self.g = grounding
        self.solver = z3.Solver(ctx=grounding.ctx)
        for c in plan.links:
            self.solver.add(c)
        self._memo: dict[tuple, bool] = {}

    def entails(self, context: Sequence[Formula], goal: Formula) -> bool:
        z3 = self.g.z3
        k = (tuple(key(f) for f in context), key(goal))
        if k in self._memo:
            return self._memo[k]
        s = self.solver
        s.push()
        try:
            for f in context:
                s.add(self.g.formula(f, True))
            s.add(z3.Not(self.g.formula(goal, True)))
            s.set("timeout", self.g.remaining_ms(0.3))
            answer = s.check() == z3.unsat
        finally:
            s.pop()
        self._memo[k] = answer
        return answer

    def clash(self, literals: Sequence[Formula]) -> list[int] | None:
        """Indices of literals that clash by equality reasoning alone (None: no clash)."""
        z3 = self.g.z3
        s = z3.Solver(ctx=self.g.ctx)
        lits = []
        for i, f in enumerate(literals):
            lit = z3.Bool(f"l{i}", self.g.ctx)
            s.add(z3.Implies(lit, self.g.formula(f, True)))
            lits.append(lit)
        s.set("timeout", self.g.remaining_ms(0.3))
        if s.check(*lits) != z3.unsat:
            return None
        core = {str(c) for c in s.unsat_core()}
        # shrink: fewer cited lines
        order = [i for i in range(len(lits)) if str(lits[i]) in core]
        i = 0
        while i < len(order):
            trial = order[:i] + order[i + 1 :]
            s.set("timeout", self.g.remaining_ms(0.2))
            if s.check(*[lits[j] for j in trial]) == z3.unsat:
                order = trial
            else:
                i += 1
        return order
