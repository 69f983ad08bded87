"""Ergo (Invicta): the five-in-a-row board game for two, on the shared table machinery."""
