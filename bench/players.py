"""The online benchmark's players: online matches played through the API at a steady pace,
and a hot-seat probe that loads its board and moves at a steady pace, each timing its own."""

from __future__ import annotations

import http.client
import json
import random
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from bench.watchers import Stream, Streams

CELLS = [f"{row}{column}" for row in "ABC" for column in "123"]


class Player:
    """One program at one app server: a keep-alive connection, its cookies (the session, or
    the visitor id of one that has only looked) and its token."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: SimpleCookie = SimpleCookie()
        self.token = ""
        self.game: dict[str, Any] = {}

    def request(
        self, method: str, path: str, body: dict[str, Any] | None = None
    ) -> tuple[int, bytes]:
        """One request with the session's cookie and token; its status and body."""
        headers = {"Content-Type": "application/json"}
        if self.cookies:
            headers["Cookie"] = self.cookie
        if self.token:
            headers["X-CSRFToken"] = self.token
        data = json.dumps(body) if body is not None else None
        try:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # The server closed the idle keep-alive connection (webapp/serving.py keepalive)
            # before this request reached it: sent again on a new one, as browsers do.
            self.connection.close()
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
        text = response.read()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(cookie)
        return response.status, text

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """One API request; keeps the answer as ``game``; raises unless it is a 200."""
        status, text = self.request(method, path, body)
        if status != 200:
            raise RuntimeError(f"{method} {path}: {status} {text[:200]!r}")
        self.game = json.loads(text)
        self.token = self.game["csrf_token"]
        return self.game

    @property
    def cookie(self) -> str:
        """The Cookie header's value."""
        return "; ".join(f"{name}={morsel.coded_value}" for name, morsel in self.cookies.items())


@dataclass
class Pair:
    """The two players of one online match (player 1 first), their own streams, the
    spectators' streams, and each move played: its version and when it was sent."""

    players: list[Player]
    streams: list[Stream]
    match_id: str
    spectators: list[Stream] = field(default_factory=list)
    moves: list[tuple[int, float]] = field(default_factory=list)


def open_pairs(ports: list[int], count: int, streams: Streams) -> list[Pair]:
    """``count`` online matches, player 1 on the first server, player 2 on the last."""
    pairs = []
    for _ in range(count):
        host, friend = Player(ports[0]), Player(ports[-1])
        host.call("GET", "/api/game")
        opened = host.call("POST", "/api/new", {"x": "user", "o": "friend"})
        friend.call("GET", "/api/game")
        invite = opened["online"]["invite"].rsplit("/", 1)[1]
        version = friend.call("POST", "/api/join", {"invite": invite})["version"]
        own = [streams.open(p.port, f"?version={version}", p.cookie) for p in (host, friend)]
        pairs.append(Pair([host, friend], own, opened["online"]["watch"].rsplit("/", 1)[1]))
    return pairs


def play(pair: Pair, streams: Streams, start: float, until: float, pace: float,
         errors: list[str]) -> None:  # fmt: skip
    """A move every ``pace`` seconds from ``start`` until ``until``, each noted in
    ``pair.moves``; a rematch once a game ends. Each move must reach the opponent's stream
    within 5 s; what goes wrong is put on ``errors`` and ends the play."""
    try:
        seats = _seats(pair)
        game = pair.players[0].game
        tick = start
        while tick < until:
            time.sleep(max(0.0, tick - time.monotonic()))
            tick += pace
            if game["status"] != "Game not finished" or game["online"]["ending"]:
                pair.players[0].call("POST", "/api/rematch", {})
                game = pair.players[1].call("POST", "/api/rematch", {})
                seats = _seats(pair)  # the sides swap
                continue
            mover = seats[game["turn"]]
            empty = [cell for cell, mark in zip(CELLS, game["board"], strict=True) if mark == "_"]
            body = {"cell": random.choice(empty), "version": game["version"]}
            sent = time.monotonic()
            game = pair.players[mover].call("POST", "/api/move", body)
            pair.moves.append((game["version"], sent))
            if streams.wait(pair.streams[1 - mover], game["version"]) is None:
                raise RuntimeError(f"version {game['version']} never reached the opponent")
    except Exception as error:  # reported, not raised in a thread
        errors.append(f"match {pair.match_id}: {error!r}")


def _seats(pair: Pair) -> dict[str, int]:
    """Which player (0 or 1) plays each mark in the current game; both players' ``game``
    is fresh afterwards."""
    return {player.call("GET", "/api/game")["you"]: i for i, player in enumerate(pair.players)}


@dataclass
class Probe:
    """Another player's hot-seat game on one server: its board loaded (GET /) and a move
    played every ``every`` seconds, each timed."""

    player: Player
    every: float = 0.25
    boards: list[float] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    statuses: list[int] = field(default_factory=list)  # every answer's status

    def play(self, start: float, until: float, errors: list[str]) -> None:
        """Load and move from ``start`` until ``until``; failures go on ``errors``."""
        try:
            self._new()
            tick = start
            while tick < until:
                time.sleep(max(0.0, tick - time.monotonic()))
                tick += self.every
                began = time.monotonic()
                status, _ = self.player.request("GET", "/")
                self.boards.append(time.monotonic() - began)
                self.statuses.append(status)
                game = self.player.game
                empty = [cell for cell, mark in zip(CELLS, game["board"], strict=True)
                         if mark == "_"]  # fmt: skip
                began = time.monotonic()
                body = {"cell": random.choice(empty), "version": game["version"]}
                self.player.call("POST", "/api/move", body)
                self.moves.append(time.monotonic() - began)
                self.statuses.append(200)
                if self.player.game["status"] != "Game not finished":
                    self._new()
        except Exception as error:  # reported, not raised in a thread
            errors.append(f"probe: {error!r}")

    def _new(self) -> None:
        """A new hot-seat game (both sides played here)."""
        if not self.player.game:
            self.player.call("GET", "/api/game")
        self.player.call("POST", "/api/new", {"x": "user", "o": "user"})
