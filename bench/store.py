"""The SQLite store by journal mode and ``synchronous`` setting: the cost per change, and the
move cycle on real gunicorn.

Run: ``.venv/bin/python bench/store.py`` (``--only changes`` needs no wrk). Each variant puts
its journal mode and synchronous setting in place of the store's own (``PRAGMAS`` of
webapp/store/sqlite_store.py, which the games list and the pairing queue share); the rest of
the code is the same. "TRUNCATE, OFF" is the store before issue 36, "WAL, NORMAL" after it,
"WAL, FULL" now (no acknowledged change lost to a crash of the machine).

- Per change: one store (one connection) on a file of its own per variant, in the folder of
  ``--dir`` (a temporary one: the fsyncs are that filesystem's), ``--changes`` single-row
  changes of a match in progress (``BEGIN IMMEDIATE``, read, update, commit, through
  ``SQLiteStore.locked``) over 100 matches, then as many reads (``get``); wall-clock µs each.
- Move cycle: gunicorn as the app is served (2 gevent workers) on each variant's own folder,
  seeded with 10,000 matches, and wrk playing bench/move_cycle.lua against hard
  (``--connections`` players, ``--duration`` seconds a run).

Variants alternate within each of ``--rounds`` rounds, so that a shared machine's drift hits
them alike; the tables give the median over the rounds, and each variant's ratio to the
first.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import load, seeding, servers
from webapp.store import SQLiteStore, sqlite_history, sqlite_pairing, sqlite_store

VARIANTS = {  # label: (journal_mode, synchronous)
    "TRUNCATE, OFF (before)": ("TRUNCATE", "OFF"),
    "WAL, NORMAL (issue 36)": ("WAL", "NORMAL"),
    "WAL, FULL (now)": ("WAL", "FULL"),
    "TRUNCATE, NORMAL": ("TRUNCATE", "NORMAL"),
}
MATCHES = 100  # matches the changes go round
SEEDED = 10_000  # matches in each move cycle's store


def use_journal(journal: str, synchronous: str) -> None:
    """Put ``journal`` and ``synchronous`` in the stores' PRAGMAS, in place of their own."""
    own = ("PRAGMA journal_mode", "PRAGMA synchronous")
    kept = tuple(pragma for pragma in sqlite_store.PRAGMAS if not pragma.startswith(own))
    chosen = (f"PRAGMA journal_mode = {journal}", f"PRAGMA synchronous = {synchronous}", *kept)
    for module in (sqlite_store, sqlite_history, sqlite_pairing):
        setattr(module, "PRAGMAS", chosen)  # noqa: B010 (sqlite_history's is an import)


def changes_and_reads(path: str, variant: tuple[str, str], count: int) -> tuple[float, float]:
    """µs per change and per read of ``count`` each on the store at ``path``."""
    use_journal(*variant)
    store = SQLiteStore(path, seeding.MATCH_LIFETIME, lock_timeout=5)
    data = seeding.match_in_progress()
    ids = [f"bench-{number}" for number in range(MATCHES)]
    started = time.perf_counter()
    for number in range(count):
        with store.locked(ids[number % MATCHES]) as record:
            record.data = {**data, "changes": number}
    changed = time.perf_counter()
    for number in range(count):
        store.get(ids[number % MATCHES])
    read = time.perf_counter()
    store._pool.close_idle()
    return (changed - started) / count * 1e6, (read - changed) / count * 1e6


def measure_changes(folder: Path, rounds: int, count: int) -> dict[str, list[tuple[float, float]]]:
    """Each variant's (µs per change, µs per read) in each round."""
    runs: dict[str, list[tuple[float, float]]] = {label: [] for label in VARIANTS}
    for variant in VARIANTS.values():  # warm up, and make the files
        changes_and_reads(str(folder / f"{variant[0]}-{variant[1]}.sqlite"), variant, 100)
    for round_number in range(1, rounds + 1):
        for label, variant in VARIANTS.items():
            path = str(folder / f"{variant[0]}-{variant[1]}.sqlite")
            runs[label].append(changes_and_reads(path, variant, count))
        figures = ", ".join(f"{runs[label][-1][0]:.0f}" for label in VARIANTS)
        print(f"round {round_number}: {figures} µs per change", flush=True)
    return runs


@contextmanager
def cycle_servers(folder: Path, variants: dict[str, tuple[str, str]]) -> Iterator[dict[str, str]]:
    """A gunicorn per variant on its own seeded folder, stopped at the end; their URLs."""
    started: list[servers.Server] = []
    urls: dict[str, str] = {}
    try:
        for label, (journal, synchronous) in variants.items():
            directory = folder / f"cycle-{journal}-{synchronous}"
            (directory / "sessions").mkdir(parents=True, mode=0o700)
            database = str(directory / "matches.sqlite")
            use_journal(journal, synchronous)  # the file is made in its journal mode
            seeding.seed_sqlite(database, seeding.new_pairs(SEEDED))
            env = {"BENCH_JOURNAL": journal, "BENCH_SYNCHRONOUS": synchronous,
                   "FLASK_DATABASE": database, "FLASK_SESSION_DIR": str(directory / "sessions"),
                   "FLASK_SECRET_KEY": secrets.token_hex(16)}  # fmt: skip
            started.append(servers.gunicorn("bench.journal:app", env))
            urls[label] = started[-1].url
        yield urls
    finally:
        for server in started:
            server.stop()


def measure_cycles(
    folder: Path, options: argparse.Namespace, wrk_program: str
) -> dict[str, list[dict[str, float]]]:
    """Each variant's wrk figures (req/s, p99) in each round of the move cycle."""
    variants = {label: VARIANTS[label] for label in list(VARIANTS)[: options.cycle_variants]}
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in variants}
    with cycle_servers(folder, variants) as urls:
        rows = {label: load.Row(label, url, load.MOVE_SCRIPT, ["hard"], []) for label, url in
                urls.items()}  # fmt: skip
        for row in rows.values():
            load.wrk(wrk_program, row, 2, options.connections)  # warm up
        for round_number in range(1, options.rounds + 1):
            for label, row in rows.items():
                result = load.wrk(wrk_program, row, options.duration, options.connections)
                problems = {key: result[key] for key in load.PROBLEMS if result.get(key)}
                if problems:
                    raise RuntimeError(f"{label}: {problems}")
                runs[label].append({"rps": result["rps"], "p99_ms": result["p99_us"] / 1000})
            figures = ", ".join(f"{runs[label][-1]['rps']:.0f}" for label in variants)
            print(f"round {round_number}: {figures} req/s", flush=True)
    return runs


def _median(values: list[float]) -> float:
    return statistics.median(values)


def report_changes(changes: dict[str, list[tuple[float, float]]]) -> None:
    """The per-change table, in Markdown."""
    first = _median([change for change, _ in next(iter(changes.values()))])
    print("\n| journal, synchronous | µs per change | ratio | µs per read |")
    print("| --- | ---: | ---: | ---: |")
    for label, runs in changes.items():
        change = _median([change for change, _ in runs])
        read = _median([read for _, read in runs])
        print(f"| {label} | {change:,.0f} | {change / first:.2f}x | {read:.1f} |")


def report_cycles(cycles: dict[str, list[dict[str, float]]]) -> None:
    """The move cycle's table, in Markdown."""
    first = next(iter(cycles.values()))
    print("\n| move cycle vs hard | req/s | ratio (median per round) | p99 |")
    print("| --- | ---: | ---: | ---: |")
    for label, runs in cycles.items():
        ratios = [run["rps"] / base["rps"] for run, base in zip(runs, first, strict=True)]
        rps, p99 = _median([r["rps"] for r in runs]), _median([r["p99_ms"] for r in runs])
        print(f"| {label} | {rps:,.0f} | {_median(ratios):.2f}x | {p99:.0f} ms |")


def main() -> int:
    """Measure what ``--only`` asks (both by default) and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", choices=("changes", "cycle"), default=None)
    parser.add_argument("--changes", type=int, default=1000, help="changes (and reads) a run")
    servers.wrk_options(parser, duration=4, rounds=6)
    parser.add_argument("--cycle-variants", type=int, default=2, help="the first N variants")
    parser.add_argument("--dir", default=None, help="where the files go (a temporary folder)")
    options = parser.parse_args()
    wrk_program = shutil.which("wrk")
    if options.only != "changes" and not wrk_program:
        print("the move cycle needs wrk (Debian package wrk); --only changes does not")
        return 2
    folder = Path(tempfile.mkdtemp(prefix="ttt-store-", dir=options.dir))
    print(f"load average before: {os.getloadavg()[0]:.2f}; files in {folder}", flush=True)
    changes: dict[str, list[tuple[float, float]]] = {}
    cycles: dict[str, list[dict[str, float]]] = {}
    try:
        if options.only != "cycle":
            changes = measure_changes(folder, options.rounds, options.changes)
        if options.only != "changes":
            cycles = measure_cycles(folder, options, wrk_program or "")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if changes:
        report_changes(changes)
    if cycles:
        report_cycles(cycles)
    return 0


if __name__ == "__main__":
    sys.exit(main())
