"""What the shapes Lark read mean against a vocabulary, or why they mean nothing.

The grammar knows no vocabulary: whether ``f(x)`` is a statement or an
object, whether a bare name is a variable, a constant or a proposition, is
decided here, and every shape that means nothing is refused with a
:class:`ParseError` in the players' terms, pointing at it. The check runs top
down, as a reader does: a quantifier's variables are known before its body,
and of several problems the first one in the text (the outer one first) is
the one reported. Once it passes, ``referee.language.parser`` builds the AST
bottom up, with nothing left to decide.
"""

from __future__ import annotations

import difflib

from lark import Token, Tree

from referee.language import ast
from referee.language.english import and_list, count, thousands
from referee.language.errors import ParseError
from referee.language.limits import MAX_CARDINALITY, read_natural
from referee.language.suggestions import Reading, near_keyword, sample_args
from referee.language.syntax import FORMULA_SHAPES, parts, span_of, unwrap


class Resolution:
    """Checks one reading's tree against its vocabulary (raising the first problem)."""

    def __init__(self, reading: Reading) -> None:
        self.reading = reading
        self.text = reading.text
        self.vocabulary = reading.vocabulary
        self.free = reading.free
        for name in self.free:
            if name in self.vocabulary:
                raise ParseError(
                    f"{name} is a {self.vocabulary.kind(name)}; it cannot be a variable", self.text
                )

    # -- helpers
    def error(self, message: str, node: Tree | Token) -> ParseError:
        span = span_of(node)
        if span is None:
            return ParseError(message, self.text, 1, 1)
        width = span.end - span.start if span.end_line == span.line else 1
        return ParseError(message, self.text, span.line, span.column, width)

    def source(self, node: Tree | Token) -> str:
        span = span_of(node)
        if span is None:
            return "this"
        return self.text[span.start : span.end]

    def is_formula_shape(self, node: Tree | Token, bound: tuple[str, ...]) -> bool:
        node = unwrap(node)
        if isinstance(node, Token):
            return False
        if node.data in FORMULA_SHAPES:
            return True
        if node.data in ("app", "name"):
            name = str(node.children[0])
            return name in self.vocabulary.predicates and name not in bound
        return False

    def unknown_names(self, node: Tree | Token, bound: tuple[str, ...]) -> list[str]:
        """Names in ``node`` that are no symbol, given name or variable in scope."""
        found: list[str] = []
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, Token):
                continue
            if n.data in ("app", "name"):
                name = str(n.children[0])
                if name not in self.vocabulary and name not in bound and name not in found:
                    found.append(name)
            if n.data in ("quant", "naming"):
                continue  # binds its own names: reported where it is read
            stack.extend(reversed(n.children))
        return found

    def unknown_note(self, node: Tree | Token, bound: tuple[str, ...]) -> str:
        names = self.unknown_names(node, bound)
        if not names:
            return ""
        if len(names) == 1:
            return (
                f" ({names[0]} is an unknown name: not a symbol of this deck, a name given "
                "with ∃!, or a variable bound by a quantifier)"
            )
        return (
            f" ({and_list(names)} are unknown names: not symbols of this deck, names given "
            "with ∃!, or variables bound by a quantifier)"
        )

    def describe_statement(self, node: Tree) -> str:
        return f"{self.source(node)} is a statement (true or false)"

    def unknown(self, name: str, node: Tree | Token, bound: tuple[str, ...]) -> ParseError:
        known = list(self.vocabulary.predicates) + list(self.vocabulary.functions) + list(bound)
        close = [c for c in difflib.get_close_matches(name, known, n=3, cutoff=0.7)]
        guess = self.reading.fix(node, close, whole=False)
        hint = f": did you mean {guess}?" if guess else ""
        keyword = near_keyword(name)
        if keyword and not close and self.reading.fix(node, [keyword], whole=False):
            hint = f": did you mean the keyword {keyword!r}?"
        if len(name) == 1 and name.islower() and not close:
            before = ""
            quantified = [f"{q}{name} " for q in ("∀", "∃")]
            if self.reading.statement and all(self.reading.fits(0, 0, q) for q in quantified):
                before = f" (write ∀{name} or ∃{name} before it)"
            return self.error(f"{name} is not bound by any quantifier{before}", node)
        return self.error(
            f"unknown name {name!r}: it is not a symbol of this deck, a name given with ∃!, "
            f"or a variable bound by a quantifier{hint}",
            node,
        )

    # -- statements
    def formula(self, node: Tree | Token, bound: tuple[str, ...] = ()) -> None:
        """Raise the first problem of ``node`` read as a statement (none: it reads)."""
        self._formula(node, bound or self.free)

    def _formula(self, node: Tree | Token, bound: tuple[str, ...]) -> None:
        node = unwrap(node)  # parentheses change nothing a statement means
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            raise self.error(f"unexpected {str(node)!r}", node)
        kind = node.data
        subtrees = parts(node)
        if kind == "iff" and len(subtrees) > 2:
            a, b, c = (self.source(p) for p in subtrees[:3])
            ways = [f"({a} ↔ {b}) ↔ {c}", f"{a} ↔ ({b} ↔ {c})"]
            fits = [w for w in ways if self.reading.fix_between(subtrees[0], subtrees[2], [w])]
            how = (
                f"write {' or '.join(fits)}"
                if fits
                else "add parentheses to say which ↔ comes first"
            )
            chain = f"{a} ↔ {b} ↔ {c}" + (" ↔ …" if len(subtrees) > 3 else "")
            raise self.error(f"{chain} is ambiguous: {how}", node)
        if kind in ("iff", "imp", "or_", "and_"):
            for part in subtrees:
                self._formula(part, bound)
        elif kind == "neg":
            self._formula(node.children[1], bound)
        elif kind == "quant":
            self._quant(node, bound)
        elif kind == "eq":
            self._equation(node, bound)
        elif kind == "card":
            self._card(node)
        elif kind == "app":
            self._atom_app(node, bound)
        elif kind == "name":
            self._atom_name(node, bound)
        elif kind == "sum":
            src = self.source(node)
            example = self.reading.fix(node, [f"{src} = {v}" for v in reversed(bound)])
            say = f"e.g. {example}" if example else "with = or a predicate"
            # a chain (a + b + c) is also ambiguous, as the rules say: say both
            chain = " (an ambiguous one: add parentheses to say which comes first)"
            raise self.error(
                f"{src} is an object, not a statement{chain if len(parts(node)) > 2 else ''}: "
                f"say something about it, {say}" + self.unknown_note(node, bound),
                node,
            )
        elif kind != "falsum":
            raise self.error(f"cannot read {self.source(node)!r} as a statement", node)

    def _quant(self, node: Tree, bound: tuple[str, ...]) -> None:
        qnode, body = node.children[0], node.children[-1]
        var_toks = [c for c in node.children if isinstance(c, Token) and c.type == "NAME"]
        tokens = qnode.children
        if tokens[0].type == "EXISTS_W" and len(tokens) > 1 and str(tokens[1]) != "!":
            raise self.error("write exists! (or ∃!) for 'there is exactly one'", tokens[1])
        unique = len(tokens) > 1 or tokens[0].type == "UNIQUE"  # ∃! or exists!
        if unique and len(var_toks) > 1:
            names = [str(t) for t in var_toks]
            raise self.error(
                f"∃!{', '.join(names)} would not say that exactly one pair exists: write "
                + " ".join(f"∃!{v}" for v in names)
                + " if that is what you mean (one ∃! for each variable)",
                node,
            )
        inner = bound
        for var_tok in var_toks:
            inner = inner + (self._variable(var_tok, inner),)
        self._formula(body, inner)

    def _variable(self, var_tok: Token, bound: tuple[str, ...]) -> str:
        var = str(var_tok)
        if var in self.vocabulary:
            raise self.error(
                f"{var} is a {self.vocabulary.kind(var)} of the deck; it cannot be used as a "
                "variable: choose another letter",
                var_tok,
            )
        if var[0].isdigit():
            raise self.error(f"{var} is a number; a variable must start with a letter", var_tok)
        if var in bound:
            raise self.error(
                f"the variable {var} is already bound by an outer quantifier: use another "
                "letter so each variable means one thing",
                var_tok,
            )
        return var

    def _card(self, node: Tree) -> None:
        n_tok = node.children[2]
        n = read_natural(str(n_tok), MAX_CARDINALITY)
        if n is None:
            raise self.error(
                f"n is at most {thousands(MAX_CARDINALITY)}: the referee cannot decide anything "
                "about larger domains in the time a table waits",
                n_tok,
            )
        if n < 1:
            raise self.error(f"n must be a positive integer, got {n}", n_tok)

    def _equation(self, node: Tree, bound: tuple[str, ...]) -> None:
        sides = parts(node)
        ops = [c for c in node.children if isinstance(c, Token)]
        if len(sides) > 2:
            a, b, c = (self.source(s) for s in sides[:3])
            o1, o2 = str(ops[0]), str(ops[1])
            both = f"{a} {o1} {b} ∧ {b} {o2} {c}"
            split = self.reading.fix_between(sides[0], sides[2], [both, f"({both})"])
            how = f"write {split}" if split else "write two equations joined by ∧"
            raise self.error(f"{self.source(node)} chains equalities: {how}", ops[1])
        left, right = sides
        left_f = self.is_formula_shape(left, bound)
        right_f = self.is_formula_shape(right, bound)
        if left_f and right_f:
            a, b = self.source(left), self.source(right)
            iff = self.reading.fix(node, [f"{a} ↔ {b}", f"({a} ↔ {b})"])
            meant = f": did you mean {iff}?" if iff else ""
            raise self.error(
                f"{a} and {b} are statements (true or false) and cannot be equal{meant}", node
            )
        for side, is_f in ((left, left_f), (right, right_f)):
            if is_f and unwrap(side).data == "name":  # a bare predicate name: not an object
                self.term(side, bound)
            if is_f:
                raise self.error(
                    f"{self.describe_statement(side)}; it cannot be equal to an object", side
                )
        self.term(left, bound)
        self.term(right, bound)

    def _atom_app(self, node: Tree, bound: tuple[str, ...]) -> None:
        name_tok = node.children[0]
        name = str(name_tok)
        args = node.children[1:]
        if name in bound:
            raise self.error(
                f"{name} is a variable, not a predicate: it takes no arguments", name_tok
            )
        if name in self.vocabulary.functions:
            if not self.vocabulary.functions[name]:
                raise self.error(
                    f"{name} is a constant, not a predicate: it takes no arguments", node
                )
            raise self.error(
                f"{self.source(node)} is an object, not a statement: {name} is a function, "
                "it names an object; say something about that object",
                node,
            )
        if name not in self.vocabulary.predicates:
            raise self.unknown(name, name_tok, bound)
        self._check_arity(name, self.vocabulary.predicates[name], len(args), node)
        for arg in args:
            self.term(arg, bound)

    def _atom_name(self, node: Tree, bound: tuple[str, ...]) -> None:
        tok = node.children[0]
        name = str(tok)
        if name in bound:
            unary = sorted(p for p, a in self.vocabulary.predicates.items() if a == 1)
            example = self.reading.fix(tok, [f"{p}({name})" for p in unary])
            say = f", e.g. {example}" if example else ""
            raise self.error(
                f"{name} is an object (a variable), not a statement: say something about it{say}",
                tok,
            )
        if name in self.vocabulary.predicates:
            arity = self.vocabulary.predicates[name]
            if arity:
                written = self.reading.fix(tok, [f"{name}({a})" for a in sample_args(arity, bound)])
                how = f": write {written}" if written else ""
                raise self.error(f"{name} takes {count(arity, 'argument')}, got 0{how}", tok)
            return
        if name in self.vocabulary.functions:
            raise self.error(
                f"{name} is a {self.vocabulary.kind(name)} (it names an object), not a statement",
                tok,
            )
        raise self.unknown(name, tok, bound)

    def _check_arity(self, name: str, arity: int, got: int, node: Tree) -> None:
        if arity == got:
            return
        how = ""
        if not arity and self.reading.fix(node, [name], whole=False):
            how = f": write {name} without parentheses"
        raise self.error(f"{name} takes {count(arity, 'argument')}, got {got}{how}", node)

    # -- objects
    def term(self, node: Tree | Token, bound: tuple[str, ...]) -> None:
        """Raise the first problem of ``node`` read as an object (none: it reads)."""
        node = unwrap(node)  # parentheses change nothing an object means
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            raise self.error(f"unexpected {str(node)!r}", node)
        kind = node.data
        if kind == "name":
            self._term_name(node, bound)
        elif kind == "app":
            self._term_app(node, bound)
        elif kind == "sum":
            self._sum(node, bound)
        elif self.is_formula_shape(node, bound):
            raise self.error(
                f"{self.describe_statement(node)}, it cannot stand where an object is expected",
                node,
            )
        else:
            raise self.error(f"cannot read {self.source(node)!r} as an object", node)

    def _term_name(self, node: Tree, bound: tuple[str, ...]) -> None:
        tok = node.children[0]
        name = str(tok)
        if name in bound:
            return
        if name in self.vocabulary.functions:
            arity = self.vocabulary.functions[name]
            if arity:
                example = self.reading.fix(tok, [f"{name}({a})" for a in sample_args(arity, bound)])
                as_in = f", as in {example}" if example else ""
                raise self.error(
                    f"{name} is a function: it takes {count(arity, 'argument')}{as_in}", tok
                )
            return
        if name in self.vocabulary.predicates:
            raise self.error(
                f"{name} is a {self.vocabulary.kind(name)}, it cannot stand where an object "
                "is expected",
                tok,
            )
        raise self.unknown(name, tok, bound)

    def _term_app(self, node: Tree, bound: tuple[str, ...]) -> None:
        name_tok = node.children[0]
        name = str(name_tok)
        args = node.children[1:]
        if name in self.vocabulary.predicates:
            raise self.error(
                f"{self.source(node)} is true or false, it cannot stand where an object is "
                f"expected ({name} is a {self.vocabulary.kind(name)})",
                node,
            )
        if name in bound:
            raise self.error(
                f"{name} is a variable, not a function: it takes no arguments", name_tok
            )
        if name not in self.vocabulary.functions:
            raise self.unknown(name, name_tok, bound)
        self._check_arity(name, self.vocabulary.functions[name], len(args), node)
        for arg in args:
            self.term(arg, bound)

    def _sum(self, node: Tree, bound: tuple[str, ...]) -> None:
        operands = parts(node)
        ops = [c for c in node.children if isinstance(c, Token)]
        if len(operands) > 2:
            a, b, c = (self.source(o) for o in operands[:3])
            o1, o2 = str(ops[0]), str(ops[1])
            ways = [f"({a} {o1} {b}) {o2} {c}", f"{a} {o1} ({b} {o2} {c})"]
            fits = [w for w in ways if self.reading.fix_between(operands[0], operands[2], [w])]
            how = (
                f"write {' or '.join(fits)}" if fits else "add parentheses to say which comes first"
            )
            chain = f"{a} {o1} {b} {o2} {c}" + (" …" if len(operands) > 3 else "")
            raise self.error(f"{chain} is ambiguous: {how}" + self.unknown_note(node, bound), node)
        op = str(ops[0])
        if op not in self.vocabulary.functions:
            raise self.error(f"{op} is not a function of this deck", ops[0])
        if self.vocabulary.functions[op] != 2:  # pragma: no cover - vocabulary forbids it
            raise self.error(f"{op} is not a binary function", ops[0])
        self.term(operands[0], bound)
        self.term(operands[1], bound)

    # -- naming
    def naming(self, node: Tree, formula: ast.Formula) -> ast.Naming:
        """The naming ``| name := x`` of the statement ``formula``, if the rules allow it."""
        target, var_tok = node.children[1], node.children[2]
        name_tok = target.children[0]
        name = str(name_tok)
        params = tuple(str(p) for p in target.children[1:])
        var = str(var_tok)
        span = span_of(node)
        if name in self.vocabulary:
            raise self.error(
                f"{name} is already a {self.vocabulary.kind(name)}: choose a new name", name_tok
            )
        if name[0].isdigit():
            raise self.error(f"{name} is a number; a name must start with a letter", name_tok)
        prefix: list[ast.Quant] = []
        node_f = formula
        while isinstance(node_f, ast.Quant):
            prefix.append(node_f)
            node_f = node_f.body
        target_q = next((q for q in prefix if q.var == var), None)
        if target_q is None:
            raise self.error(
                f"{var} is not introduced by the quantifiers at the front of the statement; "
                "only an object defined by a leading ∃! can be named",
                var_tok,
            )
        if target_q.kind != ast.UNIQUE:
            word = "∀" if target_q.kind == ast.FORALL else "∃"
            raise self.error(
                f"{var} is quantified by {word}, not ∃!: only a unique object can be named",
                var_tok,
            )
        before = prefix[: prefix.index(target_q)]
        if any(q.kind != ast.FORALL for q in before):
            raise self.error(
                f"∃!{var} comes after another ∃, so what it defines depends on a choice: the "
                "rules allow naming only after ∀ quantifiers",
                var_tok,
            )
        universals = tuple(q.var for q in before)
        if params != universals:
            if universals:
                want = f"{name}({', '.join(universals)})"
                why = "one argument per ∀ before the ∃!, in order"
            else:
                want = name
                why = "no ∀ comes before the ∃!, so it names an object"
            if self.reading.fix(target, [want], whole=False):
                raise self.error(f"write {want} := {var}: {why}", target)
            raise self.error(f"the name takes {why}", target)
        if name in universals or name in {q.var for q in prefix}:
            raise self.error(f"{name} is a variable of this statement: choose a new name", name_tok)
        return ast.Naming(name, params, var, span)
