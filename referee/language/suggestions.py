"""What to type instead: the fixes a refusal proposes, each checked before it is offered.

A message that proposes a fix ("write …", "did you mean …", "e.g. …")
proposes only text that :meth:`Reading.fits` has checked: put in place, it
reads without error. A fix that does not fit is not offered. Here too: what
Lark's syntax errors mean in the players' words (symbols copied from the
printed rules, misspelt keywords, a missing connective).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

from referee.language import ast
from referee.language.characters import split_lines
from referee.language.english import and_list
from referee.language.errors import ParseError
from referee.language.syntax import lark, span_of
from referee.language.vocabulary import KEYWORDS, Vocabulary

ASCII_KEYWORDS = ("forall", "exists", "not", "and", "or", "implies", "iff", "false")
# Each candidate fix costs a parse: an error tries at most this many per suggestion.
MAX_TRIED_FIXES = 4


@dataclass(frozen=True)
class Reading:
    """One text to read, and how: what parse_statement / parse_formula were asked.

    ``read`` is the parser (a fix is tried by reading the text with it).
    ``suggest`` is off while a suggested fix is being checked, so that
    checking never recurses.
    """

    text: str
    vocabulary: Vocabulary
    free: tuple[str, ...]
    statement: bool
    read: Callable[[Reading], ast.Statement | ast.Formula]
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
            result = self.read(replace(self, text=candidate, suggest=False))
        except ParseError as exc:
            return syntax and exc.offset + exc.width <= start
        if not whole:
            return True
        formula = result.formula if isinstance(result, ast.Statement) else result
        return _has_part(formula, start, start + len(fix))

    def fix(self, node: Tree | Token, candidates: Iterable[str], whole: bool = True) -> str | None:
        """The first candidate text that fits in place of ``node`` (None: none does).

        ``whole``: the candidate is read as one part, as ``node`` was (a name
        replaced by a name is not: it is part of an atom or term).
        """
        span = span_of(node)
        if span is None:
            return None
        for candidate in list(candidates)[:MAX_TRIED_FIXES]:
            if self.fits(span.start, span.end, candidate, whole=whole):
                return candidate
        return None

    def fix_between(
        self, first: Tree | Token, last: Tree | Token, candidates: Iterable[str]
    ) -> str | None:
        """Like ``fix``, for the text from ``first`` to ``last`` (both included)."""
        a, b = span_of(first), span_of(last)
        if a is None or b is None:
            return None
        for candidate in list(candidates)[:MAX_TRIED_FIXES]:
            if self.fits(a.start, b.end, candidate, whole=True):
                return candidate
        return None


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


def sample_args(arity: int, bound: tuple[str, ...]) -> list[str]:
    """Argument lists to propose for a symbol of ``arity`` (variables in scope)."""
    if not bound:
        return []
    inner = list(reversed(bound))
    options = [", ".join(inner[i % len(inner)] for i in range(arity))]
    if len(inner) >= arity:
        options.append(", ".join(bound[:arity]))
    return list(dict.fromkeys(options))


def near_keyword(word: str) -> str | None:
    """The keyword ``word`` looks like a misspelling of (None: it is one, or none is near)."""
    if word in KEYWORDS:
        return None
    match = difflib.get_close_matches(word.lower(), ASCII_KEYWORDS, n=1, cutoff=0.6)
    return match[0] if match else None


# ------------------------------------------------------------ syntax errors

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


def syntax_error(reading: Reading, exc: UnexpectedInput) -> ParseError:
    """Lark's refusal of ``reading.text``, said in the players' words."""
    text = reading.text
    line = getattr(exc, "line", 1) or 1
    column = getattr(exc, "column", 1) or 1
    if not isinstance(exc, UnexpectedCharacters):
        slip = common_slip(reading, exc)
        if slip is not None:
            return slip
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
            keyword = near_keyword(str(word))
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


# ------------------------------------------------------------ the two commonest slips

# A corrected statement is offered whole when it is at most this long (a message quotes
# about 80 characters of what was given).
MAX_CORRECTED = 60
_OR_SPELLINGS = "∨ (or ||, \\/, or)"


def common_slip(reading: Reading, exc: UnexpectedInput) -> ParseError | None:
    """The two slips players make most, said as such: ``|`` written for "or" (a single
    bar only names what ∃! defines) and a keyword written with capitals (``ForAll``,
    ``NOT``). The message points at the first slip and, when the statement with every
    such slip corrected reads (and is short), offers it; a correction the grammar reads
    but the statement's meaning does not (an unknown name left) is named without it.
    None: neither slip is here."""
    text = reading.text
    try:
        tokens = list(lark().lex(text))
    except LarkError:
        return None
    capitals = [
        t
        for t in tokens
        if t.type == "NAME" and str(t).lower() in ASCII_KEYWORDS and str(t) != str(t).lower()
    ]
    bars = [t for t in tokens if t.type == "NAMING_BAR"]
    if not capitals and not bars:
        return None
    word = "||" if text.isascii() else "∨"
    lowered = [(t, str(t).lower()) for t in capitals]
    tries = [lowered] if capitals else []
    tries += [lowered + [(b, word) for b in bars[:n]] for n in (len(bars), len(bars) - 1) if n]
    syntax_only = None  # slips whose correction reads as far as the grammar goes
    for fixes in tries[:MAX_TRIED_FIXES]:
        corrected = _replaced(text, fixes)
        first = min((t for t, _ in fixes), key=_at)
        if reading.fits(0, len(text), corrected):
            return _slip_error(text, first, corrected)
        naming = first.type == "NAMING_BAR" and _names_a_unique(tokens)
        if syntax_only is None and not naming and reading.suggest and _grammatical(corrected):
            syntax_only = first
    if syntax_only is not None:
        return _slip_error(text, syntax_only, None)
    at = getattr(exc, "token", None)
    end = _at(at) if isinstance(at, Token) and at.type != "$END" else len(text)
    early = [t for t in capitals if _at(t) <= end]
    return _slip_error(text, early[0], None) if early else None


def _names_a_unique(tokens: list[Token]) -> bool:
    """Whether the statement starts with ∃! (after ∀s only): a bar may then be a naming
    half written (``∃!x blonde(x) | b``), not "or"."""
    for k, t in enumerate(tokens):
        if t.type in ("FORALL", "FORALL_W", "NAME", "COMMA", "DOT"):
            continue
        nxt = tokens[k + 1].type if k + 1 < len(tokens) else None
        return t.type == "UNIQUE" or (t.type == "EXISTS_W" and nxt == "NOT")
    return False


def _grammatical(text: str) -> bool:
    """Whether the grammar reads ``text`` (what it means aside)."""
    try:
        lark().parse(text)
    except (LarkError, RecursionError):
        return False
    return True


def _at(token: Token) -> int:
    """Where ``token`` starts in the text (the lexer always says)."""
    return token.start_pos or 0


def _replaced(text: str, fixes: list[tuple[Token, str]]) -> str:
    for token, fix in sorted(fixes, key=lambda f: _at(f[0]), reverse=True):
        text = text[: _at(token)] + fix + text[token.end_pos or _at(token) :]
    return text


def _slip_error(text: str, token: Token, corrected: str | None) -> ParseError:
    word = str(token)
    if token.type == "NAMING_BAR":
        said = (
            f'\'|\' is not "or": for "or" write {_OR_SPELLINGS}; a single | only names '
            "what ∃! defines (∃!x φ | name := x)"
        )
    else:
        said = (
            f"{word!r} is not a word the referee knows: keywords are written in lowercase "
            f"({word.lower()!r})"
        )
    if corrected is not None and len(corrected.strip()) <= MAX_CORRECTED:
        said += f"; corrected, it reads: {corrected.strip()}"
    return ParseError(said, text, token.line or 1, token.column or 1, len(word))


def _expected(exc: UnexpectedInput) -> str:
    expected = sorted({_TOKEN_WORDS.get(t, t.lower()) for t in getattr(exc, "expected", ()) or ()})
    if not expected or len(expected) > 6:
        return ""
    # a symbol is quoted, so that ")" and "," never read as the sentence's own punctuation
    shown = [w if " " in w else f"'{w}'" for w in expected]
    return ": expected " + and_list(shown, "or")


def _end_position(text: str) -> tuple[int, int]:
    stripped = text.rstrip()
    lines = split_lines(stripped) or [""]
    return len(lines), len(lines[-1]) + 1


def _previous_token(text: str, token: Token) -> Token | None:
    previous = None
    try:
        for tok in lark().lex(text):
            if tok.start_pos >= token.start_pos:
                break
            previous = tok
    except LarkError:
        return previous
    return previous
