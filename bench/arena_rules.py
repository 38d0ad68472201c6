"""What an arena of many players costs per change and per look, in process: its pairing (at
the start, when all wait, and later, when a few do) against the pairing as first written (a
sort of the waiting per pair, the player list rebuilt twice per pair), the question a look
asks (whether two wait), the standings a look shows (in German: each name in words once,
against once per player as first written) and the record's round trip (data and JSON)."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from webapp import create_app
from webapp.rules import arena_pairing, names, new_secret
from webapp.rules.arena import Arena, Player
from webapp.store import new_match_id
from webapp.store.record import decode, encode
from webapp.web.site.names import shown
from webapp.web.views.arena_view import standings

NOW = 1_000_000.0


def arena(players: int, waiting_every: int) -> Arena:
    """A running arena of ``players``, one in ``waiting_every`` waiting, the others playing."""
    made = random.Random(1)
    return Arena(NOW - 10, 600, 10, players=tuple(
        Player(f"browser-{n:06d}", names.drawn(), points=made.randint(0, 40), games=3,
               match="" if n % waiting_every == 0 else new_match_id(), key="k",
               opponent=f"browser-{n + 1:06d}", free_since=NOW - n % 9)
        for n in range(players)
    ))  # fmt: skip


def first_written(kept: Arena) -> tuple[Arena, list[tuple[str, str]]]:
    """The pairing as it was first written, the baseline: the arena after it, and the pairs
    made (X's browser, O's), which the rules' tests hold the pairing to."""
    waiting = sorted(
        (p for p in kept.players if p.waiting), key=lambda p: (-p.points, p.free_since)
    )
    made = []
    while len(waiting) >= 2:
        first = waiting.pop(0)
        ranked = sorted(waiting, key=lambda p: abs(p.points - first.points))
        fresh = [p for p in ranked if first.opponent != p.browser and p.opponent != first.browser]
        partner = (fresh or ranked)[0]
        waiting.remove(partner)
        x_first = first.as_x - first.as_o <= partner.as_x - partner.as_o
        made.append(
            (first.browser, partner.browser) if x_first else (partner.browser, first.browser)
        )
        match_id = new_match_id()
        kept = kept.with_player(replace(first, match=match_id))
        kept = kept.with_player(replace(partner, match=match_id))
    return kept, made


def timed(work: Callable[[], object], rounds: int) -> float:
    """Milliseconds per call of ``work``, the best of three runs of ``rounds`` calls."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(rounds):
            work()
        best = min(best, (time.perf_counter() - started) / rounds * 1000)
    return best


def row(players: int, label: str, waiting_every: int) -> str:
    """The pairing's cost, as first written and now, and a look's, in ``players``."""
    shown = arena(players, waiting_every)
    old = timed(lambda: first_written(shown), 3)
    new = timed(lambda: arena_pairing.paired(shown, NOW, new_match_id, new_secret), 3)
    look = timed(lambda: arena_pairing.pairable(shown, NOW), 200)
    return (f"{players} players, {label}: pairing {old:.2f} ms as first written, {new:.2f} ms "
            f"now; a look's question (pairable) {look:.4f} ms")  # fmt: skip


def looked(shown_arena: Arena) -> str:
    """The standings of a look, named in German: now, and naming every player."""
    app = create_app({"TESTING": True}, instance_path=tempfile.mkdtemp())  # a key of its own
    with app.test_request_context(headers={"Accept-Language": "de"}):
        old = timed(lambda: [shown(p.name) for p in shown_arena.players], 10)
        new = timed(lambda: standings(shown_arena, ""), 10)
    distinct = len({p.name for p in shown_arena.players})
    return (
        f"a look's standings of {len(shown_arena.players)} players ({distinct} names): "
        f"{old:.2f} ms naming each player as first written, {new:.2f} ms now (all of it)"
    )


def main() -> None:
    """Print one row per measure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    players = parser.parse_args().players
    print(row(players, "all wait (the start)", 1))
    print(row(players, "1 in 50 waits", 50))
    print(looked(arena(players, 50)))
    data = encode(arena(players, 50).to_dict())
    trip = timed(lambda: encode(Arena.from_dict(decode(data)).to_dict()), 10)
    print(f"the record ({len(data) // 1024} KiB): decoded, read, written back {trip:.2f} ms")


if __name__ == "__main__":
    main()
