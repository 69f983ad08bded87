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

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate, combinations_with_replacement

from referee.ergo.cards import OPERATORS, VARIABLES, Card, Face, ProofCard, Role
from referee.ergo.proof import Proof, Spot
from referee.ergo.reading import ReadingRules, ThenChain, read_premise
from referee.ergo.setup import FallacyBlocks, TabulaParenthesis
from referee.ergo.state import Game
from referee.ergo.syntax import (
    MAX_PREMISE_CARDS,
    MAX_PREMISES,
    SyntaxViolation,
    first_violation,
)

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

# Each face as one character, so that a premise's faces are a string: sliced, joined and
# looked up at C speed (the lists are built from hundreds of thousands of candidate rows
# in table mode, and each listing is on the way to every page after a move).
FACE_CHAR: dict[Face, str] = {f: "ABCD&|>~()"[i] for i, f in enumerate(Face)}
CHAR_FACE: dict[str, Face] = {c: f for f, c in FACE_CHAR.items()}
# Each card-and-face a Proof can hold as one character (what tells two Proofs apart).
CARD_CHAR: dict[tuple[Card, Face], str] = {
    (c, f): chr(0x41 + i) for i, (c, f) in enumerate((c, f) for c in Card for f in c.faces)
}
# Premises already judged, by reading rules and faces (bounded: cleared when full).
_JUDGED: dict[ReadingRules, dict[str, bool]] = {}
MAX_JUDGED = 1 << 16


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


def _judged(reading: ReadingRules) -> dict[str, bool]:
    """The premises judged under ``reading``, by their faces' characters."""
    judged = _JUDGED.get(reading)
    if judged is None or len(judged) > MAX_JUDGED:
        judged = _JUDGED[reading] = {}
    return judged


# The card rules of :func:`referee.ergo.syntax.first_violation` as the neighbours each
# face may have, for a premise's faces as characters (variables ABCD, operators &|>, NOT
# ~; ``^`` the start, ``$`` the end). With the parentheses' depth (never below 0, 0 at
# the end) and the length limit, a premise whose neighbours are all allowed is well formed.
_NEXT = {
    "^": "ABCD~(",
    **dict.fromkeys("ABCD", "&|>)$"),
    **dict.fromkeys("&|>", "ABCD~("),
    "~": "ABCD(",
    "(": "ABCD~(",
    ")": "&|>)$",
}
_PAIRS = frozenset(a + b for a, after in _NEXT.items() for b in after)


def _forbidden() -> re.Pattern[str]:
    """A pattern finding the first pair of neighbours :data:`_NEXT` does not allow."""
    faces = "".join(FACE_CHAR.values())

    def chars(allowed: str) -> str:
        return "[" + re.escape("".join(c for c in faces if c not in allowed)) + "]"

    ends = "".join(a for a in faces if "$" not in _NEXT[a])
    parts = ["^" + chars(_NEXT["^"]), *(re.escape(a) + chars(_NEXT[a]) for a in faces)]
    return re.compile("|".join([*parts, "[" + re.escape(ends) + r"]\Z"]))


_FORBIDDEN = _forbidden()
_DEPTH = {"(": 1, ")": -1}


def _well_formed(code: str) -> bool:
    """Whether ``code`` (faces as characters) keeps the card rules (first_violation's)."""
    if len(code) > MAX_PREMISE_CARDS or _FORBIDDEN.search(code) is not None:
        return False
    if "(" not in code and ")" not in code:
        return True
    depths = list(accumulate(_DEPTH.get(c, 0) for c in code))
    return min(depths) >= 0 and depths[-1] == 0


def _code_ok(code: str, judged: dict[str, bool], reading: ReadingRules) -> bool:
    """Whether the premise whose faces are ``code`` keeps every card rule (and reads
    under ``reading``)."""
    ok = judged.get(code)
    if ok is None:
        ok = _well_formed(code)
        if ok and reading.then_chain == ThenChain.REFUSE:
            ok = _premise_ok(tuple(CHAR_FACE[c] for c in code), reading)
        judged[code] = ok
    return ok


def _fits(edged: str, gap: int, face: str) -> bool:
    """Whether ``face`` is allowed beside both neighbours of ``gap`` in ``edged`` (a
    premise's characters between ``^`` and ``$``)."""
    return edged[gap] + face in _PAIRS and face + edged[gap + 1] in _PAIRS


def _code(row: Row) -> str:
    return "".join(FACE_CHAR[c.face] for c in row)


def _key(row: Row) -> str:
    return "".join(CARD_CHAR[c.card, c.face] for c in row)


def proof_ok(rows: Sequence[Row], reading: ReadingRules) -> bool:
    """Whether a Proof keeps every card rule (what the rules check at a turn's end)."""
    if len(rows) > MAX_PREMISES:
        return False
    judged = _judged(reading)
    return all(_code_ok(_code(r), judged, reading) for r in rows)


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
    """Every play of one or two cards that leaves a Proof keeping the card rules, each
    Proof once. Premises are judged by their faces as strings (:data:`FACE_CHAR`) and
    told apart by their cards as strings (:data:`CARD_CHAR`); a card is made once per
    card and face, and a row only for a play that is listed."""
    options = _options(turn)
    rows = turn.rows
    reading = turn.reading
    judged = _judged(reading)
    count = len(rows)
    codes = [_code(row) for row in rows]
    keys = [_key(row) for row in rows]
    broken = {i for i, code in enumerate(codes) if not _code_ok(code, judged, reading)}
    held = dict(turn.held)
    made = {o: ProofCard(o[0], o[1]) for o in options}
    face = {o: FACE_CHAR[o[1]] for o in options}
    key = {o: CARD_CHAR[o] for o in options}
    seen: set[tuple[str, ...]] = set()

    def ok(code: str) -> bool:
        return _code_ok(code, judged, reading)

    def fits(a: Option, b: Option) -> bool:
        return a[0] != b[0] or held.get(a[0], 0) >= 2

    def result(changes: dict[int, tuple[Row, str]]) -> tuple[Row, ...] | None:
        """The Proof ``changes`` (premise index: its row and key, each row already judged
        well formed) leave, if every other premise is well formed and it is new."""
        if not broken <= changes.keys():
            return None
        ordered = sorted(changes)
        out_key = tuple(changes[i][1] if i in changes else k for i, k in enumerate(keys))
        out_key += tuple(changes[i][1] for i in ordered if i >= count)
        if out_key in seen or len(out_key) > MAX_PREMISES:
            return None
        seen.add(out_key)
        out = tuple(changes[i][0] if i in changes else row for i, row in enumerate(rows))
        return out + tuple(changes[i][0] for i in ordered if i >= count)

    def insert(i: int, gap: int, option: Option) -> tuple[Row, str]:
        row = rows[i]
        return row[:gap] + (made[option],) + row[gap:], keys[i][:gap] + key[option] + keys[i][gap:]

    # (premise index, gap, option, the row and key it makes) for one card added to an
    # existing premise, and judged well formed there
    singles: list[tuple[int, int, Option, tuple[Row, str]]] = []
    for i, code in enumerate(codes):
        for option in options:
            if option[1] != Face.NOT:  # only a NOT keeps a premise's balance on its own
                continue
            for gap in range(len(code) + 1):
                if ok(code[:gap] + face[option] + code[gap:]):
                    singles.append((i, gap, option, insert(i, gap, option)))
    lone = [o for o in options if o[1] in VARIABLES and ok(face[o])]  # a premise of one card

    def alone(option: Option) -> tuple[Row, str]:
        return (made[option],), key[option]

    def play_line(placed: Sequence[tuple[int, int | None, Option]]) -> str:
        """``play`` with these (premise index, gap or None for new, option) as it is typed."""
        names = {c: list(n) for c, n in turn.names} if turn.names is not None else None
        at: list[str] = []
        new: dict[int, list[str]] = {}
        for i, gap, (c, face_) in placed:
            if c.wild:
                word = "*" + face_.value
            elif c == Card.PARENTHESIS or names is None:
                word = face_.value
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
    for i, gap, option, made_row in singles:
        out = result({i: made_row})
        if out is not None:
            yield play_line([(i, gap, option)]), Proof(out)
    if count < MAX_PREMISES:
        for option in lone:
            out = result({count: alone(option)})
            if out is not None:
                yield play_line([(count, None, option)]), Proof(out)
    if turn.plays_left < 2:
        return
    # Two cards in one premise (or a new one of two cards). Where two faces fit in a
    # premise is the same for every pair of cards that show them: worked out once.
    gaps: dict[tuple[str, str, int], list[tuple[int, int]]] = {}

    def fitting(fa: str, fb: str, i: int) -> list[tuple[int, int]]:
        """The gaps (g1 <= g2) where faces ``fa`` and ``fb`` make premise ``i`` well
        formed, in order; only where each is allowed beside its new neighbours."""
        found = gaps.get((fa, fb, i))
        if found is None:
            code = codes[i]
            edged = "^" + code + "$"  # gap g lies between edged[g] and edged[g + 1]
            right = [g for g in range(len(code) + 1) if _fits(edged, g, fb)]
            found = []
            for g1 in range(len(code) + 1):
                if edged[g1] + fa in _PAIRS and fb + edged[g1 + 1] in _PAIRS:
                    if fa + fb in _PAIRS and ok(code[:g1] + fa + fb + code[g1:]):
                        found.append((g1, g1))
                if _fits(edged, g1, fa):
                    found += [
                        (g1, g2)
                        for g2 in right
                        if g2 > g1 and ok(code[:g1] + fa + code[g1:g2] + fb + code[g2:])
                    ]
            gaps[fa, fb, i] = found
        return found

    for a in options:
        for b in options:
            total = _balance(a[1]) + _balance(b[1])
            if total not in (0, 1) or not fits(a, b):
                continue
            # Parentheses come as one of each (a close may come first: ``( A ) OR ( B )``
            # from ``( A OR B )``).
            if (a[1] == Face.OPEN) + (b[1] == Face.OPEN) != (a[1] == Face.CLOSE) + (
                b[1] == Face.CLOSE
            ):
                continue
            if total == 0:
                for i, row in enumerate(rows):
                    for g1, g2 in fitting(face[a], face[b], i):
                        ca, cb, k = made[a], made[b], keys[i]
                        new = row[:g1] + (ca,) + row[g1:g2] + (cb,) + row[g2:]
                        new_key = k[:g1] + key[a] + k[g1:g2] + key[b] + k[g2:]
                        out = result({i: (new, new_key)})
                        if out is not None:
                            if g1 == g2:
                                line = _same_gap(play_line([(i, g1, a), (i, g1, b)]))
                            else:
                                line = play_line([(i, g1, a), (i, g2, b)])
                            yield line, Proof(out)
            elif count < MAX_PREMISES:  # one variable more: only a new premise
                if ok(face[a] + face[b]):
                    pair = (made[a], made[b]), key[a] + key[b]
                    out = result({count: pair})
                    if out is not None:
                        yield play_line([(count, None, a), (count, None, b)]), Proof(out)
    # One card in each of two premises.
    for x, (i, g, a, made_i) in enumerate(singles):
        for j, h, b, made_j in singles[x + 1 :]:
            if j == i or not fits(a, b):
                continue
            out = result({i: made_i, j: made_j})
            if out is not None:
                yield play_line([(i, g, a), (j, h, b)]), Proof(out)
    if count < MAX_PREMISES:
        for i, g, a, made_i in singles:
            for b in lone:
                if not fits(a, b):
                    continue
                out = result({i: made_i, count: alone(b)})
                if out is not None:
                    yield play_line([(i, g, a), (count, None, b)]), Proof(out)
    if count + 2 <= MAX_PREMISES:
        for a in lone:  # both orders: the premises are numbered as written
            for b in lone:
                if not fits(a, b):
                    continue
                out = result({count: alone(a), count + 1: alone(b)})
                if out is not None:
                    yield play_line([(count, None, a), (count + 1, None, b)]), Proof(out)


def _same_gap(line: str) -> str:
    """``play X at p:g Y at p:g`` → ``play X Y at p:g`` (two cards at one gap, in order)."""
    words = line.split()
    return f"play {words[1]} {words[4]} at {words[3]}"


def _spots(rows: Sequence[Row]) -> Iterator[tuple[Spot, ProofCard]]:
    for p, row in enumerate(rows, start=1):
        for i, c in enumerate(row, start=1):
            yield Spot(p, i), c


def _partner(code: str, index: int) -> int | None:
    """The parenthesis pairing with the one at ``index`` of a premise's characters (None
    if it is unpaired), as :meth:`referee.ergo.proof.Proof.remove` pairs them."""
    step = 1 if code[index] == "(" else -1
    depth = 0
    i = index
    while 0 <= i < len(code):
        if code[i] in "()":
            depth += 1 if (code[i] == "(") == (step == 1) else -1
            if depth == 0:
                return i
        i += step
    return None


def _tabulas(turn: Turn, ok_now: bool) -> Iterator[tuple[str, Proof]]:
    if not turn.count(Card.TABULA_RASA):
        return
    proof = Proof(turn.rows)
    reading = turn.reading
    judged = _judged(reading)
    codes = [_code(row) for row in turn.rows]
    keys = [_key(row) for row in turn.rows]
    seen: set[tuple[str, ...]] = set()
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
        i, index = spot.premise - 1, spot.position - 1
        drop = {index}
        partner = _partner(codes[i], index) if pair else None
        if partner is not None:
            drop.add(partner)
        code = "".join(ch for k, ch in enumerate(codes[i]) if k not in drop)
        key = "".join(ch for k, ch in enumerate(keys[i]) if k not in drop)
        after_codes = [*codes[:i], *([code] if code else []), *codes[i + 1 :]]
        after_key = (*keys[:i], *([key] if key else []), *keys[i + 1 :])
        if after_key in seen:
            continue
        if not all(_code_ok(code, judged, reading) for code in after_codes):
            if turn.plays_left == 1:
                continue
            after, _ = proof.remove(spot, with_partner=pair)
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
        seen.add(after_key)
        yield f"tabula {spot}", proof.remove(spot, with_partner=pair)[0]


def _revolutions(turn: Turn) -> Iterator[tuple[str, Proof]]:
    if not turn.count(Card.REVOLUTION):
        return
    proof = Proof(turn.rows)
    check = turn.plays_left == 1 or not turn.tabula_this_turn
    reading = turn.reading
    judged = _judged(reading)
    codes = [_code(row) for row in turn.rows]
    keys = [_key(row) for row in turn.rows]
    spots = [(s, c) for s, c in _spots(turn.rows) if c.face.role in (Role.VARIABLE, Role.OPERATOR)]
    seen: set[tuple[str, ...]] = set()
    for x, (s, a) in enumerate(spots):
        for t, b in spots[x + 1 :]:
            if a.face.role != b.face.role or a.face == b.face:
                continue
            i, p, j, q = s.premise - 1, s.position - 1, t.premise - 1, t.position - 1
            after_codes, after_keys = list(codes), list(keys)
            for row, at, char_of in ((i, p, b), (j, q, a)):  # each spot shows the other's card
                code, key = after_codes[row], after_keys[row]
                after_codes[row] = code[:at] + FACE_CHAR[char_of.face] + code[at + 1 :]
                after_keys[row] = key[:at] + CARD_CHAR[char_of.card, char_of.face] + key[at + 1 :]
            after_key = tuple(after_keys)
            if after_key in seen:
                continue
            if check and not all(_code_ok(c, judged, reading) for c in after_codes):
                continue
            seen.add(after_key)
            yield f"revolution {s} {t}", proof.swap(s, t)
