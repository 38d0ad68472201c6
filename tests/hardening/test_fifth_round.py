"""The holes a fifth attack found, tried again against real gunicorn (issue 45, items 1, 4, 5,
7, 9 and 10): bodies that are not UTF-8, a private arena seen through its games, arena ids read
as matches, a stream resumed from an id ahead of its match, takeback asks and name draws."""

from __future__ import annotations

import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.player import TRACEBACK, Player, Reply
from tests.refusals import code
from tests.seekers import token
from tests.servers import GunicornServer, file_store_env


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[GunicornServer, Path]]:
    """gunicorn with 2 workers on the default stores, and the folder of its session files."""
    directory = tmp_path_factory.mktemp("fifth")
    server = GunicornServer(file_store_env(directory), workers=2).start()
    yield server, directory / "sessions"
    server.stop()


@pytest.fixture
def server(running: tuple[GunicornServer, Path]) -> str:
    """The server's address."""
    return running[0].url


def _api(player: Player, server: str, method: str, path: str, body: bytes | str = "") -> Reply:
    """An API call with ``player``'s CSRF token and ``body`` sent as JSON, bytes as they are."""
    raw = body.decode("latin-1") if isinstance(body, bytes) else body
    return player.request(server, method, path, raw=raw, headers=token(player, server))


def _online(server: str, clock: int = 0) -> tuple[Player, Player]:
    """X (who made the invite) and O (who took it), seated in a new online match with
    ``clock`` seconds per move (0: none)."""
    host, friend = Player(), Player()
    body = json.dumps({"x": "user", "o": "friend", "clock": clock})
    made = _api(host, server, "POST", "/api/new", body)
    assert made.status == 200, made.text
    invite = made.json()["online"]["invite"].rsplit("/", 1)[1]
    joined = _api(friend, server, "POST", "/api/join", json.dumps({"invite": invite}))
    assert joined.status == 200, joined.text
    return host, friend


# Each route's body with a string that is not UTF-8 where the route reads one.
NOT_UTF8_BODIES = {
    "/api/move": b'{"cell": "\xff"}',
    "/api/new": b'{"x": "\xc3", "o": "user"}',
    "/api/join": b'{"invite": "a\xfe"}',
    "/api/message": b'{"phrase": "\xff\xff"}',
    "/api/takeback": b'{"accept": "\xff"}',
}


@pytest.mark.parametrize("path", NOT_UTF8_BODIES)
def test_a_json_string_that_is_not_utf8_is_a_400_that_changes_nothing(
    running: tuple[GunicornServer, Path], path: str
) -> None:
    server = running[0]
    host, _friend = _online(server.url)
    before = host.game(server.url)
    refused = _api(host, server.url, "POST", path, NOT_UTF8_BODIES[path])
    assert refused.status == 400, refused.text
    assert code(refused.json()) == "not_utf8", refused.text
    assert host.game(server.url)["version"] == before["version"]
    assert TRACEBACK not in server._log_tail()


def _private_arena_game(server: str) -> tuple[str, Player, dict[str, object]]:
    """A private arena that two players joined (and so play a game of): its id, one of its
    players, and that player's match as the API shows it."""
    maker = Player()
    made = _api(
        maker, server, "POST", "/api/arenas", '{"length": 600, "clock": 60, "private": true}'
    )
    assert made.status == 200, made.text
    arena_id = made.json()["id"]
    players = [Player(), Player()]
    for player in players:
        assert _api(player, server, "POST", f"/api/arenas/{arena_id}/join").status == 200
    for player in players:  # a look at the arena takes each player to the game it paired
        assert player.get(server, f"/api/arenas/{arena_id}").json()["you"]["playing"]
    game = players[0].game(server)
    assert game["arena"] == arena_id and game["online"]["full"]
    return arena_id, players[0], game


def test_a_private_arenas_games_are_not_listed_nor_linked_to_strangers(server: str) -> None:
    arena_id, player, game = _private_arena_game(server)
    assert _api(player, server, "POST", "/api/move", '{"cell": "B2", "ply": 0}').status in (
        200,
        409,
    )
    stranger = Player()
    watch = str(game["online"]["watch"]).removeprefix(server)  # type: ignore[index]
    match_id = watch.rsplit("/", 1)[1]
    assert match_id not in stranger.get(server, "/api/live").text
    assert match_id not in stranger.get(server, "/live").text
    page = stranger.get(server, watch)
    assert page.status == 200 and arena_id not in page.text and "arena-link" not in page.text
    assert arena_id not in stranger.get(server, f"/watch/{match_id}?text=1").text
    assert arena_id in player.get(server).text  # its players keep their way back


def test_an_arena_id_is_no_match_and_a_look_at_it_stores_no_session(
    running: tuple[GunicornServer, Path],
) -> None:
    server, sessions = running[0].url, running[1]
    arena_id, _player, _game = _private_arena_game(server)
    before = set(sessions.iterdir()) if sessions.exists() else set()
    looks = [
        f"/watch/{arena_id}",
        f"/board/events?match={arena_id}",
        f"/api/events?match={arena_id}",
        f"/watch/{arena_id}?text=1",
    ]
    for path in looks:
        reply = Player().get(server, path)
        assert reply.status == 404, (path, reply.status)
        assert "could not be read" not in reply.text
        assert "ttt_session" not in str(reply.headers.get_all("Set-Cookie") or [])
    for path in ("/api/name", "/settings", "/api/live", "/arenas", f"/arenas/{arena_id}"):
        assert Player().get(server, path).status == 200, path  # looks that need no session
    assert (set(sessions.iterdir()) if sessions.exists() else set()) == before


def test_a_stream_resumed_from_an_id_ahead_of_the_match_tells_the_match_now(
    server: str,
) -> None:
    host, _friend = _online(server)
    version = host.game(server)["version"]
    for path in ("/api/events", "/board/events"):
        connection = _open_stream(server, host, path, last_id=version + 5)
        try:
            line = _next_id(connection.getresponse())
        finally:
            connection.close()
        assert 0 < line <= version, path


def _open_stream(
    server: str, player: Player, path: str, last_id: int
) -> http.client.HTTPConnection:
    """A connection asking for the stream ``path`` of ``player``'s match from ``last_id``."""
    port = int(server.rsplit(":", 1)[1])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Cookie": player.cookies(), "Last-Event-ID": str(last_id)}
    connection.request("GET", path, headers=headers)
    return connection


def _next_id(stream: http.client.HTTPResponse) -> int:
    """The id of the next event the stream sends, within its first heartbeats."""
    assert stream.status == 200
    for _ in range(20):  # a silenced stream sends a heartbeat each 0.5 s (file_store_env)
        line = stream.readline().decode()
        assert line, "the stream ended without an event"
        if line.startswith("id: "):
            return int(line.removeprefix("id: "))
    raise AssertionError("the stream told nothing")


def test_a_player_asks_for_a_takeback_once_per_move(server: str) -> None:
    host, friend = _online(server)
    assert _api(host, server, "POST", "/api/move", '{"cell": "B2", "ply": 0}').status == 200
    asked = _api(host, server, "POST", "/api/takeback")
    assert asked.status == 200 and asked.json()["online"]["takeback"] == "you"
    assert friend.game(server)["online"]["takeback"] == "friend"
    own = _api(host, server, "POST", "/api/takeback", '{"accept": true}')
    assert own.status == 409 and code(own.json()) == "own_takeback"
    assert _api(host, server, "POST", "/api/takeback", '{"accept": false}').status == 200
    version = friend.game(server)["version"]
    for _ in range(20):  # the asking and withdrawing of issue 45: refused now, unchanged
        again = _api(host, server, "POST", "/api/takeback")
        assert again.status == 409 and code(again.json()) == "takeback_once"
    assert friend.game(server)["version"] == version
    assert _api(friend, server, "POST", "/api/move", '{"cell": "A1", "ply": 1}').status == 200
    assert _api(host, server, "POST", "/api/takeback").status == 200  # a move opens the next


def test_an_online_game_in_play_shows_no_best_move(server: str) -> None:
    host, friend = _online(server)
    assert host.game(server)["evaluation"] is None and friend.game(server)["evaluation"] is None
    assert Player().game(server)["evaluation"]["best"]  # a game on one device has its hint


def test_name_draws_are_limited_per_address(tmp_path: Path) -> None:
    env = {**file_store_env(tmp_path), "FLASK_LIMITS": "true"}
    server = GunicornServer(env, workers=1).start()  # without Redis, each worker counts apart
    try:
        player = Player()
        answers = [_api(player, server.url, "POST", "/api/name") for _ in range(8)]
        names = [reply.json()["id"] for reply in answers if reply.status == 200]
        assert len(names) == 5 and [reply.status for reply in answers[5:]] == [429] * 3
        other = Player()  # another browser from the same address: the count is the address's
        assert _api(other, server.url, "POST", "/api/name").status == 429
        assert player.get(server.url, "/api/name").json()["id"] == names[-1]
    finally:
        server.stop()


def test_a_waiting_seeker_keeps_its_name(server: str) -> None:
    seeker = Player()
    name = seeker.get(server, "/api/name").json()["id"]
    assert _api(seeker, server, "POST", "/api/pair").json()["state"] == "waiting"
    refused = _api(seeker, server, "POST", "/api/name")
    assert refused.status == 409 and code(refused.json()) == "name_promised"
    page = seeker.get(server, "/settings")
    form = seeker.post(server, "/settings/name", {}, page)
    assert form.status == 409 and seeker.get(server, "/api/name").json()["id"] == name
    assert _api(seeker, server, "DELETE", "/api/pair").status == 200
    assert _api(seeker, server, "POST", "/api/name").status == 200


def test_text_mode_tells_a_late_move_that_its_time_ran_out(server: str) -> None:
    host, friend = _online(server, clock=1)
    assert _api(host, server, "POST", "/api/move", '{"cell": "A1", "ply": 0}').status == 200
    assert _api(friend, server, "POST", "/api/move", '{"cell": "B1", "ply": 1}').status == 200
    page = host.get(server, "/?text=1")  # X's board, shown in time
    deadline = time.monotonic() + 10
    while friend.game(server)["ended_by"] != "time":  # a look ends the game once it ran out
        assert time.monotonic() < deadline, "the clock never ran out"
        time.sleep(0.1)
    late = host.post(server, "/text", {**page.board_fields, "command": "A2"}, page)
    assert late.headers["X-Move-Result"] == "refused"
    shown = host.get(server, "/?text=1").text
    assert "The time for this move has run out" in shown and "has changed" not in shown
