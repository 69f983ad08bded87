"""Palmer's game at the table: the commands players type, read into events.

Short and forgiving: ``play blonde happy : ∀x …``, ``claim 2 3``, ``negate 2 1``.
A command either asks to see something (an outcome, nothing recorded) or
becomes one event, which :meth:`referee.table.session.Session.submit` puts to
the game's rules before it reaches the record. A claim is settled with the
engine first (:mod:`referee.palmer.claims`).

During play the referee only answers what it is asked: it settles claims and
lists the places a ¬ can go, but never says on its own whether the board is
consistent or what follows from it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace

from referee.language.limits import is_number
from referee.palmer import claims, hint, refusals
from referee.palmer.cards import CardError, resolve_card, short_name
from referee.palmer.derivations import offered_uses
from referee.palmer.events import Ballot, Claim, ClaimKind, End, Negate, Pass, Play, Vote
from referee.palmer.hint import proved as hinted_proof
from referee.palmer.outcomes import (
    BallotCast,
    ClaimSettled,
    Hinted,
    Negated,
    NegationPlaces,
    Passed,
    VoteTaken,
    Why,
    Written,
)
from referee.palmer.permissions import negation_sites
from referee.palmer.refusals import Tip
from referee.palmer.state import Game
from referee.table.commands import TableCommands, last_event
from referee.table.errors import Hint, Refusal
from referee.table.session import Actor, Asked, Declined, Outcomes, Refused, Session

ALIASES = {
    "p": "play",
    "write": "play",
    "w": "play",
    "n": "negate",
    "neg": "negate",
    "not": "negate",
    "c": "claim",
    "v": "vote",
    "b": "board",
    "h": "hand",
    "hands": "hand",
    "s": "scores",
    "score": "scores",
    "stop": "end",
    "y": "why",
    "m": "model",
    "hints": "hint",
}
MOVES = ("play", "negate", "claim", "vote", "pass", "end")
VERDICTS = ("yes", "no", "y", "n", "accept", "reject")  # what vote takes as its verdict
_INCONSISTENT_WORDS = {"inconsistent", "inconsistency", "contradiction", "⊥", "false", "absurd"}
_SEPARATOR = re.compile(r"\s:(?!=)|:(?=\s)|:$")


class ReadError(Exception):
    """A derivation file that cannot be read (the interface's reader raises it)."""


class PalmerCommands(TableCommands):
    """The command language; ``read_text`` reads a derivation file a claim names, and only
    the shared keyboard's language is given one (a seat's has none: ``claim N with FILE``
    then reads nothing, however it is quoted)."""

    aliases = ALIASES
    commands = frozenset(
        {"play", "negate", "pass", "end", "vote", "claim", "why", "model", "board", "hint"}
        | {"scores", "hand", "cards", "rules"}
    )
    moves = frozenset(MOVES)
    turn_moves = frozenset({"play", "negate", "claim", "pass"})  # the table votes and ends
    # A seat's vote is its own player's ballot (``vote yes`` at a seat is ``vote SEAT yes``).
    names_player = frozenset({"hand", "vote"})
    # Asked before ``end`` stops the game (a person at the keyboard), as Ergo asks; None: no
    # question (a script, the web table).
    confirm_end: Callable[[], bool] | None = None
    no_hands = refusals.Why.HANDS_ON_THE_TABLE

    def __init__(
        self, engine: claims.Engine | None = None, read_text: Callable[[str], str] | None = None
    ) -> None:
        self.engine = engine
        self.read_text = read_text
        self._hinted: hint.Claimable | None = None  # the last hint, reused where the board grew

    def not_now(self, game: Game, command: str) -> Outcomes | None:
        if game.pending is not None and command in self.turn_moves:  # before the engine runs
            why = Refusal(refusals.Why.VOTE_FIRST)
            return (Refused(hint=Hint(Tip.VOTE), reason=why),)
        return None

    def seat_refuses(self, game: Game, command: str, actor: Actor) -> Outcomes | None:
        if command == "hint" and game.rules.hints:
            # A seat's page shows it, computed beside the table: asked here it would hold
            # every move while the engine thinks.
            return (Refused(reason=Refusal(refusals.Why.HINT_ON_SCREEN)),)
        if command == "vote" and game.pending is not None:
            # A claim must convince the others: at one keyboard the table agrees aloud
            # before one of them types the verdict; a seat speaks alone.
            if self.player(game, actor.name) == game.pending.player:
                return (Refused(reason=Refusal(refusals.Why.OWN_CLAIM_VOTE)),)
        return None

    def names(self, game: Game, command: str, rest: str) -> tuple[str, ...]:
        words = rest.lower().split()
        if command == "vote" and len(words) < 2 and (not words or words[0] in VERDICTS):
            return ()  # ``vote yes`` is a verdict, even at a table where a player is called yes
        return super().names(game, command, rest)

    def _voter(self, game: Game, rest: str, actor: Actor | None) -> tuple[str | None, str]:
        """Who votes, and the verdict: ``vote NAME VERDICT`` names the voter; one word is
        the verdict, said by the actor's own player (a player called ``yes`` is named only
        before a verdict, so the others' ``vote yes`` stays theirs)."""
        words = rest.lower().split()
        if len(words) > 1 or (words and words[0] not in VERDICTS):
            return self.speaker(game, rest, actor)
        return self.speaker(game, "", actor)[0], rest

    # ------------------------------------------------------------ helpers

    @staticmethod
    def _resolve(game: Game, tokens: Sequence[str]) -> list[str]:
        """Card ids for the words typed; in dealt mode, copies in the hand (or positions)."""
        hand = game.hand() if game.dealt else None
        ids = []
        positions: list[int] = []
        for token in tokens:
            card = resolve_card(token, game.deck, hand)
            if hand is not None:
                if is_number(token):
                    index = int(token) - 1
                else:
                    free = [i for i, c in enumerate(hand) if c == card.id and i not in positions]
                    if not free:
                        raise CardError(refusals.Why.NOT_IN_YOUR_HAND, word=short_name(card))
                    index = free[0]
                if index in positions:
                    raise CardError(refusals.Why.NAMED_TWICE, number=index + 1)
                positions.append(index)
            ids.append(card.id)
        return ids

    # ------------------------------------------------------------- moves

    def _play(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        match = _SEPARATOR.search(rest)
        if match:
            card_part, text = rest[: match.start()], rest[match.end() :].strip()
        else:
            card_part, text = rest, ""
        tokens = [t for t in re.split(r"[\s,]+", card_part.strip()) if t]
        n = None
        for t in list(tokens):
            m = re.fullmatch(r"n=(\d{1,9})", t)
            if m:
                n = int(m.group(1))
                tokens.remove(t)
        if not tokens:
            hint = Hint(Tip.PLAY_EXAMPLES)
            return (Refused(hint=hint, reason=Refusal(refusals.Why.SAY_CARDS)),)
        try:
            ids = self._resolve(game, tokens)
        except CardError as exc:
            return (Refused(reason=exc.refusal),)
        cards = [game.deck.card(i) for i in ids]
        if len(cards) == 1 and cards[0].kind == "X" and cards[0].action == "negate":
            hint = Hint(Tip.NEGATE_LISTS)
            return (Refused(hint=hint, reason=Refusal(refusals.Why.NEGATE_INSERTS)),)
        if not text:
            if len(cards) == 1 and cards[0].kind == "S":
                card = cards[0]
                if card.parametric and (n is None or n < 1):
                    why = Refusal(refusals.Why.CHOOSE_N, word=card.label)
                    return (Refused(hint=Hint(Tip.PLAY_N, card.id), reason=why),)
                text = card.statement_for(n)
            else:
                why = Refusal(refusals.Why.STATEMENT_AFTER_COLON)
                return (Refused(hint=Hint(Tip.PLAY), reason=why),)
        event = Play(game.player, tuple(ids), text)
        outcomes = self.submit(session, event)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        entry = session.game.board[-1]  # type: ignore[attr-defined]
        return (Written(event, entry.id, entry.as_written), *outcomes)

    def _negate_card(self, game: Game) -> str:
        if game.dealt:
            for card_id in game.hand():
                card = game.deck.card(card_id)
                if card.kind == "X" and card.action == "negate":
                    return card_id
            raise CardError(refusals.Why.NO_NEGATE_IN_HAND)
        for card in game.deck.cards:
            if card.kind == "X" and card.action == "negate":
                return card.id
        raise CardError(refusals.Why.NO_NEGATE_IN_DECK)

    def _negate(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        parts = rest.replace("#", " ").split()
        if not parts or len(parts) > 2 or not all(is_number(p) for p in parts):
            return (Refused(reason=Refusal(refusals.Why.NEGATE_USAGE)),)
        entry = game.entry(int(parts[0]))  # refused (by the table) if there is none
        sites = negation_sites(entry.statement, entry.vocabulary)
        if len(parts) == 1:
            return (NegationPlaces(entry.id, entry.text, tuple(s.after.text for s in sites)),)
        k = int(parts[1])
        if not 1 <= k <= len(sites):
            return (
                Refused(
                    hint=Hint(Tip.NEGATE_LISTS_THEM, str(entry.id)),
                    reason=Refusal(refusals.Why.PLACES, number=entry.id, count=len(sites)),
                ),
            )
        try:
            card = self._negate_card(game)
        except CardError as exc:
            return (Refused(reason=exc.refusal),)
        before, after = entry.text, sites[k - 1].after.text
        event = Negate(game.player, card, entry.id, k, before, after)
        outcomes = self.submit(session, event)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        return (Negated(event), *outcomes)

    def _pass(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        tokens = [t for t in re.split(r"[\s,]+", rest) if t]
        try:
            ids = self._resolve(game, tokens) if tokens else []
        except CardError as exc:
            return (Refused(reason=exc.refusal),)
        event = Pass(game.player, tuple(ids))
        outcomes = self.submit(session, event)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        return (Passed(event.player, len(event.discard)), *outcomes)

    def _end(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        if self.confirm_end is not None and not game.finished and not self.confirm_end():
            return (Declined(Asked.END),)
        return self.submit(session, End(rest))

    def _vote(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        voter, said = self._voter(game, rest, actor)
        if voter is not None:  # one asked player's ballot; the house rule settles the claim
            return self._ballot(session, game, voter, said.lower().split())
        words = rest.lower().split()
        if not words or words[0] not in VERDICTS:
            return (Refused(reason=Refusal(refusals.Why.VOTE_USAGE)),)
        if game.pending is None:
            return (Refused(reason=Refusal(refusals.Why.NO_VOTE)),)
        accepted = words[0] in ("yes", "y", "accept")
        event = Vote(accepted)
        outcomes = self.submit(session, event)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        return (VoteTaken(event), *outcomes)

    def _ballot(self, session: Session, game: Game, voter: str, words: list[str]) -> Outcomes:
        if not words or words[0] not in VERDICTS:
            return (Refused(reason=Refusal(refusals.Why.VOTE_USAGE)),)
        if game.pending is None:
            return (Refused(reason=Refusal(refusals.Why.NO_VOTE)),)
        ballots = {**game.ballots, voter: words[0] in ("yes", "y", "accept")}
        event = Ballot(voter, ballots[voter])
        outcomes = self.submit(session, event)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        waiting = tuple(p for p in game.asked if p not in ballots)
        if game.pending is not None:
            return (BallotCast(event, waiting=waiting), *outcomes)
        assert game.voted is not None  # the last ballot settled the claim
        return (BallotCast(event), VoteTaken(game.voted), *outcomes)

    # -------------------------------------------------------------- claims

    def _claim(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        try:
            words = shlex.split(rest)
        except ValueError as exc:
            return (Refused(reason=Refusal(refusals.Why.UNREADABLE_CLAIM, word=str(exc))),)
        offered = None
        if "with" in words:
            i = words.index("with")
            if i + 1 >= len(words):
                return (Refused(hint=Hint(Tip.CLAIM_WITH), reason=Refusal(refusals.Why.NAME_FILE)),)
            path = words[i + 1]
            words = words[:i] + words[i + 2 :]
            if self.read_text is None:  # a seat's language: no reader, so no quoting reads
                return (Refused(reason=Refusal(refusals.Why.FILES_AT_THE_KEYBOARD)),)
            try:
                offered = claims.Offered(path, self.read_text(path))
            except ReadError as exc:
                return (Refused(str(exc), Hint(Tip.NOTHING_CLAIMED)),)
        words = [w for part in words for w in part.replace(",", " ").replace("#", " ").split()]
        if words and words[0].lower() in ("redundant", "r"):
            words = words[1:]
        if not words:
            hint = Hint(Tip.CLAIM)
            return (Refused(hint=hint, reason=Refusal(refusals.Why.SAY_CLAIM)),)
        if self.engine is None:
            return (Refused(reason=Refusal(refusals.Why.NO_ENGINE)),)
        if len(words) == 1 and words[0].lower() in _INCONSISTENT_WORDS:
            kind, targets = ClaimKind.INCONSISTENT, []
        elif all(is_number(w) for w in words):
            kind, targets = ClaimKind.REDUNDANT, [int(w) for w in words]
        else:
            return (Refused(reason=Refusal(refusals.Why.CLAIM_USAGE)),)
        game.check_targets(kind, targets)  # refused (by the table) unless they can be claimed
        known = hinted_proof(self._hinted, game, kind, targets)  # as the hint said: upheld
        shown = settled_view(game, self.engine, kind, targets, offered, known)
        outcomes = self.submit(session, shown.claim)
        if outcomes and isinstance(outcomes[0], Refused):
            return outcomes
        score = session.game.scores[shown.claim.player]  # type: ignore[attr-defined]
        return (_with_score(shown, score), *outcomes)

    # --------------------------------------------------------------- views

    def _why(
        self, session: Session, game: Game, rest: str, actor: Actor | None, model_only: bool = False
    ) -> Outcomes:
        found = last_event(session.record, Claim)
        if found is None:
            return (Refused(reason=Refusal(refusals.Why.NO_CLAIM_YET)),)
        number, claim = found
        before = session.record.rebuild(number - 1)
        return (Why(recorded_view(before, claim), number, model_only),)

    def _model(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        return self._why(session, game, rest, actor, model_only=True)

    def _hint(self, session: Session, game: Game, rest: str, actor: Actor | None) -> Outcomes:
        """What a claim would come to now (house rule hints), computed now, as the web
        table computes it in the background."""
        if not game.rules.hints:
            return (Refused(reason=Refusal(refusals.Why.HINTS_OFF)),)
        if game.finished:  # nothing is claimable once the game is over
            return self.over(game)
        if self.engine is None:
            return (Refused(reason=Refusal(refusals.Why.NO_ENGINE)),)
        self._hinted = hint.analyze(game, self.engine, self._hinted)
        listed = tuple((e.id, e.as_written) for e in game.board if not e.scored)
        return (Hinted(self._hinted, listed),)


def settled_view(game: Game, engine, kind, targets, offered, known=None) -> ClaimSettled:
    """Settle a claim and keep the texts the renderer shows (before the board changes), as
    the board shows them (``known``: the hint's proof of it, :func:`hinted_proof`)."""
    result = claims.settle(game, kind, targets, engine, offered, known=known)
    return ClaimSettled(
        result.claim,
        tuple((t, game.entry(t).as_written) for t in targets),
        tuple((e.id, e.as_written) for e in game.board if e.id not in targets),
        game.scores[result.claim.player],
        tuple(game.entry(t).statement.asserted for t in targets),
        result.derivation,
    )


def recorded_view(game: Game, claim: Claim) -> ClaimSettled:
    """A recorded claim with the board as it stood (``game``: just before the claim),
    its statements with the parentheses the board shows."""
    texts = {e.id: e.as_written for e in game.board}
    goals = tuple(e.statement.asserted for e in game.board if e.id in claim.targets)
    uses: tuple[int, ...] = ()
    if claim.derivation is not None:
        board = {e.id: e.statement for e in game.board}
        uses = offered_uses(claim.derivation, board, game.vocabulary) if game.vocabulary else ()
    return ClaimSettled(
        claim,
        tuple((t, texts.get(t, "")) for t in claim.targets),
        tuple((p, texts.get(p, "")) for p in claim.premises),
        game.scores.get(claim.player, 0),
        goals,
        offered_uses=uses,
    )


def _with_score(shown: ClaimSettled, score: int) -> ClaimSettled:
    return replace(shown, score=score)
