"""What a table chooses before the first move: the players and the house rules.

Both are kept in the record's setup, so a resumed or replayed game is
refereed under the rules it was played with. Each rule's reason is in
``docs/rulings.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from referee.invicta.board import Side
from referee.language.names import player_refusal
from referee.language.shapes import Plain
from referee.table.errors import SetupError
from referee.table.players import NamedPlayers

PIECES = 12  # each player's pieces (seed, rule 2)
ROW = 5  # pieces in an unbroken row that win (seed, rule 11: five or more)
REPETITIONS = 3  # occurrences of one position that draw (seed, rule 12)


class Corners(enum.StrEnum):
    """How many corners one slide along the edge may go round."""

    ANY = "any"
    ONE = "one"


class Blocked(enum.StrEnum):
    """What happens to a player who has no legal move."""

    PASS = "pass"  # the turn passes to the opponent
    LOSE = "lose"  # the blocked player loses, as in Morris


@dataclass(frozen=True)
class HouseRules(Plain):
    # Who makes the first move: white in the seed, black in another review.
    first: Side = Side.WHITE
    # A lion on the edge may step diagonally to the next edge square past a corner
    # (b1 to a2), cutting the corner instead of sliding through it.
    corner_cut: bool = False
    # How many corners one slide along the edge may go round.
    corners: Corners = Corners.ANY
    # What a player with no legal move does.
    blocked: Blocked = Blocked.PASS


def _check_name(name: str, side: str) -> None:
    if not isinstance(name, str) or not name.strip():
        raise SetupError(side, "a player needs a name")
    if not name.isprintable() or len(name) > 40:
        raise SetupError(side, f"{name!r} is not a player name (printable, at most 40 characters)")


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    white: str
    black: str
    rules: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        try:  # a record's rule; a new game's is check_new's
            _check_name(self.white, "white")
            _check_name(self.black, "black")
            if self.white.strip() == self.black.strip():
                raise SetupError("", "white and black need different names")
        except SetupError as exc:  # in the name rule's words when it refuses them too
            words = player_refusal((self.white, self.black), exc.message)
            raise SetupError(exc.field if words == exc.message else "", words) from None

    names_option = ""  # white and black are refused together, as one pair of names

    @property
    def players(self) -> tuple[str, ...]:
        return (self.white, self.black)

    def player(self, side: Side) -> str:
        return self.white if side is Side.WHITE else self.black
