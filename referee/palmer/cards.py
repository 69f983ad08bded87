"""How players name cards at the table: forgiving words for deck card ids.

``blonde`` or ``+`` name a P, F or R card; ``S3`` the third statement card;
``?`` and ``¬`` (also ``any``, ``not``, ``neg``, ``~``) the X cards; a Q card
by its quantifiers, ``∀x∃y``, ``AE``, ``Q:AE`` or ``forall-exists`` (``U`` or
``E!`` for ∃!). In dealt mode a number is a position in the player's hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from referee.language import ast
from referee.language.deck import QUANT_SIGNS, Deck, DeckCard
from referee.language.limits import is_number
from referee.palmer.refusals import Why
from referee.table.errors import Refusal

_KIND_LETTER = {ast.FORALL: "A", ast.EXISTS: "E", ast.UNIQUE: "U"}
_NEGATE_WORDS = {"¬", "~", "!", "not", "neg", "negate", "x:¬", "x¬", "-"}
_ANY_WORDS = {"?", "any", "x:?", "x?", "wild"}


class CardError(ValueError):
    """Words that name no card (or no card of the hand): ``refusal`` says why (typed)."""

    def __init__(self, why: Why, **facts) -> None:
        self.refusal = Refusal(why, **facts)
        super().__init__(str(self.refusal))


def short_name(card: DeckCard) -> str:
    """What the table types for a card: ``blonde``, ``∀x∃y``, ``S3``, ``?``, ``¬``."""
    if card.kind in "PFR":
        return str(card.symbol)
    if card.kind == "Q":
        return "".join(QUANT_SIGNS[k] + v for k, v in zip(card.prefix, card.variables, strict=True))
    if card.kind == "S":
        return card.id
    return card.label


def _q_letters(token: str) -> str | None:
    t = token
    if t.lower().startswith("q:"):
        t = t[2:]
    elif t.startswith("Q") and len(t) > 1 and t[1] in "AEU∀∃":
        t = t[1:]
    t = t.replace("exists!", "U").replace("forall", "A").replace("exists", "E")
    t = t.replace("∃!", "U").replace("E!", "U").replace("∀", "A").replace("∃", "E")
    t = re.sub(r"[a-z\s\-_.,]", "", t)
    return t if t and re.fullmatch(r"[AEU]+", t) else None


def resolve_card(token: str, deck: Deck, hand: Sequence[str] | None = None) -> DeckCard:
    """The deck card a word names; ``hand`` (card ids) makes numbers positions in it."""
    token = token.strip()
    if not token:
        raise CardError(Why.EMPTY_CARD_NAME)
    if is_number(token) and hand is not None:
        i = int(token)
        if not 1 <= i <= len(hand):
            raise CardError(Why.NO_CARD_AT, number=i, count=len(hand))
        return deck.card(hand[i - 1])
    for card in deck.cards:
        if token == card.id or token == card.label:
            return card
    low = token.lower()
    for card in deck.cards:
        if card.kind in "PFR" and card.symbol is not None and low == card.symbol.lower():
            return card
        if card.kind == "S" and low == card.id.lower():
            return card
        if card.kind == "X" and card.action == "negate" and low in _NEGATE_WORDS:
            return card
        if card.kind == "X" and card.action == "any" and low in _ANY_WORDS:
            return card
    letters = _q_letters(token)
    if letters is not None:
        for card in deck.cards:
            if card.kind == "Q" and "".join(_KIND_LETTER[k] for k in card.prefix) == letters:
                return card
        raise CardError(Why.NO_SUCH_PREFIX, word=token)
    raise CardError(Why.NO_SUCH_CARD, word=token, flag=hand is None)


def take_from_hand(hand: list[str], card_ids: Sequence[str]) -> list[str]:
    """The hand without the played cards; CardError when one is not in it."""
    rest = list(hand)
    for card_id in card_ids:
        if card_id not in rest:
            raise CardError(Why.NOT_IN_HAND, word=card_id)
        rest.remove(card_id)
    return rest
