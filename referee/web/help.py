"""What ``help`` says on a phone: what works from a seat page, in the web's own words.

The terminal's help speaks of one keyboard passed round a table (``hand NAME``
shown to NAME alone, ``quit`` to leave); on a phone the buttons do most of it,
the seat speaks only for its own player, and nobody quits the table. So each
game's help here says first what to tap, then the lines the command box takes
from this seat. Lines only: the page shows each as it is.
"""

from __future__ import annotations

COMMON = (
    "Also: undo (take back your own last move, where the rules allow it) · "
    "rules (the house rules) · help (this text). The record is saved after every move; "
    "closing this page leaves your seat open: its link brings you back.",
)

# Each game's rules in a few lines, first in a phone's help (docs/rulings.md has the rest).
RULES: dict[str, tuple[str, ...]] = {
    "palmer": (
        "The rules: in turn, each player plays cards and writes a statement they allow "
        "onto the shared board, or passes.",
        "Claim statements redundant (they follow from the rest of the board): the referee "
        "checks, and an upheld claim scores a point for each. Claim the board inconsistent "
        "and, if it is, you win at once. The first to the winning score wins.",
    ),
    "ergo": (
        "The rules: each player is a variable (A, B, C, D). In turn, play two cards: to "
        "the Proof, one of the special cards, or a discard.",
        "Fallacy: the player named plays nothing to the Proof for 3 turns (Justification "
        "lifts it). Tabula Rasa removes a card of the Proof; Revolution swaps two; Ergo "
        "ends the round once A, B, C and D are all in the Proof.",
        "At the end of a round the Proof is judged: each player whose variable it proves "
        "scores the number of cards in the Proof. The first to the winning score wins.",
    ),
    "invicta": (
        "The rules: a 9 × 10 board; white starts. Place a piece on an empty square (a lion "
        "on the edge, hollow inside) or move one of yours: a hollow piece one square "
        "across, a lion one square any way, or along the edge as far as it is free.",
        "A hollow piece that reaches the edge becomes a lion. Nothing is captured. Five "
        "(or more) of your pieces in a row, across or diagonally, win; a position "
        "repeated three times is a draw.",
    ),
    "cogito": (
        "The rules: your Self card faces the others, not you. In turn, reveal a card "
        'saying "I am not …": the referee judges it, blue (true) or red (false).',
        "After each round everyone gives a card to the left. When you know who you are, "
        "declare COGITO and name your Self card: right, you win; wrong, your ego is "
        "disrupted and you are out.",
    ),
}

HELP: dict[str, tuple[str, ...]] = {
    "palmer": (
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
        *COMMON,
    ),
    "ergo": (
        "Tap a card of your hand, then a + in the Proof for where it goes (or a new "
        "premise); a special card offers its own buttons; Discard it is always there.",
        "Or type here, as at the terminal:",
        "  play CARDS [at P:G]    discard CARDS    fallacy NAME    justify [*]",
        "  tabula P:K    revolution P:K Q:L    ergo [*]",
        "  proof | scores | hand (your own, dealt mode) | why [ROUND] | cards",
        "  end (every player must say it)",
        *COMMON,
    ),
    "invicta": (
        "Tap an empty square to place a piece from your hand; tap one of your pieces, "
        "then a highlighted square, to move it.",
        "Or type here, as at the terminal:",
        "  e5 (place)    e5-e6 (move)    moves [e5]    history    board",
        *COMMON,
    ),
    "cogito": (
        "Your turn: tap a card of your hand to reveal it. In the trade: tap the card you "
        "give to the player on your left. COGITO!: tap the button, then the Self card you "
        "say is yours.",
        "The others' Self cards are on their holders above; yours is hidden from you.",
        "Or type here, as at the terminal (you speak for yourself only):",
        "  play CARD    give YOURNAME N    cogito YOURNAME CARD    iam CARD",
        "  hand (your own) | table | diagram | review (after the game) | end (when every "
        "hand is empty; every player still in must say it)",
        *COMMON,
    ),
}


def help_lines(game: str) -> tuple[str, ...]:
    """The help a seat of ``game`` is given."""
    return RULES[game] + HELP[game]
