"""Many live streams (GET /api/events, or a board's GET /board/events) read by one thread
through a selector: each stream's answer (status, content type), every event id it heard with
when, the bytes it received, and how it ended."""

from __future__ import annotations

import selectors
import socket
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Stream:
    """One open event stream; ``arrived`` holds when each version reached it. Each has its own
    condition, so an event wakes only the player waiting on that stream (one condition for
    all woke every player on every event, and the bench measured its own thread switches)."""

    sock: socket.socket
    buffer: bytes = b""
    status: int = 0  # the answer's status, once its head has arrived
    content_type: str = ""
    arrived: dict[int, float] = field(default_factory=dict)
    events: int = 0
    received: int = 0  # bytes of the body, after the answer's head
    ended: str = ""  # why the server's side ended, if it did: "closed" or the error
    condition: threading.Condition = field(default_factory=threading.Condition)

    @property
    def ok(self) -> bool:
        """Whether it opened as a live stream should: 200, text/event-stream."""
        return self.status == 200 and self.content_type.startswith("text/event-stream")


class Streams:
    """Every stream, read by one thread through a selector."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.stop = threading.Event()
        self.all: list[Stream] = []
        self.thread = threading.Thread(target=self._read, daemon=True)

    def start(self) -> Streams:
        """Start reading."""
        self.thread.start()
        return self

    def open(self, port: int, query: str, cookie: str = "", path: str = "/api/events") -> Stream:
        """Open ``GET path`` with ``query`` on ``port``, sending ``cookie``."""
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        cookie = f"Cookie: {cookie}\r\n" if cookie else ""
        sock.sendall(f"GET {path}{query} HTTP/1.1\r\nHost: b\r\n{cookie}\r\n".encode())
        sock.setblocking(False)
        stream = Stream(sock)
        self.all.append(stream)
        self.selector.register(sock, selectors.EVENT_READ, stream)
        return stream

    def answered(self, streams: list[Stream], timeout: float) -> list[Stream]:
        """Wait up to ``timeout`` seconds until each of ``streams`` has its answer's head or
        has ended; those still silent then."""
        deadline = time.monotonic() + timeout
        silent = streams
        while silent and time.monotonic() < deadline:
            time.sleep(0.1)
            silent = [stream for stream in silent if not stream.status and not stream.ended]
        return silent

    def wait(self, stream: Stream, version: int, timeout: float = 5.0) -> float | None:
        """When ``version`` (or a newer one) reached ``stream``; ``None`` after ``timeout``."""
        with stream.condition:
            stream.condition.wait_for(lambda: max(stream.arrived, default=-1) >= version, timeout)
            times = [when for seen, when in stream.arrived.items() if seen >= version]
        return min(times) if times else None

    def close(self) -> None:
        """Stop reading and close every stream."""
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join(5)
        for stream in self.all:
            stream.sock.close()
        self.selector.close()

    def _read(self) -> None:
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.1):
                stream: Stream = key.data
                try:
                    chunk = stream.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError as error:
                    chunk, stream.ended = b"", type(error).__name__
                if not chunk:
                    stream.ended = stream.ended or "closed"
                    self.selector.unregister(stream.sock)
                    continue
                self._take(stream, chunk, time.monotonic())

    @staticmethod
    def _take(stream: Stream, chunk: bytes, now: float) -> None:
        """Note the head and the event ids in ``chunk``, which arrived at ``now``."""
        stream.buffer += chunk
        stream.received += len(chunk)
        if not stream.status:
            head, separator, body = stream.buffer.partition(b"\r\n\r\n")
            if not separator:
                return
            fields = head.decode("latin-1").split("\r\n")
            stream.status = int(fields[0].split(" ", 2)[1])
            for line in fields[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-type":
                    stream.content_type = value.strip()
            stream.buffer = body
            stream.received = len(body)
        *lines, stream.buffer = stream.buffer.split(b"\n")
        versions = [int(line[4:]) for line in lines if line.startswith(b"id: ")]
        if versions:
            with stream.condition:
                stream.events += len(versions)
                for version in versions:
                    stream.arrived.setdefault(version, now)
                stream.condition.notify_all()
