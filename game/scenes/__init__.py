"""Scenes: menu, play (roll + sheet), results, rules help, pause. They render game state
and turn input into actions; the rules live in game.rules."""
