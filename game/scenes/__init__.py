"""The scenes, registered by name: the app creates them (``app.show(name, ...)`` to go
there, ``app.open(name, ...)`` to open one over the current scene), so no scene imports
another."""

from __future__ import annotations

import importlib

SCENES = {
    "menu": "game.scenes.menu:MenuScene",
    "play": "game.scenes.play:PlayScene",
    "results": "game.scenes.results:ResultsScene",
    "session": "game.scenes.session:SessionScene",
    "rules": "game.scenes.rules:RulesScene",
    "pause": "game.scenes.pause:PauseScene",
    "confirm": "game.scenes.confirm:ConfirmScene",
    "records": "game.scenes.records:RecordsScene",
    "review": "game.scenes.review:ReviewScene",
    "replay": "game.scenes.replay:ReplayScene",
    "carddraw": "game.scenes.carddraw:CardDrawScene",
    "link_send": "game.scenes.link_send:LinkSendScene",
    "link_open": "game.scenes.link_open:LinkOpenScene",
    "daily": "game.scenes.daily:DailyScene",
    "daily_result": "game.scenes.daily_result:DailyResultScene",
    "daily_shared": "game.scenes.daily_shared:DailySharedScene",
    "settings": "game.scenes.settings:SettingsScene",
    "learn": "game.scenes.learn:LearnScene",
    "lesson_end": "game.scenes.learn:LessonEndScene",
}


def scene_class(name: str):
    """The scene class registered as ``name``."""
    try:
        module, cls = SCENES[name].split(":")
    except KeyError:
        raise KeyError(f"no scene named {name!r}; known: {', '.join(SCENES)}") from None
    return getattr(importlib.import_module(module), cls)
