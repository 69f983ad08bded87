"""Liar's dice, written from docs/architecture.md ("Adding a game") alone: each player's dice
under a cup (private to a seat), bids that must rise, and ``liar``, which lifts every cup."""
