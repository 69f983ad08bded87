"""Palmer's game as the house registers it (:mod:`referee.table.registry`).

Declaring it imports nothing of the game: what its options, deck and hint need of the
rules is imported the first time one is asked for (``referee --help`` lists it without)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.registry import Decks, GameRegistration, Later, Option

if TYPE_CHECKING:
    from referee.palmer.setup import HouseRules, Setup


def options() -> tuple[Option, ...]:
    from referee.palmer.setup import DEFAULT_CLAIM_TIMEOUT, MAX_CLAIM_TIMEOUT, Mode

    return (
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
    )


def new_setup(values, rules: HouseRules, deck) -> Setup:
    from referee.palmer.setup import RulesError, Settings, Setup

    try:
        settings = Settings(
            values["players"], values["hand_size"], values["win"], values["mode"], values["seed"]
        )
    except RulesError as exc:  # the record's win_score is the option win
        field = "win" if exc.field == "win_score" else exc.field
        raise RulesError(field, exc.message) from None
    return Setup(settings, rules, deck.text, deck.name, values["timeout"])


def decks() -> Decks:
    from referee.language.deck import load_deck_text
    from referee.resources import default_deck_path

    return Decks(
        default_deck_path,
        load_deck_text,
        help="Deck file (TOML) with the vocabulary and cards; default: the Palmer deck.",
    )


def background():
    from referee.palmer import hint

    return hint.BACKGROUND  # the claimable-now hint (house rule hints)


REGISTRATION = GameRegistration.of(
    __package__,
    title="Palmer's game",
    cli={
        "play": "Referee a game at the table.",
        "replay": "Re-referee every event of RECORD_FILE and report where today's referee "
        "disagrees.",
    },
    options=Later(options),
    new_setup=new_setup,
    background=Later(background),
    decks=Later(decks),
)
