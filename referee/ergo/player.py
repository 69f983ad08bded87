"""Ergo's computer players: each reads only its seat's view and says one of its legal lines.

Level 0 picks at random; level 1 is greedy: every legal line is scored by
what the Proof it leaves would give if the round stopped there (the game's own
verdict: exact truth tables over A-D, as :func:`referee.ergo.ruling.decide`
rules), its own points against the best other player's; an Ergo is scored as
the round it ends. The default (level 2) plans: each of its likely lines is
played on in imagined rounds, the cards it has not seen (the view's deck, less
its hand, the Proof, the cards in front of players and the specials played)
dealt at random to the others' hands and the pile, every seat then choosing as
level 1 would, until its own next turn has been played or the round ends; it
says the line whose rounds end best for it on average. So it holds back a
Tabula Rasa for the round's last turn, and plays a Fallacy, a Justification, a
Tabula Rasa or a Revolution when the rounds after it pay.

Every choice depends on the seat's view and the player's seed alone (the work
is counted, not timed, except for a safety limit on huge lists of lines).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.ergo.cards import (
    OPERATORS,
    SYMBOLS,
    VARIABLES,
    Card,
    Face,
    ProofCard,
    Role,
    natural_card,
)
from referee.ergo.commands import read_placement, read_spot
from referee.ergo.proof import Proof, Spot
from referee.ergo.reading import DEFAULT_READING, ReadingRules, ThenChain, read_premise
from referee.ergo.ruling import NAMES
from referee.ergo.syntax import first_violation
from referee.logic.truthtable import row_mask, rows
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
FACES = {symbol: face for face, symbol in SYMBOLS.items()}
LABELS = {card.label: card for card in Card}
ROWS = tuple(rows(NAMES))
RANK_SECONDS = 2.5  # past this, lines not yet scored are left out (a huge list, a busy CPU)
ERGO_WEIGHT = 1.0  # points an Ergo locks in now
HOPE = 0.5  # what a Proof left standing is worth against the same points taken now
SAMPLES = 12  # deals of the unseen cards each line is played on in (the default player)
MIN_SAMPLES = 4  # ... at least, however large the Proof
WORK = 40_000  # plays weighed in those rounds, past which no more deals are added
# A safety limit for a huge Proof on a busy machine: past it, after the first deal, no
# more (the only time the default's choice can depend on the machine, not its view).
PLAN_SECONDS = 2.0


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """Level 0: random; 1: greedy; 2 (the default): rounds played on over sampled deals."""
    if level <= 0:
        return RandomPlayer(seed)
    if level == 1:
        return GreedyPlayer(seed)
    return PlanningPlayer(seed)


# ------------------------------------------------------------------ the view read


def proof_of(view: Mapping[str, Any]) -> Proof:
    """The Proof the view shows, each card as the card that shows it."""
    rows = []
    for premise in view.get("proof", []):
        row = []
        for c in premise["cards"]:
            face = FACES[c["symbol"]]
            if c.get("wild"):
                card = Card.WILD_VARIABLE if face.role == Role.VARIABLE else Card.WILD_OPERATOR
            else:
                card = natural_card(face)
            row.append(ProofCard(card, face))
        rows.append(tuple(row))
    return Proof(tuple(rows))


def hand_of(view: Mapping[str, Any]) -> list[Card] | None:
    """The seat's dealt hand in order (None in table mode, where no hand is held)."""
    if view.get("mode") != "dealt":
        return None
    return [Card(c["card"]) for c in view["you"]["hand"]]


def after(line: str, proof: Proof, hand: Sequence[Card] | None) -> Proof | None:
    """The Proof a legal line leaves (None: an Ergo, the round stops with ``proof``)."""
    word, _, rest = line.partition(" ")
    if word == "play":
        return proof.insert(read_placement(rest, [len(p) for p in proof.premises], hand))
    if word == "tabula":
        spot = read_spot(rest.strip())
        pair = proof.card_at(spot).face.role == Role.PARENTHESIS
        return proof.remove(spot, with_partner=pair)[0]
    if word == "revolution":
        first, second = (read_spot(w) for w in rest.split())
        return proof.swap(first, second)
    if word == "ergo":
        return None
    return proof


# Each variable's truth table as a bit mask over ROWS (bit k: row k makes it true).
LETTER_MASKS = tuple(sum(1 << k for k, r in enumerate(ROWS) if r.values[i][1]) for i in range(4))
EVERY_ROW = (1 << len(ROWS)) - 1


@lru_cache(maxsize=1 << 17)
def truth_mask(faces: tuple[Face, ...], reading: ReadingRules = DEFAULT_READING) -> int | None:
    """The rows of the truth table (:data:`ROWS`) a premise holds in, as a bit mask (None:
    the premise is broken). The same column :func:`referee.logic.truthtable.row_mask`
    gives for the premise's reading (tested so), computed straight from the faces with
    every row a bit, since a player asks it of thousands of premises a move."""
    if not _well_formed(tuple(_SHAPES.get(f, f) for f in faces)):
        return None
    if reading.then_chain == ThenChain.REFUSE:
        try:
            return row_mask(read_premise(faces, reading), NAMES)
        except ValueError:
            return None
    return _column(faces, reading.then_chain == ThenChain.LEFT)


# The card rules look only at a face's kind: one face of each kind stands for the others.
_SHAPES = {**dict.fromkeys(VARIABLES, Face.A), **dict.fromkeys(OPERATORS, Face.AND)}
_LETTER = dict(zip(VARIABLES, (0, 1, 2, 3), strict=True))


@lru_cache(maxsize=1 << 16)
def _well_formed(shape: tuple[Face, ...]) -> bool:
    return first_violation(shape) is None


def _column(faces: tuple[Face, ...], then_left: bool) -> int:
    """:func:`referee.ergo.reading.read_premise`'s reading of a well-formed premise,
    evaluated on every row at once (NOT, then THEN, then OR, then AND)."""
    every = EVERY_ROW
    stack: list[list] = [[[], 0, 0]]  # a group: its operands and operators, NOTs, outer NOTs
    for face in faces:
        group = stack[-1]
        if face == Face.NOT:
            group[1] += 1
        elif face == Face.OPEN:
            stack.append([[], 0, group[1]])
            group[1] = 0
        elif face == Face.CLOSE:
            inner = stack.pop()
            mask = _reduced(inner[0], then_left)
            if inner[2] % 2:
                mask = every & ~mask
            outer = stack[-1]
            outer[0].append(every & ~mask if outer[1] % 2 else mask)
            outer[1] = 0
        elif face in OPERATORS:
            group[0].append(face)
        else:
            mask = LETTER_MASKS[_LETTER[face]]
            group[0].append(every & ~mask if group[1] % 2 else mask)
            group[1] = 0
    return _reduced(stack[0][0], then_left)


def _reduced(items: list, then_left: bool) -> int:
    every = EVERY_ROW
    ands, ors, thens = every, 0, [items[0]]
    for k in range(1, len(items), 2):
        op, operand = items[k], items[k + 1]
        if op == Face.THEN:
            thens.append(operand)
            continue
        ors |= _implied(thens, then_left)
        thens = [operand]
        if op == Face.AND:
            ands &= ors
            ors = 0
    ors |= _implied(thens, then_left)
    return ands & ors


def _implied(parts: list[int], then_left: bool) -> int:
    every = EVERY_ROW
    if then_left:
        mask = parts[0]
        for part in parts[1:]:
            mask = every & (~mask | part)
        return mask
    mask = parts[-1]
    for part in reversed(parts[:-1]):
        mask = every & (~part | mask)
    return mask


def points(faces: tuple[tuple[Face, ...], ...], reading: ReadingRules) -> tuple[int, ...] | None:
    """Each variable's points (A-D) if the round stopped on this Proof; None if it is broken.

    decide()'s verdict, by the same truth table without its re-checks (a player asks
    often): a variable is proven when every row the premises hold in makes it true; no
    such row is a paradox."""
    held = EVERY_ROW
    for row in faces:
        mask = truth_mask(row, reading)
        if mask is None:
            return None
        held &= mask
    if not held:
        return (0, 0, 0, 0)
    cards = sum(len(r) for r in faces)
    return tuple(cards if not held & ~m else 0 for m in LETTER_MASKS)


def margin(proof: Proof, mine: str, others: Sequence[str]) -> float | None:
    """My points less the best other player's, were the round to stop on ``proof``."""
    got = points(proof.faces, DEFAULT_READING)
    if got is None:
        return None
    index = {v: i for i, v in enumerate("ABCD")}
    best = max((got[index[v]] for v in others), default=0)
    return got[index[mine]] - best


class Reader:
    """What a player reads from one view: the Proof, the hand, who is who."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.proof = proof_of(view)
        self.hand = hand_of(view)
        you = view["you"]
        self.me = you["variable"]
        players = view["players"]
        self.others = [p["variable"] for p in players if not p["you"]]
        self.lines = legal(view)

    def score(self, line: str) -> float:
        left = after(line, self.proof, self.hand)
        if left is None:
            return ERGO_WEIGHT * (margin(self.proof, self.me, self.others) or 0)
        value = margin(left, self.me, self.others)
        return -1.0 if value is None else HOPE * value


class GreedyPlayer:
    """Level 1: the line whose Proof stands best for this seat now (ties broken at random)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def ranked(self, reader: Reader) -> list[tuple[float, str]]:
        start = time.monotonic()
        scored = []
        for line in reader.lines:
            scored.append((reader.score(line) + self.rng.random() * 1e-3, line))
            if time.monotonic() - start > RANK_SECONDS:
                break
        scored.sort(reverse=True)
        return scored

    def choose(self, view: Mapping[str, Any]) -> str | None:
        reader = Reader(view)
        if not reader.lines:
            return None
        return self.ranked(reader)[0][1]

    def close(self) -> None:
        pass


# ------------------------------------------------------------------ a round imagined

Rows = tuple[tuple[Face, ...], ...]
WILD_WORDS = {"*var": Card.WILD_VARIABLE, "*op": Card.WILD_OPERATOR}
FALLACY_TURNS = 3  # the rules' (referee.ergo.state): a Fallacy goes back as the 4th turn starts
MAX_PREMISES = 4
OPERATOR_FACES = (Face.AND, Face.OR, Face.THEN)
VARIABLE_FACES = (Face.A, Face.B, Face.C, Face.D)


def used(line: str, hand: Sequence[Card], sizes: Sequence[int]) -> list[Card]:
    """The cards a legal line takes from ``hand`` (each card is one of the turn's plays)."""
    word, _, rest = line.partition(" ")
    rest = rest.strip()
    if word == "play":
        return [p.card.card for p in read_placement(rest, sizes, hand)]
    if word == "discard":
        return [hand[int(w) - 1] for w in rest.split()]
    if word in ("justify", "ergo"):
        plain = Card.JUSTIFICATION if word == "justify" else Card.ERGO
        return [WILD_WORDS.get(rest, plain)]
    return [{"fallacy": Card.FALLACY, "tabula": Card.TABULA_RASA}.get(word, Card.REVOLUTION)]


def _ok(row: tuple[Face, ...]) -> bool:
    return truth_mask(row) is not None


@dataclass(frozen=True)
class Play:
    """A move in an imagined round: what it leaves (None: an Ergo) and the cards it takes."""

    rows: Rows | None
    cards: tuple[Card, ...]
    fallacy_on: int | None = None  # the seat a Fallacy is played on
    justify: bool = False
    returned: tuple[Card, ...] = ()  # cards a Tabula Rasa sends to the bottom of the pile


class Round:
    """An Ergo round as one seat imagines it: the Proof and the public state its view
    shows, and one deal of the cards it has not seen (the others' hands and the pile,
    drawn at random from the unseen cards; the rest were discarded face down). It plays on
    by the rules of turns (draw two, play two; a Fallacy held three turns; the round stops
    on an Ergo, or when the turn that drew the last card ends), each seat choosing as
    the greedy player does (:meth:`greedy`), among the plays most turns are made of
    (:meth:`plays`: one NOT, a variable alone, an operator and a variable side by side, a
    pair of parentheses, the special cards; not every placement the rules allow)."""

    __slots__ = (
        "rows", "names", "variables", "hands", "pile", "fallacy", "justified",
        "current", "plays_left", "last_drawn", "blocked", "over", "turns",
    )  # fmt: skip
    rows: Rows
    names: list[str]  # the players, in turn order
    variables: list[str]  # each player's variable
    hands: list[list[Card]]
    pile: list[Card]  # the top first
    fallacy: dict[int, int]  # a player under a Fallacy: the turns it has held them
    justified: set[int]
    current: int  # the player to move
    plays_left: int
    last_drawn: bool  # the pile is empty: the round stops as this turn ends
    blocked: bool  # the player to move began its turn under a Fallacy
    over: bool  # the round has stopped
    turns: int  # turns ended since the round was imagined

    def copy(self) -> Round:
        other = Round.__new__(Round)
        for slot in Round.__slots__:
            setattr(other, slot, getattr(self, slot))
        other.hands = [list(h) for h in self.hands]
        other.pile = list(self.pile)
        other.fallacy = dict(self.fallacy)
        other.justified = set(self.justified)
        return other

    @classmethod
    def dealt(cls, view: Mapping[str, Any], reader: Reader, unseen: list[Card], rng) -> Round:
        """The round of ``view`` with the unseen cards dealt at random."""
        players = view["players"]
        pool = list(unseen)
        rng.shuffle(pool)
        r = cls.__new__(cls)
        r.rows = reader.proof.faces
        r.names = [p["name"] for p in players]
        r.variables = [p["variable"] for p in players]
        r.hands = []
        for p in players:
            if p["you"]:
                r.hands.append(list(reader.hand or []))
            else:
                size = p.get("hand") or 0
                r.hands.append(pool[:size])
                del pool[:size]
        r.pile = pool[: max(0, int(view.get("pile") or 0))]
        r.fallacy = {i: p["fallacy"] for i, p in enumerate(players) if p.get("fallacy") is not None}
        r.justified = {i for i, p in enumerate(players) if p.get("justified")}
        r.current = next(i for i, p in enumerate(players) if p["you"])
        r.plays_left = int(view["you"].get("plays_left") or 0)
        r.last_drawn = not r.pile
        r.blocked = r.current in r.fallacy
        r.over = False
        r.turns = 0
        return r

    # ------------------------------------------------------------ moving on

    def play(self, move: Play) -> None:
        """The seat to move makes ``move``."""
        hand = self.hands[self.current]
        for card in move.cards:
            hand.remove(card)
        if move.fallacy_on is not None:
            self.fallacy[move.fallacy_on] = 0
        if move.justify:
            self.fallacy.pop(self.current, None)
            self.justified.add(self.current)
        self.pile += move.returned
        if move.rows is None:
            self.over = True
            return
        self.rows = move.rows
        self.plays_left -= len(move.cards)
        if self.plays_left <= 0:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        if self.blocked and self.current in self.fallacy:
            self.fallacy[self.current] += 1
        if self.last_drawn:
            self.over = True
            return
        self.current = (self.current + 1) % len(self.names)
        if self.fallacy.get(self.current, 0) >= FALLACY_TURNS:
            del self.fallacy[self.current]
            self.pile.append(Card.FALLACY)
        self.blocked = self.current in self.fallacy
        drawn = self.pile[:2]
        self.hands[self.current] += drawn
        del self.pile[:2]
        self.plays_left = len(drawn)
        self.last_drawn = not self.pile
        if not drawn:
            self._end_turn()

    # ------------------------------------------------------------ judging

    def margin(self, seat: int, rows: Rows | None = None) -> float | None:
        """Seat's points less the best other's, were the round to stop on ``rows`` (the
        Proof now by default); None: a broken Proof."""
        got = points(self.rows if rows is None else rows, DEFAULT_READING)
        if got is None:
            return None
        index = "ABCD".index
        mine = got[index(self.variables[seat])]
        return mine - max(got[index(v)] for i, v in enumerate(self.variables) if i != seat)

    def greedy(self, rng: random.Random, tally: list[int] | None = None) -> Play | None:
        """The play of the seat to move that the greedy player's scoring ranks first
        (``tally``: the plays weighed are counted in its first item)."""
        seat = self.current
        best, best_value = None, float("-inf")
        weighed = 0
        for move in self.plays(rng):
            weighed += 1
            if move.rows is None:
                value = ERGO_WEIGHT * (self.margin(seat) or 0)
            else:
                got = self.margin(seat, move.rows)
                value = -1.0 if got is None else HOPE * got
            value += rng.random() * 1e-3
            if value > best_value:
                best, best_value = move, value
        if tally is not None:
            tally[0] += weighed
        return best

    # ------------------------------------------------------------ plays

    def plays(self, rng: random.Random) -> Iterator[Play]:
        """The plays :meth:`greedy` chooses among (see the class)."""
        hand = self.hands[self.current]
        if not hand:
            return
        held = Counter(hand)
        rows = self.rows
        under = self.current in self.fallacy
        ok_now = all(_ok(r) for r in rows)
        faces: dict[Face, Card] = {}  # a face the hand can show, by the card that shows it
        for card in (Card.WILD_VARIABLE, Card.WILD_OPERATOR, *held):
            if held[card]:
                for face in card.faces:
                    faces[face] = card
        if not under:
            yield from self._placements(held, faces)
        yield from self._changes(held)
        if ok_now:
            yield Play(rows, (rng.choice(hand),))  # a discard: the greedy player's is any card
            if held[Card.FALLACY]:
                for i in range(len(self.names)):
                    if i != self.current and i not in self.fallacy and i not in self.justified:
                        yield Play(rows, (Card.FALLACY,), fallacy_on=i)
            if under:
                for card in (Card.JUSTIFICATION, Card.WILD_VARIABLE, Card.WILD_OPERATOR):
                    if held[card]:
                        yield Play(rows, (card,), justify=True)
                        break
            if len({f for r in rows for f in r if f in VARIABLE_FACES}) == 4:
                for card in (Card.ERGO, Card.WILD_VARIABLE, Card.WILD_OPERATOR):
                    if held[card]:
                        yield Play(None, (card,))
                        break

    def _placements(self, held: Counter, faces: dict[Face, Card]) -> Iterator[Play]:
        rows = self.rows
        two = self.plays_left >= 2
        variables = [f for f in VARIABLE_FACES if f in faces]
        operators = [f for f in OPERATOR_FACES if f in faces]
        not_card = faces.get(Face.NOT)
        if len(rows) < MAX_PREMISES:
            for v in variables:
                yield Play((*rows, (v,)), (faces[v],))
                if two and not_card is not None and not_card != faces[v]:
                    yield Play((*rows, (Face.NOT, v)), (not_card, faces[v]))
        for i, row in enumerate(rows):
            for gap in range(len(row) + 1):
                head, tail = row[:gap], row[gap:]
                if not_card is not None and _ok(new := (*head, Face.NOT, *tail)):
                    yield Play((*rows[:i], new, *rows[i + 1 :]), (not_card,))
                if not two:
                    continue
                for v in variables:
                    for o in operators:
                        cards = (faces[v], faces[o])
                        if cards[0] == cards[1] and held[cards[0]] < 2:
                            continue
                        for new in ((*head, o, v, *tail), (*head, v, o, *tail)):
                            if _ok(new):
                                yield Play((*rows[:i], new, *rows[i + 1 :]), cards)
            if two and held[Card.PARENTHESIS] >= 2:
                for a in range(len(row)):
                    for b in range(a + 1, len(row) + 1):
                        new = (*row[:a], Face.OPEN, *row[a:b], Face.CLOSE, *row[b:])
                        if _ok(new):
                            pair = (Card.PARENTHESIS, Card.PARENTHESIS)
                            yield Play((*rows[:i], new, *rows[i + 1 :]), pair)

    def _changes(self, held: Counter) -> Iterator[Play]:
        """Tabula Rasa (that leaves the Proof well formed) and Revolution."""
        rows = self.rows
        proof = None
        if held[Card.TABULA_RASA]:
            proof = Proof(tuple(tuple(ProofCard(natural_card(f), f) for f in r) for r in rows))
            for p, row in enumerate(rows, start=1):
                for k in range(1, len(row) + 1):
                    pair = row[k - 1].role == Role.PARENTHESIS
                    left, taken = proof.remove(Spot(p, k), with_partner=pair)
                    faces = left.faces
                    if all(_ok(r) for r in faces):
                        yield Play(
                            faces, (Card.TABULA_RASA,), returned=tuple(c.card for c in taken)
                        )
        if held[Card.REVOLUTION]:
            spots = [
                (p, k, f)
                for p, row in enumerate(rows)
                for k, f in enumerate(row)
                if f in VARIABLE_FACES or f in OPERATOR_FACES
            ]
            for x, (p, k, f) in enumerate(spots):
                for q, m, g in spots[x + 1 :]:
                    if f == g or (f in VARIABLE_FACES) != (g in VARIABLE_FACES):
                        continue
                    new = [list(r) for r in rows]
                    new[p][k], new[q][m] = g, f
                    yield Play(tuple(tuple(r) for r in new), (Card.REVOLUTION,))


def line_play(line: str, proof: Proof, hand: Sequence[Card], names: Sequence[str]) -> Play:
    """A legal line of the seat's view as a move of an imagined round."""
    left = after(line, proof, hand)
    cards = tuple(used(line, hand, [len(p) for p in proof.premises]))
    word, _, rest = line.partition(" ")
    returned: tuple[Card, ...] = ()
    if word == "tabula":
        spot = read_spot(rest.strip())
        pair = proof.card_at(spot).face.role == Role.PARENTHESIS
        returned = tuple(c.card for c in proof.remove(spot, with_partner=pair)[1])
    return Play(
        None if left is None else left.faces,
        cards,
        fallacy_on=names.index(rest.strip()) if word == "fallacy" else None,
        justify=word == "justify",
        returned=returned,
    )


def unseen_cards(view: Mapping[str, Any], reader: Reader) -> list[Card]:
    """The cards this seat has not seen this round: the deck less its hand, the Proof,
    the special cards played and the cards in front of players (the others' hands, the
    pile and the face-down discards are among them)."""
    pool = Counter({Card(k): n for k, n in view.get("deck", {}).items()})
    pool.subtract(reader.hand or [])
    pool.subtract(c.card for row in reader.proof.premises for c in row)
    pool.subtract(Card(c) for c in view.get("out", []))
    for p in view["players"]:
        pool.subtract(LABELS[label] for label in p.get("in_front", []) if label in LABELS)
    return [c for c, n in pool.items() for _ in range(max(n, 0))]


class PlanningPlayer(GreedyPlayer):
    """The default: each of its likely lines is played on in imagined rounds (the unseen
    cards dealt at random, the same deals for every line), every seat then choosing as the
    greedy player would, until the end of its own next turn or of the round; the line
    whose rounds end best for it on average is said.

    So a special card is played when it pays in those rounds: a Fallacy that keeps the
    next player from proving themselves or unproving it, a Justification that lets it
    place again, a Tabula Rasa or a Revolution that unproves another or proves it."""

    def __init__(
        self,
        seed: int | None = None,
        samples: int = SAMPLES,
        width: int = 8,
        horizon: int = 3,
        work: int = WORK,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.width = width  # the greedy player's best lines weighed, besides one of each kind
        self.horizon = horizon  # turns imagined after this one
        self.work = work  # plays weighed in imagined rounds before no more deals are added

    def choose(self, view: Mapping[str, Any]) -> str | None:
        reader = Reader(view)
        if not reader.lines:
            return None
        ranked = self.ranked(reader)
        if len(ranked) == 1 or reader.hand is None:
            return ranked[0][1]
        lines = self._candidates(ranked)
        unseen = unseen_cards(view, reader)
        names = [p["name"] for p in view["players"]]
        moves = [line_play(line, reader.proof, reader.hand, names) for line in lines]
        totals = [0.0] * len(lines)
        tally = [0]
        until = time.monotonic() + PLAN_SECONDS
        for dealt in range(self.samples):
            deal = Round.dealt(view, reader, unseen, self.rng)
            values = []
            for move in moves:
                values.append(self._played_on(deal, move, tally))
                if dealt and time.monotonic() > until:
                    break  # a deal every line was not played in is left out
            if len(values) < len(moves):
                break
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            if dealt + 1 >= MIN_SAMPLES and tally[0] > self.work:
                break  # a large Proof: fewer deals (the same for every line)
        best = max(range(len(lines)), key=lambda k: (totals[k], -k))
        return lines[best]

    def _candidates(self, ranked: list[tuple[float, str]]) -> list[str]:
        """The greedy player's best lines, and the best of each kind of move besides."""
        out = [line for _, line in ranked[: self.width]]
        kinds = set()
        for _, line in ranked:
            kind = line.split()[0]
            if kind not in kinds:
                kinds.add(kind)
                if line not in out:
                    out.append(line)
        return out

    def _played_on(self, deal: Round, move: Play, tally: list[int]) -> float:
        r = deal.copy()
        me = r.current
        r.play(move)
        while not r.over and r.turns <= self.horizon:
            said = r.greedy(self.rng, tally)
            if said is None:
                break
            r.play(said)
        got = r.margin(me)
        if r.over:
            return ERGO_WEIGHT * (got or 0)
        return -1.0 if got is None else HOPE * got
