"""Why Palmer's rules, its cards or its commands refuse, as data (the interface words it).

One :class:`Why` per rule or per thing a command needs: the ``why`` of a
:class:`~referee.table.errors.Refusal`, which carries the facts its sentence names.
:mod:`referee.palmer.words` says them. A statement that does not parse
keeps its parse error's own words (the language layer's, with its caret).
"""

from __future__ import annotations

import enum


class Why(enum.Enum):
    # the rules (Game.apply)
    VOTE_FIRST = "vote_first"
    NOT_YOUR_TURN = "not_your_turn"  # player: whose turn; other: who tried
    NOT_ON_BOARD = "not_on_board"  # number; flag: erased as redundant
    NOT_A_DECK_CARD = "not_a_deck_card"  # word: the card id
    NOT_YOUR_CARD = "not_your_card"  # word: what was sent for a position in the hand
    TOO_MANY_CARDS = "too_many_cards"  # a play of more cards than any hand holds
    NOT_IN_HAND_OF = "not_in_hand_of"  # word: the card id; player
    NEGATE_WITH_NEGATE = "negate_with_negate"
    NEGATE_ONE_CARD = "negate_one_card"
    BEFORE_DIFFERS = "before_differs"  # word: the record's; other: the board's
    NO_SUCH_NEGATION = "no_such_negation"  # number: the statement; word: the statement after
    NO_SUCH_PLACE = "no_such_place"  # number: the statement; count: places; other: asked
    WHOLE_BOARD = "whole_board"
    NAME_REDUNDANT = "name_redundant"
    NAME_ONCE = "name_once"
    ALREADY_SCORED = "already_scored"  # number
    WRONG_PREMISES = "wrong_premises"  # numbers: the claim's; others: the board's
    NOT_SETTLING = "not_settling"  # word: the status; other: the claim's kind
    WRONG_OUTCOME = "wrong_outcome"  # word: the record's; other: the rules'
    NO_VOTE = "no_vote"
    NOT_A_PLAYER = "not_a_player"  # word
    NO_PASS_DISCARD = "no_pass_discard"
    PASS_NOT_STUCK = "pass_not_stuck"  # word: a card of the hand that can be played
    TABLE_DISCARD = "table_discard"
    BOARD_FULL = "board_full"  # number: the limit
    # the cards (permissions: what the cards played allow)
    NO_CARDS = "no_cards"
    S_ALONE = "s_alone"  # texts: the cards' labels
    X_ALONE = "x_alone"  # texts
    Q_APART = "q_apart"  # texts
    NOT_TOGETHER = "not_together"  # texts
    S_CHECKED_APART = "s_checked_apart"
    NEGATE_CARD = "negate_card"
    FALSUM = "falsum"  # word: which card ("a symbol card", "a Q card")
    NAMING_NEEDS_Q = "naming_needs_q"
    CARD_SHORTHAND = "card_shorthand"
    NOT_ON_CARDS = "not_on_cards"  # word: the symbol; texts: the symbols played
    SYMBOL_TWICE = "symbol_twice"  # word: the symbol
    UNUSED = "unused"  # texts: the symbols not used
    WRONG_PREFIX = "wrong_prefix"  # word: the statement's prefix ("" for none); texts: allowed
    INNER_QUANTIFIER = "inner_quantifier"  # word: the quantifier and its variable
    CARD_IN_Q_BODY = "card_in_q_body"
    PREFIX_VARIABLES = "prefix_variables"  # texts: the variables missing
    S_NO_NAMING = "s_no_naming"
    S_POSITIVE_N = "s_positive_n"  # word: the card's label; other: its statement
    S_EXACTLY = "s_exactly"  # word: the label; other: expected; texts: (written,)
    # the cards typed (resolve_card, take_from_hand)
    EMPTY_CARD_NAME = "empty_card_name"
    NO_CARD_AT = "no_card_at"  # number: asked; count: cards in hand
    NO_SUCH_PREFIX = "no_such_prefix"  # word
    NO_SUCH_CARD = "no_such_card"  # word; flag: in table mode (a number is a hand position)
    NOT_IN_HAND = "not_in_hand"  # word: the card
    NOT_IN_YOUR_HAND = "not_in_your_hand"  # word: the card's short name
    NAMED_TWICE = "named_twice"  # number: the position
    NO_NEGATE_IN_HAND = "no_negate_in_hand"
    NO_NEGATE_IN_DECK = "no_negate_in_deck"
    # the commands
    SAY_CARDS = "say_cards"
    NEGATE_INSERTS = "negate_inserts"
    CHOOSE_N = "choose_n"  # word: the card's label
    STATEMENT_AFTER_COLON = "statement_after_colon"
    NEGATE_USAGE = "negate_usage"
    PLACES = "places"  # number: the statement; count: its places
    VOTE_USAGE = "vote_usage"
    UNREADABLE_CLAIM = "unreadable_claim"  # word: what shlex said
    NAME_FILE = "name_file"
    SAY_CLAIM = "say_claim"
    NO_ENGINE = "no_engine"
    CLAIM_USAGE = "claim_usage"
    NO_CLAIM_YET = "no_claim_yet"
    FILES_AT_THE_KEYBOARD = "files_at_the_keyboard"  # a seat named a derivation file
    OWN_CLAIM_VOTE = "own_claim_vote"  # a seat voted on its own claim
    ALREADY_VOTED = "already_voted"  # player: who voted twice on one claim
    HANDS_ON_THE_TABLE = "hands_on_the_table"  # hand in table mode
    HINTS_OFF = "hints_off"  # hint without the house rule hints
    HINT_ON_SCREEN = "hint_on_screen"  # hint said by a seat: its page already shows it


class Tip(enum.Enum):
    """What to type instead (a :class:`~referee.table.errors.Hint`; ``word``: the card or
    statement number its line names); mostly a command's usage line."""

    VOTE = "vote"
    PLAY_EXAMPLES = "play_examples"  # play, no cards named
    PLAY = "play"  # play, no statement after the colon
    PLAY_N = "play_n"  # word: the parametric card's id
    NEGATE_LISTS = "negate_lists"  # a Negate card played as play
    NEGATE_LISTS_THEM = "negate_lists_them"  # word: the statement's number
    CLAIM_WITH = "claim_with"
    CLAIM = "claim"
    NOTHING_CLAIMED = "nothing_claimed"  # a derivation file that cannot be read
