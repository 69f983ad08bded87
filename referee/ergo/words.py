"""Ergo (Catalyst) in the players' words: why the rules or a command refuse, a
Fallacy's time, and a premise with a caret under the cards that break a rule.

The one place an :class:`~referee.ergo.refusals.Refusal` becomes a sentence:
the prompt, the web table and a replay all say it from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.client.grammar import article, count, plural
from referee.client.reasons import Words, refusal_text, register
from referee.ergo.refusals import Refusal, Tip, Why
from referee.ergo.state import Game, fallacy_time
from referee.ergo.syntax import MAX_PREMISES, Face, Rule, Violation

TEMPLATES = {
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
    Why.HINTS_OFF: "hints are off at this table (house rule hints=yes turns them on)",
    Why.WILD_SHOWS: "a Wild is played as the card it shows: a star, then the card",
    Why.WILD_PARENTHESIS: "no Wild plays as a parenthesis",
    Why.CARDS_BEFORE_AT: "say which cards go there before 'at'",
    Why.WHERE_AFTER_AT: "say where after 'at'",
    Why.SAY_CARDS: "say which cards you play",
    Why.NAME_DISCARDS: "name the cards you discard",
    Why.FALLACY_ON_WHOM: "say whom the Fallacy is on",
    Why.WHICH_CARD_GOES: "say which card goes",
    Why.WHICH_TWO_CARDS: "say which two cards change places",
    Why.NOT_YOUR_TURN: "it is {player}'s turn, not {other!r}'s",
    Why.NO_SUCH_PLAYER: "no player is called {word!r}",
    Why.JUSTIFIED: "{player} has played a Justification: no more Fallacies this round",
    Why.NO_FALLACY: "{player} is under no Fallacy to justify",
    Why.SAME_FACE: "both cards are {word}: swapping changes nothing",
    Why.WRONG_ROUND: "this is round {number}, not {count}",
    Why.WRONG_END: "the round stopped by {word}, not {other}",
    Why.WRONG_CARDS: "the Proof holds {count} cards",
    Why.NOT_SCORED: "round {word} has not been scored",
    Why.NOT_A_WHY_WORD: "{word!q} is not a variable, a player or a round",
    Why.NEW_PREMISE_NUMBER: "a new premise is number {count}, not {number}",
    Why.NOT_A_PROOF_CARD: "{word!q} is not a card for the Proof",
    Why.NO_HAND_CARD: "your hand has cards 1-{count}, not {word}",
    Why.CARD_NAMED_TWICE: "card {word} is named twice",
    Why.WILD_SAY_WHAT: "card {word} is a Wild: say what it shows",
    Why.PARENTHESIS_SAY_WHICH: "card {word} is a parenthesis: say which",
    Why.NOT_A_PLACE: "{word!q} is not a place in the Proof",
    Why.NOT_A_SPOT: "{word!q} is not a card of the Proof",
    Why.NOT_AN_ERGO_CARD: "{word!q} is not an Ergo card",
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
    """Why Ergo refuses, as the players read it (the reasons TEMPLATES does not word)."""
    p = r.player
    match r.why:
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
        case Why.ALREADY_UNDER_FALLACY:
            return f"{p} is already under a Fallacy ({fallacy_words(r.count, r.flag)})"
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
        case Why.ERGO_TOO_EARLY:
            return (
                "an Ergo is played only once A, B, C and D are all in the Proof "
                f"(missing: {', '.join(r.texts)})"
            )
        case Why.WRONG_PROOF:
            return f"the Proof is {list(r.texts)}"
        case Why.WRONG_AWARDS:
            return f"the verdict gives {', '.join(r.texts)}"
        case Why.NO_PREMISE:
            return f"there is no premise {r.number} (the Proof has {premises_words(r.count)})"
        case Why.NO_CARD_THERE:
            return f"premise {r.premise} has {count(r.count, 'card')}, no card {r.number}"
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
        case Why.OWN_COMMAND:
            return f"card {r.word} is {article(r.card)}: it has a command of its own"
        case Why.UNSCORED:
            return f"the round could not be scored: {refusal_text(r.texts[0], r.inner)}"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above or in TEMPLATES


def proves_words(well_formed: bool, paradox: bool, proven, disproven, undecided) -> str:
    """The hint in words: what the Proof proves now, were the round to stop."""
    if not well_formed:
        return "The Proof is broken until this turn mends it: it proves nothing yet."
    if paradox:
        return "The Proof is a paradox: every variable is proven and disproven, no one scores."
    parts = []
    if proven:
        parts.append(f"proves {', '.join(proven)} true")
    if disproven:
        parts.append(f"proves {', '.join(disproven)} not true")
    if undecided:
        parts.append(f"leaves {', '.join(undecided)} unproven")
    return "The Proof now " + "; ".join(parts) + "."


# The game's words, registered once for every client (the terminal, the web table, replay).
WORDS = register(Words(Why, Tip, TEMPLATES, refusal_words, HINTS))
