"""Palmer's refusals in the players' words: the one place a
:class:`~referee.table.errors.Refusal` of Palmer's (the rules, the cards played, a
command) becomes a sentence; the prompt, the web table and a replay all say it
from here."""

from __future__ import annotations

from referee.client.reasons import Words, register
from referee.palmer.refusals import Tip, Why
from referee.palmer.state import Finish
from referee.table.errors import Refusal

TEMPLATES = {
    Why.VOTE_FIRST: "the table must first vote on the undetermined claim",
    Why.NEGATE_WITH_NEGATE: "the ¬ card is played with negate, not with a statement",
    Why.NEGATE_ONE_CARD: "negate plays exactly one ¬ card",
    Why.WHOLE_BOARD: "an inconsistency claim is about the whole board",
    Why.NAME_REDUNDANT: "name the statements claimed redundant",
    Why.NAME_ONCE: "name each statement once",
    Why.NO_VOTE: "there is no undetermined claim to vote on",
    Why.NO_PASS_DISCARD: "the house rules do not allow discarding on a pass",
    Why.PASS_NOT_STUCK: (
        "the house rules (passing=stuck) allow a pass only when no card in your hand can "
        "be played, and {word} can be"
    ),
    Why.TABLE_DISCARD: "in table mode the table handles its own cards",
    Why.BOARD_FULL: (
        "the board holds {number} statements, the referee's limit: claim, negate or pass"
    ),
    Why.NO_CARDS: "play at least one card with a statement",
    Why.S_CHECKED_APART: "an S card's statement is checked with check_statement_card",
    Why.NEGATE_CARD: "the ¬ card inserts a negation into a board statement: use negate",
    Why.NAMING_NEEDS_Q: (
        "only a Q card with ∃! (or the ? card) may name an object: the rules allow a "
        "name when a quantifier card plays the ∃!"
    ),
    Why.CARD_SHORTHAND: (
        "|L| is the shorthand of the two S cards, not pure logic: write it out with "
        "∃ and ≠, or play the S card"
    ),
    Why.CARD_IN_Q_BODY: "|L| belongs to the S cards, not to a Q card's body",
    Why.S_NO_NAMING: "an S card writes its own statement, with no naming",
    Why.EMPTY_CARD_NAME: "empty card name",
    Why.NO_NEGATE_IN_HAND: "you have no ¬ card in your hand",
    Why.NO_NEGATE_IN_DECK: "this deck has no ¬ card",
    Why.SAY_CARDS: "say which cards you play",
    Why.NEGATE_INSERTS: "the ¬ card inserts a negation",
    Why.STATEMENT_AFTER_COLON: "write the statement after a colon",
    Why.NEGATE_USAGE: "negate N lists the places in #N; negate N K plays the ¬",
    Why.VOTE_USAGE: "vote yes or vote no",
    Why.NAME_FILE: "name the derivation file",
    Why.SAY_CLAIM: "say what you claim",
    Why.NO_ENGINE: "no engine is available to settle claims",
    Why.CLAIM_USAGE: "claim N [M ...] (statement numbers) or claim inconsistent",
    Why.NO_CLAIM_YET: "no claim has been made yet",
    Why.FILES_AT_THE_KEYBOARD: "a derivation file is claimed at the referee's own keyboard",
    Why.OWN_CLAIM_VOTE: "a claim must convince the others: they vote on yours, not you",
    Why.ALREADY_VOTED: "{player} has already voted on this claim",
    Why.HANDS_ON_THE_TABLE: "in table mode the hands are on the table, not in the referee",
    Why.HINTS_OFF: "the referee gives hints only at a practice table (house rule hints=yes)",
    Why.HINT_ON_SCREEN: "your screen already shows what is claimable now",
    Why.NOT_YOUR_TURN: "it is {player}'s turn, not {other!r}'s",
    Why.NOT_A_DECK_CARD: "{word!q} is not a card of the deck",
    Why.NOT_YOUR_CARD: "card {word!q} is not one of your cards",
    Why.TOO_MANY_CARDS: "too many cards",
    Why.NOT_IN_HAND_OF: "{word} is not in the hand of {player}",
    Why.BEFORE_DIFFERS: "the record says {word!r}, the board gives {other!r}",
    Why.NO_SUCH_NEGATION: "no ¬ in #{number} gives {word!r}",
    Why.NO_SUCH_PLACE: "#{number} has {count} places for a ¬, not {other}",
    Why.ALREADY_SCORED: "#{number} has already been scored as redundant",
    Why.NOT_SETTLING: "{word!r} does not settle a {other} claim",
    Why.WRONG_OUTCOME: "the record says {word!r}; the rules give {other!r}",
    Why.NOT_A_PLAYER: "{word!r} is not a player",
    Why.FALSUM: "⊥ is for derivations; {word} cannot write it on the board",
    Why.S_POSITIVE_N: "{word}: write {other} with a positive n",
    Why.NO_CARD_AT: "there is no card {number} in the hand (it holds {count})",
    Why.NO_SUCH_PREFIX: "no Q card in this deck has the prefix {word}",
    Why.NOT_IN_HAND: "{word} is not in the hand",
    Why.NOT_IN_YOUR_HAND: "{word} is not in your hand",
    Why.NAMED_TWICE: "card {number} is named twice",
    Why.CHOOSE_N: "{word}: choose a positive n",
    Why.PLACES: "#{number} has {count} places for a ¬",
    Why.UNREADABLE_CLAIM: "cannot read the claim: {word}",
}


HINTS = {
    Tip.VOTE: "vote yes or vote no",
    Tip.PLAY_EXAMPLES: "play CARDS : STATEMENT (help: examples)",
    Tip.PLAY: "play CARDS : STATEMENT",
    Tip.PLAY_N: "play {word} n=3",
    Tip.NEGATE_LISTS: "negate N lists the places in #N",
    Tip.NEGATE_LISTS_THEM: "negate {word} lists them",
    Tip.CLAIM_WITH: "claim N with FILE",
    Tip.CLAIM: "claim N [M ...] or claim inconsistent",
    # what to do when the file could not be read (the claim was not made)
    Tip.NOTHING_CLAIMED: "nothing was claimed; give a file that can be read: claim N with FILE",
}


def refusal_words(r: Refusal) -> str:
    """Why Palmer refuses, as the players read it (the reasons TEMPLATES does not word)."""
    labels = ", ".join(r.texts)
    match r.why:
        case Why.NOT_ON_BOARD:
            why = "it was erased as redundant" if r.flag else "no statement has that number"
            return f"#{r.number} is not on the board: {why}"
        case Why.WRONG_PREMISES:
            return (
                f"the claim was settled against {list(r.numbers)}, "
                f"but the board minus the claimed statements is {list(r.others)}"
            )
        case Why.S_ALONE:
            return f"an S card is played alone: one statement per card ({labels})"
        case Why.X_ALONE:
            return f"an X card is played alone ({labels})"
        case Why.Q_APART:
            return (
                "Q cards chain only with other Q cards, and P, F, R cards only with each other: "
                f"play them in separate turns ({labels})"
            )
        case Why.NOT_TOGETHER:
            return (
                "these cards cannot be played together: P, F and R cards combine with each "
                f"other, Q cards with each other, and S and X cards are played alone ({labels})"
            )
        case Why.NOT_ON_CARDS:
            return f"{r.word} is not on the cards you played ({labels}): play its card too"
        case Why.SYMBOL_TWICE:
            return (
                f"{r.word} is played twice: one symbol card says all a statement "
                "needs of its symbol, so a second copy would be shed for nothing"
            )
        case Why.UNUSED:
            return (
                f"the statement does not use {labels}: every symbol card you play "
                "must appear in the statement (house rule every_card_used)"
            )
        case Why.WRONG_PREFIX:
            return (
                f"the statement starts with {r.word or 'no quantifier'}, but the cards played "
                f"give the prefix {' or '.join(r.texts)}: write exactly those quantifiers at "
                "the front"
            )
        case Why.INNER_QUANTIFIER:
            return (
                "after the prefix the statement must be quantifier-free, but it has "
                f"{r.word} inside: chain another Q card instead"
            )
        case Why.PREFIX_VARIABLES:
            return (
                "the statement must use exactly the variables of the prefix, but "
                f"{labels} never appears after it"
            )
        case Why.S_EXACTLY:
            return f"{r.word} writes exactly {r.other}, not {r.texts[0]}"
        case Why.NO_SUCH_CARD:
            hint = " (in dealt mode, a number is a position in your hand)" if r.flag else ""
            return f"{r.word!r} is not a card of this deck{hint}; type `cards` to list them"
    raise AssertionError(r.why)  # pragma: no cover - every Why is worded above or in TEMPLATES


# The game's words, registered once for every client (the terminal, the web table, replay).
# How a game ended, as its game over says it.
ENDED = {
    Finish.INCONSISTENT: "showed the board inconsistent",
    Finish.POINTS: "reached the winning score",
    Finish.ENDED: "the table ended the game",
    Finish.DECK_SPENT: "every player passed in turn with the deck spent",
}

WORDS = register(Words(Why, Tip, TEMPLATES, refusal_words, HINTS, ended=ENDED))
