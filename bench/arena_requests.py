"""What an arena's requests cost the server, in process on a real Redis: the CPU and the Redis
calls of a player's look at the arena (after its game, and when it enters the next one), of a
``GET /api/game`` and a move beside them, of the arena stream's row of each joined viewer at a new
version (read for every viewer together, against one read per viewer as first written), and
of four workers' settlers passing over an arena's games (each settling it, as first written,
against one holding it).

Run: ``python bench/arena_requests.py --viewers 200`` (from ``.venv/bin/python``; needs
``redis-server``). The figures are medians over every pair of players.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import secrets
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import servers
from webapp import create_app
from webapp.web.cycle import arenas, settler
from webapp.web.pages import arena_stream
from webapp.web.views.arena_view import standings

CELLS = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
CALLS = [0]  # Redis calls so far, each a command or a pipeline
# What each Redis call goes through (redis-py leaves its command's signature untyped).
_command: Any = redis.Redis.execute_command
_pipeline: Any = redis.client.Pipeline.execute


def _counted(self: Any, *args: Any, **options: Any) -> Any:
    CALLS[0] += 1
    return _command(self, *args, **options)


def _counted_pipeline(self: Any, *args: Any, **options: Any) -> Any:
    CALLS[0] += 1
    return _pipeline(self, *args, **options)


def measured(
    kept: dict[str, list[tuple[float, int]]],
    kind: str,
    call: Callable[..., Any],
    *args: Any,
    **options: Any,
) -> Any:
    """``call(*args, **options)``, its CPU and Redis calls noted under ``kind``."""
    calls, started = CALLS[0], time.process_time()
    answer = call(*args, **options)
    kept.setdefault(kind, []).append((time.process_time() - started, CALLS[0] - calls))
    return answer


def play_pairs(app: Any, arena_id: str, pairs: int, kept: dict[str, Any]) -> None:
    """``pairs`` pairs of players join, enter their game, play it out and look once more."""
    for _pair in range(pairs):
        players = [join(app, arena_id), join(app, arena_id)]
        for player in players:
            path = f"/api/arenas/{arena_id}"
            answer = measured(kept, "look entering its game", player.get, path)
            assert answer.json["you"]["playing"], answer.json
        while True:
            game = measured(kept, "GET /api/game", players[0].get, "/api/game").json
            if game["status"] != "Game not finished" or game["ended_by"]:
                break
            mover = players[0] if game["turn"] == game["you"] else players[1]
            seen = mover.get("/api/game").json
            cell = next(c for c, m in zip(CELLS, seen["board"], strict=True) if m == "_")
            move = {"cell": cell, "version": seen["version"]}
            measured(kept, "POST /api/move", mover.post, "/api/move", json=move)
        for player in players:
            measured(kept, "look after its game", player.get, f"/api/arenas/{arena_id}")
            player.post(f"/api/arenas/{arena_id}/withdraw")  # the next pair meets nobody else


def rows(app: Any, viewers: int, versions: int, kept: dict[str, Any]) -> None:
    """The row of each of ``viewers`` joined players at each of ``versions`` new versions (a
    join makes each), as the stream reads it now and as first written."""
    arena_id = made(app, starts_in=600)
    for _viewer in range(viewers):
        join(app, arena_id)
    held = contextlib.ExitStack()  # the viewers' streams, open in this process
    with app.app_context():
        browsers = [str(entry["browser"]) for entry in arenas.rows().top(arena_id, viewers)]
    for browser in browsers:
        held.enter_context(arena_stream._showing(app, arena_id, browser))
    with held:
        for _version in range(versions):
            join(app, arena_id)
            with app.app_context():
                found = arenas.look(arena_id)
            assert found is not None
            for kind, row in (("first written", first_row), ("now", arena_stream._row)):
                for memo in ("ticking_arena_entries", "ticking_arena_ranks"):
                    app.extensions.pop(memo, None)  # nothing read yet
                calls, started = CALLS[0], time.process_time()
                for browser in browsers:
                    shown = row(app, found, browser)
                    assert shown is not None and shown[1] == 0, shown
                spent = (time.process_time() - started) / len(browsers)
                each = (CALLS[0] - calls) / len(browsers)
                kept.setdefault(f"a stream's row at a new version, {kind}", []).append(
                    (spent, each)
                )


def settlers(app: Any, games: int, kept: dict[str, Any]) -> None:
    """Four workers' settlers, each on its own pass, over an arena with ``games`` new games in
    play and then with nothing due: each settling every arena, as first written, and one of
    them holding it (ArenaRows.claim) while the others skip it."""
    arena_id = made(app, starts_in=0)
    for _player in range(2 * games):
        join(app, arena_id)  # each second one is paired with the one before
    for kind, holding in (("each settling", False), ("one holding", True)):
        dues: list[dict[str, float]] = [{} for _worker in range(4)]
        for moment in ("first sight of the games", "nothing due"):
            calls, started = CALLS[0], time.process_time()
            for worker, due in enumerate(dues):
                with app.app_context():
                    holder = f"{kind}-{worker}" if holding else ""
                    settler.settle_due(due, holder, 60.0)
            spent, each = time.process_time() - started, CALLS[0] - calls
            kept.setdefault(f"4 settlers' passes, {moment}, {kind}", []).append((spent, each))


def first_row(app: Any, found: Any, browser: str) -> list[object] | None:
    """The viewer's row as the stream first read it: the viewer's entry alone, in an app
    context of its own, and its rank."""
    with app.app_context():
        you = arenas.player(found.arena_id, browser)
        shown = standings(found, you, named=False)
    row = next((row.shown for row in shown if row.shown.you), None)
    return None if row is None else [row.rank, row.points, row.games, row.streak, row.playing]


def made(app: Any, starts_in: int) -> str:
    """A new private arena, starting in ``starts_in`` seconds; its id."""
    maker = app.test_client()
    maker.get("/api/game")
    body = {"length": 600, "clock": 30, "starts_in": starts_in, "private": True}
    return str(maker.post("/api/arenas", json=body).json["id"])


def join(app: Any, arena_id: str) -> Any:
    """A new player, joined."""
    player = app.test_client()
    player.get("/api/game")
    assert player.post(f"/api/arenas/{arena_id}/join").status_code == 200
    return player


def main() -> None:
    """Print one line per kind."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--viewers", type=int, default=200)
    parser.add_argument("--versions", type=int, default=5)
    parser.add_argument("--games", type=int, default=50, help="games in play for the settlers")
    args = parser.parse_args()
    redis.Redis.execute_command = _counted  # type: ignore[method-assign]
    redis.client.Pipeline.execute = _counted_pipeline  # type: ignore[method-assign]
    server = servers.redis_server(shutil.which("redis-server") or "redis-server")
    config = {
        "REDIS_URL": f"redis://127.0.0.1:{server.port}/0",
        "SECRET_KEY": secrets.token_hex(32),
        "ARENA_SETTLE_EVERY": 0,
        "WTF_CSRF_ENABLED": False,
        "LIMITS": False,
    }
    kept: dict[str, list[tuple[float, int]]] = {}
    logging.disable(logging.INFO)  # a line per request: the app's log, not what is measured
    try:
        app = create_app(config)
        play_pairs(app, made(app, starts_in=0), args.pairs, kept)
        if args.viewers:  # 0: the looks alone (of any commit, for a baseline)
            rows(app, args.viewers, args.versions, kept)
            settlers(app, args.games, kept)
    finally:
        server.stop()
    for kind, seen in kept.items():
        cpu = sorted(spent for spent, _calls in seen)[len(seen) // 2]
        calls = sum(calls for _spent, calls in seen) / len(seen)
        print(
            f"{kind}: {cpu * 1000:.2f} ms of CPU (median of {len(seen)}), {calls:.1f} Redis calls"
        )


if __name__ == "__main__":
    main()
