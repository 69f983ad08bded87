"""Text to statements: Lark reads the shape, a Transformer builds the AST.

``parse_statement`` and ``parse_formula`` read a text in four steps, each
refusing with a :class:`ParseError` that says what is wrong in the players'
terms and where, so a table never sees a traceback:

1. the characters and the length (``characters``, ``limits``);
2. the shape: Lark with ``grammar/palmer.lark``, its errors worded by
   ``suggestions``; then the depth (``limits``);
3. the meaning against the vocabulary, top down (``resolution``);
4. the AST, built bottom up by :class:`_Build`, a Lark ``Transformer``
   (non-recursive: parentheses nest as deep as the length allows); then its
   size once ∃! are spelled out (``limits``) and the naming (``resolution``).
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token, Transformer_NonRecursive, Tree, v_args
from lark.exceptions import LarkError, UnexpectedInput
from lark.tree import Meta

from referee.language import ast
from referee.language.ast import Span
from referee.language.characters import first_refused, refusal
from referee.language.errors import ParseError, position
from referee.language.limits import (
    MAX_CARDINALITY,
    check_depth,
    check_length,
    check_size,
    read_natural,
)
from referee.language.resolution import Resolution
from referee.language.suggestions import Reading, syntax_error
from referee.language.syntax import NOT_EQUAL, lark, span_of
from referee.language.vocabulary import Vocabulary

__all__ = ["ParseError", "parse_formula", "parse_statement"]


def parse_statement(text: str, vocabulary: Vocabulary) -> ast.Statement:
    """A closed statement as a player writes it on the board (a naming allowed)."""
    result = _read(Reading(text, vocabulary, (), True, _read))
    assert isinstance(result, ast.Statement)
    return result


def parse_formula(text: str, vocabulary: Vocabulary, free: tuple[str, ...] = ()) -> ast.Formula:
    """A formula that may mention the given free variables (no naming)."""
    result = _read(Reading(text, vocabulary, tuple(free), False, _read))
    assert not isinstance(result, ast.Statement)
    return result


def _read(reading: Reading) -> ast.Statement | ast.Formula:
    text = reading.text
    tree = _shape(reading)
    resolution = Resolution(reading)
    if not reading.statement and len(tree.children) > 1:
        raise resolution.error(
            "a naming (| name := x) belongs on a board statement, not here", tree.children[1]
        )
    resolution.formula(tree.children[0])
    formula = _Build(reading.vocabulary).transform(tree.children[0])
    check_size(text, formula)
    if not reading.statement:
        return formula
    naming = None
    if len(tree.children) > 1:
        naming = resolution.naming(tree.children[1], formula)
    return ast.Statement(formula, naming, text.strip())


def _shape(reading: Reading) -> Tree:
    """Lark's tree of ``reading.text``, once the text is short and plain enough to read."""
    text = reading.text
    if not text.strip():
        raise ParseError("the statement is empty", text, 1, 1)
    bad = first_refused(text, allow_newlines=True)
    if bad is not None:
        line, column = position(text, bad)
        raise ParseError(refusal(text[bad]), text, line, column)
    check_length(text)
    try:
        tree = lark().parse(text)
    except UnexpectedInput as exc:
        raise syntax_error(reading, exc) from None
    except (LarkError, RecursionError) as exc:  # pragma: no cover - defensive
        raise ParseError(f"cannot read this statement ({type(exc).__name__})", text, 1, 1) from None
    check_depth(text, tree)
    return tree


_QUANT_KIND = {
    "FORALL": ast.FORALL,
    "FORALL_W": ast.FORALL,
    "EXISTS": ast.EXISTS,
    "EXISTS_W": ast.EXISTS,
    "UNIQUE": ast.UNIQUE,
}


@v_args(meta=True)
class _Build(Transformer_NonRecursive):
    """Lark's tree of a statement :class:`Resolution` accepted, as the AST.

    One method per shape of the grammar, given its parts already built. Each
    name means what the vocabulary says: a predicate, a function or constant,
    or else (resolution made sure) a variable in scope.
    """

    def __init__(self, vocabulary: Vocabulary) -> None:
        super().__init__()
        self.vocabulary = vocabulary

    def iff(self, meta: Meta, children: list) -> ast.Formula:
        left, right = _parts(children)
        return ast.Iff(left, right, span_of(meta))

    def imp(self, meta: Meta, children: list) -> ast.Formula:
        left, right = _parts(children)
        return ast.Implies(left, right, span_of(meta))

    def or_(self, meta: Meta, children: list) -> ast.Formula:
        return _chain(ast.Or, _parts(children))

    def and_(self, meta: Meta, children: list) -> ast.Formula:
        return _chain(ast.And, _parts(children))

    def neg(self, meta: Meta, children: list) -> ast.Formula:
        return ast.Not(children[-1], span_of(meta))

    def quant(self, meta: Meta, children: list) -> ast.Formula:
        tokens = children[0].children  # the quantifier: ∀, ∃, ∃!, exists!
        kind = ast.UNIQUE if len(tokens) > 1 else _QUANT_KIND[tokens[0].type]
        variables = [c for c in children if isinstance(c, Token) and c.type == "NAME"]
        result = children[-1]
        for var in reversed(variables):
            result = ast.Quant(kind, str(var), result, _quant_span(meta, variables[0], var))
        return result

    def eq(self, meta: Meta, children: list) -> ast.Formula:
        (left, right), op = _parts(children), children[1]
        eq = ast.Eq(left, right, span_of(meta))
        return ast.Not(eq, span_of(meta)) if str(op) in NOT_EQUAL else eq

    def card(self, meta: Meta, children: list) -> ast.Formula:
        _, op, n = children
        at_least = str(op) in ("≥", ">=")
        size = read_natural(str(n), MAX_CARDINALITY)
        assert size is not None  # resolution refused a larger one
        return ast.Card(ast.AT_LEAST if at_least else ast.FEWER_THAN, size, span_of(meta))

    def falsum(self, meta: Meta, children: list) -> ast.Formula:
        return ast.Falsum(span_of(meta))

    def app(self, meta: Meta, children: list) -> ast.Formula | ast.Term:
        name, args = str(children[0]), tuple(children[1:])
        if name in self.vocabulary.predicates:
            return ast.Pred(name, args, span_of(meta))
        return ast.App(name, args, span_of(meta))

    def name(self, meta: Meta, children: list) -> ast.Formula | ast.Term:
        name = str(children[0])
        if name in self.vocabulary.predicates:
            return ast.Pred(name, (), span_of(meta))
        if name in self.vocabulary.functions:
            return ast.App(name, (), span_of(meta))
        return ast.Var(name, span_of(meta))

    def sum(self, meta: Meta, children: list) -> ast.Term:
        (left, right), op = _parts(children), children[1]
        return ast.App(str(op), (left, right), span_of(meta))

    def paren(self, meta: Meta, children: list) -> ast.Formula | ast.Term:
        """The node inside, with one more pair of parentheses written around it."""
        node = children[0]
        span = node.span or span_of(meta)
        if span is None:  # pragma: no cover - Lark gives every non-empty node a position
            return node
        return replace(node, span=replace(span, parens=span.parens + 1))


def _parts(children: list) -> list:
    """The built parts among a node's children (the operators' tokens left out)."""
    return [c for c in children if not isinstance(c, (Token, Tree))]


def _chain(join, parts: list) -> ast.Formula:
    """``a ∧ b ∧ c`` as ``(a ∧ b) ∧ c``, each link spanning its two sides."""
    result = parts[0]
    for right in parts[1:]:
        result = join(result, right, _join(result.span, right.span))
    return result


def _quant_span(meta: Meta, first: Token, var: Token) -> Span | None:
    """A quantifier's span: the whole ``∀x, y …`` for its first variable, from ``y`` after."""
    span = span_of(meta)
    if span is None or var is first:
        return span
    return Span(var.line, var.column, span.end_line, span.end_column, var.start_pos, span.end)


def _join(a: Span | None, b: Span | None) -> Span | None:
    if a is None or b is None:
        return a or b
    return Span(a.line, a.column, b.end_line, b.end_column, a.start, b.end)
