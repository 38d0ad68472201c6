"""Who is looking, built once per request: the seats this browser holds in the match shown
(none for a spectator), whether they only watch, the language, the display (the board, text
mode, or text mode with digits as numpad keys) and the site's address. Pages, API answers,
streams and text mode read it, and what is kept per viewer is kept by it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from flask import Flask, g, request

from ..cycle.matches import Current
from ..site import display as text
from ..site import i18n
from ..site.i18n import language

NUMPAD = "numpad"
COOKIES = {"board": "", "text": text.ON, NUMPAD: text.NUMPAD}  # text mode's, by display


@dataclass(frozen=True)
class Viewer:
    """One viewer of one request. ``held`` is empty and ``watching`` true for a spectator
    (through a watch link, or holding no seat of a match that people play); ``display`` is
    ``board``, ``text`` or ``numpad``; ``root`` and ``host`` start the page's links."""

    held: frozenset[str]
    watching: bool
    language: str
    display: str
    root: str
    host: str

    @property
    def text(self) -> bool:
        """Whether the page is shown in text mode."""
        return self.display != "board"

    @property
    def numpad(self) -> bool:
        """Whether a digit alone plays the cell of that numpad key (7 is A1)."""
        return self.display == NUMPAD

    @property
    def shown(self) -> str:
        """How a board is drawn for it: ``board`` or ``text`` (the numpad draws no other)."""
        return "text" if self.text else "board"


def viewer(current: Current | None = None) -> Viewer:
    """This request's viewer of ``current`` (none: of no match, as the lists are seen); made
    once per request and match."""
    kept: dict[str, Viewer] = g.setdefault("viewers", {})
    key = "" if current is None else current.match_id or "new"
    found = kept.get(key)
    if found is None:
        found = kept[key] = _made(current)
    return found


def _made(current: Current | None) -> Viewer:
    spectator = current is None or current.you is None
    held = frozenset() if current is None or spectator else current.held
    watching = current is not None and (current.watching or spectator)
    display = next(shown for shown, cookie in COOKIES.items() if cookie == text.mode())
    return Viewer(held, watching, language(), display, request.script_root, request.host_url)


@contextmanager
def request_of(app: Flask, seen: Viewer, path: str = "/") -> Iterator[None]:
    """A request of ``seen``'s own at ``path``: its address, its language and display by their
    cookies (as a browser chooses them), and no browser's session. A stream renders in one
    what it sends, long after the request that opened it."""
    cookies = f"{i18n.COOKIE}={seen.language}; {text.COOKIE}={COOKIES[seen.display]}"
    base = seen.host.rstrip("/") + seen.root
    with app.test_request_context(path, base_url=base, environ_overrides={"HTTP_COOKIE": cookies}):
        yield
