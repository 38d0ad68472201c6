"""An arena's rules: joining, pausing and withdrawing, points with streaks counted once, and
pairing by points without meeting the last opponent again at once, sides alternating."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.arena_rules import first_written
from tests.imports import assert_imports_no_web_stack
from webapp.rules import UnknownLinkError, arena_pairing, errors
from webapp.rules.arena import (
    ABORTED,
    COMING,
    DRAW,
    LOSS,
    OVER,
    RUNNING,
    WIN,
    Arena,
    Player,
    ended,
    join,
    pause,
    scored,
    withdraw,
)

from .matches import refused

START = 1_000_000.0


def fresh(*browsers: str) -> Arena:
    """A 60 s arena of 10 s clocks, running at START + 1, with ``browsers`` joined."""
    arena = Arena(START, 60, 10)
    for browser in browsers:
        arena = join(arena, browser, "quick-otter", START)
    return arena


def pair(arena: Arena, at: float = START + 1) -> tuple[Arena, list[tuple[str, str]]]:
    """Pair with predictable ids and keys; the pairs made, (X's browser, O's)."""
    ids = (f"m{n}" for n in itertools.count())
    paired, made = arena_pairing.paired(arena, at, lambda: next(ids), lambda: "k")
    return paired, [(m.x.browser, m.o.browser) for m in made]


def test_an_arena_is_coming_then_running_then_over() -> None:
    arena = fresh()
    assert [arena.state(t) for t in (START - 1, START, START + 59, START + 60)] == [
        COMING,
        RUNNING,
        RUNNING,
        OVER,
    ]
    with refused(errors.ARENA_OVER):
        join(arena, "late", "calm-fox", START + 60)


def test_points_two_one_nothing_doubled_after_two_wins_in_a_row() -> None:
    player = Player("a", "wise-owl")
    for result in (WIN, WIN, WIN, DRAW, WIN, LOSS, ABORTED):
        player = scored(player, result)
    # 2 + 2 + 4 (streak) + 2 (a draw on a streak, which ends it) + 2 + 0; aborted: nothing
    assert (player.points, player.games, player.wins_in_row) == (12, 6, 0)


def test_a_result_counts_once_and_frees_both_players() -> None:
    arena, made = pair(fresh("a", "b"))
    assert made == [("a", "b")]
    assert arena.player("a").match == arena.player("b").match == "m0"  # type: ignore[union-attr]
    over = ended(arena, "m0", {"X": WIN, "O": LOSS}, START + 5)
    again = ended(over, "m0", {"X": WIN, "O": LOSS}, START + 6)
    assert again == over
    a, b = over.player("a"), over.player("b")
    assert a and b and (a.points, b.points, a.games, b.games) == (2, 0, 1, 1)
    assert a.waiting and b.waiting and (a.as_x, b.as_o) == (1, 1)


def test_nobody_is_paired_before_the_start_nor_after_the_end() -> None:
    assert pair(fresh("a", "b"), START - 1)[1] == []
    assert pair(fresh("a", "b"), START + 60)[1] == []


def test_the_closest_in_points_meet_and_not_the_last_opponent_when_another_waits() -> None:
    arena = fresh("a", "b", "c", "d")
    arena = arena.with_player(Player("a", "wise-owl", points=10, opponent="b"))
    arena = arena.with_player(Player("b", "wise-owl", points=9, opponent="a"))
    arena = arena.with_player(Player("c", "wise-owl", points=8))
    arena = arena.with_player(Player("d", "wise-owl", points=0))
    _arena, made = pair(arena)
    assert sorted(map(sorted, made)) == [["a", "c"], ["b", "d"]]
    alone = fresh("a", "b").with_player(Player("a", "wise-owl", opponent="b"))
    assert pair(alone)[1] != []  # nobody else waits: they meet again


def test_sides_alternate() -> None:
    arena = fresh("a", "b")
    sides = []
    for n in range(4):
        arena, made = pair(arena, START + 1 + n)
        sides.append(made[0])
        arena = ended(arena, "m0", {"X": DRAW, "O": DRAW}, START + 1 + n)
    assert sides == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]


def test_a_paused_or_withdrawn_player_is_not_paired_and_an_odd_one_waits() -> None:
    arena = pause(fresh("a", "b", "c"), "a")
    arena, made = pair(arena)
    assert made == [("b", "c")] and arena.player("a").waiting is False  # type: ignore[union-attr]
    arena = withdraw(join(arena, "a", "x", START + 2), "a")
    with refused(errors.NOT_IN_ARENA):
        pause(arena, "a")
    arena = join(arena, "a", "x", START + 3)  # back
    arena = join(arena, "d", "calm-fox", START + 3)
    assert pair(arena)[1] == [("a", "d")]
    with refused(errors.ARENA_JOINED):
        join(arena, "d", "calm-fox", START + 3)


def test_an_arena_round_trips_as_plain_data_and_anything_else_is_no_arena() -> None:
    arena, _made = pair(fresh("a", "b", "c"))
    assert Arena.from_dict(arena.to_dict()) == arena
    for bad in ({}, {"kind": "match"}, {**arena.to_dict(), "players": [{"x": 1}]}):
        with pytest.raises(UnknownLinkError) as caught:
            Arena.from_dict(bad)
        assert caught.value.code == "no_arena"


def test_the_arena_rules_import_no_web_stack() -> None:
    assert_imports_no_web_stack("webapp.rules.arena_pairing")


@given(
    st.lists(
        st.tuples(st.integers(0, 12), st.integers(0, 5), st.booleans(), st.integers(0, 30)),
        max_size=40,
    )
)
def test_the_pairing_is_the_one_first_written(rows: list[tuple[int, int, bool, int]]) -> None:
    players = tuple(
        Player(
            f"b{n}",
            "quick-otter",
            points=points,
            opponent=f"b{last}",
            as_x=as_x,
            paused=paused,
            free_since=START - n % 7,
        )
        for n, (points, as_x, paused, last) in enumerate(rows)
    )
    arena = Arena(START, 60, 10, players=players)
    paired, made = pair(arena)
    assert made == first_written(arena)[1]  # the pairing as first written
    assert arena_pairing.pairable(arena, START + 1) == bool(made)
    for x, o in made:
        assert paired.player(x).mark == "X" and paired.player(o).mark == "O"  # type: ignore[union-attr]
