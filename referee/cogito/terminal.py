"""Cogito on screen: the words for judgements and deductions, one renderer per outcome.

During the game the screen shows every field and who is to play, but never
a hand and never a Self card: a declaration is said to be true (blue) or
false (red) without the reason, since the reason would name the Self card.
Hands are shown to their owner alone, on request, on the terminal's
alternate screen (:func:`referee.client.table_io.private_view`). After the
game, ``review`` gives every reason and what each COGITO could have
deduced.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console

from referee.client.grammar import and_list as grammar_list
from referee.client.grammar import article, count
from referee.client.layout import HelpPage
from referee.client.reasons import ended_words
from referee.client.renders import event_words, renders
from referee.client.said import Layout, Line, Page, Tone, typed, words
from referee.client.table_io import TableRenderer, game_over_words, private_view
from referee.cogito.diagram import CardKind, Diagram, says
from referee.cogito.events import Cogito, Declare, End, Give, Play, Position
from referee.cogito.judge import Colour, Deduction, Denied, Judgement, RuledOut
from referee.cogito.outcomes import (
    CogitoCalled,
    CogitoReview,
    Disrupted,
    Disruption,
    Finish,
    GiftChosen,
    LastCall,
    Named,
    Revealed,
    RoundBegins,
    RoundEnded,
    ShowDiagram,
    ShowHand,
    ShowPossible,
    ShowReview,
    Traded,
)
from referee.cogito.state import Game, Phase, Seat, Standing
from referee.table.session import Session
from referee.table.views import GameOver, ShowBoard

HELP = HelpPage(
    (
        "Commands (one per line; short forms in brackets):",
        (
            (
                "play CARD",
                "(p) the player whose turn it is reveals CARD: its name, or its number "
                "in the hand. The referee judges it: blue or red.",
            ),
            (
                "hand NAME",
                "(h) NAME's hand and the Self cards NAME sees on the others' holders, "
                "shown to NAME alone, then wiped from the screen",
            ),
            ("give NAME N", "(g) in the trade: NAME gives card N of the hand to the left"),
            ("cogito NAME CARD", '(c) NAME declares COGITO! and says "I am CARD!"'),
            (
                "cogito NAME NAME...",
                "several declare at the same time; they name their cards clockwise, "
                "each with: iam CARD (i)",
            ),
            ("end", "every hand in play is empty and nobody declares COGITO: a tie"),
            ("table | diagram", "(t, d) every field | the categories and the cards"),
            ("possible NAME", "the deduction aide (after the game, or with the house rule)"),
            ("review", "(r) after the game: every judgement's reason, every COGITO"),
            ("rules | undo | save | quit | help", ""),
        ),
    )
)

DISRUPTION_WORDS = {
    Disruption.TWO_RED: "two red cards in their field",
    Disruption.FAILED_COGITO: "COGITO! with the wrong Self card",
}
# Where a card lies, as every screen says it: blue, "I am not X!" was true; red, false.
POSITION_TONE = {Position.BLUE: Tone.TRUE, Position.RED: Tone.BAD, Position.NONE: Tone.PLAIN}


def lies(text: str, position: Position) -> Line:
    """``text`` in the tone of where a card lies (a headline's weight)."""
    return words(text, POSITION_TONE[position], strong=True)


# --------------------------------------------------------------------- words


a = article  # ``"a Flower"``, ``"an Animal"``


def cards(n: int) -> str:
    return count(n, "card")


def and_list(parts: Sequence[str], word: str = "and") -> str:
    """Cogito's lists take the serial comma: ``a, b, and c``."""
    return grammar_list(parts, word, serial=True)


def chain_words(chain: Sequence[str]) -> str:
    """(Casablanca, Flower, Plant) → "Casablanca is a Flower, and every Flower is a Plant"."""
    steps = [f"{chain[0]} is {a(chain[1])}"]
    steps += [f"every {low} is {a(high)}" for low, high in zip(chain[1:-1], chain[2:], strict=True)]
    if len(steps) == 1:
        return steps[0]
    return ", ".join(steps[:-1]) + f", and {steps[-1]}"


def why(j: Judgement) -> str:
    """Why "I am not <denied>!" is true or false for the holder of ``j.self_card``."""
    if j.kind == Denied.EGO:
        return f'{j.denied} lies red whoever holds it: saying "I am not {j.denied}" is inconsistent'
    if j.kind == Denied.SELF:
        if j.true:
            return f"{j.self_card} is not {j.denied}: each Self card is only itself"
        return f"the Self card is {j.self_card} itself"
    if not j.true:
        return chain_words(j.chain)
    if not j.belongs:
        return f"{j.self_card} belongs to no category"
    return f"{j.self_card} is {and_list([a(c) for c in j.belongs])}, not {a(j.denied)}"


def ruled_out_words(r: RuledOut) -> str:
    if r.seen:
        return f"{r.self_card}: seen outside the holder (there is one {r.self_card} card)"
    assert r.by is not None and r.judgement is not None
    said = "true (blue)" if r.by.colour == Colour.BLUE else "false (red)"
    return f'{r.self_card}: "not {r.by.denied}" was judged {said}, but {why(r.judgement)}'


describe = event_words(  # one line for an event (undo, replay --step); a gift's card if ``reveal``
    {
        Play: "{player} reveals {card} ({position})",
        End: "nobody declares COGITO: the game ends in a tie",
    }
)


@describe.register
def _(event: Give, reveal: bool = False) -> str:
    what = event.card if reveal else "a card"
    return f"{event.player} chooses {what} to give to the left"


@describe.register
def _(event: Declare, reveal: bool = False) -> str:
    return f"{and_list(list(event.players))} declare COGITO!"


@describe.register
def _(event: Cogito, reveal: bool = False) -> str:
    return f'{event.player}: "I am {event.named}!" ({"right" if event.right else "wrong"})'


# ------------------------------------------------------------------ renderer


class CogitoRenderer(TableRenderer):
    """``show_secrets``: print hands and Self cards in the open (tests and scripts only)."""

    def __init__(
        self, out: Console | Page, session: Session | None = None, show_secrets: bool = False
    ) -> None:
        super().__init__(out, session)
        self.show_secrets = show_secrets

    help_words = HELP

    def describe(self, event) -> str:
        """An event in one line: a gift's card only in the replay of a finished game (the
        game being watched; a renderer watching none, as the web's replay, never shows it)."""
        watched = self.watched if self.session is None else None
        return describe(event, reveal=watched is not None and watched.finished)

    def after_change(self, outcomes) -> None:
        if self.game.finished:
            return
        if all(isinstance(o, (GiftChosen, CogitoCalled)) for o in outcomes):
            self.say(self.whose(self.game))  # nothing on the table moved
            return
        self.table(self.game)

    # ----------------------------------------------------------- the table

    def placed(self, card: str, position: Position) -> Line:
        label = {Position.BLUE: "blue", Position.RED: "red", Position.NONE: ""}[position]
        kind = self.game.diagram.card(card).kind
        said = f"not {card}" if kind in (CardKind.CATEGORY, CardKind.SELF) else card
        text = lies(f"{label}: " if label else "", position)
        return text + typed(said, POSITION_TONE[position], strong=True)

    def seat_head(self, game: Game, seat: Seat) -> Line:
        """A seat's name, standing and hand."""
        line = typed(seat.name, strong=True)
        if seat.revealed:
            line += words(" (Self card ") + typed(seat.self_card, strong=True) + ")"
        if seat.standing == Standing.DISRUPTED:
            assert seat.disruption is not None
            line += words(f"  lost ({DISRUPTION_WORDS[seat.disruption]})", aside=True)
        elif seat.standing == Standing.WON:
            line += words("  found themselves", Tone.GOOD, strong=True)
        return line + f"  hand {len(seat.hand)}"

    def seat_field(self, game: Game, seat: Seat) -> Line:
        """A seat's field, card by card (face down for a lost player while the game runs)."""
        line = words("field: ")
        if seat.standing == Standing.DISRUPTED and not game.finished:
            return line + words(cards(len(seat.field)) + " face down", aside=True)
        if not seat.field:
            line += words("(empty)", aside=True)
        for i, placed in enumerate(seat.field):
            if i:
                line += " | "
            line += self.placed(placed.card, placed.position)
        return line

    @renders(ShowBoard)  # the table
    def show_board(self, o: ShowBoard) -> None:
        self.table(self.game)

    def table(self, game: Game) -> None:
        self.say(words(f"Round {game.round} · pile {cards(len(game.pile))}", strong=True))
        for seat in game.seats:
            first, field = self.seat_head(game, seat), self.seat_field(game, seat)
            if len(first.plain) + len(field.plain) + 4 <= self.out.width:
                self.say("  " + first + "  " + field)
            else:  # the field under the name, wrapped with its own indent
                self.say("  " + first, "    " + field)  # wrapped lines keep the indent
        self.say(self.whose(game))

    def whose(self, game: Game) -> Line:
        if game.finished:
            return words("The game is over (review: every judgement and COGITO).")
        if game.calling:
            text = words("COGITO! ") + typed(game.calling[0])
            if self.computer(game.calling[0]):
                text += " (computer) names their Self card"
            else:
                text += " names their Self card: iam CARD"
            return text.toned(Tone.DOUBT, strong=True)
        if game.phase == Phase.TRADE:
            waiting = [s.name for s in game.active() if s.name not in game.giving]
            return words("Trade: waiting for ") + typed(and_list(waiting)) + " (give NAME N)"
        if game.phase == Phase.LAST_CALL:
            return words(
                "Every hand in play is empty: cogito NAME CARD, or end (a tie).", strong=True
            )
        current = game.current or ""
        if self.computer(current):
            return typed(current, strong=True) + words(" (computer) to reveal a card", strong=True)
        text = typed(current, strong=True) + words(" to reveal a card: play CARD", strong=True)
        return text + words(f" (hand {current} shows it to {current} alone)", aside=True)

    @renders(ShowHand)  # with what its seat has deduced
    def show_hand(self, o: ShowHand) -> None:
        self.hand(self.game, o.player, o.known)

    def hand(self, game: Game, player: str, known: Deduction | None = None) -> None:
        seat = game.seat(player)

        def draw(before: str | Line = "") -> None:
            lines = [before + typed(f"{seat.name}'s hand", strong=True)]
            if not seat.hand:
                lines.append(words("  (empty)"))
            for i, card in enumerate(seat.hand, 1):
                kind = game.diagram.card(card).kind
                stratum = game.diagram.card(card).stratum
                line = f"  {i}  " + typed(card, strong=True)
                if stratum:
                    line += words(f"  (stratum {stratum})", aside=True)
                lines.append(line + "  " + typed(f'"{says(card, kind)}"'))
            others = [s for s in game.seats if s is not seat]
            held = ", ".join(f"{s.name} {s.self_card}" for s in others)
            lines.append("On the others' holders: " + typed(held))
            if game.phase == Phase.TRADE and seat.playing and seat.name not in game.giving:
                left = game.left_of(seat.name)
                lines.append(typed(f"Trade: give {seat.name} N gives card N to {left}."))
            if known is not None:
                lines.append(
                    typed(f"From all you know you could be: {and_list(known.possible, 'or')}")
                )
            self.say(lines)

        if self.show_secrets:
            draw(words("[--show-secrets] ", Tone.DOUBT))
            return
        if not private_view(self.out, typed(seat.name), draw):
            self.say(
                words(
                    "hands are shown only when the screen and the keyboard are a terminal "
                    "(a pipe or a log cannot be wiped); name the card instead",
                    Tone.DOUBT,
                )
            )

    @renders(ShowDiagram)
    def show_diagram(self, o: ShowDiagram) -> None:
        self.diagram(self.game.diagram)

    def diagram(self, diagram: Diagram) -> None:
        self.say(typed(diagram.name, strong=True))
        if diagram.note:
            self.say(typed(diagram.note, Tone.DOUBT))
        self.say("Categories (each belongs to the ones after the arrow):")
        for name, parents in diagram.categories:
            line = "  " + typed(name)
            if parents:
                line += " → " + typed(", ".join(parents))
            self.say(line)
        self.say("Self cards (stratum III) and their categories:")
        for name, parents in diagram.selves:
            line = (
                "  " + typed(name) + " → " + typed(", ".join(parents) if parents else "no category")
            )
            if name == diagram.ego:
                line += words("  (the Ego card: always red)", aside=True)
            self.say(line)
        listed = ", ".join(f"{c.name}×{c.count}" if c.count != 1 else c.name for c in diagram.cards)
        self.say(words(f"Game cards ({diagram.size}): ") + typed(listed))

    def settings_lines(self, game: Game) -> tuple[str, ...]:
        return (
            f"players (left of each: the next) = {', '.join(game.players)}",
            f"first player of every round = {game.setup.starter}",
        )

    # ----------------------------------------------------------- the news

    @renders(Revealed)
    def revealed(self, o: Revealed) -> None:
        line = typed(o.event.player, strong=True) + ": " + typed(f'"{says(o.event.card, o.kind)}"')
        if o.kind == CardKind.DREAM:
            if o.returned:
                line += (
                    f" — {cards(len(o.returned))} of the field "
                    f"{'goes' if len(o.returned) == 1 else 'go'} back under the pile: "
                )
                line += typed(", ".join(o.returned))
            elif not o.kept:
                line += " — the field was empty: nothing goes back"
            if o.kept:
                line += " — " + typed(and_list(o.kept))
                line += " stays (house rule dream_returns_ego = no)"
        elif o.kind == CardKind.EGO:
            line += " — the Ego card lies " + lies("red", Position.RED)
        elif o.event.position == Position.BLUE:
            line += " — true: " + lies("blue", Position.BLUE)
        else:
            line += " — false: " + lies("red", Position.RED) + ' ("You are wrong.")'
        self.say(line)

    @renders(Disrupted)
    def disrupted(self, o: Disrupted) -> None:
        line = typed(o.player, Tone.BAD, strong=True) + words(
            f" falls into ego disruption ({DISRUPTION_WORDS[o.why]}) and is out of the game; "
            "their cards stay face down",
            Tone.BAD,
        )
        if o.self_card is not None:
            line += ". Their Self card was " + typed(o.self_card, strong=True)
        self.say(line + words(".", Tone.BAD))

    @renders(RoundEnded)
    def round_ended(self, o: RoundEnded) -> None:
        if not o.drew:
            self.say(
                f"Round {o.round} ends. The pile has fewer cards than players "
                f"({o.players}): no draw and no trade."
            )
            return
        who = "everyone draws" if o.players > 1 else "the one player left draws"
        self.say(f"Round {o.round} ends: {who} a card (pile: {o.pile} left).")
        if o.trade:
            self.say(
                "Trade: each player gives one card to the left, before seeing the one coming: "
                "give NAME N (N: its number in NAME's hand, which hand NAME shows NAME alone)."
            )

    @renders(RoundBegins)
    def round_begins(self, o: RoundBegins) -> None:
        line = words(f"Round {o.round}: ") + typed(o.first) + " starts."
        self.say(line.toned(strong=True))

    @renders(LastCall)
    def last_call(self, o: LastCall) -> None:
        self.say(
            words(
                "Every hand in play is empty. Declare COGITO now (cogito NAME CARD), "
                "or type end: the game ends in a tie.",
                strong=True,
            )
        )

    @renders(GiftChosen)
    def gift_chosen(self, o: GiftChosen) -> None:
        line = typed(o.player) + " has chosen a card to give."
        if o.waiting:
            line += " Waiting for " + typed(and_list(o.waiting)) + "."
        self.say(line)

    @renders(Traded)
    def traded(self, o: Traded) -> None:
        pairs = ", ".join(f"{g} → {r}" for g, r in o.gifts)
        self.say(
            words("The cards change hands: ")
            + typed(pairs)
            + ". Each may look at their new hand: hand NAME."
        )

    @renders(CogitoCalled)
    def cogito_called(self, o: CogitoCalled) -> None:
        line = words("COGITO! ") + typed(and_list(o.order, "then"))
        line += " name their Self card, in this order."
        self.say(line.toned(Tone.DOUBT, strong=True))

    @renders(Named)
    def named(self, o: Named) -> None:
        e = o.event
        line = typed(e.player, strong=True) + ": " + typed(f'"I am {e.named}!"')
        if e.right:
            found = words(" — right: ") + typed(e.player) + " has found themselves!"
            line += found.toned(Tone.GOOD, strong=True)
        else:
            line += words(" — wrong.", Tone.BAD, strong=True)
        self.say(line)

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        e = o.ending
        winner = e.winners[0] if e.winners else None
        line = game_over_words(winner)
        if winner is None and e.termination == Finish.HANDS_EMPTY:
            line += "a tie between every player"
        elif winner is None:
            line += "a tie"
        line += f" ({ended_words(e.termination)})."
        selves = ", ".join(f"{s.name} {s.self_card}" for s in self.game.seats)  # all shown now
        self.say(
            line.toned(strong=True),
            words("Self cards: ") + typed(selves) + ".",
            "review: every judgement with its reason, and what each COGITO could know",
        )

    # ----------------------------------------------------------- the aide

    def deduction(self, who: str, source: str, d: Deduction, details: bool = True) -> None:
        could = and_list(d.possible, "or") if d.possible else "nothing at all"
        self.say(words(f"{source}: ") + typed(who) + " could be " + typed(could) + ".")
        if details:
            self.say(words("  not ") + typed(ruled_out_words(r)) for r in d.ruled_out)

    @renders(ShowPossible)
    def possible(self, o: ShowPossible) -> None:
        self.deduction(o.player, "From the field", o.field)
        if o.known is not None:
            self.deduction(o.player, "From all they had declared and seen", o.known, False)

    @renders(ShowReview, paged=True)
    def review(self, o: ShowReview) -> None:
        self.say(words("Every judgement:", strong=True))
        for j in o.judged:
            line = words(f"  event {j.event}: ") + typed(j.player) + ": "
            line += typed(f'"I am not {j.judgement.denied}!"')
            colour = Position.BLUE if j.judgement.true else Position.RED
            line += lies(" — true" if j.judgement.true else " — false", colour)
            self.say((line + ": " + typed(why(j.judgement))).laid(Layout.HANG, more=2))
        if not o.cogitos:
            self.say("Nobody declared COGITO.")
        for c in o.cogitos:
            self.say(line.laid(Layout.HANG, more=2) for line in cogito_review_lines(c))


def cogito_review_lines(c: CogitoReview) -> list[Line]:
    line = words(f"COGITO at event {c.event}: ") + typed(c.player) + ": "
    line += typed(f'"I am {c.named}!"') + (" — right." if c.right else " — wrong.")
    lines = [line]
    for source, d, only in (
        ("from the field", c.field, c.only_from_field),
        ("from all they had declared and seen", c.known, c.only_from_known),
    ):
        line = words(f"    {source}, possible then: ") + typed(
            and_list(d.possible, "or") or "nothing"
        )
        if only:
            line += " — the only one"
        elif c.named not in d.possible:
            line += f" — {c.named} was not even possible"
        else:
            line += f" — one of {len(d.possible)}"
        lines.append(line)
    return lines
