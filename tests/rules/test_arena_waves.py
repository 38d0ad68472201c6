"""An arena pairs in waves: two who just met wait a moment for another opponent, whoever
comes free meanwhile takes the place, and only then do they meet again; an opponent who never
moves loses the game on time (and is paused), instead of an abort that counts for nobody."""

from __future__ import annotations

import itertools
from dataclasses import replace

from webapp.rules import arena_pairing, records
from webapp.rules.arena import LOSS, NO_SHOW, WIN, Arena, ended, join
from webapp.rules.arena_pairing import arena_match, listed_result, pairable, results
from webapp.rules.clock import expire, wound
from webapp.rules.match import other as opposite
from webapp.rules.termination import Termination

START = 1_000_000.0
HOLD = 3.0


def pair(arena: Arena, at: float) -> tuple[Arena, list[tuple[str, str]], list[bool]]:
    """Pair at ``at`` with HOLD: the arena after, the pairs (X's browser, O's), rematches."""
    ids = (f"m{n}" for n in itertools.count())
    after, made = arena_pairing.paired(arena, at, lambda: next(ids), lambda: "k", HOLD)
    return after, [(m.x.browser, m.o.browser) for m in made], [m.rematch for m in made]


def just_met(*pairs: tuple[str, str], free_at: float = START + 10) -> Arena:
    """A running arena whose players each just played the other of their pair."""
    arena = Arena(START, 600, 10)
    for one, other in pairs:
        for me, them in ((one, other), (other, one)):
            arena = join(arena, me, "quick-otter", START)
            arena = arena.with_player(
                replace(arena.player(me), opponent=them, free_since=free_at)  # type: ignore[type-var]
            )
    return arena


def test_two_who_just_met_wait_for_another_then_meet_again() -> None:
    arena = just_met(("a", "b"))
    assert pair(arena, START + 11)[1] == [] and not pairable(arena, START + 11, HOLD)
    assert pairable(arena, START + 10 + HOLD, HOLD)
    _after, made, rematch = pair(arena, START + 10 + HOLD)
    assert sorted(made[0]) == ["a", "b"] and rematch == [True]


def test_whoever_comes_free_meanwhile_takes_the_place() -> None:
    arena = just_met(("a", "b"), ("c", "d"))
    _after, made, rematch = pair(arena, START + 11)
    assert sorted(map(sorted, made)) == [["a", "c"], ["b", "d"]] and rematch == [False, False]
    arena = join(just_met(("a", "b")), "e", "calm-fox", START + 11)
    after, made, _rematch = pair(arena, START + 11)
    assert len(made) == 1 and "e" in made[0] and sum(p.waiting for p in after.players) == 1


def test_the_wait_counts_from_the_later_of_the_two_and_the_metric_leaves_it_out() -> None:
    arena = just_met(("a", "b"))
    arena = arena.with_player(replace(arena.player("b"), free_since=START + 12))  # type: ignore[type-var]
    assert pair(arena, START + 10 + HOLD)[1] == []
    ids = iter(["m"])
    _after, (made,) = arena_pairing.paired(arena, START + 15.5, lambda: next(ids), str, HOLD)
    assert made.waited(START, START + 15.5, HOLD) == 0.5 and made.waited(START, START + 15.5) == 3.5


def test_a_player_who_never_moves_loses_on_time_and_is_paused() -> None:
    arena = join(join(Arena(START, 600, 10), "a", "x", START), "b", "y", START)
    ids = iter(["m0"])
    arena, (game,) = arena_pairing.paired(arena, START + 1, lambda: next(ids), lambda: "k")
    match = arena_match(game, 10, "A" * 22).match
    match = wound(match, match, START + 1)
    over = expire(match, START + 12)  # X never moved: X loses on time, not an abort
    assert over is not None and over.match.termination is Termination.TIME
    assert results(over.match) == {"X": NO_SHOW, "O": WIN}
    scored = ended(arena, "m0", results(over.match), START + 12)
    x, o = scored.player(game.x.browser), scored.player(game.o.browser)
    assert x and o and (x.points, x.games, x.paused) == (0, 1, True)
    assert (o.points, o.games, o.paused, o.waiting) == (2, 1, False, True)


def test_outside_an_arena_a_game_nobody_moved_in_is_still_aborted_by_the_clock() -> None:
    arena = join(join(Arena(START, 600, 10), "a", "x", START), "b", "y", START)
    _arena, (game,) = arena_pairing.paired(arena, START + 1, lambda: "m0", lambda: "k")
    match = replace(arena_match(game, 10, "A" * 22).match, arena="")
    over = expire(wound(match, match, START + 1), START + 12)
    assert over is not None and over.match.termination is Termination.ABORT
    assert results(over.match) == {"X": "aborted", "O": "aborted"} != {"X": LOSS}


def test_o_has_as_long_for_its_first_move_as_x_had() -> None:
    arena = join(join(Arena(START, 600, 10), "a", "x", START), "b", "y", START)
    _arena, (game,) = arena_pairing.paired(arena, START + 1, lambda: "m0", lambda: "k")
    match = arena_match(game, 10, "A" * 22).match
    made = replace(match, deadline=START + 26)  # 15 s of grace and 10 s to move, from START + 1
    moved = replace(made, game=made.game.play("B2"))
    assert wound(made, moved, START + 2).deadline == START + 26
    second = replace(moved, game=moved.game.play("A1"))
    assert wound(moved, second, START + 3).deadline == START + 13


def test_each_sides_list_entry_counts_for_what_the_game_counted() -> None:
    arena = join(join(Arena(START, 600, 10), "a", "x", START), "b", "y", START)
    _arena, (game,) = arena_pairing.paired(arena, START + 1, lambda: "m0", lambda: "k")
    made = arena_match(game, 10, "A" * 22).match
    match = wound(made, made, START + 1)
    games = [match, match]  # one played to a line, one that O leaves after a move each
    for n, cell in enumerate(("A1", "B1", "A2", "B2", "A3")):
        games[0] = replace(games[0], game=games[0].game.play(cell))
        if n < 3:
            games[1] = wound(games[1], replace(games[1], game=games[1].game.play(cell)), START + 2)
    ended_games = [expire(match, START + 12), expire(games[1], START + 30)]  # a no-show; a loss
    assert all(ended_games) and games[0].is_over
    for over in [games[0], *(e.match for e in ended_games if e)]:
        for seat in over.seats:
            entry = records.entry(over, "m0", frozenset({seat.id}), START + 30)
            assert listed_result(entry, "m0", seat.mark) == results(over)[seat.mark]
            assert listed_result(entry, "m1", seat.mark) is None  # another game's entry
            assert listed_result(entry, "m0", opposite(seat.mark)) is None  # the other side's
    assert {results(e.match)["O"] for e in ended_games if e} == {WIN, LOSS}
    assert listed_result(None, "m0", "X") is None
