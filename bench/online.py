"""Online benchmark: live streams while players move, on SQLite and on Redis (issue 30's
contract), and what the app's serving model costs the hot-seat rows.

Run: ``python bench/online.py`` (from ``.venv/bin/python``; needs ``wrk`` and ``redis-server``).
The figures of docs/performance.md, "Ten thousand watchers":
``python bench/online.py --only online --stores Redis --watchers 0,1000,10000 --rounds 1``.

1. Serving model. The hot-seat rows of bench/load.py (GET board, move cycle against hard; 100
   stored matches) under the app's own workers (webapp/serving.py: gevent) and under
   gunicorn's sync workers, in alternating rounds of wrk; each app row's ratio to its sync row.
2. Online play beside hot-seat play. Each row starts its app servers afresh, each served as
   ``make run`` serves it (``gunicorn -c python:webapp.serving``, 2 workers) with the streams
   allowed (ONLINE_ENV) and nothing else changed. On Redis two app servers share one Redis:
   PAIRS online matches, the inviter on server 1 and the joiner on server 2, each followed by
   its players' streams and by N spectator streams (``GET /board/events?match=<id>&version=0``,
   the board's parts as a browser's board gets them; ``--spectate api``: ``/api/events``,
   N/PAIRS per match, half on each server; N = 0, 1,000, 10,000 by default; --watchers), all
   read by this process through one selector. On SQLite one app server serves everything.
   a. The contract (--play seconds, 20): each match moves every --pace seconds (2), staggered,
      while a probe on server 1 loads its hot-seat board (GET /) and moves every 0.25 s. It
      reports every stream opened (200, text/event-stream) or not, the events missed (a move's
      version that did not reach a stream of its match), move -> event p50 and p99 over every
      stream and move (from the move's request sent to the event's arrival), the probe's
      board and move p99, the app servers' CPU divided by the events delivered, no 5xx, both
      servers alive, and the memory per open stream (the workers' RSS with the spectators'
      streams open, less before they opened, divided by them).
   b. The hot-seat move cycle (--duration seconds, 6): wrk plays bench/load.py's move cycle
      against hard on server 1 while the matches go on moving; its rate with N streams against
      the rate with none.

The floors (exit status 0 only if met): in every row every stream opens, none ends, no event
is missed, no 5xx, both servers alive; at the row with the most streams on Redis move -> event
p99 at most 100 ms, the probe's p99 at most 250 ms, the app servers' CPU at most 150 us per
delivered event; the app's hot-seat rows at least 0.9x of sync.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import secrets
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from bench import load, seeding, servers
from bench.load import GET_SCRIPT, MOVE_SCRIPT, Row, running, seed
from bench.players import Pair, Player, Probe, open_pairs, play
from bench.watchers import Stream, Streams

P99_FLOOR_MS, PROBE_FLOOR_MS, CPU_FLOOR_US, SERVING_FLOOR = 100.0, 250.0, 150.0, 0.9
# The streams one worker allows (FLASK_STREAMS is per worker process), and the limits per
# client address and per browser lifted: every client of the bench is 127.0.0.1. The
# heartbeat is the app's own (10 s): each row starts its app servers afresh, so no row waits
# for the closed streams of the one before to be noticed.
ONLINE_ENV = {
    "FLASK_STREAMS": "20000",
    "FLASK_STREAMS_PER_ADDRESS": "20000",
    "FLASK_STREAMS_PER_SESSION": "20000",
}
# The spectators' stream (--spectate): a browser's board (its parts) unless the API's is asked.
SPECTATE = {"path": "/board/events"}
OPEN_TIMEOUT = 120.0  # seconds for every spectator stream to have its answer's head


def wrk(program: str, row: Row, seconds: int, connections: int) -> dict[str, Any]:
    """bench/load.py's wrk run, refused if any answer was not the one the script expects: a
    rate of error pages measures nothing."""
    run = load.wrk(program, row, seconds, connections)
    problems = {key: run[key] for key in load.PROBLEMS if run.get(key)}
    if problems:
        raise RuntimeError(f"{row.label}: unexpected answers from the app: {problems}")
    return run


def open_spectators(ports: list[int], pairs: list[Pair], count: int, streams: Streams) -> None:
    """``count`` spectator streams, spread evenly over the matches, and each match's half on
    each server."""
    for index in range(count):
        pair = pairs[index % len(pairs)]
        port = ports[(index // len(pairs)) % len(ports)]
        query = f"?match={pair.match_id}&version=0"
        pair.spectators.append(streams.open(port, query, path=SPECTATE["path"]))


def _p(values: list[float], percent: int) -> float:
    """The ``percent`` quantile of ``values`` (0 for none)."""
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100)[percent - 1]


def delivery(pairs: list[Pair], moved: dict[str, int]) -> tuple[list[float], int]:
    """From each move's request to its event on every stream of its match (the first
    ``moved[match]`` moves of each), and how many of those events never came."""
    latencies, missed = [], 0
    for pair in pairs:
        listeners = [*pair.streams, *pair.spectators]
        for version, sent in pair.moves[: moved[pair.match_id]]:
            for stream in listeners:
                when = stream.arrived.get(version)
                if when is None:
                    missed += 1
                else:
                    latencies.append(when - sent)
    return latencies, missed


def _events_between(streams: list[Stream], start: float, end: float) -> int:
    """Events that reached ``streams`` from ``start`` to ``end``."""
    return sum(start <= when <= end for stream in streams for when in stream.arrived.values())


def online_row(
    apps: list[servers.Server], redis_server: servers.Server | servers.Cluster, watchers: int,
    options: argparse.Namespace, wrk_program: str,
) -> dict[str, Any]:  # fmt: skip
    """One row: the matches and ``watchers`` spectator streams opened, the contract played
    with the probe, then wrk's move cycle while the matches go on."""
    ports = [app.port for app in apps]
    streams = Streams().start()
    try:
        pairs = open_pairs(ports, options.pairs, streams)
        rss = sum(app.workers_rss() for app in apps)
        open_spectators(ports, pairs, watchers, streams)
        silent = streams.answered(streams.all, OPEN_TIMEOUT)
        time.sleep(1.0)  # every stream waiting
        rss = sum(app.workers_rss() for app in apps) - rss
        # How the streams fell among the workers: each one's open sockets and files.
        spread = [len(list(Path(f"/proc/{pid}/fd").iterdir())) for app in apps
                  for pid in app.children()]  # fmt: skip
        row = contract(apps, redis_server, pairs, streams, options)
        row["silent"], row["spread"] = len(silent), spread
        row["memory_kib"] = rss / watchers / 1024 if watchers else 0.0
        row["rps"], errors = move_cycle(ports, pairs, streams, options, wrk_program)
        row["errors"] += [f"beside wrk: {error}" for error in errors]
        row["not_ok"] = sum(not stream.ok or bool(stream.ended) for stream in streams.all)
        row["ended"] = sorted({stream.ended for stream in streams.all if stream.ended})
        row["missed"] = delivery(pairs, row.pop("moved"))[1]
        watching = [stream for pair in pairs for stream in pair.spectators]
        told = sum(stream.events for stream in watching)
        row["bytes_per_event"] = sum(stream.received for stream in watching) / max(told, 1)
        row["alive"] = all(app.process.poll() is None for app in apps)
        return row
    finally:
        streams.close()


def contract(
    apps: list[servers.Server], redis_server: servers.Server | servers.Cluster, pairs: list[Pair],
    streams: Streams, options: argparse.Namespace,
) -> dict[str, Any]:  # fmt: skip
    """The matches moving every ``options.pace`` s for ``options.play`` s, staggered, and the
    probe on the first server: the figures of issue 30's contract."""
    errors: list[str] = []
    probe = Probe(Player(apps[0].port))
    start = time.monotonic() + 0.5
    until = start + options.play
    threads = [
        threading.Thread(target=play, args=(pair, streams, start + index * options.pace /
                         len(pairs), until, options.pace, errors))
        for index, pair in enumerate(pairs)
    ]  # fmt: skip
    threads.append(threading.Thread(target=probe.play, args=(start, until, errors)))
    for thread in threads:
        thread.start()
    time.sleep(max(0.0, start - time.monotonic()))
    before = _cpu(apps, redis_server)
    for thread in threads:
        thread.join()
    time.sleep(max(0.0, until + 0.5 - time.monotonic()))  # the last events delivered
    end = time.monotonic()
    cpu = {part: used - before[part] for part, used in _cpu(apps, redis_server).items()}
    events = _events_between(streams.all, start, end)
    latencies, _ = delivery(pairs, {pair.match_id: len(pair.moves) for pair in pairs})
    return {
        "moved": {pair.match_id: len(pair.moves) for pair in pairs},
        "moves": sum(len(pair.moves) for pair in pairs),
        "events": events,
        "events_per_s": events / (end - start),
        "p50_ms": _p(latencies, 50) * 1000,
        "p99_ms": _p(latencies, 99) * 1000,
        "board_p99_ms": _p(probe.boards, 99) * 1000,
        "probe_move_p99_ms": _p(probe.moves, 99) * 1000,
        "cpu_us": cpu["apps"] / max(events, 1) * 1e6,
        "cpu": {part: used / (end - start) for part, used in cpu.items()},
        "errors": errors,
        "5xx": sum(status >= 500 for status in probe.statuses),
    }


def move_cycle(
    ports: list[int], pairs: list[Pair], streams: Streams, options: argparse.Namespace,
    wrk_program: str,
) -> tuple[float, list[str]]:  # fmt: skip
    """wrk's hot-seat move cycle on the first server for ``options.duration`` s, the matches
    moving meanwhile: its rate, and what went wrong with the matches."""
    errors: list[str] = []
    start = time.monotonic() + 0.2
    until = start + options.duration
    threads = [
        threading.Thread(target=play, args=(pair, streams, start + index * options.pace /
                         len(pairs), until, options.pace, errors))
        for index, pair in enumerate(pairs)
    ]  # fmt: skip
    for thread in threads:
        thread.start()
    cycle = Row("move cycle", f"http://127.0.0.1:{ports[0]}", MOVE_SCRIPT, ["hard"], [])
    run = load.wrk(wrk_program, cycle, options.duration, 4)
    for thread in threads:
        thread.join()
    problems = {key: run[key] for key in load.PROBLEMS if run.get(key)}
    if problems:  # a rate of error pages measures nothing
        errors.append(f"wrk's move cycle: unexpected answers from the app: {problems}")
    return float(run["rps"]), errors


def _cpu(
    apps: list[servers.Server], redis_server: servers.Server | servers.Cluster
) -> dict[str, float]:
    """CPU seconds used so far by the app servers (and of that in the kernel), by Redis, and by
    this process (its players and its stream reader)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "apps": sum(app.cpu_seconds() for app in apps),
        "apps_system": sum(app.cpu_split()[1] for app in apps),
        "redis": redis_server.cpu_seconds(),
        "bench": usage.ru_utime + usage.ru_stime,
    }


def raise_open_files() -> int:
    """This process's limit on open files raised to the hard limit (the app servers inherit
    it): one socket per stream. The limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def main() -> int:
    """Measure, print the tables, and say whether the floors hold."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--duration", type=int, default=6, help="seconds of each wrk run")
    parser.add_argument("--play", type=float, default=20.0, help="seconds of the contract's play")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median)")
    parser.add_argument("--pairs", type=int, default=50, help="online matches played at once")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between two moves of "
                        "one online match")  # fmt: skip
    parser.add_argument(
        "--spectate",
        choices=("board", "api"),
        default="board",
        help="the spectators' stream: the board's parts (a browser's) or the API's versions",
    )
    parser.add_argument("--only", choices=("serving", "online"), help="measure one part only")
    parser.add_argument("--stores", default="SQLite,Redis", help="the online rows' stores")
    parser.add_argument(
        "--watchers",
        type=_counts,
        default=(0, 1000, 10000),
        help="spectator streams of each online row (default 0,1000,10000)",
    )
    parser.add_argument("--profile", type=Path, help="a folder for each app worker's cProfile "
                        "statistics (bench/profiled.py)")  # fmt: skip
    parser.add_argument("--heartbeat", type=float, help="seconds between two writes on an idle "
                        "stream (default: the app's own, FLASK_HEARTBEAT)")  # fmt: skip
    options = parser.parse_args()
    SPECTATE["path"] = "/board/events" if options.spectate == "board" else "/api/events"
    wrk_program, redis_program = shutil.which("wrk"), shutil.which("redis-server")
    if not wrk_program or not redis_program:
        print("bench/online.py needs wrk and redis-server (Debian packages wrk, redis-server)")
        return 2
    files = raise_open_files()
    # Each stream is a socket here and one in an app server, whose workers share its limit.
    if options.only != "serving" and files < max(options.watchers) + 1000:
        print(f"the limit on open files is {files} (ulimit -Hn): too low for "
              f"{max(options.watchers)} streams; raise the hard limit")  # fmt: skip
        return 2
    work = Path(tempfile.mkdtemp(prefix="ttt-online-"))
    started: list[servers.Server] = []
    try:
        with running(started):
            serving, online = [], []
            if options.only != "online":
                serving = serving_rows(options, wrk_program, redis_program, work, started)
            if options.only != "serving":
                online = online_rows(options, wrk_program, redis_program, work, started)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report(serving, online)


def _counts(text: str) -> tuple[int, ...]:
    """``0,1000,10000``: the numbers of spectator streams, the first of them the baseline."""
    return tuple(int(part) for part in text.split(","))


def serving_rows(
    options: argparse.Namespace, wrk_program: str, redis_program: str, work: Path,
    started: list[servers.Server],
) -> list[tuple[Row, Row]]:  # fmt: skip
    """The hot-seat rows under the app's own workers (gevent) and under sync workers, in
    alternating rounds."""
    redis_server = servers.redis_server(redis_program)
    started.append(redis_server)
    pairs = seeding.new_pairs(100)
    client = redis.Redis(port=redis_server.port)
    seed(work / "files", client, pairs)
    client.close()
    sids = work / "sids.txt"
    sids.write_text("\n".join(sid for sid, _ in pairs) + "\n")
    secret = secrets.token_hex(32)
    rows: list[tuple[Row, Row]] = []
    for kind in ("SQLite", "Redis"):
        env = {"FLASK_SECRET_KEY": secret}
        if kind == "Redis":
            env["FLASK_REDIS_URL"] = f"redis://127.0.0.1:{redis_server.port}/0"
        else:
            env["FLASK_DATABASE"] = str(work / "files" / "matches.sqlite")
            env["FLASK_SESSION_DIR"] = str(work / "files" / "sessions")
        by_model = {}
        for model in ("app", "sync"):  # the app's own settings are servers.py's "gevent"
            server = servers.gunicorn("wsgi:app", env, "gevent" if model == "app" else model)
            started.append(server)
            accounted = [server, redis_server] if kind == "Redis" else [server]
            by_model[model] = (
                Row(f"{kind}: GET board, {model}", server.url, GET_SCRIPT, [str(sids)], accounted),
                Row(f"{kind}: move cycle vs hard, {model}", server.url, MOVE_SCRIPT, ["hard"],
                    accounted),
            )  # fmt: skip
        rows += list(zip(by_model["app"], by_model["sync"], strict=True))
    for own, sync in rows:  # warm up
        wrk(wrk_program, own, 2, 4)
        wrk(wrk_program, sync, 2, 4)
    for round_number in range(options.rounds):
        for own, sync in rows:
            first, second = (own, sync) if round_number % 2 == 0 else (sync, own)
            first.runs.append(wrk(wrk_program, first, options.duration, 4))
            second.runs.append(wrk(wrk_program, second, options.duration, 4))
            ratio = own.runs[-1]["rps"] / sync.runs[-1]["rps"]
            print(f"serving round {round_number + 1}: {own.label}: "
                  f"{own.runs[-1]['rps']:.0f} req/s, sync {sync.runs[-1]['rps']:.0f}, "
                  f"{ratio:.2f}x", flush=True)  # fmt: skip
    return rows


def online_rows(
    options: argparse.Namespace, wrk_program: str, redis_program: str, work: Path,
    started: list[servers.Server],
) -> list[dict[str, Any]]:  # fmt: skip
    """The online rows on each store: N spectator streams, in rounds; medians. Each row has
    app servers of its own, warmed up and then stopped."""
    redis_server = servers.redis_server(redis_program)
    started.append(redis_server)
    env = {**ONLINE_ENV, "FLASK_SECRET_KEY": secrets.token_hex(32)}
    if options.heartbeat is not None:
        env["FLASK_HEARTBEAT"] = str(options.heartbeat)
    model = "gevent"  # bench/servers.py's name for the app's own settings
    if options.profile:
        options.profile.mkdir(parents=True, exist_ok=True)
        env["BENCH_PROFILE"], model = str(options.profile.resolve()), "profiled"
    redis_env = {**env,
                 "FLASK_REDIS_URL": f"redis://127.0.0.1:{redis_server.port}/0"}  # fmt: skip
    kinds = [kind for kind in ("SQLite, one app server", "Redis, two app servers")
             if kind.split(",")[0] in options.stores.split(",")]  # fmt: skip
    results: dict[tuple[str, int], list[dict[str, Any]]] = {}
    rows_run = 0
    for round_number in range(options.rounds):
        for kind in kinds:
            # Every other round runs the rows backwards, so a machine that slows down (or
            # speeds up) over the run does not favour one row.
            for watchers in options.watchers[:: 1 if round_number % 2 == 0 else -1]:
                rows_run += 1
                if kind.startswith("SQLite"):
                    apps = [servers.gunicorn("wsgi:app", {
                        **env,
                        "FLASK_DATABASE": str(work / f"online-{rows_run}.sqlite"),
                        "FLASK_SESSION_DIR": str(work / f"online-{rows_run}"),
                    }, model)]  # fmt: skip
                else:
                    apps = [servers.gunicorn("wsgi:app", redis_env, model) for _ in range(2)]
                with running(apps):
                    warm_up(apps, wrk_program)
                    files = min(_open_files(pid) for app in apps for pid in app.children())
                    row = online_row(apps, redis_server, watchers, options, wrk_program)
                row["files"] = files
                results.setdefault((kind, watchers), []).append(row)
                print_round(round_number, kind, watchers, row)
    return [summary(kind, watchers, runs, results[(kind, options.watchers[0])])
            for (kind, watchers), runs in results.items()]  # fmt: skip


def warm_up(apps: list[servers.Server], wrk_program: str) -> None:
    """Two seconds of wrk's move cycle on each app server: imports, connections, caches. Its
    answers are not checked, and it may have none (a busy machine)."""
    for app in apps:
        with contextlib.suppress(ZeroDivisionError):
            load.wrk(wrk_program, Row("warm-up", app.url, MOVE_SCRIPT, ["hard"], []), 2, 4)


def _open_files(pid: int) -> int:
    """The soft limit on open files of process ``pid`` (inherited from this process)."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    return 0


def print_round(round_number: int, kind: str, watchers: int, row: dict[str, Any]) -> None:
    """One row of one round, as it was measured."""
    cpu = ", ".join(f"{part} {used:.2f}" for part, used in row["cpu"].items())
    print(f"round {round_number + 1}: {kind}, {watchers} streams: "
          f"{row['rps']:.0f} cycles/s, {row['moves']} online moves, "
          f"{row['events']} events ({row['events_per_s']:.0f}/s), "
          f"p50 {row['p50_ms']:.1f} ms, p99 {row['p99_ms']:.1f} ms; "
          f"{row['not_ok']} streams not opened or ended {row['ended']}, "
          f"{row['silent']} silent, {row['missed']} events missed, "
          f"errors {row['errors'][:3]}, 5xx {row['5xx']}, alive {row['alive']}; "
          f"probe p99 board {row['board_p99_ms']:.1f} ms, "
          f"move {row['probe_move_p99_ms']:.1f} ms; "
          f"app CPU {row['cpu_us']:.0f} us/event, {row['memory_kib']:.1f} KiB/stream, "
          f"{row['bytes_per_event']:.0f} bytes/event, "
          f"workers' open files {row['spread']} of {row['files']}; CPU s/s: {cpu}",
          flush=True)  # fmt: skip


def summary(
    kind: str, watchers: int, runs: list[dict[str, Any]], base: list[dict[str, Any]]
) -> dict[str, Any]:
    """The medians of one row's rounds; the correctness checks must hold in every round."""
    figures = ("rps", "p50_ms", "p99_ms", "events_per_s", "cpu_us", "memory_kib",
               "board_p99_ms", "probe_move_p99_ms")  # fmt: skip
    row: dict[str, Any] = {"kind": kind, "watchers": watchers}
    row.update({key: statistics.median(run[key] for run in runs) for key in figures})
    # The rate's ratio is taken within each round, then the median: the machine's drift
    # between rounds cancels out.
    row["ratio"] = statistics.median(
        run["rps"] / zero["rps"] for run, zero in zip(runs, base, strict=True)
    )
    row["cpu"] = {part: statistics.median(run["cpu"][part] for run in runs)
                  for part in runs[0]["cpu"]}  # fmt: skip
    row["sound"] = all(
        not run["not_ok"] and not run["silent"] and not run["missed"] and not run["errors"]
        and not run["5xx"] and run["alive"]
        for run in runs
    )  # fmt: skip
    return row


def report(serving: list[tuple[Row, Row]], online: list[dict[str, Any]]) -> int:
    """Print both tables; 0 when every floor holds (the online timing floors are taken at the
    row with the most streams on Redis)."""
    ok = True
    if serving:
        print("\n| hot-seat row | app (gevent) req/s | sync req/s | app / sync |")
        print("| --- | ---: | ---: | ---: |")
    for own, sync in serving:
        ratio = statistics.median(
            a["rps"] / b["rps"] for a, b in zip(own.runs, sync.runs, strict=True)
        )
        ok &= ratio >= SERVING_FLOOR
        label = own.label.removesuffix(", app")
        print(f"| {label} | {own.median('rps'):.0f} | {sync.median('rps'):.0f} | "
              f"{ratio:.2f}x |")  # fmt: skip
    if online:
        print(
            "\n| store | spectator streams | move to event p50 | p99 | events/s "
            "| app CPU per event | memory per stream | probe p99 board / move "
            "| move cycles/s | vs no spectators | CPU s/s: apps, bench, redis | sound |"
        )
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    most = max((row["watchers"] for row in online if row["kind"].startswith("Redis")), default=-1)
    for row in online:
        ok &= row["sound"]
        if row["watchers"] == most and row["kind"].startswith("Redis"):
            ok &= row["p99_ms"] <= P99_FLOOR_MS and row["cpu_us"] <= CPU_FLOOR_US
            ok &= max(row["board_p99_ms"], row["probe_move_p99_ms"]) <= PROBE_FLOOR_MS
        cpu = " / ".join(f"{row['cpu'][part]:.2f}" for part in ("apps", "bench", "redis"))
        memory = f"{row['memory_kib']:.1f} KiB" if row["watchers"] else "-"
        print(f"| {row['kind']} | {row['watchers']:,} | {row['p50_ms']:.1f} ms "
              f"| {row['p99_ms']:.1f} ms | {row['events_per_s']:.0f} | {row['cpu_us']:.0f} us "
              f"| {memory} | {row['board_p99_ms']:.0f} / {row['probe_move_p99_ms']:.0f} ms "
              f"| {row['rps']:.0f} | {row['ratio']:.2f}x | {cpu} "
              f"| {'yes' if row['sound'] else 'NO'} |")  # fmt: skip
    floors = []
    if serving:
        floors.append(f"app >= {SERVING_FLOOR}x sync")
    if online:
        floors.append(
            f"every stream open, no event missed, no error, servers alive; at {most} streams "
            f"on Redis p99 <= {P99_FLOOR_MS:.0f} ms, probe p99 <= {PROBE_FLOOR_MS:.0f} ms, "
            f"app CPU <= {CPU_FLOOR_US:.0f} us an event"
        )
    print(f"\nfloors: {'; '.join(floors)}: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
