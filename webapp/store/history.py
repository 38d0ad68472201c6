"""A browser's list of finished games, as every backend keeps it: plain entries by game id,
newest first, each kept as long as the browser's session lives. A game is kept once: adding
it again, or after the list was cleared, changes nothing, whichever process adds it."""

from __future__ import annotations

from typing import Any, Protocol

MOST = 1000  # entries read at most for a browser's record


class GameHistory(Protocol):
    """One list of games per browser id."""

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        """Keep ``entry`` (plain data) for ``browser``'s game ``game_id`` ended at ``when``,
        unless that game is kept already or was cleared from the list: then nothing is
        written."""

    def listed(self, browser: str, game_id: str) -> dict[str, Any] | None:
        """``browser``'s entry of the game ``game_id`` if its list shows it (kept, not cleared,
        not expired), else ``None``."""

    def page(self, browser: str, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        """Up to ``limit`` entries from ``offset``, newest first, and how many there are (the
        cleared ones are not)."""

    def clear(self, browser: str) -> int:
        """Hide ``browser``'s games for good: they are no longer listed, and adding one again
        keeps nothing. Their entries are forgotten, their game ids kept for the lifetime
        from now. Returns how many entries were forgotten."""

    def sweep(self) -> int:
        """Forget the games older than the lifetime; returns how many."""
