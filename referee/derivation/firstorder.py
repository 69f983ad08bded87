"""First-order derivations: the propositional search, opening quantifiers as planned.

The shape is the one a person writes: the premises, the negation of the claim
assumed (PBC), the object it speaks of introduced (∃E with a fresh name, after
De Morgan when the claim was universal), the universal premises instantiated
at the terms that matter (∀E), the propositional steps, ⊥. Which terms and
witnesses matter comes from :mod:`referee.derivation.herbrand`; this module
makes the moves:

* a line ∀x φ (or ¬∃x φ, by De Morgan) gives its planned instances, as soon as
  the names they mention are in scope;
* a line ∃x φ (or ¬∀x φ, by De Morgan) whose witness is planned opens
  ``assume [a] φ(a)``; the refutation continues inside and ∃E closes it;
* an ∃ claim is proved by ∃I at a term at hand (after opening the witnesses of
  ∃ lines, whose names are such terms);
* literals that clash only through equations are brought together with =E
  (rewriting one occurrence at a time), or, when that search fails and cited
  steps are allowed, one cited step names exactly the clashing lines;
* a statement using ∃! or |L| is first restated with them spelled out, one
  ``def`` line each.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from referee.derivation.fitch import (
    BOARD,
    CITE,
    BoardRef,
    Box,
    Draft,
    Step,
    tidy,
)
from referee.derivation.herbrand import (
    Grounding,
    Limits,
    Oracle,
    Plan,
    ground_terms,
    is_internal,
    qkey,
    term_depth,
    term_names,
)
from referee.derivation.herbrand import OutOfTime as GroundingOutOfTime
from referee.derivation.propositional import (
    BOTTOM,
    Extension,
    GaveUp,
    OutOfTime,
    Search,
    Settings,
)
from referee.derivation.rules import size_definition, unique_definition
from referee.language import ast
from referee.language.ast import (
    EXISTS,
    FORALL,
    UNIQUE,
    App,
    Card,
    Eq,
    Falsum,
    Formula,
    Not,
    Pred,
    Quant,
    Term,
)

SETTINGS = (
    Settings(fuel=1, budget=3000),
    Settings(fuel=0, cases=False, extract=False, budget=3000),
)


# ---------------------------------------------------------- ∃! and |L| spelled out


def needs_spelling(f: Formula) -> bool:
    return any(
        isinstance(g, Card) or (isinstance(g, Quant) and g.kind == UNIQUE)
        for g in ast.subformulas(f)
    )


def _names(f: Formula) -> set[str]:
    out: set[str] = set()
    for sub in ast.subformulas(f):
        if isinstance(sub, Quant):
            out.add(sub.var)
        for t in ast.atom_terms(sub):
            for s in ast.subterms(t):
                out.add(s.name)
    return out


VARIABLE_POOL = ("x", "y", "z", "w", "u", "v", "s", "t") + tuple(f"x{i}" for i in range(1, 40))


def spelling_steps(f: Formula) -> list[Formula]:
    """``f`` rewritten one ∃! or |L| at a time (innermost first) by its definition (the
    ``def`` rule), until none is left: the formulas after each step."""
    avoid = _names(f)

    def fresh() -> str:
        for name in VARIABLE_POOL:
            if name not in avoid:
                avoid.add(name)
                return name
        raise ValueError("no variable name left")  # pragma: no cover

    def once(g: Formula) -> Formula | None:
        """``g`` with its first innermost ∃!/|L| defined (None: there is none)."""
        if isinstance(g, Quant):
            inner = once(g.body)
            if inner is not None:
                return Quant(g.kind, g.var, inner)
            if g.kind == UNIQUE:
                return unique_definition(g, fresh())
            return None
        if isinstance(g, Card):
            return size_definition(g, [fresh() for _ in range(g.n + 1)])
        if isinstance(g, Not):
            inner = once(g.body)
            return None if inner is None else Not(inner)
        if isinstance(g, ast.BINARY):
            left = once(g.left)
            if left is not None:
                return type(g)(left, g.right)
            right = once(g.right)
            return None if right is None else type(g)(g.left, right)
        return None

    steps = []
    current: Formula | None = once(f)
    while current is not None:
        steps.append(current)
        current = once(current)
    return steps


def spell_out(f: Formula) -> Formula:
    """``f`` with every ∃! and |L| written with ∃, ∀ and = (their definitions)."""
    steps = spelling_steps(f)
    return steps[-1] if steps else f


def negate(f: Formula) -> Formula:
    """What proof by contradiction assumes: ¬f, or g when f is ¬g."""
    return f.body if isinstance(f, Not) else Not(f)


# ------------------------------------------------------------- equality


def _replace_term(t: Term, a: Term, b: Term, only: int | None, count: list[int]) -> Term:
    if t == a:
        i = count[0]
        count[0] += 1
        if only is None or only == i:
            return b
        return t
    if isinstance(t, App) and t.args:
        return App(t.name, tuple(_replace_term(x, a, b, only, count) for x in t.args))
    return t


def rewrites(f: Formula, a: Term, b: Term, target: Formula | None = None) -> Iterator[Formula]:
    """``f`` (an atom, or a negated one) with one occurrence of a, or all, replaced by b;
    with a ``target`` of the same shape, only in arguments where the two differ."""
    inner = f.body if isinstance(f, Not) else f
    goal = target.body if isinstance(target, Not) else target
    if isinstance(inner, Pred):
        args = inner.args
        goals = goal.args if isinstance(goal, Pred) and goal.name == inner.name else None
    else:
        assert isinstance(inner, Eq)
        args = (inner.left, inner.right)
        goals = (goal.left, goal.right) if isinstance(goal, Eq) else None
    if goals is not None and len(goals) != len(args):
        goals = None

    def rebuild(only: int | None) -> tuple[Formula, int]:
        count = [0]
        new = tuple(
            x if goals is not None and x == goals[i] else _replace_term(x, a, b, only, count)
            for i, x in enumerate(args)
        )
        g: Formula = Pred(inner.name, new) if isinstance(inner, Pred) else Eq(*new)
        return (Not(g) if isinstance(f, Not) else g), count[0]

    everything, n = rebuild(None)
    if n == 0:
        return
    yield everything
    if n > 1:
        for i in range(n):
            yield rebuild(i)[0]


def rewrite_path(
    sources: Sequence[tuple[Formula, object]],
    target: Formula,
    equations: Sequence[tuple[Eq, object]],
    max_depth: int = 3,
    max_states: int = 400,
) -> list[tuple[Formula, object, object]] | None:
    """A chain source → … → target, each link one =E with an equation.

    Searched from both ends at once (a rewriting step can be undone with the same
    equation), each side at most ``max_depth`` steps and ``max_states`` formulas.
    Returns [(formula, origin, equation)]: the first entry is a source (origin: what
    the caller gave for it, equation None); each later one comes from the one before
    by =E with ``equation``."""
    goal = ast.strip_spans(target)  # ground literals: no bound variables to rename
    # formula -> (the formula it came from, the equation used); sources map to None
    forward: dict[Formula, tuple[Formula, object] | None] = {}
    origins: dict[Formula, object] = {}
    for f, origin in sources:
        f = ast.strip_spans(f)
        if f not in forward:
            forward[f] = None
            origins[f] = origin
    backward: dict[Formula, tuple[Formula, object] | None] = {goal: None}

    def grow(side, frontier, other, aim):
        nxt = []
        for f in frontier:
            for eq, origin in equations:
                for a, b in ((eq.left, eq.right), (eq.right, eq.left)):
                    for g in rewrites(f, a, b, aim):
                        if g in side:
                            continue
                        side[g] = (f, origin)
                        if g in other:
                            return g, nxt
                        nxt.append(g)
                        if len(side) > max_states:
                            return None, nxt
        return None, nxt

    meet = goal if goal in forward else None
    front_f, front_b = list(forward), [goal]
    for _ in range(max_depth):
        if meet is not None:
            break
        meet, front_f = grow(forward, front_f, backward, goal)
        if meet is None:
            meet, front_b = grow(backward, front_b, forward, None)
    if meet is None:
        return None
    chain: list[tuple[Formula, object]] = []  # (formula, equation that produced it)
    f: Formula | None = meet
    while True:
        step = forward[f]  # type: ignore[index]
        if step is None:
            break
        chain.append((f, step[1]))  # type: ignore[arg-type]
        f = step[0]
    start = f
    chain.reverse()
    f = meet
    while True:
        step = backward[f]  # type: ignore[index]
        if step is None:
            break
        chain.append((step[0], step[1]))  # undo: the same equation, the other way
        f = step[0]
    out: list[tuple[Formula, object, object]] = [(start, origins[start], None)]  # type: ignore
    out.extend((g, None, eq) for g, eq in chain)
    return out


def _is_equation(f: Formula) -> bool:
    return isinstance(f.body if isinstance(f, Not) else f, Eq)


def _ground_literal(f: Formula) -> bool:
    g = f.body if isinstance(f, Not) else f
    return isinstance(g, (Pred, Eq))


# ------------------------------------------------------------- the moves


class FirstOrder(Extension):
    def __init__(
        self,
        grounding: Grounding,
        plan: Plan,
        named_only: bool,
        deadline: float | None,
        witness_count: list[int],
    ) -> None:
        self.plans = [(grounding, plan, Oracle(grounding, plan))]
        self.named_only = named_only
        self.deadline = deadline
        self.replans = 0
        self.witness_count = witness_count

    @property
    def plan(self) -> Plan:
        return self.plans[-1][1]

    @property
    def oracle(self) -> Oracle:
        return self.plans[-1][2]

    def entails(self, context: Sequence[Formula], goal: Formula) -> bool:
        try:
            return self.oracle.entails(context, goal)
        except GroundingOutOfTime:
            raise OutOfTime from None

    @staticmethod
    def _in_scope(search: Search, names: set[str]) -> bool:
        inner = {n for n in names if is_internal(n)}
        return not inner or inner <= search.draft.fresh_names()

    def splittable(self, search: Search, atom: Formula) -> bool:
        return self._in_scope(search, ast.symbols(atom)[1])

    def saturate(self, search: Search) -> bool:
        plan = self.plan
        changed = False
        for s in list(search.draft.available()):
            f = s.formula
            if f is None or needs_spelling(f):
                continue  # its spelled-out restatement is the line to use
            if isinstance(f, Quant) and f.kind == FORALL:
                k, _ = qkey(f)
                for t in plan.instances.get(k, ()):
                    if not self._in_scope(search, term_names(t)):
                        continue
                    inst = ast.substitute(f.body, f.var, t)
                    if search.have(inst) is None:
                        search.add(inst, "forall_e", s)
                        changed = True
            elif isinstance(f, Not) and isinstance(f.body, Quant) and f.body.kind == EXISTS:
                q = f.body
                k, _ = qkey(q)
                if plan.instances.get(k):
                    every = Quant(FORALL, q.var, Not(q.body))
                    if search.have(every) is None:
                        search.add(every, "dem", s)
                        changed = True
        return changed

    def witness(self, search: Search, fuel: int, goal: Formula | None = None) -> Step | None:
        """∃E on an ∃ line whose witness the plan needs: inside, refute (or prove
        ``goal``); the ⊥ (or ``goal``) after it. None: no such line."""
        plan = self.plan
        target = BOTTOM if goal is None else goal

        def inside() -> Step:
            return search.refute(fuel) if goal is None else search.prove(goal, fuel)

        scope = search.draft.fresh_names()
        if goal is None and plan.default is not None and plan.default not in scope:
            box = search.box(None, lambda: search.refute(fuel), fresh=(plan.default,))
            every = search.add(Quant(FORALL, "x", Falsum()), "forall_i", box)
            return search.add(BOTTOM, "forall_e", every)
        for s in list(search.draft.available()):
            f = s.formula
            if f is None or needs_spelling(f):
                continue
            if isinstance(f, Quant) and f.kind == EXISTS:
                q: Quant = f
            elif isinstance(f, Not) and isinstance(f.body, Quant) and f.body.kind == FORALL:
                q = Quant(EXISTS, f.body.var, Not(f.body.body))
            else:
                continue
            k, _ = qkey(q)
            w = plan.witnesses.get(k)
            if w is None or w in scope:
                continue
            line = s if q is f else search.add(q, "dem", s)
            names = [w]
            assumption = ast.substitute(q.body, q.var, App(w))
            # ∃x ∃y φ: both witnesses in one subproof, [a, b] φ(a, b)
            while isinstance(assumption, Quant) and assumption.kind == EXISTS:
                inner = plan.witnesses.get(qkey(assumption)[0])
                if inner is None or inner in scope or inner in names:
                    break
                names.append(inner)
                assumption = ast.substitute(assumption.body, assumption.var, App(inner))
            box = search.box(assumption, inside, fresh=tuple(names))
            return search.add(target, "exists_e", line, box)
        return None

    def equality(self, search: Search) -> Step | None:
        steps = [
            s
            for s in search.draft.available()
            if s.formula is not None
            and _ground_literal(s.formula)
            and self._in_scope(search, ast.symbols(s.formula)[1])
        ]
        if not any(_is_equation(s.formula) for s in steps):  # type: ignore[arg-type]
            return None
        try:
            core = self.oracle.clash([s.formula for s in steps])  # type: ignore[misc]
        except GroundingOutOfTime:
            raise OutOfTime from None
        if core is None:
            return None
        chosen = [steps[i] for i in core]
        found = self.clash_by_rewriting(search, chosen)
        if found is not None:
            return found
        if self.named_only:
            return None
        return search.add(BOTTOM, CITE, *chosen)

    def clash_by_rewriting(self, search: Search, steps: list[Step]) -> Step | None:
        equations = [(s.formula, s) for s in steps if isinstance(s.formula, Eq)]
        positives = [s for s in steps if not isinstance(s.formula, Not)]
        for n in steps:
            f = n.formula
            if not isinstance(f, Not):
                continue
            target = f.body
            sources: list[tuple[Formula, object]] = [(s.formula, s) for s in positives]  # type: ignore
            if isinstance(target, Eq):
                sources.append((Eq(target.left, target.left), "refl"))
                sources.append((Eq(target.right, target.right), "refl"))
            path = rewrite_path(sources, target, equations)  # type: ignore[arg-type]
            if path is None:
                continue
            prev: Step | None = None
            for formula, origin, eq in path:
                if prev is None:
                    prev = search.add(formula, "eq_i") if origin == "refl" else origin  # type: ignore
                else:
                    prev = search.add(formula, "eq_e", eq, prev)
            assert prev is not None
            return search.add(BOTTOM, "bot_i", prev, n)
        return None

    def introduce(self, search: Search, goal: Formula, fuel: int) -> Step | None:
        """∃x φ from φ(t), for a term t at hand that makes φ(t) follow; first the
        witnesses of ∃ lines at hand (∃E with this goal), whose names may be such t."""
        if not (isinstance(goal, Quant) and goal.kind == EXISTS) or needs_spelling(goal):
            return None
        opened = self.witness(search, fuel, goal)
        if opened is not None:
            return opened
        terms: dict[Term, None] = {}
        for s in search.draft.available():
            if s.formula is not None:
                for t in ground_terms(s.formula):
                    if self._in_scope(search, term_names(t)):
                        terms.setdefault(t, None)
        for t in sorted(terms, key=lambda t: (term_depth(t), str(t)))[:12]:
            instance = ast.substitute(goal.body, goal.var, t)
            if search.entails(instance):
                return search.add(goal, "exists_i", search.prove(instance, fuel))
        return None

    def stuck(self, search: Search, fuel: int) -> Step | None:
        """New instances for this branch, from the lines at hand."""
        if self.replans >= 3:
            return None
        self.replans += 1
        formulas = [s.formula for s in search.draft.available() if s.formula is not None]
        names = [App(n) for n in sorted(search.draft.fresh_names()) if is_internal(n)]
        try:
            grounding = Grounding(self.deadline, Limits(), self.witness_count)
            plan = grounding.plan([f for f in formulas if not needs_spelling(f)], names)
        except GroundingOutOfTime:
            raise OutOfTime from None
        if plan is None:
            return None
        self.plans.append((grounding, plan, Oracle(grounding, plan)))
        try:
            return search.refute(fuel)
        finally:
            self.plans.pop()


# ------------------------------------------------------------- driver


@dataclass(frozen=True)
class Problem:
    """Premises (with their board numbers) and a goal (None: ⊥), ∃!/|L| spelled out."""

    premises: tuple[Formula, ...]
    labels: tuple[int, ...]
    goal: Formula | None
    spellings: tuple[tuple[Formula, ...], ...]  # per premise: its def steps
    goal_spelling: tuple[Formula, ...]  # the negated goal's def steps

    @classmethod
    def make(cls, premises, labels, goal) -> Problem:
        return cls(
            tuple(premises),
            tuple(labels),
            goal,
            tuple(tuple(spelling_steps(f)) for f in premises),
            () if goal is None else tuple(spelling_steps(negate(goal))),
        )

    @property
    def context(self) -> list[Formula]:
        """The premises as the search uses them (spelled out)."""
        return [s[-1] if s else f for f, s in zip(self.premises, self.spellings, strict=True)]

    @property
    def refuted(self) -> list[Formula]:
        """What a refutation refutes: the premises and the negated goal, spelled out."""
        if self.goal is None:
            return self.context
        assumption = self.goal_spelling[-1] if self.goal_spelling else negate(self.goal)
        return [*self.context, assumption]


def write_first_order(
    premises: Sequence[Formula],
    goal: Formula | None,
    labels: Sequence[int],
    deadline: float | None,
    named_only: bool = False,
    settings: Sequence[Settings] = SETTINGS,
) -> Box | None:
    """The shortest first-order derivation found (tidied, fresh names still internal),
    or None."""
    problem = Problem.make(premises, labels, goal)
    counter = [0]  # witness names stay unique across plans
    try:
        grounding = Grounding(deadline, Limits(), counter)
        plan = grounding.plan(problem.refuted)
    except GroundingOutOfTime:
        return None
    if plan is None:
        return None
    best: Box | None = None
    for s in settings:
        started = time.monotonic()
        if deadline is not None and started > deadline:
            break
        try:
            found = _run(problem, grounding, plan, s, deadline, named_only, counter)
        except (OutOfTime, GroundingOutOfTime):
            break
        except GaveUp:
            continue
        if best is None or count_lines(found) < count_lines(best):
            best = found
        spent = time.monotonic() - started
        if deadline is not None and spent > (deadline - time.monotonic()) / 3:
            break  # another try would likely not finish: keep what there is
    return best


def count_lines(box: Box) -> int:
    return sum(1 if isinstance(i, Step) else count_lines(i) for i in box.items)


def _run(problem: Problem, grounding, plan, settings, deadline, named_only, counter) -> Box:
    draft = Draft()
    for f, label, steps in zip(problem.premises, problem.labels, problem.spellings, strict=True):
        line = draft.add(f, BOARD, BoardRef(label))
        for g in steps:
            line = draft.add(g, "def", line)
    ext = FirstOrder(grounding, plan, named_only, deadline, counter)
    search = Search(draft, problem.context, ext.entails, settings, deadline, ext)
    goal = problem.goal
    if goal is None:
        last = search.refute(settings.fuel)
    elif problem.goal_spelling:
        line = draft.assume(negate(goal))
        for g in problem.goal_spelling:
            line = draft.add(g, "def", line)
        search.conclude(search.refute(settings.fuel))
        last = draft.add(goal, "pbc", draft.close())
    else:
        last = search.prove(goal, settings.fuel)
    return tidy(draft, last)
