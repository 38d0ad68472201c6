"""Counting a finished arena game: first into both players' lists of games, then into their
entries from what those lists show, at most once. An entry never counts a game that its
browser's list does not show, nor a game twice (the store refuses it: CountedAgain)."""

from __future__ import annotations

import contextlib
import logging

from flask import Flask, current_app

from ...rules import Match, records
from ...rules.arena import ABORTED, ended
from ...rules.arena_pairing import listed_result
from ...store import StoreUnavailable
from ...store.history import GameHistory
from .. import timing
from ..site import metrics
from . import arena_steps, arenas
from .cycle import saved

log = logging.getLogger(__name__)


def init_app(app: Flask) -> None:
    """Count each arena game's result as its match is saved over."""
    saved.connect(_on_saved, weak=False)


def count(match_id: str, match: Match) -> None:
    """If ``match`` (stored as ``match_id``) is a finished arena game not counted yet, count
    its result: first into both players' lists (a list keeps a game once), then into both
    entries at once, each with the result its own list shows (a player whose list does not
    show the game is freed and not scored). A list that cannot take it now stops the count,
    which the next look or the settler makes again."""
    if not match.arena or not match.is_over:
        return
    reads = arenas.read_rows(match.arena)
    found = arena_steps.players(reads.rows(reads.game(match_id))) if reads else {}
    playing = {browser: p for browser, p in found.items() if p.match == match_id}
    if not playing:
        return
    history: GameHistory = current_app.extensions["history"]
    score: dict[str, str] = {}
    for browser, entry in playing.items():
        noted = records.entry(match, match_id, match.held_by([entry.key], home=False), timing.now())
        history.add(browser, match.game_id, noted["when"], noted)
        shown = listed_result(history.listed(browser, match.game_id), match_id, entry.mark)
        if shown is None:
            unlisted = "arena %s, game %s: the list of %s does not show it; its entry is not scored"
            log.error(unlisted, match.arena, match_id, browser)
            metrics.arena_books_refused("unlisted")
        score[entry.mark] = ABORTED if shown is None else shown
    arenas.change_game(match.arena, match_id, lambda kept, now: ended(kept, match_id, score, now))


def _on_saved(match_id: str, match: Match) -> None:
    """A saved change of a match: its arena counts the game if it ended. The change is
    saved and told already: an arena too busy now to count it does not fail the request
    (its players' next look at the arena counts it, or the settler)."""
    with contextlib.suppress(StoreUnavailable):
        count(match_id, match)
