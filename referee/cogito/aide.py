"""The deduction aide: what a player could know of their own Self card.

Two answers, both exact:

* from the field: the declarations lying in the player's field now, blue
  ("not X" was true) and red (it was false); the Ego card says nothing
  (it lies red whoever holds it) and Dream declares nothing;
* from all they know: every declaration they have made, even those Dream
  sent back under the pile, and every Self card they have seen outside
  their own holder (on the others' holders, in their hands, in any field):
  there is one card of each Self, so a Self card seen elsewhere is not theirs.

After the game, :func:`review` goes through the record: every judged play
with its reason, and for every COGITO whether the card named was the only
one possible at that moment.
"""

from __future__ import annotations

from referee.cogito.diagram import CardKind
from referee.cogito.events import Cogito, Play, Position
from referee.cogito.judge import Colour, Declaration, Deduction, deduce, judge
from referee.cogito.outcomes import CogitoReview, Judged, ShowReview
from referee.cogito.state import Game
from referee.table.record import Record


def field_declarations(game: Game, player: str) -> list[Declaration]:
    out = []
    for placed in game.seat(player).field:
        card = game.diagram.card(placed.card)
        if card.declares and placed.position != Position.NONE:
            out.append(Declaration(card.name, Colour(placed.position.value)))
    return out


def from_field(game: Game, player: str) -> Deduction:
    """The Self cards still possible given the declarations in ``player``'s field."""
    return deduce(game.diagram, field_declarations(game, player))


def from_all_known(game: Game, player: str) -> Deduction:
    """The Self cards still possible given everything ``player`` has declared and seen."""
    seat = game.seat(player)
    return deduce(game.diagram, seat.declarations, seat.seen)


def review(record: Record) -> ShowReview:
    """Every judged play with its reason, and every COGITO with what was deducible then."""
    game: Game = record.new_game()  # type: ignore[assignment]
    judged: list[Judged] = []
    cogitos: list[CogitoReview] = []
    for number, event in enumerate(record.events, start=1):
        if isinstance(event, Play):
            card = game.diagram.card(event.card)
            if card.kind in (CardKind.CATEGORY, CardKind.SELF):
                self_card = game.seat(event.player).self_card
                judged.append(
                    Judged(number, event.player, judge(game.diagram, self_card, card.name))
                )
        elif isinstance(event, Cogito):
            cogitos.append(
                CogitoReview(
                    number,
                    event.player,
                    event.named,
                    event.right,
                    from_field(game, event.player),
                    from_all_known(game, event.player),
                )
            )
        game.apply(event)
    return ShowReview(tuple(judged), tuple(cogitos))
