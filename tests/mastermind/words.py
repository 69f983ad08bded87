"""Mastermind's words: its reasons, how a game ends, its outcomes and events in a line."""

from mastermind.commands import CodeSet, Guessed
from mastermind.rules import COLOURS, PEGS, Finish, Guess, SetCode, Why
from referee.client.reasons import Words, register

REASONS = {Why.NOT_A_CODE: f"say {PEGS} of the colours {COLOURS}: guess rgby"}
ENDED = {Finish.BROKEN: "broke the code", Finish.KEPT: "ten guesses, and the code held"}
SAID = {
    CodeSet: "{maker} has set the code.",
    Guessed: "{event.player} guesses {event.guess}: {black} black, {white} white",
}
EVENTS = {SetCode: "{player} sets the code", Guess: "{player} guesses {guess}"}
WORDS = register(Words(Why, None, REASONS, ended=ENDED, outcomes=SAID, events=EVENTS))
