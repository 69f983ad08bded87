"""Every move a seat may make now, as the lines a player would type.

A computer player (:mod:`referee.table.computer`) chooses from this list, and
a person's page may offer it, so it must be exact: each line is one the rules
accept as said by that seat now, and every move is there once. Cards are named
by their position in the hand (dealt mode; the first of equal cards), except
those ``play`` names by what they show (a parenthesis ``(``, a Wild ``*A``);
in table mode every card is named by its word. Plays that leave the same
Proof with the same cards are listed once.

One move the rules accept is left out on purpose: a Tabula Rasa that leaves
the Proof broken when nothing the seat still holds can mend it with the
turn's last play, since the turn could then not be finished (the table would
need an undo). ``score`` and ``end`` are the table's commands, not moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement

from referee.ergo.cards import OPERATORS, VARIABLES, Card, Face, ProofCard, Role
from referee.ergo.proof import Proof, Spot
from referee.ergo.reading import ReadingRules, ThenChain, read_premise
from referee.ergo.setup import FallacyBlocks, TabulaParenthesis
from referee.ergo.state import Game
from referee.ergo.syntax import MAX_PREMISES, SyntaxViolation, first_violation

Row = tuple[ProofCard, ...]
Option = tuple[Card, Face]  # a card and what it shows when played
WILD_WORDS = {Card.WILD_VARIABLE: "*var", Card.WILD_OPERATOR: "*op"}


@dataclass(frozen=True)
class Turn:
    """What the seat's choices now depend on: a game's turn, or one imagined after a play."""

    rows: tuple[Row, ...]
    held: tuple[tuple[Card, int], ...]  # cards the seat can play, and how many
    names: tuple[tuple[Card, tuple[str, ...]], ...] | None  # dealt: hand positions per card
    plays_left: int
    reading: ReadingRules
    tabula_pair: bool  # a parenthesis taken by a Tabula Rasa takes its partner
    placing: bool  # not under a Fallacy
    changing: bool  # may play Tabula Rasa and Revolution
    under_fallacy: bool
    targets: tuple[str, ...]  # who a Fallacy may be played on
    tabula_this_turn: bool

    def count(self, card: Card) -> int:
        return dict(self.held).get(card, 0)


def turn_of(game: Game, seat: str) -> Turn | None:
    """The seat's turn as :func:`moves` reads it, or None when the seat has nothing to do."""
    if game.mover != seat or game.plays_left < 1:
        return None
    if game.dealt:
        hand = game.hand(seat)
        held = Counter(hand)
        names: dict[Card, list[str]] = {}
        for i, card in enumerate(hand, start=1):
            names.setdefault(card, []).append(str(i))
        named = tuple((c, tuple(n)) for c, n in names.items())
    else:
        known = game.known()
        held = Counter({c: game.deck.count(c) - known[c] for c in Card})
        named = None
    under = seat in game.fallacy
    rules = game.rules
    return Turn(
        rows=game.proof.premises,
        held=tuple((c, n) for c, n in held.items() if n > 0),
        names=named,
        plays_left=game.plays_left,
        reading=rules.reading,
        tabula_pair=rules.tabula_parenthesis == TabulaParenthesis.PAIR,
        placing=not under,
        changing=not (under and rules.fallacy_blocks == FallacyBlocks.CHANGING),
        under_fallacy=under,
        targets=tuple(
            p
            for p in game.players
            if p != seat and p not in game.fallacy and p not in game.justified
        ),
        tabula_this_turn=game.tabula_this_turn,
    )


def legal_lines(game: Game, seat: str) -> tuple[str, ...]:
    """Every move ``seat`` may make now, each a line its ``Session.execute`` accepts."""
    turn = turn_of(game, seat)
    return () if turn is None else tuple(line for line, _ in moves(turn))


# ------------------------------------------------------------------ checks


@lru_cache(maxsize=65536)
def _premise_ok(faces: tuple[Face, ...], reading: ReadingRules) -> bool:
    if first_violation(faces) is not None:
        return False
    if reading.then_chain != ThenChain.REFUSE:
        return True
    try:
        read_premise(faces, reading)
    except SyntaxViolation:
        return False
    return True


def _row_ok(row: Row, reading: ReadingRules) -> bool:
    return _premise_ok(tuple(c.face for c in row), reading)


def proof_ok(rows: Sequence[Row], reading: ReadingRules) -> bool:
    """Whether a Proof keeps every card rule (what the rules check at a turn's end)."""
    return len(rows) <= MAX_PREMISES and all(_row_ok(r, reading) for r in rows)


def _balance(face: Face) -> int:
    """A well-formed premise has one variable more than operators, before and after a play."""
    return 1 if face in VARIABLES else -1 if face in OPERATORS else 0


# ------------------------------------------------------------------ moves


def moves(turn: Turn) -> Iterator[tuple[str, Proof | None]]:
    """Each legal line with the Proof it leaves (None: the round stops on an Ergo)."""
    ok_now = proof_ok(turn.rows, turn.reading)
    if turn.placing:
        yield from _placements(turn)
    if turn.changing:
        yield from _tabulas(turn, ok_now)
        yield from _revolutions(turn)
    proof = Proof(turn.rows)
    if ok_now:  # (a Proof left broken by this turn's Tabula Rasa: one play left to mend it)
        yield from ((line, proof) for line in _plain(turn))
    if ok_now and proof.ergo_allowed:
        for card, word in ((Card.ERGO, ""), *WILD_WORDS.items()):
            if turn.count(card):
                yield ("ergo " + (word or "")).strip(), None


def _plain(turn: Turn) -> Iterator[str]:
    """The plays that leave the Proof as it is: discards, Fallacies, Justifications."""
    if turn.names is None:
        for n in range(1, turn.plays_left + 1):
            yield f"discard {n}"
    else:
        names = dict(turn.names)
        kinds = [c for c, _ in turn.names]
        for card in kinds:
            yield f"discard {names[card][0]}"
        if turn.plays_left >= 2:
            for a, b in combinations_with_replacement(kinds, 2):
                if a == b and len(names[a]) < 2:
                    continue
                second = names[b][1] if a == b else names[b][0]
                yield f"discard {names[a][0]} {second}"
    if turn.count(Card.FALLACY):
        for target in turn.targets:
            yield f"fallacy {target}"
    if turn.under_fallacy:
        for card, word in ((Card.JUSTIFICATION, ""), *WILD_WORDS.items()):
            if turn.count(card):
                yield ("justify " + word).strip()


def _options(turn: Turn) -> list[Option]:
    """Each card the seat holds with each face it can show in the Proof."""
    return [(card, face) for card, _ in turn.held for face in card.faces]


def _placements(turn: Turn) -> Iterator[tuple[str, Proof]]:
    options = _options(turn)
    rows = turn.rows
    seen: set[tuple[Row, ...]] = set()
    count = len(rows)

    def fits(used: Sequence[Option]) -> bool:
        need = Counter(c for c, _ in used)
        return all(turn.count(c) >= n for c, n in need.items())

    def result(
        changes: dict[int, Row],
    ) -> tuple[Row, ...] | None:
        out = tuple(changes.get(i, row) for i, row in enumerate(rows))
        out += tuple(changes[i] for i in sorted(changes) if i >= count)
        if out in seen or not proof_ok(out, turn.reading):
            return None
        seen.add(out)
        return out

    def card(option: Option) -> ProofCard:
        return ProofCard(option[0], option[1])

    singles = []  # (premise index, gap, option) for one card to an existing premise
    for i, row in enumerate(rows):
        for option in options:
            if option[1] != Face.NOT:  # only a NOT keeps a premise's balance on its own
                continue
            for gap in range(len(row) + 1):
                new = row[:gap] + (card(option),) + row[gap:]
                if _row_ok(new, turn.reading):
                    singles.append((i, gap, option))
    lone = [o for o in options if o[1] in VARIABLES]  # a new premise of one card

    def said(placed: Sequence[tuple[int, int | None, Option]]) -> str:
        """``play`` with these (premise index, gap or None for new, option) as it is typed."""
        names = {c: list(n) for c, n in turn.names} if turn.names is not None else None
        at: list[str] = []
        new: dict[int, list[str]] = {}
        for i, gap, (c, face) in placed:
            if c.wild:
                word = "*" + face.value
            elif c == Card.PARENTHESIS or names is None:
                word = face.value
            else:
                word = names[c].pop(0)
            if gap is None:
                new.setdefault(i, []).append(word)
            else:
                at.append(f"{word} at {i + 1}:{gap}")
        parts = [" ".join(at)] if at else []
        parts += [" ".join(new[i]) for i in sorted(new)]
        return "play " + ", ".join(parts)

    # One card.
    for i, gap, option in singles:
        row = rows[i]
        out = result({i: row[:gap] + (card(option),) + row[gap:]})
        if out is not None:
            yield said([(i, gap, option)]), Proof(out)
    if count < MAX_PREMISES:
        for option in lone:
            out = result({count: (card(option),)})
            if out is not None:
                yield said([(count, None, option)]), Proof(out)
    if turn.plays_left < 2:
        return
    # Two cards in one premise (or a new one of two cards).
    for a in options:
        for b in options:
            total = _balance(a[1]) + _balance(b[1])
            if total not in (0, 1) or not fits((a, b)):
                continue
            # Parentheses come as one of each (a close may come first: ``( A ) OR ( B )``
            # from ``( A OR B )``).
            if Counter((a[1], b[1]))[Face.OPEN] != Counter((a[1], b[1]))[Face.CLOSE]:
                continue
            if total == 0:
                for i, row in enumerate(rows):
                    for g1 in range(len(row) + 1):
                        for g2 in range(g1, len(row) + 1):
                            new = row[:g1] + (card(a),) + row[g1:g2] + (card(b),) + row[g2:]
                            if not _row_ok(new, turn.reading):
                                continue
                            out = result({i: new})
                            if out is not None:
                                if g1 == g2:
                                    line = _same_gap(said([(i, g1, a), (i, g1, b)]))
                                else:
                                    line = said([(i, g1, a), (i, g2, b)])
                                yield line, Proof(out)
            elif count < MAX_PREMISES:  # one variable more: only a new premise
                out = result({count: (card(a), card(b))})
                if out is not None:
                    yield said([(count, None, a), (count, None, b)]), Proof(out)
    # One card in each of two premises.
    for x, (i, g, a) in enumerate(singles):
        for j, h, b in singles[x + 1 :]:
            if j == i or not fits((a, b)):
                continue
            new_i = rows[i][:g] + (card(a),) + rows[i][g:]
            new_j = rows[j][:h] + (card(b),) + rows[j][h:]
            out = result({i: new_i, j: new_j})
            if out is not None:
                yield said([(i, g, a), (j, h, b)]), Proof(out)
    if count < MAX_PREMISES:
        for i, g, a in singles:
            for b in lone:
                if not fits((a, b)):
                    continue
                out = result({i: rows[i][:g] + (card(a),) + rows[i][g:], count: (card(b),)})
                if out is not None:
                    yield said([(i, g, a), (count, None, b)]), Proof(out)
    if count + 2 <= MAX_PREMISES:
        for a in lone:  # both orders: the premises are numbered as written
            for b in lone:
                if not fits((a, b)):
                    continue
                out = result({count: (card(a),), count + 1: (card(b),)})
                if out is not None:
                    yield said([(count, None, a), (count + 1, None, b)]), Proof(out)


def _same_gap(line: str) -> str:
    """``play X at p:g Y at p:g`` → ``play X Y at p:g`` (two cards at one gap, in order)."""
    words = line.split()
    return f"play {words[1]} {words[4]} at {words[3]}"


def _spots(rows: Sequence[Row]) -> Iterator[tuple[Spot, ProofCard]]:
    for p, row in enumerate(rows, start=1):
        for i, c in enumerate(row, start=1):
            yield Spot(p, i), c


def _tabulas(turn: Turn, ok_now: bool) -> Iterator[tuple[str, Proof]]:
    if not turn.count(Card.TABULA_RASA):
        return
    proof = Proof(turn.rows)
    seen: set[tuple[Row, ...]] = set()
    held = Counter(dict(turn.held))
    held[Card.TABULA_RASA] -= 1
    names = None
    if turn.names is not None:
        named = dict(turn.names)
        named[Card.TABULA_RASA] = named[Card.TABULA_RASA][1:]
        names = tuple((c, n) for c, n in named.items() if n)
    for spot, c in _spots(turn.rows):
        pair = c.face.role == Role.PARENTHESIS
        if pair and not turn.tabula_pair:
            continue
        after, _ = proof.remove(spot, with_partner=pair)
        if after.premises in seen:
            continue
        if not proof_ok(after.premises, turn.reading):
            if turn.plays_left == 1:
                continue
            rest = replace(
                turn,
                rows=after.premises,
                held=tuple((k, n) for k, n in held.items() if n > 0),
                names=names,
                plays_left=turn.plays_left - 1,
                tabula_this_turn=True,
            )
            mended = (p for _, p in moves(rest) if p is not None)
            if not any(proof_ok(p.premises, turn.reading) for p in mended):
                continue
        seen.add(after.premises)
        yield f"tabula {spot}", after


def _revolutions(turn: Turn) -> Iterator[tuple[str, Proof]]:
    if not turn.count(Card.REVOLUTION):
        return
    proof = Proof(turn.rows)
    check = turn.plays_left == 1 or not turn.tabula_this_turn
    spots = [(s, c) for s, c in _spots(turn.rows) if c.face.role in (Role.VARIABLE, Role.OPERATOR)]
    seen: set[tuple[Row, ...]] = set()
    for x, (s, a) in enumerate(spots):
        for t, b in spots[x + 1 :]:
            if a.face.role != b.face.role or a.face == b.face:
                continue
            after = proof.swap(s, t)
            if after.premises in seen:
                continue
            if check and not proof_ok(after.premises, turn.reading):
                continue
            seen.add(after.premises)
            yield f"revolution {s} {t}", after
