"""Noting the games being played now (``/live``): a match of strangers is listed after each of
its changes while its game is in play, and no longer once it ended. A friend's match, made by
link, is never listed, nor a private arena's game: they stay private."""

from __future__ import annotations

from flask import current_app

from ...rules import Match, UnknownLinkError
from ...rules.arena import Arena
from ...store import MatchStore, StoreUnavailable
from ...store.live_games import LiveGames
from .. import timing


def games() -> LiveGames:
    """The app's list of the games in play."""
    playing: LiveGames = current_app.extensions["live_games"]
    return playing


def note(match: Match, match_id: str) -> None:
    """List ``match`` (just changed) while its game is in play, if strangers play it. The list
    is a courtesy: a store that cannot take it now does not fail the move."""
    if not match.paired or not public(match):
        return
    try:
        games().note(match_id, timing.now(), not match.is_over)
    except StoreUnavailable:
        return


# Whether each arena is private, as read once per process: it is set when the arena is made
# and never changes, so no worker's copy goes stale.
_PRIVATE: dict[str, bool] = {}


def public(match: Match) -> bool:
    """Whether strangers may learn of ``match``'s arena (and so the arena's link): it has none,
    or a public one. A private arena's link is for those its maker gave it to."""
    if not match.arena:
        return True
    private = _PRIVATE.get(match.arena)
    if private is None:
        private = _read_private(match.arena)
    return not private


def _read_private(arena_id: str) -> bool:
    """Whether the arena ``arena_id`` is private, read from the store (and kept); one that
    cannot be read now counts as private, and is read again next time."""
    store: MatchStore = current_app.extensions["match_store"]
    try:
        record = store.get(arena_id)
        private = record is None or Arena.from_dict(record.data).private
    except (StoreUnavailable, UnknownLinkError):
        return True
    if len(_PRIVATE) >= 4096:  # arenas come and go: forget the old ones now and then
        _PRIVATE.clear()
    _PRIVATE[arena_id] = private
    return private
