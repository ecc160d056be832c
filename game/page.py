"""What a game by link asks of its surroundings: the link in the page's address, the
clipboard, the phone's Share sheet, and text fields a player can select and paste into.

In the browser the page holds these: the page script (web/*.tmpl) moves a fragment that is
ours (``#dh1.…``) out of the address into ``window.diceHarbor.link`` before anything else
reads it, and again on every ``hashchange``; the clipboard is ``navigator.clipboard``
(``document.execCommand("copy")`` where it is refused), Share the Web Share API (only where
the page is served over https), and the text fields are real ``<textarea>`` / ``<input>``
elements laid over the canvas, so that selecting, copying and pasting work as everywhere
on the page (a long press on a phone). Natively the clipboard is pygame-ce's (SDL's), and
the fields are drawn by the scene itself. Every function answers at once and never
raises: whatever is missing is reported as "not done" and the scene says what to do.
"""

from __future__ import annotations

import os

import pygame

from game import web
from game.ui import theme

_HELPERS = r"""
(() => {
  const dh = window.diceHarbor = window.diceHarbor || {};
  if (dh.ui) return;
  function copyByHand(text) {
    const area = document.createElement("textarea");
    area.value = text; area.setAttribute("readonly", "");
    area.style.position = "fixed"; area.style.left = "-9999px";
    document.body.appendChild(area); area.select();
    let done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    area.remove();
    return done;
  }
  dh.ui = {
    copy(text) {
      dh.copied = "pending";
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(
          () => { dh.copied = "ok"; },
          () => { dh.copied = copyByHand(text) ? "ok" : "failed"; });
      } else {
        dh.copied = copyByHand(text) ? "ok" : "failed";
      }
    },
    canShare() {
      return location.protocol === "https:" && !!navigator.share && window.isSecureContext;
    },
    share(text, url) {
      dh.shared = "pending";
      try {
        navigator.share(url ? { text: text, url: url } : { text: text }).then(
          () => { dh.shared = "ok"; }, () => { dh.shared = "failed"; });
      } catch (e) { dh.shared = "failed"; }
    },
    field(id, x, y, w, h, value, readonly, multiline, size) {
      let el = document.getElementById(id);
      if (!el || el.tagName !== (multiline ? "TEXTAREA" : "INPUT")) {
        if (el) el.remove();
        el = document.createElement(multiline ? "textarea" : "input");
        el.id = id;
        el.spellcheck = false;
        el.setAttribute("autocomplete", "off");
        el.setAttribute("autocapitalize", "off");
        el.value = value;
        Object.assign(el.style, {
          position: "fixed", zIndex: "20", boxSizing: "border-box", margin: "0",
          padding: "8px 10px", border: "2px solid #3c5064", borderRadius: "10px",
          background: "#0a121c", color: "#faf6ec", resize: "none", outline: "none",
          fontFamily: "ui-monospace, Menlo, Consolas, monospace", wordBreak: "break-all",
          overflowWrap: "anywhere" });
        el.addEventListener("focus", () => { if (el.readOnly) el.select(); });
        el.addEventListener("keydown", (e) => {
          e.stopPropagation();
          if (e.key === "Enter" && !el.readOnly) dh.submitted = el.id;
        });
        el.addEventListener("keyup", (e) => e.stopPropagation());
        document.body.appendChild(el);
      }
      if (readonly && el.value !== value) el.value = value;
      el.readOnly = !!readonly;
      Object.assign(el.style, { left: x + "px", top: y + "px", width: w + "px",
                                height: h + "px", fontSize: size + "px" });
      return true;
    },
    value(id) { const el = document.getElementById(id); return el ? el.value : null; },
    remove(id) { const el = document.getElementById(id); if (el) el.remove(); },
  };
})();
"""


def _page():
    """The page's window with our helpers installed, or None (natively, or no page)."""
    if not web.in_browser():
        return None
    win = web._window()
    if win is None:
        return None
    try:
        state = getattr(win, "diceHarbor", None)
        if web.missing(state) or web.missing(getattr(state, "ui", None)):
            win.eval(_HELPERS)
        return win
    except Exception:  # noqa: BLE001 - a page without eval: no helpers
        return None


def take_link() -> str | None:
    """The link the page was opened with (or that was put in its address since), once."""
    win = _page()
    if win is None:
        return None
    try:
        link = win.diceHarbor.link
        if web.missing(link) or not isinstance(link, str) or not link:
            return None
        win.diceHarbor.link = ""
        return link
    except Exception:  # noqa: BLE001
        return None


def address() -> str:
    """The page's address without its fragment ("" natively): where links point."""
    win = _page()
    if win is None:
        return ""
    try:
        return str(win.location.href).split("#", 1)[0]
    except Exception:  # noqa: BLE001
        return ""


def configured_site() -> str:
    """Natively, where links point: ``$DICE_HARBOR_SITE`` (the address of a web build)."""
    return os.environ.get("DICE_HARBOR_SITE", "").strip()


# -- the clipboard ------------------------------------------------------------------------------
def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False when that cannot be done here. In the browser
    the answer comes a moment later (``copy_result``)."""
    win = _page()
    if win is not None:
        try:
            win.diceHarbor.ui.copy(text)
            return True
        except Exception:  # noqa: BLE001
            return False
    if web.in_browser():
        return False
    try:
        pygame.scrap.put_text(text)
        return True
    except Exception:  # noqa: BLE001 - no clipboard here (no video, no scrap)
        return False


def copy_result() -> str:
    """"ok", "failed" or "pending" for the last ``copy`` in the browser ("ok" natively)."""
    win = _page()
    if win is None:
        return "ok"
    try:
        value = win.diceHarbor.copied
        return value if isinstance(value, str) else "pending"
    except Exception:  # noqa: BLE001
        return "failed"


class Copying:
    """A Copy button's work: the text onto the clipboard, and one sentence saying whether it
    went there (``told``: in the browser the answer comes a frame or two later)."""

    def __init__(self):
        self.waiting: str | None = None  # what to say once the browser says it was copied
        self.what = "text"

    def start(self, text: str, copied: str, what: str = "text") -> None:
        self.what = what
        self.waiting = copied if copy(text) else None
        if self.waiting is None:
            self._told = (f"Copying is not possible here: select the {what} and copy it",
                          False)

    _told: tuple[str, bool] | None = None

    def told(self) -> tuple[str, bool] | None:
        """(the sentence, whether it was copied) once known, once; None meanwhile."""
        if self.waiting is not None:
            result = copy_result()
            if result != "pending":
                ok = result == "ok"
                self._told = (self.waiting if ok else
                              f"Copying was refused here: select the {self.what} and copy it",
                              ok)
                self.waiting = None
        told, self._told = self._told, None
        return told


def paste() -> str:
    """Text on the clipboard natively ("" when there is none, and in the browser, where a
    field takes a paste itself)."""
    if web.in_browser():
        return ""
    try:
        text = pygame.scrap.get_text()
        return text if isinstance(text, str) else ""
    except Exception:  # noqa: BLE001
        return ""


def can_share() -> bool:
    """Whether the Share sheet is there: a browser that has it, on a page served over https."""
    win = _page()
    if win is None:
        return False
    try:
        return bool(win.diceHarbor.ui.canShare())
    except Exception:  # noqa: BLE001
        return False


def share(text: str, url: str = "") -> bool:
    win = _page()
    if win is None:
        return False
    try:
        win.diceHarbor.ui.share(text, url)
        return True
    except Exception:  # noqa: BLE001
        return False


# -- text fields over the canvas -------------------------------------------------------------
def field(ident: str, rect, value: str, readonly: bool, multiline: bool, size: float) -> bool:
    """Lay the page's text field ``ident`` over ``rect`` (device pixels of the canvas) and
    return True; False natively (the scene draws its own)."""
    win = _page()
    if win is None:
        return False
    ratio = theme.metrics.dpr or 1.0
    x, y, w, h = (v / ratio for v in rect)
    try:
        return bool(win.diceHarbor.ui.field(ident, x, y, w, h, value, bool(readonly),
                                            bool(multiline), round(size)))
    except Exception:  # noqa: BLE001
        return False


def field_value(ident: str) -> str | None:
    win = _page()
    if win is None:
        return None
    try:
        value = win.diceHarbor.ui.value(ident)
        return None if web.missing(value) else str(value)
    except Exception:  # noqa: BLE001
        return None


def submitted(ident: str) -> bool:
    """Whether Enter was pressed in the page's field ``ident`` since the last call."""
    win = _page()
    if win is None:
        return False
    try:
        if win.diceHarbor.submitted == ident:
            win.diceHarbor.submitted = ""
            return True
    except Exception:  # noqa: BLE001
        pass
    return False


def remove_field(ident: str) -> None:
    win = _page()
    if win is None:
        return
    try:
        win.diceHarbor.ui.remove(ident)
    except Exception:  # noqa: BLE001
        pass

