"""Quick pairing on one gunicorn server of two workers on SQLite: 50 seekers arriving
together make exactly 25 matches (the queue's BEGIN IMMEDIATE pairs one at a time), and a
cancel racing an arrival ends one way for both."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.player import Player, Reply
from tests.seekers import check_pairs, match_id, seek_all, token
from tests.servers import GunicornServer, file_store_env


def test_50_seekers_on_one_server_make_exactly_25_matches(tmp_path: Path) -> None:
    server = GunicornServer(file_store_env(tmp_path), workers=2).start()
    try:
        games = seek_all([server.url], 50)
    finally:
        server.stop()
    assert check_pairs(games) == 25
    with sqlite3.connect(tmp_path / "matches.sqlite") as db:
        assert db.execute("SELECT count(*) FROM pair_waiting").fetchone() == (0,)


def test_a_cancel_racing_an_arrival_either_wins_or_is_taken_to_the_match(tmp_path: Path) -> None:
    """20 times: a seeker presses Cancel while another one arrives, within a few ms. Either
    the cancel wins (no match; the other waits), or the pairing wins and the canceller's
    form leads it to that match: nobody plays an opponent who is elsewhere."""
    server = GunicornServer(file_store_env(tmp_path), workers=2).start()
    outcomes = []
    try:
        for _ in range(20):
            outcomes.append(_cancel_race(server.url))
    finally:
        server.stop()
    assert all(outcome in ("cancelled", "paired") for outcome in outcomes), outcomes


def _cancel_race(url: str) -> str:
    """One race; ``cancelled`` or ``paired`` when both sides agree, else what went wrong."""
    canceller, arriving = Player(), Player()
    page = canceller.get(url)
    assert canceller.post(url, "/pair", {}, page).headers["Location"] == "/pair"
    waiting_page = canceller.get(url, "/pair")
    headers = token(arriving, url)
    start = threading.Barrier(2)

    def cancel() -> Reply:
        start.wait()
        return canceller.post(url, "/pair/cancel", {}, waiting_page)

    def arrive() -> Reply:
        start.wait()
        return arriving.request(url, "POST", "/api/pair", raw="", headers=headers)

    with ThreadPoolExecutor(2) as pool:
        cancelled, arrived = pool.submit(cancel), pool.submit(arrive)
        form, seek = cancelled.result(), arrived.result()
    assert form.status == 303 and form.headers["X-Move-Result"] == "accepted", form.text
    mine = canceller.game(url)
    if seek.json()["state"] == "paired":
        theirs = seek.json()["game"]
        return "paired" if mine["online"] and match_id(mine) == match_id(theirs) else "split"
    out = arriving.request(url, "DELETE", "/api/pair", raw="", headers=headers)
    if out.status == 200 and out.json()["state"] == "idle" and not mine["online"]:
        return "cancelled"
    return f"{seek.json()['state']}/{out.status}/{bool(mine['online'])}"
