"""Noting the games being played now (``/live``): a match of strangers is listed after each of
its changes while its game is in play, and no longer once it ended. A friend's match, made by
link, is never listed: it stays private."""

from __future__ import annotations

from flask import current_app

from ...rules import Match
from ...store import StoreUnavailable
from ...store.live_games import LiveGames
from .. import timing


def games() -> LiveGames:
    """The app's list of the games in play."""
    playing: LiveGames = current_app.extensions["live_games"]
    return playing


def note(match: Match, match_id: str) -> None:
    """List ``match`` (just changed) while its game is in play, if strangers play it. The list
    is a courtesy: a store that cannot take it now does not fail the move."""
    if not match.paired:
        return
    try:
        games().note(match_id, timing.now(), not match.is_over)
    except StoreUnavailable:
        return
