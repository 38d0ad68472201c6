"""200 conflicting posts at once on one session, against real gunicorn with 2 workers."""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.hardening.http import Browser, Reply
from tests.servers import GunicornServer
from webapp.engine import CELL_IDS, Game


@pytest.fixture
def server(tmp_path: Path) -> Iterator[GunicornServer]:
    """gunicorn with 2 workers on the file store in a private directory."""
    env = {"FLASK_SECRET_KEY": secrets.token_hex(16), "FLASK_SESSION_DIR": str(tmp_path / "s")}
    running = GunicornServer(env, workers=2).start()
    yield running
    running.stop()


def _state(browser: Browser) -> dict[str, object]:
    data: dict[str, object] = json.loads(browser.request("GET", "/api/game").body)
    return data


def test_200_conflicting_posts_lose_nothing(server: GunicornServer) -> None:
    browser = Browser(server.url)
    token = browser.token()
    state = _state(browser)
    rng = random.Random(11)
    forms = []
    for number in range(200):
        form = {"csrf_token": token, "cell": rng.choice(CELL_IDS)}
        if number % 2:  # half carry the page's game and ply, as a double click would
            form |= {"game": str(state["game"]), "ply": str(rng.randrange(0, 9))}
        forms.append(form)

    def send(form: dict[str, str] | None) -> tuple[dict[str, str] | None, Reply]:
        clone = Browser(browser.base, dict(browser.cookies))
        if form is None:
            # Board reads in between pop the flashed refusals, so they save the session too.
            return None, clone.request("GET", "/")
        return form, clone.request("POST", "/move", form)

    mixed: list[dict[str, str] | None] = []
    for form in forms:
        mixed += [form, None] if len(mixed) % 3 == 0 else [form]
    with ThreadPoolExecutor(max_workers=50) as pool:
        everything = list(pool.map(send, mixed))
    assert {reply.status for form, reply in everything if form is None} == {200}
    results = [(form, reply) for form, reply in everything if form is not None]

    assert all(reply.status == 303 for _, reply in results), [r.status for _, r in results]
    accepted = [form["cell"] for form, reply in results
                if reply.headers.get("X-Move-Result") == "accepted"]  # fmt: skip
    final = _state(browser)
    moves = list(final["moves"])  # type: ignore[call-overload]
    # The stored game is a legal sequence, and holds exactly the accepted moves.
    replayed = Game.from_dict({"x": "user", "o": "user", "start": final["start"], "moves": moves})
    assert replayed.board.to_string() == final["board"]
    assert sorted(accepted) == sorted(moves)
    assert len(moves) >= 5


def test_concurrent_new_games_and_moves_stay_legal(server: GunicornServer) -> None:
    browser = Browser(server.url)
    token = browser.token()
    rng = random.Random(5)
    forms = []
    for number in range(120):
        if number % 10 == 0:
            forms.append(("/new", {"csrf_token": token, "x": "user", "o": "hard"}))
        else:
            forms.append(("/move", {"csrf_token": token, "cell": rng.choice(CELL_IDS)}))

    def send(item: tuple[str, dict[str, str]]) -> Reply:
        clone = Browser(browser.base, dict(browser.cookies))
        return clone.request("POST", *item)

    with ThreadPoolExecutor(max_workers=40) as pool:
        replies = list(pool.map(send, forms))
    assert {reply.status for reply in replies} == {303}
    final = _state(browser)
    game = Game.from_dict({"x": "user", "o": "hard", "start": final["start"],
                           "moves": final["moves"]})  # fmt: skip
    assert game.board.to_string() == final["board"]
    assert final["players"] == {"X": "user", "O": "hard"}
