"""What happens in a game of Cogito, as values for the interface to show.

The game reports what an event brought about (a card revealed, a field
sent back by Dream, a disruption, the round's end, the trade, a COGITO, the
end of the game) as :attr:`referee.cogito.state.Game.news`; the commands add
the views a player asks for. The interface has one renderer per class.
Nothing here holds a Self card that the table may not see yet.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.cogito.diagram import CardKind
from referee.cogito.events import Cogito, Play
from referee.cogito.judge import Deduction, Judgement
from referee.table import views
from referee.table.session import Accepted, Outcome, PlayerOutcome


class Disruption(enum.StrEnum):
    """The two ways to lose oneself."""

    TWO_RED = "two_red"  # two red cards in one's field
    FAILED_COGITO = "failed_cogito"  # COGITO! naming the wrong Self card


class Finish(enum.StrEnum):
    FOUND = "found"  # a player named their Self card: they win
    ALL_DISRUPTED = "all_disrupted"  # every player lost themselves: a tie
    HANDS_EMPTY = "hands_empty"  # every hand empty and no COGITO: a tie of everyone
    LAST_STANDING = "last_standing"  # house rule last_one_standing_wins


# ------------------------------------------------------------------ news


@dataclass(frozen=True)
class Revealed(Accepted[Play]):
    """The event's card revealed, of ``kind``; ``returned``: the field Dream sent under the pile."""

    kind: CardKind
    returned: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()  # what Dream left in the field (Ego, by a house rule)


@dataclass(frozen=True)
class Disrupted(PlayerOutcome):
    why: Disruption
    self_card: str | None  # shown only under house rule reveal_disrupted


@dataclass(frozen=True)
class RoundEnded(Outcome):
    round: int
    drew: bool  # False: fewer cards in the pile than players, so no draw and no trade
    trade: bool  # the trade phase begins
    pile: int  # cards left in the pile after the draw
    players: int  # players who would draw


@dataclass(frozen=True)
class RoundBegins(Outcome):
    round: int
    first: str


@dataclass(frozen=True)
class LastCall(Outcome):
    """Every hand is empty: declare COGITO now, or the game ends in a tie."""

    round: int


@dataclass(frozen=True)
class GiftChosen(PlayerOutcome):
    waiting: tuple[str, ...]  # players who have not chosen yet


@dataclass(frozen=True)
class Traded(Outcome):
    gifts: tuple[tuple[str, str], ...]  # (giver, receiver)


@dataclass(frozen=True)
class CogitoCalled(Outcome):
    order: tuple[str, ...]  # who names their Self card, first to last


@dataclass(frozen=True)
class Named(Accepted[Cogito]):
    """A COGITO answered: the event names the card, and whether it is the player's Self."""


# ------------------------------------------------------------------ views


@dataclass(frozen=True)
class ShowHand(views.ShowHand):
    """The shared view of a hand, with the aide (``known``) when the house rule allows."""

    known: Deduction | None = None


@dataclass(frozen=True)
class ShowDiagram(Outcome):
    pass


@dataclass(frozen=True)
class ShowPossible(PlayerOutcome):
    """The aide for ``player``: from their field; ``known`` adds all they have seen."""

    field: Deduction
    known: Deduction | None = None


@dataclass(frozen=True)
class Judged:
    """A recorded play, with the judgement and its reason (part of :class:`ShowReview`)."""

    event: int
    player: str
    judgement: Judgement


@dataclass(frozen=True)
class CogitoReview:
    """A recorded COGITO and what the player could have deduced then (part of the review)."""

    event: int
    player: str
    named: str
    right: bool
    field: Deduction  # from the declarations in their field then
    known: Deduction  # from every declaration they had made and every Self card they had seen

    @property
    def only_from_field(self) -> bool:
        return self.field.only(self.named)

    @property
    def only_from_known(self) -> bool:
        return self.known.only(self.named)


@dataclass(frozen=True)
class ShowReview(Outcome):
    judged: tuple[Judged, ...]
    cogitos: tuple[CogitoReview, ...]
