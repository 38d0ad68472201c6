"""Two app servers on one Redis: a match moves freely between them, and locks hold across them."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import msgspec
import redis

from tests.player import Player, Reply

from .conftest import LOCK_TIMEOUT

# Hot-seat moves that end in a draw: X A1, O A2, X A3, O B2, X B1, O B3, X C2, O C1, X C3.
DRAW = ["A1", "A2", "A3", "B2", "B1", "B3", "C2", "C1", "C3"]


def test_every_move_is_on_both_servers(servers: tuple[str, str]) -> None:
    player = Player()
    first, second = servers
    assert player.new_game(first).status == 303
    for ply, cell in enumerate(DRAW, start=1):
        # The page comes from one server and the move goes to the other, turn about.
        page_server, post_server = (first, second) if ply % 2 else (second, first)
        reply = player.move(page_server, post_server, cell)
        assert reply.status == 303, reply.text
        for server in servers:
            assert player.game(server)["moves"] == DRAW[:ply]
            assert player.get(server).field("version") == str(ply + 1)  # the new game was 1
    assert {player.game(server)["status"] for server in servers} == {"Draw"}


def test_a_move_on_one_server_is_in_the_api_of_the_other(servers: tuple[str, str]) -> None:
    player = Player()
    first, second = servers
    assert player.new_game(first, x="user", o="hard").status == 303
    assert player.move(first, first, "B2").status == 303
    game = player.game(second)
    assert game["players"] == {"X": "user", "O": "hard"}
    assert game["moves"][0] == "B2"
    assert len(game["moves"]) == 2  # the computer's reply was stored with the move


def test_concurrent_moves_through_both_servers_are_all_kept(servers: tuple[str, str]) -> None:
    # Each round posts two different cells at once, one through each server. The posts carry
    # no match/version, so neither is refused as stale: both are acknowledged, and both must
    # stay. The first round is also the first change of a new browser's match.
    # Each pair lies on one line, so no order of play ends the game early.
    rounds = [("A2", "A3"), ("B3", "C3"), ("C1", "C2"), ("A1", "B1")]
    for _ in range(5):
        player = Player()
        token = player.get(servers[0]).field("csrf_token")
        played: list[str] = []
        for pair in rounds:
            replies = _at_once(player, token, list(zip(servers, pair, strict=True)))
            assert [reply.status for reply in replies] == [303, 303]
            played.extend(pair)
            moves = player.game(servers[1])["moves"]
            assert sorted(moves) == sorted(played), f"an acknowledged move was lost: {moves}"
        assert "message error" not in player.get(servers[0]).text  # no move was refused


def _at_once(player: Player, token: str, posts: list[tuple[str, str]]) -> list[Reply]:
    """POST each (server, cell) of ``posts`` to /move at the same moment, from threads."""
    barrier = threading.Barrier(len(posts))

    def post(server: str, cell: str) -> Reply:
        barrier.wait(timeout=10)
        return player.request(server, "POST", "/move", {"csrf_token": token, "cell": cell})

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(post, *zip(*posts, strict=True)))


def test_a_stored_match_is_plain_json_and_expires_after_30_days(
    servers: tuple[str, str], store: redis.Redis
) -> None:
    player = Player()
    assert player.new_game(servers[0], x="user", o="medium").status == 303
    assert player.move(servers[0], servers[1], "A1").status == 303
    match_id = player.get(servers[0]).field("match")
    key, day = f"match:{match_id}", 24 * 3600
    assert 30 * day - 60 <= store.ttl(key) <= 30 * day
    raw = store.get(key)
    assert isinstance(raw, bytes) and len(raw) <= 1024
    stored = json.loads(raw)  # JSON: nothing is ever unpickled
    assert stored["version"] == 2
    assert stored["data"]["moves"][0] == "A1"
    seats = {seat["mark"]: seat["kind"] for seat in stored["data"]["seats"]}
    assert stored["data"]["schema"] == 2 and seats == {"X": "user", "O": "medium"}
    usage = store.memory_usage(key)
    assert usage is not None and usage <= 1024
    # The session holds only which match, the token, the day it was renewed and the
    # browser's id (its list of games), as msgpack, and lives a day longer than its match.
    session_key = f"session:{player.sid}"
    assert 31 * day - 60 <= store.ttl(session_key) <= 31 * day
    session = msgspec.msgpack.decode(store.get(session_key) or b"")
    assert session["match"] == match_id
    assert set(session) <= {"_permanent", "csrf_token", "match", "renewed", "_flashes", "browser"}
    # A read rewrites neither (their expiry counts from the last change).
    store.expire(key, 1000)
    assert player.get(servers[1]).status == 200 and player.game(servers[0])["moves"]
    assert store.ttl(key) <= 1000
    # Nothing is stored without an expiry.
    assert all(store.ttl(name) > 0 for name in store.scan_iter())


def test_a_move_takes_the_match_lock_in_redis(servers: tuple[str, str], store: redis.Redis) -> None:
    player = Player()
    first, second = servers
    assert player.new_game(first).status == 303
    page = player.get(first)
    lock = f"lock:{page.field('match')}"

    commands = _monitored(store, lambda: player.get(second))
    assert commands and not any(lock in command for command in commands)

    fields = {**page.board_fields, "cell": "B2"}
    commands = _monitored(store, lambda: player.post(second, "/move", fields, page))
    taken = [i for i, c in enumerate(commands) if c.startswith(f"SET {lock} ") and " NX" in c]
    # The save is a script: it writes the match only while the lock is ours, then frees it.
    saved = [i for i, c in enumerate(commands) if c.startswith("set match:")]  # inside the script
    freed = [i for i, c in enumerate(commands) if c.startswith(f"del {lock}")]
    assert taken and saved and freed, commands
    assert taken[0] < saved[0] < freed[0]  # the match is saved while the lock is held
    assert store.exists(lock) == 0


def test_a_lock_held_elsewhere_makes_a_move_wait_then_refuse(
    servers: tuple[str, str], store: redis.Redis
) -> None:
    player = Player()
    first, second = servers
    assert player.new_game(first).status == 303
    page = player.get(first)
    fields = {**page.board_fields, "cell": "C3"}
    lock = f"lock:{page.field('match')}"
    # Another server holds this match's lock for longer than a request waits for it.
    store.set(lock, "elsewhere", px=int(LOCK_TIMEOUT * 1000 * 5))
    busy = player.post(second, "/move", fields, page)
    assert busy.status == 503 and busy.headers["X-Move-Result"] == "refused"
    assert "Your game is busy with another request" in busy.text
    assert player.game(first)["moves"] == []
    store.delete(lock)
    assert player.post(second, "/move", fields, page).status == 303
    assert player.game(first)["moves"] == ["C3"]


def _monitored(store: redis.Redis, action: object) -> list[str]:
    """The commands Redis ran while ``action`` ran, seen through MONITOR."""
    import uuid

    marker = f"end-of-action-{uuid.uuid4().hex}"
    commands: list[str] = []
    ready = threading.Event()

    def listen() -> None:
        with store.monitor() as monitor:
            ready.set()
            for event in monitor.listen():
                if marker in event["command"]:
                    return
                commands.append(event["command"])

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    assert ready.wait(10)
    assert callable(action)
    action()
    store.echo(marker)
    listener.join(10)
    assert not listener.is_alive()
    return commands
