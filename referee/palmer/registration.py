"""Palmer's game as the house registers it (:mod:`referee.table.registry`)."""

from __future__ import annotations

from referee.language.deck import load_deck_text
from referee.palmer import outcomes, views
from referee.palmer.commands import PalmerCommands
from referee.palmer.records import GAME
from referee.palmer.setup import (
    DEFAULT_CLAIM_TIMEOUT,
    MAX_CLAIM_TIMEOUT,
    HouseRules,
    Mode,
    Settings,
    Setup,
)
from referee.resources import default_deck_path
from referee.table.registry import Decks, GameRegistration, Option, outcomes_of, player_names, seed


def new_setup(values, rules: HouseRules, deck) -> Setup:
    hand_size, win, mode = values.get("hand_size"), values.get("win"), values.get("mode")
    timeout = values.get("timeout")
    settings = Settings(
        player_names(values),
        hand_size if hand_size is not None else 3,
        win if win is not None else 3,
        Mode(mode or Mode.DEALT.value),
        seed(values),
    )
    timeout = timeout if timeout is not None else DEFAULT_CLAIM_TIMEOUT
    return Setup(settings, rules, deck.text, deck.name, timeout)


REGISTRATION = GameRegistration(
    kind=GAME,
    title="Palmer's game",
    commands=PalmerCommands,
    outcomes=outcomes_of(outcomes),
    seat_view=views.seat_view,
    options=(
        Option.players("Player names in turn order, comma-separated: alice,bob,carol."),
        Option("hand_size", "Cards in a hand (default 3).", int, short="n"),
        Option("win", "Points to win (default 3).", int, short="w"),
        Option(
            "mode",
            "dealt: the referee shuffles and deals on screen (default); "
            "table: a printed deck, players say which cards they played.",
            Mode,
        ),
        Option.seed("The shuffle"),
        Option(
            "timeout",
            "Seconds the referee may take per claim "
            f"(default {DEFAULT_CLAIM_TIMEOUT:g}); kept in the record.",
            float,
            bounds=(0.05, MAX_CLAIM_TIMEOUT),
        ),
    ),
    new_setup=new_setup,
    decks=Decks(
        default_deck_path,
        load_deck_text,
        help="Deck file (TOML) with the vocabulary and cards; default: the Palmer deck.",
    ),
)
