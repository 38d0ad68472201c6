"""Watchers as real browsers behave: Chromium pages watch one online match while its players
make moves through the API; for each move, the requests every watcher's page made and the
server's CPU per watcher, read from /proc (gunicorn as `make run` serves it).

    .venv/bin/python bench/browser_watchers.py --watchers 12 --moves 6

The floor (exit status 1 if missed; the live board's contract, moved here from
tests/browser/test_live.py): every move on every watching board within FLOOR_MS. Each page
notes, from its own clock, when it first showed each number of marks (a MutationObserver
installed before the page's scripts run, on every load), and the bench reads those moments
afterwards: asking the pages one after another whether they show the move would add each
answer's round trip to the pages asked last.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import servers
from bench.players import Player

CHROMIUM = "/usr/bin/chromium"
FLOOR_MS = 500.0
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
CELLS = ("A1", "B1", "A2", "B2", "C3", "C1")  # X, O, X, O, X, O: nobody wins in six
# Each page's moments (ms since 1970, its own clock) when it first showed n marks: __shown[n].
NOTING = """
window.__shown = {};
new MutationObserver(() => {
  const marks = document.querySelectorAll('td.mark-x, td.mark-o').length;
  if (!(marks in window.__shown)) window.__shown[marks] = Date.now();
}).observe(document, {childList: true, subtree: true, attributes: true});
"""
NAMES = (
    "requests per watcher per move",
    "server CPU per watcher per move (µs)",
    "until every board showed it (ms)",
)


def main() -> int:
    """Serve, seat two players, open the watchers, play, print the figures per move."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--watchers", type=int, default=12, help="Chromium pages watching")
    parser.add_argument("--moves", type=int, default=6, help="moves played (at most 6)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ttt-watchers-") as work:
        env = {
            "FLASK_SECRET_KEY": secrets.token_hex(16),
            "FLASK_DATABASE": str(Path(work) / "matches.sqlite"),
            "FLASK_SESSION_DIR": str(Path(work) / "sessions"),
            # Every watcher comes from 127.0.0.1: the documented caps per address are raised.
            "FLASK_STREAMS_PER_ADDRESS": "1000",
            "FLASK_STREAMS_PER_SESSION": "1000",
        }
        server = servers.gunicorn("wsgi:app", env)
        try:
            slowest = measure(server, options.watchers, min(options.moves, len(CELLS)))
        finally:
            server.stop()
    verdict = "met" if slowest <= FLOOR_MS else "MISSED"
    print(f"floor (every move on every board within {FLOOR_MS:.0f} ms): {verdict}")
    return 0 if slowest <= FLOOR_MS else 1


def seated(port: int) -> tuple[Player, Player, str]:
    """X and O seated in a new online match; its watch link's path."""
    host, friend = Player(port), Player(port)
    host.call("GET", "/api/game")
    game = host.call("POST", "/api/new", {"x": "user", "o": "friend"})
    friend.call("GET", "/api/game")
    friend.call("POST", "/api/join", {"invite": game["online"]["invite"].rsplit("/", 1)[1]})
    watch: str = host.call("GET", "/api/game")["online"]["watch"]
    return host, friend, "/" + watch.split("/", 3)[3]


def measure(server: servers.Server, watchers: int, moves: int) -> float:
    """Open the watchers, then play ``moves`` moves and print the figures of each; the
    slowest move's ms until every board showed it."""
    host, friend, watch = seated(server.port)
    requests: list[int] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = []
        for _ in range(watchers):
            context = browser.new_context()
            context.add_init_script(NOTING)
            page = context.new_page()
            page.on("request", lambda _request: requests.append(1))
            page.goto(server.url + watch)
            pages.append(page)
        time.sleep(1.0)  # the pages' streams open and their first requests end
        rows = [_move(server, pages, requests, (host, friend)[ply % 2], cell, ply)
                for ply, cell in enumerate(CELLS[:moves])]  # fmt: skip
        browser.close()
    print(f"{watchers} Chromium watchers, {moves} moves, 2 gevent workers:")
    for index, name in enumerate(NAMES):
        values = [row[index] for row in rows]
        low, middle, high = min(values), statistics.median(values), max(values)
        print(f"  {name}: median {middle:,.1f} (min {low:,.1f}, max {high:,.1f})")
    return max(row[2] for row in rows)


def _move(
    server: servers.Server,
    pages: list[Page],
    requests: list[int],
    mover: Player,
    cell: str,
    ply: int,
) -> tuple[float, float, float]:
    """Play ``cell``; once every page shows it, the requests and CPU it cost per watcher and
    how long it took."""
    before_requests, before_cpu = len(requests), server.cpu_seconds()
    started = time.time() * 1000  # the pages' clock: the same system clock
    mover.call("POST", "/api/move", {"cell": cell, "ply": ply})
    # The board shows the move once ply + 1 cells hold a mark (td.mark-x or td.mark-o).
    shown = f"() => window.__shown[{ply + 1}]"
    moments = [float(page.wait_for_function(shown, timeout=15_000).json_value()) for page in pages]
    took = max(moments) - started
    time.sleep(0.5)  # what the pages ask after the board is shown (scripts, the new stream)
    cost = (server.cpu_seconds() - before_cpu) * 1e6 / len(pages)
    return (len(requests) - before_requests) / len(pages), cost, took


if __name__ == "__main__":
    raise SystemExit(main())
