"""A game of Cogito, rebuilt by applying its events in order.

:meth:`Game.new` deals from the setup's seed: a Self card for each player
(secret: nobody at the table sees their own, and the screen shows none), the
rest shuffled into the pile, two cards to each hand. :meth:`Game.apply`
judges each event's legality (whose turn, the card in the hand, the phase)
and recomputes every judgement and every COGITO from the diagram and the
deal, refusing a record that says otherwise; it raises
:class:`~referee.table.errors.IllegalEvent` before changing anything.

What the rules do on their own (a field sent back by Dream, ego disruption,
the round's draw, the trade once everyone has chosen, the end of the game)
happens inside ``apply``, and is reported in :attr:`Game.news`.

Turn order: ``setup.players`` in seating order, each with the next on their
left. The rulings this module follows are in ``docs/rulings.md``.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from dataclasses import field as dc_field

from referee.cogito.diagram import CardKind, Diagram
from referee.cogito.events import CODEC, Cogito, Declare, End, Give, Play, Position, Secret
from referee.cogito.judge import Colour, Declaration, judge
from referee.cogito.outcomes import (
    CogitoCalled,
    Disrupted,
    Disruption,
    Finish,
    GiftChosen,
    LastCall,
    Named,
    Revealed,
    RoundBegins,
    RoundEnded,
    Traded,
)
from referee.cogito.refusals import Refusal, Why
from referee.cogito.setup import HAND_SIZE, RED_LIMIT, CogitoOrder, Setup
from referee.table.errors import Hides, Misjudged
from referee.table.events import Judged
from referee.table.players import SetupState
from referee.table.reveals import Reveal, Shown
from referee.table.session import Outcome
from referee.table.views import Ending


class Phase(enum.StrEnum):
    TURNS = "turns"  # players reveal cards in turn
    TRADE = "trade"  # every player chooses a card for their left
    LAST_CALL = "last_call"  # every hand is empty: COGITO now, or a tie
    OVER = "over"


class Standing(enum.StrEnum):
    PLAYING = "playing"
    DISRUPTED = "disrupted"  # lost themselves: out of the game
    WON = "won"


@dataclass
class Placed:
    card: str
    position: Position


@dataclass
class Seat:
    """One player: their secret Self card, hand and field, and what they have seen."""

    name: str
    self_card: str
    hand: list[str] = dc_field(default_factory=list)
    field: list[Placed] = dc_field(default_factory=list)
    standing: Standing = Standing.PLAYING
    disruption: Disruption | None = None
    revealed: bool = False  # the table may now see their Self card
    # Every declaration they have made, judged, even those Dream sent back:
    # they remember them (the aide's "known" deduction).
    declarations: list[Declaration] = dc_field(default_factory=list)
    # Every card they have revealed, in order, with where it lay, even those Dream sent
    # back: the whole table saw each (a seat's view shows it; a computer player reads it).
    played: list[Placed] = dc_field(default_factory=list)
    # Every card they have seen outside their own holder: others' Self cards on
    # the holders, their own hands, every card revealed in any field.
    seen: set[str] = dc_field(default_factory=set)

    @property
    def playing(self) -> bool:
        return self.standing == Standing.PLAYING

    @property
    def reds(self) -> int:
        return sum(p.position == Position.RED for p in self.field)


@dataclass
class Game(SetupState, Judged):
    codec = CODEC  # its events (the shared apply finds their handlers by it)
    hides = Hides.DEAL  # its hands and pile (what a hidden refusal is said to come from)
    setup: Setup
    seats: list[Seat] = dc_field(default_factory=list)
    pile: list[str] = dc_field(default_factory=list)  # the top is pile[0]
    round: int = 0
    phase: Phase = Phase.TURNS
    queue: list[str] = dc_field(default_factory=list)  # still to play this round, in order
    giving: dict[str, str] = dc_field(default_factory=dict)  # the trade's secret choices
    calling: list[str] = dc_field(default_factory=list)  # declared COGITO, naming in this order
    finished: bool = False
    finish: Finish | None = None
    winner: str | None = None
    drawn: int = 0  # cards the rounds' draws took from the pile (what a draw shows)
    trades: int = 0  # trades made (each shows cards from another hand)
    disclosed: int = 0  # Self cards shown at a disruption (the end shows the rest)
    events: int = 0
    last_reveal: Reveal | None = None  # undo never crosses it (referee.table.reveals)
    # The last card judged or COGITO named, with its event's number (from 1): the last
    # ruling, for its picture (referee.cogito.rulings).
    ruled: tuple[int, Play | Cogito] | None = None
    news: tuple[Outcome, ...] = ()
    _news: list[Outcome] = dc_field(default_factory=list, repr=False)

    # ------------------------------------------------------------ creation

    @classmethod
    def new(cls, setup: Setup) -> Game:
        """Deal: shuffle the Self cards and give one to each player, then the pile, then hands."""
        diagram = setup.diagram
        rng = random.Random(setup.seed)
        selves = list(diagram.self_names)
        rng.shuffle(selves)
        game = cls(setup)
        game.seats = [Seat(name, selves[i]) for i, name in enumerate(setup.players)]
        dealt = {s.self_card for s in game.seats}
        pile = diagram.pile()
        for card in dealt:
            pile.remove(card)
        rng.shuffle(pile)
        game.pile = pile
        for _ in range(HAND_SIZE):
            for seat in game.seats:
                seat.hand.append(game.pile.pop(0))
        for seat in game.seats:
            seat.seen = {s.self_card for s in game.seats if s is not seat} | set(seat.hand)
        game._start_round()
        game.news = tuple(game._news)
        game._news = []
        return game

    # --------------------------------------------------------------- views

    @property
    def diagram(self) -> Diagram:
        return self.setup.diagram

    def seat(self, name: str, key: str = "player") -> Seat:
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise Refusal.illegal(key, Why.NOT_A_PLAYER, word=name)

    def active(self) -> list[Seat]:
        return [s for s in self.seats if s.playing]

    @property
    def ending(self) -> Ending | None:
        """How the game ended (None while it goes on): its finish and the player who found
        themselves or stood last (none for a tie); every Self card is then shown."""
        if self.finish is None:
            return None
        return Ending(self.finish, () if self.winner is None else (self.winner,))

    @property
    def mover(self) -> str | None:
        """Whose move it is: the first declared player still to name their Self card, else
        the player whose turn it is (None in the trade and at the last call, where every
        player chooses, and after the game)."""
        return self.calling[0] if self.calling else self.current

    @property
    def current(self) -> str | None:
        """Whose turn it is (None in the trade, at the last call, or after the game)."""
        if self.finished or self.phase != Phase.TURNS or not self.queue:
            return None
        return self.queue[0]

    @property
    def starter(self) -> str | None:
        """Who starts the round: the setup's first player, or the next one playing on the left."""
        return self._from(self.setup.starter)

    def _from(self, name: str) -> str | None:
        """``name`` if still playing, else the first player still playing on their left."""
        i = self.players.index(name)
        n = len(self.players)
        for k in range(n):
            seat = self.seats[(i + k) % n]
            if seat.playing:
                return seat.name
        return None

    def left_of(self, name: str) -> str:
        """The next player still playing on ``name``'s left (a gift goes there)."""
        i = self.players.index(name)
        nxt = self._from(self.players[(i + 1) % len(self.players)])
        assert nxt is not None
        return nxt

    def clockwise(self, start: str | None) -> list[Seat]:
        """The players still playing, from ``start`` round to the left."""
        if start is None:
            return []
        i = self.players.index(start)
        n = len(self.players)
        return [s for k in range(n) if (s := self.seats[(i + k) % n]).playing]

    def position_of(self, player: str, card: str) -> Position:
        """Where ``card`` lies when ``player`` reveals it: the judge's answer for them."""
        if self.diagram.card(card).kind == CardKind.DREAM:
            return Position.NONE
        verdict = judge(self.diagram, self.seat(player).self_card, card)  # Ego: always red
        return Position.BLUE if verdict.true else Position.RED

    def summary(self) -> dict:
        """The table as everyone may see it: no hand, and a Self card only once revealed."""
        return {
            "players": [
                {
                    "name": s.name,
                    "standing": s.standing.value,
                    "disruption": s.disruption.value if s.disruption else None,
                    "self": s.self_card if s.revealed else None,
                    "hand": len(s.hand),
                    "field": [{"card": p.card, "position": p.position.value} for p in s.field],
                }
                for s in self.seats
            ],
            "round": self.round,
            "phase": self.phase.value,
            "to_play": self.current,
            "trade_waiting": [s.name for s in self.active() if s.name not in self.giving]
            if self.phase == Phase.TRADE
            else [],
            "cogito": list(self.calling),
            "pile": len(self.pile),
            "finished": self.finished,
            "finish": self.finish.value if self.finish else None,
            "winner": self.winner,
            "events": self.events,
        }

    # -------------------------------------------------------------- events

    def apply(self, event) -> None:
        """The shared apply (:class:`referee.table.events.Judged`), keeping what the event's
        handler and the rules after it reported as the event's ``news``."""
        self._news = []
        super().apply(event)
        self.news = tuple(self._news)
        self._news = []

    @property
    def hidden(self) -> dict[enum.Enum, object]:
        """What the table cannot know yet (:mod:`referee.table.reveals`), each with what
        shows some of it: a card's judgement and a COGITO's answer (each time), the cards
        drawn, the trades made, the Self cards a disruption showed, the end."""
        return {
            Shown.JUDGEMENT: None,
            Secret.DECLARATION: None,
            Shown.DRAWN_CARD: self.drawn,
            Secret.TRADED_CARD: self.trades,
            Secret.SELF_CARD: self.disclosed,
            Shown.GAME_OVER: self.finished,
        }

    def _stopped_for_cogito(self) -> None:
        if self.calling:
            raise Refusal.illegal("type", Why.STOPPED_FOR_COGITO, player=self.calling[0])

    def _card_in_hand(self, seat: Seat, card: str) -> None:
        if card not in seat.hand:
            raise Refusal.illegal("card", Why.NOT_IN_HAND, hidden=True, player=seat.name)

    def _play(self, event: Play) -> None:
        self._stopped_for_cogito()
        if self.phase == Phase.TRADE:
            raise Refusal.illegal("type", Why.TRADE_NOW)
        if self.phase == Phase.LAST_CALL:
            raise Refusal.illegal("type", Why.LAST_CALL)
        seat = self.seat(event.player)
        if event.player != self.current:
            raise Refusal.illegal(
                "player", Why.NOT_YOUR_TURN, player=self.current or "", other=event.player
            )
        self._card_in_hand(seat, event.card)
        position = self.position_of(seat.name, event.card)
        if event.position != position:
            raise Misjudged(
                "position",
                "",
                event.position,
                position,
                hidden=True,
                reason=Refusal(Why.POSITION_MISJUDGED, card=event.card),
            )
        # legal: from here on nothing raises
        card = self.diagram.card(event.card)
        seat.hand.remove(event.card)
        for other in self.seats:
            other.seen.add(event.card)
        returned: list[str] = []
        if card.kind == CardKind.DREAM:
            kept = []
            for placed in seat.field:
                ego = self.diagram.card(placed.card).kind == CardKind.EGO
                if ego and not self.rules.dream_returns_ego:
                    kept.append(placed)
                else:
                    returned.append(placed.card)
            self.pile.extend(returned)  # face down under the pile, in the field's order
            seat.field = kept
        if card.declares:
            seat.declarations.append(Declaration(card.name, Colour(position.value)))
        seat.field.append(Placed(card.name, position))
        seat.played.append(Placed(card.name, position))
        self.ruled = (self.events + 1, event)
        kept_cards = tuple(p.card for p in seat.field[:-1]) if card.kind == CardKind.DREAM else ()
        self._news.append(Revealed(event, card.kind, tuple(returned), kept_cards))
        self.queue.pop(0)
        if seat.reds >= RED_LIMIT:
            self._disrupt(seat, Disruption.TWO_RED)
        self._carry_on()

    def _give(self, event: Give) -> None:
        self._stopped_for_cogito()
        if self.phase != Phase.TRADE:
            raise Refusal.illegal("type", Why.NOT_THE_TRADE)
        seat = self.seat(event.player)
        if not seat.playing:
            raise Refusal.illegal("player", Why.LOST_NO_TRADE, player=seat.name)
        if seat.name in self.giving:
            raise Refusal.illegal("player", Why.ALREADY_GIVING, player=seat.name)
        self._card_in_hand(seat, event.card)
        self.giving[seat.name] = event.card
        waiting = tuple(s.name for s in self.active() if s.name not in self.giving)
        self._news.append(GiftChosen(seat.name, waiting))
        self._carry_on()

    def _declare(self, event: Declare) -> None:
        if not event.players:
            raise Refusal.illegal("players", Why.NAME_WHO_DECLARES)
        if len(set(event.players)) != len(event.players):
            raise Refusal.illegal("players", Why.NAME_ONCE)
        for name in event.players:
            seat = self.seat(name, "players")
            if not seat.playing:
                raise Refusal.illegal("players", Why.LOST_NO_DECLARE, player=name)
            if name in self.calling:
                raise Refusal.illegal("players", Why.ALREADY_DECLARED, player=name)
        start = self.current if self.rules.cogito_order == CogitoOrder.TURN else None
        order = [s.name for s in self.clockwise(start or self.starter)]
        self.calling.extend(sorted(event.players, key=order.index))
        self._news.append(CogitoCalled(tuple(self.calling)))

    def _cogito(self, event: Cogito) -> None:
        seat = self.seat(event.player)
        if not seat.playing:
            raise Refusal.illegal("player", Why.LOST_NO_DECLARE, player=seat.name)
        if self.calling and self.calling[0] != seat.name:
            raise Refusal.illegal("player", Why.NAMES_FIRST, player=self.calling[0])
        if not self.diagram.is_self(event.named):
            raise Refusal.illegal("named", Why.NOT_A_SELF_CARD, word=event.named)
        right = event.named == seat.self_card
        if event.right != right:
            raise Misjudged(
                "right",
                "",
                event.right,
                right,
                hidden=True,
                reason=Refusal(Why.ANSWER_MISJUDGED, player=seat.name),
            )
        # legal: from here on nothing raises
        if self.calling:
            self.calling.pop(0)
        self.ruled = (self.events + 1, event)
        self._news.append(Named(event))
        if right:
            seat.standing = Standing.WON
            self._finish(Finish.FOUND, seat.name)
            return
        self._disrupt(seat, Disruption.FAILED_COGITO)
        self._carry_on()

    def _end(self, event: End) -> None:
        self._stopped_for_cogito()
        if self.phase != Phase.LAST_CALL:
            raise Refusal.illegal("type", Why.CANNOT_END)
        self._finish(Finish.HANDS_EMPTY, None)

    # ------------------------------------------------------- the rules' own

    def _disrupt(self, seat: Seat, why: Disruption) -> None:
        """``seat`` loses themselves: out of the game, their cards left face down."""
        seat.standing = Standing.DISRUPTED
        seat.disruption = why
        if not seat.revealed and self.rules.reveal_disrupted:
            seat.revealed = True
            self.disclosed += 1
        if seat.name in self.queue:
            self.queue.remove(seat.name)
        if seat.name in self.calling:
            self.calling.remove(seat.name)
        self.giving.pop(seat.name, None)
        self._news.append(Disrupted(seat.name, why, seat.self_card if seat.revealed else None))
        active = self.active()
        if not active:
            self._finish(Finish.ALL_DISRUPTED, None)
            return
        if self.rules.last_one_standing_wins and len(active) == 1:
            active[0].standing = Standing.WON
            self._finish(Finish.LAST_STANDING, active[0].name)

    def _carry_on(self) -> None:
        """Let the rules move on by themselves, unless the game stops for a COGITO.

        The turn passes, the round ends (draw), the trade is made once every
        player still playing has chosen, or is skipped when fewer than two
        are left. While declared players are still to name their Self card
        nothing moves: nobody draws or receives a card in between.
        """
        if self.finished or self.calling:
            return
        if self.phase == Phase.TURNS:
            self._next_turn()
        elif self.phase == Phase.TRADE:
            active = self.active()
            if len(active) < 2:
                self.giving = {}
                self._start_round()
            elif all(s.name in self.giving for s in active):
                self._trade()

    def _next_turn(self) -> None:
        """Skip whoever cannot play; when nobody is left to play, the round ends."""
        while self.queue:
            seat = self.seat(self.queue[0])
            if seat.playing and seat.hand:
                return
            self.queue.pop(0)
        self._end_round()

    def _end_round(self) -> None:
        active = self.active()
        drew = trade = False
        if len(self.pile) >= len(active):
            drew = True
            for seat in self.clockwise(self.starter):
                card = self.pile.pop(0)
                seat.hand.append(card)
                seat.seen.add(card)
                self.drawn += 1
            trade = len(active) >= 2 and all(len(s.hand) >= HAND_SIZE for s in active)
        self._news.append(RoundEnded(self.round, drew, trade, len(self.pile), len(active)))
        if trade:
            self.phase = Phase.TRADE
            self.giving = {}
            return
        self._start_round()

    def _trade(self) -> None:
        """Everyone has chosen: each gift goes to the left at once (nobody saw theirs first)."""
        active = self.active()
        gifts = [(s.name, self.left_of(s.name), self.giving[s.name]) for s in active]
        for giver, _, card in gifts:
            self.seat(giver).hand.remove(card)
        for _, receiver, card in gifts:
            seat = self.seat(receiver)
            seat.hand.append(card)
            seat.seen.add(card)
        self.giving = {}
        self.trades += 1
        self._news.append(Traded(tuple((g, r) for g, r, _ in gifts)))
        self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        players = self.clockwise(self.starter)
        self.queue = [s.name for s in players]
        if not any(s.hand for s in players):
            self.phase = Phase.LAST_CALL
            self._news.append(LastCall(self.round))
            return
        self.phase = Phase.TURNS
        self._news.append(RoundBegins(self.round, players[0].name))
        self._next_turn()

    def _finish(self, finish: Finish, winner: str | None) -> None:
        self.finished = True
        self.phase = Phase.OVER
        self.finish = finish
        self.winner = winner
        self.queue = []
        self.calling = []
        self.giving = {}
        for seat in self.seats:
            seat.revealed = True
