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
from rich.text import Text

from referee.client.grammar import and_list as grammar_list
from referee.client.grammar import article, count
from referee.client.layout import HelpPage
from referee.client.reasons import ended_words
from referee.client.renders import event_words, renders
from referee.client.safe import entry, user
from referee.client.table_io import TableRenderer, game_over_line, private_view
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
POSITION_STYLE = {Position.BLUE: "bold blue", Position.RED: "bold red", Position.NONE: "bold"}


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
        self, out: Console, session: Session | None = None, show_secrets: bool = False
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
            self.out.print(self.whose(self.game))  # nothing on the table moved
            return
        self.table(self.game)

    # ----------------------------------------------------------- the table

    def placed(self, card: str, position: Position) -> Text:
        label = {Position.BLUE: "blue", Position.RED: "red", Position.NONE: ""}[position]
        kind = self.game.diagram.card(card).kind
        words = f"not {card}" if kind in (CardKind.CATEGORY, CardKind.SELF) else card
        text = Text(f"{label}: " if label else "", style=POSITION_STYLE[position])
        return text + user(words, POSITION_STYLE[position])

    def seat_head(self, game: Game, seat: Seat) -> Text:
        """A seat's name, standing and hand."""
        line = Text().append_text(user(seat.name, "bold"))
        if seat.revealed:
            line.append(" (Self card ")
            line.append_text(user(seat.self_card, "bold"))
            line.append(")")
        if seat.standing == Standing.DISRUPTED:
            assert seat.disruption is not None
            line.append(f"  lost ({DISRUPTION_WORDS[seat.disruption]})", style="dim")
        elif seat.standing == Standing.WON:
            line.append("  found themselves", style="bold green")
        line.append(f"  hand {len(seat.hand)}")
        return line

    def seat_field(self, game: Game, seat: Seat) -> Text:
        """A seat's field, card by card (face down for a lost player while the game runs)."""
        line = Text("field: ")
        if seat.standing == Standing.DISRUPTED and not game.finished:
            line.append(cards(len(seat.field)) + " face down", style="dim")
            return line
        if not seat.field:
            line.append("(empty)", style="dim")
        for i, placed in enumerate(seat.field):
            if i:
                line.append(" | ")
            line.append_text(self.placed(placed.card, placed.position))
        return line

    @renders(ShowBoard)  # the table
    def show_board(self, o: ShowBoard) -> None:
        self.table(self.game)

    def table(self, game: Game) -> None:
        head = Text(f"Round {game.round}", style="bold")
        head.append(f" · pile {cards(len(game.pile))}")
        self.out.print(head)
        for seat in game.seats:
            first, field = self.seat_head(game, seat), self.seat_field(game, seat)
            if len(first) + len(field) + 4 <= self.out.width:
                self.out.print(Text("  ") + first + Text("  ") + field)
            else:  # the field under the name, wrapped with its own indent
                self.out.print(Text("  ") + first)
                self.out.print(Text("    ") + field)  # wrapped lines keep the indent
        self.out.print(self.whose(game))

    def whose(self, game: Game) -> Text:
        if game.finished:
            return Text("The game is over (review: every judgement and COGITO).")
        if game.calling:
            text = Text("COGITO! ", style="bold yellow")
            text.append_text(user(game.calling[0], "bold"))
            if self.computer(game.calling[0]):
                return text.append(" (computer) names their Self card")
            text.append(" names their Self card: iam CARD")
            return text
        if game.phase == Phase.TRADE:
            waiting = [s.name for s in game.active() if s.name not in game.giving]
            return Text("Trade: waiting for ") + user(and_list(waiting)) + Text(" (give NAME N)")
        if game.phase == Phase.LAST_CALL:
            return Text(
                "Every hand in play is empty: cogito NAME CARD, or end (a tie).", style="bold"
            )
        current = game.current or ""
        if self.computer(current):
            return Text().append_text(user(current, "bold")) + Text(
                " (computer) to reveal a card", style="bold"
            )
        text = Text().append_text(user(current, "bold")) + Text(
            " to reveal a card: play CARD", style="bold"
        )
        text.append(f" (hand {current} shows it to {current} alone)", style="dim")
        return text

    @renders(ShowHand)  # with what its seat has deduced
    def show_hand(self, o: ShowHand) -> None:
        self.hand(self.game, o.player, o.known)

    def hand(self, game: Game, player: str, known: Deduction | None = None) -> None:
        seat = game.seat(player)

        def draw() -> None:
            self.out.print(user(f"{seat.name}'s hand", "bold"))
            if not seat.hand:
                self.out.print("  (empty)")
            for i, card in enumerate(seat.hand, 1):
                kind = game.diagram.card(card).kind
                stratum = game.diagram.card(card).stratum
                line = Text(f"  {i}  ") + user(card, "bold")
                if stratum:
                    line.append(f"  (stratum {stratum})", style="dim")
                line.append("  ")
                line.append_text(user(f'"{says(card, kind)}"'))
                self.out.print(line)
            others = [s for s in game.seats if s is not seat]
            line = Text("On the others' holders: ")
            line.append_text(user(", ".join(f"{s.name} {s.self_card}" for s in others)))
            self.out.print(line)
            if game.phase == Phase.TRADE and seat.playing and seat.name not in game.giving:
                self.out.print(
                    user(f"Trade: give {seat.name} N gives card N to {game.left_of(seat.name)}.")
                )
            if known is not None:
                self.out.print(
                    user(f"From all you know you could be: {and_list(known.possible, 'or')}")
                )

        if self.show_secrets:
            self.out.print(Text("[--show-secrets] ", style="yellow"), end="")
            draw()
            return
        if not private_view(self.out, user(seat.name), draw):
            self.out.print(
                Text(
                    "hands are shown only when the screen and the keyboard are a terminal "
                    "(a pipe or a log cannot be wiped); name the card instead",
                    style="yellow",
                )
            )

    @renders(ShowDiagram)
    def show_diagram(self, o: ShowDiagram) -> None:
        self.diagram(self.game.diagram)

    def diagram(self, diagram: Diagram) -> None:
        self.out.print(user(diagram.name, "bold"))
        if diagram.note:
            self.out.print(user(diagram.note, "yellow"))
        self.out.print("Categories (each belongs to the ones after the arrow):")
        for name, parents in diagram.categories:
            line = Text("  ") + user(name)
            if parents:
                line.append(" → ")
                line.append_text(user(", ".join(parents)))
            self.out.print(line)
        self.out.print("Self cards (stratum III) and their categories:")
        for name, parents in diagram.selves:
            line = Text("  ") + user(name)
            line.append(" → ")
            line.append_text(user(", ".join(parents) if parents else "no category"))
            if name == diagram.ego:
                line.append("  (the Ego card: always red)", style="dim")
            self.out.print(line)
        cards = Text(f"Game cards ({diagram.size}): ")
        cards.append_text(
            user(
                ", ".join(f"{c.name}×{c.count}" if c.count != 1 else c.name for c in diagram.cards)
            )
        )
        self.out.print(cards)

    def settings_lines(self, game: Game) -> tuple[str, ...]:
        return (
            f"players (left of each: the next) = {', '.join(game.players)}",
            f"first player of every round = {game.setup.starter}",
        )

    # ----------------------------------------------------------- the news

    @renders(Revealed)
    def revealed(self, o: Revealed) -> None:
        line = Text().append_text(user(o.event.player, "bold")) + Text(": ")
        line.append_text(user(f'"{says(o.event.card, o.kind)}"'))
        if o.kind == CardKind.DREAM:
            if o.returned:
                line.append(
                    f" — {cards(len(o.returned))} of the field "
                    f"{'goes' if len(o.returned) == 1 else 'go'} back under the pile: "
                )
                line.append_text(user(", ".join(o.returned)))
            elif not o.kept:
                line.append(" — the field was empty: nothing goes back")
            if o.kept:
                line.append(" — ")
                line.append_text(user(and_list(o.kept)))
                line.append(" stays (house rule dream_returns_ego = no)")
        elif o.kind == CardKind.EGO:
            line.append(" — the Ego card lies ")
            line.append("red", style=POSITION_STYLE[Position.RED])
        elif o.event.position == Position.BLUE:
            line.append(" — true: ")
            line.append("blue", style=POSITION_STYLE[Position.BLUE])
        else:
            line.append(" — false: ")
            line.append("red", style=POSITION_STYLE[Position.RED])
            line.append(' ("You are wrong.")')
        self.out.print(line)

    @renders(Disrupted)
    def disrupted(self, o: Disrupted) -> None:
        line = Text().append_text(user(o.player, "bold red")) + Text(
            f" falls into ego disruption ({DISRUPTION_WORDS[o.why]}) and is out of the game; "
            "their cards stay face down",
            style="red",
        )
        if o.self_card is not None:
            line.append(". Their Self card was ")
            line.append_text(user(o.self_card, "bold"))
        line.append(".", style="red")
        self.out.print(line)

    @renders(RoundEnded)
    def round_ended(self, o: RoundEnded) -> None:
        if not o.drew:
            self.out.print(
                f"Round {o.round} ends. The pile has fewer cards than players "
                f"({o.players}): no draw and no trade."
            )
            return
        who = "everyone draws" if o.players > 1 else "the one player left draws"
        self.out.print(f"Round {o.round} ends: {who} a card (pile: {o.pile} left).")
        if o.trade:
            self.out.print(
                "Trade: each player gives one card to the left, before seeing the one coming: "
                "give NAME N (N: its number in NAME's hand, which hand NAME shows NAME alone)."
            )

    @renders(RoundBegins)
    def round_begins(self, o: RoundBegins) -> None:
        self.out.print(Text(f"Round {o.round}: ", style="bold") + user(o.first) + Text(" starts."))

    @renders(LastCall)
    def last_call(self, o: LastCall) -> None:
        self.out.print(
            Text(
                "Every hand in play is empty. Declare COGITO now (cogito NAME CARD), "
                "or type end: the game ends in a tie.",
                style="bold",
            )
        )

    @renders(GiftChosen)
    def gift_chosen(self, o: GiftChosen) -> None:
        line = user(o.player) + Text(" has chosen a card to give.")
        if o.waiting:
            line.append(" Waiting for ")
            line.append_text(user(and_list(o.waiting)))
            line.append(".")
        self.out.print(line)

    @renders(Traded)
    def traded(self, o: Traded) -> None:
        pairs = ", ".join(f"{g} → {r}" for g, r in o.gifts)
        self.out.print(
            Text("The cards change hands: ")
            + user(pairs)
            + Text(". Each may look at their new hand: hand NAME.")
        )

    @renders(CogitoCalled)
    def cogito_called(self, o: CogitoCalled) -> None:
        line = Text("COGITO! ", style="bold yellow")
        line.append_text(user(and_list(o.order, "then")))
        line.append(" name their Self card, in this order.")
        self.out.print(line)

    @renders(Named)
    def named(self, o: Named) -> None:
        e = o.event
        line = Text().append_text(user(e.player, "bold")) + Text(": ") + user(f'"I am {e.named}!"')
        if e.right:
            line.append(" — right: ", style="bold green")
            line.append_text(user(e.player, "bold green"))
            line.append(" has found themselves!", style="bold green")
        else:
            line.append(" — wrong.", style="bold red")
        self.out.print(line)

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        e = o.ending
        winner = e.winners[0] if e.winners else None
        line = game_over_line(winner)
        if winner is None and e.termination == Finish.HANDS_EMPTY:
            line.append("a tie between every player", style="bold")
        elif winner is None:
            line.append("a tie", style="bold")
        line.append(f" ({ended_words(e.termination)}).")
        self.out.print(line)
        selves = ", ".join(f"{s.name} {s.self_card}" for s in self.game.seats)  # all shown now
        self.out.print(Text("Self cards: ") + user(selves) + ".")
        self.out.print(
            Text("review: every judgement with its reason, and what each COGITO could know")
        )

    # ----------------------------------------------------------- the aide

    def deduction(self, who: str, source: str, d: Deduction, details: bool = True) -> None:
        line = Text(f"{source}: ") + user(who) + Text(" could be ")
        line.append_text(user(and_list(d.possible, "or") if d.possible else "nothing at all"))
        line.append(".")
        self.out.print(line)
        if details:
            for r in d.ruled_out:
                self.out.print(Text("  not ") + user(ruled_out_words(r)))

    @renders(ShowPossible)
    def possible(self, o: ShowPossible) -> None:
        self.deduction(o.player, "From the field", o.field)
        if o.known is not None:
            self.deduction(o.player, "From all they had declared and seen", o.known, False)

    @renders(ShowReview, paged=True)
    def review(self, o: ShowReview) -> None:
        self.out.print(Text("Every judgement:", style="bold"))
        for j in o.judged:
            line = Text(f"  event {j.event}: ") + user(j.player) + Text(": ")
            line.append_text(user(f'"I am not {j.judgement.denied}!"'))
            colour = Position.BLUE if j.judgement.true else Position.RED
            line.append(" — true" if j.judgement.true else " — false", style=POSITION_STYLE[colour])
            line.append(": ")
            line.append_text(user(why(j.judgement)))
            self.out.print(entry(self.out, line))
        if not o.cogitos:
            self.out.print("Nobody declared COGITO.")
        for c in o.cogitos:
            for line in cogito_review_text(c).split("\n"):
                self.out.print(entry(self.out, line))


def cogito_review_text(c: CogitoReview) -> Text:
    line = Text(f"COGITO at event {c.event}: ") + user(c.player) + Text(": ")
    line.append_text(user(f'"I am {c.named}!"'))
    line.append(" — right." if c.right else " — wrong.")
    for source, d, only in (
        ("from the field", c.field, c.only_from_field),
        ("from all they had declared and seen", c.known, c.only_from_known),
    ):
        line.append(f"\n    {source}, possible then: ")
        line.append_text(user(and_list(d.possible, "or") or "nothing"))
        if only:
            line.append(" — the only one")
        elif c.named not in d.possible:
            line.append(f" — {c.named} was not even possible")
        else:
            line.append(f" — one of {len(d.possible)}")
    return line
