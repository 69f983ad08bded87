"""The rules of natural deduction, checked exactly, on syntax trees, with no solver.

Each rule takes the line's statement, its premises (in the order cited) and
the context (open assumptions, fresh names in scope) and either returns a short
account of what it did or raises :class:`Refusal` saying what the rule needed
and did not get. Formulas are compared up to the names of bound variables
(∀x happy(x) is ∀y happy(y)), nothing more: a = b is not b = a here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import permutations

from referee.language import ast
from referee.language.ast import (
    BINARY,
    EXISTS,
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
    Var,
)
from referee.language.printer import to_unicode


class Refusal(Exception):
    """A rule was misapplied; the message says what it needed and did not get."""


@dataclass(frozen=True)
class Premise:
    """What a citation brings: a statement, or a closed subproof."""

    ref: str  # as cited: "3", "board 2", "3-6"
    formula: Formula | None = None  # a line or a board statement
    assumption: Formula | None = None  # subproofs: what the first line assumes (None: only [a])
    last: Formula | None = None  # subproofs: the statement on the last line
    constants: tuple[str, ...] = ()  # subproofs: fresh names of the opening line

    @property
    def is_subproof(self) -> bool:
        return self.last is not None

    def name(self) -> str:
        if self.is_subproof:
            return f"the subproof {self.ref}"
        return f"board {self.ref[6:]}" if self.ref.startswith("board") else f"line {self.ref}"


@dataclass
class Context:
    open_assumptions: list[tuple[int, Formula]] = field(default_factory=list)  # (label, formula)
    fresh: dict[str, int] = field(default_factory=dict)  # fresh name in scope -> line opening it


def show(f: Formula | Term) -> str:
    return to_unicode(f)


# ------------------------------------------------------------ comparisons


def canon(f: Formula, env: dict[str, str] | None = None, depth: int = 0) -> Formula:
    """The formula with bound variables renamed by depth and positions dropped."""
    env = env or {}
    if isinstance(f, Pred):
        return Pred(f.name, tuple(_canon_term(a, env) for a in f.args))
    if isinstance(f, Eq):
        return Eq(_canon_term(f.left, env), _canon_term(f.right, env))
    if isinstance(f, Not):
        return Not(canon(f.body, env, depth))
    if isinstance(f, BINARY):
        return type(f)(canon(f.left, env, depth), canon(f.right, env, depth))
    if isinstance(f, Quant):
        name = f"%{depth}"
        return Quant(f.kind, name, canon(f.body, {**env, f.var: name}, depth + 1))
    if isinstance(f, Card):
        return Card(f.op, f.n)
    if isinstance(f, Falsum):
        return Falsum()
    raise TypeError(f"not a formula: {f!r}")


def _canon_term(t: Term, env: dict[str, str]) -> Term:
    if isinstance(t, Var):
        return Var(env.get(t.name, t.name))
    return App(t.name, tuple(_canon_term(a, env) for a in t.args))


def same(a: Formula | None, b: Formula | None) -> bool:
    """Equal up to renaming bound variables."""
    if a is None or b is None:
        return a is b
    return canon(a) == canon(b)


class _Capture(Exception):
    pass


def match(pattern: Formula, target: Formula, holes: Iterable[str]) -> dict[str, Term] | None:
    """Terms for the free ``holes`` of ``pattern`` that make it ``target`` (None: no match).

    A hole that does not occur stays unbound. Raises :class:`Refusal` when the
    only way would put a bound variable of ``target`` into a hole (capture).
    """
    binding: dict[str, Term] = {}
    holes = set(holes)
    try:
        ok = _match(canon(pattern), canon(target), holes, binding)
    except _Capture as exc:
        raise Refusal(str(exc)) from None
    return binding if ok else None


def _same_shape(p: Formula, f: Formula, terms: Callable[[Term, Term], bool]) -> bool:
    """``f`` has ``p``'s shape, bound variables included, and ``terms`` accepts each
    pair of atom arguments (the one walk behind matching and substitution)."""
    if type(p) is not type(f):
        return False
    if isinstance(p, Pred):
        return (
            p.name == f.name
            and len(p.args) == len(f.args)
            and all(terms(x, y) for x, y in zip(p.args, f.args, strict=True))
        )
    if isinstance(p, Eq):
        return terms(p.left, f.left) and terms(p.right, f.right)
    if isinstance(p, Not):
        return _same_shape(p.body, f.body, terms)
    if isinstance(p, BINARY):
        return _same_shape(p.left, f.left, terms) and _same_shape(p.right, f.right, terms)
    if isinstance(p, Quant):
        return p.kind == f.kind and p.var == f.var and _same_shape(p.body, f.body, terms)
    return p == f


def _match(p: Formula, f: Formula, holes: set[str], b: dict[str, Term]) -> bool:
    return _same_shape(p, f, lambda x, y: _match_term(x, y, holes, b))


def _match_term(p: Term, t: Term, holes: set[str], b: dict[str, Term]) -> bool:
    if isinstance(p, Var) and p.name in holes:
        if any(isinstance(s, Var) for s in ast.subterms(t)):
            raise _Capture(
                f"{p.name} would have to stand for a term with a variable bound inside the "
                "statement (a variable cannot be captured by a quantifier)"
            )
        if p.name in b:
            return b[p.name] == t
        b[p.name] = t
        return True
    if isinstance(p, Var):
        return isinstance(t, Var) and t.name == p.name
    return (
        isinstance(t, App)
        and t.name == p.name
        and len(t.args) == len(p.args)
        and all(_match_term(x, y, holes, b) for x, y in zip(p.args, t.args, strict=True))
    )


def names_in(f: Formula) -> set[str]:
    """Function and constant names a formula mentions."""
    return ast.symbols(f)[1]


def _rewrites_one_place(
    before: Formula, after: Formula, rewrite: Callable[[Formula], Iterator[Formula]]
) -> bool:
    """``after`` is ``before`` with exactly one subformula rewritten by ``rewrite``."""
    return _one(canon(before), canon(after), rewrite)


def _one(p: Formula, c: Formula, rewrite: Callable[[Formula], Iterator[Formula]]) -> bool:
    if any(r == c for r in rewrite(p)):
        return True
    if type(p) is not type(c):
        return False
    if isinstance(p, Not):
        return _one(p.body, c.body, rewrite)
    if isinstance(p, BINARY):
        return (p.left == c.left and _one(p.right, c.right, rewrite)) or (
            p.right == c.right and _one(p.left, c.left, rewrite)
        )
    if isinstance(p, Quant):
        return p.kind == c.kind and p.var == c.var and _one(p.body, c.body, rewrite)
    return False


def _dn_rewrites(f: Formula) -> Iterator[Formula]:
    if isinstance(f, Not) and isinstance(f.body, Not):
        yield f.body.body
    yield Not(Not(f))


def _dem_rewrites(f: Formula) -> Iterator[Formula]:
    if isinstance(f, Not):
        g = f.body
        if isinstance(g, And):
            yield Or(Not(g.left), Not(g.right))
        elif isinstance(g, Or):
            yield And(Not(g.left), Not(g.right))
        elif isinstance(g, Quant) and g.kind in (FORALL, EXISTS):
            yield Quant(EXISTS if g.kind == FORALL else FORALL, g.var, Not(g.body))
    if isinstance(f, (And, Or)) and isinstance(f.left, Not) and isinstance(f.right, Not):
        other = Or if isinstance(f, And) else And
        yield Not(other(f.left.body, f.right.body))
    if isinstance(f, Quant) and f.kind in (FORALL, EXISTS) and isinstance(f.body, Not):
        yield Not(Quant(EXISTS if f.kind == FORALL else FORALL, f.var, f.body.body))


def _substitutes(p: Formula, c: Formula, a: Term, b: Term) -> bool:
    """``c`` is ``p`` with some occurrences of a replaced by b (or b by a)."""
    return _same_shape(p, c, lambda x, y: _subst_term(x, y, a, b))


def _subst_term(s: Term, t: Term, a: Term, b: Term) -> bool:
    if s == t or (s == a and t == b) or (s == b and t == a):
        return True
    return (
        isinstance(s, App)
        and isinstance(t, App)
        and s.name == t.name
        and len(s.args) == len(t.args)
        and all(_subst_term(x, y, a, b) for x, y in zip(s.args, t.args, strict=True))
    )


# ------------------------------------------------------------- the rules


def _lines(rule: str, prem: list[Premise], n: int, what: str) -> list[Formula]:
    if len(prem) != n or any(p.is_subproof for p in prem):
        got = ", ".join(p.name() for p in prem) or "nothing"
        raise Refusal(f"{rule} cites {n} line{'s' if n != 1 else ''} ({what}); got {got}")
    return [p.formula for p in prem]  # type: ignore[misc]


def _describe(prem: list[Premise]) -> str:
    return "; ".join(f"{p.name()} is {show(p.formula)}" for p in prem if p.formula is not None)


def reit(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("reiteration", prem, 1, "the same statement")
    if not same(f, concl):
        raise Refusal(f"reiteration repeats a line, but {prem[0].name()} is {show(f)}")
    return f"repeats {prem[0].name()}"


def modus_ponens(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    fs = _lines("modus ponens", prem, 2, "φ → ψ and φ")
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        imp, other = fs[i], fs[j]
        if not isinstance(imp, Implies):
            continue
        if not same(other, imp.left):
            if same(other, imp.right):
                reasons.append(
                    f"{prem[j].name()} is the consequent {show(imp.right)} of {prem[i].name()}; "
                    f"modus ponens needs its antecedent {show(imp.left)} (going from the "
                    "consequent back to the antecedent is affirming the consequent)"
                )
            else:
                reasons.append(
                    f"modus ponens needs the antecedent {show(imp.left)} of {prem[i].name()}, "
                    f"but {prem[j].name()} is {show(other)}"
                )
            continue
        if not same(concl, imp.right):
            reasons.append(
                f"from {show(imp)} and {show(other)} modus ponens gives {show(imp.right)}, "
                f"not {show(concl)}"
            )
            continue
        return f"{prem[i].name()} with its antecedent {prem[j].name()}"
    if not reasons:
        raise Refusal(f"modus ponens needs an implication φ → ψ; {_describe(prem)}")
    raise Refusal(reasons[0])


def modus_tollens(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    fs = _lines("modus tollens", prem, 2, "φ → ψ and ¬ψ")
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        imp, other = fs[i], fs[j]
        if not isinstance(imp, Implies):
            continue
        if not same(other, Not(imp.right)):
            if same(other, Not(imp.left)):
                reasons.append(
                    f"{prem[j].name()} denies the antecedent {show(imp.left)} of "
                    f"{prem[i].name()}; modus tollens needs the negation of the consequent, "
                    f"{show(Not(imp.right))} (denying the antecedent proves nothing)"
                )
            else:
                reasons.append(
                    f"modus tollens needs {show(Not(imp.right))}, the negation of the "
                    f"consequent of {prem[i].name()}, but {prem[j].name()} is {show(other)}"
                )
            continue
        if not same(concl, Not(imp.left)):
            reasons.append(
                f"from {show(imp)} and {show(other)} modus tollens gives "
                f"{show(Not(imp.left))}, not {show(concl)}"
            )
            continue
        return f"{prem[i].name()} with the negated consequent {prem[j].name()}"
    if not reasons:
        raise Refusal(f"modus tollens needs an implication φ → ψ; {_describe(prem)}")
    raise Refusal(reasons[0])


def hypothetical_syllogism(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    a, b = _lines("hypothetical syllogism", prem, 2, "φ → ψ and ψ → χ")
    if not (isinstance(a, Implies) and isinstance(b, Implies)):
        raise Refusal(f"hypothetical syllogism needs two implications; {_describe(prem)}")
    for first, second in ((a, b), (b, a)):
        if same(first.right, second.left):
            target = Implies(first.left, second.right)
            if same(concl, target):
                return "chains the two implications"
            raise Refusal(f"the two implications chain to {show(target)}, not {show(concl)}")
    raise Refusal(
        f"hypothetical syllogism needs the consequent of one implication to be the antecedent "
        f"of the other; {_describe(prem)}"
    )


def disjunctive_syllogism(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    fs = _lines("disjunctive syllogism", prem, 2, "φ ∨ ψ and ¬φ")
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        dis, other = fs[i], fs[j]
        if not isinstance(dis, Or):
            continue
        for denied, rest in ((dis.left, dis.right), (dis.right, dis.left)):
            if same(other, Not(denied)):
                if same(concl, rest):
                    return f"{prem[j].name()} rules out one side of {prem[i].name()}"
                reasons.append(
                    f"with {show(Not(denied))}, {show(dis)} leaves {show(rest)}, not {show(concl)}"
                )
        if same(other, dis.left) or same(other, dis.right):
            reasons.append(
                f"{prem[j].name()} affirms a side of {show(dis)}; disjunctive syllogism needs "
                f"one side denied ({show(Not(dis.left))} or {show(Not(dis.right))}): "
                "∨ is inclusive, both sides may hold"
            )
        else:
            reasons.append(
                f"disjunctive syllogism needs {show(Not(dis.left))} or {show(Not(dis.right))}, "
                f"but {prem[j].name()} is {show(other)}"
            )
    if not reasons:
        raise Refusal(f"disjunctive syllogism needs a disjunction φ ∨ ψ; {_describe(prem)}")
    raise Refusal(reasons[0])


def and_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    if not isinstance(concl, And):
        raise Refusal(f"∧ introduction concludes a conjunction φ ∧ ψ, not {show(concl)}")
    if len(prem) not in (1, 2) or any(p.is_subproof for p in prem):
        raise Refusal("∧ introduction cites the two lines φ and ψ")
    fs = [p.formula for p in prem]
    for side in (concl.left, concl.right):
        if not any(same(f, side) for f in fs):
            raise Refusal(
                f"∧ introduction needs {show(side)} among the cited lines; {_describe(prem)}"
            )
    if len(fs) == 2 and not all(same(f, concl.left) or same(f, concl.right) for f in fs):
        raise Refusal(f"a cited line is not a side of {show(concl)}; {_describe(prem)}")
    return "joins the two sides"


def and_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("∧ elimination", prem, 1, "φ ∧ ψ")
    if not isinstance(f, And):
        raise Refusal(f"∧ elimination needs a conjunction, but {prem[0].name()} is {show(f)}")
    if same(concl, f.left) or same(concl, f.right):
        return "keeps one side of the conjunction"
    raise Refusal(
        f"∧ elimination gives {show(f.left)} or {show(f.right)} from {show(f)}, not {show(concl)}"
    )


def or_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("∨ introduction", prem, 1, "φ")
    if not isinstance(concl, Or):
        raise Refusal(f"∨ introduction concludes a disjunction φ ∨ ψ, not {show(concl)}")
    if same(f, concl.left) or same(f, concl.right):
        return "adds a disjunct"
    raise Refusal(
        f"∨ introduction needs one side of {show(concl)} to be the cited line, but "
        f"{prem[0].name()} is {show(f)}"
    )


def _split(prem: list[Premise]) -> tuple[list[Premise], list[Premise]]:
    return [p for p in prem if not p.is_subproof], [p for p in prem if p.is_subproof]


def or_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    lines, subs = _split(prem)
    dis_lines = [p for p in lines if isinstance(p.formula, Or)]
    if not dis_lines:
        raise Refusal("∨ elimination needs a disjunction φ ∨ ψ among the cited lines")
    dis_p = dis_lines[0]
    dis = dis_p.formula
    assert isinstance(dis, Or)
    cases: list[tuple[Formula | None, Formula, str]] = []
    if len(subs) == 2 and len(lines) == 1:
        cases = [(s.assumption, s.last, s.name()) for s in subs]  # type: ignore[misc]
    elif not subs and len(lines) == 3:
        others = [p for p in lines if p is not dis_p]
        for p in others:
            if not isinstance(p.formula, Implies):
                raise Refusal(
                    f"∨ elimination needs, for each side, a subproof or an implication to the "
                    f"conclusion; {p.name()} is {show(p.formula)}"
                )
            cases.append((p.formula.left, p.formula.right, p.name()))
    else:
        raise Refusal(
            "∨ elimination cites φ ∨ ψ and two subproofs (assume φ … χ, assume ψ … χ), "
            "or φ ∨ ψ, φ → χ and ψ → χ"
        )
    for assumed, reached, name in cases:
        if assumed is None:
            raise Refusal(f"{name} assumes nothing; each case must assume one side")
        if not same(reached, concl):
            raise Refusal(f"{name} reaches {show(reached)}, not the conclusion {show(concl)}")
    a, b = cases[0][0], cases[1][0]
    if (same(a, dis.left) and same(b, dis.right)) or (same(a, dis.right) and same(b, dis.left)):
        return "both cases reach the conclusion"
    raise Refusal(
        f"the cases must assume {show(dis.left)} and {show(dis.right)}, the two sides of "
        f"{dis_p.name()}; they assume {show(a)} and {show(b)}"
    )


def _one_subproof(rule: str, prem: list[Premise]) -> Premise:
    if len(prem) != 1 or not prem[0].is_subproof:
        got = ", ".join(p.name() for p in prem) or "nothing"
        raise Refusal(f"{rule} cites one subproof (a range like 3-6); got {got}")
    return prem[0]


def imp_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    sub = _one_subproof("→ introduction", prem)
    if sub.assumption is None:
        raise Refusal(f"{sub.name()} assumes nothing, so there is no antecedent to discharge")
    target = Implies(sub.assumption, sub.last)  # type: ignore[arg-type]
    if same(concl, target):
        return "discharges the assumption"
    raise Refusal(f"{sub.name()} shows {show(target)}, not {show(concl)}")


def iff_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    if not isinstance(concl, Iff):
        raise Refusal(f"↔ introduction concludes φ ↔ ψ, not {show(concl)}")
    if len(prem) != 2:
        raise Refusal("↔ introduction cites φ → ψ and ψ → φ (lines or subproofs)")
    have = []
    for p in prem:
        if p.is_subproof:
            if p.assumption is None:
                raise Refusal(f"{p.name()} assumes nothing")
            have.append(Implies(p.assumption, p.last))  # type: ignore[arg-type]
        elif isinstance(p.formula, Implies):
            have.append(p.formula)
        else:
            raise Refusal(f"↔ introduction needs implications; {p.name()} is {show(p.formula)}")
    need = [Implies(concl.left, concl.right), Implies(concl.right, concl.left)]
    for order in permutations(have):
        if all(same(x, y) for x, y in zip(order, need, strict=True)):
            return "both directions"
    raise Refusal(
        f"↔ introduction needs {show(need[0])} and {show(need[1])}; the citations give "
        + " and ".join(show(h) for h in have)
    )


def iff_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    lines, subs = _split(prem)
    if subs or len(lines) not in (1, 2):
        raise Refusal("↔ elimination cites φ ↔ ψ and one side of it")
    iffs = [p for p in lines if isinstance(p.formula, Iff)]
    if not iffs:
        raise Refusal(f"↔ elimination needs a biconditional φ ↔ ψ; {_describe(prem)}")
    for p in iffs:
        f = p.formula
        assert isinstance(f, Iff)
        if len(lines) == 1:
            if same(concl, Implies(f.left, f.right)) or same(concl, Implies(f.right, f.left)):
                return "one direction of the biconditional"
            continue
        other = lines[1] if p is lines[0] else lines[0]
        for a, b in ((f.left, f.right), (f.right, f.left)):
            if same(other.formula, a) and same(concl, b):
                return "the other side of the biconditional"
    raise Refusal(
        f"↔ elimination gives one side of a biconditional from the other; {_describe(prem)}, "
        f"which does not give {show(concl)}"
    )


def de_morgan(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("De Morgan", prem, 1, "the statement to rewrite")
    if _rewrites_one_place(f, concl, _dem_rewrites):
        return "rewrites one part by De Morgan"
    raise Refusal(
        f"De Morgan rewrites one part ¬(φ ∧ ψ) ⇔ ¬φ ∨ ¬ψ, ¬(φ ∨ ψ) ⇔ ¬φ ∧ ¬ψ, ¬∀x φ ⇔ ∃x ¬φ or "
        f"¬∃x φ ⇔ ∀x ¬φ; {show(concl)} is not such a rewriting of {show(f)}"
    )


def double_negation(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("double negation", prem, 1, "the statement to rewrite")
    if _rewrites_one_place(f, concl, _dn_rewrites):
        return "adds or removes ¬¬ in one place"
    raise Refusal(
        f"double negation adds or removes one ¬¬ in one place; {show(concl)} is not such a "
        f"rewriting of {show(f)}"
    )


def _prefix(f: Formula, kind: str) -> list[tuple[str, Formula]]:
    """(variable, body) after each leading quantifier of ``kind``."""
    out = []
    while isinstance(f, Quant) and f.kind == kind:
        out.append((f.var, f.body))
        f = f.body
    return out


def _instance_of_prefix(prefix, target: Formula):
    """(variables, binding) making ``target`` an instance of the body after the
    first k quantifiers of ``prefix``, for the smallest k that works; None if
    none does. A capture found on the way is raised when nothing else matches."""
    capture = None
    for k in range(1, len(prefix) + 1):
        holes = [v for v, _ in prefix[:k]]
        try:
            binding = match(prefix[k - 1][1], target, holes)
        except Refusal as exc:
            capture = exc
            continue
        if binding is not None:
            return holes, binding
    if capture is not None:
        raise capture
    return None


def forall_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("∀ elimination", prem, 1, "∀x φ")
    prefix = _prefix(f, FORALL)
    if not prefix:
        raise Refusal(f"∀ elimination needs a statement ∀x φ, but {prem[0].name()} is {show(f)}")
    found = _instance_of_prefix(prefix, concl)
    if found is not None:
        holes, binding = found
        terms = ", ".join(f"{v} := {show(binding[v])}" for v in holes if v in binding)
        return f"instantiates {terms}" if terms else "drops a vacuous ∀"
    raise Refusal(
        f"{show(concl)} is not an instance of {show(f)}: ∀ elimination replaces the variable "
        "of the leading ∀ (or several leading ∀s) by one term everywhere"
    )


def exists_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("∃ introduction", prem, 1, "φ(t)")
    prefix = _prefix(concl, EXISTS)
    if not prefix:
        raise Refusal(f"∃ introduction concludes ∃x φ, not {show(concl)}")
    found = _instance_of_prefix(prefix, f)
    if found is not None:
        holes, binding = found
        terms = ", ".join(f"{show(binding[v])} as {v}" for v in holes if v in binding)
        return f"generalises {terms}" if terms else "adds a vacuous ∃"
    raise Refusal(
        f"{prem[0].name()} ({show(f)}) is not an instance of {show(concl)}: ∃ introduction "
        "needs the cited line to be the body with some term in place of the variable"
    )


def forall_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    if not (isinstance(concl, Quant) and concl.kind == FORALL):
        raise Refusal(f"∀ introduction concludes ∀x φ, not {show(concl)}")
    if len(prem) != 1:
        raise Refusal(
            "∀ introduction cites one subproof opened with `assume [a]`, or one line about a "
            "fresh name a"
        )
    p = prem[0]
    x, body = concl.var, concl.body
    if p.is_subproof:
        if p.assumption is not None:
            raise Refusal(
                f"{p.name()} assumes {show(p.assumption)}: the subproof of ∀ introduction only "
                "introduces a fresh name (`assume [a]`); to use an assumption, conclude "
                "an implication with →I inside it first"
            )
        if len(p.constants) != 1:
            raise Refusal(f"{p.name()} must introduce exactly one fresh name for ∀ introduction")
        fresh = p.constants[0]
        reached = p.last
        allowed = {fresh}
    else:
        fresh = None
        reached = p.formula
        allowed = set(ctx.fresh)
    assert reached is not None
    binding = match(body, reached, [x])
    if binding is None:
        raise Refusal(
            f"{p.name()} ({show(reached)}) is not {show(body)} with a name in place of {x}"
        )
    term = binding.get(x)
    if term is None:  # x does not occur: a vacuous ∀
        return "vacuous generalisation"
    if not (isinstance(term, App) and not term.args):
        raise Refusal(
            f"∀ introduction generalises a fresh name, but {x} stands for {show(term)} here"
        )
    name = term.name
    if fresh is not None and name != fresh:
        raise Refusal(f"{p.name()} introduces {fresh}, but {x} stands for {name} here")
    if name not in allowed:
        raise Refusal(
            f"{name} is not a fresh name: ∀ introduction can only generalise a name introduced "
            f"by `assume [{name}]` (a name of the deck or the board stands for one object)"
        )
    if name in names_in(concl):
        raise Refusal(f"{name} still occurs in {show(concl)}: every {name} must become {x}")
    if fresh is None:
        for label, assumption in ctx.open_assumptions:
            if name in names_in(assumption):
                raise Refusal(
                    f"{name} is still free in the open assumption at line {label} "
                    f"({show(assumption)}): what holds of {name} there is only assumed, so it "
                    f"cannot be generalised to every {x}"
                )
    return f"generalises the fresh name {name}"


def exists_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    lines, subs = _split(prem)
    if len(lines) != 1 or len(subs) != 1:
        raise Refusal(
            "∃ elimination cites ∃x φ and one subproof `assume [a] φ(a)` … χ "
            "(a derivation cannot name the witness outside a subproof)"
        )
    ex, sub = lines[0], subs[0]
    f = ex.formula
    prefix = _prefix(f, EXISTS)  # type: ignore[arg-type]
    if not prefix:
        raise Refusal(f"∃ elimination needs ∃x φ, but {ex.name()} is {show(f)}")  # type: ignore
    k = len(sub.constants)
    if k == 0 or sub.assumption is None:
        raise Refusal(
            f"{sub.name()} must open with `assume [a] φ(a)`: a fresh witness name and what it "
            "satisfies"
        )
    if k > len(prefix):
        raise Refusal(f"{sub.name()} names {k} witnesses but {ex.name()} has {len(prefix)} ∃")
    holes = [v for v, _ in prefix[:k]]
    body = prefix[k - 1][1]
    binding = match(body, sub.assumption, holes)
    if binding is None:
        raise Refusal(
            f"{sub.name()} assumes {show(sub.assumption)}, which is not {show(body)} with "
            f"{', '.join(sub.constants)} in place of {', '.join(holes)}"
        )
    used = []
    for v in holes:
        t = binding.get(v)
        if t is None:
            continue
        if not (isinstance(t, App) and not t.args and t.name in sub.constants):
            raise Refusal(
                f"the witness for {v} must be the fresh name of the subproof, not {show(t)}"
            )
        used.append(t.name)
    if len(set(used)) != len(used):
        raise Refusal("two variables cannot share one witness: give each its own fresh name")
    if not same(sub.last, concl):
        raise Refusal(f"{sub.name()} reaches {show(sub.last)}, not {show(concl)}")  # type: ignore
    escaped = [c for c in sub.constants if c in names_in(concl)]
    if escaped:
        c = escaped[0]
        raise Refusal(
            f"the witness {c} escapes: it occurs in the conclusion {show(concl)}, but {c} "
            f"names an object only inside {sub.name()}"
        )
    return f"uses the witness {', '.join(sub.constants)} inside {sub.name()}"


def eq_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    fs = _lines("= elimination", prem, 2, "s = t and φ(s)")
    eqs = [i for i, f in enumerate(fs) if isinstance(f, Eq)]
    if not eqs:
        raise Refusal(f"= elimination needs an equation s = t; {_describe(prem)}")
    for i in eqs:
        eq, other = fs[i], fs[1 - i]
        assert isinstance(eq, Eq)
        ce = canon(eq)
        assert isinstance(ce, Eq)
        a, b = ce.left, ce.right
        if _substitutes(canon(other), canon(concl), a, b):
            return f"replaces {show(eq.left)} and {show(eq.right)} for each other"
    eq = fs[eqs[0]]
    raise Refusal(
        f"{show(concl)} is not {show(fs[1 - eqs[0]])} with some occurrences of "
        f"{show(eq.left)} replaced by {show(eq.right)} (or back)"  # type: ignore[union-attr]
    )


def eq_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    if prem:
        raise Refusal("= introduction (t = t) cites nothing")
    if isinstance(concl, Eq) and concl.left == concl.right:
        return "every object equals itself"
    raise Refusal(f"= introduction gives t = t, not {show(concl)}")


def bot_intro(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    a, b = _lines("⊥ introduction", prem, 2, "φ and ¬φ")
    if not isinstance(concl, Falsum):
        raise Refusal(f"⊥ introduction concludes ⊥, not {show(concl)}")
    if same(b, Not(a)) or same(a, Not(b)):
        return "a statement and its negation"
    raise Refusal(f"⊥ introduction needs a statement and its negation; {_describe(prem)}")


def bot_elim(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("⊥ elimination", prem, 1, "⊥")
    if isinstance(f, Falsum):
        return "from ⊥ anything follows"
    raise Refusal(f"⊥ elimination needs ⊥, but {prem[0].name()} is {show(f)}")


def proof_by_contradiction(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    sub = _one_subproof("proof by contradiction", prem)
    if sub.assumption is None:
        raise Refusal(f"{sub.name()} assumes nothing, so there is nothing to refute")
    if not isinstance(sub.last, Falsum):
        raise Refusal(
            f"{sub.name()} ends in {show(sub.last)}; proof by contradiction needs it to end in ⊥ "
            "(derive ⊥ with ⊥I from a statement and its negation)"
        )
    a = sub.assumption
    if same(concl, Not(a)):
        return f"refutes the assumption {show(a)}"
    if same(a, Not(concl)):
        return f"refutes the assumption {show(a)}"
    raise Refusal(f"{sub.name()} refutes {show(a)}, which gives {show(Not(a))}, not {show(concl)}")


def _distinct_pairs(f: Formula, out: set[frozenset]) -> bool:
    """Collect the pairs {s, t} of ``s ≠ t`` (through ∧); False if f is something else."""
    if isinstance(f, And):
        return _distinct_pairs(f.left, out) and _distinct_pairs(f.right, out)
    if isinstance(f, Not) and isinstance(f.body, Eq):
        left, right = canon(f.body).left, canon(f.body).right  # type: ignore[union-attr]
        if left == right:
            return False
        out.add(frozenset((left, right)))
        return True
    return False


def counting(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    """|L| ≥ n from n pairwise distinct terms; weaker bounds; ⊥ from clashing bounds."""
    if any(p.is_subproof for p in prem):
        raise Refusal("counting cites lines, not subproofs")
    fs = [p.formula for p in prem]
    if isinstance(concl, Falsum):
        if len(fs) == 2 and all(isinstance(f, Card) for f in fs):
            lows = [f.n for f in fs if f.op == ast.AT_LEAST]  # type: ignore[union-attr]
            highs = [f.n for f in fs if f.op == ast.FEWER_THAN]  # type: ignore[union-attr]
            if lows and highs and lows[0] >= highs[0]:
                return f"at least {lows[0]} objects and fewer than {highs[0]} cannot both hold"
        raise Refusal(
            f"counting gives ⊥ from |L| ≥ n and |L| < m with n ≥ m; {_describe(prem) or 'none'}"
        )
    if not isinstance(concl, Card):
        raise Refusal(f"counting concludes |L| ≥ n, |L| < n or ⊥, not {show(concl)}")
    if concl.op == ast.AT_LEAST and concl.n == 1 and not fs:
        return "there is at least one object (an axiom of the game)"
    if len(fs) == 1 and isinstance(fs[0], Card):
        f = fs[0]
        if f.op == concl.op and (
            (f.op == ast.AT_LEAST and concl.n <= f.n) or (f.op == ast.FEWER_THAN and concl.n >= f.n)
        ):
            return "a weaker bound"
        raise Refusal(f"{show(concl)} is not a weaker bound than {show(f)}")
    if concl.op != ast.AT_LEAST:
        raise Refusal(f"counting cannot conclude {show(concl)} from distinct objects")
    pairs: set[frozenset] = set()
    for p in prem:
        if not _distinct_pairs(p.formula, pairs):  # type: ignore[arg-type]
            raise Refusal(
                f"counting needs statements s ≠ t (joined by ∧ if you like); {p.name()} is "
                f"{show(p.formula)}"  # type: ignore[arg-type]
            )
    terms = {t for pair in pairs for t in pair}
    n = concl.n
    if len(terms) != n:
        raise Refusal(
            f"|L| ≥ {n} needs {n} objects shown pairwise distinct; the cited lines mention "
            f"{len(terms)} terms"
        )
    ordered = sorted(terms, key=show)
    for i, s in enumerate(ordered):
        for t in ordered[i + 1 :]:
            if frozenset((s, t)) not in pairs:
                raise Refusal(
                    f"|L| ≥ {n} needs every two of the {n} terms distinct; {show(s)} ≠ {show(t)} "
                    "is not among the cited lines"
                )
    return f"{n} pairwise distinct objects"


# ------------------------------------------------- ∃! and |L| by definition


def unique_definition(q: Quant, other: str) -> Formula:
    """∃!x φ is ∃x (φ ∧ ∀y (φ(y) → y = x)), ``other`` the name of y (new to φ)."""
    x = q.var
    at_most = Quant(
        FORALL, other, Implies(ast.substitute(q.body, x, Var(other)), Eq(Var(other), Var(x)))
    )
    return Quant(EXISTS, x, And(q.body, at_most))


def size_definition(c: Card, names: list[str]) -> Formula:
    """|L| ≥ n is ∃x1…∃xn (x1 ≠ x2 ∧ …), every two distinct; |L| < n is
    ∃x1…∃x(n-1) ∀y (y = x1 ∨ …); for n ≤ 1, ∃x x = x and ¬∃x x = x. ``names``: enough
    variable names new to the statement (n + 1 suffice)."""
    if c.n <= 1:
        x = names[0]
        some: Formula = Quant(EXISTS, x, Eq(Var(x), Var(x)))
        return some if c.op == ast.AT_LEAST else Not(some)
    body: Formula | None = None
    if c.op == ast.AT_LEAST:
        xs = names[: c.n]
        for i, a in enumerate(xs):
            for b in xs[i + 1 :]:
                d = Not(Eq(Var(a), Var(b)))
                body = d if body is None else And(body, d)
    else:
        xs, y = names[: c.n - 1], names[c.n - 1]
        cover: Formula | None = None
        for a in xs:
            e = Eq(Var(y), Var(a))
            cover = e if cover is None else Or(cover, e)
        assert cover is not None
        body = Quant(FORALL, y, cover)
    assert body is not None
    for a in reversed(xs):
        body = Quant(EXISTS, a, body)
    return body


def _definitions(f: Formula, depth: int) -> Iterator[Formula]:
    """What a canonical ∃! or |L| part at this depth means, canonically named."""
    if isinstance(f, Quant) and f.kind == ast.UNIQUE:
        yield canon(unique_definition(f, "%other"), {}, depth)
    elif isinstance(f, Card):
        yield canon(size_definition(f, [f"%v{i}" for i in range(f.n + 1)]), {}, depth)


def _one_defined(p: Formula, c: Formula, depth: int) -> bool:
    """``c`` is ``p`` with one ∃! or |L| part replaced by its definition."""
    if any(r == c for r in _definitions(p, depth)):
        return True
    if type(p) is not type(c):
        return False
    if isinstance(p, Not):
        return _one_defined(p.body, c.body, depth)
    if isinstance(p, BINARY):
        return (p.left == c.left and _one_defined(p.right, c.right, depth)) or (
            p.right == c.right and _one_defined(p.left, c.left, depth)
        )
    if isinstance(p, Quant):
        return p.kind == c.kind and p.var == c.var and _one_defined(p.body, c.body, depth + 1)
    return False


def definition(concl: Formula, prem: list[Premise], ctx: Context) -> str:
    (f,) = _lines("definition", prem, 1, "the statement to rewrite")
    a, b = canon(f), canon(concl)
    if _one_defined(a, b, 0) or _one_defined(b, a, 0):
        return "writes one ∃! or |L| by its definition (or back)"
    raise Refusal(
        "by definition, ∃!x φ is ∃x (φ ∧ ∀y (φ(y) → y = x)), |L| ≥ n is ∃x1…∃xn with every "
        "two distinct (x1 ≠ x2 ∧ …), |L| < n is ∃x1…∃x(n-1) ∀y (y = x1 ∨ …); "
        f"{show(concl)} is not {show(f)} with one of them rewritten so"
    )


RULE_CHECKS: dict[str, Callable[[Formula, list[Premise], Context], str]] = {
    "reit": reit,
    "mp": modus_ponens,
    "mt": modus_tollens,
    "hs": hypothetical_syllogism,
    "ds": disjunctive_syllogism,
    "and_i": and_intro,
    "and_e": and_elim,
    "or_i": or_intro,
    "or_e": or_elim,
    "imp_i": imp_intro,
    "iff_i": iff_intro,
    "iff_e": iff_elim,
    "dem": de_morgan,
    "dn": double_negation,
    "forall_e": forall_elim,
    "forall_i": forall_intro,
    "exists_i": exists_intro,
    "exists_e": exists_elim,
    "eq_e": eq_elim,
    "eq_i": eq_intro,
    "bot_i": bot_intro,
    "bot_e": bot_elim,
    "pbc": proof_by_contradiction,
    "count": counting,
    "def": definition,
}


def check_rule(rule: str, concl: Formula, prem: list[Premise], ctx: Context) -> str:
    """What the rule did (raises :class:`Refusal` when it does not apply)."""
    return RULE_CHECKS[rule](concl, prem, ctx)
