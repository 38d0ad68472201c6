"""Noting the games a browser finishes in its list of games (``/games``): whenever the browser
sees its match with the game over, after its own action or on any later read, once."""

from __future__ import annotations

import threading
import time

from flask import current_app

from ..rules import Match, records
from ..store import StoreUnavailable
from ..store.history import GameHistory
from . import browsers

_noted: set[tuple[str, str]] = set()  # (browser, game) kept already by this process
_lock = threading.Lock()


def history() -> GameHistory:
    """The app's lists of games."""
    kept: GameHistory = current_app.extensions["history"]
    return kept


def note(match: Match, match_id: str, held: frozenset[str]) -> None:
    """Keep the finished game of ``match`` in this browser's list, once. A list is a
    courtesy: a store that cannot take it now does not fail the page."""
    if not match.is_over or not match_id or (match.people and not held):
        return
    browser = browsers.browser_id()
    key = (browser, match.game_id)
    if key in _noted:
        return
    entry = records.entry(match, match_id, held, time.time())
    try:
        history().add(browser, match.game_id, entry["when"], entry)
    except StoreUnavailable:
        return
    with _lock:
        if len(_noted) > 10_000:  # forget them all: a later note only adds nothing
            _noted.clear()
        _noted.add(key)
