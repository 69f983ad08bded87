"""Mastermind's words: its reasons, and its events as replay and undo say them."""

from mastermind.rules import COLOURS, PEGS, Guess, SetCode, Why
from referee.client.reasons import Words, register
from referee.client.renders import event_words

WORDS = register(
    Words(Why, None, {Why.NOT_A_CODE: f"say {PEGS} of the colours {COLOURS}: guess rgby"})
)
describe = event_words({SetCode: "{player} sets the code", Guess: "{player} guesses {guess}"})
