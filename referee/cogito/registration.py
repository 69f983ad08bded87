"""Cogito (Olerant) as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

import secrets

from referee.cogito import outcomes, views
from referee.cogito.commands import CogitoCommands
from referee.cogito.diagram import load_diagram
from referee.cogito.records import GAME
from referee.cogito.setup import HouseRules, Setup
from referee.resources import data_path
from referee.table.registry import Decks, GameRegistration, Option, outcomes_of


def new_setup(values, rules: HouseRules, deck) -> Setup:
    players = tuple(p.strip() for p in values["players"].split(",") if p.strip())
    seed = values.get("seed")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    first = values.get("first") or ""
    shown = bool(values.get("show_secrets"))  # the terminal's flag, kept so resume can check it
    return Setup(players, seed, deck.text, deck.name, first, rules, shown)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Cogito",
    commands=CogitoCommands,
    outcomes=outcomes_of(outcomes),
    seat_view=views.seat_view,
    house_rules=HouseRules,
    options=(
        Option(
            "players",
            "Player names in seating order (each has the next on the left).",
            required=True,
        ),
        Option("seed", "The secret deal (default: random).", int),
        Option("first", "Who starts every round (default: the first listed)."),
    ),
    new_setup=new_setup,
    decks=Decks(
        lambda: data_path("cards", "cogito-example.toml"),
        load_diagram,
        help="The deck file (TOML) with the diagram; default: cards/cogito-example.toml "
        "(an invented example, not the printed game's diagram).",
    ),
)
