"""Ergo at the table: the commands players type, read into events.

Placement is typed the way a player thinks of it — which cards, which
premise, where in it: ``play OR B at 1:1`` puts OR and B after the first card
of premise 1; ``play NOT at 3:0, D`` puts a NOT at the front of premise 3 and
a D on a new premise; ``play ( at 3:0 ) at 3:2`` wraps two cards in
parentheses. Gaps are numbered from 0 (the front); ``at 2`` is the end of
premise 2 and no ``at`` (or ``at new``) starts a new premise. A Wild is
written with a star: ``play *A at 2``, ``justify *``, ``ergo *``.

A move becomes one event, put to the game's rules by
:meth:`referee.table.session.Session.submit`. When a move stops the round
(an Ergo, or the end of the turn that drew the last card) the round is
settled at once (:mod:`referee.ergo.ruling`) and its Score recorded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from referee.ergo import refusals
from referee.ergo.cards import (
    Card,
    ProofCard,
    Role,
    face_of,
    natural_card,
    read_faces,
)
from referee.ergo.events import (
    Discard,
    End,
    Ergo,
    Fallacy,
    Justify,
    Place,
    Revolution,
    Score,
    TabulaRasa,
)
from referee.ergo.hint import proves
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
from referee.ergo.proof import Placed, PlacementError, Spot
from referee.ergo.reading import ReadingRules, full_text, read_premise
from referee.ergo.refusals import Refusal, Tip
from referee.ergo.ruling import decide, explain
from referee.ergo.state import Game, IllegalPlacement
from referee.language.limits import is_number
from referee.table.commands import TableCommands, Unread
from referee.table.errors import Hint, IllegalEvent
from referee.table.events import Event
from referee.table.session import Actor, Asked, Declined, Outcomes, Refused, Session
from referee.table.views import ShowBoard

ALIASES = {
    "p": "play",
    "place": "play",
    "d": "discard",
    "f": "fallacy",
    "j": "justify",
    "justification": "justify",
    "t": "tabula",
    "tr": "tabula",
    "tabularasa": "tabula",
    "tabula_rasa": "tabula",
    "r": "revolution",
    "rev": "revolution",
    "e": "ergo",
    "b": "proof",
    "board": "proof",
    "s": "scores",
    "h": "hand",
    "w": "why",
    "stop": "end",
}
MOVES = ("play", "discard", "fallacy", "justify", "tabula", "revolution", "ergo", "score", "end")

_TOKENS = re.compile(r"\*?(?:->|[¬∧∨→~])|[()]|,|[^\s,()¬∧∨→~]+")
_GAP = re.compile(r"(\d{1,3})(?:[:.](\d{1,3}|start|end|front|back))?")
_SPOT = re.compile(r"(\d{1,3})[:.](\d{1,3})")

# Names for whole cards (discards, and the cards a special play uses).
CARD_WORDS = {
    "paren": Card.PARENTHESIS,
    "parenthesis": Card.PARENTHESIS,
    "(": Card.PARENTHESIS,
    ")": Card.PARENTHESIS,
    "fallacy": Card.FALLACY,
    "justification": Card.JUSTIFICATION,
    "justify": Card.JUSTIFICATION,
    "tabula": Card.TABULA_RASA,
    "tabula_rasa": Card.TABULA_RASA,
    "tabularasa": Card.TABULA_RASA,
    "revolution": Card.REVOLUTION,
    "ergo": Card.ERGO,
    "*var": Card.WILD_VARIABLE,
    "*variable": Card.WILD_VARIABLE,
    "wild_variable": Card.WILD_VARIABLE,
    "*op": Card.WILD_OPERATOR,
    "*operator": Card.WILD_OPERATOR,
    "wild_operator": Card.WILD_OPERATOR,
}


def placed_card(word: str) -> ProofCard:
    """``A``, ``not``, ``∧``, ``(`` or a Wild ``*A`` / ``*THEN`` as the card that shows it."""
    wild = word.startswith("*")
    if word in ("*", "**") or word.lower() == "wild":
        raise Unread(Refusal(refusals.Why.WILD_SHOWS), Hint(Tip.WILD_AS))
    face = face_of(word[1:] if wild else word)
    if face is None:
        raise Unread(Refusal(refusals.Why.NOT_A_PROOF_CARD, word=word), Hint(Tip.PROOF_CARDS))
    if not wild:
        return ProofCard(natural_card(face), face)
    if face.role == Role.PARENTHESIS:
        raise Unread(Refusal(refusals.Why.WILD_PARENTHESIS))
    card = Card.WILD_VARIABLE if face.role == Role.VARIABLE else Card.WILD_OPERATOR
    return ProofCard(card, face)


def hand_card(word: str, hand: Sequence[Card], taken: list[int]) -> ProofCard:
    """Card ``word`` (a position, from 1) of a dealt hand, as it lies in the Proof."""
    index = int(word) - 1
    if not 0 <= index < len(hand):
        raise Unread(Refusal(refusals.Why.NO_HAND_CARD, word=word, count=len(hand)), Hint(Tip.HAND))
    if index in taken:
        raise Unread(Refusal(refusals.Why.CARD_NAMED_TWICE, word=word))
    taken.append(index)
    card = hand[index]
    if card.wild:
        raise Unread(Refusal(refusals.Why.WILD_SAY_WHAT, word=word), Hint(Tip.WILD))
    if len(card.faces) != 1:
        if card == Card.PARENTHESIS:
            raise Unread(
                Refusal(refusals.Why.PARENTHESIS_SAY_WHICH, word=word), Hint(Tip.PARENTHESIS)
            )
        raise Unread(Refusal(refusals.Why.OWN_COMMAND, word=word, card=card.label), Hint(Tip.HELP))
    return ProofCard(card, card.faces[0])


def read_placement(
    text: str, premises: Sequence[int], hand: Sequence[Card] | None = None
) -> tuple[Placed, ...]:
    """``OR B at 1:1, D`` → the cards and where each goes (``premises``: each premise's size).

    With a dealt ``hand`` a number before ``at`` is a card by its position in it.
    """
    tokens = _TOKENS.findall(text)
    taken: list[int] = []
    groups: list[tuple[list[ProofCard], str | None]] = []
    cards: list[ProofCard] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token == ",":
            if cards:
                groups.append((cards, None))
                cards = []
        elif token.lower() in ("at", "in", "@"):
            if not cards:
                raise Unread(Refusal(refusals.Why.CARDS_BEFORE_AT))
            if i + 1 >= len(tokens):
                raise Unread(Refusal(refusals.Why.WHERE_AFTER_AT), Hint(Tip.AT))
            groups.append((cards, tokens[i + 1]))
            cards = []
            i += 1
        elif token == "*" and i + 1 < len(tokens) and tokens[i + 1] in "()":
            raise Unread(Refusal(refusals.Why.WILD_PARENTHESIS))
        elif hand is not None and is_number(token):
            cards.append(hand_card(token, hand, taken))
        else:
            cards.append(placed_card(token))
        i += 1
    if cards:
        groups.append((cards, None))
    if not groups:
        raise Unread(Refusal(refusals.Why.SAY_CARDS), Hint(Tip.PLAY))
    out: list[Placed] = []
    new = len(premises)
    for group, where in groups:
        if where is None or where.lower() in ("new", "n"):
            new += 1
            out += [Placed(c, new, 0) for c in group]
            continue
        m = _GAP.fullmatch(where.lower())
        if not m:
            raise Unread(Refusal(refusals.Why.NOT_A_PLACE, word=where), Hint(Tip.PLACES))
        premise = int(m.group(1))
        size = premises[premise - 1] if 1 <= premise <= len(premises) else 0
        gap = m.group(2)
        if gap is None or gap in ("end", "back"):
            number = size
        elif gap in ("start", "front"):
            number = 0
        else:
            number = int(gap)
        out += [Placed(c, premise, number) for c in group]
    return tuple(out)


def read_spot(word: str) -> Spot:
    m = _SPOT.fullmatch(word)
    if not m:
        raise Unread(Refusal(refusals.Why.NOT_A_SPOT, word=word), Hint(Tip.SPOT))
    return Spot(int(m.group(1)), int(m.group(2)))


class ErgoCommands(TableCommands):
    """The command language of an Ergo table."""

    aliases = ALIASES
    commands = frozenset(
        {"play", "discard", "fallacy", "justify", "ergo", "tabula", "revolution", "score"}
        | {"end", "proof", "scores", "cards", "rules", "hand", "why", "hint"}
    )
    moves = frozenset(MOVES)
    turn_moves = moves - {"score", "end"}  # the table settles a round and ends the game
    # Asked before ``end`` stops the game (a person at the keyboard); None: no question.
    confirm_end: Callable[[], bool] | None = None

    def not_now(self, game: Game, command: str) -> Outcomes | None:
        if game.stopped is not None and command in self.turn_moves:
            hint = Hint(Tip.STOPPED)
            return (Refused(hint=hint, reason=Refusal(refusals.Why.STOPPED)),)
        return None

    # ------------------------------------------------------------ helpers

    def refusal(self, exc: IllegalEvent, event: Event | None = None) -> Outcomes:
        if isinstance(exc, IllegalPlacement):
            return (PlacementRefused(exc.premise, exc.faces, exc.violation),)
        return super().refusal(exc, event)

    def followed(self, session: Session, shown: Outcomes) -> Outcomes:
        game: Game = session.game  # type: ignore[assignment]
        if game.stopped is not None and not game.finished:
            return (*shown, *self._settle(session, game))
        return shown

    def _settle(self, session: Session, game: Game) -> Outcomes:
        """Decide the stopped round, record its Score, and say what it gave."""
        reading = game.rules.reading
        premises = game.proof.formulas(reading)
        decision = decide(premises, game.proof.cards)
        ruling = explain(premises, decision)
        assert game.stopped is not None
        event = Score(game.round, game.stopped, game.proof.texts(), ruling, game.awards(decision))
        try:
            session.submit(event)
        except IllegalEvent as exc:  # pragma: no cover - the rules and the ruling disagree
            why = Refusal(refusals.Why.UNSCORED, texts=(exc.message,), inner=exc.reason)
            return (Refused(reason=why),)
        after: Game = session.game  # type: ignore[assignment]
        return (scored_view(after, event, reading),)

    # ------------------------------------------------------------- moves

    def _play(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        sizes = [len(p) for p in game.proof.premises]
        placed = read_placement(rest, sizes, game.hand() if game.dealt else None)
        event = Place(game.player, placed)
        return self.submit(session, event, CardsPlaced(event, len(sizes)))

    def _discard(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = [w for w in re.split(r"[\s,]+", rest.strip()) if w]
        cards: list[Card] = []
        unnamed = 0
        if not words:
            if game.dealt:
                raise Unread(Refusal(refusals.Why.NAME_DISCARDS), Hint(Tip.DISCARD))
            unnamed = game.plays_left
        elif not game.dealt and len(words) == 1 and is_number(words[0]):
            unnamed = int(words[0])
        else:
            cards = self._cards_named(game, words)
        event = Discard(game.player, tuple(cards), unnamed)
        return self.submit(session, event, Discarded(event.player, event.count))

    def _cards_named(self, game: Game, words: Sequence[str]) -> list[Card]:
        """Cards by name, or (dealt mode) by their position in the hand."""
        hand = game.hand() if game.dealt else None
        taken: list[int] = []
        out = []
        for word in words:
            if hand is not None and is_number(word):
                index = int(word) - 1
                if not 0 <= index < len(hand):
                    raise Unread(Refusal(refusals.Why.NO_HAND_CARD, word=word, count=len(hand)))
                if index in taken:
                    raise Unread(Refusal(refusals.Why.CARD_NAMED_TWICE, word=word))
                taken.append(index)
                out.append(hand[index])
            else:
                out.append(self._card_word(game, word))
        return out

    @staticmethod
    def _card_word(game: Game, word: str) -> Card:
        low = word.lower()
        if low in CARD_WORDS:
            return CARD_WORDS[low]
        if low in ("*", "wild"):
            return wild_for(game)
        face = face_of(low)
        if face is not None:
            return natural_card(face)
        raise Unread(Refusal(refusals.Why.NOT_AN_ERGO_CARD, word=word), Hint(Tip.CARDS))

    def _fallacy(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = rest.split()
        if words and words[0].lower() == "on":
            words = words[1:]
        if len(words) != 1:
            raise Unread(Refusal(refusals.Why.FALLACY_ON_WHOM), Hint(Tip.FALLACY))
        target = self.player(game, words[0]) or words[0]  # `fallacy bob` finds BOB
        event = Fallacy(game.player, target)
        return self.submit(session, event, FallacyPlayed(event))

    def _justify(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        word = rest.strip().lower()
        card = Card.JUSTIFICATION if not word else self._card_word(game, word)
        event = Justify(game.player, card)
        return self.submit(session, event, Justified(event))

    def _ergo(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        word = rest.strip().lower()
        card = Card.ERGO if not word else self._card_word(game, word)
        event = Ergo(game.player, card)
        return self.submit(session, event, ErgoPlayed(event))

    def _tabula(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = rest.split()
        if words and words[0].lower() == "rasa":
            words = words[1:]
        if len(words) != 1:
            raise Unread(Refusal(refusals.Why.WHICH_CARD_GOES), Hint(Tip.TABULA))
        spot = read_spot(words[0])
        try:
            card = game.proof.card_at(spot)
        except PlacementError as exc:
            return (Refused(reason=exc.reason),)
        pair = card.face.role == Role.PARENTHESIS
        _, taken = game.proof.remove(spot, with_partner=pair)
        event = TabulaRasa(game.player, spot, card.face)
        return self.submit(session, event, Removed(event, tuple(taken)))

    def _revolution(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        words = rest.replace(",", " ").split()
        if len(words) != 2:
            raise Unread(Refusal(refusals.Why.WHICH_TWO_CARDS), Hint(Tip.REVOLUTION))
        first, second = read_spot(words[0]), read_spot(words[1])
        try:
            faces = (game.proof.card_at(first).face, game.proof.card_at(second).face)
        except PlacementError as exc:
            return (Refused(reason=exc.reason),)
        event = Revolution(game.player, first, second)
        return self.submit(session, event, Swapped(event, faces))

    def _score(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if game.stopped is None:
            return (Refused(reason=Refusal(refusals.Why.NOT_STOPPED_YET)),)
        return self._settle(session, game)

    def _end(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if self.confirm_end is not None and not self.confirm_end():
            return (Declined(Asked.END),)
        return self.submit(session, End(rest.strip()))

    # ------------------------------------------------------------- views

    def _proof(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return (ShowBoard(),)

    def _hint(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        """``hint``: what the Proof proves now, at a table playing with house rule hints."""
        if not game.rules.hints:
            return (Refused(reason=Refusal(refusals.Why.HINTS_OFF)),)
        data = proves(game)
        return (
            Proves(
                data["well_formed"],
                data["cards"],
                data["paradox"],
                tuple(data["proven"]),
                tuple(data["disproven"]),
                tuple(data["undecided"]),
            ),
        )

    def _why(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        """``why [ROUND] [VARIABLE or PLAYER]``: a round's ruling (the last by default)."""
        scores = [
            (number, event)
            for number, event in enumerate(session.record.events, start=1)
            if isinstance(event, Score)
        ]
        if not scores:
            return (Refused(reason=Refusal(refusals.Why.NONE_SCORED)),)
        number, event = scores[-1]
        word = ""
        for part in rest.split():
            if is_number(part):
                found = [(n, e) for n, e in scores if e.round == int(part)]
                if not found:
                    rounds = ", ".join(str(e.round) for _, e in scores)
                    return (
                        Refused(
                            hint=Hint(Tip.ROUNDS, rounds),
                            reason=Refusal(refusals.Why.NOT_SCORED, word=part),
                        ),
                    )
                number, event = found[-1]
            elif part.upper() in ("A", "B", "C", "D"):
                word = part.upper()
            else:
                player = self.player(game, part)
                if player is None:
                    return (
                        Refused(
                            hint=Hint(Tip.WHY),
                            reason=Refusal(refusals.Why.NOT_A_WHY_WORD, word=part),
                        ),
                    )
                word = game.variable(player)
        after: Game = (  # the game as it stands, when nothing followed (a web table asks
            game  # for every round's ruling as it ends: no replay of the whole record)
            if number == len(session.record.events)
            else session.record.rebuild(number)  # type: ignore[assignment]
        )
        view = scored_view(after, event, game.rules.reading)  # house rules never change
        return (EvidenceShown(view, word),)


def wild_for(game: Game) -> Card:
    """The Wild a bare ``*`` means: the variable Wild if the player can have it, else the other."""
    if game.dealt:
        hand = game.hand()
        return Card.WILD_VARIABLE if Card.WILD_VARIABLE in hand else Card.WILD_OPERATOR
    seen = game.known()
    free = seen[Card.WILD_VARIABLE] < game.deck.count(Card.WILD_VARIABLE)
    return Card.WILD_VARIABLE if free else Card.WILD_OPERATOR


def readings(texts: Sequence[str], rules: ReadingRules) -> tuple[str, ...]:
    return tuple(full_text(read_premise([w.face for w in read_faces(t)], rules)) for t in texts)


def scored_view(after: Game, event: Score, rules: ReadingRules) -> RoundScored:
    """A recorded Score as the table sees it (``after``: the game just after it)."""
    seats = tuple((s.variable, s.name) for s in after.settings.seats)
    totals = dict(after.scores)
    return RoundScored(
        event, readings(event.proof, rules), seats, tuple((p, totals[p]) for p in after.players)
    )
