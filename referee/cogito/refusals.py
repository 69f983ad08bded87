"""Why Cogito's rules or its commands refuse, as data (the interface words it).

One :class:`Why` per rule or per thing a command needs, the ``why`` of a
:class:`Refusal` carrying the facts the sentence names: a player, a card, a
word typed, a count, the phase. :mod:`referee.cogito.words` says them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.table import errors as table

if TYPE_CHECKING:  # the state refuses with these reasons: only the annotation names it
    from referee.cogito.state import Phase


class Why(enum.Enum):
    # the rules (Game.apply)
    NOT_A_PLAYER = "not_a_player"  # word: the name given
    STOPPED_FOR_COGITO = "stopped_for_cogito"  # player: who names first
    NOT_IN_HAND = "not_in_hand"  # player: whose hand
    TRADE_NOW = "trade_now"
    LAST_CALL = "last_call"
    NOT_YOUR_TURN = "not_your_turn"  # player: whose turn; other: who tried
    NOT_THE_TRADE = "not_the_trade"
    LOST_NO_TRADE = "lost_no_trade"  # player
    ALREADY_GIVING = "already_giving"  # player
    NAME_WHO_DECLARES = "name_who_declares"
    NAME_ONCE = "name_once"
    LOST_NO_DECLARE = "lost_no_declare"  # player
    ALREADY_DECLARED = "already_declared"  # player
    NAMES_FIRST = "names_first"  # player: who names first
    NOT_A_SELF_CARD = "not_a_self_card"  # word: the card named; texts: the Self cards
    CANNOT_END = "cannot_end"
    POSITION_MISJUDGED = "position_misjudged"  # card
    ANSWER_MISJUDGED = "answer_misjudged"  # player
    # the commands (what a line must say)
    NO_TURN = "no_turn"  # phase: the phase the game is in
    SAY_WHICH_CARD = "say_which_card"
    NO_SUCH_NUMBER = "no_such_number"  # player, count: cards in hand, number: asked for
    NOT_A_CARD = "not_a_card"  # word
    COGITO_FIRST = "cogito_first"  # player: who names first
    SAY_WHO_GIVES = "say_who_gives"
    GIVE_BY_NUMBER = "give_by_number"
    SAY_WHO_DECLARES = "say_who_declares"
    NOBODY_NAMING = "nobody_naming"
    WHICH_SELF_CARD = "which_self_card"  # player
    WHOSE_HAND = "whose_hand"
    WHOSE_SELF_CARD = "whose_self_card"
    AIDE_AFTER_GAME = "aide_after_game"
    REVIEW_WAITS = "review_waits"
    # a card named (the judge's names: the game, the aide, `cogito judge` and `possible`)
    CATEGORY_NOT_SELF = "category_not_self"  # word; texts: the Self cards
    NOT_A_NAME = "not_a_name"  # word; texts: the Self cards; categories
    DREAM_DECLARES_NOTHING = "dream_declares_nothing"  # word: the Dream card's name
    EGO_NEVER_BLUE = "ego_never_blue"  # word: the Ego card's name


class Tip(enum.Enum):
    """What to type instead (a :class:`~referee.table.errors.Hint`; ``word``: the player
    its line names); mostly a command's usage line."""

    REVIEW = "review"  # the game is over
    PLAY = "play"
    HAND_ALONE = "hand_alone"  # word: the player to move
    GIVE = "give"
    COGITO = "cogito"
    COGITO_AT_ONCE = "cogito_at_once"  # iam with nobody naming
    IAM = "iam"
    HAND = "hand"
    POSSIBLE = "possible"
    AIDE_HOUSE_RULE = "aide_house_rule"


@dataclass(frozen=True)
class Refusal(table.Refusal):
    """A :class:`~referee.table.errors.Refusal` with the facts only Cogito's sentences
    need: the phase the game is in (typed), and a deck's categories beside its Self
    cards (``texts``), for a word that names neither (see :class:`Why`)."""

    phase: Phase | None = None
    categories: tuple[str, ...] = ()  # the deck's categories, for a name that is none
