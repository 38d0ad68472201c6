"""Noting finished games in a browser's list: only games that are over, never for a
spectator, a store that fails does not fail the page, and a cleared list stays cleared
whichever worker answers next."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import play, post
from tests.rules.matches import BOTH, X_WINS, hot_seat
from tests.web.conftest import new_game
from webapp import create_app
from webapp.rules import Match
from webapp.store import StoreUnavailable
from webapp.web.cycle import played
from webapp.web.site import browsers

CONFIG = {"SECRET_KEY": "test-secret", "TESTING": True, "LIMITS": False}


class Counting:
    """A list of games that counts what it is given, or fails."""

    def __init__(self, fails: bool = False) -> None:
        self.added: list[str] = []
        self.fails = fails

    def add(self, browser: str, game_id: str, when: float, entry: dict[str, Any]) -> None:
        if self.fails:
            raise StoreUnavailable("down")
        self.added.append(game_id)


def test_only_a_finished_game_is_noted(app: Flask) -> None:
    counting = Counting()
    app.extensions["history"] = counting
    finished = hot_seat(X_WINS)
    with app.test_request_context():
        played.note(finished, "match-id", BOTH)
        played.note(finished, "match-id", BOTH)  # each look: the store keeps it once
        played.note(Match.between("user", "user"), "match-id", BOTH)  # not over
        played.note(finished, "match-id", frozenset())  # a spectator of a game of people
        played.note(finished, "", BOTH)  # not stored
        assert counting.added == [finished.game_id, finished.game_id]
        assert browsers.browser_id()


def test_a_finished_game_is_listed_once(app: Flask) -> None:
    finished = hot_seat(X_WINS)
    with app.test_request_context():
        played.note(finished, "match-id", BOTH)
        played.note(finished, "match-id", BOTH)
        shown, total = played.history().page(browsers.browser_id(), 0, 10)
        assert total == 1 and shown[0]["game_id"] == finished.game_id


def test_a_store_that_fails_does_not_fail_the_page_and_tries_again(app: Flask) -> None:
    app.extensions["history"] = Counting(fails=True)
    finished = hot_seat(X_WINS)
    with app.test_request_context():
        played.note(finished, "match-id", BOTH)
        counting = app.extensions["history"] = Counting()
        played.note(finished, "match-id", BOTH)
        assert counting.added == [finished.game_id]


def total(client: FlaskClient) -> int:
    """How many games the browser's list shows."""
    listed: int = client.get("/api/games").get_json()["total"]
    return listed


def clear_by_page(client: FlaskClient) -> None:
    post(client, "/games/clear")


def clear_by_api(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    token = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
    assert client.delete("/api/games", headers={"X-CSRFToken": token}).status_code == 200


@pytest.mark.parametrize("clear", [clear_by_page, clear_by_api])
def test_a_cleared_game_does_not_come_back_through_another_worker(
    instance: Path, clear: Callable[[FlaskClient], None]
) -> None:
    """Two apps on one instance folder stand for two gunicorn workers. Both apps share this
    process's modules: the one that notes games is loaded afresh for worker B, as a process
    of its own would have it."""
    worker_a = create_app(CONFIG, instance_path=str(instance))
    worker_b = create_app(CONFIG, instance_path=str(instance))
    browser = worker_a.test_client()
    new_game(browser, "user", "user")
    play(browser, X_WINS)  # worker A notes the game its last move finishes
    assert total(browser) == 1
    clear(browser)
    assert total(browser) == 0
    cookie = browser.get_cookie("ttt_session")
    assert cookie is not None
    importlib.reload(played)  # worker B's process: nothing of worker A's in memory
    same_browser = worker_b.test_client()
    same_browser.set_cookie("ttt_session", cookie.value)
    assert "wins" in same_browser.get("/").get_data(as_text=True)  # the game is still shown
    assert total(same_browser) == 0
    assert total(browser) == 0
