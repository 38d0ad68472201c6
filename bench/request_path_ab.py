"""The request path of two or more checkouts, in one run: each checkout's app in a process of
its own, the same rows in turn, so that a noisy machine weighs on every checkout alike.

Run: ``python bench/request_path_ab.py --trees /work/before,/work/after [--rounds 12]
[--requests 300] [--rows hello,board,cycle,stock_board,stock_cycle]``; the rows ``cycle_get``,
``cycle_post``, ``stock_cycle_get`` and ``stock_cycle_post`` time the move cycle's GETs and
POSTs apart (as request_path.py's ``--split``: each GET shows a new version). Each checkout's app is
seeded and called as bench/request_path.py does (one process each, with the checkout's own
code); round after round, each row runs ``requests`` requests in each process in turn (the
order alternates), and the table gives each row's least and median CPU time per request,
then the board and the move cycle over the stock page's in the same process.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROWS = ("hello", "board", "cycle", "stock_board", "stock_cycle")


def worker() -> None:
    """Serve rows on stdin ("board 300"), answering µs of CPU per request; in the checkout
    this process was started in (its working directory)."""
    sys.path.insert(0, os.getcwd())
    from bench import seeding, stock
    from bench.request_path import Browser, move_cycle
    from webapp import create_app

    work = tempfile.mkdtemp(prefix="ttt-ab-")
    pairs = seeding.new_pairs(1)
    secret = secrets.token_hex(16)
    settings = {"SECRET_KEY": secret, "LIMITS": False}
    seeding.seed_sqlite(work + "/matches.sqlite", pairs)
    seeding.seed_session_files(work + "/sessions", pairs)
    plumbing = create_app(settings, instance_path=work)
    plumbing.view_functions["board.index"] = lambda: "hello"
    app = create_app(settings, instance_path=work)
    least = Browser(stock.create({"SECRET_KEY": secret, "SESSION_DIR": work + "/stock"}))
    least.call("GET", "/")
    browsers = [Browser(plumbing, pairs[0][0]), Browser(app, pairs[0][0]), least]
    player, stock_player = Browser(app), Browser(least.app)
    moves, stock_moves = random.Random(1), random.Random(1)

    def gets(browser: Browser, count: int) -> int:
        for _ in range(count):
            browser.call("GET", "/")
        return count

    rows: dict[str, Callable[[int], int]] = {
        "hello": functools.partial(gets, browsers[0]),
        "board": functools.partial(gets, browsers[1]),
        "stock_board": functools.partial(gets, browsers[2]),
        "cycle": lambda n: move_cycle(player, n // 2, moves),
        "stock_cycle": lambda n: move_cycle(stock_player, n // 2, stock_moves),
    }
    timed = _split_rows({"": app, "stock_": least.app})
    sys.stderr = io.StringIO()  # the app's log lines
    for row in (*rows.values(), *timed.values()):
        row(100)
    print("ready", flush=True)
    for line in sys.stdin:
        name, count = line.split()
        sys.stderr = io.StringIO()
        if name in timed:
            print(f"{timed[name](int(count)):.1f}", flush=True)
            continue
        started = time.process_time()
        done = rows[name](int(count))
        print(f"{(time.process_time() - started) / done * 1e6:.1f}", flush=True)


def _split_rows(apps: dict[str, Any]) -> dict[str, Callable[[int], float]]:
    """The rows that time the move cycle's GETs and POSTs apart, of each app by its rows'
    prefix: each answers µs of CPU per GET (or POST) of ``count`` requests."""
    from bench.request_path import Split, move_cycle

    def split(browser: Split, moves: random.Random, method: str) -> Callable[[int], float]:
        def run(count: int) -> float:
            browser.spent = dict.fromkeys(browser.spent, 0.0)
            browser.made.clear()
            move_cycle(browser, count // 2, moves)
            return browser.spent[method] / browser.made[method] * 1e6

        return run

    rows: dict[str, Callable[[int], float]] = {}
    for prefix, app in apps.items():
        browser, moves = Split(app), random.Random(1)
        for method in ("GET", "POST"):
            rows[f"{prefix}cycle_{method.lower()}"] = split(browser, moves, method)
    return rows


def main() -> None:
    """Start a worker per checkout, run the rounds, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--trees", required=True, help="checkouts, comma-separated")
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rows", default=",".join(ROWS))
    options = parser.parse_args()
    trees, rows = options.trees.split(","), options.rows.split(",")
    here = str(Path(__file__).resolve())
    workers = {
        tree: subprocess.Popen(
            [str(Path(tree) / ".venv/bin/python"), here, "--worker"],
            cwd=tree,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in trees
    }
    for process in workers.values():
        assert process.stdout and process.stdout.readline().strip() == "ready"
    times: dict[str, dict[str, list[float]]] = {tree: {row: [] for row in rows} for tree in trees}
    for number in range(options.rounds):
        for row in rows:
            for tree in trees if number % 2 == 0 else trees[::-1]:
                process = workers[tree]
                assert process.stdin and process.stdout
                process.stdin.write(f"{row} {options.requests}\n")
                process.stdin.flush()
                times[tree][row].append(float(process.stdout.readline()))
    for process in workers.values():
        assert process.stdin
        process.stdin.close()
        process.wait()
    report(trees, rows, times)


def report(trees: list[str], rows: list[str], times: dict[str, dict[str, list[float]]]) -> None:
    """The least and median µs per request of each row, and the ratios to the stock rows."""
    print("| row | " + " | ".join(f"{tree}: least / median µs" for tree in trees) + " |")
    print("| --- |" + " ---: |" * len(trees))
    for row in rows:
        cells = [
            f"{min(times[t][row]):,.0f} / {statistics.median(times[t][row]):,.0f}" for t in trees
        ]
        print(f"| {row} | " + " | ".join(cells) + " |")
    for tree in trees:
        least = {row: min(values) for row, values in times[tree].items()}
        ratios = [
            f"{row} / stock {least[row] / least['stock_' + row]:.2f}x"
            for row in ("board", "cycle", "cycle_get", "cycle_post")
            if row in least and "stock_" + row in least
        ]
        print(f"{tree}: " + ", ".join(ratios) + " (least times)")


if __name__ == "__main__":
    if "--worker" in sys.argv:
        worker()
    else:
        main()
