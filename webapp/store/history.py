"""A browser's list of finished games, as every backend keeps it: plain entries by game id,
newest first, each kept as long as the browser's session lives."""

from __future__ import annotations

from typing import Any, Protocol

MOST = 1000  # entries read at most for a browser's record


class GameHistory(Protocol):
    """One list of games per browser id."""

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        """Keep ``entry`` (plain data) for ``browser``'s game ``game_id`` ended at ``when``,
        unless that game is kept already."""

    def page(self, browser: str, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        """Up to ``limit`` entries from ``offset``, newest first, and how many there are."""

    def clear(self, browser: str) -> int:
        """Forget ``browser``'s games; returns how many."""

    def sweep(self) -> int:
        """Forget the games older than the lifetime; returns how many."""
