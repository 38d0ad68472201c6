"""Redis Cluster benchmark: live events across two app servers on a Redis Cluster of three
masters against the same on one Redis, in one run.

Run: ``python bench/cluster.py`` (from ``.venv/bin/python``; needs ``wrk``, ``redis-server``
and ``redis-cli``).

Each row is bench/online.py's online row: PAIRS online matches played through the API (a move
per match every PACE seconds), each player on their own app server, and WATCHERS spectator
streams spread over the two servers and the matches; meanwhile wrk plays the move cycle
against hard on the first server. On one Redis every change is PUBLISHed on one channel that
every worker hears; on the cluster (FLASK_REDIS_CLUSTER=true) each change is SPUBLISHed on its
match's own channel and each worker SSUBSCRIBEs to the matches it shows. It prints, per store,
the time from an online move's answer to its event on the opponent's stream (p50, p99), the
move-cycle rate, and the CPU seconds per second of the app servers, this process, wrk and
Redis (all three nodes for the cluster). The rows alternate over rounds; medians.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load, servers
from bench.load import MOVE_SCRIPT, Row, running
from bench.online import ONLINE_ENV, online_row

KINDS = ("one Redis", "Redis Cluster, 3 masters")


def main() -> int:
    """Measure both stores and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--duration", type=int, default=6, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median)")
    parser.add_argument("--pairs", type=int, default=50, help="online matches played at once")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between two moves of "
                        "one online match")  # fmt: skip
    parser.add_argument("--watchers", type=int, default=1000, help="spectator streams")
    parser.add_argument("--play", type=float, default=6.0, help="seconds of play per row")
    options = parser.parse_args()
    programs = [shutil.which(name) for name in ("wrk", "redis-server", "redis-cli")]
    wrk_program, redis_program, cli = programs
    if not wrk_program or not redis_program or not cli:
        print("bench/cluster.py needs wrk, redis-server and redis-cli (Debian packages wrk, "
              "redis-server, redis-tools)")  # fmt: skip
        return 2
    work = Path(tempfile.mkdtemp(prefix="ttt-cluster-"))
    started: list[Any] = []
    try:
        with running(started):
            single = servers.redis_server(redis_program)
            started.append(single)
            cluster = servers.Cluster(redis_program, cli, work)
            started.append(cluster)
            results = measure(options, wrk_program, single, cluster)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(results, options.watchers)
    return 0


def measure(
    options: argparse.Namespace, wrk_program: str, single: servers.Server,
    cluster: servers.Cluster,
) -> dict[str, list[dict[str, Any]]]:  # fmt: skip
    """Every round runs both rows, in turn (every other round the cluster first), each on two
    app servers of its own, warmed up and then stopped."""
    env = {**ONLINE_ENV, "FLASK_SECRET_KEY": secrets.token_hex(32)}
    stores: dict[str, tuple[dict[str, str], servers.Server | servers.Cluster]] = {
        KINDS[0]: ({**env, "FLASK_REDIS_URL": f"redis://127.0.0.1:{single.port}/0"}, single),
        KINDS[1]: ({**env, "FLASK_REDIS_URL": cluster.url, "FLASK_REDIS_CLUSTER": "true"},
                   cluster),
    }  # fmt: skip
    results: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    for round_number in range(options.rounds):
        for kind in KINDS[:: 1 if round_number % 2 == 0 else -1]:
            app_env, redis = stores[kind]
            apps = [servers.gunicorn("wsgi:app", app_env) for _ in range(2)]
            with running(apps):
                for app in apps:  # warm up: imports, connections, caches (answers not checked)
                    load.wrk(wrk_program, Row("warm-up", app.url, MOVE_SCRIPT, ["hard"], []), 2, 4)
                row = online_row(apps, redis, options.watchers, options, wrk_program)
            results[kind].append(row)
            print(f"round {round_number + 1}: {kind}, {options.watchers} streams: "
                  f"{row['moves']} online moves, {row['events']} events, p50 "
                  f"{row['p50_ms']:.1f} ms, p99 {row['p99_ms']:.1f} ms, "
                  f"{row['rps']:.0f} cycles/s", flush=True)  # fmt: skip
    return results


def report(results: dict[str, list[dict[str, Any]]], watchers: int) -> None:
    """The table: medians over the rounds."""
    print("\n| store, two app servers | spectator streams | move to event p50 | p99 | "
          "move cycles/s | CPU s/s during the play: apps, bench, redis |")  # fmt: skip
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for kind, runs in results.items():
        cpu = " / ".join(
            f"{statistics.median(run['cpu'][part] for run in runs):.2f}"
            for part in ("apps", "bench", "redis")
        )
        print(f"| {kind} | {watchers} | "
              f"{statistics.median(run['p50_ms'] for run in runs):.1f} ms | "
              f"{statistics.median(run['p99_ms'] for run in runs):.1f} ms | "
              f"{statistics.median(run['rps'] for run in runs):.0f} | {cpu} |")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
