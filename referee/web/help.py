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
    return HELP[game]
