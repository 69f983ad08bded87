"""What may yet happen, seen from one seat: worlds it cannot tell apart, played out.

The default computer player (:mod:`referee.cogito.player`) weighs each of its plays and
gifts by playing the rest of the game out in many *worlds*: ways the cards it cannot
see could lie, drawn from its view alone. Its own Self card is drawn from its belief
(:mod:`referee.cogito.belief`); the others' hands and the pile are dealt from the cards
it has not seen, in a random order (the card it gave last stays in its receiver's hand
until that player could have let it go). So the lookahead knows no more than the seat:
a world is a guess, never the deal.

In each world the game runs to its end under a quick model of the rules (no record, no
events, the default house rules). Every other player knows what a plain deduction
player would know from its own seat (the Self cards on the holders it sees, in its
hand and revealed, the cards this seat and it gave each other, and its own judged
declarations), plays and gives at random, and either says COGITO the moment one Self
card is left (a deduction player) or never does (a random one): each, with chance
:data:`DECLARES`. What the others' silences tell is weighed, never trusted: a player
that stayed silent at a choice of its own the view shows (a play earlier in this
round, a gift already chosen in this trade), when a world would have left it one card
then, is in that world one that never declares, and the world counts for less (its
``weight``). The seat itself plays a quick policy and declares when sure. A move's
worth is the weighted share of worlds in which the seat finds itself first, so finding
itself sooner, telling the others little (a Self card kept in the hand is one they
cannot strike off) and leaving the player on its left cards that lie red for it all
count, in the one currency of games won.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from referee.cogito.diagram import CardKind, Diagram
from referee.cogito.judge import judge

RED_LIMIT = 2  # two red cards in a field: ego disruption (referee.cogito.setup)
# What a tie is worth beside a win (1) and a loss (0, the seat's ego disruption too): a
# little, so that of two moves that win as often the one that risks less is taken.
TIE = 0.25
# The chance that another player says COGITO as soon as it is sure (a deduction player
# does, a random player never does): its silence when a world would make it sure counts
# against that world by this much.
DECLARES = 0.5
MAX_STEPS = 400  # a played-out game has about 40 steps; this only bounds a faulty world


class Judgements:
    """The diagram as the lookahead reads it: each card's kind, and for every Self card
    and every card that declares, whether "I am not <card>!" lies blue for its holder."""

    def __init__(self, diagram: Diagram) -> None:
        self.diagram = diagram
        self.selves = diagram.self_names
        self.kind = {c.name: c.kind for c in diagram.cards}
        self.deck = Counter(diagram.pile())
        self.blue = {
            (s, c.name): judge(diagram, s, c.name).true
            for s in diagram.self_names
            for c in diagram.cards
            if c.declares
        }
        # The same, as integers for the played-out games: each card a number, a set of
        # Self cards a bit mask (bit k: the k-th Self card of the deck).
        names = [*dict.fromkeys([*(c.name for c in diagram.cards), *self.selves])]
        self.number = {name: k for k, name in enumerate(names)}
        self.names = names
        bits = {s: 1 << k for k, s in enumerate(self.selves)}
        self.bit = [bits.get(n, 0) if self.shows_self(n) else 0 for n in names]
        self.self_bit = [bits.get(n, 0) for n in names]
        self.code = [_code(self.kind.get(n, CardKind.SELF)) for n in names]
        self.blue_mask = [
            sum(bits[s] for s in self.selves if self.blue.get((s, n), False)) for n in names
        ]
        self._sets: dict[int, frozenset[str]] = {}
        self._orders: dict[tuple[bool, ...], list[list[int]]] = {}

    def mask(self, selves: Iterable[str]) -> int:
        """``selves`` as a bit mask (any other card counts for nothing)."""
        return sum(self.self_bit[self.number[s]] for s in selves)

    def judged(self, played: Sequence[Mapping[str, Any]]) -> int:
        """The Self cards (a mask) for which every judged card of ``played`` (a view's cards
        with their positions) lies as it lay."""
        allowed = (1 << len(self.selves)) - 1
        for placed in played:
            card = self.number[placed["card"]]
            if self.code[card] == DECLARING:
                mask = self.blue_mask[card]
                allowed &= mask if placed["position"] == "blue" else ~mask
        return allowed

    def selves_in(self, mask: int) -> frozenset[str]:
        """The Self cards of a mask."""
        found = self._sets.get(mask)
        if found is None:
            found = frozenset(s for k, s in enumerate(self.selves) if mask >> k & 1)
            self._sets[mask] = found
        return found

    def orders(self, playing: tuple[bool, ...]) -> list[list[int]]:
        """From each seat, the players still in, clockwise."""
        found = self._orders.get(playing)
        if found is None:
            n = len(playing)
            found = [[j for k in range(n) if playing[j := (s + k) % n]] for s in range(n)]
            self._orders[playing] = found
        return found

    def deduce(self, seen: set[str], played: Sequence[Mapping[str, Any]]) -> set[str]:
        """The Self cards a player may hold who has seen ``seen`` and revealed ``played``
        (a view's cards with their positions): plain deduction."""
        judged = [(c["card"], c["position"] == "blue") for c in played if self.declares(c["card"])]
        return {
            s
            for s in self.selves
            if s not in seen and all(self.blue[(s, c)] == b for c, b in judged)
        }

    def declares(self, card: str) -> bool:
        """Whether revealing ``card`` is a judged declaration (not the Ego, not Dream)."""
        return self.kind[card] in (CardKind.CATEGORY, CardKind.SELF)

    def shows_self(self, card: str) -> bool:
        """Whether seeing ``card`` strikes a Self card off (a Self card or the Ego)."""
        return self.kind[card] in (CardKind.SELF, CardKind.EGO)


DECLARING, EGO, DREAM = 0, 1, 2  # what revealing a card does, as the played-out games read it


def _code(kind: CardKind) -> int:
    return {CardKind.DREAM: DREAM, CardKind.EGO: EGO}.get(kind, DECLARING)


@dataclass(slots=True)
class World:
    """One way the game could stand now, every card placed: seats in seating order."""

    rules: Judgements
    seat: int  # the seat whose lookahead this is
    selves: list[str]
    hands: list[list[str]]
    reds: list[int]
    fields: list[list[str]]
    playing: list[bool]
    candidates: list[set[str]] | list[frozenset[str]]  # what each one's deduction leaves
    pile: list[str]  # the top is the end
    queue: list[int]  # still to play this round, the player to move first
    starter: int  # who starts the rounds
    declares: list[bool]  # whether each player says COGITO once sure (the seat does)
    weight: float  # how likely this world is beside the others drawn (their silences)
    # The world in numbers (cards by number, sets of Self cards as masks), made once for
    # the games played out in it: selves, hands, fields, pile, candidates.
    numbers: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def in_numbers(self) -> tuple:
        if self.numbers is None:
            rules = self.rules
            number = rules.number
            self.numbers = (
                [rules.self_bit[number[s]] for s in self.selves],
                [[number[c] for c in h] for h in self.hands],
                [[number[c] for c in f] for f in self.fields],
                [number[c] for c in self.pile],
                [rules.mask(c) for c in self.candidates],
            )
        return self.numbers

    def copy(self) -> World:
        return World(
            self.rules,
            self.seat,
            self.selves,
            [list(h) for h in self.hands],
            list(self.reds),
            [list(f) for f in self.fields],
            list(self.playing),
            [set(c) for c in self.candidates],
            list(self.pile),
            list(self.queue),
            self.starter,
            self.declares,
            self.weight,
        )


@dataclass(frozen=True)
class Move:
    """The seat's move whose worth is asked: ``give`` a card in the trade, or play it."""

    card: str
    give: bool = False


# ------------------------------------------------------------------ playing out


def play_out(world: World, move: Move, rng: random.Random) -> float:
    """1.0 when the seat finds itself first in ``world`` after ``move``, :data:`TIE` when
    nobody does, else 0.0 (another player first, or its ego disruption). ``world`` is
    not changed."""
    game = _Game(world, rng)
    card = world.rules.number[move.card]
    if move.give:
        game.trade(card)
        game.new_round()
    else:
        game.play(game.queue.pop(0), card)
    return game.run()


class _Game:
    """The rules, quickly: turns, judgements, Dream, disruption, the draw and the trade,
    on a copy of a world in numbers (cards by number, sets of Self cards as bit masks).
    A player sure of its card declares at once, the first clockwise from the one to move."""

    def __init__(self, world: World, rng: random.Random) -> None:
        selves, hands, fields, pile, candidates = world.in_numbers()
        self.rules = world.rules
        self.rng = rng
        self.n = len(world.selves)
        self.seat = world.seat
        self.selves = selves
        self.hands = [list(h) for h in hands]
        self.fields = [list(f) for f in fields]
        self.pile = list(pile)
        self.candidates = list(candidates)
        self.reds = list(world.reds)
        self.playing = list(world.playing)
        self.queue = list(world.queue)
        self.starter = world.starter
        self.declares = world.declares
        self.orders: list[list[int]] = []
        self.reorder()

    def reorder(self) -> None:
        """Each player's clockwise order of the players still in (after a disruption)."""
        self.orders = self.rules.orders(tuple(self.playing))

    def run(self) -> float:
        seat, playing = self.seat, self.playing
        for _ in range(MAX_STEPS):
            if not playing[seat]:
                return 0.0
            first = self.first_sure(self.queue[0] if self.queue else self.starter)
            if first is not None:
                return 1.0 if first == seat else 0.0
            if self.queue:
                i = self.queue.pop(0)
                if playing[i] and self.hands[i]:
                    self.play(i, self.choose_play(i))
            elif not self.end_round():
                return TIE  # every hand empty and nobody sure
        return 0.0

    def clockwise(self, start: int) -> list[int]:
        return self.orders[start]

    def left_of(self, i: int) -> int:
        for k in range(1, self.n + 1):
            if self.playing[j := (i + k) % self.n]:
                return j
        return i

    def first_sure(self, start: int) -> int | None:
        """The first player, clockwise from ``start``, whose deduction leaves one card: it
        declares COGITO and is right."""
        candidates, declares = self.candidates, self.declares
        for j in self.orders[start]:
            if candidates[j].bit_count() == 1 and declares[j]:
                return j
        return None

    def see_all(self, bit: int) -> None:
        """Every player sees a card that shows ``bit`` (0: one that shows no Self card)."""
        if bit:
            candidates = self.candidates
            for j in range(self.n):
                candidates[j] &= ~bit

    def play(self, i: int, card: int) -> None:
        rules = self.rules
        self.hands[i].remove(card)
        self.see_all(rules.bit[card])
        code = rules.code[card]
        if code == DREAM:
            self.pile[:0] = reversed(self.fields[i])  # under the pile, in the field's order
            self.fields[i] = [card]
            self.reds[i] = 0
            return
        self.fields[i].append(card)
        if code == EGO:
            self.reds[i] += 1
        else:
            mask = rules.blue_mask[card]
            if mask & self.selves[i]:
                self.candidates[i] &= mask
            else:
                self.candidates[i] &= ~mask
                self.reds[i] += 1
        if self.reds[i] >= RED_LIMIT:
            self.playing[i] = False
            self.reorder()
            self.see_all(self.selves[i])  # its Self card is shown (house rule reveal_disrupted)

    def end_round(self) -> bool:
        """The draw, the trade unless someone is sure by then, and the next round; False
        when no hand holds a card."""
        active = self.clockwise(self.starter)
        pile, bit = self.pile, self.rules.bit
        if len(pile) >= len(active):
            for j in active:
                card = pile.pop()
                self.hands[j].append(card)
                self.candidates[j] &= ~bit[card]
            trade = len(active) >= 2 and all(len(self.hands[j]) >= 2 for j in active)
            if trade and self.first_sure(self.starter) is None:
                self.trade(None)
        return self.new_round()

    def trade(self, mine: int | None) -> None:
        active = self.clockwise(self.starter)
        gifts = [
            (j, self.choose_gift(j) if j != self.seat or mine is None else mine) for j in active
        ]
        for j, card in gifts:
            self.hands[j].remove(card)
        bit = self.rules.bit
        for j, card in gifts:
            k = self.left_of(j)
            self.hands[k].append(card)
            self.candidates[k] &= ~bit[card]

    def new_round(self) -> bool:
        if not self.playing[self.starter]:
            self.starter = self.left_of(self.starter)
        self.queue = list(self.orders[self.starter])
        return any(self.hands[j] for j in self.queue)

    def choose_play(self, i: int) -> int:
        if i != self.seat:
            return self.rng.choice(self.hands[i])
        return self.quick_play(i)

    def choose_gift(self, i: int) -> int:
        hand = self.hands[i]
        if i != self.seat:
            return self.rng.choice(hand)
        keep = self.quick_play(i)
        return next((c for c in hand if c != keep), hand[0])

    def quick_play(self, i: int) -> int:
        """The seat's own quick choice: a declaration that splits its candidates when it
        can afford a red card, else one that lies blue for them all (Dream first when a red
        card lies in its field); the Ego card last."""
        rules, candidates, reds = self.rules, self.candidates[i], self.reds[i]
        hand = self.hands[i]
        best, best_key = hand[0], (99, 0)
        size = candidates.bit_count()
        for card in hand:
            code = rules.code[card]
            if code == DREAM:
                key = (0 if reds else 2, 0)
            elif code == EGO:
                key = (9, 0)
            else:
                blue = (candidates & rules.blue_mask[card]).bit_count()
                red = size - blue
                if red and reds:
                    key = (8, -red)
                elif red and blue:
                    key = (1, abs(blue - red))
                else:
                    key = (3, int(rules.bit[card] != 0))
            if key < best_key:
                best, best_key = card, key
        return best


# ------------------------------------------------------------------ worlds


@dataclass(frozen=True)
class Memory:
    """What the seat remembers beside its view: the cards it gave, to whom, and where
    the rounds start (the view does not say). ``gifts``: (receiver, card, how many cards
    the receiver had revealed then), oldest first; ``received``: (giver, card), the cards
    given to it (their giver saw them)."""

    gifts: tuple[tuple[str, str, int], ...] = ()
    starter: str | None = None
    received: tuple[tuple[str, str], ...] = ()


def worlds(
    view: Mapping[str, Any],
    possible: Sequence[str],
    rules: Judgements,
    memory: Memory,
    rng: random.Random,
    count: int,
) -> list[World]:
    """``count`` worlds the seat of ``view`` cannot tell apart from the game, its own Self
    card one of ``possible``, each weighed by what the others' silences tell."""
    players = view["players"]
    names = [p["name"] for p in players]
    seat = next(i for i, p in enumerate(players) if p["you"])
    hand = [c["card"] for c in view["you"]["hand"]]
    fields = [[c["card"] for c in p["field"]] for p in players]
    unseen = rules.deck.copy()  # every card but the seat's hand, the holders and the fields
    unseen.subtract([*hand, *(c for f in fields for c in f)])
    unseen.subtract(p["self"] for i, p in enumerate(players) if i != seat and p["self"])
    held: list[tuple[int, str]] = []
    for receiver, card in held_gifts(players, memory):  # still in the hand it was given to
        held.append((names.index(receiver), card))
    told: list[set[str]] = [set() for _ in players]  # the cards the seat gave each player
    for receiver, card, _ in memory.gifts:
        if receiver in names:
            told[names.index(receiver)].add(card)
    for giver, card in memory.received:
        if giver in names:
            told[names.index(giver)].add(card)
    revealed = {c["card"] for p in players for c in p["played"]}
    queue, starter = turn_order(view, memory)
    choices = [None if i == seat else last_choice(view, i, starter) for i in range(len(players))]
    # What each other player's deduction rests on, as masks: what all have seen, what it
    # was told, its judgements; and the same at its last choice the view shows.
    seen_by_all = rules.mask(revealed)
    told_masks = [rules.mask(t) for t in told]
    judged = [rules.judged(p["played"]) for p in players]
    then_masks = [
        None if then is None else (rules.mask(revealed - then[0]), rules.judged(then[1]))
        for then in choices
    ]
    drawn = []
    for _ in range(count):
        own = rng.choice(possible)
        left = unseen.copy()
        left[own] -= 1
        hands: list[list[str]] = [[] for _ in players]
        hands[seat] = list(hand)
        for i, card in held:
            if left[card] > 0:
                left[card] -= 1
                hands[i].append(card)
        pile = sorted(left.elements())  # a fixed order, then the seat's own shuffle
        rng.shuffle(pile)
        for i, p in enumerate(players):
            while i != seat and len(hands[i]) < p["hand"] and pile:
                hands[i].append(pile.pop())
        selves = [own if i == seat else p["self"] for i, p in enumerate(players)]
        candidates, declares, weight = [], [], 1.0
        for i in range(len(players)):
            if i == seat:
                candidates.append(set(possible))
                declares.append(True)
                continue
            known = rules.mask(selves[j] for j in range(len(players)) if j != i)
            known |= told_masks[i] | rules.mask(hands[i])
            candidates.append(rules.selves_in(judged[i] & ~(known | seen_by_all)))
            # Its silence at its last choice the view shows: a player who says COGITO once
            # sure was not sure then; one that never says it tells nothing by it.
            then = then_masks[i]
            if then is not None and (then[1] & ~(known | then[0])).bit_count() == 1:
                weight *= 1 - DECLARES  # this world, only if that player never declares
                declares.append(False)
            else:
                declares.append(rng.random() < DECLARES)
        playing = [p["standing"] == "playing" for p in players]
        drawn.append(
            World(
                rules,
                seat,
                selves,
                hands,
                [sum(c["position"] == "red" for c in p["field"]) for p in players],
                [list(f) for f in fields],
                playing,
                candidates,
                pile,
                [i for i in queue if playing[i] and (hands[i] or i == seat)],
                starter,
                declares,
                weight,
            )
        )
    return drawn


def last_choice(
    view: Mapping[str, Any], i: int, starter: int
) -> tuple[set[str], Sequence[Mapping[str, Any]]] | None:
    """What player ``i`` had not yet seen at its last choice this view shows, and the cards
    it had revealed by then: its play earlier in this round (the cards revealed after it
    were not yet seen; its own card was in its hand, its judgement not yet known), or its
    gift already chosen in this trade (it knew what it knows now). None: no such choice."""
    players = view["players"]
    p = players[i]
    if p["standing"] != "playing":
        return None
    if view.get("phase") == "trade":
        return (set(), p["played"]) if p.get("chose_gift") else None
    names = [q["name"] for q in players]
    if turn_of(view) not in names:
        return None
    n, current = len(players), names.index(turn_of(view))
    shown = [len(q["played"]) for q in players]
    this_round = []  # who played this round, in order: from the starter to the current
    for k in range(n):
        j = (starter + k) % n
        if j == current:
            break
        if players[j]["standing"] == "playing" and shown[j] == shown[current] + 1:
            this_round.append(j)
    if i not in this_round:
        return None
    later = this_round[this_round.index(i) + 1 :]
    return {players[j]["played"][-1]["card"] for j in later}, p["played"][:-1]


def held_gifts(players: Sequence[Mapping[str, Any]], memory: Memory) -> list[tuple[str, str]]:
    """The seat's last gift, while it must still be in its receiver's hand: the receiver
    still plays, has revealed no copy of it since, and no trade has come since."""
    if not memory.gifts:
        return []
    receiver, card, shown = memory.gifts[-1]
    player = next((p for p in players if p["name"] == receiver), None)
    if player is None or player["standing"] != "playing":
        return []
    if any(c["card"] == card for c in player["played"][shown:]):
        return []
    return [(receiver, card)]


def turn_order(view: Mapping[str, Any], memory: Memory) -> tuple[list[int], int]:
    """Who is still to play this round, in order (empty in the trade), and who starts the
    rounds: read from how many cards each player has revealed (those who played this
    round have revealed one more), else remembered, else the first seat."""
    players = view["players"]
    n = len(players)
    names = [p["name"] for p in players]
    current = turn_of(view)
    if current not in names:
        start = names.index(memory.starter) if memory.starter in names else 0
        return [], start
    c = names.index(current)
    shown = [len(p["played"]) for p in players]
    queue = [c]
    for k in range(1, n):
        j = (c + k) % n
        if shown[j] > shown[c]:
            break
        if players[j]["standing"] == "playing" and players[j]["hand"]:
            queue.append(j)
    start = c
    for k in range(1, n):
        j = (c - k) % n
        if players[j]["standing"] != "playing":
            continue
        if shown[j] != shown[c] + 1:
            break
        start = j
    return queue, start


def turn_of(view: Mapping[str, Any]) -> str | None:
    """Whose turn it is to reveal a card (None in the trade, at the last call, and while
    the game stops for a COGITO, when ``to_play`` is the player to name a card)."""
    if view.get("phase") != "turns" or view.get("cogito"):
        return None
    return view.get("to_play")


def round_starter(view: Mapping[str, Any], memory: Memory) -> str | None:
    """The name of the player who starts the rounds, as the view shows it (at a turn), or
    as remembered."""
    names = [p["name"] for p in view["players"]]
    if turn_of(view) in names:
        return names[turn_order(view, memory)[1]]
    return memory.starter
