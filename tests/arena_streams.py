"""What an arena's player does between two looks, as a browser does it (tests/arena_players.py):
it waits to be paired on the arena's stream, and plays its game following the game's stream,
reading the game only when an event says it changed. Each wait has a deadline."""

from __future__ import annotations

import http.client
import json
import random
import time
import urllib.parse
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from tests.player import Player, Reply
from webapp.engine import CELL_IDS as CELLS

# Seconds without a line after which a stream is taken for dead: a heartbeat comes every 10 s,
# later from a loaded server.
QUIET = 60.0
Call = Callable[..., Reply]  # one API call of a player, sent again while it is a 503


@dataclass(frozen=True)
class Event:
    """One Server-Sent Event: its name (``message`` by default), id and data."""

    name: str
    id: str
    data: str


def events(player: Player, server: str, path: str, deadline: float) -> Generator[Event, None, None]:
    """The events of the stream at ``path`` as ``player``, until it ends, goes quiet or
    ``deadline`` (on time.monotonic()) passes; a heartbeat lets the deadline be checked."""
    if time.monotonic() >= deadline:
        return
    address = urllib.parse.urlsplit(server)
    connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=QUIET)
    try:
        connection.request("GET", path, None, {"Cookie": player.cookies()})
        response = connection.getresponse()
        if response.status != 200:  # refused (its places full): not asked again at once
            time.sleep(min(1.0, max(0.0, deadline - time.monotonic())))
            return
        name, ident, data = "message", "", ""
        while time.monotonic() < deadline:
            raw = response.readline()
            if not raw:
                return  # closed by the server
            line = raw.decode().rstrip("\r\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("id: "):
                ident = line[4:]
            elif line.startswith("data: "):
                data = line[6:]
            elif not line and (data or ident):
                yield Event(name, ident, data)
                name, ident, data = "message", "", ""
    except OSError:
        return  # dropped or quiet: the caller looks again
    finally:
        connection.close()


def paired_event(player: Player, server: str, arena_id: str, deadline: float) -> bool:
    """Follow the arena's stream (``GET /arenas/<id>/events``) until an event says this
    player plays (its row's last field), as the arena page's script does; ``False`` if the
    stream ended, went away or ``deadline`` came first."""
    for event in events(player, server, f"/arenas/{arena_id}/events", deadline):
        if event.name == "gone":
            return False
        you = json.loads(event.data).get("you")
        if you and you[4]:
            return True
    return False


def play_game(call: Call, player: Player, server: str, think: float, headers: Any) -> None:
    """Play this player's game (its match now) with random moves, ``think`` seconds at most
    before each, until it is over or its deadline (the longest it can last) passes: the
    other's moves and the clocks are heard on ``GET /api/events``, and the game is read
    again only when an event's version is newer than the one known."""
    game = call(player, server, "GET", "/api/game").json()
    if not game.get("arena"):
        return  # not at its arena game (the look did not take it there): it looks again
    deadline = time.monotonic() + _longest(game)
    stream, pause = events(player, server, f"/api/events?version={game['version']}", deadline), 0.2
    try:
        while time.monotonic() < deadline:
            while not _over(game) and game["turn"] == game["you"]:
                game = _move(call, player, server, game, think, headers)
            if _over(game):
                return
            event = next(stream, None)
            if event is None:  # its lifetime, a restart, a refusal: read again, then follow anew
                stream.close()
                time.sleep(pause)
                pause = min(2 * pause, 5.0)  # a stream refused at once is not asked again at once
                game = call(player, server, "GET", "/api/game").json()
                path = f"/api/events?version={game['version']}"
                stream = events(player, server, path, deadline)
            elif event.id.isdigit() and int(event.id) > game["version"]:
                game = call(player, server, "GET", "/api/game").json()
    finally:
        stream.close()


def _move(call: Call, player: Player, server: str, game: Any, think: float, headers: Any) -> Any:
    """A random move after thinking; the game as the move's answer shows it (read again if
    the move was refused: a clock or the other's move came first)."""
    time.sleep(random.uniform(0, think))
    empty = [cell for cell, mark in zip(CELLS, game["board"], strict=True) if mark == "_"]
    body = json.dumps({"cell": random.choice(empty), "version": game["version"]})
    reply = call(player, server, "POST", "/api/move", raw=body, headers=headers)
    if reply.status == 200:
        return reply.json()
    return call(player, server, "GET", "/api/game").json()


def _over(game: Any) -> bool:
    """Whether the game is over (or ended by a clock, a resignation, an abort)."""
    return bool(game["status"] != "Game not finished" or game["ended_by"])


def _longest(game: Any) -> float:
    """The longest a game can last: its first move's grace, then a clock per cell, and a
    margin for the settler and the machine."""
    clock = float((game.get("clock") or {}).get("per_move") or 30)
    return 30.0 + clock * (len(game["board"]) + 1)
