"""Why Ergo's rules or its commands refuse, as data (the interface words it).

One :class:`Why` per rule or per thing a command needs, the ``why`` of a
:class:`Refusal` carrying the facts its sentence names.
:mod:`referee.ergo.words` says them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.ergo.cards import Role
from referee.ergo.syntax import Face, Violation
from referee.table import errors as table
from referee.table.errors import Reason


class Why(enum.Enum):
    # the rules (Game.apply)
    ROUND_STOPPED = "round_stopped"  # the rules: it is scored next
    NOT_YOUR_TURN = "not_your_turn"  # player: whose turn; other: who tried
    NO_CARDS = "no_cards"
    TOO_MANY_PLAYS = "too_many_plays"  # count: plays asked; number: plays left; player
    NOT_HELD = "not_held"  # player, card (a label), count: wanted, number: held
    ALL_IN_PLAY = "all_in_play"  # card, count: in the deck, number: in play; flag: a Wild can
    UNDER_FALLACY = "under_fallacy"  # player, turns (left), flag (this one)
    PARENTHESES_UNPAIRED = "parentheses_unpaired"  # word: the rule's text
    SYNTAX = "syntax"  # premise, faces, violation: a premise breaking a card rule
    UNNAMED_DEALT = "unnamed_dealt"
    NO_SUCH_PLAYER = "no_such_player"  # word
    FALLACY_ON_SELF = "fallacy_on_self"
    ALREADY_UNDER_FALLACY = "already_under_fallacy"  # player, turns, flag
    JUSTIFIED = "justified"  # player
    NOT_A_JUSTIFICATION = "not_a_justification"
    NO_FALLACY = "no_fallacy"  # player
    CHANGES_BLOCKED = "changes_blocked"  # player
    NOT_THAT_CARD = "not_that_card"  # number: spot; word: the face there; other: the face named
    UNPAIRED_BY_TABULA = "unpaired_by_tabula"
    SAME_SPOT = "same_spot"
    NOT_SWAPPABLE = "not_swappable"  # word: the role
    DIFFERENT_ROLES = "different_roles"  # word, other: the faces; roles: their roles
    SAME_FACE = "same_face"  # word: the face
    NOT_AN_ERGO = "not_an_ergo"
    ERGO_TOO_EARLY = "ergo_too_early"  # texts: the variables missing
    NOT_STOPPED = "not_stopped"
    WRONG_ROUND = "wrong_round"  # number: this round; count: the event's
    WRONG_END = "wrong_end"  # word: how it stopped; other: the event's
    WRONG_PROOF = "wrong_proof"  # texts: the Proof
    WRONG_CARDS = "wrong_cards"  # count: cards in the Proof
    WRONG_PARADOX = "wrong_paradox"
    WRONG_AWARDS = "wrong_awards"  # texts: "player points" for each
    # the places a move names (the Proof's own check, for the rules and the commands)
    NO_PREMISE = "no_premise"  # number: asked; count: the Proof's premises
    NO_CARD_THERE = "no_card_there"  # premise; number: the card asked; count: its cards
    NEW_PREMISE_NUMBER = "new_premise_number"  # count: the number it gets; number: asked
    TOO_MANY_PREMISES = "too_many_premises"  # count: premises now; number: new ones asked
    NO_GAP = "no_gap"  # premise; number: the gap asked; count: the premise's cards
    # the commands
    STOPPED = "stopped"  # the command: score settles it
    NOT_STOPPED_YET = "not_stopped_yet"
    GAME_GOES_ON = "game_goes_on"
    NONE_SCORED = "none_scored"
    HINTS_OFF = "hints_off"
    NOT_SCORED = "not_scored"  # word: the round asked
    NOT_A_WHY_WORD = "not_a_why_word"  # word
    UNSCORED = "unscored"  # the round could not be scored: inner (worded as its own)
    # what a command's words must say (they are read before any rule is asked)
    WILD_SHOWS = "wild_shows"  # a bare star: a Wild is played as what it shows
    NOT_A_PROOF_CARD = "not_a_proof_card"  # word
    WILD_PARENTHESIS = "wild_parenthesis"
    NO_HAND_CARD = "no_hand_card"  # word: the position typed; count: cards in the hand
    CARD_NAMED_TWICE = "card_named_twice"  # word: the position
    WILD_SAY_WHAT = "wild_say_what"  # word: the position
    PARENTHESIS_SAY_WHICH = "parenthesis_say_which"  # word: the position
    OWN_COMMAND = "own_command"  # word: the position; card: its label
    CARDS_BEFORE_AT = "cards_before_at"
    WHERE_AFTER_AT = "where_after_at"
    SAY_CARDS = "say_cards"
    NOT_A_PLACE = "not_a_place"  # word
    NOT_A_SPOT = "not_a_spot"  # word
    NAME_DISCARDS = "name_discards"
    NOT_AN_ERGO_CARD = "not_an_ergo_card"  # word
    FALLACY_ON_WHOM = "fallacy_on_whom"
    WHICH_CARD_GOES = "which_card_goes"
    WHICH_TWO_CARDS = "which_two_cards"


class Tip(enum.Enum):
    """What to type instead (a :class:`~referee.table.errors.Hint`; ``word``: the rounds
    scored); mostly a command's usage line."""

    STOPPED = "stopped"  # the round is stopped: score, or undo
    ROUNDS = "rounds"  # word: the rounds scored, listed
    WHY = "why"
    WILD_AS = "wild_as"  # a Wild is played as what it shows
    PROOF_CARDS = "proof_cards"  # the cards a Proof may hold
    HAND = "hand"  # hand shows it
    WILD = "wild"  # a Wild in the hand: say what it shows
    PARENTHESIS = "parenthesis"
    HELP = "help"  # a card with a command of its own
    AT = "at"
    PLAY = "play"
    PLACES = "places"  # the places in the Proof
    SPOT = "spot"  # a card of the Proof
    DISCARD = "discard"
    CARDS = "cards"  # type cards to see the deck
    FALLACY = "fallacy"
    TABULA = "tabula"
    REVOLUTION = "revolution"


@dataclass(frozen=True)
class Refusal(table.Refusal):
    """A :class:`~referee.table.errors.Refusal` with the facts of Ergo's own types its
    sentences need: the roles of two cards, a premise breaking a card rule, and the
    reason a round could not be scored (see :class:`Why`)."""

    roles: tuple[Role, ...] = ()
    premise: int = 0
    faces: tuple[Face, ...] = ()  # the premise's Faces, for SYNTAX
    violation: Violation | None = None
    inner: Reason | None = None
