"""Proof files: a Proof written as text, for ``referee ergo check``.

UTF-8 text, one premise per line (at most four), ``#`` starts a comment and
blank lines are skipped; card words are separated by spaces (``A B C D``,
``AND OR THEN NOT`` in any case, also ``∧ ∨ → ¬``, ``(`` and ``)``).

Everything wrong is reported as a :class:`ProofFileError` that names the
premise, the card and the rule, and points at the card in the line as typed
(:meth:`ProofFileError.render` draws the caret): words that are not cards,
card rules broken, a fifth premise, more cards of a kind than the deck has.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.ergo.cards import CardWordError, Face, Written, read_faces
from referee.ergo.deck import ErgoDeck
from referee.ergo.proof import Proof, proof_of_faces
from referee.ergo.reading import DEFAULT_READING, ReadingRules, read_premise
from referee.ergo.syntax import MAX_PREMISES, Rule, SyntaxViolation, Violation
from referee.language.characters import first_refused, refusal, split_lines
from referee.language.errors import LocatedError, Location


@dataclass(frozen=True)
class ProofLine:
    number: int  # the premise's number, from 1
    file_line: int  # where it stands in the file, from 1
    source: str  # the line as typed, without its comment
    cards: tuple[Written, ...]

    @property
    def faces(self) -> tuple[Face, ...]:
        return tuple(w.face for w in self.cards)


@dataclass(frozen=True)
class ProofFile:
    lines: tuple[ProofLine, ...]

    @property
    def proof(self) -> Proof:
        return proof_of_faces([line.faces for line in self.lines])


class ProofFileError(LocatedError):
    """What is wrong, where: premise (from 1), its file line, the card's column and width."""

    def __init__(
        self,
        message: str,
        premise: int,
        file_line: int,
        source: str,
        column: int,
        width: int,
        card: str = "",
        card_number: int = 0,
        rule: Rule | None = None,
    ) -> None:
        super().__init__(message, Location(source, 1, column, width))
        self.premise = premise
        self.file_line = file_line
        self.source = source
        self.column = column
        self.width = width
        self.card = card
        self.card_number = card_number
        self.rule = rule

    @property
    def place(self) -> str:
        card = f", card {self.card_number} {self.card!r}" if self.card_number else ""
        return f"premise {self.premise}{card} (line {self.file_line}, column {self.column})"

    def where(self) -> str:
        """``premise 2, card 1 'NOT' (line 3, column 1)``: the render's heading."""
        return self.place


def _located(line: ProofLine, violation: Violation) -> ProofFileError:
    first = line.cards[violation.first]
    last = line.cards[violation.last]
    width = last.column + last.width - first.column
    card = line.source[first.column - 1 : first.column - 1 + first.width]
    return ProofFileError(
        violation.describe(line.faces),
        line.number,
        line.file_line,
        line.source,
        first.column,
        width,
        card,
        violation.first + 1,
        violation.rule,
    )


def read_proof_file(
    text: str, deck: ErgoDeck | None = None, rules: ReadingRules = DEFAULT_READING
) -> ProofFile:
    """The Proof a file holds, every card rule checked; ProofFileError at the first fault."""
    lines: list[ProofLine] = []
    for file_line, raw in enumerate(split_lines(text), start=1):
        bad = first_refused(raw)  # in a comment too: an invisible line break hides a premise
        if bad is not None:
            raise ProofFileError(
                refusal(raw[bad]), len(lines) + 1, file_line, raw, bad + 1, 1, raw[bad]
            )
        source = raw.split("#", 1)[0].rstrip()
        if not source.strip():
            continue
        number = len(lines) + 1
        try:
            cards = read_faces(source)
        except CardWordError as exc:
            raise ProofFileError(
                f"{exc.word!r} is not an Ergo card (A B C D, AND OR THEN NOT, ∧ ∨ → ¬, ( ))",
                number,
                file_line,
                source,
                exc.column,
                exc.width,
                exc.word,
                exc.index + 1,
            ) from None
        line = ProofLine(number, file_line, source, cards)
        if number > MAX_PREMISES:
            raise _located(line, Violation(Rule.FOUR_PREMISES, 0, len(cards) - 1))
        try:
            read_premise(line.faces, rules)
        except SyntaxViolation as exc:
            raise _located(line, exc.violation) from None
        lines.append(line)
    if deck is not None:
        everything = [(line, i) for line in lines for i in range(len(line.cards))]
        excess = deck.first_excess(line.cards[i].face for line, i in everything)
        if excess is not None:
            index, face = excess
            line, i = everything[index]
            family = (Face.OPEN, Face.CLOSE) if face in (Face.OPEN, Face.CLOSE) else (face,)
            limit = sum(1 for ln, j in everything[:index] if ln.cards[j].face in family)
            raise _located(line, Violation(Rule.DECK_LIMIT, i, limit=limit))
    return ProofFile(tuple(lines))
