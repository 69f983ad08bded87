"""Cogito's refusals in the players' words: the one place a
:class:`~referee.cogito.refusals.Refusal` becomes a sentence (the prompt, the
web table and a replay all say it from here)."""

from __future__ import annotations

from referee.client.grammar import count
from referee.client.reasons import Words, register
from referee.cogito.events import Secret
from referee.cogito.outcomes import Finish
from referee.cogito.refusals import Refusal, Tip, Why
from referee.cogito.state import Phase
from referee.language.characters import quoted, shortened

TEMPLATES = {
    Why.TRADE_NOW: "it is the trade: every player gives a card to the left",
    Why.LAST_CALL: "every hand in play is empty: COGITO now, or end (a tie)",
    Why.NOT_THE_TRADE: "cards are given only in the trade, after the draw",
    Why.NAME_WHO_DECLARES: "name who declares COGITO",
    Why.NAME_ONCE: "name each player once",
    Why.CANNOT_END: (
        "the game ends by COGITO, by every player's ego disruption, or when every hand is empty"
    ),
    Why.SAY_WHICH_CARD: "say which card to reveal",
    Why.SAY_WHO_GIVES: "say who gives which card",
    Why.GIVE_BY_NUMBER: "give a card by its number in the hand, never by its name",
    Why.SAY_WHO_DECLARES: "say who declares COGITO",
    Why.NOBODY_NAMING: "nobody is waiting to name their Self card",
    Why.WHOSE_HAND: "whose hand?",
    Why.WHOSE_SELF_CARD: "whose Self card?",
    Why.AIDE_AFTER_GAME: "the deduction aide answers after the game",
    Why.REVIEW_WAITS: "the review shows Self cards: it waits for the end of the game",
    Why.NOT_A_PLAYER: "{word!q} is not a player",
    Why.STOPPED_FOR_COGITO: "the game stops for COGITO: {player} names their Self card first",
    Why.NOT_IN_HAND: "that card is not in {player}'s hand",
    Why.LOST_NO_TRADE: "{player} has lost themselves and trades no more",
    Why.ALREADY_GIVING: "{player} has already chosen a card to give",
    Why.LOST_NO_DECLARE: "{player} has lost themselves and cannot declare",
    Why.ALREADY_DECLARED: "{player} has already declared COGITO",
    Why.NAMES_FIRST: "{player} names their Self card first (clockwise)",
    Why.DREAM_DECLARES_NOTHING: "{word} is the Dream card: it declares nothing to judge",
    Why.EGO_NEVER_BLUE: "the {word} card has no blue position: it always lies red",
    Why.POSITION_MISJUDGED: "the record's position for {card} is not the judge's",
    Why.ANSWER_MISJUDGED: "the record's answer to {player}'s COGITO is not the deal's",
    Why.NOT_A_CARD: "{word!q} is not a card of this deck (diagram lists them)",
    Why.COGITO_FIRST: "the game stops for COGITO: {player} names first",
    Why.WHICH_SELF_CARD: "{player}: which Self card are you?",
}

NO_TURN = {
    Phase.TRADE: "it is the trade: each player gives a card to the left (give NAME N)",
    Phase.LAST_CALL: "every hand in play is empty: declare COGITO now, or end (a tie)",
}


HINTS = {
    Tip.REVIEW: "review: every judgement and every COGITO",
    Tip.PLAY: "play CARD (its name, or its number in the hand)",
    Tip.HAND_ALONE: "hand {word} shows the hand to {word} alone",
    Tip.GIVE: "give NAME N (N: the card's number in NAME's hand)",
    Tip.COGITO: "cogito NAME CARD (NAME declares: I am CARD!), or cogito NAME NAME ... (at once)",
    Tip.COGITO_AT_ONCE: "cogito NAME CARD declares COGITO and names the card at once",
    Tip.IAM: "iam CARD",
    Tip.HAND: "hand NAME",
    Tip.POSSIBLE: "possible NAME",
    Tip.AIDE_HOUSE_RULE: "house rule aide_during_play=yes allows it during play",
}


def self_cards(r: Refusal) -> str:
    """`` (Self cards: A, B, C)`` where the reason lists them, to choose from."""
    return f" (Self cards: {shortened(', '.join(r.texts))})" if r.texts else ""


def refusal_words(r: Refusal) -> str:
    """Why Cogito refuses, as the players read it (the reasons TEMPLATES does not word)."""
    p = r.player
    match r.why:
        case Why.NOT_YOUR_TURN:
            return f"it is {p}'s turn, not {r.other}'s" if p else f"it is not {r.other}'s turn"
        case Why.NOT_A_SELF_CARD:
            return f"{quoted(r.word)} is not a Self card of this deck{self_cards(r)}"
        case Why.CATEGORY_NOT_SELF:
            return f"{quoted(r.word)} is a category, not a Self card{self_cards(r)}"
        case Why.NOT_A_NAME:
            if not r.texts:
                return f"{quoted(r.word)} is not a category or a Self card of this deck"
            categories = shortened(", ".join(r.categories)) or "none"
            return (
                f"{quoted(r.word)} is not a category or a Self card of this deck "
                f"(categories: {categories}; Self cards: {shortened(', '.join(r.texts))})"
            )
        case Why.NO_TURN:
            return NO_TURN.get(r.phase, "nobody is to play")
        case Why.NO_SUCH_NUMBER:
            return f"{p}'s hand holds {count(r.count, 'card')}: there is no card {r.number}"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above or in TEMPLATES


# The game's words, registered once for every client (the terminal, the web table, replay).
# What an event of its own kinds showed, for a refused undo (the table names the rest).
SHOWN = {
    Secret.TRADED_CARD: "the cards given in the trade",
    Secret.SELF_CARD: "a Self card",
    Secret.DECLARATION: "a COGITO judged right or wrong",
}

# How a game ended, as its game over says it.
ENDED = {
    Finish.FOUND: "found their Self card",
    Finish.ALL_DISRUPTED: "every player fell into ego disruption",
    Finish.HANDS_EMPTY: "every hand in play is empty and nobody declared COGITO",
    Finish.LAST_STANDING: "the last player standing (house rule last_one_standing_wins)",
}

WORDS = register(Words(Why, Tip, TEMPLATES, refusal_words, HINTS, SHOWN, ENDED))
