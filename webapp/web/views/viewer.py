"""Who is looking, built once per request: the seats this browser holds in the match shown
(none for a spectator), whether they only watch, the language, the display (the board, text
mode, or text mode with digits as numpad keys) and the site's address. Pages, API answers,
streams and text mode read it, and what is kept per viewer is kept by it."""

from __future__ import annotations

from dataclasses import dataclass

from flask import g, request

from ..cycle.matches import Current
from ..site import display as text
from ..site.i18n import language

NUMPAD = "numpad"


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
    display = {"": "board", text.ON: "text", text.NUMPAD: NUMPAD}[text.mode()]
    return Viewer(held, watching, language(), display, request.script_root, request.host_url)
