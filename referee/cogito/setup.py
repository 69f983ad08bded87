"""What a table chooses before the deal, kept in the record: players, deck, seed, house rules.

The deck travels as its TOML text, so a record replays without the deck
file, and the seed fixes the secret deal, so a record rebuilds the same
Self cards and hands. Each house rule's reason is in
``docs/rulings.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property

from referee.cogito.diagram import Diagram, DiagramError, load_diagram
from referee.language.names import player_refusal
from referee.language.shapes import Plain
from referee.table.errors import SetupError
from referee.table.players import NamedPlayers

HAND_SIZE = 2  # "Draw two cards each players."
MIN_PLAYERS = 2
RED_LIMIT = 2  # two red cards in a field: ego disruption


class CogitoOrder(enum.StrEnum):
    """Where "clockwise" starts when several players declare COGITO at once."""

    TURN = "turn"  # from the player whose turn it is
    ROUND = "round"  # from the round's starting player


@dataclass(frozen=True)
class HouseRules(Plain):
    # Dream sends the Ego card back under the pile with the rest of the field.
    dream_returns_ego: bool = True
    # A player who falls into ego disruption has their Self card shown at once.
    reveal_disrupted: bool = True
    # The deduction aide (`possible`) may be asked during the game, not only after it.
    aide_during_play: bool = False
    # Simultaneous COGITOs are dealt clockwise from the player whose turn it is (turn)
    # or from the round's starting player (round).
    cogito_order: CogitoOrder = CogitoOrder.TURN
    # The last player not in ego disruption wins at once.
    last_one_standing_wins: bool = False
    # Undo may take back an event that showed something hidden (a judgement, a
    # drawn card, ...): for friendly tables only (docs/rulings.md, "Undo").
    undo_past_reveals: bool = False


def check_player_name(name: str) -> None:
    if not isinstance(name, str) or not name.strip() or any(c in name for c in ", \t"):
        raise SetupError("players", f"{name!r} is not a player name (no spaces or commas)")
    if not name.isprintable():
        raise SetupError("players", f"{name!r} holds a control character")


@dataclass(frozen=True)
class Setup(NamedPlayers, Plain):
    """Everything chosen before the deal.

    ``players`` sit in this order, each with the next on their left (turns
    and gifts go left). ``first`` starts every round ("the person who has
    cared to take self-discovery most recently"); empty: the first listed.
    """

    players: tuple[str, ...]
    seed: int
    deck_text: str
    deck_source: str = "cogito.toml"
    first: str = ""
    rules: HouseRules = field(default_factory=HouseRules)
    # Started with --show-secrets (tests, scripts): only then may it be resumed with it.
    show_secrets: bool = False

    def __post_init__(self) -> None:
        if len(self.players) < MIN_PLAYERS:
            raise SetupError("players", f"Cogito needs at least {MIN_PLAYERS} players")
        try:  # a record's rule; a new game's is check_new's
            for name in self.players:
                check_player_name(name)
            if len({p.casefold() for p in self.players}) != len(self.players):
                raise SetupError("players", "each player name once")
        except SetupError as exc:
            raise SetupError("players", player_refusal(self.players, exc.message)) from None
        if self.first and self.first not in self.players:
            raise SetupError("first", f"{self.first!r} is not one of the players")
        try:
            diagram = self.diagram
        except DiagramError as exc:
            raise SetupError("deck_text", str(exc)) from None
        for name in self.players:
            card = diagram.lookup(name)
            if card is not None:
                raise SetupError(
                    "players", f"{name!r} is also the name of a card ({card}): choose another"
                )
        selves = len(diagram.self_names)
        if len(self.players) > selves:
            raise SetupError(
                "players", f"the deck has {selves} Self cards, not enough for {len(self.players)}"
            )
        pile = diagram.size - len(self.players)
        if pile < HAND_SIZE * len(self.players):
            raise SetupError(
                "players",
                f"the deck's {diagram.size} cards cannot deal a Self card and "
                f"{HAND_SIZE} cards to each of {len(self.players)} players",
            )

    @cached_property
    def diagram(self) -> Diagram:
        return load_diagram(self.deck_text, self.deck_source)

    @property
    def starter(self) -> str:
        return self.first or self.players[0]
