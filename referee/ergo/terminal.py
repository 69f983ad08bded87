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

from rich.cells import cell_len
from rich.console import Console

from referee.client.grammar import and_list, count
from referee.client.keys import LeaveGame, ask_to_leave
from referee.client.layout import HelpPage, compact
from referee.client.private_screen import private_screen, wait_for_enter
from referee.client.renders import event_words, renders
from referee.client.safe import wraps
from referee.client.said import Column, Layout, Line, Page, Table, Tone, typed, words
from referee.client.said import Justify as Align
from referee.client.styles import text as styled
from referee.client.table_io import TableRenderer, game_over_words
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
    EvidenceShown,
    FallacyPlayed,
    Justified,
    PlacementRefused,
    Proves,
    Removed,
    RoundScored,
    Swapped,
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


def card_cell(card: ProofCard) -> Line:
    """A card of the Proof: its symbol, a Wild's marked ``*``."""
    if card.card.wild:
        return words(card.symbol + "*", Tone.WILD, strong=True)
    return words(card.symbol, strong=True)


def premise_rows(
    number: int, cards: Sequence[ProofCard], reading: str = "", width: int = 0
) -> list[Line]:
    """A premise as three lines: the cards, their numbers, and the gaps between them.

    Gap ``g`` is drawn at column ``CELL * g``; card ``k`` (from 1) between gaps
    ``k - 1`` and ``k``. The reading goes beside the cards when the line fits in
    ``width`` columns (0: always), else on a fourth line of its own.
    """
    label = f"{number:>2} │ "
    row = words(label)
    span = CELL * (len(cards) + 1) + len(str(len(cards)))  # room for the last gap's number
    numbers = [" "] * span
    gaps = [" "] * span
    at = 0
    for k, card in enumerate(cards, start=1):
        column = CELL * k - CELL // 2
        cell = card_cell(card)
        row += words(" " * (column - at)) + cell
        at = column + len(cell.plain)
        for j, ch in enumerate(str(k)):
            numbers[column + j] = ch
    for g in range(len(cards) + 1):
        for j, ch in enumerate(str(g)):
            gaps[CELL * g + j] = ch
    pad = max(3, CELL * len(cards) + 3 - at)
    below = (
        bool(reading) and width > 0 and len(row.plain) + pad + len("reads ") + len(reading) > width
    )
    if reading and not below:
        row += words(" " * pad) + words("reads ", aside=True) + typed(reading)
    blank = " " * (len(label) - 2) + "  "
    rows = [
        row,
        words(blank + "".join(numbers).rstrip() + "   card", aside=True),
        words(blank + "".join(gaps).rstrip() + "   gap", Tone.PLACES, aside=True),
    ]
    if below:
        rows.append(words(blank + "reads ", aside=True) + typed(reading, aside=True))
    return rows


class ErgoRenderer(TableRenderer):
    def __init__(
        self,
        out: Console | Page,
        session: Session | None = None,
        private: bool = False,
        show_hands: bool = False,
        ask: Callable[[str], object] | None = None,
    ) -> None:
        super().__init__(out, session)
        self.private = private  # hands on the alternate screen (an interactive terminal)
        self.show_hands = show_hands  # hands printed plainly (--show-hands)
        # Enter at the hand view: read so that a signal always leaves the screen at once
        self.ask = ask or (lambda prompt: wait_for_enter(out, styled(words(prompt, strong=True))))
        self.moved: list[Line] = []  # what the move just made did to the Proof, as said

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
                self.say(moved)
        self.turn(game)

    # ------------------------------------------------------------ the table

    @renders(ShowBoard)  # the Proof
    def show_board(self, o: ShowBoard) -> None:
        self.proof(self.game)

    def proof(self, game: Game) -> int:
        """Draw the Proof; the number of lines it took."""
        proof = game.proof
        head = f"Proof, round {game.round}: "
        if not proof.premises:
            self.say(words(head + "no premises yet", strong=True))
            return 1
        present = proof.variables()
        head += f"{count(proof.cards, 'card')}; "
        broken = [n for n, cards in enumerate(proof.premises, 1) if not _well_formed(game, cards)]
        if game.finished:  # the last Proof as it was scored: nothing may be played on it
            head += "the game is over"
        elif broken:  # after a Tabula Rasa or a Revolution: the turn must mend it first
            which = and_list([str(n) for n in broken])
            head += (
                f"no Ergo until {numbers_word(len(broken))} {which} "
                f"{'is' if len(broken) == 1 else 'are'} mended"
            )
        elif proof.ergo_allowed:
            head += "A, B, C and D are all in: an Ergo may be played"
        else:
            missing = [v for v in "ABCD" if v not in present]
            verb = "appears" if len(missing) == 1 else "appear"
            head += "no Ergo until " + ", ".join(missing) + f" {verb}"
        self.say(words(head, strong=True))
        rows = 1
        for number, cards in enumerate(proof.premises, start=1):
            reading = _reading(game, cards)
            for line in premise_rows(number, cards, reading, self.out.width):
                self.say(line)
                rows += max(1, -(-cell_len(line.plain) // max(1, self.out.width)))
        return rows

    def turn(self, game: Game) -> None:
        if game.finished:
            self.say(words("The game is over (why: the last round's ruling).", strong=True))
            return
        if game.stopped is not None:
            self.say("The round has stopped: type score to settle it (undo takes it back).")
            return
        p = game.player
        if game.expired:
            held = f"'s Fallacy has held {FALLACY_TURNS} turns: it goes to the bottom of the pile."
            self.say(typed(game.expired) + held)
        line = words(f"Turn {game.turn} (round {game.round}): ") + typed(p)
        line += f" ({game.variable(p)})"
        plays = game.plays_left
        fresh = plays == game.drawn_count and plays > 0
        if fresh and not game.dealt:  # table mode: the players draw the printed cards
            doing = f"draw {count(plays, 'card')}, then {count(plays, 'play')}"
        else:
            doing = f"{count(plays, 'play')} left"
        line += f" — {doing}; pile {game.pile_count}" + (
            " (the last card is drawn: the round ends with this turn)" if game.last_drawn else ""
        )
        self.say(line.toned(strong=True))
        self.say(("  " + self.standing(game)).toned(aside=True))
        if game.under_fallacy(p):
            self.say(
                "  "
                + typed(p)
                + words(
                    f" is under a Fallacy ({fallacy_left(game, p)}): no cards to the "
                    "Proof — discard, play a special card, or justify",
                    Tone.DOUBT,
                )
            )
        if (
            game.dealt
            and game.plays_left == game.drawn_count
            and game.drawn_count
            and not self.computer(p)  # a computer's hand is its own
        ):
            drew = words(f" drew {game.drawn_count}: type hand to see the hand (only ")
            line = "  " + typed(p) + drew + typed(p) + " should look)"
            self.say(line.toned(aside=True))

    def standing(self, game: Game) -> Line:
        """The scores and any Fallacy in one line (the turn's header keeps them in view):
        an aside, a Fallacy in its warning's tone."""
        line = words("scores ")
        line += typed(", ".join(f"{s.name} {game.scores[s.name]}" for s in game.settings.seats))
        line += f" (first to {game.settings.win})"
        for p in game.fallacy:
            held = typed(p) + f" under a Fallacy, {fallacy_left(game, p)}"
            line += "; " + held.toned(Tone.DOUBT)
        return line.toned(aside=True)

    def scores(self, game: Game) -> None:
        line = words("Scores: ")
        for i, s in enumerate(game.settings.seats):
            if i:
                line += ", "
            line += typed(s.name) + f" ({s.variable}) {game.scores[s.name]}"
        self.say(line + words(f"  (first to {game.settings.win})", aside=True))
        if game.finished:  # a Fallacy or a Justification ends with the game
            return
        for p in game.fallacy:
            self.say("  " + typed(p) + f": under a Fallacy, {fallacy_left(game, p)}")
        for p in sorted(game.justified):
            self.say("  " + typed(p) + ": justified, no more Fallacies this round")

    def hand(self, game: Game, player: str) -> None:
        cards = game.hand(player)
        new = game.new_in_hand(player)
        line = typed(player) + "'s hand: "
        for i, card in enumerate(cards, 1):
            line += f"{i}:" + (card.label if card.label != card.value else card.value)
            if new[i - 1]:
                line += words("(new)", aside=True)
            line += "  "
        if self.private:
            interrupted = False
            with private_screen(self.out):  # left on every way out, signals included
                self.say(words("Only ") + typed(player) + " should look at the screen now.")
                try:
                    self.ask("Press Enter to see the hand. ")
                    self.say(line)
                    self.ask("Press Enter to hide it. ")
                except EOFError:
                    pass
                except KeyboardInterrupt:  # asks, as at the prompt, once the hand is hidden
                    interrupted = True
            if interrupted and ask_to_leave(self.out):
                raise LeaveGame
            return
        if self.show_hands:
            self.say(line)
            return
        self.say(
            words(
                "Hands are shown only at a terminal, on a screen that is cleared afterwards "
                "(use --show-hands to print them in a script)."
            ).only_at_a_terminal()
        )

    def cards(self, game: Game) -> None:
        columns = (
            Column(words("card")),
            Column(words("copies"), Align.RIGHT),
            Column(words("seen this round"), Align.RIGHT),
        )
        known = game.known() if not game.dealt else game.public()
        rows = tuple(
            (words(card.label), words(str(n)), words(str(known[card])))
            for card, n in game.deck.counts
        )
        title = typed(f"Deck: {game.deck.name} ({game.deck.size} cards)")
        self.say(Table(columns, rows, title))

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
        self.say_move(typed(o.event.player) + (" plays " + ", ".join(parts)))

    @renders(PlacementRefused)
    def placement_refused(self, o: PlacementRefused) -> None:
        self.say(refusal_lines(o))

    @renders(Discarded)
    def discarded(self, o: Discarded) -> None:
        line = typed(o.player) + f" discards {o.count}"
        cards = self.discards_shown(o)
        if cards:
            line += typed(": " + and_list([c.label for c in cards]))
        self.say(line)

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
        self.say(
            typed(o.event.player)
            + " plays a Fallacy on "
            + typed(o.event.target)
            + f": no cards to the Proof for {FALLACY_TURNS} turns, from their next"
        )

    @renders(Justified)
    def justified(self, o: Justified) -> None:
        e = o.event
        what = "a Justification" if e.card == Card.JUSTIFICATION else "a Wild as a Justification"
        self.say(typed(e.player) + f" plays {what}: the Fallacy is lifted, and no more this round")

    @renders(Removed)
    def removed(self, o: Removed) -> None:
        cards = " and ".join(c.symbol for c in o.cards)
        self.say_move(
            typed(o.event.player)
            + f" plays Tabula Rasa: {cards} from {o.event.spot} to the bottom of the pile"
        )

    @renders(Swapped)
    def swapped(self, o: Swapped) -> None:
        (a, b), e = o.faces, o.event
        self.say_move(
            typed(e.player)
            + f" plays Revolution: {a.symbol} at {e.first} and {b.symbol} at {e.second} swap"
        )

    def say_move(self, line: Line) -> None:
        """A move on the Proof, in words: said, and kept to say again under a tall Proof."""
        self.say(line)
        self.moved.append(line)

    @renders(ErgoPlayed)
    def ergo(self, o: ErgoPlayed) -> None:
        what = "Ergo" if o.event.card == Card.ERGO else "a Wild as Ergo"
        self.say(typed(o.event.player) + words(f" plays {what}: the round ends", strong=True))

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        e = o.ending
        line = game_over_words(e.winners[0] if len(e.winners) == 1 else None)
        if len(e.winners) != 1:
            line += typed(and_list(e.winners)) + " share the win"
        line += typed(" (" + ", ".join(f"{p} {n}" for p, n in e.scores) + ")")
        if e.note:
            line += typed(f": {e.note}")
        self.say(line.toned(strong=True))

    # ------------------------------------------------------------ rulings

    def ruling(self, outcomes) -> bool:
        return any(isinstance(o, RoundScored) for o in outcomes)

    def recap(self, outcomes) -> None:
        for o in outcomes:
            if isinstance(o, RoundScored):
                e = o.event
                line = words("Last ruling: ") + words(f"round {e.round} scored; ", strong=True)
                line += typed(", ".join(f"{a.player} +{a.points}" for a in e.awards))
                line += typed("; scores: " + ", ".join(f"{p} {n}" for p, n in o.scores))
                self.say(line.toned(aside=True))

    @renders(RoundScored)
    def scored(self, o: RoundScored) -> None:
        e = o.event
        d = e.ruling.decision
        why = "an Ergo" if e.reason == RoundEnd.ERGO else "the last card drawn"
        self.say(words(f"Round {e.round} ends ({why}): {d.cards} cards.", strong=True))
        self.premise_list(e.proof, o.readings)
        self.say(ruling_lines(e.ruling, dict(o.seats), short=True))
        points = words("Points: ") + typed(", ".join(f"{a.player} +{a.points}" for a in e.awards))
        points += typed("; scores: " + ", ".join(f"{p} {n}" for p, n in o.scores))
        self.say(
            points,
            words(
                f"  (why A, why PLAYER, why {e.round}: the derivations, the whole evidence)",
                aside=True,
            ),
        )

    def premise_list(self, texts: Sequence[str], readings: Sequence[str]) -> None:
        self.say(premise_lines(texts, readings, compact(self.out)))

    @renders(Proves)
    def proves(self, o: Proves) -> None:
        self.say(proves_words(o.well_formed, o.paradox, o.proven, o.disproven, o.undecided))

    @renders(EvidenceShown)
    def why(self, o: EvidenceShown) -> None:
        s = o.scored
        lines = [words(f"Round {s.event.round}:", strong=True)]
        lines += premise_lines(s.event.proof, s.readings, compact(self.out))
        lines += ruling_lines(s.event.ruling, dict(s.seats), only=o.variable)
        self.say_paged(line.laid(Layout.FLOW) for line in lines)  # a block, through the pager


def premise_lines(texts: Sequence[str], readings: Sequence[str], narrow: bool) -> list[Line]:
    """Each premise and its reading: side by side, or (narrow, or too long to sit side by
    side in 80 columns) the reading on a line of its own under it."""
    width = max((len(t) for t in texts), default=0)
    beside = not narrow or width + max((len(r) for r in readings), default=0) <= 64
    lines = []
    for n, (text, reading) in enumerate(zip(texts, readings, strict=True), 1):
        if beside:
            pad = " " * (width - len(text) + 3)
            lines.append(
                f"  {n}. " + typed(text + pad) + words("reads ", aside=True) + typed(reading)
            )
        else:
            lines.append(f"  {n}. " + typed(text))
            lines.append(words("      reads ", aside=True) + typed(reading, aside=True))
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


def refusal_lines(o: PlacementRefused) -> list[Line]:
    """``refused: premise 2, card 3 (∧): rule`` and the premise with a caret under the card."""
    v = o.violation
    card = o.faces[v.first].symbol if v.first < len(o.faces) else ""
    why = f"premise {o.premise}, card {v.first + 1} ({card}): {v.describe(o.faces)}"
    return [
        words("refused: " + why, Tone.BAD),
        words("  " + faces_text(o.faces)),
        words("  " + caret(o.faces, v), Tone.BAD),
        words("  nothing was recorded", aside=True),
    ]


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


def derivation_lines(d: Derivation, indent: str = "      ") -> list[Line]:
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
        out.append(words(indent + text + pad) + words(why, aside=True))
    return out


def ruling_lines(
    ruling: Ruling, seats: dict[str, str] | None, short: bool = False, only: str = ""
) -> list[Line]:
    """The verdict on every variable, with its evidence, in players' words."""
    d = ruling.decision
    out: list[Line] = []
    if d.paradox:
        numbers = [str(n) for n in d.clash]
        which = and_list(numbers)
        noun = "premise" if len(d.clash) == 1 else "premises"
        out.append(
            words(
                f"PARADOX: {noun} {which} cannot all hold, so every variable is both proven "
                "and disproven: nobody scores this round.",
                Tone.BAD,
                strong=True,
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
) -> list[Line]:
    head = words(f"  {e.variable}") + typed(_owner(e.variable, seats)) + ": "
    if e.standing == Standing.UNDECIDED:
        head += words("undecided", Tone.DOUBT) + ": the premises allow it either way"
        if short:
            return [head]
        return [
            head,
            words(f"      true in  {row_text(e.true_row)}", aside=True),
            words(f"      false in {row_text(e.false_row)}", aside=True),
        ]
    if e.standing == Standing.PROVEN:
        head += words("PROVEN", Tone.GOOD, strong=True) + f" (worth {cards})"
    else:
        head += words("disproven", Tone.BAD)
    if short:  # the round's ruling on the table: one line a variable, the rest on why
        n = len(e.derivation.steps) if e.derivation is not None else 0
        how = f", a derivation of {count(n, 'line')}" if n else ", by truth table"
        return [head + words(how, aside=True)]
    lines = [head]
    if e.derivation is not None:
        lines += derivation_lines(e.derivation)
    else:
        lines.append(
            words(
                f"      every one of the {e.rows} rows of A-D where the premises hold makes it "
                f"{'true' if e.standing == Standing.PROVEN else 'false'} (truth table)",
                aside=True,
            )
        )
    return lines
