"""Ergo (Catalyst) in the players' words: why the rules or a command refuse, a
Fallacy's time, and a premise with a caret under the cards that break a rule.

The one place an :class:`~referee.ergo.refusals.Refusal` becomes a sentence:
the prompt, the web table and a replay all say it from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cli.grammar import article, count, plural
from referee.ergo.refusals import Refusal, Tip, Why
from referee.ergo.state import Game, fallacy_time
from referee.ergo.syntax import MAX_PREMISES, Face, Rule, Violation
from referee.language.characters import quoted

FIXED = {
    Why.ROUND_STOPPED: "the round has stopped: it is scored next",
    Why.NO_CARDS: "name at least one card",
    Why.UNNAMED_DEALT: "in dealt mode name the cards you discard",
    Why.FALLACY_ON_SELF: "a Fallacy is played on another player",
    Why.NOT_A_JUSTIFICATION: "a Justification, or a Wild played as one",
    Why.UNPAIRED_BY_TABULA: (
        "removing one parenthesis would leave its partner unpaired "
        "(house rule tabula_parenthesis=refuse)"
    ),
    Why.SAME_SPOT: "name two different cards",
    Why.NOT_AN_ERGO: "an Ergo, or a Wild played as one",
    Why.NOT_STOPPED: "the round has not stopped",
    Why.WRONG_PARADOX: "a paradox is a variable both proven and disproven",
    Why.STOPPED: "the round has stopped",
    Why.NOT_STOPPED_YET: "the round has not stopped: it ends with an Ergo or the last card",
    Why.GAME_GOES_ON: "the game goes on",
    Why.NONE_SCORED: "no round has been scored yet",
    Why.WILD_SHOWS: "a Wild is played as the card it shows: a star, then the card",
    Why.WILD_PARENTHESIS: "no Wild plays as a parenthesis",
    Why.CARDS_BEFORE_AT: "say which cards go there before 'at'",
    Why.WHERE_AFTER_AT: "say where after 'at'",
    Why.SAY_CARDS: "say which cards you play",
    Why.NAME_DISCARDS: "name the cards you discard",
    Why.FALLACY_ON_WHOM: "say whom the Fallacy is on",
    Why.WHICH_CARD_GOES: "say which card goes",
    Why.WHICH_TWO_CARDS: "say which two cards change places",
}


def fallacy_words(left: int, this_one: bool) -> str:
    """``2 turns left``, ``1 turn left, this one``, ``3 turns left, this one included``."""
    words = f"{count(left, 'turn')} left"
    if this_one:
        words += ", this one" + (" included" if left > 1 else "")
    return words


def fallacy_left(game: Game, player: str) -> str:
    """How long ``player``'s Fallacy still holds, said one way everywhere."""
    return fallacy_words(*fallacy_time(game, player))


def premises_words(n: int) -> str:
    """``no premises yet``, ``premise 1``, ``premises 1-3``: the premises a Proof has."""
    return "no premises yet" if not n else "premise 1" if n == 1 else f"premises 1-{n}"


def caret(faces: Sequence[Face], v: Violation) -> str:
    """Spaces and ``^`` under the cards at fault, for the row ``faces`` make."""
    cells = [f.symbol for f in faces]
    start = sum(len(c) + 1 for c in cells[: v.first])
    width = sum(len(c) + 1 for c in cells[v.first : v.last + 1]) - 1
    return " " * start + "^" * max(1, width)


def violation_text(premise: int, faces: Sequence[Face], v: Violation) -> str:
    """Premise, rule, and the row with a caret under the cards at fault (plain text)."""
    row = " ".join(f.symbol for f in faces)
    head = f"premise {premise}: " if premise else ""
    return f"{head}{v.describe(faces)}\n  {row}\n  {caret(faces, v)}"


HINTS = {
    Tip.STOPPED: "score settles it; undo takes back the move",
    Tip.ROUNDS: "rounds scored: {word}",
    Tip.WHY: "why 2 A",
    Tip.WILD_AS: "play *A at 2, play *THEN at 1:1",
    Tip.PROOF_CARDS: "cards: A B C D, AND OR THEN NOT, ( ), a Wild as *A or *AND",
    Tip.HAND: "hand shows it",
    Tip.WILD: "play *A, play *AND",
    Tip.PARENTHESIS: "play ( at 2:0 ) at 2:3",
    Tip.HELP: "help",
    Tip.AT: "at 2:1 (premise 2, after its card 1)",
    Tip.PLAY: "play OR B at 1:1, or play A (a new premise)",
    Tip.PLACES: "at P:G (premise P, gap G: 0 is the front), at P (its end), or at new",
    Tip.SPOT: "P:K, card K of premise P (from 1)",
    Tip.DISCARD: "discard 2 5 (positions in your hand)",
    Tip.CARDS: "type cards to see the deck",
    Tip.FALLACY: "fallacy NAME",
    Tip.TABULA: "tabula P:K (card K of premise P)",
    Tip.REVOLUTION: "revolution P:K Q:L",
}


def refusal_words(r: Refusal) -> str:
    """Why Ergo refuses, as the players read it (the reasons FIXED does not word)."""
    p = r.player
    match r.why:
        case Why.NOT_YOUR_TURN:
            return f"it is {p}'s turn, not {r.other!r}'s"
        case Why.TOO_MANY_PLAYS:
            return (
                f"{r.count} cards are {r.count} plays, and {p} has {count(r.number, 'play')} "
                "left this turn"
            )
        case Why.NOT_HELD:
            have = "no" if not r.number else f"only {r.number}"
            noun = "card" if r.count == 1 else plural("card")
            return f"{p} holds {have} {r.card} {noun}"
        case Why.ALL_IN_PLAY:
            wild = f" (a Wild can stand in: *{r.word})" if r.flag else ""
            verb = "is" if r.number == 1 else plural("is")
            return (
                f"the deck has {count(r.count, r.card + ' card')} and {r.number} {verb} "
                f"already in play this round{wild}"
            )
        case Why.UNDER_FALLACY:
            return (
                f"{p} is under a Fallacy ({fallacy_words(r.count, r.flag)}): no cards to the Proof"
            )
        case Why.PARENTHESES_UNPAIRED:
            return f"{Rule.PARENTHESES_PAIRED.text}: play an opening and a closing one"
        case Why.SYNTAX:
            assert r.violation is not None
            return violation_text(r.premise, r.faces, r.violation)
        case Why.NO_SUCH_PLAYER:
            return f"no player is called {r.word!r}"
        case Why.ALREADY_UNDER_FALLACY:
            return f"{p} is already under a Fallacy ({fallacy_words(r.count, r.flag)})"
        case Why.JUSTIFIED:
            return f"{p} has played a Justification: no more Fallacies this round"
        case Why.NO_FALLACY:
            return f"{p} is under no Fallacy to justify"
        case Why.CHANGES_BLOCKED:
            return (
                f"{p} is under a Fallacy: no changes to the Proof "
                "(house rule fallacy_blocks=changing)"
            )
        case Why.NOT_THAT_CARD:
            return f"card {r.texts[0]} is {r.word}, not {r.other}"
        case Why.NOT_SWAPPABLE:
            return (
                "Revolution swaps two variables or two operators (AND, OR, THEN), "
                f"not {article(r.roles[0])} card"
            )
        case Why.DIFFERENT_ROLES:
            return (
                f"Revolution swaps two cards of the same type: {r.word} is "
                f"{article(r.roles[0])}, {r.other} {article(r.roles[1])}"
            )
        case Why.SAME_FACE:
            return f"both cards are {r.word}: swapping changes nothing"
        case Why.ERGO_TOO_EARLY:
            return (
                "an Ergo is played only once A, B, C and D are all in the Proof "
                f"(missing: {', '.join(r.texts)})"
            )
        case Why.WRONG_ROUND:
            return f"this is round {r.number}, not {r.count}"
        case Why.WRONG_END:
            return f"the round stopped by {r.word}, not {r.other}"
        case Why.WRONG_PROOF:
            return f"the Proof is {list(r.texts)}"
        case Why.WRONG_CARDS:
            return f"the Proof holds {r.count} cards"
        case Why.WRONG_AWARDS:
            return f"the verdict gives {', '.join(r.texts)}"
        case Why.NOT_SCORED:
            return f"round {r.word} has not been scored"
        case Why.NOT_A_WHY_WORD:
            return f"{quoted(r.word)} is not a variable, a player or a round"
        case Why.NO_PREMISE:
            return f"there is no premise {r.number} (the Proof has {premises_words(r.count)})"
        case Why.NO_CARD_THERE:
            return f"premise {r.premise} has {count(r.count, 'card')}, no card {r.number}"
        case Why.NEW_PREMISE_NUMBER:
            return f"a new premise is number {r.count}, not {r.number}"
        case Why.TOO_MANY_PREMISES:
            free = MAX_PREMISES - r.count
            room = (
                f"room for {count(free, 'new premise')}, not {r.number}"
                if free
                else f"play to {'one of ' if r.count > 1 else ''}{premises_words(r.count)}"
            )
            return f"the Proof has at most {MAX_PREMISES} premises and has {r.count}: {room}"
        case Why.NO_GAP:
            where = f"premise {r.premise} has gaps 0-{r.count}" if r.count else "a new premise: 0"
            return f"there is no gap {r.number} ({where})"
        case Why.NOT_A_PROOF_CARD:
            return f"{quoted(r.word)} is not a card for the Proof"
        case Why.NO_HAND_CARD:
            return f"your hand has cards 1-{r.count}, not {r.word}"
        case Why.CARD_NAMED_TWICE:
            return f"card {r.word} is named twice"
        case Why.WILD_SAY_WHAT:
            return f"card {r.word} is a Wild: say what it shows"
        case Why.PARENTHESIS_SAY_WHICH:
            return f"card {r.word} is a parenthesis: say which"
        case Why.OWN_COMMAND:
            return f"card {r.word} is {article(r.card)}: it has a command of its own"
        case Why.NOT_A_PLACE:
            return f"{quoted(r.word)} is not a place in the Proof"
        case Why.NOT_A_SPOT:
            return f"{quoted(r.word)} is not a card of the Proof"
        case Why.NOT_AN_ERGO_CARD:
            return f"{quoted(r.word)} is not an Ergo card"
        case Why.UNSCORED:
            inner = r.texts[0]
            if isinstance(r.inner, Refusal):
                inner = FIXED.get(r.inner.why) or refusal_words(r.inner)
            return f"the round could not be scored: {inner}"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above or in FIXED
