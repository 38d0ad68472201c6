"""200 conflicting posts at once on one session, against real gunicorn with 2 workers."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.player import Player, Reply
from tests.servers import GunicornServer
from webapp.engine import CELL_IDS, Game


@pytest.fixture
def server(tmp_path: Path) -> Iterator[GunicornServer]:
    """gunicorn with 2 workers on the file store in a private directory."""
    env = {"FLASK_SECRET_KEY": secrets.token_hex(16), "FLASK_SESSION_DIR": str(tmp_path / "s")}
    running = GunicornServer(env, workers=2).start()
    yield running
    running.stop()


def _same_session(player: Player) -> Player:
    """Another browser tab of ``player``: the same session cookie, its own connection."""
    tab = Player()
    tab.sid = player.sid
    return tab


def test_200_conflicting_posts_lose_nothing(server: GunicornServer) -> None:
    player = Player()
    token = player.get(server.url).field("csrf_token")
    state = player.game(server.url)
    rng = random.Random(11)
    forms = []
    for number in range(200):
        form = {"csrf_token": token, "cell": rng.choice(CELL_IDS)}
        if number % 2:  # half carry the page's game and ply, as a double click would
            form |= {"game": str(state["game"]), "ply": str(rng.randrange(0, 9))}
        forms.append(form)

    def send(form: dict[str, str] | None) -> tuple[dict[str, str] | None, Reply]:
        tab = _same_session(player)
        if form is None:
            # Board reads in between pop the flashed refusals, so they save the session too.
            return None, tab.get(server.url)
        return form, tab.request(server.url, "POST", "/move", form)

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
    final = player.game(server.url)
    moves = list(final["moves"])
    # The stored game is a legal sequence, and holds exactly the accepted moves.
    replayed = Game.from_dict({"x": "user", "o": "user", "start": final["start"], "moves": moves})
    assert replayed.board.to_string() == final["board"]
    assert sorted(accepted) == sorted(moves)
    assert len(moves) >= 5


def test_concurrent_new_games_and_moves_stay_legal(server: GunicornServer) -> None:
    player = Player()
    token = player.get(server.url).field("csrf_token")
    rng = random.Random(5)
    forms = []
    for number in range(120):
        if number % 10 == 0:
            forms.append(("/new", {"csrf_token": token, "x": "user", "o": "hard"}))
        else:
            forms.append(("/move", {"csrf_token": token, "cell": rng.choice(CELL_IDS)}))

    def send(item: tuple[str, dict[str, str]]) -> Reply:
        return _same_session(player).request(server.url, "POST", *item)

    with ThreadPoolExecutor(max_workers=40) as pool:
        replies = list(pool.map(send, forms))
    assert {reply.status for reply in replies} == {303}
    final = player.game(server.url)
    game = Game.from_dict({"x": "user", "o": "hard", "start": final["start"],
                           "moves": final["moves"]})  # fmt: skip
    assert game.board.to_string() == final["board"]
    assert final["players"] == {"X": "user", "O": "hard"}
