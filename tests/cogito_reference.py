"""The lookahead's played-out game written plainly, for tests: cards by name, sets of
names, the rules read from the diagram's judgements at each step. The lookahead's own
engine (:func:`referee.cogito.lookahead.play_out`) plays the same games in numbers and
must agree with this one world by world, seed by seed (the same draws of the same
random numbers in the same order)."""

from __future__ import annotations

import random

from referee.cogito.diagram import CardKind
from referee.cogito.lookahead import MAX_STEPS, RED_LIMIT, TIE, Move, World


def reference_play_out(world: World, move: Move, rng: random.Random) -> float:
    """What :func:`~referee.cogito.lookahead.play_out` must say: 1.0 when the seat finds
    itself first, TIE when nobody does, else 0.0. ``world`` is not changed."""
    game = _Reference(world.copy(), rng)
    w = game.w
    if move.give:
        game.trade(move.card)
        game.new_round()
    else:
        game.play(w.queue.pop(0), move.card)
    for _ in range(MAX_STEPS):
        if not w.playing[w.seat]:
            return 0.0
        first = game.first_sure(w.queue[0] if w.queue else w.starter)
        if first is not None:
            return 1.0 if first == w.seat else 0.0
        if w.queue:
            i = w.queue.pop(0)
            if w.playing[i] and w.hands[i]:
                game.play(i, game.choose(i))
        elif not game.end_round():
            return TIE
    return 0.0


class _Reference:
    def __init__(self, world: World, rng: random.Random) -> None:
        self.w = world
        self.rng = rng
        self.n = len(world.selves)
        world.candidates = [set(c) for c in world.candidates]

    def clockwise(self, start: int) -> list[int]:
        return [j for k in range(self.n) if self.w.playing[j := (start + k) % self.n]]

    def left_of(self, i: int) -> int:
        return next((j for j in self.clockwise(i) if j != i), i)

    def first_sure(self, start: int) -> int | None:
        w = self.w
        return next(
            (j for j in self.clockwise(start) if len(w.candidates[j]) == 1 and w.declares[j]),
            None,
        )

    def see(self, i: int, card: str) -> None:
        self.w.candidates[i].discard(card)  # only a Self card's name is ever a candidate

    def play(self, i: int, card: str) -> None:
        w, rules = self.w, self.w.rules
        w.hands[i].remove(card)
        for j in range(self.n):
            self.see(j, card)
        if rules.kind[card] == CardKind.DREAM:
            w.pile[:0] = reversed(w.fields[i])
            w.fields[i], w.reds[i] = [card], 0
            return
        w.fields[i].append(card)
        if rules.kind[card] == CardKind.EGO:
            w.reds[i] += 1
        else:
            blue = rules.blue[(w.selves[i], card)]
            w.candidates[i] = {s for s in w.candidates[i] if rules.blue[(s, card)] == blue}
            w.reds[i] += not blue
        if w.reds[i] >= RED_LIMIT:
            w.playing[i] = False
            for j in range(self.n):
                self.see(j, w.selves[i])

    def end_round(self) -> bool:
        w = self.w
        active = self.clockwise(w.starter)
        if len(w.pile) >= len(active):
            for j in active:
                w.hands[j].append(w.pile.pop())
                self.see(j, w.hands[j][-1])
            if len(active) >= 2 and all(len(w.hands[j]) >= 2 for j in active):
                if self.first_sure(w.starter) is None:
                    self.trade(None)
        return self.new_round()

    def trade(self, mine: str | None) -> None:
        w = self.w
        gifts = []
        for j in self.clockwise(w.starter):
            if j == w.seat and mine is not None:
                gifts.append((j, mine))
            elif j == w.seat:
                keep = self.quick(j)
                gifts.append((j, next((c for c in w.hands[j] if c != keep), w.hands[j][0])))
            else:
                gifts.append((j, self.rng.choice(w.hands[j])))
        for j, card in gifts:
            w.hands[j].remove(card)
        for j, card in gifts:
            w.hands[self.left_of(j)].append(card)
            self.see(self.left_of(j), card)

    def new_round(self) -> bool:
        w = self.w
        if not w.playing[w.starter]:
            w.starter = self.left_of(w.starter)
        w.queue = self.clockwise(w.starter)
        return any(w.hands[j] for j in w.queue)

    def choose(self, i: int) -> str:
        return self.quick(i) if i == self.w.seat else self.rng.choice(self.w.hands[i])

    def quick(self, i: int) -> str:
        """Dream first after a red card, a splitting declaration while it can afford a
        red card (the most even split first), then one blue for every candidate (a
        category before a Self card), then one that may lie red, the Ego card last."""
        w, rules = self.w, self.w.rules

        def key(card: str) -> tuple:
            kind = rules.kind[card]
            if kind == CardKind.DREAM:
                return (0 if w.reds[i] else 2, 0)
            if kind == CardKind.EGO:
                return (9, 0)
            blue = sum(rules.blue[(s, card)] for s in w.candidates[i])
            red = len(w.candidates[i]) - blue
            if red and w.reds[i]:
                return (8, -red)
            if red and blue:
                return (1, abs(blue - red))
            return (3, int(kind == CardKind.SELF))

        return min(w.hands[i], key=key)  # the first of the best, in the hand's order
