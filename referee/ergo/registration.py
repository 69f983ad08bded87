"""Ergo (Catalyst Game Labs, 2009) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from pathlib import Path

from referee.ergo.deck import load_ergo_deck
from referee.ergo.decks import BUNDLED, bundled_deck_path
from referee.ergo.setup import DEFAULT_WIN, HouseRules, Mode, Settings, Setup, seats
from referee.table.registry import Decks, GameRegistration, Option


def new_setup(values, rules: HouseRules, deck) -> Setup:
    settings = Settings(seats(values["players"]), values["mode"], values["seed"], values["win"])
    shown = bool(values.get("show_hands"))  # the terminal's flag, kept so resume can check it
    return Setup(settings, rules, deck.text, deck.name, shown)


def bundled(name: str) -> Path | None:
    return bundled_deck_path(name) if name in BUNDLED else None


REGISTRATION = GameRegistration.of(
    __package__,
    title="Ergo",
    options=(
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
    ),
    new_setup=new_setup,
    decks=Decks(
        bundled_deck_path,
        load_ergo_deck,
        bundled,
        help="Deck file (TOML), or english (the default, 55 cards) or review "
        "(the review's edition: 8 NOT, 6 parentheses).",
    ),
)
