"""Palmer's game on screen: one renderer per outcome, everything a player typed escaped.

A claim's verdict is short enough to stay on an 80 × 24 screen: who claimed
what, upheld or rejected, the points, one line of reason and, for a
countermodel, where the claimed statement fails in it. ``why`` shows the
whole evidence and ``model`` the model, drawn as tables.
"""

from __future__ import annotations

from rich.cells import cell_len

from referee.client import words
from referee.client.derivation_words import derivation_rows
from referee.client.grammar import count
from referee.client.layout import HelpPage
from referee.client.reasons import ended_words
from referee.client.renders import event_words, renders
from referee.client.safe import wraps
from referee.client.said import (
    Column,
    Justify,
    Layout,
    Line,
    Table,
    Tone,
    formula,
    statement_line,
    typed,
)
from referee.client.said import words as said
from referee.client.table_io import TableRenderer, game_over_words
from referee.client.verdict_render import failure_text, model_tables
from referee.logic.evaluate import EvaluationError
from referee.logic.evidence import Method
from referee.logic.verdict import Status
from referee.logic.witness import explain
from referee.palmer.cards import short_name
from referee.palmer.commands import ALIASES
from referee.palmer.events import (
    Backing,
    Ballot,
    Claim,
    ClaimKind,
    ClaimOutcome,
    Negate,
    Pass,
    Play,
)
from referee.palmer.events import Vote as VoteEvent
from referee.palmer.hint import Consistency
from referee.palmer.outcomes import (
    BallotCast,
    ClaimSettled,
    EvidenceShown,
    Hinted,
    Negated,
    NegationPlaces,
    Passed,
    VoteTaken,
    Written,
)
from referee.palmer.state import Game
from referee.table.views import GameOver

HELP = HelpPage(
    (
        "Commands (one per line; the letter in brackets is enough):",
        (
            ("play CARDS : STATEMENT", "(p) write a statement with those cards, e.g."),
            ("", "play blonde happy : forall x blonde(x) -> happy(x)"),
            ("", "play AE : ∀x ∃y likes(x, y)  (Q cards: AE, ∀x∃y, U for ∃!)"),
            ("", "play S3    play S12 n=4    play ? : ∃x happy(x)"),
            ("", "in dealt mode CARDS may be positions in your hand: play 1 3 : ..."),
            ("negate N", "(n) list the places a ¬ can go in statement #N"),
            ("negate N K", "play a ¬ card: insert ¬ at place K of statement #N"),
            ("claim N [M ...]", "(c) claim statements #N, #M ... are redundant (a point each)"),
            ("claim inconsistent", "claim the board is inconsistent (wins at once)"),
            ("    ... with FILE", "back the claim with a derivation file"),
            ("why | model", "(y, m) the last claim's full evidence | its model as tables"),
            (
                "vote yes | vote no",
                "(v) settle an undetermined claim (house rule vote_on_undetermined)",
            ),
            ("pass [CARDS]", "write nothing this turn, discarding CARDS (they are replaced)"),
            ("undo", "(u) take back the last event"),
            ("board | hand | scores", "(b, h, s) the board | a hand | the scores"),
            ("hint", "what a claim would win now (house rule hints: practice tables)"),
            ("cards | rules | help", "the deck | the house rules | this text (?)"),
            ("end [REASON]", "stop the game here; the most points wins"),
            ("save | quit", "write the record | leave (q; the record is always saved)"),
        ),
        "Statements may be typed in ASCII: forall exists exists! ~ & \\/ -> <-> != >=.",
    )
)

# The help's examples, each of which a test plays on a fresh board.
HELP_EXAMPLES = (
    "play blonde happy : forall x blonde(x) -> happy(x)",
    "play AE : ∀x ∃y likes(x, y)",
    "play S3",
    "play S12 n=4",
    "play ? : ∃x happy(x)",
)


HINT_BOARD = {
    Consistency.CONSISTENT: "The board is consistent.",
    Consistency.INCONSISTENT: "The board is inconsistent: claim inconsistent wins.",
    Consistency.UNKNOWN: "Whether the board is consistent is not settled.",
}

describe = event_words(  # one line for an event (undo, replay --step)
    {
        Negate: "{player} negates #{target}: {before} ⇒ {after}",
        Pass: "{player} passes",
    }
)


@describe.register
def _(event: Play) -> str:
    return f"{event.player} plays {', '.join(event.cards)}: {event.text}"


@describe.register
def _(event: Claim) -> str:
    what = (
        "the board inconsistent"
        if event.kind == ClaimKind.INCONSISTENT
        else "redundant " + ", ".join(f"#{t}" for t in event.targets)
    )
    if event.verdict.status == Status.UNDETERMINED and event.outcome != ClaimOutcome.UPHELD:
        # as its headline says: the engine settled nothing, which is not a rejection
        voted = ", the table votes" if event.outcome == ClaimOutcome.VOTE else ""
        return f"{event.player} claims {what}: not settled{voted}"
    status = words.STATUS_WORDS.get(event.verdict.status.value, event.verdict.status.value)
    return f"{event.player} claims {what}: {status}, {event.outcome.value}"


@describe.register
def _(event: VoteEvent) -> str:
    return f"the table votes {'yes' if event.accepted else 'no'}"


@describe.register
def _(event: Ballot) -> str:  # how: secret until the vote is settled (ruling 53)
    return f"{event.player} votes"


def cells(line: Line) -> int:
    """Columns ``line`` takes at a terminal."""
    return cell_len(line.plain)


class PalmerRenderer(TableRenderer):
    help_words = HELP
    describe = staticmethod(describe)

    def thinking(self, line: str) -> str | None:
        word = line.strip().lower().split(maxsplit=1)
        command = ALIASES.get(word[0], word[0]) if word else ""
        if command == "claim":
            return "the referee is thinking… (Ctrl-C cancels the claim)"
        if command == "hint" and self.game.rules.hints:
            return "checking… (Ctrl-C stops the hint)"
        return None

    def after_change(self, outcomes) -> None:
        if self.game.finished:
            self.scores(self.game)
        elif any(isinstance(o, (ClaimSettled, VoteTaken)) for o in outcomes):
            # Keep the verdict on screen: the board has not changed but for erasures, so
            # it is drawn in a line or two (board draws the table).
            self.board_line(self.game)
            self.scores(self.game)
            self.turn(self.game)
        else:
            self.status(self.game)

    # ------------------------------------------------------------ the table

    def board(self, game: Game) -> None:
        if not game.board:
            self.say("Board: (empty)")
            return
        rows = []
        for e in game.board:
            cards = " ".join(short_name(game.deck.card(c)) for c in e.cards)
            scored = said(" (scored)", aside=True) if e.scored else ""
            text = statement_line("", e.as_written, scored)
            rows.append((said(str(e.id)), text, typed(e.author or ""), typed(cards)))
        columns = (
            Column(said("#"), Justify.RIGHT),
            Column(said("statement")),
            Column(said("by")),
            Column(said("cards")),
        )
        self.say(Table(columns, tuple(rows), said("Board"), title_left=True))

    def board_line(self, game: Game) -> None:
        """The board in as few lines as it takes: number and statement, one after another
        (the first line, with its head, strong)."""
        line, strong = said("Board now: "), True
        if not game.board:
            line += "(empty)"
        gap = said("  ·  ", aside=True)
        width = self.out.width if wraps(self.out) else None
        fresh = True  # nothing on the line yet but its margin
        for e in game.board:
            entry = said(f"#{e.id} ") + typed(e.as_written)
            full = width is not None and cells(line) + cells(gap) + cells(entry) > width
            if not fresh and full:
                self.say(line.toned(strong=True) if strong else line)
                line, strong = said("  "), False  # a statement is never split between lines
            elif not fresh:
                line += gap
            if width is not None and cells(line) + cells(entry) > width:  # too long
                broken = statement_line(line + f"#{e.id} ", e.as_written)
                self.say(broken.toned(strong=True) if strong else broken)
                line, fresh, strong = said("  "), True, False
            else:
                line += entry
                fresh = False
        if not fresh or not game.board:
            self.say(line.toned(strong=True) if strong else line)

    def scores(self, game: Game) -> None:
        line = said("Scores: ")
        for i, p in enumerate(game.players):
            if i:
                line += ", "
            line += typed(p) + f" {game.scores[p]}"
        self.say(line + said(f" (first to {game.settings.win_score})", aside=True))

    def hand(self, game: Game, player: str) -> None:
        line = typed(player) + "'s hand: "
        cards = [game.deck.card(c) for c in game.hand(player)]
        if not cards:
            line += "(none)"
        for i, c in enumerate(cards, 1):
            card = said(f"{i}:") + typed(short_name(c))
            if c.kind == "S":
                shown = c.statement_for(None) if not c.parametric else c.label
                card += typed(f" ({shown})", aside=True)
            line += formula(card) + "  "  # a card is never split between two lines
        self.say(line.rstrip().laid(Layout.HANG, more=2))

    def status(self, game: Game) -> None:
        self.board(game)
        self.scores(game)
        if game.dealt:
            for p in game.players:
                if self.computer(p):  # a computer's hand is its own: only how many
                    n = len(game.hand(p))
                    self.say(typed(p) + f"'s hand: {n} card{'s' * (n != 1)}")
                else:
                    self.hand(game, p)
            self.say(f"Deck: {len(game.draw_pile)} cards left")
        self.turn(game)

    def turn(self, game: Game) -> None:
        if game.pending is not None:
            self.say("The table votes on the undetermined claim: vote yes / vote no")
        turn = said(f"Turn {game.turn}: ") + typed(game.player)
        turn += " to play (claims first, then play / negate / pass)"
        self.say(turn.toned(strong=True))

    def cards(self, game: Game) -> None:
        columns = (
            Column(said("type it as")),
            Column(said("card")),
            Column(said("copies"), Justify.RIGHT),
        )
        rows = tuple(
            (typed(short_name(c)), typed(c.label), said(str(c.count))) for c in game.deck.cards
        )
        self.say(Table(columns, rows, typed(f"Deck {game.deck.name}"), title_left=True))

    def settings_lines(self, game: Game) -> tuple[str, ...]:
        return (f"claim time limit = {game.setup.claim_timeout:g} s",)

    # ------------------------------------------------------------ the moves

    @renders(Written)
    def written(self, o: Written) -> None:
        tail = said("  (") + typed(o.event.player) + ")"
        self.say(statement_line(f"#{o.id} ", o.text, tail))

    @renders(Negated)
    def negated(self, o: Negated) -> None:
        e = o.event
        self.say(
            statement_line(f"#{e.target} before: ", e.before),
            statement_line(f"#{e.target} after:  ", e.after),
        )

    @renders(NegationPlaces)
    def places(self, o: NegationPlaces) -> None:
        self.say(statement_line(f"#{o.id} ", o.text))
        if not o.readings:
            self.say("  no place for a ¬ keeps it well formed")
            return
        self.say(statement_line(f"  {k}: ", reading) for k, reading in enumerate(o.readings, 1))
        self.say(said(f"  to play the ¬ card: negate {o.id} K (K: a place above)", aside=True))

    @renders(Hinted)
    def hint(self, o: Hinted) -> None:
        c = o.claimable
        self.say(said(HINT_BOARD[c.board], strong=True))
        texts = dict(o.statements)
        for ids, kind in (
            (c.redundant, "redundant now (claim it)"),
            (c.not_redundant, "not redundant (a countermodel shows it)"),
            (c.unknown, f"not settled in {self.game.setup.claim_timeout:g} s"),
        ):
            if not ids:
                continue
            self.say(f"{kind}:")
            self.say(statement_line(f"  #{i} ", texts.get(i, "")) for i in ids)
        if not o.statements:
            self.say("No statement on the board may be claimed redundant.")

    def vote_line(self, o: VoteTaken) -> Line:
        verdict = "upheld" if o.event.accepted else "rejected"
        counted = ""
        if o.event.ayes or o.event.noes:  # the asked players' ballots, by the house rule
            rule = self.game.rules.vote_by.value
            counted = f" ({len(o.event.ayes)} yes, {len(o.event.noes)} no; {rule})"
        return said(f"The table votes: the claim is {verdict}{counted}.")

    @renders(VoteTaken)
    def vote(self, o: VoteTaken) -> None:
        self.say(self.vote_line(o))

    @renders(BallotCast)
    def ballot(self, o: BallotCast) -> None:
        how = "" if o.waiting else f" {'yes' if o.event.yes else 'no'}"  # ruling 53
        line = typed(o.event.player) + f" votes{how}"
        if o.waiting:
            line += said("; still to vote: ") + typed(", ".join(o.waiting))
        self.say(line)

    @renders(Passed)
    def passed(self, o: Passed) -> None:
        extra = f", discarding {o.discarded}" if o.discarded else ""
        self.say(typed(o.player) + f" passes{extra}")

    @renders(GameOver)
    def game_over(self, o: GameOver) -> None:
        e = o.ending
        line = game_over_words(e.winners[0] if e.winners else None)
        if not e.winners:  # a draw between those with the most points
            best = max(n for _, n in e.scores)
            line += said("a draw between ") + typed(", ".join(p for p, n in e.scores if n == best))
        line += f" ({ended_words(e.termination)}"
        if e.note:
            line += said(": ") + typed(e.note)
        self.say((line + ").").toned(strong=True))

    # ------------------------------------------------------------ claims

    def ruling(self, outcomes) -> bool:
        return any(isinstance(o, (ClaimSettled, VoteTaken)) for o in outcomes)

    def recap(self, outcomes) -> None:
        for o in outcomes:
            if isinstance(o, ClaimSettled):
                head = self.claim_head(o).toned(aside=True)
                self.say(said("Last ruling: ", aside=True) + head)
            elif isinstance(o, VoteTaken):
                self.say(said("Last ruling: ", aside=True) + self.vote_line(o))

    @renders(ClaimSettled)
    def claim(self, o: ClaimSettled) -> None:
        c = o.claim
        self.say(self.claim_head(o), "  " + self.reason(o), self.failure(o))
        if c.proof is not None:
            lines = count(c.proof.lines, "line")
            self.say(f"  a derivation of {lines} shows it, checked line by line")
        self.claim_tail(o)

    def claim_head(self, o: ClaimSettled) -> Line:
        """The claim's headline: who claimed what, and the ruling."""
        c = o.claim
        head = typed(c.player)
        if c.kind == ClaimKind.INCONSISTENT:
            head += " claims the board is inconsistent: "
        else:
            head += " claims " + ", ".join(f"#{t}" for t, _ in o.targets) + " redundant: "
        tone = {"upheld": Tone.GOOD, "rejected": Tone.BAD, "vote": Tone.DOUBT}
        if c.verdict.status == Status.UNDETERMINED and c.outcome != ClaimOutcome.UPHELD:
            # the engine settled nothing: never said as if it had found the claim wrong
            head += said("NOT SETTLED", Tone.DOUBT)
            penalty = self.game.rules.rejected_claim_penalty
            if c.outcome == ClaimOutcome.VOTE:
                head += " (the table votes)"
            elif penalty:
                head += f" (no point; -{penalty} as for a claim not upheld)"
            else:
                head += " (no point)"
        else:
            head += said(c.outcome.value.upper(), tone[c.outcome.value])
        if c.outcome == ClaimOutcome.UPHELD and c.kind == ClaimKind.REDUNDANT:
            head += said(f" (+{len(c.targets)}; ") + typed(c.player) + f" has {o.score})"
        return head.toned(strong=True)

    def claim_tail(self, o: ClaimSettled) -> None:
        c = o.claim
        d = c.derivation
        if d is not None:
            self.say(said("  derivation ") + typed(d.file) + (": " + _backing_words(d)))
        if c.outcome == ClaimOutcome.VOTE:
            self.say(said("  the table votes: vote yes / vote no", Tone.DOUBT))
        elif c.verdict.status == Status.UNDETERMINED and c.outcome == ClaimOutcome.REJECTED:
            target = (
                "inconsistent"
                if c.kind == ClaimKind.INCONSISTENT
                else " ".join(str(t) for t, _ in o.targets)
            )
            self.say(
                said(
                    f"  to back it: claim {target} with FILE (a derivation), or play with "
                    "--house vote_on_undetermined=yes",
                    aside=True,
                ).only_at_a_terminal()
            )
        has_model = c.verdict.evidence.model is not None or c.verdict.evidence.infinite is not None
        more = "why" + (", model" if has_model else "")
        derived = c.proof is not None or c.derivation is not None
        what = "the derivation and the full evidence" if derived else "the full evidence"
        self.say(said(f"  ({more}: {what})", aside=True))

    def reason(self, o: ClaimSettled, brief: bool = True) -> Line:
        """One line: what the verdict says, in the players' words."""
        c = o.claim
        v = c.verdict
        numbers = dict(enumerate(p for p, _ in o.premises))

        def label(i: int) -> str:
            return f"#{numbers.get(i, '?')}"

        if v.status == Status.UNDETERMINED:
            text = "undetermined: " + words.undetermined(v.evidence, o.counter, v.limit)
            return said(text)
        used = ", ".join(f"#{i}" for i in c.used)
        if v.status == Status.INCONSISTENT:
            subject = used if v.evidence.method == Method.PROOF else ""
            what = "the board is inconsistent"
            text = words.reason(v.evidence, False, label, subject=subject, brief=brief)
        else:
            what = {
                Status.ENTAILED: f"follows from {used or 'the rest of the board'}",
                Status.NOT_ENTAILED: "does not follow from the rest of the board",
                Status.CONSISTENT: "the board is consistent",
            }[v.status]
            text = words.reason(v.evidence, o.counter, label, brief=brief)
        line = said(f"{what}: {text}")
        if v.note:
            line += typed(f" ({v.note})", aside=True)
        return line

    def failure(self, o: ClaimSettled, indent: str = "  ") -> list[Line]:
        """Where each claimed statement fails in the countermodel (Tarski's World style),
        each line indented by ``indent``."""
        infinite = o.claim.verdict.evidence.infinite
        if infinite is not None and o.claim.verdict.status == Status.NOT_ENTAILED:
            w = infinite.witness
            text = o.targets[w.statement][1] if w and w.statement < len(o.targets) else None
            where = words.witness_words(infinite, text)
            return [indent + typed(where)] if where else []
        model = o.claim.verdict.evidence.model
        if model is None or o.claim.verdict.status != Status.NOT_ENTAILED:
            return []
        out = []
        for (number, text), goal in zip(o.targets, o.goals, strict=False):
            try:
                ex = explain(goal, model)
            except EvaluationError:
                continue
            if ex.value:
                continue
            tail = " fails in it: " + failure_text(ex)
            out.append(statement_line(f"{indent}#{number} ", text, tail))
        return out

    def offered(self, s: ClaimSettled) -> None:
        """The derivation the claimant offered (``claim 3 with FILE``): what the checker
        made of it, the board statements it uses, and the derivation itself."""
        d = s.claim.derivation
        if d is None:
            return
        head = typed(s.claim.player) + "'s derivation " + typed(d.file)
        head += typed(": " + _backing_words(d))
        if s.offered_uses:
            head += f"; it uses {', '.join(f'#{n}' for n in s.offered_uses)}"
        self.say(head.laid(Layout.HANG, more=2))
        if d.backing != Backing.NOT_A_DERIVATION:
            self.say(derivation_rows(self.out, d.text))

    @renders(EvidenceShown, paged=True)
    def why(self, o: EvidenceShown) -> None:
        s = o.settled
        v = s.claim.verdict
        if not o.model_only:
            self.say(said(f"Event {o.number}: ") + typed(describe(s.claim)))
            self.say("  " + self.reason(s, brief=False))
            self.say(
                said(f"  tried: {line}", aside=True) for line in words.tried(v.evidence, s.counter)
            )
            if v.note:
                self.say(said("  recorded as: ") + typed(v.note))
            self.say(said(f"  limit {v.limit:g} s, took {words.seconds(v.seconds)}", aside=True))
            if s.claim.proof is not None:
                self.say("The referee's derivation (checked by the derivation checker):")
                self.say(derivation_rows(self.out, s.claim.proof.text))
            self.offered(s)
            if s.premises:
                title = "the board as it stood"
                if s.claim.targets:  # an inconsistency claim claims no statement
                    title += " (the claimed statements apart)"
                columns = (
                    Column(said("#"), Justify.RIGHT),
                    Column(said("statement")),
                    Column(said("used")),
                )
                used = set(s.claim.used)
                rows = tuple(
                    (
                        said(str(number)),
                        statement_line("", text),
                        said("✓" if number in used else ""),
                    )
                    for number, text in s.premises
                )
                self.say(Table(columns, rows, said(title), fit_title=True))
        if v.evidence.infinite is not None:
            self.say(
                "A countermodel: the rest of the board holds, the claim fails."
                if s.counter
                else "A model of the whole board:"
            )
            self.say("  " + typed(line) for line in words.infinite_lines(v.evidence.infinite))
            self.say(self.failure(s))
            return
        model = v.evidence.model
        if model is None:
            if o.model_only:
                self.say("There is no model in this claim's evidence.")
            return
        self.say(
            "A countermodel: the rest of the board holds, the claim fails."
            if s.counter
            else "A model of the whole board:"
        )
        self.say(model_tables(model, dict(self.game.vocabulary.predicates)))
        self.say(self.failure(s, indent=""))


def _backing_words(d) -> str:
    if d.backing == Backing.BACKS:
        return "checks, and proves the claim"
    if d.backing == Backing.LINES_FAIL:
        return "line(s) " + ", ".join(map(str, d.lines)) + " do not check"
    if d.backing == Backing.NOT_FALSUM:
        return "every line checks, but it does not end in ⊥"
    if d.backing == Backing.RESTS_ON_CLAIM:
        return "it rests on " + ", ".join(f"#{t}" for t in d.lines) + ", the claimed statement"
    if d.backing == Backing.NOT_THE_CLAIM:
        return "every line checks, but its last line is not the claim"
    return "not a derivation: " + d.detail
