"""Arena benchmark: PLAYERS players (1,000 by default) in one arena of LENGTH seconds (120)
with CLOCK-second moves (1), over two gunicorn servers sharing one Redis, while WATCHERS
browsers (1,000) follow the arena page's stream.

Run: ``python bench/arena.py`` (from ``.venv/bin/python``; needs ``redis-server``).

Each player (tests/arena_players.py) joins within the first seconds, plays each game the arena
pairs it in with random moves (thinking up to THINK s) until the arena is over, as a browser
does: it waits for its pairing on the arena's stream (``GET /arenas/<id>/events``) and looks
at the arena when an event says it plays, then follows its game on ``GET /api/events``,
reading the game when an event says it changed. Each watcher follows
``GET /arenas/<id>/events``. It reports the games played; the pairing delay from a game's end
to the next board as the players see it (p50, p99: from the answer that showed their game over
to the answer that showed them paired, when another player was free) and as the servers count
it (ttt_arena_pairing_wait_seconds: pairings within 2 s of both players being free, after
ARENA_REMATCH_WAIT for two who just met); the different opponents each player met; the
standings' delivery to the watchers (p99 of each version's arrival after its first arrival at
any watcher; the arena's stream looks once a second, which comes on top); and the servers' CPU
per game. It checks the books (tests/arena_players.books). With ``--baseline N`` an arena of N
players (no watchers) is played first on the same servers, and the run's CPU per game is
compared with its own (issue 43: at most 1.5x at 1,000 players what it is at 50). With
``--cpu DIR`` the servers' CPU is also printed by kind of request (bench/cpu_by_kind.py).

The exit status is 1 if the books are wrong or a floor is missed (moved here from the arena
tests, tests/redis/test_arena_load.py and tests/hardening/test_arena_load.py, which run it at
``--players 200 --length 12 --clock 5`` and ``--players 50 --length 10 --clock 5``): every
pairing within FLOOR_S of both players being free by the servers' count, and the players'
median wait under FLOOR_S (theirs adds the servers' answers, on a machine that also runs the
players).
"""

from __future__ import annotations

import argparse
import http.client
import json
import secrets
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import arena_joins, servers
from tests import arena_players, player
from tests.arena_players import (
    books,
    crowd,
    make_arena,
    opponents,
    pairing_waits,
    percentile,
    play_arena,
)

FLOOR_S = 2.0  # the metric's bucket of pairing_waits: seconds
Arrivals = dict[int, list[float]]  # by version, when it arrived at each watcher


def watch(
    server: str, arena_id: str, arrivals: dict[int, list[float]], stop: threading.Event
) -> None:
    """Follow the arena page's stream, noting when each version arrived."""
    host, port = server.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request("GET", f"/arenas/{arena_id}/events")
        response = connection.getresponse()
        while not stop.is_set():
            line = response.fp.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                arrivals.setdefault(int(line[4:]), []).append(time.monotonic())
    except OSError:
        return
    finally:
        connection.close()


def watching(urls: list[str], arena_id: str, count: int) -> tuple[Arrivals, threading.Event]:
    """``count`` watchers following the arena's stream, spread over the servers: when each
    version arrived at each, and the event that stops them."""
    arrivals: Arrivals = {}
    stop = threading.Event()
    for n in range(count):
        args = (urls[n % 2], arena_id, arrivals, stop)
        threading.Thread(target=watch, args=args, daemon=True).start()
    return arrivals, stop


def baseline(urls: list[str], args: argparse.Namespace, apps: list[Any]) -> tuple[float, int]:
    """A first arena of ``args.baseline`` players, no watchers, on the same servers: its
    servers' CPU per game and its games."""
    arena_id = make_arena(urls[0], args.length, args.clock, args.starts_in)
    cpu = sum(app.cpu_seconds() for app in apps)
    players, _played = play_arena(urls, arena_id, args.baseline)
    cpu = sum(app.cpu_seconds() for app in apps) - cpu
    games = int(books(players, urls[1], arena_id)["games"])
    print(
        f"baseline: {args.baseline} players, {games} games, servers' CPU per game "
        f"{cpu / max(games, 1) * 1000:.1f} ms",
        flush=True,
    )
    return cpu / max(games, 1), games


def options() -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--length", type=int, default=120)
    parser.add_argument("--clock", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--starts-in", type=int, default=10, help="seconds; the players join")
    parser.add_argument(
        "--baseline",
        type=int,
        default=0,
        help="players of a first, smaller "
        "arena on the same servers, whose CPU per game the run compares",
    )
    parser.add_argument(
        "--profile", type=Path, help="a folder for each server worker's cProfile statistics"
    )
    parser.add_argument(
        "--cpu",
        type=Path,
        help="a folder for each server worker's CPU by kind of request "
        "(bench/cpu_by_kind.py), printed after the run",
    )
    return parser.parse_args()


def start(args: argparse.Namespace, redis_port: int) -> list[Any]:
    """The two servers, with the app's settings (profiled or split as asked)."""
    env = {
        "FLASK_REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "FLASK_SECRET_KEY": secrets.token_hex(16),
        "WEB_THREADS": "2000",
        "FLASK_STREAMS": "2000",
        "FLASK_STREAMS_PER_ADDRESS": "4000",
        # A stream a player closed holds its place until the server next writes to it (a
        # heartbeat, 10 s): a player going from the arena's stream to its game's and back
        # within that time holds more than a browser's default four.
        "FLASK_STREAMS_PER_SESSION": "16",
    }
    model = "gevent"
    for folder, name, kind in (
        (args.profile, "BENCH_PROFILE", "profiled"),
        (args.cpu, "BENCH_CPU", "cpu"),
    ):
        if folder:
            folder.mkdir(parents=True, exist_ok=True)
            env[name], model = str(folder.resolve()), kind
    apps = []
    for _ in range(2):  # each server sums its workers' metrics in a folder of its own
        folder = tempfile.mkdtemp(prefix="arena-metrics-")
        apps.append(
            servers.gunicorn("wsgi:app", {**env, "PROMETHEUS_MULTIPROC_DIR": folder}, model)
        )
    return apps


def main() -> int:
    """Run the arena, print the figures; 1 if the books are wrong or a floor is missed."""
    args = options()
    # The players arrive over the first 80% of the wait before the start.
    arena_players.THINK, arena_players.JOINING = args.think, args.starts_in * 0.8
    player.TIMEOUT = 300.0  # a loaded server's late answer is waited for, not asked again
    redis = servers.redis_server(shutil.which("redis-server") or "redis-server")
    apps = start(args, redis.port)
    urls = [app.url for app in apps]
    try:
        small = baseline(urls, args, apps) if args.baseline else None
        arena_id = make_arena(urls[0], args.length, args.clock, args.starts_in)
        arrivals, stop = watching(urls, arena_id, args.watchers)
        cpu = sum(app.cpu_seconds() for app in apps)
        players, played = play_arena(urls, arena_id, args.players)
        cpu = sum(app.cpu_seconds() for app in apps) - cpu
        stop.set()
        within, pairings = pairing_waits(urls)
        refused = arena_players.books_refused(urls)
        arena = books(players, urls[1], arena_id)
        met = opponents(players, urls[1], arena_id)
        arena_joins.report(played, arena, urls)
    finally:
        for app in apps:
            app.stop()
        redis.stop()
    games = int(arena["games"])
    report(args, games, met, played, (within, pairings), arrivals)
    print(f"servers' CPU per game: {cpu / max(games, 1) * 1000:.1f} ms ({cpu:.1f} s)")
    print(
        f"scorings refused by the servers (the books kept right): counted again "
        f"{refused['counted_again']}, not in the player's list {refused['unlisted']}"
    )
    if small is not None:
        ratio = cpu / max(games, 1) / max(small[0], 1e-9)
        print(
            f"servers' CPU per game at {args.baseline} players, same servers, just before: "
            f"{small[0] * 1000:.1f} ms ({small[1]} games); the run's ratio to it {ratio:.2f}"
        )
    waits = played.waits or [float("inf")]  # no second game: no wait to see
    held = pairings > 0 and within == pairings and percentile(waits, 0.5) < FLOOR_S
    crowded, after = crowd(played)  # a figure here: the floor is the servers' count
    print(f"more than two free seen for at most {crowded:.1f} s (from {after:.1f} s in)")
    verdict = "met" if held else "MISSED"
    print(f"floors (every pairing within {FLOOR_S:.0f} s, median wait under it): {verdict}")
    if args.cpu:
        by_kind(args.cpu, games + (small[1] if small else 0))
    return 0 if held else 1


def report(
    args: argparse.Namespace,
    games: int,
    met: list[int],
    played: Any,
    paired: tuple[int, int],
    arrivals: dict[int, list[float]],
) -> None:
    """The run's lines, from its arena to the standings' delivery."""
    spread = [t - min(times) for times in arrivals.values() for t in times]
    print(
        f"players {args.players}, watchers {args.watchers}, arena {args.length} s, "
        f"clock {args.clock} s"
    )
    print(f"games played: {games}")
    fewest, median, most = min(met), percentile([float(n) for n in met], 0.5), max(met)
    print(f"different opponents met per player: fewest {fewest}, median {median:.0f}, most {most}")
    waits = played.waits or [float("inf")]  # no second game: no wait to see
    print(
        f"pairing delay seen by players: p50 {percentile(waits, 0.5) * 1000:.0f} ms, "
        f"p99 {percentile(waits, 0.99) * 1000:.0f} ms ({len(played.waits)} waits)"
    )
    print(f"pairings within 2 s of both players free (servers): {paired[0]}/{paired[1]}")
    print(
        f"standings to watchers: {len(arrivals)} versions, spread p99 "
        f"{percentile(spread, 0.99) * 1000:.0f} ms over {len(spread)} deliveries"
    )


def by_kind(folder: Path, games: int) -> None:
    """The servers' CPU by kind of request over the whole run (baseline included), per game."""
    kinds: dict[str, list[float]] = {}
    for path in folder.glob("*.json"):
        for label, (spent, count) in json.loads(path.read_text()).items():
            kept = kinds.setdefault(label, [0.0, 0.0])
            kept[0], kept[1] = kept[0] + spent, kept[1] + count
    for label, (spent, count) in sorted(kinds.items(), key=lambda kind: -kind[1][0]):
        each = f", {spent / count * 1000:.2f} ms each" if count else ""
        what = "passes" if label.startswith("gc:") else "requests"  # the collector's
        print(
            f"  {label}: {spent:.2f} s, {spent / max(games, 1) * 1000:.1f} ms a game, "
            f"{count:.0f} {what}{each}"
        )


if __name__ == "__main__":
    sys.exit(main())
