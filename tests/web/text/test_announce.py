"""What text mode says: summaries in each kind of match, the position, the moves, events."""

from __future__ import annotations

from flask import Flask

from webapp.engine import Board, Game
from webapp.rules import Event, Match, Outcome
from webapp.web.cycle.matches import Current
from webapp.web.text import announce


def current(match: Match, held: str = "12", watching: bool = False) -> Current:
    """``match`` as the browser holding ``held`` sees it."""
    return Current(match, "m", 1, frozenset(held), watching)


def test_summaries_for_each_kind_of_match(app: Flask) -> None:
    with app.test_request_context("/"):
        against = current(Match.between("user", "hard"), "1")
        assert announce.summary(against, "Your turn (X)") == (
            "You are X against the computer (hard). Move 1. Your turn (X)."
        )
        both = current(Match.between("user", "user"))
        assert announce.players(both) == "Player 1 plays X, Player 2 plays O."
        computers = current(Match.between("easy", "easy"), "")
        assert announce.players(computers) == "Computer 1 plays X, Computer 2 plays O."


def test_the_position_by_rows_and_the_winning_line(app: Flask) -> None:
    board = Board.from_string("XXXOO____")
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        assert announce.position(board)[1] == "Reihe B: O, O, leer"
        assert announce.winning(board) == "X gewinnt mit A1, A2, A3."
    with app.test_request_context("/"):
        assert announce.winning(Board.from_string("XO_______")) == ""


def test_the_moves_since_a_page_and_the_events_of_an_action(app: Flask) -> None:
    game = Game("user", "hard").play("B2").play("A1").play("C3")
    seen = current(Match.between("user", "hard").played(game), "1")
    with app.test_request_context("/"):
        assert announce.move_list(game) == "Moves: 1. X B2, 2. O A1, 3. X C3."
        assert announce.since(seen, 1, "Your turn") == (
            "The computer (hard) played A1. You played C3. Your turn."
        )
        assert announce.since(seen, 3, "Your turn") == ""
        happened = Outcome(seen.match, (Event("moved", "1", "C3"), Event("undone", detail="2")))
        assert announce.outcome(seen, happened, "Your turn (X)") == (
            "You played C3. 2 moves taken back. Your turn (X)."
        )
