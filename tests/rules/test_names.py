"""The players' names for the score, as a person reads them, and the toss in words."""

from __future__ import annotations

from webapp.rules import label, ordered, other, player_names, toss_message


def test_a_person_against_the_computer_is_you_and_the_computer_at_its_level() -> None:
    assert player_names("user", "hard") == {"X": "You", "O": "Computer (hard)"}
    assert player_names("medium", "user") == {"X": "Computer (medium)", "O": "You"}


def test_two_people_follow_player_1_across_marks() -> None:
    assert player_names("user", "user") == {"X": "Player 1", "O": "Player 2"}
    assert player_names("user", "user", first="O") == {"O": "Player 1", "X": "Player 2"}


def test_computers_are_named_by_level_or_number() -> None:
    assert player_names("easy", "hard") == {"X": "Computer (easy)", "O": "Computer (hard)"}
    assert player_names("hard", "hard") == {"X": "Computer 1", "O": "Computer 2"}


def test_the_players_panel_shows_a_computers_level_once() -> None:
    assert label("hard", "Computer") == "Computer (hard)"
    assert label("hard", "Computer (hard)") == "Computer (hard)"
    assert label("user", "You") == "You"


def test_the_score_lists_you_first_then_others_who_won() -> None:
    names = player_names("user", "hard")
    assert ordered(names, {"Player 1": 2, "Computer (hard)": 1}) == [
        "You",
        "Computer (hard)",
        "Player 1",
    ]


def test_the_toss_in_words_and_the_other_mark() -> None:
    assert (
        toss_message({"X": "You", "O": "Computer (hard)"}) == "The coin toss chose you to play X."
    )
    assert (
        toss_message({"X": "Computer (easy)", "O": "You"})
        == "The coin toss chose the computer to play X."
    )
    assert (
        toss_message({"X": "Player 2", "O": "Player 1"})
        == "The coin toss chose Player 2 to play X."
    )
    assert other("X") == "O" and other("O") == "X"
