"""How an arena's players got in (bench/arena.py): their joins as the players saw them (the
requests sent, the statuses answered, how long each took) and as the servers counted them
(the join route's statuses and latencies from /metrics), and the bench client's own CPU, which
shares the machine with the servers."""

from __future__ import annotations

import resource
from collections import Counter
from datetime import datetime
from typing import Any

from tests.arena_players import Played, percentile
from tests.player import Player

JOIN_ROUTE = 'route="/api/arenas/<arena_id>/join"'


def report(played: Played, arena: dict[str, Any], urls: list[str]) -> None:
    """Print the joins' lines."""
    joins = played.joins
    if not joins:
        return
    starts = datetime.fromisoformat(arena["starts"]).timestamp()
    ends = datetime.fromisoformat(arena["ends"]).timestamp()
    statuses = Counter(status for seen in joins for status in seen.statuses)
    kept = Counter(seen.code or (seen.statuses[-1] if seen.statuses else 0) for seen in joins)
    took = [seen.took for seen in joins]
    tokens = [seen.token for seen in joins]
    late = [seen.at - starts for seen in joins]
    print(
        f"joins: {kept.get(200, 0)} of {len(joins)} answered 200 (kept answers {dict(kept)}), "
        f"{arena['players']} in the arena at its end; "
        f"{sum(seen.sent for seen in joins)} sent, answers {dict(statuses)} (0: none)"
    )
    print(
        f"  a join's wait p50 {percentile(took, 0.5):.2f} s, p99 {percentile(took, 0.99):.2f} s, "
        f"most {max(took):.2f} s; the token's read p50 {percentile(tokens, 0.5):.2f} s, "
        f"most {max(tokens):.2f} s; last answer {max(late):.1f} s after the start "
        f"(the end: {ends - starts:.0f} s)"
    )
    for line in _served(urls):
        print(f"  servers: {line}")
    used = resource.getrusage(resource.RUSAGE_SELF)
    print(f"  the bench client's CPU: {used.ru_utime + used.ru_stime:.1f} s")


def _served(urls: list[str]) -> list[str]:
    """The join route's answers by status and its latency buckets, summed over the servers."""
    counts: Counter[str] = Counter()
    buckets: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    for server in urls:
        for line in Player().get(server, "/metrics").text.splitlines():
            if line.startswith("ttt_http_unavailable_total{"):
                causes[line.split('cause="')[1].split('"')[0]] += int(float(line.split()[-1]))
            if JOIN_ROUTE not in line or line.startswith("#"):
                continue
            value = float(line.split()[-1])
            if line.startswith("ttt_http_requests_total"):
                counts[line.split('status="')[1].split('"')[0]] += int(value)
            elif line.startswith("ttt_http_request_duration_seconds_bucket"):
                buckets[line.split('le="')[1].split('"')[0]] += int(value)
    shown = ", ".join(f"≤{le} s {n}" for le, n in buckets.items() if le in ("0.1", "1.0", "5.0"))
    return [
        f"join answers by status {dict(counts)}",
        f"join latency {shown} of {buckets['+Inf']}",
        f"503s of every route by cause {dict(causes)}",
    ]
