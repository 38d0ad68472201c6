"""The review of a game, checked against the independent negamax of tests/engine/reference:
every move from every reachable position, and the first mistake of many whole games."""

from __future__ import annotations

import random

from tests.engine import reference
from webapp.engine import Board, Game, review

GAMES = 20_000


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def _worth_after(child: str) -> int:
    """The mover's outcome after moving to ``child``: 1 a win, 0 a draw, -1 a loss."""
    return -_sign(reference.value(child))


def test_every_move_from_every_position_is_judged_as_the_reference_judges_it(
    reachable: list[str],
) -> None:
    edges = 0
    for cells in reachable:
        if reference.status(cells) != "Game not finished":
            continue
        before = _sign(reference.value(cells))
        children = reference.children(cells)
        kept = {name for name, child in children.items() if _worth_after(child) == before}
        start = Game("user", "user", Board.from_string(cells))
        for name, child in children.items():
            move = review(start.play(name)).moves[0]
            assert move.mistake == (_worth_after(child) < before), (cells, name)
            assert set(move.kept) == kept, (cells, name)
            edges += 1
    # Every move of every unfinished reachable position (4,520 of them).
    assert edges == sum(
        len(reference.children(c)) for c in reachable if reference.status(c) == "Game not finished"
    )
    assert edges > 16_000


def test_the_first_mistake_of_many_whole_games_is_the_first_change_for_its_player() -> None:
    rng = random.Random(18)
    perfect = 0
    for _ in range(GAMES):
        game, cells, expected = Game("user", "user"), "_" * 9, None
        while reference.status(cells) == "Game not finished":
            name = rng.choice(sorted(reference.children(cells)))
            child = reference.children(cells)[name]
            if expected is None and _worth_after(child) < _sign(reference.value(cells)):
                expected = (game.ply + 1, name)
            game, cells = game.play(name), child
        first = review(game).first_mistake
        assert (first and (first.ply, first.cell)) == (expected or None), game.moves
        perfect += expected is None
    assert 0 < perfect < GAMES  # random games: some without a mistake, most with one


def test_a_perfect_game_has_no_mistake() -> None:
    game = Game("hard", "hard")
    while not game.board.is_over:
        game = game.play_computer()
    assert review(game).first_mistake is None
    assert [move.mistake for move in review(game).moves] == [False] * 9
