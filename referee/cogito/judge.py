"""The judge and the deduction aide: what a declaration says about a Self card.

"I am not X!" is true exactly when the Self card is not X and does not
belong to X, directly or through its categories. The judge returns the
answer with its reason as data (the chain of memberships that makes it
false, or every category the Self card is in when it is true); the
interface words it ("Casablanca is a Flower, and every Flower is a Plant").

The aide turns it around: given declarations already judged (a blue card
in a field: "not X" was true; a red one: it was false), which Self cards
are still possible? It is an exact computation over the (finite) diagram:
a Self card is possible exactly when the judge would have judged every
declaration as it was judged, and the player has not seen that Self card
anywhere else (each Self card exists once).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from referee.cogito.diagram import CardKind, Diagram
from referee.cogito.refusals import Refusal, Why
from referee.language.shapes import Plain


class UnknownName(ValueError):
    """A word that names no card this question can be about: ``reason`` says why (typed;
    the interface words it)."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.reason = reason


class Denied(enum.StrEnum):
    CATEGORY = "category"
    SELF = "self"
    EGO = "ego"  # "I am not Ego!": inconsistent whoever says it (the card lies red)


class Colour(enum.StrEnum):
    """The position a judged card lies in: blue, the declaration was true; red, false."""

    BLUE = "blue"
    RED = "red"


@dataclass(frozen=True)
class Judgement(Plain):
    """ "I am not <denied>!" said by the holder of ``self_card``, judged.

    ``chain``: when false, the memberships that make it so, from the Self
    card to ``denied`` (``("Casablanca", "Flower", "Plant")``), or just
    ``(self_card,)`` when ``denied`` is the Self card itself. ``belongs``:
    when true and ``denied`` is a category, every category the Self card is
    in (none of them is ``denied``).
    """

    self_card: str
    denied: str
    kind: Denied
    true: bool
    chain: tuple[str, ...] = ()
    belongs: tuple[str, ...] = ()

    @property
    def colour(self) -> Colour:
        return Colour.BLUE if self.true else Colour.RED


def judge(diagram: Diagram, self_card: str, denied: str) -> Judgement:
    """Judge "I am not ``denied``!" for ``self_card`` (both names as the diagram spells them)."""
    if not diagram.is_self(self_card):
        raise UnknownName(Refusal(Why.NOT_A_SELF_CARD, word=self_card))
    if denied == diagram.ego:
        # "There is no Blue position in the card, for it is inconsistent to say
        # 'I am not Ego'": false for every holder, so the Ego card always lies red.
        # The one answer the game, the aide and `cogito judge` give.
        return Judgement(self_card, denied, Denied.EGO, False)
    if diagram.is_self(denied):
        if denied == self_card:
            return Judgement(self_card, denied, Denied.SELF, False, (self_card,))
        return Judgement(self_card, denied, Denied.SELF, True)
    if not diagram.is_category(denied):
        raise UnknownName(Refusal(Why.NOT_A_NAME, word=denied))
    chain = diagram.chain(self_card, denied)
    if chain is not None:
        return Judgement(self_card, denied, Denied.CATEGORY, False, chain)
    return Judgement(self_card, denied, Denied.CATEGORY, True, belongs=diagram.belongs(self_card))


# ------------------------------------------------------------------ names typed


def self_card_name(diagram: Diagram, word: str) -> str:
    """The Self card ``word`` names (case does not matter); UnknownName otherwise."""
    name = diagram.lookup(word)
    if name is None or not diagram.is_self(name):
        category = name is not None and diagram.is_category(name)
        why = Why.CATEGORY_NOT_SELF if category else Why.NOT_A_SELF_CARD
        raise UnknownName(Refusal(why, word=word, texts=diagram.self_names))
    return name


def denied_name(diagram: Diagram, word: str) -> str:
    """The category or Self card ``word`` names, for "I am not …"; UnknownName otherwise."""
    name = diagram.lookup(word)
    if name is None:
        raise UnknownName(
            Refusal(
                Why.NOT_A_NAME,
                word=word,
                texts=diagram.self_names,
                categories=diagram.category_names,
            )
        )
    if name == diagram.dream:
        raise UnknownName(Refusal(Why.DREAM_DECLARES_NOTHING, word=name))
    return name


@dataclass(frozen=True)
class Declaration(Plain):
    """A judged card in a field: ``colour`` blue means "not ``denied``" was true."""

    denied: str
    colour: Colour


def declaration(diagram: Diagram, word: str, colour: Colour) -> Declaration | None:
    """The declaration a card in a field stands for, or None for the Ego card.

    The Ego card lies red whoever holds it ("Needless to say, I am Ego!"):
    it was never judged and says nothing about its holder. It has no blue
    side, so a blue Ego card is an error, as is the Dream card, which
    declares nothing.
    """
    name = denied_name(diagram, word)
    if diagram.card(name).kind == CardKind.EGO:
        if colour == Colour.BLUE:
            raise UnknownName(Refusal(Why.EGO_NEVER_BLUE, word=name))
        return None
    return Declaration(name, colour)


# ---------------------------------------------------------------- deduction


@dataclass(frozen=True)
class RuledOut(Plain):
    """Why a Self card is not possible: a declaration judged otherwise, or seen elsewhere."""

    self_card: str
    by: Declaration | None = None  # the first declaration it contradicts
    judgement: Judgement | None = None  # how that declaration would be judged for it
    seen: bool = False  # the player has seen this card outside their holder


@dataclass(frozen=True)
class Deduction(Plain):
    possible: tuple[str, ...]  # in the deck's order
    ruled_out: tuple[RuledOut, ...] = ()

    def only(self, name: str) -> bool:
        """Whether ``name`` is the one Self card left."""
        return self.possible == (name,)


def deduce(
    diagram: Diagram, declarations: Sequence[Declaration], seen: Iterable[str] = ()
) -> Deduction:
    """The Self cards consistent with every declaration and not among ``seen``."""
    seen = set(seen)
    possible, ruled_out = [], []
    for candidate in diagram.self_names:
        against = None
        for d in declarations:
            verdict = judge(diagram, candidate, d.denied)
            if verdict.colour != d.colour:
                against = RuledOut(candidate, by=d, judgement=verdict)
                break
        if against is not None:
            ruled_out.append(against)
        elif candidate in seen:
            ruled_out.append(RuledOut(candidate, seen=True))
        else:
            possible.append(candidate)
    return Deduction(tuple(possible), tuple(ruled_out))
