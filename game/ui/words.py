"""Small English helpers so messages read right for the default "You" seat, for any other
name, for one die and for big numbers.

A name is written exactly as the player typed it: nothing here (nor anywhere else) changes
its case. "You" is the one name that takes the second person ("You roll", "your turn").
Numbers read as the rules write them: thousands separated ("8,000", "+1,500")."""

from __future__ import annotations

YOU = "You"


def is_you(name: str) -> bool:
    """Whether ``name`` is the second person: "You" (also typed "you" or "YOU"; the name
    is still written as typed)."""
    return name.strip().casefold() == "you"

# Third-person forms whose plain form is not the usual rule's (below).
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def plain_form(verb: str) -> str:
    """The form that goes with "You" for the third-person form ``verb`` ("rolls" ->
    "roll", "scratches" -> "scratch", "passes" -> "pass", "tries" -> "try", "is" -> "are").
    A verb that is not a third-person present ("scored", "may") is returned unchanged."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if not verb.endswith("s") or verb.endswith("ss") or len(verb) < 3:
        return verb
    stem = verb[:-1]
    if verb.endswith("ies") and len(verb) > 4 and verb[-4] not in "aeiou":
        return verb[:-3] + "y"  # tries -> try, carries -> carry
    if verb.endswith(("ches", "shes", "sses", "xes", "zzes", "oes")):
        return verb[:-2]  # scratches -> scratch, pushes -> push, passes -> pass
    return stem  # rolls -> roll, takes -> take, loses -> lose


def verb(name: str, third: str) -> str:
    """The form of the verb ``third`` (third person: "plays") that goes with ``name``, for
    a second verb of the same subject: "You rolled highest and {verb(name, 'plays')}
    first"."""
    return plain_form(third) if is_you(name) else third


def says(name: str, third: str) -> str:
    """'Ada banks' but 'You bank': ``third`` is the third-person form, and the name is
    kept exactly as written."""
    return f"{name} {verb(name, third)}"


def turn_of(name: str) -> str:
    return "Your turn" if is_you(name) else f"{name}'s turn"


def possessive(name: str) -> str:
    """'Ada's', and 'your' for You (at the start of a sentence, ``Possessive``)."""
    return "your" if is_you(name) else f"{name}'s"


def Possessive(name: str) -> str:  # noqa: N802 (the capital says where it goes)
    """'Ada's', and 'Your' for You: the possessive that starts a sentence or a title. Only
    the word "your" is capitalised; a name is never re-cased ("åsa-Märta's")."""
    return "Your" if is_you(name) else f"{name}'s"


def count(n: int, one: str, many: str | None = None) -> str:
    """'1 die', '3 dice'."""
    return f"{number(n)} {one if n == 1 else (many or one + 's')}"


def number(value: float, decimals: int = 0) -> str:
    """A number as the rules write it: '950', '8,000', '-1,000', '12,250'; a float with
    ``decimals`` places ('1,234.5'), a whole float without them unless asked."""
    if isinstance(value, float) and not decimals and value != int(value):
        decimals = 1
    if decimals:
        return f"{value:,.{decimals}f}"
    return f"{int(value):,}"


def signed(value: float, decimals: int = 0) -> str:
    """A change of score: '+50', '+1,500', '-1,000', '0'."""
    text = number(value, decimals)
    return f"+{text}" if value > 0 else text


# Scripts named by the start of a character's Unicode name, as a player would call them.
_SCRIPTS = (("CJK UNIFIED IDEOGRAPH", "Chinese character"), ("CJK COMPATIBILITY IDEOGRAPH",
            "Chinese character"), ("HIRAGANA", "Japanese letter"), ("KATAKANA",
            "Japanese letter"), ("HANGUL", "Korean letter"), ("ARABIC", "Arabic letter"),
            ("HEBREW", "Hebrew letter"), ("DEVANAGARI", "Devanagari letter"), ("BENGALI",
            "Bengali letter"), ("THAI", "Thai letter"), ("ARMENIAN", "Armenian letter"),
            ("GEORGIAN", "Georgian letter"), ("ETHIOPIC", "Ethiopic letter"), ("TAMIL",
            "Tamil letter"))


def character_name(ch: str) -> str:
    """A character in words, never the character itself (for a message about one the fonts
    cannot draw): "the Chinese character U+4E2D", "the emoji U+1F600 (grinning face)",
    "the character U+2603 (snowman)", "a control character (U+0007)"."""
    code = f"U+{ord(ch):04X}"
    try:
        import unicodedata  # (a Python may be built without it: the browser's may)
        name = unicodedata.name(ch, "")
        category = unicodedata.category(ch)
    except ImportError:  # (a Python without the Unicode database)
        name, category = "", ""
    if category.startswith("C") or not name:
        return f"a control character ({code})" if category == "Cc" else f"the character {code}"
    for prefix, words in _SCRIPTS:
        if name.startswith(prefix):
            return f"the {words} {code}"
    if 0x1F000 <= ord(ch) <= 0x1FAFF or 0x2600 <= ord(ch) <= 0x27BF:
        return f"the emoji {code} ({name.lower()})"
    return f"the character {code} ({name.lower()})"


def name_key(name: str) -> str:
    """What makes two names the same name (the records are kept per name): their letters,
    whatever the capitals and the spaces around them."""
    return name.strip().casefold()


def your_turn(name: str) -> str:
    """The start of a person's turn, said to them: 'Your turn, Ann!' ('Your turn!' for the
    default "You" seat)."""
    return "Your turn!" if is_you(name) else f"Your turn, {name}!"
