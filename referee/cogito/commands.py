"""Cogito at the table: the commands players type, read into events.

``play Flower`` (or ``play 2``, the second card of the hand), ``give alice
1`` (by position only: a gift is secret), ``cogito alice Casablanca``,
``cogito alice bob`` (at the same time), ``iam Casablanca``, ``end``. A
command either asks to see something (an outcome, nothing recorded) or
becomes one event, which :meth:`referee.table.session.Session.submit` puts
to the rules before it reaches the record. The referee judges every declaration itself, against
the Self card nobody at the table may see; the outcomes say blue or red,
never why, until the game is over.
"""

from __future__ import annotations

from referee.cogito import aide
from referee.cogito.events import Cogito, Declare, End, Give, Play
from referee.cogito.judge import UnknownName, self_card_name
from referee.cogito.outcomes import (
    ShowDiagram,
    ShowHand,
    ShowPossible,
)
from referee.cogito.refusals import Refusal, Tip, Why
from referee.cogito.state import Game, Phase, Seat
from referee.language.limits import is_number
from referee.table.commands import TableCommands
from referee.table.errors import Hint
from referee.table.events import Event
from referee.table.session import Actor, Outcomes, Refused, Session
from referee.table.views import ShowBoard

ALIASES = {
    "p": "play",
    "reveal": "play",
    "g": "give",
    "c": "cogito",
    "i": "iam",
    "h": "hand",
    "t": "table",
    "b": "table",
    "board": "table",
    "field": "table",
    "fields": "table",
    "d": "diagram",
    "cards": "diagram",
    "tie": "end",
    "aide": "possible",
    "r": "review",
}
MOVES = ("play", "give", "cogito", "iam", "end")


class CardWordError(ValueError):
    """Words that name no card of the hand: ``refusal`` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


class CogitoCommands(TableCommands):
    """The command language of a game of Cogito."""

    aliases = ALIASES
    commands = frozenset(MOVES) | {"hand", "table", "diagram", "rules", "possible", "review"}
    moves = frozenset(MOVES)
    turn_moves = frozenset({"play", "iam"})  # gifts, COGITO and a tie name their players
    names_player = frozenset({"hand", "possible", "give", "cogito"})
    over_hint = Hint(Tip.REVIEW)

    def author(self, game: Game, event: Event) -> str | None:
        """A COGITO declared alone is its declarer's (declared at once: nobody's)."""
        if isinstance(event, Declare):
            return event.players[0] if len(event.players) == 1 else None
        return super().author(game, event)

    def names(self, game: Game, command: str, rest: str) -> tuple[str, ...]:
        """``cogito ann bob`` speaks for every player it names (they declare at once)."""
        found = tuple(self.player(game, w) for w in rest.split())
        if command == "cogito" and found and all(found):
            return tuple(n for n in found if n)
        return super().names(game, command, rest)

    # ------------------------------------------------------------ helpers

    def followed(self, session: Session, shown: Outcomes) -> Outcomes:
        return session.game.news  # type: ignore[attr-defined]  # what the rules told

    def _player(self, game: Game, word: str) -> Seat | None:
        name = self.player(game, word)
        return None if name is None else game.seat(name)

    @staticmethod
    def _card(game: Game, seat: Seat, words: str) -> str:
        """The card of ``seat``'s hand that ``words`` names: a name, or a number in the hand."""
        words = words.strip()
        if is_number(words):
            i = int(words)
            if not 1 <= i <= len(seat.hand):
                raise CardWordError(
                    Refusal(Why.NO_SUCH_NUMBER, seat.name, count=len(seat.hand), number=i)
                )
            return seat.hand[i - 1]
        name = game.diagram.lookup(words)
        if name is None:
            raise CardWordError(Refusal(Why.NOT_A_CARD, word=words))
        if name not in seat.hand:
            raise CardWordError(Refusal(Why.NOT_IN_HAND, seat.name))
        return name

    # -------------------------------------------------------------- moves

    def _play(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = rest.split()
        current = game.current
        if current is None:
            return (Refused(reason=Refusal(Why.NO_TURN, phase=game.phase)),)
        if words and (named := self._player(game, words[0])) is not None:
            if named.name != current:
                return (Refused(reason=Refusal(Why.NOT_YOUR_TURN, current, named.name)),)
            words = words[1:]
        if not words:
            return (
                Refused(
                    hint=Hint(Tip.PLAY),
                    reason=Refusal(Why.SAY_WHICH_CARD),
                ),
            )
        seat = game.seat(current)
        try:
            card = self._card(game, seat, " ".join(words))
        except CardWordError as exc:
            hint = Hint(Tip.HAND_ALONE, current)
            return (Refused(hint=hint, reason=exc.refusal),)
        if game.calling:
            return (Refused(reason=Refusal(Why.COGITO_FIRST, game.calling[0])),)
        return self.submit(session, Play(current, card, game.position_of(current, card)))

    def _give(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if game.phase != Phase.TRADE:
            return (Refused(reason=Refusal(Why.NOT_THE_TRADE)),)
        hint = Hint(Tip.GIVE)
        giver, said = self.speaker(game, rest, actor)
        words = said.split()
        if giver is None and len(words) >= 2:
            return (Refused(hint=hint, reason=Refusal(Why.NOT_A_PLAYER, word=words[0])),)
        if giver is None or not words:
            return (Refused(hint=hint, reason=Refusal(Why.SAY_WHO_GIVES)),)
        seat = game.seat(giver)
        position = " ".join(words)
        if not is_number(position):
            # The gift is secret until everyone has chosen ("you should not see the card
            # given from the right person before you give your card"): a card's name
            # on the shared screen would tell the receiver. Positions only, and the
            # word is not repeated.
            return (Refused(hint=hint, reason=Refusal(Why.GIVE_BY_NUMBER)),)
        try:
            card = self._card(game, seat, position)
        except CardWordError as exc:
            return (Refused(hint=hint, reason=exc.refusal),)
        return self.submit(session, Give(seat.name, card))

    def _cogito(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = rest.split()
        hint = Hint(Tip.COGITO)
        seats = [self._player(game, w) for w in words]
        if words and all(s is not None for s in seats):  # declared at once
            return self.submit(session, Declare(tuple(s.name for s in seats if s)))
        declarer, said = self.speaker(game, rest, actor)
        if declarer is None and words:
            return (Refused(hint=hint, reason=Refusal(Why.NOT_A_PLAYER, word=words[0])),)
        if declarer is None:
            return (Refused(hint=hint, reason=Refusal(Why.SAY_WHO_DECLARES)),)
        if not words:  # a seat naming nobody declares for itself
            return self.submit(session, Declare((declarer,)))
        return self._name(session, game, game.seat(declarer), said)

    def _iam(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if not game.calling:
            return (
                Refused(
                    hint=Hint(Tip.COGITO_AT_ONCE),
                    reason=Refusal(Why.NOBODY_NAMING),
                ),
            )
        return self._name(session, game, game.seat(game.calling[0]), rest)

    def _name(self, session: Session, game: Game, seat: Seat, words: str) -> Outcomes:
        if not words.strip():
            return (Refused(hint=Hint(Tip.IAM), reason=Refusal(Why.WHICH_SELF_CARD, seat.name)),)
        try:
            named = self_card_name(game.diagram, words)
        except UnknownName as exc:
            return (Refused(reason=exc.reason),)
        return self.submit(session, Cogito(seat.name, named, named == seat.self_card))

    def _end(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return self.submit(session, End(rest.strip()))

    # -------------------------------------------------------------- views

    def _table(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowBoard(),)

    def _diagram(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowDiagram(),)

    def _hand(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        word = rest.strip() or (actor.name if actor is not None else game.current)
        if not word:
            return (Refused(hint=Hint(Tip.HAND), reason=Refusal(Why.WHOSE_HAND)),)
        seat = self._player(game, word)
        if seat is None:
            return (Refused(hint=Hint(Tip.HAND), reason=Refusal(Why.NOT_A_PLAYER, word=word)),)
        known = None
        if game.rules.aide_during_play or game.finished:
            known = aide.from_all_known(game, seat.name)
        return (ShowHand(seat.name, known),)

    def _possible(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        word = rest.strip() or (actor.name if actor is not None else game.current)
        seat = self._player(game, word) if word else None
        if seat is None:
            return (Refused(hint=Hint(Tip.POSSIBLE), reason=Refusal(Why.WHOSE_SELF_CARD)),)
        if game.finished:
            return (
                ShowPossible(
                    seat.name,
                    aide.from_field(game, seat.name),
                    aide.from_all_known(game, seat.name),
                ),
            )
        if not game.rules.aide_during_play:
            return (
                Refused(
                    hint=Hint(Tip.AIDE_HOUSE_RULE),
                    reason=Refusal(Why.AIDE_AFTER_GAME),
                ),
            )
        # During play only what the whole table sees: the field (hands are private).
        return (ShowPossible(seat.name, aide.from_field(game, seat.name)),)

    def _review(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if not game.finished:
            return (Refused(reason=Refusal(Why.REVIEW_WAITS)),)
        return (aide.review(session.record),)
