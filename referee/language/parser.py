"""Text to statements: Lark parses shapes, this module decides what they mean.

The grammar (``grammar/palmer.lark``) knows no vocabulary. Here each shape is
resolved against a :class:`Vocabulary`: whether ``f(x)`` is a statement or an
object, whether a bare name is a variable, a constant or a proposition. Every
refusal is a :class:`ParseError` that says what is wrong in the players' terms
and where, so a table never sees a traceback.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from referee.language import ast
from referee.language.ast import Span
from referee.language.vocabulary import KEYWORDS, Vocabulary
from referee.resources import grammar_text

ASCII_KEYWORDS = ("forall", "exists", "not", "and", "or", "implies", "iff", "false")

_TOKEN_WORDS = {
    "FORALL": "∀",
    "FORALL_W": "forall",
    "EXISTS": "∃",
    "EXISTS_W": "exists",
    "UNIQUE": "∃!",
    "NOT": "¬",
    "NOT_W": "not",
    "AND": "∧",
    "AND_W": "and",
    "OR": "∨",
    "OR_W": "or",
    "IMP": "→",
    "IMP_W": "implies",
    "IFF": "↔",
    "IFF_W": "iff",
    "EQOP": "= or ≠",
    "CARD_L": "|L|",
    "CARD_OP": "≥ or <",
    "NAMING_BAR": "| (a naming)",
    "FALSUM": "⊥",
    "FALSUM_W": "false",
    "SYMOP": "an infix function such as +",
    "NAME": "a name",
    "INT": "a number",
    "LPAR": "(",
    "RPAR": ")",
    "COMMA": ",",
    "DOT": ".",
    "__ANON_0": ":=",
    "$END": "the end of the statement",
}


class ParseError(ValueError):
    """A statement that cannot be read, with where the problem is (1-based)."""

    def __init__(
        self, message: str, text: str = "", line: int = 1, column: int = 1, width: int = 1
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.line = line
        self.column = column
        self.width = max(1, width)

    def source_line(self) -> str:
        lines = self.text.splitlines() or [""]
        return lines[self.line - 1] if 0 < self.line <= len(lines) else ""

    def caret(self) -> str:
        src = self.source_line()
        width = min(self.width, max(1, len(src) - self.column + 1))
        return " " * (self.column - 1) + "^" * width

    def render(self, prefix: str = "") -> str:
        where = f"{prefix}line {self.line}, column {self.column}"
        return f"{where}: {self.message}\n  {self.source_line()}\n  {self.caret()}"

    def to_json(self) -> dict:
        return {"message": self.message, "line": self.line, "column": self.column}

    def __str__(self) -> str:
        return self.render()


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


def parse_statement(text: str, vocabulary: Vocabulary) -> ast.Statement:
    """A closed statement as a player writes it on the board (a naming allowed)."""
    tree = _parse_tree(text)
    resolver = _Resolver(text, vocabulary, free=())
    expr = tree.children[0]
    formula = resolver.formula(expr)
    naming = None
    if len(tree.children) > 1:
        naming = resolver.naming(tree.children[1], formula)
    return ast.Statement(formula, naming, text.strip())


def parse_formula(text: str, vocabulary: Vocabulary, free: tuple[str, ...] = ()) -> ast.Formula:
    """A formula that may mention the given free variables (no naming)."""
    tree = _parse_tree(text)
    resolver = _Resolver(text, vocabulary, free=tuple(free))
    if len(tree.children) > 1:
        raise resolver.error(
            "a naming (| name := x) belongs on a board statement, not here", tree.children[1]
        )
    return resolver.formula(tree.children[0])


# ------------------------------------------------------------------ syntax


# Deeper statements are refused: nobody writes them at a table, and every layer
# below (printer, engine, evaluator) walks statements recursively.
MAX_DEPTH = 100


def _parse_tree(text: str) -> Tree:
    if not text.strip():
        raise ParseError("the statement is empty", text, 1, 1)
    try:
        tree = _lark().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    except (LarkError, RecursionError) as exc:  # pragma: no cover - defensive
        raise ParseError(f"cannot read this statement ({type(exc).__name__})", text, 1, 1) from None
    _check_depth(text, tree)
    return tree


def _check_depth(text: str, tree: Tree) -> None:
    """Iteratively, so that the check itself cannot overflow the stack."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            span = _span_of(node)
            line, column = (span.line, span.column) if span else (1, 1)
            raise ParseError(
                f"the statement is nested more than {MAX_DEPTH} levels deep: split it up",
                text,
                line,
                column,
            )
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))


def _near_keyword(word: str) -> str | None:
    if word in KEYWORDS:
        return None
    match = difflib.get_close_matches(word.lower(), ASCII_KEYWORDS, n=1, cutoff=0.6)
    return match[0] if match else None


def _syntax_error(text: str, exc: UnexpectedInput) -> ParseError:
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        return ParseError(f"unexpected character {char!r}", text, line, column)
    if isinstance(exc, UnexpectedEOF) or getattr(exc, "token", None) is None:
        line, column = _end_position(text)
        return ParseError("the statement ends too early" + _expected(exc), text, line, column)
    token: Token = exc.token
    if token.type == "$END":
        line, column = _end_position(text)
        return ParseError("the statement ends too early" + _expected(exc), text, line, column)
    previous = _previous_token(text, token)
    for word in (previous, token):
        if word is not None and word.type == "NAME":
            keyword = _near_keyword(str(word))
            if keyword:
                return ParseError(
                    f"{str(word)!r} is not a word the referee knows: did you mean {keyword!r}?",
                    text,
                    word.line,
                    word.column,
                    len(word),
                )
    if token.type == "NAME" and previous is not None and previous.type == "NAME":
        return ParseError(
            f"{str(previous)!r} followed by {str(token)!r}: a connective or parenthesis is "
            "missing between them",
            text,
            token.line,
            token.column,
            len(token),
        )
    shown = str(token)
    return ParseError(
        f"unexpected {shown!r}" + _expected(exc), text, token.line, token.column, len(shown)
    )


def _expected(exc: UnexpectedInput) -> str:
    expected = sorted({_TOKEN_WORDS.get(t, t.lower()) for t in getattr(exc, "expected", ()) or ()})
    if not expected or len(expected) > 6:
        return ""
    return ": expected " + ", ".join(expected)


def _end_position(text: str) -> tuple[int, int]:
    stripped = text.rstrip()
    lines = stripped.splitlines() or [""]
    return len(lines), len(lines[-1]) + 1


def _previous_token(text: str, token: Token) -> Token | None:
    previous = None
    try:
        for tok in _lark().lex(text):
            if tok.start_pos >= token.start_pos:
                break
            previous = tok
    except LarkError:
        return previous
    return previous


# -------------------------------------------------------------- resolution


def _span_of(node: Tree | Token) -> Span | None:
    if isinstance(node, Token):
        return Span(
            node.line, node.column, node.end_line, node.end_column, node.start_pos, node.end_pos
        )
    meta = node.meta
    if getattr(meta, "empty", True):
        return None
    return Span(
        meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos
    )


_FORMULA_SHAPES = {"iff", "imp", "or_", "and_", "neg", "quant", "eq", "card", "falsum"}
_QUANT_KIND = {
    "FORALL": ast.FORALL,
    "FORALL_W": ast.FORALL,
    "EXISTS": ast.EXISTS,
    "EXISTS_W": ast.EXISTS,
    "UNIQUE": ast.UNIQUE,
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass
class _Resolver:
    text: str
    vocabulary: Vocabulary
    free: tuple[str, ...]

    def __post_init__(self) -> None:
        for name in self.free:
            if name in self.vocabulary:
                raise ParseError(
                    f"{name} is a {self.vocabulary.kind(name)}; it cannot be a variable", self.text
                )

    # -- helpers
    def error(self, message: str, node: Tree | Token) -> ParseError:
        span = _span_of(node)
        if span is None:
            return ParseError(message, self.text, 1, 1)
        width = span.end - span.start if span.end_line == span.line else 1
        return ParseError(message, self.text, span.line, span.column, width)

    def source(self, node: Tree | Token) -> str:
        span = _span_of(node)
        if span is None:
            return "this"
        return self.text[span.start : span.end]

    def is_formula_shape(self, node: Tree | Token, bound: tuple[str, ...]) -> bool:
        if isinstance(node, Token):
            return False
        if node.data in _FORMULA_SHAPES:
            return True
        if node.data in ("app", "name"):
            name = str(node.children[0])
            return name in self.vocabulary.predicates and name not in bound
        return False

    def describe_statement(self, node: Tree) -> str:
        return f"{self.source(node)} is a statement (true or false)"

    def unknown(self, name: str, node: Tree | Token, bound: tuple[str, ...]) -> ParseError:
        known = list(self.vocabulary.predicates) + list(self.vocabulary.functions) + list(bound)
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.7)
        hint = f": did you mean {close[0]}?" if close else ""
        keyword = _near_keyword(name)
        if keyword and not close:
            hint = f": did you mean the keyword {keyword!r}?"
        if len(name) == 1 and name.islower() and not close:
            return self.error(
                f"{name} is not bound by any quantifier (write ∀{name} or ∃{name} before it)", node
            )
        return self.error(
            f"unknown name {name!r}: it is not a symbol of this deck, a name given with ∃!, "
            f"or a variable bound by a quantifier{hint}",
            node,
        )

    # -- formulas
    def formula(self, node: Tree | Token, bound: tuple[str, ...] = ()) -> ast.Formula:
        bound = bound or self.free
        return self._formula(node, bound)

    def _formula(self, node: Tree | Token, bound: tuple[str, ...]) -> ast.Formula:
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            raise self.error(f"unexpected {str(node)!r}", node)
        kind = node.data
        span = _span_of(node)
        parts = [c for c in node.children if not isinstance(c, Token)]
        if kind == "iff":
            if len(parts) > 2:
                a, b, c = (self.source(p) for p in parts[:3])
                raise self.error(
                    f"{a} ↔ {b} ↔ {c} is ambiguous: write ({a} ↔ {b}) ↔ {c} or {a} ↔ ({b} ↔ {c})",
                    node,
                )
            return ast.Iff(self._formula(parts[0], bound), self._formula(parts[1], bound), span)
        if kind == "imp":
            return ast.Implies(self._formula(parts[0], bound), self._formula(parts[1], bound), span)
        if kind in ("or_", "and_"):
            cls = ast.Or if kind == "or_" else ast.And
            result = self._formula(parts[0], bound)
            for part in parts[1:]:
                right = self._formula(part, bound)
                result = cls(result, right, _join(result.span, right.span))
            return result
        if kind == "neg":
            return ast.Not(self._formula(node.children[1], bound), span)
        if kind == "quant":
            return self._quant(node, bound)
        if kind == "eq":
            return self._equation(node, bound)
        if kind == "card":
            return self._card(node)
        if kind == "falsum":
            return ast.Falsum(span)
        if kind == "app":
            return self._atom_app(node, bound)
        if kind == "name":
            return self._atom_name(node, bound)
        if kind == "sum":
            raise self.error(
                f"{self.source(node)} is an object, not a statement: say something about it, "
                f"e.g. {self.source(node)} = y",
                node,
            )
        raise self.error(f"cannot read {self.source(node)!r} as a statement", node)

    def _quant(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        qnode, var_tok, body = node.children[0], node.children[1], node.children[-1]
        tokens = qnode.children
        if tokens[0].type == "EXISTS_W" and len(tokens) > 1 and str(tokens[1]) != "!":
            raise self.error("write exists! (or ∃!) for 'there is exactly one'", tokens[1])
        kind = ast.UNIQUE if len(tokens) > 1 else _QUANT_KIND[tokens[0].type]
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
        return ast.Quant(kind, var, self._formula(body, bound + (var,)), _span_of(node))

    def _card(self, node: Tree) -> ast.Formula:
        _, op_tok, n_tok = node.children
        n = int(str(n_tok))
        op = ast.AT_LEAST if str(op_tok) in ("≥", ">=") else ast.FEWER_THAN
        if n < 1:
            raise self.error(f"n must be a positive integer, got {n}", n_tok)
        return ast.Card(op, n, _span_of(node))

    def _equation(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        sides = [c for c in node.children if not isinstance(c, Token)]
        ops = [c for c in node.children if isinstance(c, Token)]
        if len(sides) > 2:
            raise self.error(
                f"{self.source(node)} chains equalities: write "
                f"{self.source(sides[0])} = {self.source(sides[1])} ∧ "
                f"{self.source(sides[1])} = {self.source(sides[2])}",
                ops[1],
            )
        left, right = sides
        left_f = self.is_formula_shape(left, bound)
        right_f = self.is_formula_shape(right, bound)
        if left_f and right_f:
            a, b = self.source(left), self.source(right)
            raise self.error(
                f"{a} and {b} are statements (true or false) and cannot be equal: "
                f"did you mean {a} ↔ {b}?",
                node,
            )
        for side, is_f in ((left, left_f), (right, right_f)):
            if is_f and side.data == "name":  # a bare predicate name: not an object
                self.term(side, bound)
            if is_f:
                raise self.error(
                    f"{self.describe_statement(side)}; it cannot be equal to an object", side
                )
        eq = ast.Eq(self.term(left, bound), self.term(right, bound), _span_of(node))
        if str(ops[0]) in ("≠", "!=", "/="):
            return ast.Not(eq, _span_of(node))
        return eq

    def _atom_app(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
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
        return ast.Pred(name, tuple(self.term(a, bound) for a in args), _span_of(node))

    def _atom_name(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        tok = node.children[0]
        name = str(tok)
        if name in bound:
            raise self.error(
                f"{name} is an object (a variable), not a statement: say something about it, "
                f"e.g. blonde({name})",
                tok,
            )
        if name in self.vocabulary.predicates:
            arity = self.vocabulary.predicates[name]
            if arity:
                raise self.error(
                    f"{name} takes {_plural(arity, 'argument')}, got 0: write "
                    f"{name}({', '.join('xyzuvw'[:arity])})",
                    tok,
                )
            return ast.Pred(name, (), _span_of(node))
        if name in self.vocabulary.functions:
            raise self.error(
                f"{name} is a {self.vocabulary.kind(name)} (it names an object), not a statement",
                tok,
            )
        raise self.unknown(name, tok, bound)

    def _check_arity(self, name: str, arity: int, got: int, node: Tree) -> None:
        if arity != got:
            raise self.error(
                f"{name} takes {_plural(arity, 'argument')}, got {got}"
                + ("" if arity else f": write {name} without parentheses"),
                node,
            )

    # -- terms
    def term(self, node: Tree | Token, bound: tuple[str, ...]) -> ast.Term:
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            raise self.error(f"unexpected {str(node)!r}", node)
        kind = node.data
        span = _span_of(node)
        if kind == "name":
            tok = node.children[0]
            name = str(tok)
            if name in bound:
                return ast.Var(name, span)
            if name in self.vocabulary.functions:
                arity = self.vocabulary.functions[name]
                if arity:
                    raise self.error(
                        f"{name} is a function: it takes {_plural(arity, 'argument')}, as in "
                        f"{name}({', '.join('xyzuvw'[:arity])})",
                        tok,
                    )
                return ast.App(name, (), span)
            if name in self.vocabulary.predicates:
                raise self.error(
                    f"{name} is a {self.vocabulary.kind(name)}, it cannot stand where an object "
                    "is expected",
                    tok,
                )
            raise self.unknown(name, tok, bound)
        if kind == "app":
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
            return ast.App(name, tuple(self.term(a, bound) for a in args), span)
        if kind == "sum":
            operands = [c for c in node.children if not isinstance(c, Token)]
            ops = [c for c in node.children if isinstance(c, Token)]
            if len(operands) > 2:
                a, b, c = (self.source(o) for o in operands[:3])
                o1, o2 = str(ops[0]), str(ops[1])
                raise self.error(
                    f"{a} {o1} {b} {o2} {c} is ambiguous: write ({a} {o1} {b}) {o2} {c} or "
                    f"{a} {o1} ({b} {o2} {c})",
                    node,
                )
            op = str(ops[0])
            if op not in self.vocabulary.functions:
                raise self.error(f"{op} is not a function of this deck", ops[0])
            if self.vocabulary.functions[op] != 2:  # pragma: no cover - vocabulary forbids it
                raise self.error(f"{op} is not a binary function", ops[0])
            return ast.App(op, (self.term(operands[0], bound), self.term(operands[1], bound)), span)
        if self.is_formula_shape(node, bound):
            raise self.error(
                f"{self.describe_statement(node)}, it cannot stand where an object is expected",
                node,
            )
        raise self.error(f"cannot read {self.source(node)!r} as an object", node)

    # -- naming
    def naming(self, node: Tree, formula: ast.Formula) -> ast.Naming:
        target, var_tok = node.children[1], node.children[2]
        name_tok = target.children[0]
        name = str(name_tok)
        params = tuple(str(p) for p in target.children[1:])
        var = str(var_tok)
        span = _span_of(node)
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
            raise self.error(f"write {want} := {var}: {why}", target)
        if name in universals or name in {q.var for q in prefix}:
            raise self.error(f"{name} is a variable of this statement: choose a new name", name_tok)
        return ast.Naming(name, params, var, span)


def _join(a: Span | None, b: Span | None) -> Span | None:
    if a is None or b is None:
        return a or b
    return Span(a.line, a.column, b.end_line, b.end_column, a.start, b.end)
