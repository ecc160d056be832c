"""Small English helpers so messages read right for the default "You" seat and for one die."""

from __future__ import annotations

YOU = "You"


def says(name: str, verb: str) -> str:
    """'Ada banks' but 'You bank': ``verb`` is the third-person form."""
    if name != YOU:
        return f"{name} {verb}"
    plain = {"is": "are", "has": "have", "gets": "get", "loses": "lose", "wins": "win",
             "reaches": "reach", "does": "do", "goes": "go"}.get(verb)
    if plain is None:
        plain = verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
    return f"{name} {plain}"


def turn_of(name: str) -> str:
    return "Your turn" if name == YOU else f"{name}'s turn"


def possessive(name: str) -> str:
    return "your" if name == YOU else f"{name}'s"


def count(n: int, one: str, many: str | None = None) -> str:
    """'1 die', '3 dice'."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def your_turn(name: str) -> str:
    """The start of a person's turn, said to them: 'Your turn, Ann!' ('Your turn!' for the
    default "You" seat)."""
    return "Your turn!" if name == YOU else f"Your turn, {name}!"
