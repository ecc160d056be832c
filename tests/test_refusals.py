"""Refusals say what is wrong with the value in one short sentence, whatever the input:
a format that is text is not "another version", and a huge action is not echoed back."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import storage
from game.catalog import GAMES
from game.records import Records
from game.rules.core import IllegalAction, SaveError, Seat
from game.rules.session import Session
from tests.test_saves import BASES


def test_a_save_whose_format_is_text_is_not_said_to_be_another_version():
    save = dict(BASES["yatzy"]["save"], format="2")
    with pytest.raises(SaveError) as refused:
        GAMES["yatzy"].state_type().load(save)
    message = str(refused.value)
    assert "the text '2' where a format number should be" in message
    assert "another version" not in message and "reads 2" not in message
    with pytest.raises(SaveError, match=r"another version of Dice Harbor \(format 7; this "
                                        r"one reads format 2\)"):
        GAMES["yatzy"].state_type().load(dict(BASES["yatzy"]["save"], format=7))
    with pytest.raises(SaveError, match="has true where"):
        GAMES["yatzy"].state_type().load(dict(BASES["yatzy"]["save"], format=True))


def test_a_session_whose_format_is_text_says_so():
    data = json.loads(json.dumps(BASES["grab_it session"]["session"]))
    data["format"] = "1"
    with pytest.raises(SaveError) as refused:
        Session.from_json(data, GAMES)
    assert "the text '1' where a format number should be" in str(refused.value)
    data["format"] = 2
    with pytest.raises(SaveError, match="another version"):
        Session.from_json(data, GAMES)
    data["format"] = True  # (True == 1 in Python: still not a format number)
    with pytest.raises(SaveError, match="where a format number should be"):
        Session.from_json(data, GAMES)


def test_records_whose_format_is_text_say_so():
    with pytest.raises(storage.StoreError, match="the text '1' where a format"):
        Records.from_json({"format": "1", "games": {}})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_huge_action_is_refused_in_one_short_sentence(game_id):
    """Issue 18: an action with a 100,000-element list was refused with a 300,054-character
    message. Every field of every action kind, with a huge list, a huge number, a huge text:
    one sentence of at most 200 characters, and the game unchanged."""
    info = GAMES[game_id]
    state = info.new_game([Seat("You"), Seat("Ada", "easy")], seed=3)
    legal = state.legal_actions()
    state.apply(legal[0])  # a move in: some fields only matter once dice are out
    before = state.to_json()
    huge = ([7] * 100_000, 10**5000 // 10**4990, "x" * 100_000, {"a": [1] * 50_000},
            [[1] * 1000] * 100)
    cls = info.state_type()
    for kind, fields in cls.ACTIONS.items():
        for field in fields + ("extra_field_" + "y" * 10_000,):
            for value in huge:
                try:
                    state.apply({"kind": kind, field: value})
                except IllegalAction as exc:
                    assert len(str(exc)) <= 200 and "\n" not in str(exc), (kind, field)
                    assert state.to_json() == before
                else:  # (a value the rules happen to take is no refusal to check)
                    state = cls.load(state.save())
                    before = state.to_json()


action_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=50)
    | st.lists(st.integers(), min_size=0, max_size=3000),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=20), inner,
                                                               max_size=5), max_leaves=20)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(game_id=st.sampled_from(sorted(GAMES)), data=st.data())
def test_any_malformed_action_is_refused_briefly_and_changes_nothing(game_id, data):
    info = GAMES[game_id]
    state = info.new_game([Seat("You"), Seat("Ada", "easy")], seed=5)
    state.apply(state.legal_actions()[0])
    before = state.to_json()
    kind = data.draw(st.sampled_from(sorted(info.state_type().ACTIONS) + ["nonsense"]))
    action = data.draw(st.dictionaries(st.text(max_size=30), action_values, max_size=4))
    action["kind"] = kind
    try:
        state.apply(action)
    except IllegalAction as exc:
        assert 0 < len(str(exc)) <= 200 and "\n" not in str(exc)
        assert state.to_json() == before
