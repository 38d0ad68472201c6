"""Redis commands and bytes per request: what the game asks of Redis for a GET board and for
a move cycle, and what a stored match and a session take.

Run: ``python bench/redis_commands.py`` (from ``.venv/bin/python``; needs ``redis-server``).
It starts a private redis-server, plays against hard in process (bench/request_path.py's
move cycle: POST /move, then the GET / it redirects to), and reads Redis's INFO
commandstats before and after; then STRLEN and MEMORY USAGE of each key.
"""

from __future__ import annotations

import contextlib
import io
import secrets
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from bench import request_path, servers
from webapp import create_app


def calls(client: redis.Redis) -> dict[str, int]:
    """Redis's count of calls of each command so far."""
    stats: dict[str, dict[str, int]] = client.info("commandstats")
    return {name.removeprefix("cmdstat_"): figures["calls"] for name, figures in stats.items()}


def since(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    """The calls made between two counts (INFO itself left out)."""
    made = {name: after[name] - before.get(name, 0) for name in after if name != "info"}
    return {name: count for name, count in made.items() if count}


def main() -> int:
    """Count and print."""
    program = shutil.which("redis-server")
    if not program:
        print("bench/redis_commands.py needs redis-server (Debian package redis-server)")
        return 2
    server = servers.redis_server(program)
    try:
        url = f"redis://127.0.0.1:{server.port}/0"
        settings = {"SECRET_KEY": secrets.token_hex(16), "LIMITS": False, "REDIS_URL": url}
        app = create_app(settings, instance_path=tempfile.mkdtemp(prefix="ttt-redis-"))
        client = redis.Redis(port=server.port)
        browser = request_path.Browser(app)
        with contextlib.redirect_stderr(io.StringIO()):  # the app's log lines
            request_path.move_cycle(browser, 20)
            before = calls(client)
            for _ in range(100):
                browser.call("GET", "/")
            gets = since(before, calls(client))
            before = calls(client)
            cycles = 200
            request_path.move_cycle(browser, cycles)
            moves = since(before, calls(client))
        print("| what | Redis commands | of which |")
        print("| --- | ---: | --- |")
        rows = (("GET board", gets, 100), ("a move (POST and GET)", moves, cycles))
        for label, made, count in rows:
            detail = ", ".join(f"{name} {n / count:.1f}" for name, n in sorted(made.items()))
            print(f"| {label} | {sum(made.values()) / count:.1f} | {detail} |")
        print()
        print("| key | STRLEN B | MEMORY USAGE B |")
        print("| --- | ---: | ---: |")
        for key in client.scan_iter("*"):
            kind = key.decode().split(":", 1)[0]
            length = client.strlen(key) if client.type(key) == b"string" else ""
            print(f"| a {kind} | {length} | {client.memory_usage(key)} |")
        client.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
