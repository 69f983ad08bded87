"""The command dispatch every game shares: one word, one handler, the same guards.

A game's command language is a :class:`TableCommands` subclass naming its
words (``commands``; the handler of ``play`` is ``_play``) and which of them
are moves. Written once here: a word that is not a command is unknown (never
a helper's name), a move after the game is over is refused, a move said by a
seat whose turn it is not is refused, a command that names a player (a hand)
is refused when another seat says it, an :class:`Unread` raised by a handler
becomes a refusal with its hint, and the shared views (scores, hand, cards,
rules, board) are answered the same way for every game, and after any command whose
events ended the game, the end as the state declares it (its ``ending``).

The *actor* is who says a command: an :class:`Actor` (a seat, one player's
phone) or ``None``, the shared terminal, where everyone sits at one keyboard and
the referee trusts the table. It reaches every handler as a value
(``_play(self, session, game, rest, actor)``), never pasted into the text. One
method, :meth:`TableCommands.may_say`, decides who may say what: a seat speaks
for its own player only (a command that names a player names the seat when it
names nobody: ``hand`` is the seat's own hand, :meth:`TableCommands.speaker`),
moves only in its turn, and only the player who made the last event takes it
back (:meth:`TableCommands.refuse_undo`). At a terminal shared with computer
seats (the record's ``computers``) the keyboard is its people, and a computer's
seat is as private from it as one seat from another
(:meth:`TableCommands.keyboard_refuses`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TypeVar

from referee.language.names import find_name, name_key
from referee.table.errors import Hint, IllegalEvent, OverLimit, Reason, Refusal
from referee.table.events import Event, PlayerEvent
from referee.table.record import Record
from referee.table.refusals import UNDO_EVENT, Why
from referee.table.reveals import undo_barrier
from referee.table.session import Actor, Outcome, Outcomes, Refused, Session, ShowRules
from referee.table.views import (
    ShowBoard,
    ShowCards,
    ShowHand,
    ShowMoves,
    ShowScores,
    game_over,
)

E = TypeVar("E", bound=Event)

# Whose move it is when a game does not say (no ``mover``): nobody's.
UNDECLARED = "\u2063the player to move is not declared"


class Unread(ValueError):
    """A command that cannot be read: ``reason`` says what was expected (typed, like the
    rules' reasons: the interface words it), ``hint`` what to type."""

    def __init__(self, reason: Reason, hint: Hint | None = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.hint = hint


def same_player(name: str, word: str) -> bool:
    """Whether ``word`` names the player called ``name`` (the one place names are compared):
    the name rule's sameness (:func:`referee.language.names.name_key`)."""
    return name == word or name_key(name) == name_key(word)


def last_event(record: Record, kind: type[E]) -> tuple[int, E] | None:
    """The last event of ``kind`` in ``record`` and its number (from 1), for ``why``."""
    for number in range(len(record.events), 0, -1):
        event = record.events[number - 1]
        if isinstance(event, kind):
            return number, event
    return None


class TableCommands:
    """Base of a game's command language; subclasses declare words and write handlers."""

    aliases: Mapping[str, str] = {}
    commands: frozenset[str] = frozenset()  # the words a player may type; handler ``_WORD``
    moves: frozenset[str] = frozenset()  # the words that become events
    turn_moves: frozenset[str] | None = None  # moves only the player to move says (None: moves)
    names_player: frozenset[str] = frozenset({"hand"})  # views of one player's secrets
    # (game, player) -> every move that player may make now, as lines; the registration
    # gives it (GameRegistration.language); None: the game lists none
    legal: Callable[[object, str], tuple[str, ...]] | None = None
    over_hint: Hint | None = UNDO_EVENT
    no_hands: enum.Enum = Why.NO_HANDS  # why ``hand`` shows nothing in table mode

    def handle(
        self, session: Session, command: str, rest: str, actor: Actor | None = None
    ) -> Outcomes | None:
        command, rest = self.word(command, rest)
        if command not in self.commands and not (command == "moves" and self.legal):
            return None
        game = session.game
        if game.finished and command in self.moves:
            over = self.over(game)
            if _undo_refused(session):  # the hint would send the table to a refusal
                over = tuple(
                    replace(o, hint=None) if isinstance(o, Refused) and o.hint == UNDO_EVENT else o
                    for o in over
                )
            return over
        named = self.names(game, command, rest)
        computers = session.record.computer_seats
        refused = self.may_say(command, actor, game, named, computers)
        if refused:
            return refused
        if actor is None and computers and command in self.owns and not named:
            actor = Actor(self.keyboard_player(game, computers) or "")  # may_say: one found
        count = len(session.record.events)
        try:
            outcomes = getattr(self, f"_{command}")(session, game, rest, actor)
        except Unread as exc:
            return (Refused(hint=exc.hint, reason=exc.reason),)
        except OverLimit as exc:  # the record's limit, not the game's rules
            return (Refused(reason=exc.reason),)
        except IllegalEvent as exc:  # a rule a handler asked about before any event
            return self.refusal(exc)
        ended = game_over(session.game) if len(session.record.events) > count else None
        return outcomes if ended is None else (*outcomes, ended)

    def submit(self, session: Session, event: Event, *shown: Outcome) -> Outcomes:
        """Put ``event`` to the rules (:meth:`Session.submit`, the one door into the
        record): accepted, ``shown`` and what followed from it (:meth:`followed`);
        refused, the rules' refusal as an outcome (:meth:`refusal`). Written once here:
        no game catches its own :class:`IllegalEvent`."""
        try:
            session.submit(event)
        except IllegalEvent as exc:
            return self.refusal(exc, event)
        return self.followed(session, shown)

    def followed(self, session: Session, shown: Outcomes) -> Outcomes:
        """What an accepted event comes to: ``shown``, and what the game adds after it
        (a round settled, the news its rules made; the end is the state's ``ending``,
        which :meth:`handle` adds after any command whose events ended the game)."""
        return shown

    def refusal(self, exc: IllegalEvent, event: Event | None = None) -> Outcomes:
        """The outcome the rules' refusal comes to (``event``: the event refused, None when
        a handler asked the rules before making one). A game whose refusals carry more
        (the premise a placement breaks, a hint by the move) says so here."""
        return (Refused(exc.message, reason=exc.reason),)

    @property
    def owns(self) -> frozenset[str]:
        """The commands a seat says of its own player only: the game's ``names_player``, and
        ``moves`` in every game (a player's moves tell what that player can see)."""
        return self.names_player | {"moves"}

    def may_say(
        self,
        command: str,
        actor: Actor | None,
        game,
        named: tuple[str, ...] = (),
        computers: frozenset[str] = frozenset(),
    ) -> Outcomes | None:
        """Refused unless ``actor`` may say ``command`` now (``named``: the players the
        command names, :meth:`names`; ``computers``: the seats the referee plays itself):
        the one place that decides who may say what. What the game forbids to everyone
        now comes first (:meth:`not_now`); the shared terminal may then say anything but
        what belongs to a computer's seat (:meth:`keyboard_refuses`); a seat moves only
        in its turn (``turn_moves``), says only what the game lets a seat say
        (:meth:`seat_refuses`), and names only itself in the commands that speak for a
        player (``names_player``, ``moves``)."""
        refused = self.not_now(game, command)
        if refused:
            return refused
        if actor is None:
            return self.keyboard_refuses(command, game, named, computers)
        turn = self.turn_words
        mover = self.mover(game)
        if command in turn and mover is not None and not same_player(mover, actor.name):
            return (Refused(reason=Refusal(Why.NOT_YOUR_TURN, mover, actor.name)),)
        refused = self.seat_refuses(game, command, actor)
        if refused:
            return refused
        if command in self.owns:
            for player in named:
                if not same_player(player, actor.name):
                    return (Refused(reason=Refusal(Why.ONLY_NAMED, player)),)
        return None

    @property
    def turn_words(self) -> frozenset[str]:
        """The moves only the player to move says (``turn_moves``, else every move)."""
        return self.moves if self.turn_moves is None else self.turn_moves

    def keyboard_refuses(
        self, command: str, game, named: tuple[str, ...], computers: frozenset[str]
    ) -> Outcomes | None:
        """Refused when the shared keyboard may not say ``command`` now. At a table whose
        seats are all people's it may say anything (the table trusts itself; hands are
        shown on the alternate screen). Where the referee plays some seats itself
        (``computers``), the people at the keyboard are the other players, and a
        computer's seat is as private from them as one seat is from another: a move in a
        computer's turn, a command that speaks for or shows a computer's seat (by name,
        or naming nobody when the keyboard cannot tell which of its people it is for:
        :meth:`keyboard_player`) are refused. Undeclared, the player to move is taken
        to be a computer: a language that forgot its ``mover`` takes no move here."""
        if not computers:
            return None
        mover = self.mover(game)
        if command in self.turn_words and mover is not None:
            computer = mover == UNDECLARED or any(same_player(mover, c) for c in computers)
            if computer:
                return (Refused(reason=Refusal(Why.COMPUTERS_TURN, mover)),)
        if command not in self.owns:
            return None
        for player in named:
            if any(same_player(player, c) for c in computers):
                return (Refused(reason=Refusal(Why.COMPUTERS_SEAT, player)),)
        if not named and self.keyboard_player(game, computers) is None:
            humans = tuple(p for p in game.players if p not in computers)
            return (Refused(reason=Refusal(Why.WHICH_HUMAN, word=command, texts=humans)),)
        return None

    def keyboard_player(self, game, computers: frozenset[str]) -> str | None:
        """The person a command that names nobody speaks for at a keyboard shared with
        computer seats: the one person at the table, or else the person whose move it
        is; None when it could be more than one (a computer's move, several people)."""
        humans = [p for p in game.players if p not in computers]
        if len(humans) == 1:
            return humans[0]
        mover = self.mover(game)
        return mover if mover in humans else None

    def speaker(self, game, rest: str, actor: Actor | None) -> tuple[str | None, str]:
        """Whom a command that speaks for a player speaks for, and the rest of its words:
        the player named first in ``rest``; else the actor's own player (a seat that names
        nobody means itself; :meth:`may_say` has refused a seat naming another); else
        nobody (the shared terminal named nobody)."""
        words = rest.split(maxsplit=1)
        named = self.player(game, words[0]) if words else None
        if named is not None:
            return named, words[1] if len(words) > 1 else ""
        if actor is not None:
            return self.player(game, actor.name) or actor.name, rest
        return None, rest

    # ------------------------------------------------------------ what a game adds

    def word(self, command: str, rest: str) -> tuple[str, str]:
        """The command a typed word means (a game whose moves are bare words maps them here)."""
        return command, rest

    def over(self, game) -> Outcomes:
        return (Refused(hint=self.over_hint, reason=Refusal(Why.GAME_OVER)),)

    @staticmethod
    def mover(game) -> str | None:
        """The player whose move it is (None: nobody in particular): the state's ``mover``,
        the one declaration of it. Undeclared, no seat's move is taken: a turn guard that
        was forgotten refuses rather than lets anyone move."""
        return getattr(game, "mover", UNDECLARED)

    def not_now(self, game, command: str) -> Outcomes | None:
        """Refused when nobody may say ``command`` now, whoever says it (a vote pending, a
        round stopped): the game's rules of the moment. None: the turn and the seat decide."""
        return None

    def seat_refuses(self, game, command: str, actor: Actor) -> Outcomes | None:
        """Refused when a seat (never the shared terminal) may not say ``command`` now,
        beyond the turn and the players it names: what a game adds to :meth:`may_say`."""
        return None

    def names(self, game, command: str, rest: str) -> tuple[str, ...]:
        """The players ``command`` speaks for or shows: the first word of ``rest``, if it
        names one (a game whose command names several says so here)."""
        words = rest.split()
        named = self.player(game, words[0]) if words else None
        return () if named is None else (named,)

    def author(self, game, event: Event) -> str | None:
        """The player who made ``event`` (None: the table or the rules made it)."""
        return event.player if isinstance(event, PlayerEvent) else None

    def refuse_undo(self, game, event: Event, actor: Actor | None) -> Outcomes | None:
        """Whether ``actor`` may take back ``event``: only the player who made it."""
        if actor is None:
            return None
        author = self.author(game, event)
        if author is None or not same_player(author, actor.name):
            return (Refused(reason=Refusal(Why.NOT_YOUR_UNDO, author or "")),)
        return None

    @staticmethod
    def player(game, word: str) -> str | None:
        """The player ``word`` names: the exact spelling first (a record made before the
        name rule may hold two names it calls the same), else by :func:`same_player`."""
        return find_name(word, game.players)

    # ------------------------------------------------------------ the shared views

    def _scores(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowScores(),)

    def _cards(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowCards(),)

    def _rules(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowRules(),)

    def _board(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowBoard(),)

    def _moves(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        """Every move a player may make now (a seat: its own; the table: each player's who
        has one, or the one named), as a computer player or ``you.legal`` lists them."""
        assert self.legal is not None
        word = rest.strip() or (actor.name if actor is not None else "")
        if word:
            player = self.player(game, word)
            if player is None:
                return (Refused(reason=Refusal(Why.NO_SUCH_PLAYER, word=word)),)
            return (ShowMoves(player, tuple(self.legal(game, player)), self.private(game)),)
        listed = [(p, tuple(self.legal(game, p))) for p in game.players]
        shown = tuple(ShowMoves(p, lines, self.private(game)) for p, lines in listed if lines)
        return shown or (ShowMoves("", (), False),)

    def private(self, game) -> bool:
        """Whether a player's moves tell what only that player sees (so a shared screen
        shows them as it shows a hand): yes, unless the game says its moves hide nothing."""
        return True

    def _hand(self, session: Session, game, rest: str, actor: Actor | None) -> Outcomes:
        """What is private to a seat (a hand of cards, dice under a cup), for that seat alone;
        refused in a game whose table holds it instead (a card game's printed deck, whose
        state says it is not ``dealt``)."""
        if getattr(game, "dealt", True) is False:
            return (Refused(reason=Refusal(self.no_hands)),)
        word = rest.strip() or (actor.name if actor is not None else self.mover(game) or "")
        player = self.player(game, word)
        if player is None:
            return (Refused(reason=Refusal(Why.NO_SUCH_PLAYER, word=word)),)
        return (ShowHand(player),)


def _undo_refused(session: Session) -> bool:
    """Whether ``undo`` would be refused now: the last event showed the table something
    (a claim that won the game), so "undo takes back the last event" would mislead."""
    barrier = undo_barrier(session.game)
    return barrier is not None and barrier.event >= len(session.record.events)
