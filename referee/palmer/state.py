"""The state of Palmer's game, rebuilt by applying its events in order.

Like a chess board and its moves: a :class:`Game` starts from the setup
(settings, house rules, deck) and each typed event moves it on.
:meth:`Game.apply` judges legality only (the event's shape was checked when
it was read): whose turn it is, the cards in the hand, the card permissions,
that a claim's premises are the board. It refuses with
:class:`~referee.table.errors.IllegalEvent` naming the field at fault, before
changing anything. Verdicts are taken from the event: settling a claim is
:mod:`referee.palmer.claims`'s job.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from referee.language import ast
from referee.language.deck import DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary
from referee.logic.verdict import Status
from referee.palmer import permissions
from referee.palmer.cards import CardError, take_from_hand
from referee.palmer.events import (
    CODEC,
    Ballot,
    Claim,
    ClaimKind,
    ClaimOutcome,
    DerivationCheck,
    End,
    Negate,
    Pass,
    Play,
    Vote,
)
from referee.palmer.refusals import Why
from referee.palmer.setup import HouseRules, Mode, Passing, Setup, VoteBy
from referee.table.dealing import DealtState
from referee.table.errors import Hides, IllegalEvent, Refusal
from referee.table.events import Judged
from referee.table.reveals import Reveal, Shown
from referee.table.views import Ending

POSITIVE = {ClaimKind.REDUNDANT: Status.ENTAILED, ClaimKind.INCONSISTENT: Status.INCONSISTENT}
NEGATIVE = {ClaimKind.REDUNDANT: Status.NOT_ENTAILED, ClaimKind.INCONSISTENT: Status.CONSISTENT}
# Ruling 11b: the most statements a board holds, scored ones included (the printed deck
# has 55 cards; a table's own deck, or table mode's cards said, need not end).
MAX_BOARD = 200


def claim_outcome(
    kind: ClaimKind, status: Status, derivation: DerivationCheck | None, rules: HouseRules
) -> ClaimOutcome:
    """What the rules make of a verdict (and of a derivation, if one was offered)."""
    if status == POSITIVE[kind]:
        return ClaimOutcome.UPHELD
    if status == Status.UNDETERMINED:
        if derivation is not None and derivation.ok:
            return ClaimOutcome.UPHELD
        if rules.vote_on_undetermined:
            return ClaimOutcome.VOTE
    return ClaimOutcome.REJECTED


class Finish(enum.StrEnum):
    """Why a game ended (the interface words it)."""

    INCONSISTENT = "inconsistent"  # a player showed the board inconsistent
    POINTS = "points"  # a player reached the winning score
    ENDED = "ended"  # the table ended it (``end``): most points wins
    DECK_SPENT = "deck_spent"  # every player passed in turn with the deck spent


@dataclass
class Entry:
    """A statement on the board."""

    id: int
    statement: ast.Statement
    author: str | None
    cards: tuple[str, ...]
    vocabulary: Vocabulary  # the names it could use when written (for ¬ re-reading)
    turn: int
    scored: bool = False  # upheld as redundant but kept (house rule keep_redundant)

    @property
    def text(self) -> str:
        """The statement in canonical form (fewest parentheses): what records compare."""
        return to_unicode(self.statement)

    @property
    def as_written(self) -> str:
        """The statement with the parentheses its author wrote, for the board."""
        return to_unicode(self.statement, as_written=True)


@dataclass(frozen=True, eq=False)
class Ruled:
    """The last claim ruled on (by the referee, or by the table's vote), with the board as
    it stood then: what the picture of the ruling is drawn from (``referee.palmer.rulings``).
    Compared by identity: it is made once per ruling, and a picture of it is kept as long."""

    event: int  # the claim's number in the record (from 1), or the vote's
    claim: Claim
    board: tuple[tuple[int, str, ast.Formula], ...]  # id, as written, the formula asserted
    vocabulary: Vocabulary  # the board's, names given with ∃! included
    vote: Vote | None = None  # how the table voted, when it settled the claim


@dataclass
class Game(DealtState, Judged):
    codec = CODEC  # its events (the shared apply finds their handlers by it)
    hides = Hides.DEAL  # its hands and pile (what a hidden refusal is said to come from)
    setup: Setup
    scores: dict[str, int] = field(default_factory=dict)
    board: list[Entry] = field(default_factory=list)
    erased: list[Entry] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)  # ∃! name -> board id that gave it
    vocabulary: Vocabulary | None = None
    current: int = 0
    turn: int = 1
    next_id: int = 1
    hands: dict[str, list[str]] = field(default_factory=dict)
    draw_pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    pending: Claim | None = None  # an undetermined claim waiting for the table's vote
    ballots: dict[str, bool] = field(default_factory=dict)  # the pending claim's, so far
    voted: Vote | None = None  # how the last ballots settled a claim (the table's decision)
    ruled: Ruled | None = None  # the last ruling on a claim, for its picture
    passes_in_row: int = 0
    winner: str | None = None
    finished: bool = False
    finish: Finish | None = None
    end_note: str = ""  # what the table said when it ended the game
    leaders: tuple[str, ...] = ()  # the players with the most points at the end
    events: int = 0
    last_reveal: Reveal | None = None  # undo never crosses it (referee.table.reveals)

    # ----------------------------------------------------------- creation

    @classmethod
    def new(cls, setup: Setup) -> Game:
        game = cls(setup)
        settings = setup.settings
        game.scores = {p: 0 for p in settings.players}
        game.vocabulary = setup.deck.vocabulary
        if settings.mode is Mode.DEALT:
            pile = setup.deck.shuffled_ids()
            random.Random(settings.seed).shuffle(pile)
            game.draw_pile = pile
            game.hands = {p: [] for p in settings.players}
            for _ in range(settings.hand_size):
                for p in settings.players:
                    if game.draw_pile:
                        game.hands[p].append(game.draw_pile.pop(0))
        return game

    # ------------------------------------------------------------- views

    def entry(self, board_id: int) -> Entry:
        for e in self.board:
            if e.id == board_id:
                return e
        gone = any(e.id == board_id for e in self.erased)
        raise Refusal.illegal("target", Why.NOT_ON_BOARD, number=board_id, flag=gone)

    def hand(self, player: str | None = None) -> list[str]:
        return list(self.hands.get(player or self.player, []))

    def card(self, card_id: str) -> DeckCard:
        try:
            return self.deck.card(card_id)
        except KeyError:
            raise Refusal.illegal("cards", Why.NOT_A_DECK_CARD, word=card_id) from None

    def summary(self) -> dict:
        """The state a table cares about: scores, board, whose turn, the winner."""
        return {
            "players": [{"name": p, "score": self.scores[p]} for p in self.players],
            "board": [
                {
                    "id": e.id,
                    "statement": e.text,
                    "author": e.author,
                    "cards": list(e.cards),
                    **({"scored": True} if e.scored else {}),
                }
                for e in self.board
            ],
            "erased": [{"id": e.id, "statement": e.text} for e in self.erased],
            "names": dict(self.names),
            "turn": self.turn,
            "to_play": None if self.finished else self.player,
            "draw_pile": len(self.draw_pile) if self.dealt else None,
            "finished": self.finished,
            "winner": self.winner,
            "finish": self.finish.value if self.finish else None,
            "events": self.events,
        }

    # ------------------------------------------------------------ events

    def judge(self, event) -> None:
        if self.pending is not None and not isinstance(event, (Vote, Ballot, End)):
            raise Refusal.illegal("type", Why.VOTE_FIRST)
        if isinstance(event, (Play, Negate, Claim, Pass)) and event.player != self.player:
            raise Refusal.illegal(
                "player", Why.NOT_YOUR_TURN, player=self.player, other=event.player
            )

    @property
    def ending(self) -> Ending | None:
        """How the game ended (None while it goes on): its finish, its winner (none for a
        draw between the leaders), every player's points, what the table said."""
        if self.finish is None:
            return None
        winners = (self.winner,) if self.winner else ()
        scores = tuple((p, self.scores[p]) for p in self.players)
        return Ending(self.finish, winners, scores, self.end_note)

    @property
    def mover(self) -> str | None:
        """Whose move it is: the player whose turn it is, unless the table is voting on a
        claim (then each asked player's ballot) or the game is over."""
        return None if self.finished or self.pending is not None else self.player

    @property
    def hidden(self) -> dict[Shown, int | None]:
        """What the table cannot know yet (:mod:`referee.table.reveals`): a claim's verdict
        and the ballots of a vote on one, measured by the event that ruled last (a claim,
        or the ballot that settled a vote: one still asked shows nothing, ruling 53); in
        dealt mode the pile, measured by its size (a turn that draws shows cards)."""
        ruled = self.ruled.event if self.ruled is not None else 0
        kept: dict[Shown, int | None] = {Shown.JUDGEMENT: ruled}
        if self.dealt:
            kept[Shown.DRAWN_CARD] = len(self.draw_pile)
        return kept

    def _take(self, ids: Sequence[str], key: str) -> list[DeckCard]:
        """The cards, checked against the hand in dealt mode (the hand is not changed yet)."""
        cards = [self.card(i) for i in ids]
        if self.dealt:
            try:
                take_from_hand(self.hands[self.player], ids)
            except CardError as exc:
                why = Why.NOT_IN_HAND_OF
                raise Refusal.illegal(
                    key, why, True, word=exc.refusal.word, player=self.player
                ) from None
        return cards

    def _discard_from_hand(self, ids: Sequence[str]) -> None:
        if self.dealt:
            self.hands[self.player] = take_from_hand(self.hands[self.player], ids)
            self.discards.extend(ids)

    @property
    def board_full(self) -> bool:
        """No statement more fits (ruling 11b): a ¬ or a claim still may."""
        return len(self.board) >= MAX_BOARD

    def _play(self, event: Play) -> None:
        if self.board_full:
            raise Refusal.illegal("cards", Why.BOARD_FULL, number=MAX_BOARD)
        cards = self._take(event.cards, "cards")
        try:
            kind = permissions.play_kind(cards)
        except permissions.PlayRefused as exc:
            raise IllegalEvent("cards", reason=exc.refusal) from None
        if kind == "negate":
            raise Refusal.illegal("cards", Why.NEGATE_WITH_NEGATE)
        try:
            statement = parse_statement(event.text, self.vocabulary)
        except ParseError as exc:
            raise IllegalEvent("text", exc.render()) from None
        try:
            permissions.check_cards_allow(
                cards, statement, self.deck.vocabulary, every_card_used=self.rules.every_card_used
            )
        except permissions.PlayRefused as exc:
            raise IllegalEvent("text", reason=exc.refusal) from None
        self._discard_from_hand(event.cards)
        entry = Entry(
            self.next_id, statement, self.player, tuple(event.cards), self.vocabulary, self.turn
        )
        self.next_id += 1
        self.board.append(entry)
        if statement.naming is not None:
            self.vocabulary = self.vocabulary.extend(
                statement.naming.name, len(statement.naming.params)
            )
            self.names[statement.naming.name] = entry.id
        self._end_turn(passed=False)

    def _negate(self, event: Negate) -> None:
        cards = self._take([event.card], "card")
        if cards[0].kind != "X" or cards[0].action != "negate":
            raise Refusal.illegal("card", Why.NEGATE_ONE_CARD)
        entry = self.entry(event.target)
        sites = permissions.negation_sites(entry.statement, entry.vocabulary)
        if entry.text != event.before and event.before:
            raise Refusal.illegal("before", Why.BEFORE_DIFFERS, word=event.before, other=entry.text)
        if event.after:
            # The statement a ¬ gives is what a negation is; its place number is
            # how it was chosen (records of version 1 numbered some places twice).
            found = [s for s in sites if to_unicode(s.after) == event.after]
            if not found:
                raise Refusal.illegal(
                    "after", Why.NO_SUCH_NEGATION, number=event.target, word=event.after
                )
            site = found[0]
        elif 1 <= event.position <= len(sites):
            site = sites[event.position - 1]
        else:
            raise Refusal.illegal(
                "position",
                Why.NO_SUCH_PLACE,
                number=event.target,
                count=len(sites),
                other=str(event.position),
            )
        self._discard_from_hand([event.card])
        entry.statement = site.after
        self._end_turn(passed=False)

    def check_targets(self, kind: ClaimKind, targets: Sequence[int]) -> None:
        """IllegalEvent unless ``targets`` can be claimed (``kind``) on this board now."""
        if kind == ClaimKind.INCONSISTENT:
            if targets:
                raise Refusal.illegal("targets", Why.WHOLE_BOARD)
            return
        if not targets:
            raise Refusal.illegal("targets", Why.NAME_REDUNDANT)
        if len(set(targets)) != len(targets):
            raise Refusal.illegal("targets", Why.NAME_ONCE)
        for t in targets:
            try:
                entry = self.entry(t)
            except IllegalEvent as exc:
                raise IllegalEvent("targets", exc.message, reason=exc.reason) from None
            if entry.scored:
                raise Refusal.illegal("targets", Why.ALREADY_SCORED, number=t)

    def _claim(self, event: Claim) -> None:
        self.check_targets(event.kind, event.targets)
        premises = tuple(e.id for e in self.board if e.id not in event.targets)
        if event.premises != premises:
            raise Refusal.illegal(
                "premises",
                Why.WRONG_PREMISES,
                numbers=tuple(event.premises),
                others=tuple(premises),
            )
        status = event.verdict.status
        if status not in (POSITIVE[event.kind], NEGATIVE[event.kind], Status.UNDETERMINED):
            raise Refusal.illegal(
                "verdict.status", Why.NOT_SETTLING, word=status.value, other=event.kind.value
            )
        outcome = claim_outcome(event.kind, status, event.derivation, self.rules)
        if event.outcome != outcome:
            raise Refusal.illegal(
                "outcome", Why.WRONG_OUTCOME, word=event.outcome.value, other=outcome.value
            )
        stood = tuple((e.id, e.as_written, e.statement.asserted) for e in self.board)
        assert self.vocabulary is not None
        self.ruled = Ruled(self.events + 1, event, stood, self.vocabulary)
        if outcome == ClaimOutcome.VOTE:
            self.pending = event
        else:
            self._settle(event, outcome == ClaimOutcome.UPHELD)

    def _settle(self, claim: Claim, upheld: bool) -> None:
        player = claim.player
        if not upheld:
            penalty = self.rules.rejected_claim_penalty
            self.scores[player] = max(0, self.scores[player] - penalty)
            return
        if claim.kind == ClaimKind.INCONSISTENT:
            self._finish(player, Finish.INCONSISTENT)
            return
        self.scores[player] += len(claim.targets)
        for t in claim.targets:
            e = self.entry(t)
            if self.rules.keep_redundant:
                e.scored = True
            else:
                self.board.remove(e)
                self.erased.append(e)
        if self.scores[player] >= self.settings.win_score:
            self._finish(player, Finish.POINTS)

    def _vote(self, event: Vote) -> None:
        if self.pending is None:
            raise Refusal.illegal("type", Why.NO_VOTE)
        for key, voters in (("ayes", event.ayes), ("noes", event.noes)):
            strangers = [v for v in voters if v not in self.players]
            if strangers:
                raise Refusal.illegal(key, Why.NOT_A_PLAYER, word=strangers[0])
        claim, self.pending = self.pending, None
        self.ballots = {}
        self._voted(event)
        self._settle(claim, event.accepted)

    @property
    def asked(self) -> tuple[str, ...]:
        """Who votes on the pending claim: every player but its claimant."""
        if self.pending is None:
            return ()
        return tuple(p for p in self.players if p != self.pending.player)

    def _ballot(self, event: Ballot) -> None:
        if self.pending is None:
            raise Refusal.illegal("type", Why.NO_VOTE)
        if event.player not in self.players:
            raise Refusal.illegal("player", Why.NOT_A_PLAYER, word=event.player)
        if event.player == self.pending.player:
            raise Refusal.illegal("player", Why.OWN_CLAIM_VOTE)
        if event.player in self.ballots:
            raise Refusal.illegal("player", Why.ALREADY_VOTED, player=event.player)
        self.ballots[event.player] = event.yes
        if len(self.ballots) < len(self.asked):
            return
        ayes = sum(self.ballots.values())
        if self.rules.vote_by is VoteBy.UNANIMITY:
            upheld = ayes == len(self.ballots)
        else:  # a tie does not convince: a claim must convince the others (ruling 20)
            upheld = 2 * ayes > len(self.ballots)
        ayes = tuple(p for p, yes in self.ballots.items() if yes)
        noes = tuple(p for p, yes in self.ballots.items() if not yes)
        self.voted = Vote(upheld, ayes, noes)
        claim, self.pending = self.pending, None
        self.ballots = {}
        self._voted(self.voted)
        self._settle(claim, upheld)

    def _voted(self, vote: Vote) -> None:
        """The table settled the pending claim: the last ruling is its vote."""
        if self.ruled is not None:
            self.ruled = replace(self.ruled, event=self.events + 1, vote=vote)

    def playable(self, seat: str) -> DeckCard | None:
        """The first card in ``seat``'s hand that can be played now (None: none can, or
        the hands are on the table, not in the referee)."""
        if not self.dealt:
            return None
        board = [(e.statement, e.vocabulary) for e in self.board]
        cards = (self.deck.card(c) for c in self.hands[seat])
        if self.board_full:  # only a ¬ can still be played
            cards = (c for c in cards if c.kind == "X" and c.action == "negate")
        return next((c for c in cards if permissions.can_play(c, board)), None)

    def _pass(self, event: Pass) -> None:
        if self.rules.passing == Passing.STUCK:
            card = self.playable(self.player)
            if card is not None:
                raise Refusal.illegal("type", Why.PASS_NOT_STUCK, word=card.label)
        if event.discard and not self.rules.pass_discard:
            raise Refusal.illegal("discard", Why.NO_PASS_DISCARD)
        if event.discard and not self.dealt:
            raise Refusal.illegal("discard", Why.TABLE_DISCARD)
        self._take(event.discard, "discard")
        self._discard_from_hand(event.discard)
        self._end_turn(passed=True)

    def _end(self, event: End) -> None:
        self.pending = None
        self.ballots = {}
        self.end_note = event.reason
        self._finish_on_points(Finish.ENDED)

    # ------------------------------------------------------------- turns

    def _end_turn(self, passed: bool) -> None:
        if self.dealt:
            hand = self.hands[self.player]
            while len(hand) < self.settings.hand_size and self.draw_pile:
                hand.append(self.draw_pile.pop(0))
        self.passes_in_row = self.passes_in_row + 1 if passed else 0
        if self.dealt and not self.draw_pile and self.passes_in_row >= len(self.players):
            self._finish_on_points(Finish.DECK_SPENT)
            return
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1

    def _finish(self, winner: str | None, why: Finish) -> None:
        self.winner = winner
        self.finished = True
        self.finish = why
        self.leaders = (winner,) if winner else self.leaders

    def _finish_on_points(self, why: Finish) -> None:
        best = max(self.scores.values())
        self.leaders = tuple(p for p in self.players if self.scores[p] == best)
        self._finish(self.leaders[0] if len(self.leaders) == 1 else None, why)
