"""What every backend of an arena's rows must do (``webapp.store.arena_rows.ArenaRows``),
through the interface alone: SQLite in a file of the test's own, a real Redis, and a real
Redis Cluster (one change is one script on the arena's slot); changes racing on several
connections each land once, with the head's version."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from webapp.store import MatchStore, new_match_id
from webapp.store.arena_rows import (
    BEST,
    ArenaReads,
    ArenaRows,
    Changes,
    Row,
    UnknownArena,
    score,
)

DAY = 86400.0
Stores = Callable[[], tuple[MatchStore, ArenaRows]]


def made(stores: Stores) -> str:
    """A new arena's head, ``count`` 0; its id."""
    matches, _rows = stores()
    arena_id = new_match_id()
    with matches.locked(arena_id) as record:
        record.data = {"kind": "arena", "count": 0}
    return arena_id


def entry(browser: str, points: int, number: int, match: str = "") -> Row:
    """A player's row."""
    data = {"browser": browser, "points": points, "number": number, "match": match}
    return Row(browser, data, score(points, number), not match)


def test_racing_changes_each_land_once_with_the_next_version(stores: Stores) -> None:
    arena_id = made(stores)

    def one(n: int) -> None:
        _matches, rows = stores()
        for k in range(10):

            def step(reads: ArenaReads, k: int = k) -> tuple[Changes | None, int]:
                head = {**reads.head, "count": reads.head["count"] + 1}
                return Changes(head, [entry(f"b{n}", k, n)]), reads.head["count"]

            rows.change(arena_id, step, [f"b{n}"])

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(one, range(6)))
    matches, rows = stores()
    record = matches.get(arena_id)
    assert record is not None and record.data is not None
    assert (record.data["count"], record.version) == (60, 61)
    reads = rows.reads(arena_id)
    assert reads is not None and reads.version == 61
    assert {b: e["points"] for b, e in reads.rows([f"b{n}" for n in range(7)]).items()} == {
        f"b{n}": 9 for n in range(6)
    }


def test_standings_waiting_and_games_read_as_written(stores: Stores) -> None:
    arena_id = made(stores)
    _matches, rows = stores()
    written = [entry("a", 4, 0), entry("b", 6, 1, "m1"), entry("c", 4, 2, "m1"), entry("d", 9, 3)]

    def step(reads: ArenaReads) -> tuple[Changes | None, None]:
        return Changes(reads.head, written, {"m1": ["b", "c"], "m2": ["x", "y"]}), None

    assert rows.change(arena_id, step)[1] == 2
    assert [e["browser"] for e in rows.top(arena_id, 3)] == ["d", "b", "a"]  # "a" joined first
    assert (rows.above(arena_id, 4), rows.above(arena_id, 9), rows.above(arena_id, 0)) == (2, 0, 4)
    assert rows.games(arena_id) == {"m1": ["b", "c"], "m2": ["x", "y"]}
    reads = rows.reads(arena_id)
    assert reads is not None and sorted(reads.waiting()) == ["a", "d"]
    assert reads.game("m1") == ["b", "c"] and reads.game("m3") == []

    def counted(reads: ArenaReads) -> tuple[Changes | None, list[str]]:
        freed = [entry("b", 8, 1), entry("c", 4, 2)]
        return Changes(reads.head, freed, counted=["m1"]), reads.game("m1")

    assert rows.change(arena_id, counted, "m1") == (["b", "c"], 3)  # read with the head
    reads = rows.reads(arena_id)
    assert reads is not None and sorted(reads.waiting()) == ["a", "b", "c", "d"]
    assert list(rows.games(arena_id)) == ["m2"]


def test_a_step_that_writes_nothing_keeps_the_version_and_an_unknown_arena_is_refused(
    stores: Stores,
) -> None:
    arena_id = made(stores)
    _matches, rows = stores()
    answer: dict[str, Any] = {"seen": True}
    assert rows.change(arena_id, lambda reads: (None, answer)) == (answer, 1)
    with pytest.raises(UnknownArena):
        rows.change(new_match_id(), lambda reads: (None, None))
    assert rows.reads(new_match_id()) is None


def test_one_settler_holds_an_arena_until_its_hold_runs_out(stores: Stores) -> None:
    arena_id = made(stores)
    (_matches, first), (_same, second) = stores(), stores()
    assert first.claim(arena_id, "one", 60.0)
    assert not second.claim(arena_id, "two", 60.0)
    assert second.claim(new_match_id(), "two", 60.0)  # another arena is another's to hold
    assert first.claim(arena_id, "one", 0.001)  # the holder holds it on, for as long as it says
    # Held for a millisecond more: the other settler takes it over once that has passed on
    # the store's own clock (Redis expires the key; it cannot be moved from here).
    deadline = time.monotonic() + 5
    while not second.claim(arena_id, "two", 60.0):
        assert time.monotonic() < deadline, "the hold never ran out"
        time.sleep(0.01)
    assert not first.claim(arena_id, "one", 60.0)
    assert second.claim(arena_id, "two", 60.0)


def tallied(stores: Stores) -> str:
    """A new arena's head with the tallies that ``enter`` moves; its id."""
    matches, _rows = stores()
    arena_id = new_match_id()
    with matches.locked(arena_id) as record:
        record.data = {"kind": "arena", "joined": 0, "waiting": 0, "entered": 0, "best": 0}
        record.data |= {"played": 0}
    return arena_id


def newcomer(browser: str) -> dict[str, Any]:
    """A new player's entry, not numbered yet (as the rules make it)."""
    return {
        "browser": browser,
        "name": "N",
        "points": 0,
        "match": "",
        "number": -1,
        "free_since": 0.0,
    }


def test_entries_racing_changes_each_land_once_numbered_in_turn(stores: Stores) -> None:
    arena_id = tallied(stores)
    _matches, rows = stores()
    assert rows.enter(arena_id, newcomer("first")) == 2

    def enter(n: int) -> None:
        _matches, mine = stores()
        for k in range(10):
            assert mine.enter(arena_id, newcomer(f"e{n}-{k}")) > 0

    def change(n: int) -> None:
        _matches, mine = stores()
        for k in range(10):

            def step(reads: ArenaReads, k: int = k) -> tuple[Changes | None, None]:
                head = {**reads.head, "played": reads.head["played"] + 1}
                moved = [entry("first", k + 1, 0)]
                return Changes(head, moved, entered=reads.head["entered"]), None

            mine.change(arena_id, step, ["first"])

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda n: (enter if n % 2 else change)(n), range(6)))
    matches, rows = stores()
    record = matches.get(arena_id)
    assert record is not None and record.data is not None
    tallies = {name: record.data[name] for name in ("joined", "waiting", "entered", "played")}
    assert tallies == {"joined": 31, "waiting": 31, "entered": 31, "played": 30}
    assert record.version == 1 + 31 + 30
    everyone = [entry["browser"] for entry in rows.top(arena_id, 100)]
    numbers = rows.entries(arena_id, everyone)
    assert sorted(e["number"] for e in numbers.values()) == list(range(31))
    assert numbers["first"]["number"] == 0 and numbers["first"]["points"] == 10
    reads = rows.reads(arena_id)
    assert reads is not None and len(reads.waiting()) == 31


def test_an_entry_is_refused_for_a_browser_in_it_an_arena_of_before_or_none(
    stores: Stores,
) -> None:
    arena_id, old = tallied(stores), made(stores)
    _matches, rows = stores()
    assert rows.enter(arena_id, newcomer("a")) == 2
    assert rows.enter(arena_id, newcomer("a")) == 0  # in it already: a change decides
    assert rows.enter(old, newcomer("a")) == 0  # no tallies to move: a change makes it
    with pytest.raises(UnknownArena):
        rows.enter(new_match_id(), newcomer("a"))
    reads = rows.reads(arena_id)
    assert reads is not None and reads.version == 2 and reads.head["joined"] == 1


def test_the_first_entries_move_the_best_and_the_later_ones_do_not(stores: Stores) -> None:
    arena_id = tallied(stores)
    matches, rows = stores()
    versions = [rows.enter(arena_id, newcomer(f"p{n}")) for n in range(BEST + 2)]
    record = matches.get(arena_id)
    assert record is not None and record.data is not None
    assert record.data["best"] == versions[BEST - 1]  # the BEST-th entry was the last in them
    assert [e["browser"] for e in rows.top(arena_id, 2)] == ["p0", "p1"]  # the first first


# On SQLite a change is one write transaction: nobody enters between its read and its write.
@pytest.mark.parametrize("stores", ["redis", "cluster"], indirect=True)
def test_a_change_adding_players_of_its_own_runs_again_after_an_entry(stores: Stores) -> None:
    arena_id = tallied(stores)
    _matches, rows = stores()
    (_other_matches, other) = stores()
    tries: list[int] = []

    def step(reads: ArenaReads) -> tuple[Changes | None, None]:
        tries.append(reads.version)
        if len(tries) == 1:  # another player enters between this read and its write
            other.enter(arena_id, newcomer("between"))
        head = {**reads.head, "joined": reads.head["joined"] + 1}
        return Changes(head, [entry("own", 0, reads.head["joined"])]), None

    assert rows.change(arena_id, step, ["own"]) == (None, 3)
    assert tries == [1, 2]
    everyone = rows.entries(arena_id, ["between", "own"])
    assert {b: e["number"] for b, e in everyone.items()} == {"between": 0, "own": 1}


def test_a_player_comes_back_in_one_step_free_from_then_and_waits_if_it_has_no_game(
    stores: Stores,
) -> None:
    arena_id = tallied(stores)
    _matches, rows = stores()
    for browser in ("paused", "withdrew", "playing"):
        rows.enter(arena_id, newcomer(browser))
    away = {"paused": {"paused": True, "match": ""}, "withdrew": {"withdrawn": True, "match": ""}}
    away["playing"] = {"paused": True, "match": "m1"}

    def step(reads: ArenaReads) -> tuple[Changes | None, None]:
        found = reads.rows(list(away))
        changed = [Row(b, {**found[b], **away[b]}, 0.0, False) for b in away]
        return Changes({**reads.head, "waiting": 0}, changed), None

    rows.change(arena_id, step)
    assert rows.enter(arena_id, {**newcomer("playing"), "free_since": 7.5}) == 6
    assert rows.enter(arena_id, {**newcomer("withdrew"), "free_since": 8.5}) == 7
    assert rows.enter(arena_id, newcomer("withdrew")) == 0  # in it: a change refuses it
    back = rows.entries(arena_id, list(away))
    assert not any(
        e.get("paused") or e.get("withdrawn") for e in ("playing", "withdrew") for e in [back[e]]
    )
    assert (back["playing"]["free_since"], back["withdrew"]["free_since"]) == (7.5, 8.5)
    assert back["playing"]["match"] == "m1" and back["paused"]["paused"]
    reads = rows.reads(arena_id)
    assert reads is not None and sorted(reads.waiting()) == ["withdrew"]
    assert (reads.head["waiting"], reads.head["entered"], reads.head["joined"]) == (1, 3, 3)
