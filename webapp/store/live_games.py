"""The games being played now, as every backend keeps them: the ids of the matches of
strangers (quick pairing) whose game is in play, each with when it last changed."""

from __future__ import annotations

from typing import Protocol

# A game not changed for this long is no longer listed: a paired game's clock gives each move
# 30 s, so one this quiet was left and its end was not saved yet.
QUIET_AFTER = 120.0
MOST = 50  # games listed at most


class LiveGames(Protocol):
    """One list of the games in play, shared by every worker and server of the store."""

    def note(self, match_id: str, when: float, playing: bool) -> None:
        """``match_id`` changed at ``when``: listed from now on while ``playing``, else no
        longer (its game ended)."""

    def listing(self, since: float, most: int) -> list[str]:
        """The ids of up to ``most`` games that changed at ``since`` or later, the latest
        changed first; the older ones are forgotten."""
