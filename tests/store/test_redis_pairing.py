"""Quick pairing's pools on one Redis: a poll or a cancel across every pool is one script,
answering as the pools looked at one by one do (``webapp.store.pairing.Pools``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from redis.cluster import RedisCluster

from tests.cluster_servers import RedisCluster as Cluster
from tests.servers import RedisServer
from webapp.store.pairing import FOUND, FOUND_FOR, WAITING, Pools
from webapp.store.redis_pairing import KEYS, RedisPairing, RedisPools

NOW = 1_800_000_000.0
POOLS = ("", "5x5", "7x7")


class Counted(redis.Redis):
    """A client that notes the pairing scripts it runs (a command on a ``{pair…}`` key)."""

    scripts = 0

    def execute_command(self, *args: Any, **options: Any) -> Any:
        """Run the command, counting it if it is a script on the queues' keys."""
        if str(args[0]).upper() in ("EVALSHA", "EVAL") and any("{pair" in str(arg) for arg in args):
            self.scripts += 1
        return super().execute_command(*args, **options)


@pytest.fixture
def client(redis_server: RedisServer) -> Iterator[Counted]:
    """A counting client of the module's Redis, its queues emptied after the test."""
    made = Counted.from_url(redis_server.url)
    yield made
    made.delete(*[key.replace("{pair}", "{pair" + pool + "}") for key in KEYS for pool in POOLS])
    made.close()


def one_by_one(client: redis.Redis) -> Pools:
    """The pools as the code before looked at them: one script per pool."""
    return Pools({pool: RedisPairing(client, pool) for pool in POOLS})


def test_a_poll_and_a_cancel_across_the_pools_are_one_script_each(client: Counted) -> None:
    pools = RedisPools(client, POOLS)
    pools.seek("w", "key-w", "match-w", NOW, "", pool="7x7")
    pools.poll("nobody", NOW)  # the scripts loaded, once
    pools.cancel("nobody")
    client.scripts = 0
    waiting = pools.poll("w", NOW + 1)
    assert waiting is not None and (waiting.state, waiting.pool) == (WAITING, "7x7")
    assert client.scripts == 1
    assert pools.poll("nobody", NOW + 1) is None and client.scripts == 2
    assert pools.cancel("w") and client.scripts == 3
    assert not pools.cancel("w") and client.scripts == 4
    assert pools.poll("w", NOW + 2) is None


def test_the_pools_answer_as_when_looked_at_one_by_one(client: Counted) -> None:
    together, apart = RedisPools(client, POOLS), one_by_one(client)
    together.seek("a", "key-a", "match-a", NOW, "", pool="5x5")
    together.seek("b", "key-b", "match-b", NOW + 1, "", pool="5x5")  # meets a
    together.seek("c", "key-c", "match-c", NOW + 2, "", pool="")  # waits in 3x3's
    for seeker in ("a", "b", "c", "nobody"):
        assert together.poll(seeker, NOW + 3) == apart.poll(seeker, NOW + 3)
    found = together.poll("b", NOW + 3)
    assert found is not None and (found.state, found.match_id, found.pool) == (
        FOUND,
        "match-a",
        "5x5",
    )
    later = NOW + 2 + FOUND_FOR  # a match found long ago is found no more, by either
    assert together.poll("b", later) is None and apart.poll("b", later) is None
    # A waiter's place is noted as seen by either, the same way.
    assert together.poll("c", NOW + 9) == apart.poll("c", NOW + 9)
    assert together.cancel("c") and not apart.cancel("c")
    assert together.poll("c", NOW + 9) is None


def test_on_a_cluster_the_pools_are_looked_at_one_by_one(redis_cluster: Cluster) -> None:
    client = RedisCluster.from_url(redis_cluster.url)
    try:
        pools = RedisPools(client, POOLS)  # each pool's keys in a slot of their own
        pools.seek("w", "key-w", "match-w", NOW, "", pool="7x7")
        waiting = pools.poll("w", NOW + 1)
        assert waiting is not None and (waiting.state, waiting.pool) == (WAITING, "7x7")
        assert pools.cancel("w") and pools.poll("w", NOW + 2) is None
    finally:
        client.close()
        client.disconnect_connection_pools()  # its close() leaves the nodes' sockets open


@pytest.mark.parametrize("together", [True, False])
def test_a_seek_on_another_board_from_the_match_found_drops_that_match(
    client: Counted, together: bool
) -> None:
    pools = RedisPools(client, POOLS) if together else one_by_one(client)
    pools.seek("a", "key-a", "match-a", NOW, "")
    pools.seek("b", "key-b", "match-b", NOW, "")  # meets a: match-a, found in the 3x3 pool
    fresh = pools.seek("a", "key-x", "match-x", NOW + 1, "match-a", pool="5x5")  # played it
    assert (fresh.state, fresh.match_id, fresh.pool) == (WAITING, "match-x", "5x5")
    polled = pools.poll("a", NOW + 2)
    assert polled is not None and (polled.state, polled.match_id) == (WAITING, "match-x")
    kept = pools.poll("b", NOW + 2)  # the other seeker's stays its own
    assert kept is not None and (kept.state, kept.match_id) == (FOUND, "match-a")
