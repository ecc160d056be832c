"""Dice Harbor: six dice games, one engine core, bots, and a pygame-ce front end."""
