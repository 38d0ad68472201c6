"""A Server-Sent Events reader over a raw socket, for tests against real servers: it keeps
every event id it reads, with the time it arrived."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
import urllib.parse


class Stream:
    """``GET /api/events`` on its own connection, read by a thread until closed."""

    def __init__(self, server: str, query: str = "", sid: str | None = None) -> None:
        """Open the stream of ``server`` (a base URL) with ``query`` and the session ``sid``."""
        address = urllib.parse.urlsplit(server)
        self.socket = socket.create_connection((address.hostname, address.port), timeout=30)
        cookie = f"Cookie: ttt_session={sid}\r\n" if sid else ""
        request = f"GET /api/events{query} HTTP/1.1\r\nHost: {address.netloc}\r\n{cookie}\r\n"
        self.socket.sendall(request.encode())
        self.status = 0
        self.events: list[tuple[int, float]] = []  # (version, arrival on time.monotonic())
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def wait_for(self, version: int, timeout: float = 10.0) -> float:
        """When the event of ``version`` (or a newer one) arrived; fails after ``timeout``."""
        with self._arrived:
            self._arrived.wait_for(lambda: self.newest >= version, timeout)
            arrivals = [when for seen, when in self.events if seen >= version]
        assert arrivals, f"no event {version} in {timeout} s; status {self.status}, {self.events}"
        return arrivals[0]

    @property
    def newest(self) -> int:
        """The newest version read so far (-1 for none)."""
        return max((version for version, _ in self.events), default=-1)

    def close(self) -> None:
        """Drop the connection, as a browser closing its tab does."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)  # close() alone leaves recv() blocked
        self.socket.close()
        self._reader.join(5)

    def _read(self) -> None:
        buffer = b""
        try:
            while chunk := self.socket.recv(65536):
                buffer += chunk
                if not self.status and b"\r\n" in buffer:
                    self.status = int(buffer.split(b" ", 2)[1])
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    if line.startswith(b"id: "):
                        with self._arrived:
                            self.events.append((int(line[4:]), time.monotonic()))
                            self._arrived.notify_all()
        except OSError:
            pass


class Watcher:
    """A page's live stream of one match as static/live.js keeps it: reopened from the newest
    version it has, at once after a "reconnect" event, a second after a dropped connection."""

    def __init__(self, server: str, match_id: str) -> None:
        """Start following ``match_id`` on ``server`` (a base URL)."""
        self.address = urllib.parse.urlsplit(server)
        self.match_id = match_id
        self.newest = 0
        self.told_to_reconnect: list[float] = []  # when each "reconnect" event arrived
        self.statuses: list[int] = []  # the status of every stream it opened
        self.opened: list[float] = []  # when each stream's answer began
        self._stopped = threading.Event()
        self._socket: socket.socket | None = None
        self._thread = threading.Thread(target=self._follow, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop following, as a closed tab does."""
        self._stopped.set()
        if self._socket is not None:
            with contextlib.suppress(OSError):
                self._socket.shutdown(socket.SHUT_RDWR)
        self._thread.join(5)

    def _follow(self) -> None:
        while not self._stopped.is_set():
            told = self._read_one_stream()
            self._stopped.wait(0.25 if told else 1.0)

    def _read_one_stream(self) -> bool:
        """Read one stream to its end; whether it ended with a "reconnect" event."""
        query = f"?match={self.match_id}&version={self.newest}"
        request = f"GET /api/events{query} HTTP/1.1\r\nHost: {self.address.netloc}\r\n\r\n"
        buffer, status = b"", 0
        try:
            with socket.create_connection(
                (self.address.hostname, self.address.port), timeout=30
            ) as self._socket:
                self._socket.sendall(request.encode())
                while chunk := self._socket.recv(65536):
                    buffer += chunk
                    if not status and b"\r\n" in buffer:
                        status = int(buffer.split(b" ", 2)[1])
                        self.statuses.append(status)
                        self.opened.append(time.monotonic())
                    *lines, buffer = buffer.split(b"\n")
                    for line in lines:
                        if line.startswith(b"id: "):
                            self.newest = max(self.newest, int(line[4:]))
                        elif line == b"event: reconnect":
                            self.told_to_reconnect.append(time.monotonic())
                            return True
        except OSError:
            pass
        return False
