"""What an Ergo table chooses before the first card: players, mode, deck and house rules.

All of it is kept in the game record (the deck as its text), so a resumed or
replayed game is refereed under the rules it was played with. The reason for
each house rule is in ``docs/rulings.md``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from referee.ergo.cards import VARIABLES
from referee.ergo.deck import HAND, ErgoDeck, load_ergo_deck
from referee.ergo.reading import Grouping, ReadingRules, ThenChain
from referee.language.deck import DeckError
from referee.language.names import player_refusal
from referee.language.shapes import Plain
from referee.table import house
from referee.table.dealing import DealtSetup, Mode
from referee.table.errors import SetupError

MIN_PLAYERS, MAX_PLAYERS = 2, 4
DEFAULT_WIN = 50


class FirstPlayer(enum.StrEnum):
    YOUNGEST = "youngest"  # every round starts with the first player named (the youngest)
    ROTATE = "rotate"  # round 2 starts with the second player named, and so on


class TabulaParenthesis(enum.StrEnum):
    PAIR = "pair"  # removing a parenthesis takes its partner with it
    REFUSE = "refuse"  # a parenthesis cannot be removed


class FallacyBlocks(enum.StrEnum):
    PLACING = "placing"  # no cards to the Proof
    CHANGING = "changing"  # nor Tabula Rasa or Revolution


class Tie(enum.StrEnum):
    SHARE = "share"  # players level on the most points at or past the target share the win
    PLAY_ON = "play_on"  # another round is played until one leads


@dataclass(frozen=True)
class Seat(Plain):
    name: str
    variable: str  # A, B, C or D


@dataclass(frozen=True)
class Settings(Plain):
    seats: tuple[Seat, ...]
    mode: Mode = Mode.DEALT
    seed: int = 0  # the shuffles, so a record rebuilds the same deals
    win: int = DEFAULT_WIN

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS:
            raise SetupError("players", f"Ergo is for 2-4 players, not {len(self.seats)}")
        names = [s.name for s in self.seats]
        for name in names:
            if not name.strip() or any(c in name for c in ",=: \t") or len(name) > 40:
                older = f"{name!r} is not a player name (no spaces , = :)"
                raise SetupError("players", player_refusal(names, older))
            if name.upper() in {v.value for v in VARIABLES}:
                raise SetupError("players", f"{name!r} is a variable's name: call the player else")
        if len(set(names)) != len(names):
            raise SetupError("players", player_refusal(names, "each player name once"))
        variables = [s.variable for s in self.seats]
        for v in variables:
            if v not in {x.value for x in VARIABLES}:
                raise SetupError("players", f"{v!r} is not a variable (A, B, C or D)")
        if len(set(variables)) != len(variables):
            raise SetupError("players", "each player has a variable of their own")
        if self.win < 1:
            raise SetupError("win", f"must be at least 1, got {self.win}")

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def variable(self, player: str) -> str:
        return next(s.variable for s in self.seats if s.name == player)


def seats(players: Sequence[str]) -> tuple[Seat, ...]:
    """``ann``, ``bob`` (A, B in order) or ``ann=C``, ``bob=A``: each player and their variable.

    A player who names no variable takes the first one nobody named, in order.
    """
    names: list[tuple[str, str | None]] = []
    for part in players:
        name, sep, variable = part.partition("=")
        names.append((name.strip(), variable.strip().upper() if sep else None))
    taken = {v for _, v in names if v}
    free = [v.value for v in VARIABLES if v.value not in taken]
    out = []
    for name, variable in names:
        if variable is None:
            if not free:
                raise SetupError("players", "more players than variables")
            variable = free.pop(0)
        out.append(Seat(name, variable))
    return tuple(out)


@dataclass(frozen=True)
class HouseRules(Plain):
    then_chain: ThenChain = ThenChain.RIGHT
    chain_grouping: Grouping = Grouping.LEFT
    tabula_parenthesis: TabulaParenthesis = TabulaParenthesis.PAIR
    fallacy_blocks: FallacyBlocks = FallacyBlocks.PLACING
    first_player: FirstPlayer = FirstPlayer.YOUNGEST
    tie: Tie = Tie.SHARE
    # Undo may take back an event that showed something hidden (a judgement, a
    # drawn card, ...): for friendly tables only (docs/rulings.md, "Undo").
    undo_past_reveals: bool = False
    # Undo may take back a move after which cards were drawn (never a ruling): whoever
    # drew them keeps knowing them (docs/rulings.md, "Computer seats at the terminal").
    undo_draws: bool = False
    # Every view and the `hint` command show what the Proof proves now (docs/rulings.md).
    hints: bool = False

    @property
    def reading(self) -> ReadingRules:
        return ReadingRules(self.then_chain, self.chain_grouping)

    def with_switch(self, text: str) -> HouseRules:
        """``"then_chain=left"`` → a copy with that rule changed (``--house``)."""
        return house.with_switch(self, text)


@dataclass(frozen=True)
class Setup(DealtSetup, Plain):
    settings: Settings
    rules: HouseRules
    deck_text: str
    deck_source: str = "ergo.toml"
    # Started with --show-hands (scripts, teaching): only then may it be resumed with it.
    show_hands: bool = False

    def __post_init__(self) -> None:
        try:
            deck = self.deck
        except DeckError as exc:
            raise SetupError("deck_text", str(exc)) from None
        players = len(self.settings.seats)
        if deck.size <= HAND * players:
            raise SetupError(
                "deck_text", f"{deck.size} cards cannot deal {HAND} to each of {players} players"
            )

    @cached_property
    def deck(self) -> ErgoDeck:
        return load_ergo_deck(self.deck_text, self.deck_source)
