"""The state of a game, rebuilt by applying its events in order.

Like a chess board and its moves: a :class:`Game` starts from the settings,
the house rules and the deck, and each event (a dict, exactly as the game
record stores it) moves it on. :meth:`Game.apply` checks everything it can
check without the engine (whose turn it is, the cards in the hand, the card
permissions, that the claim's premises are the board) and refuses with a
:class:`GameError` naming the field at fault. Verdicts are taken from the
event: settling a claim is the session's job, re-settling it is replay's.

Events::

    {"type": "play", "player", "cards": [card ids], "text"}
    {"type": "negate", "player", "card", "target": board id, "position": n, "before", "after"}
    {"type": "claim", "player", "kind": "redundant" | "inconsistent", "targets": [ids],
     "premises": [ids], "verdict": {...}, "derivation": {...} | None, "outcome"}
    {"type": "vote", "accepted": bool, "ayes": [...], "noes": [...]}
    {"type": "pass", "player", "discard": [card ids]}
    {"type": "end", "reason"}
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.game import permissions
from referee.game.cards import CardError, take_from_hand
from referee.game.rules import HouseRules, Settings
from referee.language import ast
from referee.language.deck import Deck, DeckCard
from referee.language.parser import ParseError, parse_statement
from referee.language.printer import to_unicode
from referee.language.vocabulary import Vocabulary

EVENT_TYPES = ("play", "negate", "claim", "vote", "pass", "end")
POSITIVE = {"redundant": "entailed", "inconsistent": "inconsistent"}
NEGATIVE = {"redundant": "not_entailed", "inconsistent": "consistent"}
UNDETERMINED = "undetermined"


class GameError(ValueError):
    """An event the game cannot take; ``field`` names the event field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


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
    negations: int = 0

    @property
    def text(self) -> str:
        return to_unicode(self.statement)


@dataclass
class Game:
    settings: Settings
    rules: HouseRules
    deck: Deck
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
    pending: dict | None = None  # an undetermined claim waiting for the table's vote
    passes_in_row: int = 0
    winner: str | None = None
    finished: bool = False
    end_reason: str = ""
    events: list[dict] = field(default_factory=list)

    # ----------------------------------------------------------- creation

    @classmethod
    def new(cls, settings: Settings, rules: HouseRules, deck: Deck) -> Game:
        game = cls(settings, rules, deck)
        game.scores = {p: 0 for p in settings.players}
        game.vocabulary = deck.vocabulary
        if settings.mode == "dealt":
            pile = deck.shuffled_ids()
            random.Random(settings.seed).shuffle(pile)
            game.draw_pile = pile
            game.hands = {p: [] for p in settings.players}
            for _ in range(settings.hand_size):
                for p in settings.players:
                    if game.draw_pile:
                        game.hands[p].append(game.draw_pile.pop(0))
        return game

    @classmethod
    def from_events(
        cls, settings: Settings, rules: HouseRules, deck: Deck, events: Iterable[dict]
    ) -> Game:
        game = cls.new(settings, rules, deck)
        for event in events:
            game.apply(event)
        return game

    # ------------------------------------------------------------- views

    @property
    def players(self) -> tuple[str, ...]:
        return self.settings.players

    @property
    def player(self) -> str:
        return self.players[self.current]

    @property
    def dealt(self) -> bool:
        return self.settings.mode == "dealt"

    def entry(self, board_id: int) -> Entry:
        for e in self.board:
            if e.id == board_id:
                return e
        gone = any(e.id == board_id for e in self.erased)
        why = "it was erased as redundant" if gone else "no statement has that number"
        raise GameError("target", f"#{board_id} is not on the board: {why}")

    def hand(self, player: str | None = None) -> list[str]:
        return list(self.hands.get(player or self.player, []))

    def card(self, card_id: str) -> DeckCard:
        try:
            return self.deck.card(card_id)
        except KeyError:
            raise GameError("cards", f"{card_id!r} is not a card of the deck") from None

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
            "reason": self.end_reason,
            "events": len(self.events),
        }

    # ------------------------------------------------------------ events

    def apply(self, event: dict) -> None:
        if not isinstance(event, dict):
            raise GameError("", "an event must be an object")
        kind = event.get("type")
        if kind not in EVENT_TYPES:
            raise GameError("type", f"{kind!r} is not an event type ({', '.join(EVENT_TYPES)})")
        if self.finished:
            raise GameError("type", f"the game is over ({self.end_reason})")
        if self.pending is not None and kind not in ("vote", "end"):
            raise GameError("type", "the table must first vote on the undetermined claim")
        if kind in ("play", "negate", "claim", "pass"):
            player = event.get("player")
            if player != self.player:
                raise GameError("player", f"it is {self.player}'s turn, not {player!r}'s")
        getattr(self, f"_apply_{kind}")(event)
        self.events.append(event)

    def _cards(self, event: dict, key: str = "cards") -> list[DeckCard]:
        ids = event.get(key)
        if isinstance(ids, str):
            ids = [ids]
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise GameError(key, "must be a list of card ids")
        cards = [self.card(i) for i in ids]
        if self.dealt:
            try:
                take_from_hand(self.hands[self.player], ids)
            except CardError as exc:
                raise GameError(key, f"{exc} of {self.player}") from None
        return cards

    def _discard_from_hand(self, ids: list[str]) -> None:
        if self.dealt:
            self.hands[self.player] = take_from_hand(self.hands[self.player], ids)
            self.discards.extend(ids)

    def _apply_play(self, event: dict) -> None:
        cards = self._cards(event)
        try:
            kind = permissions.play_kind(cards)
        except permissions.PlayRefused as exc:
            raise GameError("cards", exc.reason) from None
        if kind == "negate":
            raise GameError("cards", "the ¬ card is played with negate, not with a statement")
        text = event.get("text")
        if not isinstance(text, str):
            raise GameError("text", "must be the statement's text")
        try:
            statement = parse_statement(text, self.vocabulary)
        except ParseError as exc:
            raise GameError("text", exc.render()) from None
        try:
            if kind == "statement":
                permissions.check_statement_card(cards[0], statement, self.deck.vocabulary)
            else:
                permissions.check_play(
                    cards,
                    statement,
                    self.deck.vocabulary,
                    every_card_used=self.rules.every_card_used,
                )
        except permissions.PlayRefused as exc:
            raise GameError("text", exc.reason) from None
        ids = [c.id for c in cards]
        self._discard_from_hand(ids)
        entry = Entry(self.next_id, statement, self.player, tuple(ids), self.vocabulary, self.turn)
        self.next_id += 1
        self.board.append(entry)
        if statement.naming is not None:
            self.vocabulary = self.vocabulary.extend(
                statement.naming.name, len(statement.naming.params)
            )
            self.names[statement.naming.name] = entry.id
        self._end_turn(passed=False)

    def _apply_negate(self, event: dict) -> None:
        cards = self._cards(event, "card")
        if len(cards) != 1 or cards[0].kind != "X" or cards[0].action != "negate":
            raise GameError("card", "negate plays exactly one ¬ card")
        target = event.get("target")
        if not isinstance(target, int) or isinstance(target, bool):
            raise GameError("target", "must be a board statement number")
        entry = self.entry(target)
        position = event.get("position")
        sites = permissions.negation_sites(entry.statement, entry.vocabulary)
        if not isinstance(position, int) or isinstance(position, bool):
            raise GameError("position", "must be a place number (negate N lists them)")
        if not 1 <= position <= len(sites):
            raise GameError(
                "position", f"#{target} has {len(sites)} places for a ¬, not {position}"
            )
        site = sites[position - 1]
        for key, want in (("before", entry.text), ("after", to_unicode(site.after))):
            if key in event and event[key] != want:
                raise GameError(key, f"the record says {event[key]!r}, the board gives {want!r}")
        self._discard_from_hand([cards[0].id])
        entry.statement = site.after
        entry.negations += 1
        self._end_turn(passed=False)

    def _apply_claim(self, event: dict) -> None:
        kind = event.get("kind")
        if kind not in POSITIVE:
            raise GameError("kind", "must be redundant or inconsistent")
        targets = event.get("targets", [])
        if not isinstance(targets, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in targets
        ):
            raise GameError("targets", "must be a list of board statement numbers")
        if kind == "redundant":
            if not targets:
                raise GameError("targets", "name the statements claimed redundant")
            if len(set(targets)) != len(targets):
                raise GameError("targets", "each statement once")
            for t in targets:
                try:
                    e = self.entry(t)
                except GameError as exc:
                    raise GameError("targets", exc.message) from None
                if e.scored:
                    raise GameError("targets", f"#{t} has already been scored as redundant")
        elif targets:
            raise GameError("targets", "an inconsistency claim is about the whole board")
        premises = [e.id for e in self.board if e.id not in targets]
        if event.get("premises") != premises:
            raise GameError(
                "premises",
                f"the claim was settled against {event.get('premises')!r}, "
                f"but the board minus the claimed statements is {premises!r}",
            )
        verdict = event.get("verdict")
        if not isinstance(verdict, dict) or not isinstance(verdict.get("status"), str):
            raise GameError("verdict", "must be the engine's verdict with its status")
        status = verdict["status"]
        if status not in (POSITIVE[kind], NEGATIVE[kind], UNDETERMINED):
            raise GameError("verdict.status", f"{status!r} does not settle a {kind} claim")
        derivation = event.get("derivation")
        if derivation is not None and (
            not isinstance(derivation, dict) or not isinstance(derivation.get("ok"), bool)
        ):
            raise GameError("derivation", "must say whether the derivation checked (ok)")
        outcome = claim_outcome(kind, status, derivation, self.rules)
        if event.get("outcome") != outcome:
            raise GameError(
                "outcome", f"the record says {event.get('outcome')!r}; the rules give {outcome!r}"
            )
        if outcome == "vote":
            self.pending = event
        else:
            self._settle(event, outcome == "upheld")

    def _settle(self, claim: dict, upheld: bool) -> None:
        player = claim["player"]
        if not upheld:
            penalty = self.rules.rejected_claim_penalty
            self.scores[player] = max(0, self.scores[player] - penalty)
            return
        if claim["kind"] == "inconsistent":
            self._finish(player, f"{player} showed the board inconsistent")
            return
        targets = claim["targets"]
        self.scores[player] += len(targets)
        for t in targets:
            e = self.entry(t)
            if self.rules.keep_redundant:
                e.scored = True
            else:
                self.board.remove(e)
                self.erased.append(e)
        if self.scores[player] >= self.settings.win_score:
            self._finish(player, f"{player} reached {self.settings.win_score} points")

    def _apply_vote(self, event: dict) -> None:
        if self.pending is None:
            raise GameError("type", "there is no undetermined claim to vote on")
        accepted = event.get("accepted")
        if not isinstance(accepted, bool):
            raise GameError("accepted", "must be true or false")
        for key in ("ayes", "noes"):
            voters = event.get(key, [])
            if not isinstance(voters, list) or any(v not in self.players for v in voters):
                raise GameError(key, "must be a list of players")
        claim, self.pending = self.pending, None
        self._settle(claim, accepted)

    def _apply_pass(self, event: dict) -> None:
        discard = event.get("discard", [])
        if not isinstance(discard, list) or not all(isinstance(c, str) for c in discard):
            raise GameError("discard", "must be a list of card ids")
        if discard and not self.rules.pass_discard:
            raise GameError("discard", "the house rules do not allow discarding on a pass")
        if discard and not self.dealt:
            raise GameError("discard", "in table mode the table handles its own cards")
        for c in discard:
            self.card(c)
        try:
            self._discard_from_hand(discard)
        except CardError as exc:
            raise GameError("discard", f"{exc} of {self.player}") from None
        self._end_turn(passed=True)

    def _apply_end(self, event: dict) -> None:
        reason = event.get("reason", "the table stopped the game")
        if not isinstance(reason, str):
            raise GameError("reason", "must be text")
        if self.pending is not None:
            self.pending = None
        self._finish_on_points(reason)

    # ------------------------------------------------------------- turns

    def _end_turn(self, passed: bool) -> None:
        if self.dealt:
            hand = self.hands[self.player]
            while len(hand) < self.settings.hand_size and self.draw_pile:
                hand.append(self.draw_pile.pop(0))
        self.passes_in_row = self.passes_in_row + 1 if passed else 0
        if self.dealt and not self.draw_pile and self.passes_in_row >= len(self.players):
            self._finish_on_points("every player passed in turn with the deck spent")
            return
        self.current = (self.current + 1) % len(self.players)
        self.turn += 1

    def _finish(self, winner: str | None, reason: str) -> None:
        self.winner = winner
        self.finished = True
        self.end_reason = reason

    def _finish_on_points(self, reason: str) -> None:
        best = max(self.scores.values())
        leaders = [p for p in self.players if self.scores[p] == best]
        if len(leaders) == 1:
            self._finish(leaders[0], f"{reason}; {leaders[0]} has the most points")
        else:
            self._finish(None, f"{reason}; a draw between {', '.join(leaders)}")


def claim_outcome(kind: str, status: str, derivation: dict | None, rules: HouseRules) -> str:
    """'upheld', 'rejected' or 'vote' (an undetermined claim the table will vote on)."""
    if status == POSITIVE[kind]:
        return "upheld"
    if status == UNDETERMINED:
        if derivation is not None and derivation.get("ok"):
            return "upheld"
        if rules.vote_on_undetermined:
            return "vote"
    return "rejected"
