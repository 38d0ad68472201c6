"""Names made at render time from the seats and who looks: the same match names its seats
differently for each viewer, and never from anything stored."""

from __future__ import annotations

import pytest
from flask import Flask

from webapp.rules import Match, Seat
from webapp.web.cycle.matches import Current
from webapp.web.views.naming import by_mark, label, name

KEY_1, KEY_2 = "a" * 22, "b" * 22


def online() -> Match:
    """An online match: seat 1 plays O, seat 2 X (after a rematch swapped the marks)."""
    seats = (Seat("1", "user", "O", KEY_1), Seat("2", "user", "X", KEY_2))
    return Match.between("user", "user").with_seats(seats)


@pytest.mark.parametrize(
    ("match", "held", "watching", "expected"),
    [
        (Match.between("user", "user"), "12", False, {"X": "Player 1", "O": "Player 2"}),
        (Match.between("user", "hard"), "1", False, {"X": "You", "O": "Computer (hard)"}),
        (Match.between("easy", "user"), "2", False, {"X": "Computer (easy)", "O": "You"}),
        (Match.between("hard", "hard"), "", False, {"X": "Computer 1", "O": "Computer 2"}),
        (
            Match.between("easy", "hard"),
            "",
            False,
            {"X": "Computer (easy)", "O": "Computer (hard)"},
        ),
        (online(), "1", False, {"X": "Your friend", "O": "You"}),
        (online(), "2", False, {"X": "You", "O": "Your friend"}),
        (online(), "", True, {"X": "Player 2", "O": "Player 1"}),
        (Match.between("user", "hard"), "", True, {"X": "Player 1", "O": "Computer (hard)"}),
    ],
)
def test_each_viewer_sees_its_own_names(
    app: Flask, match: Match, held: str, watching: bool, expected: dict[str, str]
) -> None:
    current = Current(match, "m" * 22, 1, frozenset(held), watching)
    with app.test_request_context("/"):
        assert {mark: name(who) for mark, who in by_mark(current).items()} == expected


def test_names_follow_the_pages_language_and_the_panel_adds_a_twins_level(app: Flask) -> None:
    current = Current(Match.between("hard", "hard"), "m" * 22, 1)
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        people = by_mark(current)
        assert name(people["X"]) == "Computer 1"
        assert label(people["X"]) == "Computer 1 (schwer)"
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        you = by_mark(Current(Match.between("user", "hard"), "m" * 22, 1, frozenset("1")))
        assert name(you["X"]) == "Vous" and name(you["O"]) == "Ordinateur (difficile)"
