"""Settings and house rules: what a table chooses before the first card.

Both are kept in the game record, so a resumed or replayed game is refereed
under the rules it was played with. Each house rule's reason is in
``docs/rulings.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property

from referee.language.deck import Deck, DeckError, load_deck_text
from referee.language.names import player_refusal
from referee.language.shapes import Plain, ShapeError, decode, encode
from referee.table import house
from referee.table.dealing import DealtSetup, Mode
from referee.table.errors import SetupError

# A claim may take at most this long: the table never waits longer for a verdict.
MAX_CLAIM_TIMEOUT = 600.0


# Palmer's name for the shared setup error.
RulesError = SetupError


class VoteBy(enum.StrEnum):
    """How the asked players' votes settle an undetermined claim (docs/rulings.md, 20)."""

    MAJORITY = "majority"  # more yes than no upholds it (a tie does not convince)
    UNANIMITY = "unanimity"  # every asked player's yes upholds it


class Passing(enum.StrEnum):
    """When a player may pass (docs/rulings.md, 10 and 10a)."""

    FREE = "free"  # whenever they cannot or will not play
    STUCK = "stuck"  # only when no card in their hand can be played now


@dataclass(frozen=True)
class HouseRules(Plain):
    # Upheld redundant statements stay on the board (marked scored) instead of being erased.
    keep_redundant: bool = False
    # An undetermined claim may be settled by a vote of the table, recorded in the game.
    vote_on_undetermined: bool = False
    # How the votes of the players asked (all but the claimant) settle it.
    vote_by: VoteBy = VoteBy.MAJORITY
    # Points a player loses for a rejected claim (never below zero).
    rejected_claim_penalty: int = 0
    # Every P, F, R card played must appear in the statement.
    every_card_used: bool = True
    # A player who passes may discard cards from the hand (refilled from the deck).
    pass_discard: bool = True
    # When a player may pass: whenever (free), or only with no card they can play (stuck).
    passing: Passing = Passing.FREE
    # Undo may take back an event that showed something hidden (a judgement, a
    # drawn card, ...): for friendly tables only (docs/rulings.md, "Undo").
    undo_past_reveals: bool = False
    # Undo may take back a move after which cards were drawn (never a ruling): whoever
    # drew them keeps knowing them (docs/rulings.md, "Computer seats at the terminal").
    undo_draws: bool = False
    # Practice tables: every view lists the statements claimable now, and ``hint`` says
    # it at the terminal (docs/rulings.md, "The claimable-now hint").
    hints: bool = False

    def __post_init__(self) -> None:
        if self.rejected_claim_penalty < 0:
            raise RulesError("rejected_claim_penalty", "must be a whole number ≥ 0")

    def with_switch(self, text: str) -> HouseRules:
        """``"keep_redundant=yes"`` → a copy with that rule changed (for --house)."""
        try:
            return house.with_switch(self, text)
        except house.SwitchError as exc:
            raise RulesError(exc.rule, exc.message) from None


@dataclass(frozen=True)
class Settings(Plain):
    players: tuple[str, ...]
    hand_size: int = 3
    win_score: int = 3
    mode: Mode = Mode.DEALT
    seed: int = 0  # the shuffle, so a record rebuilds the same hands

    def __post_init__(self) -> None:
        if len(self.players) < 1:
            raise RulesError("players", "at least one player")
        for name in self.players:
            if not isinstance(name, str) or not name.strip() or any(c in name for c in ", \t"):
                older = f"{name!r} is not a player name (no spaces or commas)"
                raise RulesError("players", player_refusal(self.players, older))
        if len(set(self.players)) != len(self.players):
            raise RulesError("players", player_refusal(self.players, "each player name once"))
        if not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= 20:
            raise RulesError("hand_size", f"must be between 1 and 20, got {self.hand_size!r}")
        if not isinstance(self.win_score, int) or self.win_score < 1:
            raise RulesError("win_score", f"must be at least 1, got {self.win_score!r}")
        try:  # a mode's name ("table") is read as the mode
            object.__setattr__(self, "mode", Mode(self.mode))
        except ValueError:
            raise RulesError("mode", f"must be dealt or table, got {self.mode!r}") from None
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise RulesError("seed", f"must be a whole number, got {self.seed!r}")


DEFAULT_CLAIM_TIMEOUT = 5.0


@dataclass(frozen=True)
class Setup(DealtSetup):
    """Everything chosen before the first card, kept in the record.

    The deck travels as its TOML text, so a record replays without the deck
    file; ``claim_timeout`` is the engine's limit per claim, since a verdict
    can depend on it (replay and resume use the recorded one).
    """

    settings: Settings
    rules: HouseRules
    deck_text: str
    deck_source: str = "palmer.toml"
    claim_timeout: float = DEFAULT_CLAIM_TIMEOUT

    def __post_init__(self) -> None:
        timeout = self.claim_timeout
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
            raise RulesError(
                "claim_timeout", f"must be a positive number of seconds, got {timeout!r}"
            )
        if timeout > MAX_CLAIM_TIMEOUT:
            raise RulesError("claim_timeout", f"must be at most {MAX_CLAIM_TIMEOUT:g} seconds")

    def check_new(self) -> None:
        """A new game seats two players at least (a claim must convince the others, and
        one player alone would only pass or claim against themselves); a record of one
        player, made before this check, still loads."""
        super().check_new()
        if len(self.players) < 2:
            raise SetupError(
                "players", f"Palmer's game is for 2 players or more, not {len(self.players)}"
            )
        if not self.deck.cards:  # a vocabulary alone: nothing could be dealt or played
            raise SetupError(
                "deck",
                f"{self.deck_source} has no cards: the game is played with cards, so list "
                "them ([[cards]], as cards/palmer.toml does); a deck with only [vocabulary] "
                "serves parse, analyze, entails, derive and export",
            )

    @cached_property
    def deck(self) -> Deck:
        return load_deck_text(self.deck_text, self.deck_source)

    def to_json(self) -> dict:
        deck = _Deck(source=self.deck_source, toml=self.deck_text)
        return encode(
            _Stored(
                settings=self.settings,
                house_rules=self.rules,
                deck=deck,
                claim_timeout=self.claim_timeout,
            )
        )

    @classmethod
    def from_json(cls, data: object) -> Setup:
        stored = decode(_Stored, data)
        try:
            setup = cls(
                stored.settings,
                stored.house_rules,
                stored.deck.toml,
                stored.deck.source,
                stored.claim_timeout,
            )
        except RulesError as exc:
            raise ShapeError(exc.field, exc.message) from None
        try:
            setup.deck  # noqa: B018 - a record whose deck does not load is refused on reading
        except DeckError as exc:
            raise ShapeError("deck.toml", str(exc)) from None
        return setup


@dataclass(frozen=True, kw_only=True)
class _Deck(Plain):
    """The deck as the record keeps it: where it came from and its TOML text."""

    source: str = "deck"
    toml: str


@dataclass(frozen=True, kw_only=True)
class _Stored(Plain):
    """A setup's JSON shape (its names are the record's, kept since version 1)."""

    settings: Settings
    house_rules: HouseRules = field(default_factory=HouseRules)
    deck: _Deck
    claim_timeout: float = DEFAULT_CLAIM_TIMEOUT
