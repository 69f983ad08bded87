"""The state of an Ergo game, rebuilt by applying its events in order.

:meth:`Game.apply` judges legality only: whose turn it is, how many plays
are left, the cards in the hand (dealt mode) or left in the deck (table
mode), the Fallacy on a player, and the card rules for every premise. It
refuses with :class:`~referee.table.errors.IllegalEvent` before changing
anything. Verdicts come with the :class:`~referee.ergo.events.Score` event
(settled by :mod:`referee.ergo.ruling` in the command layer); ``apply``
checks only that its points follow from its verdict.

A turn: draw two (done here, as the turn starts), then two plays, each a
card to the Proof, a special card, or a discard; the turn ends when they are
made. The Proof must be well formed when a turn ends and after every
placement; only a Tabula Rasa may leave it broken for the rest of the turn.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.ergo.cards import Card, Face, Role
from referee.ergo.deck import HAND
from referee.ergo.events import (
    CODEC,
    Award,
    Discard,
    End,
    Ergo,
    Fallacy,
    Justify,
    Place,
    Revolution,
    RoundEnd,
    Score,
    TabulaRasa,
)
from referee.ergo.proof import PlacementError, Proof
from referee.ergo.refusals import Refusal, Why
from referee.ergo.ruling import Decision
from referee.ergo.setup import (
    FallacyBlocks,
    FirstPlayer,
    Setup,
    TabulaParenthesis,
    Tie,
)
from referee.ergo.syntax import SyntaxViolation
from referee.table.dealing import DealtState
from referee.table.errors import Hides, IllegalEvent
from referee.table.events import Judged
from referee.table.reveals import Reveal, Shown
from referee.table.views import Ending


class Finish(enum.StrEnum):
    """How a game of Ergo ended."""

    POINTS = "points"  # a round's Score took a player to the winning score
    ENDED = "ended"  # the table ended it (``end``): the most points win


DRAW = 2  # cards drawn, and so plays made, each turn
FALLACY_TURNS = 3


def fallacy_time(game: Game, player: str) -> tuple[int, bool]:
    """How long ``player``'s Fallacy still holds: turns left, and whether this turn is one."""
    left = FALLACY_TURNS - game.fallacy[player]
    return left, player == game.player and game.blocked


class IllegalPlacement(IllegalEvent):
    """A move leaving a premise that breaks a card rule: the premise, its cards, the rule."""

    def __init__(self, field: str, violation: SyntaxViolation) -> None:
        self.premise = violation.premise
        self.faces = violation.faces
        self.violation = violation.violation
        super().__init__(
            field,
            reason=Refusal(
                Why.SYNTAX, premise=self.premise, faces=self.faces, violation=self.violation
            ),
        )


@dataclass(frozen=True)
class RoundResult:
    round: int
    reason: RoundEnd
    proof: tuple[str, ...]
    decision: Decision
    awards: tuple[Award, ...]


@dataclass
class Game(DealtState, Judged):
    codec = CODEC  # its events (the shared apply finds their handlers by it)
    hides = Hides.DEAL  # its hands and pile (what a hidden refusal is said to come from)
    setup: Setup
    scores: dict[str, int] = field(default_factory=dict)
    round: int = 0
    turn: int = 0  # turns played in the game, the current one included
    proof: Proof = field(default_factory=Proof)
    hands: dict[str, list[Card]] = field(default_factory=dict)  # dealt mode
    pile: list[Card] = field(default_factory=list)  # dealt mode: the draw pile, top first
    pile_count: int = 0
    out: list[Card] = field(default_factory=list)  # out of the round: used special cards
    discarded: list[Card] = field(default_factory=list)  # out of the round, face down
    in_front: dict[str, list[Card]] = field(default_factory=dict)  # Fallacies, Justifications
    fallacy: dict[str, int] = field(default_factory=dict)  # player -> turns it has held them
    justified: set[str] = field(default_factory=set)
    current: int = 0
    plays_left: int = 0
    drawn: tuple[Card, ...] = ()  # dealt mode: this turn's draw
    drawn_count: int = 0
    taken: int = 0  # dealt mode: cards the pile has given to hands (dealt or drawn) so far
    blocked: bool = False  # the player to move began the turn under a Fallacy
    expired: str | None = None  # whose Fallacy went back to the pile as this turn began
    tabula_this_turn: bool = False
    last_drawn: bool = False
    stopped: RoundEnd | None = None  # the round has stopped and awaits its Score
    history: list[RoundResult] = field(default_factory=list)
    round_over_at: int = 0  # the event that ended the last round (its result is on screen)
    scored: Score | None = None  # the last round's Score (its ruling, for the picture of it)
    finished: bool = False
    finish: Finish | None = None
    winners: tuple[str, ...] = ()
    end_reason: str = ""
    events: int = 0
    last_reveal: Reveal | None = None  # undo never crosses it (referee.table.reveals)

    # ----------------------------------------------------------- creation

    @classmethod
    def new(cls, setup: Setup) -> Game:
        game = cls(setup)
        game.scores = {p: 0 for p in setup.settings.players}
        game._start_round(1)
        return game

    # ------------------------------------------------------------- views

    def variable(self, player: str) -> str:
        return self.settings.variable(player)

    def hand(self, player: str | None = None) -> list[Card]:
        return list(self.hands.get(player or self.player, []))

    def new_in_hand(self, player: str) -> list[bool]:
        """For each card of ``player``'s hand, whether it came with this turn's draw
        (the draw went to the end of the hand), for the terminal and the web alike."""
        cards = self.hand(player)
        fresh = Counter(self.drawn) if player == self.player else Counter()
        new = [False] * len(cards)
        for i in range(len(cards) - 1, -1, -1):
            if fresh[cards[i]] > 0:
                fresh[cards[i]] -= 1
                new[i] = True
        return new

    def under_fallacy(self, player: str) -> bool:
        return player in self.fallacy

    def public(self) -> Counter[Card]:
        """Cards everyone sees this round: in the Proof, in front of players, played specials."""
        seen: Counter[Card] = Counter(c.card for p in self.proof.premises for c in p)
        seen.update(self.out)
        for cards in self.in_front.values():
            seen.update(cards)
        return seen

    def known(self) -> Counter[Card]:
        """Cards whose place the referee knows this round outside the pile and the hands
        (the public ones and the discards it was told of)."""
        seen = self.public()
        seen.update(self.discarded)
        return seen

    def summary(self) -> dict:
        return {
            "round": self.round,
            "turn": self.turn,
            "players": [
                {
                    "name": s.name,
                    "variable": s.variable,
                    "score": self.scores[s.name],
                    "hand": len(self.hands[s.name]) if self.dealt else None,
                    "fallacy": self.fallacy.get(s.name),
                    "justified": s.name in self.justified,
                }
                for s in self.settings.seats
            ],
            "proof": list(self.proof.texts()),
            "cards": self.proof.cards,
            "to_play": None if self.finished or self.stopped else self.player,
            "plays_left": self.plays_left,
            "pile": self.pile_count,
            "stopped": self.stopped.value if self.stopped else None,
            "rounds": [
                {
                    "round": r.round,
                    "reason": r.reason.value,
                    "cards": r.decision.cards,
                    "paradox": r.decision.paradox,
                    "proven": list(r.decision.proven),
                    "disproven": list(r.decision.disproven),
                    "awards": {a.player: a.points for a in r.awards},
                }
                for r in self.history
            ],
            "finished": self.finished,
            "winners": list(self.winners),
            "events": self.events,
        }

    # ------------------------------------------------------------ rounds

    def _start_round(self, number: int) -> None:
        self.round = number
        self.proof = Proof()
        self.out = []
        self.discarded = []
        self.in_front = {p: [] for p in self.players}
        self.fallacy = {}
        self.justified = set()
        self.stopped = None
        self.last_drawn = False
        n = len(self.players)
        first = 0 if self.rules.first_player == FirstPlayer.YOUNGEST else (number - 1) % n
        order = [self.players[(first + i) % n] for i in range(n)]
        if self.dealt:
            cards = self.deck.cards()
            random.Random(f"ergo:{self.settings.seed}:{number}").shuffle(cards)
            self.hands = {p: [] for p in self.players}
            for _ in range(HAND):
                for p in order:
                    self.hands[p].append(cards.pop(0))
            self.taken += HAND * n
            self.pile = cards
            self.pile_count = len(cards)
        else:
            self.pile_count = self.deck.size - HAND * n
        self.current = first
        self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        player = self.player
        self.expired = None
        if self.fallacy.get(player, 0) >= FALLACY_TURNS:
            del self.fallacy[player]
            self.in_front[player].remove(Card.FALLACY)
            self._to_pile_bottom([Card.FALLACY])
            self.expired = player
        self.blocked = player in self.fallacy
        self.tabula_this_turn = False
        n = min(DRAW, self.pile_count)
        if self.dealt:
            self.drawn = tuple(self.pile[:n])
            self.pile = self.pile[n:]
            self.hands[player].extend(self.drawn)
            self.taken += n
        self.drawn_count = n
        self.pile_count -= n
        self.plays_left = n
        if self.pile_count == 0:
            self.last_drawn = True
        if n == 0:  # nothing left to draw: the round stops as this turn ends, at once
            self._end_turn()

    def _end_turn(self) -> None:
        player = self.player
        if self.blocked and player in self.fallacy:
            self.fallacy[player] += 1
        if self.last_drawn:
            self.stopped = RoundEnd.PILE
            return
        self.current = (self.current + 1) % len(self.players)
        self._start_turn()

    def _to_pile_bottom(self, cards: Sequence[Card]) -> None:
        if self.dealt:
            self.pile.extend(cards)
        self.pile_count += len(cards)

    # ------------------------------------------------------------ events

    def judge(self, event) -> None:
        if not isinstance(event, (Score, End)):
            self._check_mover(event.player)

    @property
    def ending(self) -> Ending | None:
        """How the game ended (None while it goes on): the winners (several share the win),
        every player's points, what the table said when it ended it."""
        if self.finish is None:
            return None
        scores = tuple((p, self.scores[p]) for p in self.players)
        return Ending(self.finish, self.winners, scores, self.end_reason)

    @property
    def mover(self) -> str | None:
        """Whose move it is: the player whose turn it is, unless the round has stopped for
        its Score or the game is over."""
        return None if self.finished or self.stopped is not None else self.player

    @property
    def hidden(self) -> dict[Shown, int | None]:
        """What the table cannot know yet (:mod:`referee.table.reveals`): a round's ruling;
        in dealt mode the pile, measured by the cards it has given to hands."""
        kept: dict[Shown, int | None] = {Shown.JUDGEMENT: None}
        if self.dealt:
            kept[Shown.DRAWN_CARD] = self.taken
        return kept

    def _check_mover(self, player: str) -> None:
        if self.stopped is not None:
            raise Refusal.illegal("type", Why.ROUND_STOPPED)
        if player != self.player:
            raise Refusal.illegal("player", Why.NOT_YOUR_TURN, player=self.player, other=player)

    def _use(self, plays: int) -> None:
        """IllegalEvent unless the turn has ``plays`` plays left."""
        if plays < 1:
            raise Refusal.illegal("cards", Why.NO_CARDS)
        if plays > self.plays_left:
            raise Refusal.illegal(
                "cards",
                Why.TOO_MANY_PLAYS,
                player=self.player,
                count=plays,
                number=self.plays_left,
            )

    def _supply(self, cards: Sequence[Card], field: str) -> None:
        """IllegalEvent unless the player can have these cards: in the hand (dealt mode),
        or not all of their copies already elsewhere this round (table mode)."""
        wanted = Counter(cards)
        if self.dealt:
            held = Counter(self.hands[self.player])
            for card, n in wanted.items():
                if held[card] < n:
                    raise Refusal.illegal(
                        field,
                        Why.NOT_HELD,
                        hidden=True,
                        player=self.player,
                        card=card.label,
                        count=n,
                        number=held[card],
                    )
            return
        seen = self.known()
        for card, n in wanted.items():
            if seen[card] + n > self.deck.count(card):
                wild = bool(card.faces) and card is not Card.PARENTHESIS and not card.wild
                raise Refusal.illegal(
                    field,
                    Why.ALL_IN_PLAY,
                    card=card.label,
                    word=card.value,
                    count=self.deck.count(card),
                    number=seen[card],
                    flag=wild,
                )

    def _take(self, cards: Sequence[Card]) -> None:
        if self.dealt:
            hand = self.hands[self.player]
            for card in cards:
                hand.remove(card)

    def _played(self, plays: int) -> None:
        self.plays_left -= plays
        if self.plays_left == 0:
            self._end_turn()

    def _check_syntax(self, proof: Proof, field: str) -> None:
        try:
            proof.check(self.rules.reading)
        except SyntaxViolation as exc:
            raise IllegalPlacement(field, exc) from None

    def _ends_turn(self, plays: int) -> bool:
        return plays >= self.plays_left

    def _place(self, event: Place) -> None:
        # The refusal names the real problem first: a Fallacy, then the cards themselves
        # (where they go, what they make), then how many plays the turn has left.
        plays = len(event.cards)
        if plays < 1:
            raise Refusal.illegal("cards", Why.NO_CARDS)
        if self.under_fallacy(event.player):
            raise Refusal.illegal("cards", Why.UNDER_FALLACY, **self._fallacy_facts(event.player))
        faces = Counter(p.card.face for p in event.cards)
        if faces[Face.OPEN] != faces[Face.CLOSE]:
            raise Refusal.illegal("cards", Why.PARENTHESES_UNPAIRED)
        try:
            proof = self.proof.insert(event.cards)
        except PlacementError as exc:
            raise IllegalEvent(exc.field, reason=exc.reason) from None
        self._check_syntax(proof, "cards")
        self._use(plays)
        self._supply([p.card.card for p in event.cards], "cards")
        self._take([p.card.card for p in event.cards])
        self.proof = proof
        self._played(plays)

    def _fallacy_facts(self, player: str) -> dict:
        """The facts a sentence about ``player``'s Fallacy names: whose, turns left, this one."""
        left, this_one = fallacy_time(self, player)
        return {"player": player, "count": left, "flag": this_one}

    def _discard(self, event: Discard) -> None:
        if self.dealt and event.unnamed:
            raise Refusal.illegal("unnamed", Why.UNNAMED_DEALT)
        plays = event.count
        self._use(plays)
        self._supply(event.cards, "cards")
        if self._ends_turn(plays):
            self._check_syntax(self.proof, "cards")
        self._take(event.cards)
        self.discarded.extend(event.cards)
        self._played(plays)

    def _fallacy(self, event: Fallacy) -> None:
        target = event.target
        self._use(1)
        if target not in self.players:
            raise Refusal.illegal("target", Why.NO_SUCH_PLAYER, word=target)
        if target == event.player:
            raise Refusal.illegal("target", Why.FALLACY_ON_SELF)
        if target in self.fallacy:
            raise Refusal.illegal(
                "target", Why.ALREADY_UNDER_FALLACY, **self._fallacy_facts(target)
            )
        if target in self.justified:
            raise Refusal.illegal("target", Why.JUSTIFIED, player=target)
        self._supply([Card.FALLACY], "type")
        if self._ends_turn(1):
            self._check_syntax(self.proof, "type")
        self._take([Card.FALLACY])
        self.fallacy[target] = 0
        self.in_front[target].append(Card.FALLACY)
        self._played(1)

    def _justify(self, event: Justify) -> None:
        self._use(1)
        if event.card not in (Card.JUSTIFICATION, Card.WILD_VARIABLE, Card.WILD_OPERATOR):
            raise Refusal.illegal("card", Why.NOT_A_JUSTIFICATION)
        if event.player not in self.fallacy:
            raise Refusal.illegal("type", Why.NO_FALLACY, player=event.player)
        self._supply([event.card], "card")
        if self._ends_turn(1):
            self._check_syntax(self.proof, "card")
        self._take([event.card])
        del self.fallacy[event.player]
        self.justified.add(event.player)
        self.in_front[event.player].append(event.card)
        self.blocked = False
        self._played(1)

    def _changes_blocked(self, player: str) -> None:
        if self.under_fallacy(player) and self.rules.fallacy_blocks == FallacyBlocks.CHANGING:
            raise Refusal.illegal("type", Why.CHANGES_BLOCKED, player=player)

    def _tabula_rasa(self, event: TabulaRasa) -> None:
        self._use(1)
        self._changes_blocked(event.player)
        try:
            card = self.proof.card_at(event.spot, "spot")
        except PlacementError as exc:
            raise IllegalEvent(exc.field, reason=exc.reason) from None
        if card.face != event.removed:
            raise Refusal.illegal(
                "removed",
                Why.NOT_THAT_CARD,
                texts=(str(event.spot),),
                word=card.face.value,
                other=event.removed.value,
            )
        pair = card.face.role == Role.PARENTHESIS
        if pair and self.rules.tabula_parenthesis == TabulaParenthesis.REFUSE:
            raise Refusal.illegal("spot", Why.UNPAIRED_BY_TABULA)
        self._supply([Card.TABULA_RASA], "type")
        proof, taken = self.proof.remove(event.spot, with_partner=pair)
        if self._ends_turn(1):
            self._check_syntax(proof, "spot")
        self._take([Card.TABULA_RASA])
        self.proof = proof
        self._to_pile_bottom([c.card for c in taken])
        self.out.append(Card.TABULA_RASA)
        self.tabula_this_turn = True
        self._played(1)

    def _revolution(self, event: Revolution) -> None:
        self._use(1)
        self._changes_blocked(event.player)
        if event.first == event.second:
            raise Refusal.illegal("second", Why.SAME_SPOT)
        try:
            a = self.proof.card_at(event.first, "first")
            b = self.proof.card_at(event.second, "second")
        except PlacementError as exc:
            raise IllegalEvent(exc.field, reason=exc.reason) from None
        for key, card in (("first", a), ("second", b)):
            if card.face.role not in (Role.VARIABLE, Role.OPERATOR):
                raise Refusal.illegal(key, Why.NOT_SWAPPABLE, roles=(card.face.role,))
        if a.face.role != b.face.role:
            raise Refusal.illegal(
                "second",
                Why.DIFFERENT_ROLES,
                word=a.face.value,
                other=b.face.value,
                roles=(a.face.role, b.face.role),
            )
        if a.face == b.face:
            raise Refusal.illegal("second", Why.SAME_FACE, word=a.face.value)
        self._supply([Card.REVOLUTION], "type")
        proof = self.proof.swap(event.first, event.second)
        if self._ends_turn(1) or not self.tabula_this_turn:
            self._check_syntax(proof, "second")
        self._take([Card.REVOLUTION])
        self.proof = proof
        self.out.append(Card.REVOLUTION)
        self._played(1)

    def _ergo(self, event: Ergo) -> None:
        self._use(1)
        if event.card not in (Card.ERGO, Card.WILD_VARIABLE, Card.WILD_OPERATOR):
            raise Refusal.illegal("card", Why.NOT_AN_ERGO)
        self._check_syntax(self.proof, "type")
        if not self.proof.ergo_allowed:
            missing = [v for v in "ABCD" if v not in self.proof.variables()]
            raise Refusal.illegal("type", Why.ERGO_TOO_EARLY, texts=tuple(missing))
        self._supply([event.card], "card")
        self._take([event.card])
        self.out.append(event.card)
        self.stopped = RoundEnd.ERGO

    def awards(self, decision: Decision) -> tuple[Award, ...]:
        """Each player's points for a round the decision settles (none in a paradox)."""
        points = decision.points()
        return tuple(Award(p, points[self.variable(p)]) for p in self.players)

    def _score(self, event: Score) -> None:
        if self.stopped is None:
            raise Refusal.illegal("type", Why.NOT_STOPPED)
        if event.round != self.round:
            raise Refusal.illegal("round", Why.WRONG_ROUND, number=self.round, count=event.round)
        if event.reason != self.stopped:
            raise Refusal.illegal(
                "reason", Why.WRONG_END, word=self.stopped.value, other=event.reason.value
            )
        if event.proof != self.proof.texts():
            raise Refusal.illegal("proof", Why.WRONG_PROOF, texts=tuple(self.proof.texts()))
        decision = event.ruling.decision
        if decision.cards != self.proof.cards:
            raise Refusal.illegal("ruling.decision.cards", Why.WRONG_CARDS, count=self.proof.cards)
        both = set(decision.proven) & set(decision.disproven)
        if bool(both) != decision.paradox:
            raise Refusal.illegal("ruling.decision.paradox", Why.WRONG_PARADOX)
        awards = self.awards(decision)
        if event.awards != awards:
            given = tuple(f"{a.player} {a.points}" for a in awards)
            raise Refusal.illegal("awards", Why.WRONG_AWARDS, texts=given)
        for a in awards:
            self.scores[a.player] += a.points
        self.history.append(
            RoundResult(self.round, event.reason, event.proof, decision, event.awards)
        )
        self.round_over_at = self.events + 1  # this event's number (apply counts it after)
        self.scored = event
        best = max(self.scores.values())
        if best >= self.settings.win:
            leaders = tuple(p for p in self.players if self.scores[p] == best)
            if len(leaders) == 1 or self.rules.tie == Tie.SHARE:
                self.winners = leaders
                self.finished, self.finish = True, Finish.POINTS
                return
        self._start_round(self.round + 1)

    def _end(self, event: End) -> None:
        best = max(self.scores.values())
        self.winners = tuple(p for p in self.players if self.scores[p] == best)
        self.finished, self.finish = True, Finish.ENDED
        self.end_reason = event.reason
