"""An arena's games are counted once, on every backend of its rows (SQLite, Redis, Redis
Cluster): a change that would count a game counted before is refused whole, and nothing of it
is written (``webapp.store.arena_rows.CountedAgain``)."""

from __future__ import annotations

import pytest

from tests.store.test_arena_rows import Stores, entry, made
from webapp.store.arena_rows import ArenaReads, Changes, CountedAgain


def test_a_game_counted_before_is_refused_whole_and_nothing_is_written(stores: Stores) -> None:
    arena_id = made(stores)
    _matches, rows = stores()

    def paired(reads: ArenaReads) -> tuple[Changes | None, None]:
        playing = [entry("b", 0, 0, "m1"), entry("c", 0, 1, "m1")]
        return Changes(reads.head, playing, {"m1": ["b", "c"]}), None

    def counted(reads: ArenaReads) -> tuple[Changes | None, None]:
        scored = [entry("b", 2, 0), entry("c", 0, 1)]
        return Changes(reads.head, scored, counted=["m1"]), None

    rows.change(arena_id, paired)
    assert rows.change(arena_id, counted, "m1")[1] == 3
    rows.change(arena_id, paired)  # the game back in play, as books gone wrong would have it
    with pytest.raises(CountedAgain) as refused:
        rows.change(arena_id, counted, "m1")
    assert refused.value.match_ids == ["m1"]
    reads = rows.reads(arena_id)
    assert reads is not None and reads.version == 4  # the refused change moved nothing
    assert {b: (e["points"], e["match"]) for b, e in reads.rows(["b", "c"]).items()} == {
        "b": (0, "m1"),
        "c": (0, "m1"),
    }
    assert rows.games(arena_id) == {"m1": ["b", "c"]}


def test_other_games_count_after_one_was_counted(stores: Stores) -> None:
    arena_id = made(stores)
    _matches, rows = stores()
    for n, match_id in enumerate(["m1", "m2", "m3"]):

        def counted(
            reads: ArenaReads, n: int = n, match_id: str = match_id
        ) -> tuple[Changes | None, None]:
            return Changes(reads.head, [entry("b", 2 * (n + 1), 0)], counted=[match_id]), None

        rows.change(arena_id, counted)
    found = rows.entries(arena_id, ["b"])
    assert found["b"]["points"] == 6
