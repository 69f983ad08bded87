"""The last card judged (or COGITO named) as data: the judgement's path through the diagram.

A revealed card "I am not X!" is judged against its holder's Self card
(:func:`referee.cogito.judge.judge`, the answer the rules checked the recorded
position against). The path it takes through the diagram starts at that Self card,
so it is the holder's secret: a seat sees the path only where it sees the Self card
(every other player's, never its own), and the table screen and a spectator only
once the card is revealed. Otherwise the ruling says only what every screen shows:
the card, where it lies, and that the path is hidden (``path`` null, ``hidden``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.cogito.diagram import CardKind
from referee.cogito.events import Cogito, Play, Position
from referee.cogito.judge import Denied, judge
from referee.cogito.state import Game
from referee.table.rulings import Kind, Outcome, Ruling


@dataclass(frozen=True, kw_only=True)
class JudgementRuling(Ruling):
    """A revealed card judged, or a COGITO named: ``card`` (the card revealed, or the
    Self card named), where it lies, and, where this seat may see it, the path: from the
    Self card up through its categories to the card (a red card: "I am not X!" is false),
    or every category the Self card is in (a blue one: X is none of them)."""

    card: str
    position: Position | None = None  # a revealed card's (None: a COGITO)
    denied: Denied | None = None  # what "I am not …" denied: a category, a Self card, Ego
    path: tuple[str, ...] | None = None  # None: hidden from this seat, or no judgement
    belongs: tuple[str, ...] | None = None
    hidden: bool = False  # there is a path, and it is this seat's secret


def ruling(game: Game, seat: str | None) -> JudgementRuling | None:
    """The last judgement as ``seat`` may see it (None: the table and spectators)."""
    if game.ruled is None:
        return None
    event_number, event = game.ruled
    holder = game.seat(event.player)
    if isinstance(event, Cogito):  # "I am X!": said aloud, and right or wrong shows
        return JudgementRuling(
            event=event_number,
            kind=Kind.COGITO,
            player=event.player,
            outcome=Outcome.UPHELD if event.right else Outcome.REJECTED,
            card=event.named,
        )
    assert isinstance(event, Play)
    if game.diagram.card(event.card).kind == CardKind.DREAM:  # Dream declares nothing
        return JudgementRuling(
            event=event_number,
            kind=Kind.JUDGEMENT,
            player=event.player,
            card=event.card,
            position=event.position,
        )
    # Where it lies is on every screen: blue, "I am not X!" was true; red, false.
    shown = JudgementRuling(
        event=event_number,
        kind=Kind.JUDGEMENT,
        player=event.player,
        outcome=Outcome.UPHELD if event.position == Position.BLUE else Outcome.REJECTED,
        card=event.card,
        position=event.position,
    )
    sees = holder.revealed or (seat is not None and seat != holder.name)
    if not sees:
        return replace(shown, hidden=True)
    verdict = judge(game.diagram, holder.self_card, event.card)
    return replace(
        shown,
        denied=verdict.kind,
        path=verdict.chain if not verdict.true else (holder.self_card,),
        belongs=verdict.belongs if verdict.true else None,
    )
