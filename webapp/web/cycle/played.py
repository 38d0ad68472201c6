"""Noting the games a browser finishes in its list of games (``/games``): whenever the browser
sees its match with the game over, after its own action or on any later read. The store keeps
each game once, and never again once the list was cleared: no process remembers what it
noted, so every worker answers alike."""

from __future__ import annotations

from flask import current_app

from ...rules import Match, records
from ...store import StoreUnavailable
from ...store.history import GameHistory
from .. import timing
from ..site import browsers


def history() -> GameHistory:
    """The app's lists of games."""
    kept: GameHistory = current_app.extensions["history"]
    return kept


def note(match: Match, match_id: str, held: frozenset[str], browser: str = "") -> None:
    """Give the finished game of ``match`` to this browser's list (or ``browser``'s: an arena
    gives its game to both players' lists as it counts it, whether or not they came to it),
    which keeps it unless it has it or had it. A list is a courtesy: a store that cannot take
    it now does not fail the page."""
    if not match.is_over or not match_id or (match.people and not held):
        return
    entry = records.entry(match, match_id, held, timing.now())
    try:
        history().add(browser or browsers.browser_id(), match.game_id, entry["when"], entry)
    except StoreUnavailable:
        return
