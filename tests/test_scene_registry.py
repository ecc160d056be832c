"""Scenes are registered by name and reached through the app, so no scene module imports
another scene module (they once formed an import circle of thirteen files)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.scenes import SCENES, scene_class

SCENES_DIR = Path(__file__).resolve().parent.parent / "game" / "scenes"
SCENE_MODULES = {target.split(":")[0] for target in SCENES.values()}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


@pytest.mark.parametrize("module", sorted(SCENE_MODULES))
def test_no_scene_imports_another_scene(module):
    path = SCENES_DIR / (module.rsplit(".", 1)[1] + ".py")
    others = (SCENE_MODULES - {module}) | {"game.app.App.to_menu"}
    bad = sorted(imported_modules(path) & others)
    assert not bad, f"{module} imports {bad}: go there by name (app.show / app.open)"


def test_every_registered_name_is_a_scene_class():
    from game.app import Scene
    for name in SCENES:
        assert issubclass(scene_class(name), Scene), name
    with pytest.raises(KeyError, match="no scene named 'nowhere'"):
        scene_class("nowhere")


def test_the_app_goes_to_a_scene_by_name_and_back(app):
    menu = app.scene
    rules = app.open("rules", info=menu.info)
    assert app.scene is rules and app.scenes[0] is menu
    app.back()
    assert app.scene is menu
    records = app.show("records", game_id="farkle")
    assert app.scenes == [records]
