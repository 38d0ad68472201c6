"""The cost per request of the log line and the metrics, in one process, without HTTP.

Run: ``python bench/operations.py [--requests N] [--rounds R] [--row board|cycle]``. One
app, seeded as bench/request_path.py seeds it, answers GET / of a game in progress and a
move cycle, with its request hooks on (a request id, a JSON log line, the counts) and off
(Flask's plain request class, which the hooks pass by: no id, no line, no count). The two
take turns, ``rounds`` times; each row is the best CPU time per request. The log lines go to
a temporary file, as they would to a file or journald; prometheus-client counts in memory
(one process).

CPU time is noisy on a shared machine; instruction counts are not. ``--untimed on|off`` runs
the rows once, untimed, for ``valgrind --tool=callgrind``: the cost per request of a row is
(Ir with --requests N - Ir with --requests 0) / N, with the hooks on and off.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import Flask, Request

from bench import seeding
from bench.request_path import Browser, best_microseconds, move_cycle
from webapp import create_app
from webapp.web.site.observe import ObservedRequest


def main() -> None:
    """Print the rows, on and off, and the cost of on."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--row", choices=("board", "cycle"), help="only this row")
    parser.add_argument(
        "--untimed", choices=("on", "off"),
        help="warm up, then run the rows once with the hooks on or off, untimed: for counting "
        "instructions under valgrind --tool=callgrind (--requests 0 gives the baseline)",
    )  # fmt: skip
    options = parser.parse_args()
    work = tempfile.TemporaryDirectory(prefix="ttt-operations-")
    pairs = seeding.new_pairs(1)
    seeding.seed_sqlite(work.name + "/matches.sqlite", pairs)
    seeding.seed_session_files(work.name + "/sessions", pairs)
    settings: dict[str, Any] = {"SECRET_KEY": secrets.token_hex(16), "LIMITS": False}
    log = Path(work.name) / "stderr.log"
    terminal, sys.stderr = sys.stderr, log.open("w")  # before create_app: JSON lines
    app = create_app(settings, instance_path=work.name)
    board, player = Browser(app, pairs[0][0]), Browser(app)
    n: int = options.requests

    def repeat() -> int:
        for _ in range(n):
            board.call("GET", "/")
        return n

    rows: dict[str, Callable[[], int]] = {
        "GET board": repeat,
        "move cycle (per request)": lambda: move_cycle(player, n // 2),
    }
    if options.row:
        rows = {name: action for name, action in rows.items() if options.row in name}
    if options.untimed:
        _switch(app, options.untimed == "on")
        for _ in range(100):  # the same warm-up whatever --requests says
            board.call("GET", "/")
        if options.row != "board":  # the computer's replies vary: the board row stays exact
            move_cycle(player, 50, random.Random(2))
        for action in rows.values():
            action()
    else:
        best = _timed(app, rows, options.rounds)
    sys.stderr.close()
    sys.stderr = terminal
    lines = sum(1 for _ in log.open())
    for name in rows if not options.untimed else ():
        with_hooks, without = best[name, True], best[name, False]
        cost = with_hooks - without
        print(f"{name:26s} on {with_hooks:7.1f} µs  off {without:7.1f} µs  "
              f"cost {cost:5.1f} µs ({cost / without:+.1%})")  # fmt: skip
    print(f"{lines} log lines written")
    work.cleanup()


def _timed(
    app: Flask, rows: dict[str, Callable[[], int]], rounds: int
) -> dict[tuple[str, bool], float]:
    """The best CPU time per request of each row, hooks on and off, taking turns."""
    best: dict[tuple[str, bool], float] = {}
    for _ in range(rounds):
        for on in (True, False):
            _switch(app, on)
            for name, action in rows.items():
                action()  # warm up
                cost = best_microseconds(action)
                best[name, on] = min(best.get((name, on), cost), cost)
    return best


def _switch(app: Flask, on: bool) -> None:
    """The request hooks on (the app's request class) or off (Flask's own)."""
    app.request_class = ObservedRequest if on else Request


if __name__ == "__main__":
    main()
