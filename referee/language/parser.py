"""Text to statements: Lark parses shapes, this module decides what they mean.

The grammar (``grammar/palmer.lark``) knows no vocabulary. Here each shape is
resolved against a :class:`Vocabulary`: whether ``f(x)`` is a statement or an
object, whether a bare name is a variable, a constant or a proposition. Every
refusal is a :class:`ParseError` that says what is wrong in the players' terms
and where, so a table never sees a traceback.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NoReturn

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from referee.language import ast
from referee.language.ast import Span
from referee.language.characters import first_refused, refusal, split_lines
from referee.language.errors import LocatedError, Location, excerpt
from referee.language.limits import (
    MAX_CARDINALITY,
    MAX_DEPTH,
    MAX_SPELLED_OUT,
    MAX_STATEMENT_CHARS,
    read_natural,
    thousands,
)
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


class ParseError(LocatedError):
    """A statement that cannot be read, with where the problem is (1-based)."""

    def __init__(
        self, message: str, text: str = "", line: int = 1, column: int = 1, width: int = 1
    ) -> None:
        super().__init__(message, Location(text, line, max(1, column), max(1, width)))
        self.text = text
        self.line = line
        self.column = column
        self.width = max(1, width)

    @property
    def offset(self) -> int:
        """Where the problem starts, as an index into ``text``."""
        return _offset(self.text, self.line, self.column)

    def source_line(self) -> str:
        """The line the problem is on (a window of it if long), invisible characters shown."""
        return excerpt(self.location)[0]

    def caret(self) -> str:
        return excerpt(self.location)[1]

    def render(self, prefix: str = "") -> str:
        shown, caret = excerpt(self.location)
        return f"{prefix}{self.where()}: {self.message}\n  {shown}\n  {caret}"

    def to_json(self) -> dict:
        return {"message": self.message, "line": self.line, "column": self.column}


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


def parse_statement(text: str, vocabulary: Vocabulary) -> ast.Statement:
    """A closed statement as a player writes it on the board (a naming allowed)."""
    result = _parse(_Reading(text, vocabulary, (), statement=True))
    assert isinstance(result, ast.Statement)
    return result


def parse_formula(text: str, vocabulary: Vocabulary, free: tuple[str, ...] = ()) -> ast.Formula:
    """A formula that may mention the given free variables (no naming)."""
    result = _parse(_Reading(text, vocabulary, tuple(free), statement=False))
    assert not isinstance(result, ast.Statement)
    return result


@dataclass(frozen=True)
class _Reading:
    """One text to read, and how: what parse_statement / parse_formula were asked.

    ``suggest`` is off while a suggested fix is being checked, so that checking
    never recurses.
    """

    text: str
    vocabulary: Vocabulary
    free: tuple[str, ...]
    statement: bool
    suggest: bool = True

    def fits(
        self, start: int, end: int, fix: str, syntax: bool = False, whole: bool = False
    ) -> bool:
        """Is ``fix`` in place of ``text[start:end]`` itself free of errors?

        It is when the text with the fix reads. A suggestion for a syntax error
        (made before anything was resolved) also fits when the first problem
        left lies wholly before it: that problem was there all along and is
        reported on its own once this one is fixed. With ``whole`` the fix must
        also be read as one part of the statement (``a ↔ b`` put in the place
        of ``a = b`` inside ``a = b ∧ c`` would not be: it would swallow ``c``).
        """
        if not self.suggest:
            return False
        candidate = self.text[:start] + fix + self.text[end:]
        try:
            result = _parse(
                _Reading(candidate, self.vocabulary, self.free, self.statement, suggest=False)
            )
        except ParseError as exc:
            return syntax and exc.offset + exc.width <= start
        if not whole:
            return True
        formula = result.formula if isinstance(result, ast.Statement) else result
        return _has_part(formula, start, start + len(fix))


def _has_part(formula: ast.Formula, start: int, end: int) -> bool:
    """Does a formula or term of ``formula`` span text[start:end] (with its parentheses)?"""
    for sub in ast.subformulas(formula):
        nodes = [sub] + [t for term in ast.atom_terms(sub) for t in ast.subterms(term)]
        for node in nodes:
            span = node.span
            if span is not None and (span.start - span.parens, span.end + span.parens) == (
                start,
                end,
            ):
                return True
    return False


def _parse(reading: _Reading) -> ast.Statement | ast.Formula:
    text = reading.text
    tree = _parse_tree(reading)
    resolver = _Resolver(reading)
    if not reading.statement and len(tree.children) > 1:
        raise resolver.error(
            "a naming (| name := x) belongs on a board statement, not here", tree.children[1]
        )
    formula = resolver.formula(tree.children[0])
    _check_size(text, formula)
    if not reading.statement:
        return formula
    naming = None
    if len(tree.children) > 1:
        naming = resolver.naming(tree.children[1], formula)
    return ast.Statement(formula, naming, text.strip())


# ------------------------------------------------------------------ syntax


def _parse_tree(reading: _Reading) -> Tree:
    text = reading.text
    if not text.strip():
        raise ParseError("the statement is empty", text, 1, 1)
    bad = first_refused(text, allow_newlines=True)
    if bad is not None:
        line, column = _position(text, bad)
        raise ParseError(refusal(text[bad]), text, line, column)
    if len(text) > MAX_STATEMENT_CHARS:
        line, column = _position(text, MAX_STATEMENT_CHARS)
        raise ParseError(
            f"the statement is longer than {thousands(MAX_STATEMENT_CHARS)} characters "
            f"({thousands(len(text))}): split it into several statements",
            text,
            line,
            column,
        )
    try:
        tree = _lark().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(reading, exc) from None
    except (LarkError, RecursionError) as exc:  # pragma: no cover - defensive
        raise ParseError(f"cannot read this statement ({type(exc).__name__})", text, 1, 1) from None
    _check_depth(text, tree)
    return tree


_NOT_FORMULA_TREES = {"quantifier", "not_", "naming", "name_target"}
_NOT_EQUAL = {"≠", "!=", "/="}


def _check_depth(text: str, tree: Tree) -> None:
    """Refuse a statement whose syntax tree would be deeper than MAX_DEPTH.

    Iterative, so that the check itself cannot overflow the stack; it counts
    levels as ``ast.depth`` does on the tree it becomes: parentheses add none,
    each link of a ∧ or ∨ chain adds one (``a ∧ b ∧ c`` is ``(a ∧ b) ∧ c``),
    ``∀x, y`` adds two and ``≠`` (a negated equation) two.
    """
    stack: list[tuple[Tree, int]] = [(tree.children[0], 1)]
    while stack:
        node, depth = stack.pop()
        kind = node.data
        if kind == "paren":
            stack.append((node.children[0], depth))
            continue
        subtrees = [
            c for c in node.children if isinstance(c, Tree) and c.data not in _NOT_FORMULA_TREES
        ]
        if kind in ("and_", "or_"):
            deepest = depth + len(subtrees) - 1
            if deepest > MAX_DEPTH:
                _too_deep(text, node, len(subtrees))
            k = len(subtrees)
            stack.extend((p, depth + (k - 1 if i == 0 else k - i)) for i, p in enumerate(subtrees))
            continue
        if depth > MAX_DEPTH:
            _too_deep(text, node)
        step = 1
        if kind == "quant":
            step = sum(1 for c in node.children if isinstance(c, Token) and c.type == "NAME")
        elif kind == "eq" and any(
            isinstance(c, Token) and str(c) in _NOT_EQUAL for c in node.children
        ):
            step = 2
        stack.extend((c, depth + step) for c in subtrees)


def _check_size(text: str, formula: ast.Formula) -> None:
    size = ast.spelled_out_size(formula, stop_above=MAX_SPELLED_OUT)
    if size <= MAX_SPELLED_OUT:
        return
    outer = next(
        (f for f in ast.subformulas(formula) if isinstance(f, ast.Quant) and f.kind == ast.UNIQUE),
        None,
    )
    span = (outer or formula).span
    line, column = (span.line, span.column) if span else (1, 1)
    raise ParseError(
        f"the statement is too large once its ∃! are spelled out (∃!x φ says φ twice: "
        f"∃x (φ ∧ ∀y (φ(y) → y = x)), so nested ∃! double it): more than "
        f"{thousands(MAX_SPELLED_OUT)} parts; nest fewer ∃! or split it up",
        text,
        line,
        column,
    )


def _too_deep(text: str, node: Tree, chain: int = 0) -> NoReturn:
    span = _span_of(node)
    line, column = (span.line, span.column) if span else (1, 1)
    width = span.end - span.start if span and span.end_line == span.line else 1
    what = f" (this chain has {chain} links; each counts as a level)" if chain else ""
    raise ParseError(
        f"the statement is nested more than {MAX_DEPTH} levels deep{what}: "
        "split it into several statements",
        text,
        line,
        column,
        width,
    )


def _position(text: str, index: int) -> tuple[int, int]:
    """(line, column), 1-based, of ``text[index]``; lines end at \\n only."""
    line = text.count("\n", 0, index) + 1
    start = text.rfind("\n", 0, index) + 1
    return line, index - start + 1


def _offset(text: str, line: int, column: int) -> int:
    """The index of (line, column) in ``text``: the inverse of ``_position``."""
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            break
        start = found + 1
    return start + column - 1


def _near_keyword(word: str) -> str | None:
    if word in KEYWORDS:
        return None
    match = difflib.get_close_matches(word.lower(), ASCII_KEYWORDS, n=1, cutoff=0.6)
    return match[0] if match else None


# Characters players copy from the printed rules or from other logic texts,
# and what to type instead. None of them can be read as anything else, but
# only Λ (the rules' "and") is accepted as it is (grammar); ← means "if" in
# logic texts while the rules use it for "if and only if", so it is refused.
_LOOKALIKES = {
    "←": "the printed rules use ← for 'if and only if': write ↔ (or <->, iff); "
    "for 'if … then' write → (or ->)",
    "⊃": "for 'implies' write → (or ->)",
    "≡": "for 'if and only if' write ↔ (or <->, iff)",
    "∼": "for 'not' write ¬ (or ~, not)",
    "⋀": "for 'and' write ∧ (or &, and)",
    "⋁": "for 'or' write ∨ (or |, or)",
    "–": "for 'implies' write → (or -> with a plain hyphen)",
    "—": "for 'implies' write → (or -> with a plain hyphen)",
    "−": "for 'implies' write → (or -> with a plain hyphen)",
    "≔": "a naming is written := (a colon and an equals sign)",
    "≤": "|L| takes ≥ or <: write |L| < n+1 for 'at most n'",
    ">": "|L| takes ≥ or <: write |L| ≥ n+1 for 'more than n'",
}
# Names that look like connectives in the printed rules (V for "or").
_CONNECTIVE_NAMES = {"V": "or", "v": "or"}
_CONNECTIVE_SPELLING = {"or": "∨ (or \\/, ||, or)"}


def _syntax_error(reading: _Reading, exc: UnexpectedInput) -> ParseError:
    text = reading.text
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        hint = _LOOKALIKES.get(char)
        if hint:
            return ParseError(f"{char} is not a symbol of the language: {hint}", text, line, column)
        return ParseError(f"unexpected character {char!r}", text, line, column)
    if isinstance(exc, UnexpectedEOF) or getattr(exc, "token", None) is None:
        line, column = _end_position(text)
        return ParseError("the statement ends too early" + _expected(exc), text, line, column)
    token: Token = exc.token
    if token.type == "$END":
        line, column = _end_position(text)
        return ParseError("the statement ends too early" + _expected(exc), text, line, column)
    previous = _previous_token(text, token)
    if token.type == "NAME" and str(token) in _CONNECTIVE_NAMES and previous is not None:
        word = _CONNECTIVE_NAMES[str(token)]
        return ParseError(
            f"{str(token)} is a name here, not a connective: for '{word}' write "
            f"{_CONNECTIVE_SPELLING[word]}",
            text,
            token.line,
            token.column,
            len(token),
        )
    for word in (previous, token):
        if word is not None and word.type == "NAME":
            keyword = _near_keyword(str(word))
            if keyword and reading.fits(word.start_pos, word.end_pos, keyword, syntax=True):
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
    lines = split_lines(stripped) or [""]
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


def _unwrap(node: Tree | Token) -> Tree | Token:
    """The node inside any parentheses around it."""
    while isinstance(node, Tree) and node.data == "paren":
        node = node.children[0]
    return node


def _parenthesised(node, paren: Tree):
    """``node`` (a resolved formula or term) with one more pair of written parentheses."""
    span = node.span or _span_of(paren)
    if span is None:  # pragma: no cover - Lark gives every non-empty node a position
        return node
    return replace(node, span=replace(span, parens=span.parens + 1))


_FORMULA_SHAPES = {"iff", "imp", "or_", "and_", "neg", "quant", "eq", "card", "falsum"}
_QUANT_KIND = {
    "FORALL": ast.FORALL,
    "FORALL_W": ast.FORALL,
    "EXISTS": ast.EXISTS,
    "EXISTS_W": ast.EXISTS,
    "UNIQUE": ast.UNIQUE,
}
# Each candidate fix costs a parse: an error tries at most this many per suggestion.
MAX_TRIED_FIXES = 4


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _listing(words: list[str]) -> str:
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class _Resolver:
    """Resolves the shapes Lark read against the vocabulary, into the AST.

    Every message that proposes a fix ("write …", "did you mean …", "e.g. …")
    proposes only text that ``_Reading.fits`` has checked: put in place, it
    reads without error. A fix that does not fit is not offered.
    """

    def __init__(self, reading: _Reading) -> None:
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

    def fix(self, node: Tree | Token, candidates, whole: bool = True) -> str | None:
        """The first candidate text that fits in place of ``node`` (None: none does).

        ``whole``: the candidate is read as one part, as ``node`` was (a name
        replaced by a name is not: it is part of an atom or term).
        """
        span = _span_of(node)
        if span is None:
            return None
        for candidate in list(candidates)[:MAX_TRIED_FIXES]:
            if self.reading.fits(span.start, span.end, candidate, whole=whole):
                return candidate
        return None

    def fix_between(self, first: Tree | Token, last: Tree | Token, candidates) -> str | None:
        """Like ``fix``, for the text from ``first`` to ``last`` (both included)."""
        a, b = _span_of(first), _span_of(last)
        if a is None or b is None:
            return None
        for candidate in list(candidates)[:MAX_TRIED_FIXES]:
            if self.reading.fits(a.start, b.end, candidate, whole=True):
                return candidate
        return None

    def sample_args(self, arity: int, bound: tuple[str, ...]) -> list[str]:
        """Argument lists to propose for a symbol of ``arity`` (variables in scope)."""
        if not bound:
            return []
        inner = list(reversed(bound))
        options = [", ".join(inner[i % len(inner)] for i in range(arity))]
        if len(inner) >= arity:
            options.append(", ".join(bound[:arity]))
        return list(dict.fromkeys(options))

    def is_formula_shape(self, node: Tree | Token, bound: tuple[str, ...]) -> bool:
        node = _unwrap(node)
        if isinstance(node, Token):
            return False
        if node.data in _FORMULA_SHAPES:
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
            f" ({_listing(names)} are unknown names: not symbols of this deck, names given "
            "with ∃!, or variables bound by a quantifier)"
        )

    def describe_statement(self, node: Tree) -> str:
        return f"{self.source(node)} is a statement (true or false)"

    def unknown(self, name: str, node: Tree | Token, bound: tuple[str, ...]) -> ParseError:
        known = list(self.vocabulary.predicates) + list(self.vocabulary.functions) + list(bound)
        close = [c for c in difflib.get_close_matches(name, known, n=3, cutoff=0.7)]
        guess = self.fix(node, close, whole=False)
        hint = f": did you mean {guess}?" if guess else ""
        keyword = _near_keyword(name)
        if keyword and not close and self.fix(node, [keyword], whole=False):
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
        if kind == "paren":
            return _parenthesised(self._formula(node.children[0], bound), node)
        if kind == "iff":
            if len(parts) > 2:
                a, b, c = (self.source(p) for p in parts[:3])
                ways = [f"({a} ↔ {b}) ↔ {c}", f"{a} ↔ ({b} ↔ {c})"]
                fits = [w for w in ways if self.fix_between(parts[0], parts[2], [w])]
                how = (
                    f"write {' or '.join(fits)}"
                    if fits
                    else "add parentheses to say which ↔ comes first"
                )
                chain = f"{a} ↔ {b} ↔ {c}" + (" ↔ …" if len(parts) > 3 else "")
                raise self.error(f"{chain} is ambiguous: {how}", node)
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
            src = self.source(node)
            example = self.fix(node, [f"{src} = {v}" for v in reversed(bound)])
            say = f"e.g. {example}" if example else "with = or a predicate"
            raise self.error(
                f"{src} is an object, not a statement: say something about it, {say}"
                + self.unknown_note(node, bound),
                node,
            )
        raise self.error(f"cannot read {self.source(node)!r} as a statement", node)

    def _quant(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        qnode, body = node.children[0], node.children[-1]
        var_toks = [c for c in node.children if isinstance(c, Token) and c.type == "NAME"]
        tokens = qnode.children
        if tokens[0].type == "EXISTS_W" and len(tokens) > 1 and str(tokens[1]) != "!":
            raise self.error("write exists! (or ∃!) for 'there is exactly one'", tokens[1])
        kind = ast.UNIQUE if len(tokens) > 1 else _QUANT_KIND[tokens[0].type]
        if kind == ast.UNIQUE and len(var_toks) > 1:
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
        result = self._formula(body, inner)
        for var_tok in reversed(var_toks):
            result = ast.Quant(kind, str(var_tok), result, _quant_span(node, var_tok))
        return result

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

    def _card(self, node: Tree) -> ast.Formula:
        _, op_tok, n_tok = node.children
        n = read_natural(str(n_tok), MAX_CARDINALITY)
        if n is None:
            raise self.error(
                f"n is at most {thousands(MAX_CARDINALITY)}: the referee cannot decide anything "
                "about larger domains in the time a table waits",
                n_tok,
            )
        op = ast.AT_LEAST if str(op_tok) in ("≥", ">=") else ast.FEWER_THAN
        if n < 1:
            raise self.error(f"n must be a positive integer, got {n}", n_tok)
        return ast.Card(op, n, _span_of(node))

    def _equation(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        sides = [c for c in node.children if not isinstance(c, Token)]
        ops = [c for c in node.children if isinstance(c, Token)]
        if len(sides) > 2:
            a, b, c = (self.source(s) for s in sides[:3])
            o1, o2 = str(ops[0]), str(ops[1])
            both = f"{a} {o1} {b} ∧ {b} {o2} {c}"
            split = self.fix_between(sides[0], sides[2], [both, f"({both})"])
            how = f"write {split}" if split else "write two equations joined by ∧"
            raise self.error(f"{self.source(node)} chains equalities: {how}", ops[1])
        left, right = sides
        left_f = self.is_formula_shape(left, bound)
        right_f = self.is_formula_shape(right, bound)
        if left_f and right_f:
            a, b = self.source(left), self.source(right)
            iff = self.fix(node, [f"{a} ↔ {b}", f"({a} ↔ {b})"])
            meant = f": did you mean {iff}?" if iff else ""
            raise self.error(
                f"{a} and {b} are statements (true or false) and cannot be equal{meant}", node
            )
        for side, is_f in ((left, left_f), (right, right_f)):
            if is_f and _unwrap(side).data == "name":  # a bare predicate name: not an object
                self.term(side, bound)
            if is_f:
                raise self.error(
                    f"{self.describe_statement(side)}; it cannot be equal to an object", side
                )
        eq = ast.Eq(self.term(left, bound), self.term(right, bound), _span_of(node))
        if str(ops[0]) in _NOT_EQUAL:
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
        self._check_arity(name, self.vocabulary.predicates[name], len(args), node, bound)
        return ast.Pred(name, tuple(self.term(a, bound) for a in args), _span_of(node))

    def _atom_name(self, node: Tree, bound: tuple[str, ...]) -> ast.Formula:
        tok = node.children[0]
        name = str(tok)
        if name in bound:
            unary = sorted(p for p, a in self.vocabulary.predicates.items() if a == 1)
            example = self.fix(tok, [f"{p}({name})" for p in unary])
            say = f", e.g. {example}" if example else ""
            raise self.error(
                f"{name} is an object (a variable), not a statement: say something about it{say}",
                tok,
            )
        if name in self.vocabulary.predicates:
            arity = self.vocabulary.predicates[name]
            if arity:
                written = self.fix(tok, [f"{name}({a})" for a in self.sample_args(arity, bound)])
                how = f": write {written}" if written else ""
                raise self.error(f"{name} takes {_plural(arity, 'argument')}, got 0{how}", tok)
            return ast.Pred(name, (), _span_of(node))
        if name in self.vocabulary.functions:
            raise self.error(
                f"{name} is a {self.vocabulary.kind(name)} (it names an object), not a statement",
                tok,
            )
        raise self.unknown(name, tok, bound)

    def _check_arity(
        self, name: str, arity: int, got: int, node: Tree, bound: tuple[str, ...]
    ) -> None:
        if arity == got:
            return
        how = ""
        if not arity and self.fix(node, [name], whole=False):
            how = f": write {name} without parentheses"
        raise self.error(f"{name} takes {_plural(arity, 'argument')}, got {got}{how}", node)

    # -- terms
    def term(self, node: Tree | Token, bound: tuple[str, ...]) -> ast.Term:
        if isinstance(node, Token):  # pragma: no cover - the grammar wraps every token
            raise self.error(f"unexpected {str(node)!r}", node)
        kind = node.data
        span = _span_of(node)
        if kind == "paren":
            return _parenthesised(self.term(node.children[0], bound), node)
        if kind == "name":
            tok = node.children[0]
            name = str(tok)
            if name in bound:
                return ast.Var(name, span)
            if name in self.vocabulary.functions:
                arity = self.vocabulary.functions[name]
                if arity:
                    example = self.fix(
                        tok, [f"{name}({a})" for a in self.sample_args(arity, bound)]
                    )
                    as_in = f", as in {example}" if example else ""
                    raise self.error(
                        f"{name} is a function: it takes {_plural(arity, 'argument')}{as_in}",
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
            self._check_arity(name, self.vocabulary.functions[name], len(args), node, bound)
            return ast.App(name, tuple(self.term(a, bound) for a in args), span)
        if kind == "sum":
            operands = [c for c in node.children if not isinstance(c, Token)]
            ops = [c for c in node.children if isinstance(c, Token)]
            if len(operands) > 2:
                a, b, c = (self.source(o) for o in operands[:3])
                o1, o2 = str(ops[0]), str(ops[1])
                ways = [f"({a} {o1} {b}) {o2} {c}", f"{a} {o1} ({b} {o2} {c})"]
                fits = [w for w in ways if self.fix_between(operands[0], operands[2], [w])]
                how = (
                    f"write {' or '.join(fits)}"
                    if fits
                    else "add parentheses to say which comes first"
                )
                chain = f"{a} {o1} {b} {o2} {c}" + (" …" if len(operands) > 3 else "")
                raise self.error(
                    f"{chain} is ambiguous: {how}" + self.unknown_note(node, bound), node
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
            if self.fix(target, [want], whole=False):
                raise self.error(f"write {want} := {var}: {why}", target)
            raise self.error(f"the name takes {why}", target)
        if name in universals or name in {q.var for q in prefix}:
            raise self.error(f"{name} is a variable of this statement: choose a new name", name_tok)
        return ast.Naming(name, params, var, span)


def _quant_span(node: Tree, var_tok: Token) -> Span | None:
    """A quantifier's span: the whole ``∀x, y …`` for its first variable, from ``y`` after."""
    span = _span_of(node)
    if span is None:
        return None
    first = next(c for c in node.children if isinstance(c, Token) and c.type == "NAME")
    if var_tok is first:
        return span
    return Span(
        var_tok.line, var_tok.column, span.end_line, span.end_column, var_tok.start_pos, span.end
    )


def _join(a: Span | None, b: Span | None) -> Span | None:
    if a is None or b is None:
        return a or b
    return Span(a.line, a.column, b.end_line, b.end_column, a.start, b.end)
