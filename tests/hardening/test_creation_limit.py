"""The limit on new matches against real gunicorn: no field a client sends steps around it.

Fails on 8ead360, where a form carrying ``mode=restart`` was exempt on every route: a
thousand new games and invites from one address met no 429 (and a 429 carried no
``X-Move-Result``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from limits import parse_many

from tests.player import Player, Reply
from tests.servers import GunicornServer, file_store_env
from webapp.settings import DEFAULTS

CREATIONS = 1_000
# Each form and body carries what a client might hope makes it exempt.
HOPEFUL = {"mode": "restart", "restart": "1"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """One worker with the limits on as shipped: without Redis each worker counts in its own
    memory, so one worker makes the count exact."""
    env = {**file_store_env(tmp_path_factory.mktemp("limit")), "FLASK_LIMITS": "true"}
    running = GunicornServer(env, workers=1).start()
    yield running
    running.stop()


def _per_minute() -> int:
    """The shipped limit of new matches in a minute (the test runs well within one)."""
    items = parse_many(DEFAULTS["LIMIT_CREATE"])
    return min(item.amount for item in items if item.get_expiry() <= 60)


def test_a_thousand_creations_meet_the_429_at_the_limit_whatever_they_carry(
    server: GunicornServer,
) -> None:
    player = Player()
    assert player.move(server.url, server.url, "B2").status == 303  # a stored session
    page = player.get(server.url)
    token = page.field("csrf_token")
    api_headers = {"X-CSRFToken": token, "Content-Type": "application/json"}

    def create(number: int) -> Reply:
        """A new game or an invite, by the setup form or the API, in turn."""
        kind = ("hard", "friend")[number % 2]
        if number % 4 < 2:
            return player.post(server.url, "/new", {"x": "user", "o": kind, **HOPEFUL}, page)
        body = json.dumps({"x": "user", "o": kind, **HOPEFUL})
        return player.request(
            server.url, "POST", "/api/new?mode=restart", raw=body, headers=api_headers
        )

    replies = [create(number) for number in range(CREATIONS)]
    statuses = [reply.status for reply in replies]
    limit = _per_minute()
    assert limit == 30  # the limit the docs state
    refused = [number for number, status in enumerate(statuses) if status == 429]
    assert set(statuses[:limit]) <= {200, 303}, statuses[:limit]
    assert refused == list(range(limit, CREATIONS)), f"{len(refused)} refused"
    # A script can tell that a refused form did not take, as with every other refusal.
    assert {reply.headers["X-Move-Result"] for reply in replies[limit:]} == {"refused"}
