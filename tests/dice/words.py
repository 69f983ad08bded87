"""Liar's dice in words."""

from dice.commands import Bidden, Called
from dice.rules import Bid, Cup, Finish, Liar, Why
from referee.client.reasons import Words, register

REASONS = {
    Why.TOO_LOW: "bid more than the last bid ({numbers[0]} × {numbers[1]})",
    Why.NO_BID: "nobody has bid yet: bid COUNT FACE",
    Why.NOT_A_BID: "say bid COUNT FACE (bid 3 5: at least three fives), or liar",
}
SAID = {
    Bidden: "{event.player} bids {event.count} × {event.face}",
    Called: "{event.player} calls liar: every cup is lifted, {showing} showing",
}
EVENTS = {Bid: "{player} bids {count} × {face}", Liar: "{player} calls liar"}
ENDED = {Finish.CAUGHT: "the bid was a lie", Finish.TRUE: "the bid was true"}
SHOWN = {Cup.DICE: "every player's dice"}
WORDS = register(Words(Why, None, REASONS, shown=SHOWN, ended=ENDED, outcomes=SAID, events=EVENTS))
