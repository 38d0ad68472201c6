"""Visitors who only look: thousands of cookieless requests, as a crawler or a flood sends."""

from __future__ import annotations

import http.client
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

PATHS = ("/", "/new", "/api/game", "/?hint=1", "/replay/0")


def look(server: str, count: int, connections: int = 8) -> list[int]:
    """Send ``count`` requests with no cookie (GETs of PATHS, and HEAD /) to ``server``, over
    ``connections`` kept-alive connections; their statuses."""
    address = urllib.parse.urlsplit(server)

    def send(share: int) -> list[int]:
        connection = http.client.HTTPConnection(address.hostname or "", address.port, timeout=30)
        statuses = []
        try:
            for index in range(share):
                method = "HEAD" if index % 6 == 5 else "GET"
                connection.request(method, PATHS[index % len(PATHS)] if method == "GET" else "/")
                response = connection.getresponse()
                response.read()
                statuses.append(response.status)
        finally:
            connection.close()
        return statuses

    shares = [count // connections + (i < count % connections) for i in range(connections)]
    with ThreadPoolExecutor(connections) as pool:
        return [status for part in pool.map(send, shares) for status in part]
