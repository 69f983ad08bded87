"""Mastermind, a fifth game with a secret, added as docs/architecture.md ("Adding a game") says."""
