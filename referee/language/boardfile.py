"""Board files: UTF-8 text, one statement per line, ``#`` comments, blank lines skipped.

Statements are numbered from 1 in file order. A name introduced with ∃! on one
line may be used on the lines after it, so the vocabulary grows as we read.
The caller reads the file; this module only sees text.

Lines end at ``\n`` (or ``\r\n``) and nowhere else, and a line holding an
invisible or text-moving character (``characters.is_refused``) is refused,
comment included: an invisible line break inside a comment would otherwise
hide a statement from the players, or show them one the referee never reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.language.ast import Statement
from referee.language.characters import first_refused, refusal, split_lines
from referee.language.errors import LocatedError
from referee.language.naming import introduced_symbol
from referee.language.parser import ParseError, parse_statement
from referee.language.vocabulary import Vocabulary, VocabularyError


@dataclass(frozen=True)
class BoardText:
    statements: tuple[Statement, ...]
    lines: tuple[int, ...]  # the file line of each statement
    vocabulary: Vocabulary  # the deck's, extended with the names given by ∃!


class BoardError(LocatedError):
    """A statement of a board file that cannot be read, with its file line."""

    def __init__(self, error: ParseError, line: int, source: str = "") -> None:
        super().__init__(error.message, error.location)
        self.error = error
        self.line = line
        self.column = error.column
        self.source = source

    def where(self) -> str:
        file = f"{self.source}:" if self.source else ""
        return f"{file}line {self.line}, column {self.error.column}"


def strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip()


def parse_board(text: str, vocabulary: Vocabulary, source: str = "") -> BoardText:
    statements: list[Statement] = []
    lines: list[int] = []
    vocab = vocabulary
    for number, raw in enumerate(split_lines(text), start=1):
        bad = first_refused(raw)
        if bad is not None:
            raise BoardError(ParseError(refusal(raw[bad]), raw, 1, bad + 1), number, source)
        body = strip_comment(raw)
        if not body:
            continue
        try:
            statement = parse_statement(body, vocab)
        except ParseError as exc:
            # Point into the file line, not into the stripped text.
            offset = len(raw) - len(raw.lstrip())
            located = ParseError(exc.message, raw, 1, exc.column + offset, exc.width)
            raise BoardError(located, number, source) from None
        symbol = introduced_symbol(statement)
        if symbol is not None:
            try:
                vocab = vocab.extend(*symbol)
            except VocabularyError as exc:  # pragma: no cover - the parser checks clashes
                raise BoardError(ParseError(str(exc), raw, 1, 1), number, source) from None
        statements.append(statement)
        lines.append(number)
    return BoardText(tuple(statements), tuple(lines), vocab)
