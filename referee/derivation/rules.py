"""The rules of natural deduction, checked exactly, on syntax trees, with no solver.

Each rule takes the line's statement, its premises (in the order cited) and
the context (open assumptions, fresh names in scope) and either returns a short
account of what it did or raises :class:`Refusal` saying what the rule needed
and did not get, both as :class:`~referee.derivation.reasons.Said` (the interface
words them). Formulas are compared up to the names of bound variables
(∀x happy(x) is ∀y happy(y)), nothing more: a = b is not b = a here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import permutations

from referee.derivation.reasons import Refusal, Said, Why
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
    """A hole (its name, the one argument) would capture a bound variable."""


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
        raise Refusal(Why.WOULD_CAPTURE, var=exc.args[0]) from None
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
            raise _Capture(p.name)
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


def _lines(rule: str, prem: list[Premise], n: int) -> list[Formula]:
    """The ``n`` lines (no subproof) ``rule`` (its key) cites."""
    if len(prem) != n or any(p.is_subproof for p in prem):
        raise Refusal(
            Why.CITES_N_LINES,
            rule=rule,
            n=n,
            got=tuple(prem),
        )
    return [p.formula for p in prem]  # type: ignore[misc]


def reit(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("reit", prem, 1)
    if not same(f, concl):
        raise Refusal(Why.REIT_NOT_THE_SAME, prem_0=prem[0], f=f)
    return Said.of(Why.REIT_HOLDS, prem_0=prem[0])


def modus_ponens(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    fs = _lines("mp", prem, 2)
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        imp, other = fs[i], fs[j]
        if not isinstance(imp, Implies):
            continue
        if not same(other, imp.left):
            if same(other, imp.right):
                reasons.append(
                    Said.of(
                        Why.MP_AFFIRMS_THE_CONSEQUENT,
                        prem_j=prem[j],
                        imp_right=imp.right,
                        prem_i=prem[i],
                        imp_left=imp.left,
                    )
                )
            else:
                reasons.append(
                    Said.of(
                        Why.MP_NEEDS_THE_ANTECEDENT,
                        imp_left=imp.left,
                        prem_i=prem[i],
                        prem_j=prem[j],
                        other=other,
                    )
                )
            continue
        if not same(concl, imp.right):
            reasons.append(
                Said.of(
                    Why.MP_GIVES_OTHER,
                    imp=imp,
                    other=other,
                    imp_right=imp.right,
                    concl=concl,
                )
            )
            continue
        return Said.of(Why.MP_HOLDS, prem_i=prem[i], prem_j=prem[j])
    if not reasons:
        raise Refusal(Why.MP_NEEDS_AN_IMPLICATION, cited=tuple(prem))
    raise Refusal(reasons[0])


def modus_tollens(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    fs = _lines("mt", prem, 2)
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        imp, other = fs[i], fs[j]
        if not isinstance(imp, Implies):
            continue
        if not same(other, Not(imp.right)):
            if same(other, Not(imp.left)):
                reasons.append(
                    Said.of(
                        Why.MT_DENIES_THE_ANTECEDENT,
                        prem_j=prem[j],
                        imp_left=imp.left,
                        prem_i=prem[i],
                        not_imp_right=Not(imp.right),
                    )
                )
            else:
                reasons.append(
                    Said.of(
                        Why.MT_NEEDS_THE_NEGATED_CONSEQUENT,
                        not_imp_right=Not(imp.right),
                        prem_i=prem[i],
                        prem_j=prem[j],
                        other=other,
                    )
                )
            continue
        if not same(concl, Not(imp.left)):
            reasons.append(
                Said.of(
                    Why.MT_GIVES_OTHER,
                    imp=imp,
                    other=other,
                    not_imp_left=Not(imp.left),
                    concl=concl,
                )
            )
            continue
        return Said.of(Why.MT_HOLDS, prem_i=prem[i], prem_j=prem[j])
    if not reasons:
        raise Refusal(Why.MT_NEEDS_AN_IMPLICATION, cited=tuple(prem))
    raise Refusal(reasons[0])


def hypothetical_syllogism(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    a, b = _lines("hs", prem, 2)
    if not (isinstance(a, Implies) and isinstance(b, Implies)):
        raise Refusal(Why.HS_NEEDS_TWO_IMPLICATIONS, cited=tuple(prem))
    for first, second in ((a, b), (b, a)):
        if same(first.right, second.left):
            target = Implies(first.left, second.right)
            if same(concl, target):
                return Said.of(Why.HS_HOLDS)
            raise Refusal(Why.HS_GIVES_OTHER, target=target, concl=concl)
    raise Refusal(Why.HS_DO_NOT_CHAIN, cited=tuple(prem))


def disjunctive_syllogism(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    fs = _lines("ds", prem, 2)
    reasons = []
    for i, j in ((0, 1), (1, 0)):
        dis, other = fs[i], fs[j]
        if not isinstance(dis, Or):
            continue
        for denied, rest in ((dis.left, dis.right), (dis.right, dis.left)):
            if same(other, Not(denied)):
                if same(concl, rest):
                    return Said.of(Why.DS_HOLDS, prem_j=prem[j], prem_i=prem[i])
                reasons.append(
                    Said.of(
                        Why.DS_GIVES_OTHER,
                        not_denied=Not(denied),
                        dis=dis,
                        rest=rest,
                        concl=concl,
                    )
                )
        if same(other, dis.left) or same(other, dis.right):
            reasons.append(
                Said.of(
                    Why.DS_AFFIRMS_A_SIDE,
                    prem_j=prem[j],
                    dis=dis,
                    not_dis_left=Not(dis.left),
                    not_dis_right=Not(dis.right),
                )
            )
        else:
            reasons.append(
                Said.of(
                    Why.DS_NEEDS_A_SIDE_DENIED,
                    not_dis_left=Not(dis.left),
                    not_dis_right=Not(dis.right),
                    prem_j=prem[j],
                    other=other,
                )
            )
    if not reasons:
        raise Refusal(Why.DS_NEEDS_A_DISJUNCTION, cited=tuple(prem))
    raise Refusal(reasons[0])


def and_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    if not isinstance(concl, And):
        raise Refusal(Why.AND_I_NOT_A_CONJUNCTION, concl=concl)
    if len(prem) not in (1, 2) or any(p.is_subproof for p in prem):
        raise Refusal(Why.AND_I_CITES_TWO_LINES)
    fs = [p.formula for p in prem]
    for side in (concl.left, concl.right):
        if not any(same(f, side) for f in fs):
            raise Refusal(Why.AND_I_SIDE_NOT_CITED, side=side, cited=tuple(prem))
    if len(fs) == 2 and not all(same(f, concl.left) or same(f, concl.right) for f in fs):
        raise Refusal(Why.AND_I_CITED_NOT_A_SIDE, concl=concl, cited=tuple(prem))
    return Said.of(Why.AND_I_HOLDS)


def and_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("and_e", prem, 1)
    if not isinstance(f, And):
        raise Refusal(Why.AND_E_NEEDS_A_CONJUNCTION, prem_0=prem[0], f=f)
    if same(concl, f.left) or same(concl, f.right):
        return Said.of(Why.AND_E_HOLDS)
    raise Refusal(Why.AND_E_GIVES_OTHER, f_left=f.left, f_right=f.right, f=f, concl=concl)


def or_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("or_i", prem, 1)
    if not isinstance(concl, Or):
        raise Refusal(Why.OR_I_NOT_A_DISJUNCTION, concl=concl)
    if same(f, concl.left) or same(f, concl.right):
        return Said.of(Why.OR_I_HOLDS)
    raise Refusal(Why.OR_I_CITED_NOT_A_SIDE, concl=concl, prem_0=prem[0], f=f)


def _split(prem: list[Premise]) -> tuple[list[Premise], list[Premise]]:
    return [p for p in prem if not p.is_subproof], [p for p in prem if p.is_subproof]


def or_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    lines, subs = _split(prem)
    dis_lines = [p for p in lines if isinstance(p.formula, Or)]
    if not dis_lines:
        raise Refusal(Why.OR_E_NEEDS_A_DISJUNCTION)
    dis_p = dis_lines[0]
    dis = dis_p.formula
    assert isinstance(dis, Or)
    cases: list[tuple[Formula | None, Formula, Premise]] = []
    if len(subs) == 2 and len(lines) == 1:
        cases = [(s.assumption, s.last, s) for s in subs]  # type: ignore[misc]
    elif not subs and len(lines) == 3:
        others = [p for p in lines if p is not dis_p]
        for p in others:
            if not isinstance(p.formula, Implies):
                raise Refusal(Why.OR_E_CASE_NOT_AN_IMPLICATION, p=p, p_formula=p.formula)
            cases.append((p.formula.left, p.formula.right, p))
    else:
        raise Refusal(Why.OR_E_CITES_TWO_CASES)
    for assumed, reached, name in cases:
        if assumed is None:
            raise Refusal(Why.OR_E_CASE_ASSUMES_NOTHING, name=name)
        if not same(reached, concl):
            raise Refusal(Why.OR_E_CASE_REACHES_OTHER, name=name, reached=reached, concl=concl)
    a, b = cases[0][0], cases[1][0]
    if (same(a, dis.left) and same(b, dis.right)) or (same(a, dis.right) and same(b, dis.left)):
        return Said.of(Why.OR_E_HOLDS)
    raise Refusal(
        Why.OR_E_CASES_NOT_THE_SIDES, dis_left=dis.left, dis_right=dis.right, dis_p=dis_p, a=a, b=b
    )


def _one_subproof(rule: str, prem: list[Premise]) -> Premise:
    if len(prem) != 1 or not prem[0].is_subproof:
        raise Refusal(Why.CITES_ONE_SUBPROOF, rule=rule, got=tuple(prem))
    return prem[0]


def imp_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    sub = _one_subproof("imp_i", prem)
    if sub.assumption is None:
        raise Refusal(Why.IMP_I_ASSUMES_NOTHING, sub=sub)
    target = Implies(sub.assumption, sub.last)  # type: ignore[arg-type]
    if same(concl, target):
        return Said.of(Why.IMP_I_HOLDS)
    raise Refusal(Why.IMP_I_SHOWS_OTHER, sub=sub, target=target, concl=concl)


def iff_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    if not isinstance(concl, Iff):
        raise Refusal(Why.IFF_I_NOT_A_BICONDITIONAL, concl=concl)
    if len(prem) != 2:
        raise Refusal(Why.IFF_I_CITES_TWO)
    have = []
    for p in prem:
        if p.is_subproof:
            if p.assumption is None:
                raise Refusal(Why.IFF_I_ASSUMES_NOTHING, p=p)
            have.append(Implies(p.assumption, p.last))  # type: ignore[arg-type]
        elif isinstance(p.formula, Implies):
            have.append(p.formula)
        else:
            raise Refusal(Why.IFF_I_NEEDS_IMPLICATIONS, p=p, p_formula=p.formula)
    need = [Implies(concl.left, concl.right), Implies(concl.right, concl.left)]
    for order in permutations(have):
        if all(same(x, y) for x, y in zip(order, need, strict=True)):
            return Said.of(Why.IFF_I_HOLDS)
    raise Refusal(
        Why.IFF_I_GIVES_OTHER,
        need_0=need[0],
        need_1=need[1],
        have=tuple(have),
    )


def iff_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    lines, subs = _split(prem)
    if subs or len(lines) not in (1, 2):
        raise Refusal(Why.IFF_E_CITES)
    iffs = [p for p in lines if isinstance(p.formula, Iff)]
    if not iffs:
        raise Refusal(Why.IFF_E_NEEDS_A_BICONDITIONAL, cited=tuple(prem))
    for p in iffs:
        f = p.formula
        assert isinstance(f, Iff)
        if len(lines) == 1:
            if same(concl, Implies(f.left, f.right)) or same(concl, Implies(f.right, f.left)):
                return Said.of(Why.IFF_E_ONE_DIRECTION)
            continue
        other = lines[1] if p is lines[0] else lines[0]
        for a, b in ((f.left, f.right), (f.right, f.left)):
            if same(other.formula, a) and same(concl, b):
                return Said.of(Why.IFF_E_OTHER_SIDE)
    raise Refusal(Why.IFF_E_GIVES_OTHER, cited=tuple(prem), concl=concl)


def de_morgan(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("dem", prem, 1)
    if _rewrites_one_place(f, concl, _dem_rewrites):
        return Said.of(Why.DEM_HOLDS)
    raise Refusal(Why.DEM_NOT_A_REWRITING, concl=concl, f=f)


def double_negation(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("dn", prem, 1)
    if _rewrites_one_place(f, concl, _dn_rewrites):
        return Said.of(Why.DN_HOLDS)
    raise Refusal(Why.DN_NOT_A_REWRITING, concl=concl, f=f)


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


def forall_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("forall_e", prem, 1)
    prefix = _prefix(f, FORALL)
    if not prefix:
        raise Refusal(Why.FORALL_E_NEEDS_A_FORALL, prem_0=prem[0], f=f)
    found = _instance_of_prefix(prefix, concl)
    if found is not None:
        holes, binding = found
        terms = tuple((v, binding[v]) for v in holes if v in binding)
        if terms:
            return Said.of(Why.FORALL_E_INSTANTIATES, terms=terms)
        return Said.of(Why.FORALL_E_DROPS_VACUOUS)
    raise Refusal(Why.FORALL_E_NOT_AN_INSTANCE, concl=concl, f=f)


def exists_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("exists_i", prem, 1)
    prefix = _prefix(concl, EXISTS)
    if not prefix:
        raise Refusal(Why.EXISTS_I_NOT_AN_EXISTS, concl=concl)
    found = _instance_of_prefix(prefix, f)
    if found is not None:
        holes, binding = found
        terms = tuple((v, binding[v]) for v in holes if v in binding)
        if terms:
            return Said.of(Why.EXISTS_I_GENERALISES, terms=terms)
        return Said.of(Why.EXISTS_I_ADDS_VACUOUS)
    raise Refusal(Why.EXISTS_I_NOT_AN_INSTANCE, prem_0=prem[0], f=f, concl=concl)


def forall_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    if not (isinstance(concl, Quant) and concl.kind == FORALL):
        raise Refusal(Why.FORALL_I_NOT_A_FORALL, concl=concl)
    if len(prem) != 1:
        raise Refusal(Why.FORALL_I_CITES_ONE)
    p = prem[0]
    x, body = concl.var, concl.body
    if p.is_subproof:
        if p.assumption is not None:
            raise Refusal(Why.FORALL_I_SUBPROOF_ASSUMES, p=p, p_assumption=p.assumption)
        if len(p.constants) != 1:
            raise Refusal(Why.FORALL_I_ONE_FRESH_NAME, p=p)
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
        raise Refusal(Why.FORALL_I_NOT_AN_INSTANCE, p=p, reached=reached, body=body, x=x)
    term = binding.get(x)
    if term is None:  # x does not occur: a vacuous ∀
        return Said.of(Why.FORALL_I_VACUOUS)
    if not (isinstance(term, App) and not term.args):
        raise Refusal(Why.FORALL_I_NOT_A_NAME, x=x, term=term)
    name = term.name
    if fresh is not None and name != fresh:
        raise Refusal(Why.FORALL_I_OTHER_NAME, p=p, fresh=fresh, x=x, name=name)
    if name not in allowed:
        raise Refusal(Why.FORALL_I_NOT_FRESH, name=name)
    if name in names_in(concl):
        raise Refusal(Why.FORALL_I_NAME_REMAINS, name=name, concl=concl, x=x)
    if fresh is None:
        for label, assumption in ctx.open_assumptions:
            if name in names_in(assumption):
                raise Refusal(
                    Why.FORALL_I_FREE_IN_ASSUMPTION,
                    name=name,
                    label=label,
                    assumption=assumption,
                    x=x,
                )
    return Said.of(Why.FORALL_I_HOLDS, name=name)


def exists_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    lines, subs = _split(prem)
    if len(lines) != 1 or len(subs) != 1:
        raise Refusal(Why.EXISTS_E_CITES)
    ex, sub = lines[0], subs[0]
    f = ex.formula
    prefix = _prefix(f, EXISTS)  # type: ignore[arg-type]
    if not prefix:
        raise Refusal(Why.EXISTS_E_NEEDS_AN_EXISTS, ex=ex, f=f)  # type: ignore
    k = len(sub.constants)
    if k == 0 or sub.assumption is None:
        raise Refusal(Why.EXISTS_E_OPENS_WITHOUT_WITNESS, sub=sub)
    if k > len(prefix):
        raise Refusal(Why.EXISTS_E_TOO_MANY_WITNESSES, sub=sub, k=k, ex=ex, len_prefix=len(prefix))
    holes = [v for v, _ in prefix[:k]]
    body = prefix[k - 1][1]
    binding = match(body, sub.assumption, holes)
    if binding is None:
        raise Refusal(
            Why.EXISTS_E_NOT_AN_INSTANCE,
            sub=sub,
            sub_assumption=sub.assumption,
            body=body,
            constants=sub.constants,
            holes=tuple(holes),
        )
    used = []
    for v in holes:
        t = binding.get(v)
        if t is None:
            continue
        if not (isinstance(t, App) and not t.args and t.name in sub.constants):
            raise Refusal(Why.EXISTS_E_WITNESS_NOT_FRESH, v=v, t=t)
        used.append(t.name)
    if len(set(used)) != len(used):
        raise Refusal(Why.EXISTS_E_SHARED_WITNESS)
    if not same(sub.last, concl):
        raise Refusal(Why.EXISTS_E_REACHES_OTHER, sub=sub, sub_last=sub.last, concl=concl)  # type: ignore
    escaped = [c for c in sub.constants if c in names_in(concl)]
    if escaped:
        c = escaped[0]
        raise Refusal(Why.EXISTS_E_WITNESS_ESCAPES, c=c, concl=concl, sub=sub)
    return Said.of(Why.EXISTS_E_HOLDS, constants=sub.constants, sub=sub)


def eq_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    fs = _lines("eq_e", prem, 2)
    eqs = [i for i, f in enumerate(fs) if isinstance(f, Eq)]
    if not eqs:
        raise Refusal(Why.EQ_E_NEEDS_AN_EQUATION, cited=tuple(prem))
    for i in eqs:
        eq, other = fs[i], fs[1 - i]
        assert isinstance(eq, Eq)
        ce = canon(eq)
        assert isinstance(ce, Eq)
        a, b = ce.left, ce.right
        if _substitutes(canon(other), canon(concl), a, b):
            return Said.of(Why.EQ_E_HOLDS, eq_left=eq.left, eq_right=eq.right)
    eq = fs[eqs[0]]
    raise Refusal(
        Why.EQ_E_NOT_A_REPLACEMENT,
        concl=concl,
        other=fs[1 - eqs[0]],
        eq_left=eq.left,
        eq_right=eq.right,  # type: ignore[union-attr]
    )


def eq_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    if prem:
        raise Refusal(Why.EQ_I_CITES_NOTHING)
    if isinstance(concl, Eq) and concl.left == concl.right:
        return Said.of(Why.EQ_I_HOLDS)
    raise Refusal(Why.EQ_I_GIVES_OTHER, concl=concl)


def bot_intro(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    a, b = _lines("bot_i", prem, 2)
    if not isinstance(concl, Falsum):
        raise Refusal(Why.BOT_I_NOT_FALSUM, concl=concl)
    if same(b, Not(a)) or same(a, Not(b)):
        return Said.of(Why.BOT_I_HOLDS)
    raise Refusal(Why.BOT_I_NO_CONTRADICTION, cited=tuple(prem))


def bot_elim(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("bot_e", prem, 1)
    if isinstance(f, Falsum):
        return Said.of(Why.BOT_E_HOLDS)
    raise Refusal(Why.BOT_E_NEEDS_FALSUM, prem_0=prem[0], f=f)


def proof_by_contradiction(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    sub = _one_subproof("pbc", prem)
    if sub.assumption is None:
        raise Refusal(Why.PBC_ASSUMES_NOTHING, sub=sub)
    if not isinstance(sub.last, Falsum):
        raise Refusal(Why.PBC_NOT_ENDING_IN_FALSUM, sub=sub, sub_last=sub.last)
    a = sub.assumption
    if same(concl, Not(a)):
        return Said.of(Why.PBC_HOLDS, a=a)
    if same(a, Not(concl)):
        return Said.of(Why.PBC_HOLDS, a=a)
    raise Refusal(Why.PBC_GIVES_OTHER, sub=sub, a=a, not_a=Not(a), concl=concl)


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


def counting(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    """|L| ≥ n from n pairwise distinct terms; weaker bounds; ⊥ from clashing bounds."""
    if any(p.is_subproof for p in prem):
        raise Refusal(Why.COUNT_CITES_A_SUBPROOF)
    fs = [p.formula for p in prem]
    if isinstance(concl, Falsum):
        if len(fs) == 2 and all(isinstance(f, Card) for f in fs):
            lows = [f.n for f in fs if f.op == ast.AT_LEAST]  # type: ignore[union-attr]
            highs = [f.n for f in fs if f.op == ast.FEWER_THAN]  # type: ignore[union-attr]
            if lows and highs and lows[0] >= highs[0]:
                return Said.of(Why.COUNT_BOUNDS_CLASH, lows_0=lows[0], highs_0=highs[0])
        raise Refusal(Why.COUNT_NO_CLASH, cited=tuple(prem))
    if not isinstance(concl, Card):
        raise Refusal(Why.COUNT_NOT_A_SIZE, concl=concl)
    if concl.op == ast.AT_LEAST and concl.n == 1 and not fs:
        return Said.of(Why.COUNT_AT_LEAST_ONE)
    if len(fs) == 1 and isinstance(fs[0], Card):
        f = fs[0]
        if f.op == concl.op and (
            (f.op == ast.AT_LEAST and concl.n <= f.n) or (f.op == ast.FEWER_THAN and concl.n >= f.n)
        ):
            return Said.of(Why.COUNT_WEAKER_BOUND)
        raise Refusal(Why.COUNT_NOT_WEAKER, concl=concl, f=f)
    if concl.op != ast.AT_LEAST:
        raise Refusal(Why.COUNT_NOT_FROM_DISTINCT, concl=concl)
    pairs: set[frozenset] = set()
    for p in prem:
        if not _distinct_pairs(p.formula, pairs):  # type: ignore[arg-type]
            raise Refusal(
                Why.COUNT_NEEDS_DISTINCTNESS,
                p=p,
                p_formula=p.formula,  # type: ignore[arg-type]
            )
    terms = {t for pair in pairs for t in pair}
    n = concl.n
    if len(terms) != n:
        raise Refusal(Why.COUNT_WRONG_NUMBER_OF_TERMS, n=n, len_terms=len(terms))
    ordered = sorted(terms, key=show)
    for i, s in enumerate(ordered):
        for t in ordered[i + 1 :]:
            if frozenset((s, t)) not in pairs:
                raise Refusal(Why.COUNT_PAIR_MISSING, n=n, s=s, t=t)
    return Said.of(Why.COUNT_HOLDS, n=n)


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


def definition(concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    (f,) = _lines("def", prem, 1)
    a, b = canon(f), canon(concl)
    if _one_defined(a, b, 0) or _one_defined(b, a, 0):
        return Said.of(Why.DEF_HOLDS)
    raise Refusal(Why.DEF_NOT_A_REWRITING, concl=concl, f=f)


RULE_CHECKS: dict[str, Callable[[Formula, list[Premise], Context], Said]] = {
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


def check_rule(rule: str, concl: Formula, prem: list[Premise], ctx: Context) -> Said:
    """What the rule did (raises :class:`Refusal` when it does not apply), as data."""
    return RULE_CHECKS[rule](concl, prem, ctx)
