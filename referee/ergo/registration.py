"""Ergo (Catalyst Game Labs, 2009) as the house registers it (:mod:`referee.table.registry`).

Declaring it imports nothing of the game: what its options and decks need of the rules is
imported the first time one is asked for (``referee --help`` lists it without)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.registry import Decks, GameRegistration, Later, Option

if TYPE_CHECKING:
    from pathlib import Path

    from referee.ergo.setup import HouseRules, Setup


def options() -> tuple[Option, ...]:
    from referee.ergo.setup import DEFAULT_WIN, Mode

    return (
        Option.players(
            "Players in turn order, youngest first: ann,bob,cat (A, B, C in order) or ann=C,bob=A."
        ),
        Option(
            "mode",
            "dealt: the referee shuffles and deals, and keeps the hands (default); "
            "table: the printed deck, players say what they play.",
            Mode,
            default=Mode.DEALT,
        ),
        Option.seed("The shuffles"),
        Option("win", f"Points to win (default {DEFAULT_WIN}).", int, default=DEFAULT_WIN),
    )


def new_setup(values, rules: HouseRules, deck) -> Setup:
    from referee.ergo.setup import Settings, Setup, seats

    settings = Settings(seats(values["players"]), values["mode"], values["seed"], values["win"])
    shown = bool(values.get("show_hands"))  # the terminal's flag, kept so resume can check it
    return Setup(settings, rules, deck.text, deck.name, shown)


def bundled(name: str) -> Path | None:
    from referee.ergo.decks import BUNDLED, bundled_deck_path

    return bundled_deck_path(name) if name in BUNDLED else None


def decks() -> Decks:
    from referee.ergo.deck import load_ergo_deck
    from referee.ergo.decks import BUNDLED, bundled_deck_path

    return Decks(
        bundled_deck_path,
        load_ergo_deck,
        bundled,
        names=tuple(BUNDLED),
        help="Deck file (TOML), or english (the default, 55 cards) or review "
        "(the review's edition: 8 NOT, 6 parentheses).",
    )


REGISTRATION = GameRegistration.of(
    __package__,
    title="Ergo",
    cli={
        "ergo": "Ergo (Catalyst Game Labs, 2009): check a Proof, referee a game, replay a record."
    },
    options=Later(options),
    new_setup=new_setup,
    decks=Later(decks),
)
