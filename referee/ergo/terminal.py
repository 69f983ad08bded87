"""Ergo on screen: the Proof as rows of cards with their positions, rulings in players' words.

Each premise is drawn as a row of cards with, under it, the card numbers
(for Tabula Rasa and Revolution: ``tabula 2:3``) and the gaps between them
(for placing: ``play OR B at 1:1``), and beside it its reading with every
parenthesis shown, since Ergo's order of operations is not the textbook's.

Hands are hidden information. At a terminal a hand is shown only on request,
on the terminal's alternate screen, after its owner confirms they are the
one looking, and taken away when they press Enter: the main screen and its
scrollback never held it. Without a terminal (a script, a log) hands are not
printed at all unless ``--show-hands`` was given.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from referee.client.grammar import and_list, count
from referee.client.keys import LeaveGame, ask_to_leave
from referee.client.layout import HelpPage, compact
from referee.client.pager import page
from referee.client.private_screen import private_screen, wait_for_enter
from referee.client.renders import event_words, renders
from referee.client.safe import user, wraps
from referee.client.table_io import TableRenderer, game_over_line
from referee.ergo.cards import Card, ProofCard, faces_text
from referee.ergo.events import (
    Discard,
    Ergo,
    Fallacy,
    Justify,
    Place,
    Revolution,
    RoundEnd,
    Score,
    TabulaRasa,
)
from referee.ergo.outcomes import (
    CardsPlaced,
    Discarded,
    ErgoPlayed,
    FallacyPlayed,
    Justified,
    PlacementRefused,
    Proves,
    Removed,
    RoundScored,
    Swapped,
    Why,
)
from referee.ergo.proof import landed
from referee.ergo.reading import full_text, read_premise
from referee.ergo.ruling import Derivation, Evidence, Ruling, Standing
from referee.ergo.state import FALLACY_TURNS, Game
from referee.ergo.words import caret, fallacy_left, proves_words
from referee.table.session import Session
from referee.table.views import GameOver, ShowBoard

CELL = 4  # columns per card in a drawn premise

HELP = HelpPage(
    (
        "Commands (one per line; the letter in brackets is enough):",
        (
            (
                "play CARDS [at PLACE]",
                "(p) cards to the Proof. PLACE is P:G, premise P at gap G (gap 0 is "
                "the front, gap K is after card K), P alone (its end), or new (also "
                "when there is no 'at'). Several groups at once:",
            ),
            ("", "play OR B at 1:1    play NOT at 3:0, D"),
            ("", "play ( at 2:0 ) at 2:3  (parentheses: a pair, one move)"),
            ("", "a Wild is written with a star: play *A at 2, play *THEN at 1:1"),
            (
                "discard CARDS",
                "(d) discard (dealt mode: names or hand positions; table mode: names, "
                "a number, or nothing for every play left)",
            ),
            ("fallacy NAME", "(f) a Fallacy on another player: no cards to the Proof for 3 turns"),
            ("justify [*]", "(j) a Justification (or a Wild, *) over your own Fallacy"),
            ("tabula P:K", "(t) Tabula Rasa: card K of premise P to the bottom of the pile"),
            ("revolution P:K Q:L", "(r) swap two variables or two operators in the Proof"),
            ("ergo [*]", "(e) end the round (A, B, C and D all in the Proof); * a Wild"),
            ("proof | scores | hand", "(b, s, h) the Proof | the scores | your hand (dealt mode)"),
            (
                "why [ROUND] [VARIABLE]",
                "(w) a round's ruling with all its evidence (the last round by default)",
            ),
            ("cards | rules | hint", "the deck | the house rules | what the Proof proves (hints)"),
            ("score", "settle a stopped round (done by itself unless a Score is undone)"),
            ("undo | save | quit", "(u, q) take back the last event | write the record | leave"),
            ("end [REASON]", "stop the game here: the most points wins"),
        ),
        "Card words: A B C D, AND OR THEN NOT (any case), ∧ ∨ → ¬, ( ). Each turn: two "
        "cards are drawn for you, then make two plays (a card to the Proof, a special "
        "card, or a discard each).",
    )
)

RULE_WORDS = {
    "reit": "repetition",
    "mp": "modus ponens",
    "mt": "modus tollens",
    "hs": "hypothetical syllogism",
    "ds": "disjunctive syllogism",
    "and_i": "conjunction",
    "and_e": "simplification",
    "or_i": "addition",
    "or_e": "proof by cases",
    "imp_i": "conditional proof",
    "iff_i": "biconditional introduction",
    "iff_e": "biconditional elimination",
    "dem": "De Morgan",
    "dn": "double negation",
    "bot_i": "contradiction",
    "bot_e": "anything follows from a contradiction",
    "pbc": "proof by contradiction",
}


describe = event_words(  # one line for an event (undo, replay --step)
    {
        Fallacy: "{player} plays a Fallacy on {target}",
        TabulaRasa: "{player} plays Tabula Rasa on {removed.symbol} at {spot}",
        Revolution: "{player} plays Revolution on {first} and {second}",
    }
)


@describe.register
def _(event: Place) -> str:
    gaps = landed(event.cards)
    spots = zip(event.cards, gaps, strict=True)
    where = ", ".join(f"{p.card.symbol} at {p.premise}:{g}" for p, g in spots)
    return f"{event.player} plays {where}"


@describe.register
def _(event: Discard) -> str:
    n = event.count
    return f"{event.player} discards {count(n, 'card')}"


@describe.register
def _(event: Justify) -> str:
    if event.card == Card.JUSTIFICATION:
        return f"{event.player} plays a Justification"
    return f"{event.player} plays a {event.card.label} as a Justification"


@describe.register
def _(event: Ergo) -> str:
    return f"{event.player} plays {'Ergo' if event.card == Card.ERGO else 'a Wild as Ergo'}"


@describe.register
def _(event: Score) -> str:
    d = event.ruling.decision
    verdict = "a paradox" if d.paradox else "proven " + (", ".join(d.proven) or "nobody")
    return f"round {event.round} scored: {verdict}"


def card_cell(card: ProofCard) -> Text:
    text = Text(card.symbol, style="bold magenta" if card.card.wild else "bold")
    if card.card.wild:
        text.append("*", style="magenta")
    return text


def premise_rows(
    number: int, cards: Sequence[ProofCard], reading: str = "", width: int = 0
) -> list[Text]:
    """A premise as three lines: the cards, their numbers, and the gaps between them.

    Gap ``g`` is drawn at column ``CELL * g``; card ``k`` (from 1) between gaps
    ``k - 1`` and ``k``. The reading goes beside the cards when the line fits in
    ``width`` columns (0: always), else on a fourth line of its own.
    """
    label = f"{number:>2} │ "
    row = Text(label)
    span = CELL * (len(cards) + 1) + len(str(len(cards)))  # room for the last gap's number
    numbers = [" "] * span
    gaps = [" "] * span
    at = 0
    for k, card in enumerate(cards, start=1):
        column = CELL * k - CELL // 2
        row.append(" " * (column - at))
        cell = card_cell(card)
        row.append_text(cell)
        at = column + len(cell)
        for j, ch in enumerate(str(k)):
            numbers[column + j] = ch
    for g in range(len(cards) + 1):
        for j, ch in enumerate(str(g)):
            gaps[CELL * g + j] = ch
    pad = max(3, CELL * len(cards) + 3 - at)
    below = bool(reading) and width > 0 and len(row) + pad + len("reads ") + len(reading) > width
    if reading and not below:
        row.append(" " * pad)
        row.append("reads ", style="dim")
        row.append_text(user(reading))
    blank = " " * (len(label) - 2) + "  "
    rows = [
        row,
        Text(blank + "".join(numbers).rstrip() + "   card", style="dim"),
        Text(blank + "".join(gaps).rstrip() + "   gap", style="dim cyan"),
    ]
    if below:
        rows.append(Text(blank + "reads ", style="dim") + user(reading))
    return rows


class ErgoRenderer(TableRenderer):
    def __init__(
        self,
        out: Console,
        session: Session | None = None,
        private: bool = False,
        show_hands: bool = False,
        ask: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__(out, session)
        self.private = private  # hands on the alternate screen (an interactive terminal)
        self.show_hands = show_hands  # hands printed plainly (--show-hands)
        # Enter at the hand view: read so that a signal always leaves the screen at once
        self.ask = ask or (lambda prompt: wait_for_enter(out, Text(prompt, style="bold")))
        self.moved: list[Text] = []  # what the move just made did to the Proof, as said

    help_words = HELP
    describe = staticmethod(describe)

    def after_change(self, outcomes) -> None:
        game = self.game
        if game.finished:
            return
        moved, self.moved = self.moved, []
        if any(isinstance(o, (CardsPlaced, Removed, Swapped, RoundScored)) for o in outcomes):
            rows = self.proof(game)
            # A Proof too tall to leave the move's words on the screen (the line typed, the
            # words, the Proof, the turn's lines, the prompt): they are said again under it.
            if moved and wraps(self.out) and len(moved) + rows + 6 > self.out.height:
                for line in moved:
                    self.out.print(line)
        self.turn(game)

    # ------------------------------------------------------------ the table

    @renders(ShowBoard)  # the Proof
    def show_board(self, o: ShowBoard) -> None:
        self.proof(self.game)

    def proof(self, game: Game) -> int:
        """Draw the Proof; the number of lines it took."""
        proof = game.proof
        head = Text(f"Proof, round {game.round}: ", style="bold")
        if not proof.premises:
            head.append("no premises yet")
            self.out.print(head)
            return 1
        present = proof.variables()
        head.append(f"{count(proof.cards, 'card')}; ")
        broken = [n for n, cards in enumerate(proof.premises, 1) if not _well_formed(game, cards)]
        if game.finished:  # the last Proof as it was scored: nothing may be played on it
            head.append("the game is over")
        elif broken:  # after a Tabula Rasa or a Revolution: the turn must mend it first
            which = and_list([str(n) for n in broken])
            head.append(
                f"no Ergo until {numbers_word(len(broken))} {which} "
                f"{'is' if len(broken) == 1 else 'are'} mended"
            )
        elif proof.ergo_allowed:
            head.append("A, B, C and D are all in: an Ergo may be played")
        else:
            missing = [v for v in "ABCD" if v not in present]
            verb = "appears" if len(missing) == 1 else "appear"
            head.append("no Ergo until " + ", ".join(missing) + f" {verb}")
        self.out.print(head)
        rows = 1
        for number, cards in enumerate(proof.premises, start=1):
            reading = _reading(game, cards)
            for line in premise_rows(number, cards, reading, self.out.width):
                self.out.print(line)
                rows += max(1, -(-line.cell_len // max(1, self.out.width)))
        return rows

    def turn(self, game: Game) -> None:
        if game.finished:
            self.out.print(Text("The game is over (why: the last round's ruling).", style="bold"))
            return
        if game.stopped is not None:
            self.out.print(
                Text("The round has stopped: type score to settle it (undo takes it back).")
            )
            return
        p = game.player
        if game.expired:
            self.out.print(
                user(game.expired)
                + Text(
                    f"'s Fallacy has held {FALLACY_TURNS} turns: it goes to the bottom of the pile."
                )
            )
        line = Text(f"Turn {game.turn} (round {game.round}): ", style="bold")
        line.append_text(user(p, "bold"))
        line.append(f" ({game.variable(p)})", style="bold")
        plays = game.plays_left
        fresh = plays == game.drawn_count and plays > 0
        if fresh and not game.dealt:  # table mode: the players draw the printed cards
            doing = f"draw {count(plays, 'card')}, then {count(plays, 'play')}"
        else:
            doing = f"{count(plays, 'play')} left"
        line.append(
            f" — {doing}; pile {game.pile_count}"
            + (
                " (the last card is drawn: the round ends with this turn)"
                if game.last_drawn
                else ""
            )
        )
        self.out.print(line)
        self.out.print(Text("  ", style="dim") + self.standing(game))
        if game.under_fallacy(p):
            self.out.print(
                Text("  ")
                + user(p)
                + Text(
                    f" is under a Fallacy ({fallacy_left(game, p)}): no cards to the "
                    "Proof — discard, play a special card, or justify",
                    style="yellow",
                )
            )
        if (
            game.dealt
            and game.plays_left == game.drawn_count
            and game.drawn_count
            and not self.computer(p)  # a computer's hand is its own
        ):
            self.out.print(
                Text("  ", style="dim")
                + user(p, "dim")
                + Text(f" drew {game.drawn_count}: type hand to see the hand (only ", style="dim")
                + user(p, "dim")
                + Text(" should look)", style="dim")
            )

    def standing(self, game: Game) -> Text:
        """The scores and any Fallacy in one line (the turn's header keeps them in view)."""
        line = Text("scores ", style="dim")
        line.append_text(
            user(", ".join(f"{s.name} {game.scores[s.name]}" for s in game.settings.seats), "dim")
        )
        line.append(f" (first to {game.settings.win})", style="dim")
        for p in game.fallacy:
            line.append("; ", style="dim")
            line.append_text(user(p, "yellow"))
            line.append(f" under a Fallacy, {fallacy_left(game, p)}", style="yellow")
        return line

    def scores(self, game: Game) -> None:
        line = Text("Scores: ")
        for i, s in enumerate(game.settings.seats):
            if i:
                line.append(", ")
            line.append_text(user(s.name))
            line.append(f" ({s.variable}) {game.scores[s.name]}")
        line.append(f"  (first to {game.settings.win})", style="dim")
        self.out.print(line)
        if game.finished:  # a Fallacy or a Justification ends with the game
            return
        for p in game.fallacy:
            self.out.print(
                Text("  ") + user(p) + Text(f": under a Fallacy, {fallacy_left(game, p)}")
            )
        for p in sorted(game.justified):
            self.out.print(Text("  ") + user(p) + Text(": justified, no more Fallacies this round"))

    def hand(self, game: Game, player: str) -> None:
        cards = game.hand(player)
        new = game.new_in_hand(player)
        line = user(player) + Text("'s hand: ")
        for i, card in enumerate(cards, 1):
            line.append(f"{i}:")
            line.append(card.label if card.label != card.value else card.value)
            if new[i - 1]:
                line.append("(new)", style="dim")
            line.append("  ")
        if self.private:
            interrupted = False
            with private_screen(self.out):  # left on every way out, signals included
                self.out.print(
                    Text("Only ") + user(player) + Text(" should look at the screen now.")
                )
                try:
                    self.ask("Press Enter to see the hand. ")
                    self.out.print(line)
                    self.ask("Press Enter to hide it. ")
                except EOFError:
                    pass
                except KeyboardInterrupt:  # asks, as at the prompt, once the hand is hidden
                    interrupted = True
            if interrupted and ask_to_leave(self.out):
                raise LeaveGame
            return
        if self.show_hands:
            self.out.print(line)
            return
        self.out.print(
            Text(
                "Hands are shown only at a terminal, on a screen that is cleared afterwards "
                "(use --show-hands to print them in a script)."
            )
        )

    def cards(self, game: Game) -> None:
        table = Table(title=user(f"Deck: {game.deck.name} ({game.deck.size} cards)"))
        table.add_column("card")
        table.add_column("copies", justify="right")
        table.add_column("seen this round", justify="right")
        known = game.known() if not game.dealt else game.public()
        for card, n in game.deck.counts:
            table.add_row(card.label, str(n), str(known[card]))
        self.out.print(table)

    def settings_lines(self, game: Game) -> tuple[str, ...]:
        return (f"mode = {game.settings.mode.value}, first to {game.settings.win}",)

    # ------------------------------------------------------------ the moves

    @renders(CardsPlaced)
    def placed(self, o: CardsPlaced) -> None:
        parts = []
        for p, gap in zip(o.event.cards, landed(o.event.cards), strict=True):
            star = "*" if p.card.card.wild else ""
            if p.premise > o.premises_before:
                parts.append(f"{p.card.symbol}{star} on the new premise {p.premise}")
            else:
                parts.append(f"{p.card.symbol}{star} at {p.premise}:{gap}")
        self.said(user(o.event.player) + Text(" plays " + ", ".join(parts)))

    @renders(PlacementRefused)
    def placement_refused(self, o: PlacementRefused) -> None:
        for line in refusal_lines(o):
            self.out.print(line)

    @renders(Discarded)
    def discarded(self, o: Discarded) -> None:
        line = user(o.player) + Text(f" discards {o.count}")
        cards = self.discards_shown(o)
        if cards:
            line.append_text(user(": " + and_list([c.label for c in cards])))
        self.out.print(line)

    def discards_shown(self, o: Discarded) -> tuple[Card, ...]:
        """The cards ``o`` discarded, where this screen may say them: in table mode the
        ones the player named aloud; in dealt mode only to the one person at a keyboard
        whose every other seat is a computer (their own hand); else none (face down)."""
        session = self.session
        if session is None or self.session_is_a_seat():
            return ()
        record = session.record
        events = [e for e in record.events if isinstance(e, Discard) and e.player == o.player]
        if not events or self.computer(o.player):
            return ()
        game = self.game
        people = [p for p in game.players if not self.computer(p)]
        if game.dealt and people != [o.player]:
            return ()
        return events[-1].cards

    @renders(FallacyPlayed)
    def fallacy(self, o: FallacyPlayed) -> None:
        self.out.print(
            user(o.event.player)
            + Text(" plays a Fallacy on ")
            + user(o.event.target)
            + Text(f": no cards to the Proof for {FALLACY_TURNS} turns, from their next")
        )

    @renders(Justified)
    def justified(self, o: Justified) -> None:
        e = o.event
        what = "a Justification" if e.card == Card.JUSTIFICATION else "a Wild as a Justification"
        self.out.print(
            user(e.player) + Text(f" plays {what}: the Fallacy is lifted, and no more this round")
        )

    @renders(Removed)
    def removed(self, o: Removed) -> None:
        cards = " and ".join(c.symbol for c in o.cards)
        self.said(
            user(o.event.player)
            + Text(f" plays Tabula Rasa: {cards} from {o.event.spot} to the bottom of the pile")
        )

    @renders(Swapped)
    def swapped(self, o: Swapped) -> None:
        (a, b), e = o.faces, o.event
        self.said(
            user(e.player)
            + Text(f" plays Revolution: {a.symbol} at {e.first} and {b.symbol} at {e.second} swap")
        )

    def said(self, line: Text) -> None:
        """A move on the Proof, in words: printed, and kept to say again under a tall Proof."""
        self.out.print(line)
        self.moved.append(line)

    @renders(ErgoPlayed)
    def ergo(self, o: ErgoPlayed) -> None:
        what = "Ergo" if o.event.card == Card.ERGO else "a Wild as Ergo"
        self.out.print(user(o.event.player) + Text(f" plays {what}: the round ends", style="bold"))

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        e = o.ending
        line = game_over_line(e.winners[0] if len(e.winners) == 1 else None)
        if len(e.winners) != 1:
            line.append_text(user(and_list(e.winners), "bold"))
            line.append(" share the win", style="bold")
        line.append_text(user(" (" + ", ".join(f"{p} {n}" for p, n in e.scores) + ")"))
        if e.note:
            line.append_text(user(f": {e.note}"))
        self.out.print(line)

    # ------------------------------------------------------------ rulings

    def ruling(self, outcomes) -> bool:
        return any(isinstance(o, RoundScored) for o in outcomes)

    def recap(self, outcomes) -> None:
        for o in outcomes:
            if isinstance(o, RoundScored):
                e = o.event
                line = Text("Last ruling: ", style="dim")
                line.append(f"round {e.round} scored; ", style="bold")
                line.append_text(user(", ".join(f"{a.player} +{a.points}" for a in e.awards)))
                line.append_text(user("; scores: " + ", ".join(f"{p} {n}" for p, n in o.scores)))
                self.out.print(line)

    @renders(RoundScored)
    def scored(self, o: RoundScored) -> None:
        e = o.event
        d = e.ruling.decision
        why = "an Ergo" if e.reason == RoundEnd.ERGO else "the last card drawn"
        self.out.print(Text(f"Round {e.round} ends ({why}): {d.cards} cards.", style="bold"))
        self.premise_list(e.proof, o.readings)
        for line in ruling_lines(e.ruling, dict(o.seats), short=True):
            self.out.print(line)
        points = Text("Points: ")
        points.append_text(user(", ".join(f"{a.player} +{a.points}" for a in e.awards)))
        points.append_text(user("; scores: " + ", ".join(f"{p} {n}" for p, n in o.scores)))
        self.out.print(points)
        self.out.print(
            Text(
                f"  (why A, why PLAYER, why {e.round}: the derivations, the whole evidence)",
                style="dim",
            )
        )

    def premise_list(self, texts: Sequence[str], readings: Sequence[str]) -> None:
        for line in premise_lines(texts, readings, compact(self.out)):
            self.out.print(line)

    @renders(Proves)
    def proves(self, o: Proves) -> None:
        words = proves_words(o.well_formed, o.paradox, o.proven, o.disproven, o.undecided)
        self.out.print(Text(words))

    @renders(Why)
    def why(self, o: Why) -> None:
        s = o.scored
        lines = [Text(f"Round {s.event.round}:", style="bold")]
        lines += premise_lines(s.event.proof, s.readings, compact(self.out))
        lines += ruling_lines(s.event.ruling, dict(s.seats), only=o.variable)
        page(self.out, Group(*lines))


def premise_lines(texts: Sequence[str], readings: Sequence[str], narrow: bool) -> list[Text]:
    """Each premise and its reading: side by side, or (narrow, or too long to sit side by
    side in 80 columns) the reading on a line of its own under it."""
    width = max((len(t) for t in texts), default=0)
    beside = not narrow or width + max((len(r) for r in readings), default=0) <= 64
    lines = []
    for n, (text, reading) in enumerate(zip(texts, readings, strict=True), 1):
        if beside:
            pad = " " * (width - len(text) + 3)
            lines.append(
                Text(f"  {n}. ") + user(text + pad) + Text("reads ", style="dim") + user(reading)
            )
        else:
            lines.append(Text(f"  {n}. ") + user(text))
            lines.append(Text("      reads ", style="dim") + user(reading))
    return lines


def numbers_word(n: int) -> str:
    return "premise" if n == 1 else "premises"


def _well_formed(game: Game, cards: Sequence[ProofCard]) -> bool:
    try:
        read_premise([c.face for c in cards], game.rules.reading)
    except ValueError:
        return False
    return True


def _reading(game: Game, cards: Sequence[ProofCard]) -> str:
    faces = [c.face for c in cards]
    try:
        return full_text(read_premise(faces, game.rules.reading))
    except ValueError:
        return "(not well formed yet: the turn must mend it)"


def refusal_lines(o: PlacementRefused) -> list[Text]:
    """``refused: premise 2, card 3 (∧): rule`` and the premise with a caret under the card."""
    v = o.violation
    card = o.faces[v.first].symbol if v.first < len(o.faces) else ""
    head = Text("refused: ", style="red")
    head.append(f"premise {o.premise}, card {v.first + 1} ({card}): {v.describe(o.faces)}")
    out = [
        head,
        Text("  " + faces_text(o.faces)),
        Text("  " + caret(o.faces, v), style="red"),
    ]
    out.append(Text("  nothing was recorded", style="dim"))
    return out


def row_text(row) -> str:
    return " ".join(f"{name}={'T' if value else 'F'}" for name, value in row.values)


def _owner(variable: str, seats: dict[str, str] | None) -> str:
    if seats is None:
        return ""
    player = seats.get(variable)
    return f" ({player})" if player else " (nobody's)"


def cited(cites: Sequence[str]) -> str:
    """`` from lines 1 and 3`` / `` from premise 2`` / `` from the subproof 3-5``."""
    if not cites:
        return ""
    premises = [c.split()[1] for c in cites if c.startswith("board ")]
    ranges = [c for c in cites if "-" in c]
    lines = [c for c in cites if c.isdigit()]
    parts = []
    for noun, items in (("line", lines), ("premise", premises), ("the subproof", ranges)):
        if not items:
            continue
        plural = "s" if len(items) > 1 and noun != "the subproof" else ""
        joined = and_list(items)
        parts.append(f"{noun}{plural} {joined}")
    return " from " + " and ".join(parts)


def derivation_lines(d: Derivation, indent: str = "      ") -> list[Text]:
    out = []
    width = max((len(s.statement) + 2 * s.depth for s in d.steps), default=0)
    for s in d.steps:
        bar = "│ " * s.depth
        text = f"{s.line:>2}. {bar}{s.statement}"
        pad = " " * (width - len(s.statement) - 2 * s.depth + 3)
        if s.assumption:
            why = "suppose"
        elif not s.rule:
            why = ", ".join(c.replace("board", "premise") for c in s.cites)
        else:
            why = RULE_WORDS.get(s.rule, s.rule) + cited(s.cites)
        out.append(Text(indent + text + pad) + Text(why, style="dim"))
    return out


def ruling_lines(
    ruling: Ruling, seats: dict[str, str] | None, short: bool = False, only: str = ""
) -> list[Text]:
    """The verdict on every variable, with its evidence, in players' words."""
    d = ruling.decision
    out: list[Text] = []
    if d.paradox:
        numbers = [str(n) for n in d.clash]
        which = and_list(numbers)
        noun = "premise" if len(d.clash) == 1 else "premises"
        out.append(
            Text("PARADOX: ", style="bold red")
            + Text(
                f"{noun} {which} cannot all hold, so every variable is both proven and "
                "disproven: nobody scores this round."
            )
        )
        if ruling.clash is not None and not (short and len(ruling.clash.steps) > 8):
            out += derivation_lines(ruling.clash)
        return out
    for e in ruling.evidence:
        if only and e.variable != only:
            continue
        out += evidence_lines(e, seats, d.cards, short)
    return out


def evidence_lines(
    e: Evidence, seats: dict[str, str] | None, cards: int, short: bool
) -> list[Text]:
    head = Text(f"  {e.variable}") + user(_owner(e.variable, seats)) + Text(": ")
    if e.standing == Standing.UNDECIDED:
        head.append("undecided", style="yellow")
        head.append(": the premises allow it either way")
        lines = [head]
        if short:
            return lines
        lines.append(Text(f"      true in  {row_text(e.true_row)}", style="dim"))
        lines.append(Text(f"      false in {row_text(e.false_row)}", style="dim"))
        return lines
    word = "PROVEN" if e.standing == Standing.PROVEN else "disproven"
    head.append(word, style="bold green" if e.standing == Standing.PROVEN else "red")
    if e.standing == Standing.PROVEN:
        head.append(f" (worth {cards})")
    lines = [head]
    if short:  # the round's ruling on the table: one line a variable, the rest on why
        n = len(e.derivation.steps) if e.derivation is not None else 0
        head.append(
            f", a derivation of {count(n, 'line')}" if n else ", by truth table",
            style="dim",
        )
        return lines
    if e.derivation is not None:
        lines += derivation_lines(e.derivation)
    else:
        lines.append(
            Text(
                f"      every one of the {e.rows} rows of A-D where the premises hold makes it "
                f"{'true' if e.standing == Standing.PROVEN else 'false'} (truth table)",
                style="dim",
            )
        )
    return lines
