"""A small Chrome DevTools Protocol client over ``--remote-debugging-pipe``: the standard
library only (no websocket client needed), one browser per ``Browser``, each page a CDP
session. Used by the browser tests and tools/browser_bench.py."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from typing import Any

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-extensions",
                  "--disable-default-apps", "--no-default-browser-check",
                  "--disable-features=Translate,MediaRouter,OptimizationHints",
                  "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                  "--disable-backgrounding-occluded-windows"]


class CDPError(RuntimeError):
    pass


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """Headless Chromium with a fresh profile, driven over a pipe."""

    def __init__(self, executable: str | None = None, extra_flags: list[str] | None = None):
        self.executable = executable or find_chromium()
        if self.executable is None:
            raise CDPError("Chromium is not installed (apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="dice-harbor-chromium-")
        import fcntl
        read_end, self._to_chrome = os.pipe()
        self._from_chrome, write_end = os.pipe()
        # Chrome reads commands on fd 3 and writes answers on fd 4: the child's ends are first
        # moved above 9, so that putting them on 3 and 4 never lands on themselves.
        to_chrome_r = fcntl.fcntl(read_end, fcntl.F_DUPFD_CLOEXEC, 10)
        from_chrome_w = fcntl.fcntl(write_end, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(read_end)
        os.close(write_end)

        def plumb():
            os.dup2(to_chrome_r, 3)  # (dup2 makes them inheritable: they survive the exec)
            os.dup2(from_chrome_w, 4)
            os.setsid()  # its own process group: ended whole, also when the suite is interrupted

        args = [self.executable, *CHROMIUM_FLAGS, *(extra_flags or []),
                f"--user-data-dir={self.profile}", "--remote-debugging-pipe", "about:blank"]
        # (close_fds would close fds 3 and 4 after plumb() made them; every other fd of
        # ours is non-inheritable, so nothing else leaks into the browser)
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")  # noqa: SIM115
        self.process = subprocess.Popen(args, preexec_fn=plumb, close_fds=False,
                                        stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=self.log)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._next_id = 0
        self._lock = threading.Lock()
        self._waiting: dict[int, queue.Queue] = {}
        self.events: dict[str | None, queue.Queue] = {}
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self.version = self.call("Browser.getVersion", timeout=30)
        except (CDPError, OSError) as exc:
            tail = self._log_tail()
            self.close()
            raise CDPError(f"Chromium did not start ({exc}): {tail}") from None

    def _log_tail(self) -> str:
        try:
            with open(os.path.join(self.profile, "chromium.log"), "rb") as f:
                lines = [line for line in f.read().decode(errors="replace").splitlines()
                         if "dbus" not in line.lower()]
            return " | ".join(lines[-5:])
        except OSError:
            return "(no log)"

    # -- the pipe ----------------------------------------------------------------------------
    def _read(self) -> None:
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                for q in list(self._waiting.values()):
                    q.put({"error": {"message": "the browser closed"}})
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    q = self._waiting.pop(message["id"], None)
                    if q is not None:
                        q.put(message)
                else:
                    self.events.setdefault(message.get("sessionId"), queue.Queue()).put(message)

    def call(self, method: str, params: dict | None = None, session: str | None = None,
             timeout: float = 60) -> dict:
        with self._lock:
            self._next_id += 1
            ident = self._next_id
            q: queue.Queue = queue.Queue()
            self._waiting[ident] = q
            message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
            if session:
                message["sessionId"] = session
            os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        try:
            answer = q.get(timeout=timeout)
        except queue.Empty:
            raise CDPError(f"{method}: no answer in {timeout:g} s") from None
        if "error" in answer:
            raise CDPError(f"{method}: {answer['error'].get('message')}")
        return answer.get("result", {})

    def new_page(self, url: str = "about:blank") -> Page:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target,
                                                      "flatten": True})["sessionId"]
        page = Page(self, session, target)
        if url != "about:blank":
            page.goto(url)
        return page

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=10)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait(timeout=10)
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Page:
    """One tab: navigate, evaluate JavaScript, send real input, take screenshots, and keep
    what the console said."""

    def __init__(self, browser: Browser, session: str, target: str):
        self.browser, self.session, self.target = browser, session, target
        self.console: list[tuple[str, str]] = []  # (level, text)
        self.errors: list[str] = []
        self.network: list[dict] = []  # Network.* events, once Network.enable is called
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def call(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        return self.browser.call(method, params, self.session, timeout)

    def pump(self) -> None:
        """Take in the events that arrived (console lines, exceptions)."""
        q = self.browser.events.setdefault(self.session, queue.Queue())
        while True:
            try:
                event = q.get_nowait()
            except queue.Empty:
                return
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", "")))
                                for a in params.get("args", []))
                self.console.append((params.get("type", "log"), text))
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                exc = details.get("exception", {})
                self.errors.append(exc.get("description") or details.get("text", "exception"))
            elif (method or "").startswith("Network."):
                self.network.append(event)
            elif method == "Log.entryAdded":
                entry = params.get("entry", {})
                if entry.get("level") == "error":
                    where = f" ({entry['url']})" if entry.get("url") else ""
                    self.errors.append(f"{entry.get('source')}: {entry.get('text')}{where}")

    def goto(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def reload(self) -> None:
        self.call("Page.reload", {"ignoreCache": False})

    def js(self, expression: str, timeout: float = 60) -> Any:
        """Evaluate ``expression`` in the page (promises awaited) and return its value."""
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True}, timeout=timeout)
        self.pump()
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise CDPError(details.get("exception", {}).get("description")
                           or details.get("text", "error"))
        return result.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 60, every: float = 0.1) -> Any:
        """Poll until ``expression`` is truthy; its value."""
        end = time.monotonic() + timeout
        while True:
            value = self.js(expression)
            if value:
                return value
            if time.monotonic() > end:
                raise CDPError(f"timed out after {timeout:g} s waiting for {expression}")
            time.sleep(every)

    def viewport(self, width: int, height: int, ratio: float = 1, mobile: bool = False,
                 touch: bool = False) -> None:
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile})
        self.call("Emulation.setTouchEmulationEnabled", {"enabled": touch,
                                                         "maxTouchPoints": 5 if touch else 1})

    # -- real input -------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A left click at CSS pixel (x, y)."""
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                   "button": "left" if kind != "mouseMoved"
                                                   else "none", "clickCount": 1})

    def tap(self, x: float, y: float) -> None:
        """A finger's tap at CSS pixel (x, y)."""
        point = [{"x": x, "y": y, "id": 1}]
        self.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        self.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    KEYS = {"Enter": (13, "Enter", "\r"), "Space": (32, "Space", " "),
            "Escape": (27, "Escape", ""), "ArrowUp": (38, "ArrowUp", ""),
            "ArrowDown": (40, "ArrowDown", ""), "ArrowLeft": (37, "ArrowLeft", ""),
            "ArrowRight": (39, "ArrowRight", ""), "Tab": (9, "Tab", ""),
            "Backspace": (8, "Backspace", ""), "F1": (112, "F1", "")}

    def key(self, name: str) -> None:
        """Press and release a key: a named one (Enter, Space, ArrowUp...) or one
        character."""
        if name in self.KEYS:
            code_num, code, text = self.KEYS[name]
            key = " " if name == "Space" else name
        else:
            key, text = name, name
            upper = name.upper()
            code = f"Digit{name}" if name.isdigit() else f"Key{upper}"
            code_num = ord(upper)
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": code_num, "nativeVirtualKeyCode": code_num}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                             "windowsVirtualKeyCode": code_num,
                                             "nativeVirtualKeyCode": code_num})

    def screenshot(self, path: str) -> None:
        import base64
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
