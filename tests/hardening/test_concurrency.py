"""Conflicting posts at once from the tabs of one browser, against real gunicorn with 2 workers:
the match's lock (SQLite's BEGIN IMMEDIATE) lets one change in at a time, so no acknowledged
move is lost and the stored game stays legal."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from tests.conftest import api_game, csrf_token, match_store
from tests.player import Player, Reply
from tests.servers import GunicornServer, file_store_env
from webapp.engine import CELL_IDS, Game

Form = tuple[str, dict[str, str]]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[GunicornServer]:
    """gunicorn with 2 workers on the default stores, in a private directory."""
    running = GunicornServer(file_store_env(tmp_path), workers=2).start()
    yield running
    running.stop()


def _all_at_once(server: GunicornServer, player: Player, items: list[Form | None]) -> list[Reply]:
    """Send every item at once, each from its own tab of ``player``: a form to post, or
    ``None`` to read the board (which pops the flashed refusals, so reads save the session too).
    """

    def send(item: Form | None) -> Reply:
        tab = player.tab()
        return tab.get(server.url) if item is None else tab.request(server.url, "POST", *item)

    with ThreadPoolExecutor(max_workers=50) as pool:
        return list(pool.map(send, items))


def _replayed(final: dict[str, Any]) -> Game:
    """The game of an ``/api/game`` answer, replayed move by move, which checks every move."""
    players, moves = final["players"], final["moves"]
    game = Game.from_dict(
        {"x": players["X"], "o": players["O"], "start": final["start"], "moves": moves}
    )
    assert game.board.to_string() == final["board"]
    return game


def _moves_with_reads(forms: list[Form]) -> list[Form | None]:
    """``forms`` with board reads among them, about one for every two forms."""
    mixed: list[Form | None] = []
    for form in forms:
        mixed += [form, None] if len(mixed) % 3 == 0 else [form]
    return mixed


def _accepted_cells(items: list[Form | None], replies: list[Reply]) -> list[str]:
    """The cells of the posts answered with the board and ``X-Move-Result: accepted``; every
    post is answered with the board (a 303) and every read with a page."""
    answered = list(zip(items, replies, strict=True))
    assert {reply.status for item, reply in answered if item is None} == {200}
    posts = [(item, reply) for item, reply in answered if item is not None]
    assert all(reply.status == 303 for _, reply in posts), [r.status for _, r in posts]
    return [
        form["cell"] for (_, form), reply in posts if reply.headers["X-Move-Result"] == "accepted"
    ]


def test_200_conflicting_posts_lose_nothing(server: GunicornServer) -> None:
    """Half the forms carry the match and a version, as a double click or an old tab would;
    exactly the acknowledged moves are stored, one version each."""
    player = Player()
    assert player.new_game(server.url).status == 303
    page = player.get(server.url)
    start = player.game(server.url)
    token, match = page.field("csrf_token"), page.field("match")
    rng = random.Random(11)
    forms: list[Form] = []
    for number in range(200):
        form = {"csrf_token": token, "cell": rng.choice(CELL_IDS)}
        if number % 2:
            form |= {"match": match, "version": str(start["version"] + rng.randrange(0, 9))}
        forms.append(("/move", form))
    items = _moves_with_reads(forms)

    accepted = _accepted_cells(items, _all_at_once(server, player, items))

    final = player.game(server.url)
    _replayed(final)
    assert sorted(accepted) == sorted(final["moves"])
    assert len(final["moves"]) >= 5
    assert final["version"] == start["version"] + len(accepted)
    assert player.get(server.url).field("match") == match


def test_the_first_moves_of_a_new_browser_at_once_lose_nothing(server: GunicornServer) -> None:
    """A browser that has only read the board has no stored match yet: its first posts, sent
    at once, still end in one match that holds every acknowledged move."""
    player = Player()
    token = player.get(server.url).field("csrf_token")
    assert player.get(server.url).field("match") == ""
    rng = random.Random(3)
    forms: list[Form] = [
        ("/move", {"csrf_token": token, "cell": rng.choice(CELL_IDS)}) for _ in range(60)
    ]
    items = _moves_with_reads(forms)

    accepted = _accepted_cells(items, _all_at_once(server, player, items))

    final = player.game(server.url)
    _replayed(final)
    assert sorted(accepted) == sorted(final["moves"])
    assert final["version"] == len(accepted)


def test_two_first_moves_of_one_browser_at_once_end_in_one_match(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same, made certain: two tabs of a browser with no stored match post at once, and
    a barrier holds both requests, their sessions read, until both are about to change the
    match. Both moves are accepted, so both must be in the match the session is at."""
    first = app.test_client()
    token = csrf_token(first)
    # A browser that has only looked holds its visitor cookie alone; its session is stored
    # with its first change.
    visitor = first.get_cookie("ttt_visitor")
    assert first.get_cookie("ttt_session") is None and visitor is not None
    store = match_store(app)
    barrier, locked = threading.Barrier(2, timeout=5), store.locked

    def together(match_id: str) -> Any:
        """The store's lock, once both requests want one."""
        barrier.wait()
        return locked(match_id)

    def move(cell: str) -> str:
        """Post ``cell`` from a new tab of the browser; the move's result."""
        tab = app.test_client()
        tab.set_cookie("ttt_visitor", visitor.value)
        response = tab.post("/move", data={"cell": cell, "csrf_token": token})
        assert response.status_code == 303
        return str(response.headers["X-Move-Result"])

    monkeypatch.setattr(store, "locked", together)
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(move, ["A1", "B2"]))
    monkeypatch.undo()
    assert results == ["accepted", "accepted"]
    assert sorted(api_game(first)["moves"]) == ["A1", "B2"]


def test_concurrent_new_games_and_moves_stay_legal(server: GunicornServer) -> None:
    """New games and moves at once: the stored game is always one legal game of the players
    last chosen."""
    player = Player()
    token = player.get(server.url).field("csrf_token")
    rng = random.Random(5)
    forms: list[Form] = []
    for number in range(120):
        if number % 10 == 0:
            forms.append(("/new", {"csrf_token": token, "x": "user", "o": "hard"}))
        else:
            forms.append(("/move", {"csrf_token": token, "cell": rng.choice(CELL_IDS)}))

    replies = _all_at_once(server, player, list(forms))

    assert {reply.status for reply in replies} == {303}
    final = player.game(server.url)
    _replayed(final)
    assert final["players"] == {"X": "user", "O": "hard"}
