"""Every move one seat of a Cogito table may make now, as the lines it would type.

A computer player chooses among these (:mod:`referee.table.computer`), so each
line is one the rules accept when that seat says it
(``Session.execute(line, seat)``), and each distinct move is listed once: two
copies of a card in a hand are one play and one gift (the first is named).
Cards of the hand are named by their position, as a gift must be.

A COGITO is ``cogito NAME CARD``, one line per Self card that *could be the
seat's own*: every Self card of the deck except those the seat sees elsewhere
now (on the others' holders, in its own hand, face up in any field), since
each Self card is one card and the seat's own stands on its holder. What a
player would have to remember or deduce to rule out more (its past
judgements, the cards it gave away) is left to the player: the referee does
not deduce for the players during play (docs/rulings.md, Cogito ruling 30).
The list never depends on the seat's own Self card, so it tells nothing.

At the last call (every hand empty) ``end`` is listed too: the tie the rules
give when nobody declares, which a seat says in its own name (the web table
ends the game once every player still in has said it), so a player who is not
sure has a line other than a guess.

Not listed: the views and the table's words (``hand``, ``table``, ``undo``,
``review``), a bare ``cogito NAME`` while nobody is naming (the same COGITO as
``cogito NAME CARD``, said in two lines) and COGITOs for several players at
once (a seat speaks for its own player).
"""

from __future__ import annotations

from referee.cogito.state import Game, Phase, Seat
from referee.table.commands import TableCommands


def legal_lines(game: Game, seat: str) -> tuple[str, ...]:
    """The moves ``seat`` may make now, as complete command lines (empty: none now)."""
    me = game.seat(seat)
    if game.finished or not me.playing:
        return ()
    if game.calling:  # the game stops for COGITO: only naming, or joining the line
        if game.calling[0] == seat:
            return _cogitos(game, me)
        return () if seat in game.calling else (f"cogito {seat}",)
    lines: list[str] = []
    if game.mover == seat:
        lines += [f"play {_position(game, me, i)}" for i in _distinct(me.hand)]
    if game.phase == Phase.TRADE and seat not in game.giving:
        lines += [f"give {seat} {i}" for i in _distinct(me.hand)]
    if game.phase == Phase.LAST_CALL:
        lines.append("end")
    return (*lines, *_cogitos(game, me))


def could_be_own(game: Game, me: Seat) -> tuple[str, ...]:
    """The Self cards ``me`` does not see elsewhere now, in the deck's order."""
    seen = {s.self_card for s in game.seats if s is not me} | set(me.hand)
    seen |= {p.card for s in game.seats for p in s.field}
    return tuple(name for name in game.diagram.self_names if name not in seen)


def _cogitos(game: Game, me: Seat) -> tuple[str, ...]:
    return tuple(f"cogito {me.name} {name}" for name in could_be_own(game, me))


def _distinct(hand: list[str]) -> list[int]:
    """The positions (from 1) of the first copy of each card in ``hand``."""
    firsts: dict[str, int] = {}
    for i, card in enumerate(hand, 1):
        firsts.setdefault(card, i)
    return list(firsts.values())


def _position(game: Game, me: Seat, number: int) -> str:
    """``number``, or the seat's name before it when a player is called that number
    (``play 2`` would then name the player)."""
    if TableCommands.player(game, str(number)) is None:
        return str(number)
    return f"{me.name} {number}"
