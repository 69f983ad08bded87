"""Cogito at a table of phones (:class:`referee.table.registry.Phones`): what ``help`` says
on a phone, and what the web table needs of it beside its rules. Its drawing is beside this
module: ``draw.js`` and ``style.css``."""

from __future__ import annotations

from referee.cogito.state import Phase
from referee.table.registry import Phones
from referee.table.seatview import Waiting

# Its rules in a few lines, first in a phone's help (docs/rulings.md has the rest).
RULES = (
    "The rules: your Self card faces the others, not you. In turn, reveal a card "
    'saying "I am not …": the referee judges it, blue (true) or red (false).',
    "After each round everyone gives a card to the left. When you know who you are, "
    "declare COGITO and name your Self card: right, you win; wrong, your ego is "
    "disrupted and you are out.",
)

# What to tap, then the lines the command box takes from a seat.
HELP = (
    "Your turn: tap a card of your hand to reveal it. In the trade: tap the card you "
    "give to the player on your left. COGITO!: tap the button, then the Self card you "
    "say is yours.",
    "The others' Self cards are on their holders above; yours is hidden from you.",
    "Or type here, as at the terminal (you speak for yourself only):",
    "  play CARD    give YOURNAME N    cogito YOURNAME CARD    iam CARD",
    "  hand (your own) | table | diagram | review (after the game) | end (when every "
    "hand is empty; every player still in must say it)",
)


def enders(game) -> tuple[str, ...]:
    """At the last call (every hand empty, nobody naming), the players still in: any of
    them may yet declare COGITO instead of the tie."""
    if game.finished or game.calling or game.phase != Phase.LAST_CALL:
        return ()
    return tuple(s.name for s in game.active())


def waiting(game) -> Waiting | None:
    """Whom the trade and the last call wait for (every player chooses there, so no one
    is to move): the banner is never empty while the game goes on."""
    if game.finished or game.calling:
        return None  # a declared player names their card: the player to move
    if game.phase == Phase.TRADE:
        givers = tuple(s.name for s in game.active() if s.name not in game.giving)
        return Waiting(givers, "The trade", "give a card to their left", "card to give")
    if game.phase == Phase.LAST_CALL:
        players = tuple(s.name for s in game.active())
        return Waiting(players, "Every hand is empty", "declare COGITO or say end", "call")
    return None


PHONES = Phones(
    rules=RULES,
    help=HELP,
    enders=enders,
    waiting=waiting,
    hand=lambda card: f"{card['number']}: {card['card']}",
)
