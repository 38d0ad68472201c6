"""Static-file benchmark: the board's stylesheet as a browser fetches it, from real gunicorn.

Run: ``.venv/bin/python bench/static.py [--root CHECKOUT]`` (needs ``wrk``). It serves
``CHECKOUT`` (default: this one; give a clone of an older commit to measure before a change)
as ``make run`` does (2 gevent workers, ``-c python:webapp.serving``), reads the stylesheet's
URL from the board page, and runs wrk on that URL with a browser's ``Accept-Encoding`` and no
cookie (a first visit). In alternating rounds it prints the requests per second and the
server's CPU time per request (its workers, from /proc), with the medians.
"""

from __future__ import annotations

import argparse
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.servers import Server, answering, free_port, wrk_options

ROOT = Path(__file__).resolve().parents[1]
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')


def main() -> int:
    """Serve the checkout, find its stylesheet, measure rounds of wrk, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    wrk_options(parser)
    options = parser.parse_args()
    wrk = shutil.which("wrk")
    if not wrk:
        print("bench/static.py needs wrk (Debian package wrk)")
        return 2
    with tempfile.TemporaryDirectory(prefix="ttt-static-") as work:
        server = serve(options.root.resolve(), Path(work))
        try:
            url = server.url + stylesheet(server.url)
            print(f"{options.root}: {url}")
            measure(server, wrk, url, options)
        finally:
            server.stop()
    return 0


def serve(root: Path, work: Path) -> Server:
    """gunicorn serving ``root``'s app as ``make run`` does, answering before this returns."""
    port = free_port()
    # Server starts its process in this checkout: env (coreutils) moves it into ``root``
    # first, so that the package imported is the served checkout's.
    argv = [
        "env", f"--chdir={root}", str(Path(sys.executable).with_name("gunicorn")),
        "-c", "python:webapp.serving", "--workers", "2", "--bind", f"127.0.0.1:{port}",
        "wsgi:app",
    ]  # fmt: skip
    env = {
        "FLASK_SECRET_KEY": secrets.token_hex(32), "FLASK_LIMITS": "false",
        "FLASK_DATABASE": str(work / "matches.sqlite"), "FLASK_SESSION_DIR": str(work / "s"),
    }  # fmt: skip
    return answering(Server(argv, port, env), str(root))


def stylesheet(url: str) -> str:
    """The stylesheet's path as the board page links it."""
    with urllib.request.urlopen(url + "/", timeout=5) as page:
        found = STYLESHEET.search(page.read().decode())
    assert found, "the board links no stylesheet"
    return found.group(1)


def measure(server: Server, wrk: str, url: str, options: argparse.Namespace) -> None:
    """Rounds of wrk on ``url``: requests per second and server CPU µs per request."""
    command = [
        wrk, f"-t{options.connections}", f"-c{options.connections}", f"-d{options.duration}s",
        "-H", "Accept-Encoding: gzip, deflate, br", url,
    ]  # fmt: skip
    rates, costs = [], []
    for round_ in range(options.rounds):
        cpu = server.cpu_seconds()
        output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        cpu = server.cpu_seconds() - cpu
        found = re.search(r"^\s*(\d+) requests in ([\d.]+)s", output, re.M)
        assert found, output
        requests, seconds = int(found.group(1)), float(found.group(2))
        rates.append(requests / seconds)
        costs.append(cpu / requests * 1e6)
        print(f"round {round_ + 1}: {rates[-1]:,.0f} requests/s, {costs[-1]:,.0f} µs CPU each")
    rate, cost = statistics.median(rates), statistics.median(costs)
    print(f"median: {rate:,.0f} requests/s, {cost:,.0f} µs of server CPU per request")


if __name__ == "__main__":
    sys.exit(main())
