"""How large an input every game reads: files, decks, records, typed lines (ruling 37).

What every game reads from a person or a file is bounded before it is parsed,
so no input can make the referee recurse past Python's stack, run for minutes
or fill the memory. The limits of one statement are in ``limits``; these are
the limits of everything around statements, shared by all four games. This
module imports nothing, so every module of every layer may use it.
"""

from __future__ import annotations

# A file the referee reads: a board, a derivation, a Proof, a move list.
MAX_FILE_BYTES = 1024 * 1024

# A game record (about a kilobyte per event; a thousand-turn game is a megabyte).
MAX_RECORD_BYTES = 64 * 1024 * 1024

# A deck (Palmer's, Ergo's, Cogito's), read from a file or from inside a record.
# The printed decks are 1 to 8 KB; at this size every game loads one in well
# under a second (Palmer's parses each S card's statement).
MAX_DECK_BYTES = 32 * 1024

# How deep a deck's arrays and inline tables may nest ([[cards]] is two).
MAX_DECK_DEPTH = 8

# Digits of a number in a deck (a count, an arity): checked on the text.
MAX_DECK_DIGITS = 9

# Places of a predicate or function a deck names (Palmer's have one or two).
MAX_ARITY = 20

# Copies of one card in a deck, in every game (Ergo's printed limit).
MAX_CARD_COUNT = 1000

# Characters of one line typed at a game's prompt (or piped to it): refused
# before any parsing. A statement is at most MAX_STATEMENT_CHARS; a command
# around it is a few words more.
MAX_LINE_CHARS = 4096

# Characters of what a person gave that a message quotes back ("…" after).
MAX_ECHO_CHARS = 80
