"""One id per game (issue 26): each game's id is the same in its rules, its saves, its
records, its links and the catalog. Maxi Yatzy's saves and links once said "yatzy" (six
dice) inside: those written then (kept here as that version wrote them) still load, as
Maxi Yatzy, while an edited one is still refused."""

from __future__ import annotations

import json

import pytest

from game import links, storage
from game.catalog import CATALOG, GAMES
from game.rules.core import SaveError, Seat
from game.rules.session import Session
from game.sim import play_game

# Written before Maxi Yatzy had an id of its own (game "yatzy", fingerprint made under it).
OLD_MAXI_SAVE = '{"format":2,"game":"yatzy","seats":[{"name":"Ada","bot":null},{"name":"Bot","bot":"hard"}],"options":{"dice":6,"stakes":false,"bet":10,"bankrolls":[]},"seed":7,"actions":[{"kind":"roll","hold":[]},{"kind":"roll","hold":[2,5]},{"kind":"roll","hold":[2,4,5]},{"kind":"score","category":"one_pair"},{"kind":"roll","hold":[]}],"digest":"b954c1fd872921d32091c30f1e3d900a"}'
OLD_MAXI_LINK = 'dh1.eNoNzM0KgkAUBtBc9R4ftLuL-cls7q5eYxjiNldL0AQzyMR3z_WBs-ABRi_f9jbL9JtBeINjxEUF9Pp0XaKI6zBt8JRRkRJhAC_QNtfg00oYwRVBt-ceymO2jZ4rF5xV70yw2ZvG1l6DMYJ1VxzKffEHJNMgQg'
OLD_MAXI_SESSION = '{"format":1,"kind":"session","game":"maxi_yatzy","seats":[{"name":"Ada","bot":null},{"name":"Bot","bot":"hard"}],"options":{},"rounds":1,"seed":5,"results":[],"games":[{"format":2,"game":"yatzy","seats":[{"name":"Ada","bot":null},{"name":"Bot","bot":"hard"}],"options":{"dice":6,"stakes":false,"bet":10,"bankrolls":[]},"seed":5000015,"actions":[{"kind":"roll","hold":[]},{"kind":"roll","hold":[0,4]},{"kind":"roll","hold":[0,1,4]},{"kind":"score","category":"sixes"}],"digest":"cb193cc63cfaa16ef3dfc8788dd51019"}]}'


def replayed(save: dict):
    """The game an old save describes, played afresh as Maxi Yatzy today."""
    state = GAMES["maxi_yatzy"].new_game([Seat(**s) for s in save["seats"]], seed=save["seed"])
    for action in save["actions"]:
        state.apply(action)
    return state


def test_every_game_has_one_id_in_its_catalog_entry_rules_and_saves():
    for info in CATALOG:
        assert info.state_type().GAME_ID == info.id
        state = play_game(info.id, ["easy"] * max(2, info.min_players), seed=1)
        assert state.save()["game"] == info.id == state.to_dict()["game"]
    assert len({info.state_type() for info in CATALOG}) == len(CATALOG)


def test_an_old_maxi_yatzy_autosave_continues_as_maxi_yatzy(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_HARBOR_HOME", str(tmp_path))
    info, state = storage.decode_game({"game_id": "maxi_yatzy",
                                        "save": json.loads(OLD_MAXI_SAVE)})
    assert info.id == "maxi_yatzy" and state.GAME_ID == "maxi_yatzy"
    assert state.n_dice == 6 and len(state.dice) == 6 and len(state.actions) == 5
    assert state.sheets[0] == {"one_pair": 10}  # the move the old save holds
    assert state.to_json() == replayed(json.loads(OLD_MAXI_SAVE)).to_json()
    # saved again, it says its own id and loads the same
    again = storage.decode_game({"game_id": "maxi_yatzy", "save": state.save()})[1]
    assert again.save()["game"] == "maxi_yatzy" and again.to_json() == state.to_json()


def test_an_old_maxi_yatzy_save_is_still_checked():
    edited = json.loads(OLD_MAXI_SAVE)
    edited["actions"][3]["category"] = "chance"
    with pytest.raises(SaveError, match="does not give the saved game"):
        storage.decode_game({"game_id": "maxi_yatzy", "save": edited})
    with pytest.raises(SaveError, match="not a Yatzy game"):  # six dice are not Yatzy's
        storage.decode_game({"game_id": "yatzy", "save": json.loads(OLD_MAXI_SAVE)})
    five = json.loads(OLD_MAXI_SAVE)
    five["options"]["dice"] = 5
    with pytest.raises(SaveError, match="not a Maxi Yatzy game"):
        storage.decode_game({"game_id": "maxi_yatzy", "save": five})


def test_an_old_maxi_yatzy_session_loads_as_maxi_yatzy():
    kind, data = "session", json.loads(OLD_MAXI_SESSION)
    info, state, session = storage.decode_session({"game_id": "maxi_yatzy", kind: data})
    assert info.id == "maxi_yatzy" and isinstance(session, Session)
    assert state.GAME_ID == "maxi_yatzy" and state.sheets[0] == {"sixes": 30}
    assert state.to_json() == replayed(data["games"][0]).to_json()
    assert session.to_json()["games"][0]["game"] == "maxi_yatzy"


def test_an_old_maxi_yatzy_link_opens_the_same_game():
    link = links.decode(OLD_MAXI_LINK)
    assert link.info.id == "maxi_yatzy" and link.state.GAME_ID == "maxi_yatzy"
    old = json.loads(OLD_MAXI_SAVE)
    assert link.state.actions == old["actions"] and link.state.seed == old["seed"]
    assert [s.name for s in link.state.seats] == ["Ada", "Bot"]
    # the link it makes now differs (the new id in its fingerprint) but is the same game
    again = links.decode(links.encode(link.info, link.state))
    assert again.id == link.id and again.state.to_json() == link.state.to_json()


def test_a_yatzy_save_cannot_claim_six_dice():
    seats = [Seat("A"), Seat("B", "easy")]
    state = GAMES["yatzy"].new_game(seats, seed=2)
    save = state.save()
    save["options"]["dice"] = 6
    with pytest.raises(SaveError, match="not a Yatzy game"):
        storage.decode_game({"game_id": "yatzy", "save": save})
