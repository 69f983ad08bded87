"""Ergo at a table of phones (:class:`referee.table.registry.Phones`): what ``help`` says
on a phone, and what the web table needs of it beside its rules. Its drawing is beside this
module: ``draw.js`` and ``style.css``."""

from __future__ import annotations

from referee.ergo.events import Score
from referee.ergo.outcomes import PlacementRefused
from referee.table.registry import Phones, everyone_until_the_end

# Its rules in a few lines, first in a phone's help (docs/rulings.md has the rest).
RULES = (
    "The rules: each player is a variable (A, B, C, D). In turn, play two cards: to "
    "the Proof, one of the special cards, or a discard.",
    "Fallacy: the player named plays nothing to the Proof for 3 turns (Justification "
    "lifts it). Tabula Rasa removes a card of the Proof; Revolution swaps two; Ergo "
    "ends the round once A, B, C and D are all in the Proof.",
    "At the end of a round the Proof is judged: each player whose variable it proves "
    "scores the number of cards in the Proof. The first to the winning score wins.",
)

# What to tap, then the lines the command box takes from a seat.
HELP = (
    "Tap a card of your hand, then a + in the Proof for where it goes (or a new "
    "premise); a special card offers its own buttons; Discard it is always there.",
    "Or type here, as at the terminal:",
    "  play CARDS [at P:G]    discard CARDS    fallacy NAME    justify [*]",
    "  tabula P:K    revolution P:K Q:L    ergo [*]",
    "  proof | scores | hand (your own, dealt mode) | why [ROUND] | cards",
    "  end (every player must say it)",
)

PHONES = Phones(
    rules=RULES,
    help=HELP,
    explained=(Score,),  # a round scored: its Proof and points
    refusals=(PlacementRefused,),
    enders=everyone_until_the_end,
    hand=lambda card: f"{card['number']}: {card['label']}",
)
