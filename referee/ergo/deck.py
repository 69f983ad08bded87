"""Ergo deck files: how many of each card a table plays with.

A deck is TOML with a ``[cards]`` table of card name = count (``cards/ergo.toml``
is the English edition, ``cards/ergo-review.toml`` the edition the Chinese
review describes). Every problem names the file and the key, since decks are
edited by hand; the game keeps the deck's text in its record, so a record
replays without the file.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.ergo.cards import OPERATORS, VARIABLES, Card, Face, natural_card
from referee.language.deck import DeckError, read_deck_toml
from referee.language.input_limits import MAX_CARD_COUNT

HAND = 5  # cards in a hand at the end of every turn


@dataclass(frozen=True)
class ErgoDeck:
    name: str
    counts: tuple[tuple[Card, int], ...]  # in the order of :class:`Card`

    def count(self, card: Card) -> int:
        return dict(self.counts).get(card, 0)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    def cards(self) -> list[Card]:
        """One entry per physical card, in a fixed order (the game shuffles)."""
        return [card for card, n in self.counts for _ in range(n)]

    def first_excess(self, faces: Iterable[Face]) -> tuple[int, Face] | None:
        """The first face (its index in ``faces``) this deck cannot supply, Wilds included.

        Variables beyond their cards are covered by the variable Wilds, AND,
        OR, THEN and NOT beyond theirs by the operator Wilds; parentheses have
        no Wild.
        """
        used: Counter[Face] = Counter()
        for i, face in enumerate(faces):
            used[face] += 1
            if not self._suffices(used):
                return i, face
        return None

    def _suffices(self, used: Counter[Face]) -> bool:
        def over(faces: Sequence[Face]) -> int:
            return sum(max(0, used[f] - self.count(natural_card(f))) for f in faces)

        parens = used[Face.OPEN] + used[Face.CLOSE]
        return (
            over(VARIABLES) <= self.count(Card.WILD_VARIABLE)
            and over((*OPERATORS, Face.NOT)) <= self.count(Card.WILD_OPERATOR)
            and parens <= self.count(Card.PARENTHESIS)
        )

    def to_text(self) -> str:
        lines = [f"name = {_quote(self.name)}", 'game = "ergo"', "", "[cards]"]
        lines += [f"{card.value} = {n}" for card, n in self.counts]
        return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load_ergo_deck(text: str, source: str = "<deck>") -> ErgoDeck:
    """Read a deck file's text; DeckError naming the file and the key at fault."""
    data = read_deck_toml(text, source)
    unknown = sorted(set(data) - {"name", "game", "cards"})
    if unknown:
        raise DeckError(source, unknown[0], "unknown key (expected name, game, cards)")
    if data.get("game", "ergo") != "ergo":
        raise DeckError(source, "game", f"this is a deck for {data.get('game')!r}, not for Ergo")
    name = data.get("name", "custom")
    if not isinstance(name, str):
        raise DeckError(source, "name", "must be a string")
    raw = data.get("cards")
    if not isinstance(raw, dict):
        raise DeckError(source, "cards", "missing: a [cards] table of card = count")
    known = {c.value: c for c in Card}
    counts: dict[Card, int] = {}
    for key, n in raw.items():
        card = known.get(key.upper())
        if card is None:
            raise DeckError(source, f"cards.{key}", f"not an Ergo card (known: {', '.join(known)})")
        if card in counts:
            raise DeckError(source, f"cards.{key}", "listed twice")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_CARD_COUNT:
            raise DeckError(
                source, f"cards.{key}", f"must be a whole number 0-{MAX_CARD_COUNT}, got {n!r}"
            )
        counts[card] = n
    if counts.get(Card.PARENTHESIS, 0) % 2:
        raise DeckError(
            source, "cards.PARENTHESIS", "parentheses are played in pairs: give an even number"
        )
    ordered = tuple((c, counts[c]) for c in Card if counts.get(c, 0) > 0)
    return ErgoDeck(name, ordered)
