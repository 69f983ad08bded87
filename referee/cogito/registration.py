"""Cogito (Olerant) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.cogito.diagram import load_diagram
from referee.cogito.setup import HouseRules, Setup
from referee.resources import data_path
from referee.table.registry import Decks, GameRegistration, Option


def new_setup(values, rules: HouseRules, deck) -> Setup:
    shown = bool(values.get("show_secrets"))  # the terminal's flag, kept so resume can check it
    players, seed, first = values["players"], values["seed"], values["first"]
    return Setup(players, seed, deck.text, deck.name, first, rules, shown)


REGISTRATION = GameRegistration.of(
    __package__,
    title="Cogito",
    options=(
        Option.players("Player names in seating order (each has the next on the left)."),
        Option.seed("The secret deal"),
        Option("first", "Who starts every round (default: the first listed).", default=""),
    ),
    new_setup=new_setup,
    decks=Decks(
        lambda: data_path("cards", "cogito-example.toml"),
        load_diagram,
        help="The deck file (TOML) with the diagram; default: cards/cogito-example.toml "
        "(an invented example, not the printed game's diagram).",
    ),
)
