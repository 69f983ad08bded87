"""The events of an Ergo game, as the record keeps them.

Each is a frozen dataclass whose shape :data:`CODEC` checks when a record is
read; whether it is *legal* is :meth:`referee.ergo.state.Game.apply`'s
question. Drawing is no event: every turn starts by drawing two cards (from
the shuffled pile in dealt mode; in table mode the referee counts the pile),
so the record holds only what players chose. A round's end carries its
ruling (the verdict with its evidence), as Palmer's claims carry theirs, so
replay can put it to today's referee.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.ergo.cards import Card, Face
from referee.ergo.proof import Placed, Spot
from referee.ergo.ruling import Ruling
from referee.language.shapes import Plain
from referee.table.events import End, Event, EventCodec, PlayerEvent
from referee.table.reveals import Shown


class RoundEnd(enum.StrEnum):
    ERGO = "ergo"  # an Ergo card was played
    PILE = "pile"  # the last card was drawn and that player's turn ended


# What a move that plays cards from the hand may show: those cards (dealt mode: from a
# hand nobody else sees) and, if it ends the turn, the next player's draw.
PLAYS = frozenset({Shown.PLAYED_CARD, Shown.DRAWN_CARD})


@dataclass(frozen=True)
class Place(PlayerEvent):
    """Cards from a hand into the Proof (one or two: each card is one of the turn's plays)."""

    TYPE = "place"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    cards: tuple[Placed, ...]


@dataclass(frozen=True)
class Discard(PlayerEvent):
    """Cards discarded; in table mode a player may discard without naming them (``unnamed``)."""

    TYPE = "discard"
    REVEALS = frozenset({Shown.DRAWN_CARD})  # the turn may end with a draw (dealt mode)
    cards: tuple[Card, ...] = ()
    unnamed: int = 0

    @property
    def count(self) -> int:
        """The cards discarded, named or not: each is one of the turn's plays."""
        return len(self.cards) + self.unnamed


@dataclass(frozen=True)
class Fallacy(PlayerEvent):
    TYPE = "fallacy"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    target: str


@dataclass(frozen=True)
class Justify(PlayerEvent):
    """A Justification (or a Wild as one) laid over the player's own Fallacy."""

    TYPE = "justify"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    card: Card = Card.JUSTIFICATION


@dataclass(frozen=True)
class TabulaRasa(PlayerEvent):
    """A card taken from the Proof to the bottom of the pile (``removed``: its face, checked)."""

    TYPE = "tabula_rasa"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    spot: Spot
    removed: Face


@dataclass(frozen=True)
class Revolution(PlayerEvent):
    """Two cards of one type in the Proof change places."""

    TYPE = "revolution"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    first: Spot
    second: Spot


@dataclass(frozen=True)
class Ergo(PlayerEvent):
    TYPE = "ergo"
    REVEALS = PLAYS  # a card from the hand, face up; then perhaps a draw
    card: Card = Card.ERGO


@dataclass(frozen=True)
class Award(Plain):
    player: str
    points: int


@dataclass(frozen=True)
class Score(Event):
    """A stopped round settled: the Proof as it stood, the ruling, and the points it gives."""

    TYPE = "score"
    REVEALS = frozenset({Shown.JUDGEMENT, Shown.DRAWN_CARD})  # the verdict; then a draw
    round: int
    reason: RoundEnd
    proof: tuple[str, ...]
    ruling: Ruling
    awards: tuple[Award, ...]


MOVES = (Place, Discard, Fallacy, Justify, TabulaRasa, Revolution, Ergo)
CODEC = EventCodec([*MOVES, Score, End])
