"""Palmer's game at a table of phones (:class:`referee.table.registry.Phones`): what ``help`` says
on a phone, and what the web table needs of it beside its rules. Its drawing is beside this
module: ``draw.js`` and ``style.css``."""

from __future__ import annotations

from referee.palmer.events import Claim
from referee.palmer.views import check_play
from referee.table.registry import Phones, everyone_until_the_end
from referee.table.seatview import Waiting

# Its rules in a few lines, first in a phone's help (docs/rulings.md has the rest).
RULES = (
    "The rules: in turn, each player plays cards and writes a statement they allow "
    "onto the shared board, or passes.",
    "Claim statements redundant (they follow from the rest of the board): the referee "
    "checks, and an upheld claim scores a point for each. Claim the board inconsistent "
    "and, if it is, you win at once. The first to the winning score wins.",
)

# What to tap, then the lines the command box takes from a seat.
HELP = (
    "Tap the cards you play, write the statement (the symbol row has ∀ ∃ ¬ …; the "
    "check under it says at once whether it reads and whether the cards allow it), "
    "then Play the statement.",
    "A statement card by itself plays as it is; one that says n (|L| ≥ n) asks for n.",
    "A ¬ card: tap a statement on the board, then the place where the ¬ goes.",
    "Claims: tap statements on the board, then Claim … redundant; or Claim inconsistent. "
    "Why? shows the last claim's evidence.",
    "Or type here, as at the terminal:",
    "  play CARDS : STATEMENT    play 1 3 : ∀x (blonde(x) → happy(x))",
    "  play S12 n=4    negate N (the places)    negate N K    pass [CARDS]",
    "  claim N [M …]    claim inconsistent    vote yes | vote no (when the table votes)",
    "  why | model | board | scores | hand (your own, dealt mode) | cards",
    "  end (every player must say it)",
    "A claim with a derivation FILE is the laptop's keyboard's: a phone has no files there.",
    "Statements may be typed in ASCII: forall exists exists! ~ & \\/ -> <-> != >=.",
)


def waiting(game) -> Waiting | None:
    """While the table votes on a claim the referee could not decide, the turn waits for
    every vote still to come."""
    pending = game.pending
    if pending is None or game.finished:
        return None
    voters = tuple(p for p in game.asked if p not in game.ballots)
    return Waiting(voters, f"A vote is open on {pending.player}'s claim", "vote", "vote")


PHONES = Phones(
    rules=RULES,
    help=HELP,
    explained=(Claim,),  # a claim settled: its evidence, one tap away on every screen
    enders=everyone_until_the_end,
    draft=check_play,
    hand=lambda card: f"{card['number']}: {card['label']}",
    waiting=waiting,
)
