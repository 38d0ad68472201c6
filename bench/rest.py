"""Watching at rest: spectators' live boards open on one online match in which nobody moves,
on the default store (SQLite), served as `make run` serves it; the workers' CPU per second
over the window, read from /proc (the scheduler's nanoseconds; the 10 ms ticks beside them).
Exits 1 above its floor (2 ms of CPU a second), or if a worker's process or thread ended or
began within the window (each is read at both ends: one that ended would take its CPU time
with it).

    .venv/bin/python bench/rest.py --watchers 24 --seconds 10
"""

from __future__ import annotations

import argparse
import contextlib
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import servers
from bench.players import open_pairs
from bench.watchers import Streams

FLOOR_MS = 2.0  # the workers' CPU a second while nothing moves (issue 43)


def main() -> int:
    """Serve, seat two players, open the spectators' streams, then measure the quiet."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--watchers", type=int, default=24, help="spectators' board streams")
    parser.add_argument("--seconds", type=float, default=10.0, help="the quiet window")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        env = {
            "FLASK_SECRET_KEY": secrets.token_hex(32),
            "FLASK_DATABASE": str(Path(work) / "matches.sqlite"),
            "FLASK_SESSION_DIR": str(Path(work) / "sessions"),
            # every spectator comes from 127.0.0.1, which the per-address cap would refuse
            "FLASK_STREAMS_PER_ADDRESS": str(options.watchers + 10),
        }
        server = servers.gunicorn("wsgi:app", env)
        streams = Streams().start()
        try:
            used, ticked = _quiet_cpu(server, streams, options.watchers, options.seconds)
        except TasksChanged as error:
            print(f"no figure: {error}", file=sys.stderr)
            return 1
        finally:
            streams.close()
            server.stop()
    per_second, ticks = (seconds / options.seconds * 1000 for seconds in (used, ticked))
    print(f"watchers: {options.watchers}; window: {options.seconds:.0f} s")
    print(f"in 10 ms ticks (/proc/<pid>/stat): {ticks:.2f} ms a second")
    print(f"workers' CPU at rest: {per_second:.2f} ms a second (floor {FLOOR_MS} ms)")
    return 0 if per_second <= FLOOR_MS else 1


def _quiet_cpu(
    server: servers.Server, streams: Streams, watchers: int, seconds: float
) -> tuple[float, float]:
    """The servers' CPU seconds over ``seconds`` with ``watchers`` board streams open on a
    match where nobody moves (after a second for them to settle): from the scheduler, and in
    ticks."""
    pair = open_pairs([server.port], 1, streams)[0]
    version = pair.players[1].game["version"]
    query = f"?match={pair.match_id}&version={version}"
    opened = [streams.open(server.port, query, path="/board/events") for _ in range(watchers)]
    silent = streams.answered(opened, timeout=10)
    if silent or not all(stream.ok for stream in opened):
        raise RuntimeError(f"{len(silent)} streams did not open as live streams")
    time.sleep(1.0)
    return window(server, seconds)


def window(server: servers.Server, seconds: float) -> tuple[float, float]:
    """The CPU seconds of ``server``'s processes over the next ``seconds``: from the scheduler,
    and in ticks. TasksChanged if a process or thread of theirs ended or began meanwhile."""
    before, ticked = _run_time([server.process.pid, *server.children()]), server.cpu_seconds()
    time.sleep(seconds)
    after = _run_time([server.process.pid, *server.children()])
    gone, new = sorted(set(before) - set(after)), sorted(set(after) - set(before))
    if gone or new:
        raise TasksChanged(
            f"the servers' tasks changed during the window (gone: {', '.join(gone) or 'none'}; "
            f"new: {', '.join(new) or 'none'}): a task that ended took its CPU time with it, so "
            "the window's CPU would be under-counted; run it again"
        )
    used = sum(after.values()) - sum(before.values())
    return used / 1e9, server.cpu_seconds() - ticked


class TasksChanged(RuntimeError):
    """A server's process or thread ended or began within the window: no figure."""


def _run_time(pids: list[int]) -> dict[str, int]:
    """Nanoseconds that each thread of ``pids`` ran on a CPU, by ``pid/tid``, from
    /proc/<pid>/task/*/schedstat (at 2 ms a second, /proc's 10 ms ticks move a 30 s window's
    figure by a sixth of the floor)."""
    found: dict[str, int] = {}
    for pid in pids:
        for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
            with contextlib.suppress(OSError):
                found[f"{pid}/{task.parent.name}"] = int(task.read_text().split()[0])
    return found


if __name__ == "__main__":
    sys.exit(main())
