"""Ergo's cards: what is printed on them, what they play as, and how players write them.

A *card* is a physical card (the deck holds 4 ``A`` cards, 1 variable Wild,
…); a *face* is what a card says once it lies in the Proof (a Wild played as
``A`` has the face ``A``). Premises are rows of faces; the game keeps which
card shows each face, because a Tabula Rasa sends that card back to the pile.

Players write faces as the card words ``A B C D``, ``AND OR THEN NOT`` (any
case), the signs ``∧ ∨ → ¬`` (also ``~`` and ``->``), and ``(`` ``)``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from referee.language.shapes import Plain


class Face(enum.StrEnum):
    A = "A"
    B = "B"
    C = "C"
    D = "D"
    AND = "AND"
    OR = "OR"
    THEN = "THEN"
    NOT = "NOT"
    OPEN = "("
    CLOSE = ")"

    @property
    def symbol(self) -> str:
        return SYMBOLS[self]

    @property
    def role(self) -> Role:
        if self in VARIABLES:
            return Role.VARIABLE
        if self in OPERATORS:
            return Role.OPERATOR
        if self == Face.NOT:
            return Role.NOT
        return Role.PARENTHESIS


class Role(enum.StrEnum):
    """The card types the rule sheet's syntax rules speak of."""

    VARIABLE = "variable"
    OPERATOR = "operator"  # AND, OR, THEN (the sheet's "Operator Cards"; NOT is its own)
    NOT = "NOT"
    PARENTHESIS = "parenthesis"


VARIABLES = (Face.A, Face.B, Face.C, Face.D)
OPERATORS = (Face.AND, Face.OR, Face.THEN)
SYMBOLS = {
    Face.A: "A",
    Face.B: "B",
    Face.C: "C",
    Face.D: "D",
    Face.AND: "∧",
    Face.OR: "∨",
    Face.THEN: "→",
    Face.NOT: "¬",
    Face.OPEN: "(",
    Face.CLOSE: ")",
}


class Card(enum.StrEnum):
    """The physical cards of the deck (the record's and the deck file's names)."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"
    AND = "AND"
    OR = "OR"
    THEN = "THEN"
    NOT = "NOT"
    PARENTHESIS = "PARENTHESIS"
    FALLACY = "FALLACY"
    JUSTIFICATION = "JUSTIFICATION"
    TABULA_RASA = "TABULA_RASA"
    REVOLUTION = "REVOLUTION"
    WILD_VARIABLE = "WILD_VARIABLE"
    WILD_OPERATOR = "WILD_OPERATOR"
    ERGO = "ERGO"

    @property
    def faces(self) -> tuple[Face, ...]:
        """What this card can show in the Proof (nothing, for the special cards)."""
        return CARD_FACES.get(self, ())

    @property
    def wild(self) -> bool:
        return self in WILDS

    @property
    def label(self) -> str:
        return LABELS.get(self, self.value)


WILDS = (Card.WILD_VARIABLE, Card.WILD_OPERATOR)
CARD_FACES: dict[Card, tuple[Face, ...]] = {
    **{Card(f.value): (f,) for f in (*VARIABLES, *OPERATORS, Face.NOT)},
    Card.PARENTHESIS: (Face.OPEN, Face.CLOSE),
    Card.WILD_VARIABLE: VARIABLES,
    Card.WILD_OPERATOR: (*OPERATORS, Face.NOT),
}
LABELS = {
    Card.PARENTHESIS: "parenthesis",
    Card.FALLACY: "Fallacy",
    Card.JUSTIFICATION: "Justification",
    Card.TABULA_RASA: "Tabula Rasa",
    Card.REVOLUTION: "Revolution",
    Card.WILD_VARIABLE: "Wild (variable)",
    Card.WILD_OPERATOR: "Wild (operator)",
    Card.ERGO: "Ergo",
}


def natural_card(face: Face) -> Card:
    """The ordinary (not Wild) card that shows ``face``."""
    return Card.PARENTHESIS if face in (Face.OPEN, Face.CLOSE) else Card(face.value)


@dataclass(frozen=True)
class ProofCard(Plain):
    """A card lying in the Proof: which card it is and what it shows."""

    card: Card
    face: Face

    def __post_init__(self) -> None:
        if self.face not in self.card.faces:
            raise ValueError(f"a {self.card.label} card cannot show {self.face.value}")

    @property
    def symbol(self) -> str:
        return self.face.symbol


# ------------------------------------------------------------------ words


WORDS: dict[str, Face] = {
    **{f.value.lower(): f for f in Face},
    "∧": Face.AND,
    "∨": Face.OR,
    "→": Face.THEN,
    "->": Face.THEN,
    "¬": Face.NOT,
    "~": Face.NOT,
}
_TOKEN = re.compile(r"->|[()¬∧∨→~]|[^\s()¬∧∨→~]+")


class CardWordError(ValueError):
    """A word that is not an Ergo card; ``column`` (from 1) and ``width`` point at it."""

    def __init__(self, word: str, column: int, index: int = 0) -> None:
        super().__init__(f"{word!r} is not an Ergo card")
        self.word = word
        self.column = column
        self.index = index  # how many cards came before it
        self.width = max(1, len(word))


@dataclass(frozen=True)
class Written:
    """A face as written in a line of text, with where it stands (column from 1)."""

    face: Face
    column: int
    width: int


def face_of(word: str) -> Face | None:
    return WORDS.get(word.lower())


def read_faces(text: str) -> tuple[Written, ...]:
    """The faces of a premise written in card words; CardWordError at the first stranger.

    Words are separated by spaces; parentheses and signs also stand alone
    without them, so ``¬(¬C)`` reads as ``¬ ( ¬ C )``.
    """
    out = []
    for match in _TOKEN.finditer(text):
        face = face_of(match.group())
        if face is None:
            raise CardWordError(match.group(), match.start() + 1, len(out))
        out.append(Written(face, match.start() + 1, match.end() - match.start()))
    return tuple(out)


def faces_text(faces) -> str:
    """A row of faces as the table sees it: ``¬ ( ¬ C )``."""
    return " ".join(f.symbol for f in faces)
