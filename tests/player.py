"""A browser stand-in for tests against real servers: one cookie for every server, no
redirects. The scale-out tests send one player's requests to two servers; the concurrency
tests send many at once from tabs of one player."""

from __future__ import annotations

import http.client
import json
import re
import ssl
import urllib.parse
from dataclasses import dataclass
from typing import Any

COOKIE = "ttt_session"
VISITOR_COOKIE = "ttt_visitor"
TRACEBACK = "Traceback (most recent call last)"
STORE_DOWN = "The game store is unavailable"
# Seconds a request waits for its answer (bench/arena.py waits longer: its servers are loaded on
# purpose, and a request sent again after a timeout only adds to the load).
TIMEOUT = 30.0


@dataclass(frozen=True)
class Reply:
    """What a server answered."""

    status: int
    headers: http.client.HTTPMessage
    text: str

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.text)

    def field(self, name: str) -> str:
        """The value of the first hidden form field ``name`` on the page."""
        found = re.search(rf'name="{name}" value="([^"]*)"', self.text)
        assert found, f"the page has no {name} field"
        return found.group(1)

    @property
    def board_fields(self) -> dict[str, str]:
        """What the board's forms send besides the token: the match and its version, by which
        the server refuses a form made for another state of the match."""
        return {"match": self.field("match"), "version": self.field("version")}

    @property
    def empty_cells(self) -> list[str]:
        """The cells the board offers to play."""
        return re.findall(r'name="cell" value="([A-C][1-3])"', self.text)


class Player:
    """One browser. Cookies ignore the port, so the same session goes to every server."""

    def __init__(self, context: ssl.SSLContext | None = None) -> None:
        """A browser with no cookie yet; ``context`` is its TLS settings for https:// servers."""
        self.context = context
        self.sid: str | None = None
        self.visitor: str | None = None  # the cookie whose id makes a looker's CSRF token

    def tab(self) -> Player:
        """Another tab of this browser: the same session cookie, its own connections."""
        other = Player(self.context)
        other.sid, other.visitor = self.sid, self.visitor
        return other

    def request(
        self,
        server: str,
        method: str,
        path: str,
        fields: dict[str, str] | None = None,
        raw: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        """Send one request to ``server`` (a base URL) and keep any new session cookie.

        The body is ``fields`` as a form, or else ``raw`` as it is (set its Content-Type in
        ``headers``).
        """
        address = urllib.parse.urlsplit(server)
        connection = (
            http.client.HTTPSConnection(
                address.hostname or "", address.port, timeout=TIMEOUT, context=self.context
            )
            if address.scheme == "https"
            else http.client.HTTPConnection(address.hostname or "", address.port, timeout=TIMEOUT)
        )
        headers = dict(headers or {})
        if self.cookies():
            headers["Cookie"] = self.cookies()
        body = raw
        if fields is not None:
            body = urllib.parse.urlencode(fields)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body, headers)
            response = connection.getresponse()
            reply = Reply(response.status, response.headers, response.read().decode())
        finally:
            connection.close()
        for cookie in reply.headers.get_all("Set-Cookie") or []:
            if cookie.startswith(COOKIE + "="):
                self.sid = cookie.split(";", 1)[0].split("=", 1)[1]
            if cookie.startswith(VISITOR_COOKIE + "="):
                self.visitor = cookie.split(";", 1)[0].split("=", 1)[1]
        return reply

    def cookies(self) -> str:
        """The Cookie header this browser sends: its session's and its visitor's, if any."""
        cookies = [f"{COOKIE}={self.sid}"] if self.sid else []
        cookies += [f"{VISITOR_COOKIE}={self.visitor}"] if self.visitor else []
        return "; ".join(cookies)

    def get(self, server: str, path: str = "/") -> Reply:
        """GET a page."""
        return self.request(server, "GET", path)

    def game(self, server: str) -> dict[str, Any]:
        """The match as ``server``'s JSON view shows it."""
        reply = self.get(server, "/api/game")
        assert reply.status == 200, reply.text
        data: dict[str, Any] = reply.json()
        return data

    def post(self, server: str, path: str, fields: dict[str, str], page: Reply) -> Reply:
        """POST a form of ``page`` (which supplies the CSRF token) to ``server``."""
        return self.request(
            server, "POST", path, {"csrf_token": page.field("csrf_token"), **fields}
        )

    def move(self, page_server: str, post_server: str, cell: str) -> Reply:
        """Load the board from one server and play ``cell`` through another, as its form does."""
        page = self.get(page_server)
        assert page.status == 200, page.text
        return self.post(post_server, "/move", {**page.board_fields, "cell": cell}, page)

    def press(self, server: str, path: str, fields: dict[str, str] | None = None) -> Reply:
        """Load the board from ``server`` and post its form to ``path`` (``/undo``, ``/step``…)
        with the match and version the page shows, as the board's buttons do."""
        page = self.get(server)
        assert page.status == 200, page.text
        return self.post(server, path, {**page.board_fields, **(fields or {})}, page)

    def new_game(self, server: str, x: str = "user", o: str = "user") -> Reply:
        """Start a game between ``x`` and ``o`` with the setup form."""
        page = self.get(server)
        assert page.status == 200, page.text
        return self.post(server, "/new", {"x": x, "o": o}, page)
