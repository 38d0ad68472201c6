"""Noting finished games in a browser's list: once, only games that are over, never for a
spectator, and a store that fails does not fail the page."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from tests.rules.matches import BOTH, X_WINS, hot_seat
from webapp.rules import Match
from webapp.store import StoreUnavailable
from webapp.web import browsers, played


class Counting:
    """A list of games that counts what it is given, or fails."""

    def __init__(self, fails: bool = False) -> None:
        self.added: list[str] = []
        self.fails = fails

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        if self.fails:
            raise StoreUnavailable("down")
        self.added.append(game_id)


@pytest.fixture(autouse=True)
def _forget() -> None:
    played._noted.clear()


def test_a_finished_game_is_noted_once(app: Flask) -> None:
    counting = Counting()
    app.extensions["history"] = counting
    finished = hot_seat(X_WINS)
    with app.test_request_context():
        played.note(finished, "match-id", BOTH)
        played.note(finished, "match-id", BOTH)
        played.note(Match.between("user", "user"), "match-id", BOTH)  # not over
        played.note(finished, "match-id", frozenset())  # a spectator of a game of people
        played.note(finished, "", BOTH)  # not stored
        assert counting.added == [finished.game_id]
        assert browsers.browser_id()


def test_a_store_that_fails_does_not_fail_the_page_and_tries_again(app: Flask) -> None:
    app.extensions["history"] = Counting(fails=True)
    finished = hot_seat(X_WINS)
    with app.test_request_context():
        played.note(finished, "match-id", BOTH)
        counting = app.extensions["history"] = Counting()
        played.note(finished, "match-id", BOTH)
        assert counting.added == [finished.game_id]
