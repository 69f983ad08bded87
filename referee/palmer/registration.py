"""Palmer's game as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.language.deck import load_deck_text
from referee.palmer import hint
from referee.palmer.setup import (
    DEFAULT_CLAIM_TIMEOUT,
    MAX_CLAIM_TIMEOUT,
    HouseRules,
    Mode,
    Settings,
    Setup,
)
from referee.resources import default_deck_path
from referee.table.registry import Decks, GameRegistration, Option


def new_setup(values, rules: HouseRules, deck) -> Setup:
    settings = Settings(
        values["players"], values["hand_size"], values["win"], values["mode"], values["seed"]
    )
    return Setup(settings, rules, deck.text, deck.name, values["timeout"])


REGISTRATION = GameRegistration.of(
    __package__,
    cli=("play", "replay"),
    title="Palmer's game",
    options=(
        Option.players("Player names in turn order, comma-separated: alice,bob,carol."),
        Option("hand_size", "Cards in a hand (default 3).", int, short="n", default=3),
        Option("win", "Points to win (default 3).", int, short="w", default=3),
        Option(
            "mode",
            "dealt: the referee shuffles and deals on screen (default); "
            "table: a printed deck, players say which cards they played.",
            Mode,
            default=Mode.DEALT,
        ),
        Option.seed("The shuffle"),
        Option(
            "timeout",
            "Seconds the referee may take per claim "
            f"(default {DEFAULT_CLAIM_TIMEOUT:g}); kept in the record.",
            float,
            bounds=(0.05, MAX_CLAIM_TIMEOUT),
            default=DEFAULT_CLAIM_TIMEOUT,
        ),
    ),
    new_setup=new_setup,
    background=hint.BACKGROUND,  # the claimable-now hint (house rule hints)
    decks=Decks(
        default_deck_path,
        load_deck_text,
        help="Deck file (TOML) with the vocabulary and cards; default: the Palmer deck.",
    ),
)
