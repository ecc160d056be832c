"""Pirate Fortune rules engine: score_turn for every card, the turn, the Island, the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.bots import make_policy
from game.catalog import GAMES
from game.games.pirates.rules import (
    CARD_EFFECTS,
    CARD_NAMES,
    CARDS,
    DECKS,
    FACES,
    PirateState,
    reroll_outcomes,
    score_turn,
)
from game.rules.core import CountingRandom, IllegalAction, SaveError, Seat

P, M, SW, G, D, SK = "parrot", "monkey", "sword", "gold", "diamond", "skull"


class ScriptedRng(CountingRandom):
    """Die faces from a script (then a seeded stream); shuffles stay seeded."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args):
        if self.faces:
            self.draws += 1
            return FACES.index(self.faces.pop(0))
        return super().randrange(*args)


def game(players=2, seed=1, **options) -> PirateState:
    return PirateState([Seat(f"P{i}") for i in range(players)], options, seed=seed)


def with_card(state: PirateState, card: str, *faces: str) -> PirateState:
    """Put ``card`` on top of the deck and script the next die faces."""
    state.deck.append(card)
    state.rng = ScriptedRng(faces)
    return state


def start(state: PirateState, card: str, *faces: str) -> list[dict]:
    with_card(state, card, *faces)
    return state.apply({"kind": "draw"}) + state.apply({"kind": "roll"})


def types(events):
    return [e["type"] for e in events]


# -- score_turn ---------------------------------------------------------------------------

EXAMPLES = [
    # plain sets, coins and diamonds
    ([P, P, P, M, M, SW, SK, SK], "sorceress", [], 100),
    ([P, P, P, P, M, M, M, SK], "sorceress", [], 300),
    ([G, G, G, D, P, M, SW, SK], "sorceress", [], 500),  # 100 set + 400 face value
    ([M] * 5 + [SK, SW, P], "captain", [], 1000),
    ([M] * 6 + [G, D], "sorceress", [], 1000 + 200 + 500),  # Full Chest
    ([M] * 7 + [P], "sorceress", [], 2000),  # the parrot does not score: no Full Chest
    ([M] * 8, "sorceress", [], 4000 + 500),
    # Captain doubles everything, Full Chest included
    ([M] * 6 + [G, D], "captain", [], 2 * 1700),
    ([G] * 8, "captain", [], 2 * (4000 + 800 + 500)),
    # Gold and Diamond cards: one more object, for sets and face value; nine of a kind
    ([G] * 8, "gold", [], 4000 + 900 + 500),
    ([G, G, P, P, M, M, SW, SK], "gold", [], 100 + 300),
    ([D, D, D, SW, SW, SW, P, P], "diamond", [], 200 + 400 + 100),
    ([P, M, SW, SW, SK, SK, M, P], "diamond", [], 100),
    # Monkey Business: monkeys and parrots are one kind
    ([P, P, M, M, M, SW, SK, G], "monkey_business", [], 500 + 100),
    ([P] * 4 + [M] * 4, "monkey_business", [], 4000 + 500),
    ([P] * 4 + [M] * 4, "sorceress", [], 200 + 200 + 500),
    ([P, P, M, SW, SW, SW, G, D], "monkey_business", [], 100 + 100 + 200 + 500),
    # Sea Battles: won (swords count for Full Chest) or lost
    ([SW, SW, G, G, G, D, D, D], "sea_battle_2", [], 300 + 100 + 100 + 600 + 500),
    ([SW, SW, P, P, M, M, SK, G], "sea_battle_2", [], 300 + 100),
    ([SW, SW, SW, P, P, P, G, D], "sea_battle_3", [], 500 + 100 + 100 + 200 + 500),
    ([SW, SW, SW, P, P, P, G, D], "sea_battle_4", [], -1000),
    ([SW, SW, SW, SW, SK, SK, SK, G], "sea_battle_4", [], -1000),  # disqualified: lost
    ([SW, SW, SW, SW, G, G, G, G], "sea_battle_4", [], 1000 + 200 + 200 + 400 + 500),
    # Skull cards count toward three skulls
    ([G, G, G, SK, SK, P, M, SW], "skull_1", [], 0),
    ([G, G, G, SK, P, P, M, SW], "skull_1", [], 400),
    ([G, G, G, SK, P, P, M, SW], "skull_2", [], 0),
    ([G, G, G, D, P, P, M, SW], "skull_2", [], 500),
    # Storm: only coins and diamonds, 200 each, no sets, no Full Chest
    ([G, G, G, D, D, D, G, G], "storm", [], 1600),
    ([P, P, P, P, M, SW, G, SK], "storm", [], 200),
    ([G, G, G, SK, SK, SK, D, D], "storm", [], 0),
    # Truce: 1000 lost per sword showing, also when disqualified; else a normal score
    ([SW, G, G, G, P, P, M, M], "truce", [], -1000),
    ([SW, SW, SK, SK, SK, G, G, G], "truce", [], -2000),
    ([G, G, G, P, P, P, M, M], "truce", [], 100 + 100 + 300),
    ([G, G, G, SK, SK, SK, M, M], "truce", [], 0),
    # Treasure Chest: all dice score alive; disqualified, the chest alone (no Full Chest)
    ([G, G, SK, P, P], "chest", [G, P, D], 100 + 100 + 400),
    ([SK, SK, SK, P, P], "chest", [G, G, G], 100 + 300),
    ([SK, SK, SK, P, M], "chest", [D, D, D], 400),
    ([SK, SK, SK, SK, M, M, M, M], "chest", [], 0),
    ([M, M, M, M], "chest", [G, G, G, G], 200 + 200 + 400 + 500),
]


@pytest.mark.parametrize("faces, card, chest, points", EXAMPLES)
def test_score_turn_examples(faces, card, chest, points):
    assert score_turn(faces, card, chest) == points


def test_every_card_has_a_hand_checked_example():
    assert {card for _, card, _, _ in EXAMPLES} == set(CARDS)


@pytest.mark.parametrize("args, bad", [
    (([G] * 7 + ["coin"], "gold"), "'coin'"),
    (([G] * 8, "pirate"), "'pirate'"),
    (([G] * 7, "gold"), "7"),
    (([G] * 9, "gold"), "9"),
    (([G] * 6, "gold", [G, G]), "'gold'"),
    (([G] * 6, "chest", [SK, G]), "'skull'"),
    (("gold" * 2, "gold"), "goldgold"),
    (([G] * 7 + [3], "gold"), "3"),
])
def test_score_turn_errors_name_the_bad_value(args, bad):
    with pytest.raises(ValueError, match=bad):
        score_turn(*args)


faces8 = st.lists(st.sampled_from(FACES), min_size=8, max_size=8)


@settings(max_examples=300, derandomize=True)
@given(faces8, st.sampled_from(CARDS), st.randoms(use_true_random=False))
def test_order_does_not_matter(faces, card, rnd):
    shuffled = list(faces)
    rnd.shuffle(shuffled)
    assert score_turn(faces, card) == score_turn(shuffled, card)


@settings(max_examples=300, derandomize=True)
@given(faces8)
def test_captain_doubles_and_plain_cards_agree(faces):
    plain = score_turn(faces, "sorceress")
    assert score_turn(faces, "captain") == 2 * plain
    assert score_turn(faces, "chest") == plain
    if faces.count(SK) >= 3:
        assert plain == 0
    if faces.count(SK) == 0 and SW not in faces:
        assert score_turn(faces, "truce") == plain


@settings(max_examples=300, derandomize=True)
@given(faces8, st.data())
def test_chest_split_matters_only_when_disqualified(faces, data):
    movable = [i for i, f in enumerate(faces) if f != SK]
    on = data.draw(st.lists(st.sampled_from(movable), unique=True) if movable else st.just([]))
    chest = [faces[i] for i in on]
    rest = [f for i, f in enumerate(faces) if i not in on]
    if faces.count(SK) < 3:
        assert score_turn(rest, "chest", chest) == score_turn(faces, "chest")
    else:  # disqualified: only the chest counts, whatever else is on the table
        assert score_turn(rest, "chest", chest) == \
            score_turn([SK] * len(rest), "chest", chest) >= 0


@settings(max_examples=200, derandomize=True)
@given(faces8)
def test_gold_card_is_one_more_coin(faces):
    # the Gold card scores like a ninth die showing gold: never less than without it
    if faces.count(SK) < 3:
        assert score_turn(faces, "gold") >= score_turn(faces, "sorceress") + 100
        assert score_turn(faces, "diamond") >= score_turn(faces, "sorceress") + 100


def test_reroll_outcomes_are_a_distribution():
    for k in range(1, 9):
        outcomes = reroll_outcomes(k)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(sum(c) == k for c, _ in outcomes)
    assert len(reroll_outcomes(8)) == 1287
    two = dict(reroll_outcomes(2))
    assert two[(2, 0, 0, 0, 0, 0)] == pytest.approx(1 / 36)
    assert two[(1, 1, 0, 0, 0, 0)] == pytest.approx(2 / 36)


# -- the deck -----------------------------------------------------------------------------

def test_decks_have_35_cards():
    assert sum(DECKS["default"].values()) == 35
    assert sum(DECKS["classic"].values()) == 35
    assert "storm" not in DECKS["classic"] and "truce" not in DECKS["classic"]
    assert DECKS["classic"]["skull_2"] == 2 and DECKS["classic"]["gold"] == 4
    assert set(CARD_NAMES) == set(CARD_EFFECTS) == set(CARDS)


def test_deck_option_is_checked():
    with pytest.raises(ValueError, match="deck"):
        game(deck="pirate")
    assert Counter(game(deck="classic").deck) == Counter(DECKS["classic"])


def test_reshuffle_when_the_pile_runs_out():
    s = game(1)
    s.discard, s.deck = s.deck[:-1], s.deck[-1:]
    s.apply({"kind": "draw"})
    assert s.deck == []
    s.rng = ScriptedRng([SK] * 3 + [P] * 5)
    s.apply({"kind": "roll"})
    if s.card == "sorceress":
        s.apply({"kind": "stop"})
    events = s.apply({"kind": "draw"})
    assert types(events)[:2] == ["reshuffled", "drew"]
    assert events[0]["cards"] == 35 and len(s.deck) == 34 and s.discard == []


# -- the turn -----------------------------------------------------------------------------

def test_skulls_are_locked_and_two_dice_must_roll():
    s = game()
    start(s, "captain", SK, P, P, M, M, G, D, SW)
    before = s.to_json()
    for bad in ([0, 1], [1], [], [1, 1], [1, 9]):
        with pytest.raises(IllegalAction):
            s.apply({"kind": "roll", "dice": bad})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "roll"})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "chest", "dice": [1]})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "sorceress"})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "draw"})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "roll", "dice": [1, 2], "hold": [3]})
    assert s.to_json() == before
    s.rng = ScriptedRng([P, P])
    events = s.apply({"kind": "roll", "dice": [3, 4]})
    assert events[0]["hold"] == [0, 1, 2, 5, 6, 7] and s.dice[3:5] == [P, P]
    events = s.apply({"kind": "stop"})
    assert events[0]["points"] == 2 * (200 + 200)  # 4 parrots + coin and diamond


def test_three_skulls_disqualify():
    s = game()
    start(s, "gold", SK, SK, P, P, P, G, G, M)
    s.rng = ScriptedRng([SK, D])
    events = s.apply({"kind": "roll", "dice": [2, 7]})
    assert types(events)[:2] == ["rolled", "scored"]
    assert events[1]["result"] == "disqualified" and events[1]["points"] == 0
    assert s.totals == [0, 0] and s.card is None


def test_chest_scores_when_disqualified_and_moves_freely():
    s = game()
    start(s, "chest", SK, SK, G, G, G, P, M, SW)
    s.apply({"kind": "chest", "dice": [2, 3, 4]})
    with pytest.raises(IllegalAction):
        s.apply({"kind": "roll", "dice": [2, 5]})  # on the chest: take it off first
    with pytest.raises(IllegalAction):
        s.apply({"kind": "chest", "dice": [0]})  # skulls cannot go on the chest
    s.apply({"kind": "chest", "dice": [2, 3, 4, 5]})
    s.apply({"kind": "chest", "dice": [2, 3, 4]})  # and off again
    s.rng = ScriptedRng([SK, P, P])
    events = s.apply({"kind": "roll", "dice": [5, 6, 7]})
    scored = next(e for e in events if e["type"] == "scored")
    assert scored["result"] == "disqualified" and scored["points"] == 100 + 300
    assert s.totals[s.order[0]] == 400


def test_sorceress_saves_a_third_skull_once():
    s = game()
    events = start(s, "sorceress", SK, SK, SK, P, P, P, G, D)
    assert types(events)[-1] == "cursed"
    legal = s.legal_actions()
    assert {"kind": "sorceress"} in legal and all(a["kind"] != "roll" for a in legal)
    s.rng = ScriptedRng([G])
    events = s.apply({"kind": "sorceress"})
    assert events[0] == {"type": "sorceress", "seat": s.current, "position": 0, "face": G}
    assert s.sorceress_used and s.skulls() == 2
    with pytest.raises(IllegalAction):
        s.apply({"kind": "sorceress"})
    assert s.apply({"kind": "stop"})[0]["points"] == 100 + 300  # 3 parrots, 2 coins, 1 diamond


def test_sorceress_on_a_fourth_skull_is_too_late():
    s = game()
    start(s, "sorceress", SK, SK, P, P, P, G, D, M)
    s.rng = ScriptedRng([SK, SK])
    events = s.apply({"kind": "roll", "dice": [6, 7]})
    assert next(e for e in events if e["type"] == "scored")["result"] == "disqualified"


def test_sorceress_skull_again_ends_the_turn():
    s = game()
    start(s, "sorceress", SK, SK, SK, P, P, P, G, D)
    s.rng = ScriptedRng([SK])
    events = s.apply({"kind": "sorceress"})
    assert next(e for e in events if e["type"] == "scored")["result"] == "disqualified"


def test_storm_allows_one_reroll():
    s = game()
    start(s, "storm", G, D, P, P, M, M, SW, SK)
    s.rng = ScriptedRng([G, G, P, P, P, P])
    events = s.apply({"kind": "roll", "dice": [2, 3, 4, 5, 6]})
    scored = next(e for e in events if e["type"] == "scored")
    assert scored["result"] == "storm" and scored["points"] == 200 * 4


def test_truce_costs_1000_per_sword():
    s = game(negative=True)
    start(s, "truce", SW, SW, G, G, G, P, P, SK)
    events = s.apply({"kind": "stop"})
    assert events[0]["points"] == -2000 and s.totals[events[0]["seat"]] == -2000


def test_scores_floor_at_zero_by_default():
    s = game()
    start(s, "sea_battle_4", SW, P, P, P, G, G, M, M)
    events = s.apply({"kind": "stop"})
    assert events[0]["points"] == -1000 and s.totals == [0, 0]


# -- the Island of Skulls -------------------------------------------------------------------

def test_island_of_skulls():
    s = game(3)
    seat = s.current
    s.totals = [1000, 1000, 1000]
    events = start(s, "captain", SK, SK, SK, SK, P, P, G, D)
    assert "island" in types(events) and s.island
    assert {"kind": "chest", "dice": [4]} not in s.legal_actions()
    s.rng = ScriptedRng([SK, P, P, P])
    s.apply({"kind": "roll", "dice": [4, 5, 6, 7]})  # one more skull: carry on
    s.rng = ScriptedRng([P, P, P])
    events = s.apply({"kind": "roll", "dice": [5, 6, 7]})  # no skull: the turn ends
    penalty = next(e for e in events if e["type"] == "island_penalty")
    assert penalty["skulls"] == 5 and penalty["penalty"] == 5 * 200  # Captain doubles it
    assert s.totals[seat] == 1000
    assert sorted(s.totals) == [0, 0, 1000]


def test_island_counts_card_skulls_and_not_in_sea_battles():
    s = game(2)
    events = start(s, "skull_2", SK, SK, P, P, P, G, D, M)
    assert "island" in types(events)
    s.apply({"kind": "stop"})
    events = start(s, "sea_battle_2", SK, SK, SK, SK, SW, SW, G, D)
    assert "island" not in types(events)
    assert next(e for e in events if e["type"] == "scored")["points"] == -300


def test_island_only_after_the_first_roll():
    s = game()
    start(s, "captain", SK, SK, P, P, P, G, D, M)
    s.rng = ScriptedRng([SK, SK])
    events = s.apply({"kind": "roll", "dice": [5, 6]})
    assert "island" not in types(events) and "scored" in types(events)


# -- the end of the game --------------------------------------------------------------------

def finish_turn(s: PirateState, card="captain", faces=(G,) * 8) -> list[dict]:
    return start(s, card, *faces) + s.apply({"kind": "stop"})


def test_last_round_and_the_winner():
    s = game(3, target=3000)
    first, second, third = s.order
    s.totals[first] = 2000
    events = finish_turn(s)  # 2 x 5300
    last = next(e for e in events if e["type"] == "last_round")
    assert last["seat"] == first and last["still_to_play"] == [second, third]
    finish_turn(s, "captain", (P, P, P, M, M, SW, SK, SK))
    assert not s.is_over()
    events = finish_turn(s, "captain", (P, P, P, M, M, SW, SK, SK))
    assert s.is_over() and events[-1]["type"] == "game_over"
    assert s.winners() == [first]


def test_play_on_when_the_island_pulls_everyone_back():
    s2 = game(2, target=3000)
    a, b = s2.order
    s2.totals[a] = 2900
    events = finish_turn(s2, "gold", (P, P, P, M, M, SW, SK, G))
    assert any(e["type"] == "last_round" for e in events) and s2.still_to_play == [b]
    start(s2, "captain", SK, SK, SK, SK, SK, SK, SK, SK)  # the Island: 8 skulls x 200
    assert s2.totals[a] == 3200 - 1600 and not s2.is_over()
    assert not s2.last_round


def test_solo_ends_at_the_target():
    s = PirateState([Seat("Solo")], {"target": 5000}, seed=3)
    finish_turn(s)
    assert s.is_over() and s.totals == [10600]


# -- saves, illegal actions, whole games ----------------------------------------------------

def test_json_round_trip_mid_turn():
    s = PirateState([Seat("A"), Seat("B")], {}, seed=5)
    for _ in range(200):  # find a turn with the chest, stopped mid-way
        if s.card == "chest" and s.rolled and s.chest:
            break
        legal = s.legal_actions()
        chest = [a for a in legal if a["kind"] == "chest" and a["dice"]]
        s.apply(chest[0] if chest else next((a for a in legal if a["kind"] in ("draw", "roll")),
                                            legal[0]))
    assert s.card == "chest" and s.rolled and s.chest
    loaded = PirateState.load(s.save())
    assert loaded.to_json() == s.to_json() and loaded.chest == s.chest
    state = PirateState([Seat("A"), Seat("B")], {}, seed=9)
    for _ in range(300):
        if state.card == "sorceress" and state.sorceress_used and state.rolled:
            break
        legal = state.legal_actions()
        pick = {"kind": "sorceress"} if {"kind": "sorceress"} in legal else (
            {"kind": "stop"} if state.rolled else legal[0])
        state.apply(pick)
    assert state.card == "sorceress" and state.sorceress_used
    again = PirateState.load(state.save())
    assert again.sorceress_used and again.to_json() == state.to_json()


def test_a_tampered_save_is_refused():
    s = PirateState([Seat("A"), Seat("B")], {}, seed=5)
    s.apply({"kind": "draw"})
    s.apply({"kind": "roll"})
    data = s.save()
    data["actions"].append({"kind": "roll", "dice": [0]})
    with pytest.raises(SaveError):
        PirateState.load(data)


@pytest.mark.parametrize("players, options", [
    (1, {}), (2, {}), (3, {"deck": "classic"}), (4, {"negative": True, "target": 5000})])
def test_whole_games_with_bots_see_every_card(players, options):
    cards, kinds = Counter(), Counter()
    for seed in range(3):
        state = PirateState([Seat(f"P{i}", "x") for i in range(players)], options, seed=seed)
        bots = [make_policy(GAMES["pirates"].bot_module, ("hard", "normal", "easy", "random")[i % 4], seed + i)
                for i in range(players)]
        for step in range(20000):
            if state.is_over():
                break
            action = bots[state.current].choose(state)
            before = state.to_json()
            bad = {"kind": "roll", "dice": [0]}
            with pytest.raises(IllegalAction):
                state.apply(bad)
            assert state.to_json() == before
            for event in state.apply(action):
                kinds[event["type"]] += 1
                if event["type"] == "drew":
                    cards[event["card"]] += 1
            if step % 53 == 0:
                assert PirateState.load(state.save()).to_json() == state.to_json()
        assert state.is_over()
        if players > 1:
            assert max(state.totals) >= state.options["target"]
            best = max(state.totals)
            assert state.winners() == [i for i in range(players) if state.totals[i] == best]
    deck = DECKS[options.get("deck", "default")]
    if players > 1:
        assert set(cards) == set(deck)
        assert kinds["reshuffled"] >= 1 and kinds["island"] >= 1


def test_random_seeded_games_replay_exactly():
    def play(seed):
        state = PirateState([Seat("A", "x"), Seat("B", "x")], {}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            stops = [a for a in legal if a["kind"] in ("stop", "draw")]
            state.apply(rng.choice(stops if stops and rng.random() < 0.4 else legal))
        return state.to_json()
    assert play(4) == play(4)


# -- a card draw as a chance node (issue 18) ------------------------------------------------
def test_a_draw_is_a_chance_node_of_the_cards_left():
    """chance_outcomes of a draw lists every card still to come with its exact chance, and
    after() forces each through the real rules: that card is turned over, the pile loses
    one of it, and the events say so."""
    from collections import Counter
    s = PirateState([Seat("A"), Seat("B")], {}, seed=5)
    outcomes = s.chance_outcomes({"kind": "draw"})
    pile = Counter(s.deck)
    assert {o[0]: p for o, p in outcomes} == {c: n / len(s.deck) for c, n in pile.items()}
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    before = s.to_json()
    for (card,), _ in outcomes:
        child, events = s.after({"kind": "draw"}, (card,))
        assert child.card == card and Counter(child.deck) == pile - Counter([card])
        assert [e["card"] for e in events if e["type"] == "drew"] == [card]
        assert child.legal_actions() and s.to_json() == before  # the game itself untouched
    with pytest.raises(ValueError):
        s.after({"kind": "draw"}, ("not a card",))


def test_a_draw_from_an_empty_deck_is_over_the_discards_shuffled_back():
    from collections import Counter
    s = PirateState([Seat("A"), Seat("B")], {}, seed=9)
    s.discard, s.deck = s.deck[:5], []
    outcomes = s.chance_outcomes({"kind": "draw"})
    assert {o[0] for o, _ in outcomes} == set(s.discard)
    card = outcomes[-1][0][0]
    child, events = s.after({"kind": "draw"}, (card,))
    assert [e["type"] for e in events] == ["reshuffled", "drew"] and child.card == card
    assert Counter(child.deck) + Counter([card]) == Counter(s.discard)


def test_the_forced_draw_goes_on_like_the_real_game():
    """With the card the real draw turns over, after() gives exactly the real game."""
    s = PirateState([Seat("A"), Seat("B")], {}, seed=11)
    real = PirateState.load(s.save())
    real.apply({"kind": "draw"})
    child, _ = s.after({"kind": "draw"}, (real.card,))
    assert child.to_json() == real.to_json()
