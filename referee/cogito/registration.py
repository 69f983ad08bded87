"""Cogito (Olerant) as the house registers it (:mod:`referee.table.registry`).

Declaring it imports nothing of the game: what its deck needs of the rules is imported the
first time it is asked for (``referee --help`` lists it without)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.registry import Decks, GameRegistration, Later, Option

if TYPE_CHECKING:
    from referee.cogito.setup import HouseRules, Setup


def new_setup(values, rules: HouseRules, deck) -> Setup:
    from referee.cogito.setup import Setup

    shown = bool(values.get("show_secrets"))  # the terminal's flag, kept so resume can check it
    players, seed, first = values["players"], values["seed"], values["first"]
    return Setup(players, seed, deck.text, deck.name, first, rules, shown)


def decks() -> Decks:
    from referee.cogito.diagram import load_diagram
    from referee.resources import data_path

    return Decks(
        lambda: data_path("cards", "cogito-example.toml"),
        load_diagram,
        help="The deck file (TOML) with the diagram; default: cards/cogito-example.toml "
        "(an invented example, not the printed game's diagram).",
    )


REGISTRATION = GameRegistration.of(
    __package__,
    title="Cogito",
    cli={"cogito": 'Cogito (Olerant): judge "I am not X!", deduce Self cards, referee a game.'},
    options=(
        Option.players("Player names in seating order (each has the next on the left)."),
        Option.seed("The secret deal"),
        Option("first", "Who starts every round (default: the first listed).", default=""),
    ),
    new_setup=new_setup,
    decks=Later(decks),
)
