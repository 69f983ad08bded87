"""The table's command interpreter: one line in, one outcome out.

A :class:`Session` holds a record and the game it rebuilds to. ``execute``
reads a command the way players type it (short and forgiving), turns it into
an event, settles claims with the engine, and returns an :class:`Outcome`:
what to show (as data; the command line renders it), the event it added, and
whether the record must be written. It never prints and never touches files:
the derivation file a claim names is read through the ``read_text`` callable
the caller provides.

During play the referee only answers what it is asked: it settles claims and
lists the places a ¬ can go, but it never says on its own whether the board
is consistent or what follows from it.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.game.cards import CardError, resolve_card, short_name
from referee.game.permissions import negation_sites
from referee.game.record import Record
from referee.game.state import Game, GameError, claim_outcome
from referee.language import ast
from referee.language.naming import statement_formula
from referee.language.vocabulary import Vocabulary


class EngineLike(Protocol):
    def consistency(self, formulas: Sequence[ast.Formula], vocabulary: Vocabulary) -> Any: ...

    def entailment(
        self, premises: Sequence[ast.Formula], goals: Sequence[ast.Formula], vocabulary: Vocabulary
    ) -> Any: ...


# (derivation text, the board {number: statement}, the claimed numbers (None: the claim
#  is "inconsistent"), vocabulary) -> {"ok": bool, "message": str, ...}
# referee.game.derivations.check_claim_derivation is the one the command line uses.
DerivationChecker = Callable[
    [str, dict[int, ast.Statement], Sequence[int] | None, Vocabulary], dict
]

HELP = """\
Commands (one per line; the first letter of each is enough where shown):
  play CARDS : STATEMENT   write a statement with those cards, e.g.
                           play blonde happy : forall x blonde(x) -> happy(x)
                           play AE : ∀x ∃y likes(x, y)        (Q cards: AE, ∀x∃y, U for ∃!)
                           play S3            play S12 n=4     play ? : happy(0) ... any statement
                           In dealt mode CARDS may be positions in your hand: play 1 3 : ...
  negate N                 list the places a ¬ can go in statement #N
  negate N K               play a ¬ card: insert ¬ at place K of statement #N
  claim N [M ...]          claim statements #N, #M ... are redundant (one point each)
  claim inconsistent       claim the board is inconsistent (wins at once)
      ... with FILE        back the claim with a derivation file
  vote yes | vote no       settle an undetermined claim (house rule vote_on_undetermined)
  pass [CARDS]             write nothing this turn, discarding CARDS (they are replaced)
  undo                     take back the last event
  board | hand | scores | cards | rules | help
  end                      stop the game here; the most points wins
  save | quit              write the record | leave (the record is always saved)
Statements may be typed in ASCII: forall exists exists! ~ & \\/ -> <-> != >=.
"""

_ALIASES = {
    "p": "play",
    "write": "play",
    "w": "play",
    "n": "negate",
    "neg": "negate",
    "not": "negate",
    "c": "claim",
    "v": "vote",
    "u": "undo",
    "b": "board",
    "h": "hand",
    "hands": "hand",
    "s": "scores",
    "score": "scores",
    "?": "help",
    "q": "quit",
    "exit": "quit",
    "stop": "end",
}
_INCONSISTENT_WORDS = {"inconsistent", "inconsistency", "contradiction", "⊥", "false", "absurd"}
_SEPARATOR = re.compile(r"\s:(?!=)|:(?=\s)|:$")


@dataclass
class Outcome:
    """What one command did. ``items`` are (kind, data) pairs for the renderer."""

    items: list[tuple[str, Any]] = field(default_factory=list)
    event: dict | None = None
    changed: bool = False  # the record changed (an event added or undone)
    save: bool = False
    quit: bool = False
    error: str | None = None

    def say(self, kind: str, data: Any = None) -> Outcome:
        self.items.append((kind, data))
        return self


def evidence(verdict: Any, premise_ids: Sequence[int]) -> dict:
    """A verdict as the record keeps it: the engine's JSON plus the board numbers it used.

    ``used_statements`` turns the engine's premise positions into board
    statement numbers (for an inconsistency: the clashing set).
    """
    data = dict(verdict.to_json()) if hasattr(verdict, "to_json") else dict(verdict)
    status = getattr(verdict, "status", None)
    data["status"] = str(status) if status is not None else data.get("status", data.get("verdict"))
    used = getattr(verdict, "used", None)
    if used is not None:
        data["used_statements"] = [premise_ids[i] for i in used if 0 <= i < len(premise_ids)]
    for key in ("method", "tried"):
        value = getattr(verdict, key, None)
        if value is not None:
            data[key] = list(value) if isinstance(value, tuple) else value
    return data


def refused(message: str) -> Outcome:
    return Outcome(error=message).say("error", message)


class Session:
    def __init__(
        self,
        record: Record,
        engine: EngineLike | None = None,
        derivation_checker: DerivationChecker | None = None,
        read_text: Callable[[str], str] | None = None,
        game: Game | None = None,
    ) -> None:
        self.record = record
        self.engine = engine
        self.derivation_checker = derivation_checker
        self.read_text = read_text
        self.game = game if game is not None else record.rebuild()

    # ------------------------------------------------------------ dispatch

    def execute(self, line: str) -> Outcome:
        line = line.strip()
        if not line or line.startswith("#"):
            return Outcome()
        word, _, rest = line.partition(" ")
        command = word.lower()
        command = _ALIASES.get(command, command)
        handler = getattr(self, f"_cmd_{command}", None)
        if handler is None:
            return refused(f"unknown command {word!r}: type help for the commands")
        if self.game.finished and command in ("play", "negate", "claim", "vote", "pass", "end"):
            return refused(f"the game is over: {self.game.end_reason} (undo takes back the end)")
        return handler(rest.strip())

    def _record_event(self, event: dict, outcome: Outcome | None = None) -> Outcome:
        outcome = outcome or Outcome()
        try:
            self.game.apply(event)
        except GameError as exc:
            self.game = self.record.rebuild()  # apply may have moved part way
            return refused(exc.message)
        self.record.events.append(event)
        outcome.event = event
        outcome.changed = True
        if self.game.finished:
            outcome.say("finished", {"winner": self.game.winner, "reason": self.game.end_reason})
        return outcome

    # ------------------------------------------------------------- writing

    def _resolve(self, tokens: Sequence[str]) -> list[str]:
        hand = self.game.hand() if self.game.dealt else None
        ids = []
        positions: list[int] = []
        for token in tokens:
            card = resolve_card(token, self.game.deck, hand)
            if hand is not None:
                # Pick a copy in the hand not already chosen (a position picks itself).
                if token.isdigit():
                    index = int(token) - 1
                else:
                    free = [i for i, c in enumerate(hand) if c == card.id and i not in positions]
                    if not free:
                        raise CardError(f"{short_name(card)} is not in your hand")
                    index = free[0]
                if index in positions:
                    raise CardError(f"card {index + 1} is named twice")
                positions.append(index)
            ids.append(card.id)
        return ids

    def _cmd_play(self, rest: str) -> Outcome:
        match = _SEPARATOR.search(rest)
        if match:
            card_part, text = rest[: match.start()], rest[match.end() :].strip()
        else:
            card_part, text = rest, ""
        tokens = [t for t in re.split(r"[\s,]+", card_part.strip()) if t]
        n = None
        for t in list(tokens):
            m = re.fullmatch(r"n=(\d+)", t)
            if m:
                n = int(m.group(1))
                tokens.remove(t)
        if not tokens:
            return refused("say which cards you play: play CARDS : STATEMENT (help for examples)")
        try:
            ids = self._resolve(tokens)
        except CardError as exc:
            return refused(str(exc))
        cards = [self.game.deck.card(i) for i in ids]
        if len(cards) == 1 and cards[0].kind == "X" and cards[0].action == "negate":
            return refused("the ¬ card inserts a negation: negate N lists the places in #N")
        if not text:
            if len(cards) == 1 and cards[0].kind == "S":
                card = cards[0]
                if card.parametric and (n is None or n < 1):
                    return refused(f"{card.label}: choose a positive n, e.g. play {card.id} n=3")
                text = card.statement_for(n)
            else:
                return refused("write the statement after a colon: play CARDS : STATEMENT")
        event = {"type": "play", "player": self.game.player, "cards": ids, "text": text}
        outcome = self._record_event(event)
        if outcome.error is None:
            entry = self.game.board[-1] if self.game.board else None
            outcome.items.insert(0, ("written", entry))
        return outcome

    def _negate_card(self) -> str:
        if self.game.dealt:
            for card_id in self.game.hand():
                card = self.game.deck.card(card_id)
                if card.kind == "X" and card.action == "negate":
                    return card_id
            raise CardError("you have no ¬ card in your hand")
        for card in self.game.deck.cards:
            if card.kind == "X" and card.action == "negate":
                return card.id
        raise CardError("this deck has no ¬ card")

    def _cmd_negate(self, rest: str) -> Outcome:
        parts = rest.replace("#", " ").split()
        if not parts or len(parts) > 2 or not all(p.isdigit() for p in parts):
            return refused("negate N lists the places in statement #N; negate N K plays the ¬")
        try:
            entry = self.game.entry(int(parts[0]))
        except GameError as exc:
            return refused(exc.message)
        sites = negation_sites(entry.statement, entry.vocabulary)
        if len(parts) == 1:
            return Outcome().say("sites", (entry, sites))
        k = int(parts[1])
        if not 1 <= k <= len(sites):
            return refused(
                f"#{entry.id} has {len(sites)} places for a ¬ (negate {entry.id} lists them)"
            )
        try:
            card = self._negate_card()
        except CardError as exc:
            return refused(str(exc))
        before = entry.text
        event = {
            "type": "negate",
            "player": self.game.player,
            "card": card,
            "target": entry.id,
            "position": k,
            "before": before,
            "after": sites[k - 1].after.text,
        }
        outcome = self._record_event(event)
        if outcome.error is None:
            outcome.items.insert(
                0, ("negated", {"id": entry.id, "before": before, "after": event["after"]})
            )
        return outcome

    def _cmd_pass(self, rest: str) -> Outcome:
        tokens = [t for t in re.split(r"[\s,]+", rest) if t]
        try:
            ids = self._resolve(tokens) if tokens else []
        except CardError as exc:
            return refused(str(exc))
        who = self.game.player
        outcome = self._record_event({"type": "pass", "player": who, "discard": ids})
        if outcome.error is None:
            outcome.items.insert(
                0, ("text", f"{who} passes" + (f", discarding {len(ids)}" if ids else ""))
            )
        return outcome

    # -------------------------------------------------------------- claims

    def _cmd_claim(self, rest: str) -> Outcome:
        try:
            words = shlex.split(rest)
        except ValueError as exc:
            return refused(f"cannot read the claim: {exc}")
        derivation_file = None
        if "with" in words:
            i = words.index("with")
            if i + 1 >= len(words):
                return refused("claim ... with FILE: name the derivation file")
            derivation_file = words[i + 1]
            words = words[:i] + words[i + 2 :]
        words = [w for part in words for w in part.replace(",", " ").replace("#", " ").split()]
        if words and words[0].lower() in ("redundant", "r"):
            words = words[1:]
        if not words:
            return refused("claim N [M ...] (redundant statements) or claim inconsistent")
        if self.engine is None:
            return refused("no engine is available to settle claims")
        game = self.game
        if len(words) == 1 and words[0].lower() in _INCONSISTENT_WORDS:
            kind, targets = "inconsistent", []
        elif all(w.isdigit() for w in words):
            kind, targets = "redundant", [int(w) for w in words]
            for t in targets:
                try:
                    game.entry(t)
                except GameError as exc:
                    return refused(exc.message)
            if len(set(targets)) != len(targets):
                return refused("name each statement once")
        else:
            return refused("claim N [M ...] (statement numbers) or claim inconsistent")
        premises = [e for e in game.board if e.id not in targets]
        goals = [game.entry(t) for t in targets]
        formulas = [statement_formula(e.statement) for e in premises]
        if kind == "inconsistent":
            verdict = self.engine.consistency(formulas, game.vocabulary)
        else:
            verdict = self.engine.entailment(
                formulas, [statement_formula(g.statement) for g in goals], game.vocabulary
            )
        verdict_json = evidence(verdict, [e.id for e in premises])
        status = verdict_json["status"]
        derivation = None
        if derivation_file is not None:
            derivation = self._check_derivation(
                derivation_file, None if kind == "inconsistent" else targets
            )
        event = {
            "type": "claim",
            "player": game.player,
            "kind": kind,
            "targets": targets,
            "premises": [e.id for e in premises],
            "verdict": verdict_json,
            "derivation": derivation,
            "outcome": claim_outcome(kind, status, derivation, game.rules),
        }
        shown = {
            "kind": kind,
            "player": game.player,
            "targets": [(g.id, g.text) for g in goals],
            "premises": [(e.id, e.text) for e in premises],
            "verdict": verdict_json,
            "verdict_object": verdict,
            "derivation": derivation,
            "outcome": event["outcome"],
            "arities": {**game.vocabulary.predicates, **game.vocabulary.functions},
        }
        outcome = Outcome().say("verdict", shown)
        return self._record_event(event, outcome)

    def _check_derivation(self, path: str, targets: list[int] | None) -> dict:
        result: dict = {"file": path, "text": None, "ok": False, "message": ""}
        if self.read_text is None:
            result["message"] = "derivation files cannot be read here"
            return result
        try:
            text = self.read_text(path)
        except (OSError, ValueError) as exc:
            result["message"] = f"cannot read {path}: {exc}"
            return result
        result["text"] = text
        if self.derivation_checker is None:
            result["message"] = "no derivation checker is available"
            return result
        board = {e.id: e.statement for e in self.game.board}
        checked = self.derivation_checker(text, board, targets, self.game.vocabulary)
        result["ok"] = bool(checked.get("ok"))
        result["message"] = str(checked.get("message", ""))
        if "result" in checked:
            result["lines"] = checked["result"].get("lines", [])
        return result

    def _cmd_vote(self, rest: str) -> Outcome:
        words = rest.lower().split()
        if not words or words[0] not in ("yes", "no", "y", "n", "accept", "reject"):
            return refused("vote yes or vote no")
        if self.game.pending is None:
            return refused("there is no undetermined claim to vote on")
        accepted = words[0] in ("yes", "y", "accept")
        outcome = self._record_event({"type": "vote", "accepted": accepted})
        if outcome.error is None:
            word = "upheld" if accepted else "rejected"
            outcome.items.insert(0, ("text", f"the table votes: the claim is {word}"))
        return outcome

    # ---------------------------------------------------------- the table

    def _cmd_undo(self, rest: str) -> Outcome:
        if not self.record.events:
            return refused("nothing to undo")
        event = self.record.events.pop()
        self.game = self.record.rebuild()
        out = Outcome(changed=True).say("undone", event)
        return out

    def _cmd_end(self, rest: str) -> Outcome:
        reason = rest or "the table stopped the game"
        return self._record_event({"type": "end", "reason": reason})

    def _cmd_board(self, rest: str) -> Outcome:
        return Outcome().say("board")

    def _cmd_hand(self, rest: str) -> Outcome:
        if not self.game.dealt:
            return refused("in table mode the hands are on the table, not in the referee")
        return Outcome().say("hand", rest or self.game.player)

    def _cmd_scores(self, rest: str) -> Outcome:
        return Outcome().say("scores")

    def _cmd_cards(self, rest: str) -> Outcome:
        return Outcome().say("cards")

    def _cmd_rules(self, rest: str) -> Outcome:
        return Outcome().say("rules", self.game.rules.to_json())

    def _cmd_help(self, rest: str) -> Outcome:
        return Outcome().say("help", HELP)

    def _cmd_save(self, rest: str) -> Outcome:
        return Outcome(save=True).say("text", "saved")

    def _cmd_quit(self, rest: str) -> Outcome:
        return Outcome(save=True, quit=True)
