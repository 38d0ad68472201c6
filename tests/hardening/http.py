"""A minimal cookie-keeping HTTP client over urllib, for tests against real servers."""

from __future__ import annotations

import http.client
import re
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class Reply:
    """Status, headers and body of one response."""

    status: int
    headers: dict[str, str]
    body: str


@dataclass
class Browser:
    """Keeps the session cookie like a browser; never follows redirects."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Reply:
        """Send one request and remember any cookie it sets."""
        url = urllib.parse.urlsplit(self.base)
        connection = http.client.HTTPConnection(url.hostname or "", url.port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            reply = Reply(response.status, dict(response.getheaders()), response.read().decode())
        finally:
            connection.close()
        cookie = reply.headers.get("Set-Cookie")
        if cookie:
            name, _, rest = cookie.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return reply

    def token(self) -> str:
        """The CSRF token on the board page."""
        found = re.search(r'name="csrf_token" value="([^"]+)"', self.request("GET", "/").body)
        assert found
        return found.group(1)
