"""The Proof: up to four premises, each a row of cards, and the ways cards change it.

A :class:`Proof` is an immutable value: inserting cards, taking one away
(Tabula Rasa) and swapping two (Revolution) give new Proofs, so the game can
try a move and keep the old Proof when the rules refuse it. Positions are the
ones players see: premises from 1, cards from 1, and *gaps* from 0 (gap ``g``
of a premise is after its ``g``-th card: 0 is the front).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.ergo.cards import VARIABLES, Face, ProofCard, Role, faces_text, natural_card
from referee.ergo.reading import DEFAULT_READING, ReadingRules, read_premise
from referee.ergo.refusals import Refusal, Why
from referee.ergo.syntax import MAX_PREMISES, SyntaxViolation, check_premises
from referee.language.ast import Formula
from referee.language.shapes import Plain


class PlacementError(ValueError):
    """A move that names places the Proof does not have; ``field`` is the event's field,
    ``reason`` why (typed: the interface words it)."""

    def __init__(self, field: str, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.field = field
        self.reason = reason


@dataclass(frozen=True)
class Placed(Plain):
    """A card put into premise ``premise`` (from 1) at gap ``gap`` (from 0).

    A premise numbered past the last one is a new premise (gap 0). Several
    cards at one gap go in the order given; gaps count the premise's cards
    before the move, so one move's places do not shift each other.
    """

    card: ProofCard
    premise: int
    gap: int


def landed(placed: Sequence[Placed]) -> tuple[int, ...]:
    """The gap each card of one move went to, as if put in one after another: the gaps a
    move names count the cards before it, so ``OR D at 1`` puts D at gap 2, not 1."""
    out = []
    for i, p in enumerate(placed):
        before = sum(
            1
            for j, q in enumerate(placed)
            if q.premise == p.premise and (q.gap < p.gap or (q.gap == p.gap and j < i))
        )
        out.append(p.gap + before)
    return tuple(out)


@dataclass(frozen=True)
class Spot(Plain):
    """Card ``position`` (from 1) of premise ``premise`` (from 1)."""

    premise: int
    position: int

    def __str__(self) -> str:
        return f"{self.premise}:{self.position}"


@dataclass(frozen=True)
class Proof:
    premises: tuple[tuple[ProofCard, ...], ...] = ()

    # ------------------------------------------------------------- views

    @property
    def faces(self) -> tuple[tuple[Face, ...], ...]:
        return tuple(tuple(c.face for c in p) for p in self.premises)

    @property
    def cards(self) -> int:
        """Every card in the Proof; each parenthesis is a card."""
        return sum(len(p) for p in self.premises)

    def texts(self) -> tuple[str, ...]:
        return tuple(faces_text(f) for f in self.faces)

    def variables(self) -> tuple[str, ...]:
        """The variables somewhere in the Proof, in order A-D."""
        present = {c.face for p in self.premises for c in p}
        return tuple(v.value for v in VARIABLES if v in present)

    @property
    def ergo_allowed(self) -> bool:
        return len(self.variables()) == len(VARIABLES)

    def check(self, rules: ReadingRules = DEFAULT_READING) -> None:
        """SyntaxViolation (naming the premise) unless every premise is well formed."""
        check_premises(self.faces)
        for number, faces in enumerate(self.faces, start=1):
            try:
                read_premise(faces, rules)
            except SyntaxViolation as exc:
                raise SyntaxViolation(exc.violation, faces, number) from None

    def formulas(self, rules: ReadingRules = DEFAULT_READING) -> tuple[Formula, ...]:
        """What each premise says; SyntaxViolation (naming the premise) if one is ill formed."""
        self.check(rules)
        return tuple(read_premise(f, rules) for f in self.faces)

    def card_at(self, spot: Spot, field: str = "spot") -> ProofCard:
        self._premise(spot.premise, field)
        row = self.premises[spot.premise - 1]
        if not 1 <= spot.position <= len(row):
            raise PlacementError(
                field,
                Refusal(
                    Why.NO_CARD_THERE, premise=spot.premise, number=spot.position, count=len(row)
                ),
            )
        return row[spot.position - 1]

    def _premise(self, number: int, field: str) -> None:
        if not 1 <= number <= len(self.premises):
            reason = Refusal(Why.NO_PREMISE, number=number, count=len(self.premises))
            raise PlacementError(field, reason)

    # ----------------------------------------------------------- changes

    def insert(self, placed: Sequence[Placed]) -> Proof:
        """The Proof with ``placed`` put in; PlacementError for a place that does not exist.

        New premises are numbered on from the last, in order, and may not
        make more than four premises.
        """
        rows = [list(p) for p in self.premises]
        count = len(rows)
        new_numbers: list[int] = []
        for p in placed:
            if p.premise > count and p.premise not in new_numbers:
                new_numbers.append(p.premise)
        for i, number in enumerate(new_numbers, start=1):
            if number != count + i:
                reason = Refusal(Why.NEW_PREMISE_NUMBER, count=count + i, number=number)
                raise PlacementError("cards.premise", reason)
        if count + len(new_numbers) > MAX_PREMISES:
            reason = Refusal(Why.TOO_MANY_PREMISES, count=count, number=len(new_numbers))
            raise PlacementError("cards.premise", reason)
        for p in placed:
            if p.premise < 1:
                reason = Refusal(Why.NO_PREMISE, number=p.premise, count=count)
                raise PlacementError("cards.premise", reason)
            size = len(rows[p.premise - 1]) if p.premise <= count else 0
            if not 0 <= p.gap <= size:
                reason = Refusal(Why.NO_GAP, premise=p.premise, number=p.gap, count=size)
                raise PlacementError("cards.gap", reason)
        rows += [[] for _ in new_numbers]
        out = []
        for number, row in enumerate(rows, start=1):
            here = [p for p in placed if p.premise == number]
            if not here:
                out.append(tuple(row))
                continue
            built: list[ProofCard] = []
            for gap in range(len(row) + 1):
                built += [p.card for p in here if p.gap == gap]
                if gap < len(row):
                    built.append(row[gap])
            out.append(tuple(built))
        return Proof(tuple(out))

    def remove(self, spot: Spot, with_partner: bool = False) -> tuple[Proof, tuple[ProofCard, ...]]:
        """The Proof without the card at ``spot`` (and, for a parenthesis with
        ``with_partner``, without the one it pairs with); the cards taken.

        A premise left with no cards disappears and the later ones move up.
        """
        card = self.card_at(spot)
        row = list(self.premises[spot.premise - 1])
        index = spot.position - 1
        drop = {index}
        if with_partner and card.face.role == Role.PARENTHESIS:
            partner = _partner(row, index)
            if partner is not None:
                drop.add(partner)
        taken = tuple(row[i] for i in sorted(drop))
        kept = tuple(c for i, c in enumerate(row) if i not in drop)
        rows = list(self.premises)
        if kept:
            rows[spot.premise - 1] = kept
        else:
            del rows[spot.premise - 1]
        return Proof(tuple(rows)), taken

    def swap(self, first: Spot, second: Spot) -> Proof:
        a = self.card_at(first, "first")
        b = self.card_at(second, "second")
        rows = [list(p) for p in self.premises]
        rows[first.premise - 1][first.position - 1] = b
        rows[second.premise - 1][second.position - 1] = a
        return Proof(tuple(tuple(r) for r in rows))

    # ------------------------------------------------------------ record

    def to_json(self) -> list[list[dict]]:
        return [[c.to_json() for c in p] for p in self.premises]


def _partner(row: Sequence[ProofCard], index: int) -> int | None:
    """The parenthesis pairing with the one at ``index`` (None if it is unpaired)."""
    step = 1 if row[index].face == Face.OPEN else -1
    depth = 0
    i = index
    while 0 <= i < len(row):
        face = row[i].face
        if face in (Face.OPEN, Face.CLOSE):
            depth += 1 if (face == Face.OPEN) == (step == 1) else -1
            if depth == 0:
                return i
        i += step
    return None


def proof_of_faces(rows: Sequence[Sequence[Face]]) -> Proof:
    """A Proof of ordinary cards showing ``rows`` (a Proof read from a file)."""
    return Proof(tuple(tuple(ProofCard(natural_card(f), f) for f in row) for row in rows))
