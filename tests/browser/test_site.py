"""The browser test's prerequisites, without a browser: the wheel comes from its cache or
is downloaded once and checked against its pinned sha256; a missing piece is one line that
says what to do, a skip on a developer's machine and a failure under CI."""

from __future__ import annotations

import functools
import hashlib
import http.server
import threading

import pytest

from tests.browser import site as site_module


@pytest.fixture
def stand_in(tmp_path):
    """A local stand-in for pygbag's CDN: serves whatever is put in its folder."""
    folder = tmp_path / "cdn"
    folder.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_a_wheel_not_in_the_cache_is_downloaded_and_checked(tmp_path, stand_in, monkeypatch):
    folder, origin = stand_in
    body = b"a wheel, as far as this test knows"
    (folder / "w.whl").write_bytes(body)
    monkeypatch.setattr(site_module.build, "WHEEL_SHA256", hashlib.sha256(body).hexdigest())
    cache = tmp_path / "cache"
    path, problem = site_module.wheel({"DICE_HARBOR_WASM_CACHE": str(cache)},
                                      url=f"{origin}/w.whl")
    assert problem == "" and path == cache / site_module.build.WHEEL
    assert path.read_bytes() == body
    (folder / "w.whl").unlink()  # cached now: no second download
    assert site_module.wheel({"DICE_HARBOR_WASM_CACHE": str(cache)},
                             url=f"{origin}/w.whl")[0] == path


def test_a_wheel_that_is_not_the_pinned_build_is_refused(tmp_path, stand_in):
    folder, origin = stand_in
    (folder / "w.whl").write_bytes(b"something else")
    cache = tmp_path / "cache"
    path, problem = site_module.wheel({"DICE_HARBOR_WASM_CACHE": str(cache)},
                                      url=f"{origin}/w.whl")
    assert path is None and "not the pinned build" in problem and "\n" not in problem
    assert not (cache / site_module.build.WHEEL).exists()  # not kept


def test_no_wheel_and_no_network_is_one_line_saying_what_to_do(tmp_path, stand_in):
    _, origin = stand_in
    path, problem = site_module.wheel({"DICE_HARBOR_WASM_CACHE": str(tmp_path)},
                                      url=f"{origin}/missing.whl")
    assert path is None and "\n" not in problem
    assert str(tmp_path) in problem and site_module.build.WHEEL in problem


def test_missing_pieces_fail_under_ci_and_skip_elsewhere(monkeypatch):
    from tests.browser import conftest
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI: no chromium"):
        conftest._missing("no chromium")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no chromium"):
        conftest._missing("no chromium")
