"""Stored matches of every schema read back: the current one as it is, schema 1 (players as
``x`` and ``o``, the score by English name) into seats, marks, keys and a score by seat."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from webapp.engine import PLAYER_KINDS
from webapp.rules import LostMatchError, Match, Score, Seat, actions, legacy_names, read, seating

from .matches import BOTH, X_WINS, hot_seat, joined, play

KEY_1 = "k" * 22
KEY_2 = "j" * 22
INVITE = "MXQyGg3b6dZAOYO2r-_TDQ"
KIND_PAIRS = list(itertools.product(PLAYER_KINDS, repeat=2))


def player_names(x: str, o: str, first: str = "X") -> dict[str, str]:
    """A copy of schema 1's rules.names.player_names, the score's keys then."""
    if (x == "user") != (o == "user"):
        return {"X": _mixed_name(x), "O": _mixed_name(o)}
    if x != o:
        return {"X": f"Computer ({x})", "O": f"Computer ({o})"}
    base = "Player" if x == "user" else "Computer"
    return {first: f"{base} 1", _other(first): f"{base} 2"}


def _mixed_name(kind: str) -> str:
    return "You" if kind == "user" else f"Computer ({kind})"


def _other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def schema_1(x: str, o: str, **fields: Any) -> dict[str, Any]:
    """A match as schema 1 wrote it (Match.to_dict before the seats)."""
    record = {
        "x": x,
        "o": o,
        "start": "_________",
        "moves": [],
        "game_id": "j4wZdbfPmqE",
        "first": "X",
        "wins": {},
        "draws": 0,
        "scored": False,
        "online": None,
    }
    return {**record, **fields}


# The current schema


def test_the_current_schema_is_read_as_it_is() -> None:
    match = hot_seat(X_WINS)
    assert read(json.loads(json.dumps(match.to_dict()))) == match
    online = actions.resign(play(joined()[0], ["B2"]), frozenset({"1"})).match
    assert read(online.to_dict()) == online


@pytest.mark.parametrize("schema", [1, 3, "2", None, 2.5])
def test_a_schema_we_never_wrote_is_a_lost_match(schema: object) -> None:
    with pytest.raises(LostMatchError):
        read({**hot_seat(["B2"]).to_dict(), "schema": schema})


# Schema 1, each kind of match


def test_a_hot_seat_match_with_player_1_on_o() -> None:
    """Written after a swap of sides: player 1 plays O and won a game as X before."""
    record = schema_1(
        "user",
        "user",
        moves=["B2"],
        first="O",
        wins={"Player 1": 2, "Player 2": 1},
        draws=3,
    )
    match = read(record)
    assert match.seats == (Seat("1", "user", "O"), Seat("2", "user", "X"))
    assert match.score == Score({"1": 2, "2": 1}, 3) and not match.scored
    assert match.game.moves == ("B2",) and match.game_id == "j4wZdbfPmqE"
    assert not match.online and match.held_by([], home=True) == BOTH
    assert match.to_dict()["schema"] == 2 and read(match.to_dict()) == match


@pytest.mark.parametrize(
    ("x", "o", "first", "seats"),
    [
        ("user", "hard", "X", (Seat("1", "user", "X"), Seat("2", "hard", "O"))),
        ("hard", "user", "O", (Seat("1", "user", "O"), Seat("2", "hard", "X"))),  # tossed
        ("hard", "user", "X", (Seat("1", "hard", "X"), Seat("2", "user", "O"))),  # chosen
    ],
)
def test_a_person_against_hard_with_wins_under_the_old_computer_name(
    x: str, o: str, first: str, seats: tuple[Seat, Seat]
) -> None:
    """Before the level was in its name, a computer that beat a person was "Computer"."""
    wins = {"You": 1, "Computer": 2, "Computer (hard)": 4, "Player 1": 9}
    match = read(schema_1(x, o, first=first, wins=wins, draws=1))
    assert match.seats == seats
    person = next(seat.id for seat in seats if seat.is_person)
    computer = next(seat.id for seat in seats if not seat.is_person)
    assert match.score == Score({person: 1, computer: 6}, 1)
    assert (match.game.x, match.game.o) == (x, o)


def test_two_computers_of_different_levels_keep_their_wins_by_level() -> None:
    record = schema_1(
        "hard",
        "easy",
        first="O",  # swapped once: the easy computer was player 1
        moves=["B2"],
        wins={"Computer (easy)": 1, "Computer (hard)": 5, "Computer": 7},
        draws=2,
    )
    match = read(record)
    assert match.seats == (Seat("1", "easy", "O"), Seat("2", "hard", "X"))
    assert match.score == Score({"1": 1, "2": 5}, 2)  # "Computer" was never theirs
    assert match.people == frozenset() and match.game.moves == ("B2",)


def test_two_computers_of_one_level_are_numbered_by_player_1s_mark() -> None:
    record = schema_1("medium", "medium", first="O", wins={"Computer 1": 3, "Computer 2": 1})
    match = read(record)
    assert match.seats == (Seat("1", "medium", "O"), Seat("2", "medium", "X"))
    assert match.score == Score({"1": 3, "2": 1}, 0)


def test_an_online_match_keeps_its_keys_invite_rematch_and_ending() -> None:
    """As schema 1 wrote it after a move, a resignation by player 2 and player 1's offer."""
    online = {
        "keys": [KEY_1, KEY_2],
        "invite": INVITE,
        "rematch": "1",
        "ending": "resigned",
        "winner": "X",
    }
    record = schema_1(
        "user", "user", moves=["B2"], wins={"Player 1": 1}, scored=True, online=online
    )
    match = read(record)
    assert match.seats == (Seat("1", "user", "X", KEY_1), Seat("2", "user", "O", KEY_2))
    assert (match.invite, match.offered("rematch"), match.ending, match.winner) == (
        INVITE,
        "1",
        "resigned",
        "X",
    )
    assert match.score == Score({"1": 1, "2": 0}, 0) and match.scored
    assert match.online and match.full and match.is_over
    assert match.held_by([KEY_2], home=False) == frozenset({"2"})
    again = actions.rematch(match, frozenset({"2"})).match  # the offer stands: accepted
    assert again.seat("1").mark == "O" and again.score == match.score


def test_an_online_match_waiting_for_the_friend() -> None:
    online = {"keys": [KEY_1, ""], "invite": INVITE, "rematch": "", "ending": "", "winner": ""}
    match = read(schema_1("user", "user", first="O", online=online))
    assert match.seats == (Seat("1", "user", "O", KEY_1), Seat("2", "user", "X"))
    assert match.online and not match.full
    assert match.held_by([], home=True) == frozenset()  # seat 2 is the friend's
    joined = seating.join(match, INVITE, KEY_2, frozenset()).match
    assert joined.seat("2").key == KEY_2


def test_a_record_from_before_online_play_has_no_online_field() -> None:
    record = schema_1("user", "user", moves=["A1"])
    del record["online"]
    assert read(record) == read({**record, "online": None})
    assert not read(record).online


def test_a_practice_game_keeps_its_start() -> None:
    match = read(schema_1("user", "medium", start="_XXOO_OX_"))
    assert match.practice and match.game.start.to_string() == "_XXOO_OX_"


@pytest.mark.parametrize(("x", "o"), KIND_PAIRS)
@pytest.mark.parametrize("first", ["X", "O"])
def test_every_old_score_is_carried_to_the_seats_of_its_names(x: str, o: str, first: str) -> None:
    """Each seat's wins are those stored under the old name of the player in that seat."""
    names = player_names(x, o, first)
    wins = {name: count for count, name in enumerate(sorted(set(names.values())), start=3)}
    match = read(schema_1(x, o, first=first, wins=wins))
    assert match.seat("1").mark == first
    for seat in match.seats:
        assert match.score.wins[seat.id] == wins[names[seat.mark]]
        assert legacy_names(match.game.x, match.game.o, match.seat("1").mark) == names


# Schema 1 garbage


@pytest.mark.parametrize(
    "change",
    [
        {"x": "god"},
        {"o": "friend"},
        {"x": None},
        {"first": "Z"},
        {"first": None},
        {"first": ["X"]},
        {"wins": []},
        {"wins": None},
        {"draws": -1},
        {"draws": "1"},
        {"moves": ["B2", "B2"]},
        {"moves": "B2"},
        {"start": "XXXXXXXXX"},
        {"game_id": "../etc"},
        {"online": {"keys": [KEY_1, KEY_2, ""], "invite": INVITE}},
        {"online": {"keys": ["short", ""], "invite": INVITE}},
        {"online": {"keys": None, "invite": INVITE}},
        {"online": {"keys": [KEY_1, ""], "invite": 7}},
        {"online": {"keys": [KEY_1, KEY_2], "invite": INVITE, "rematch": "3"}},
        {"online": {"keys": [KEY_1, KEY_2], "invite": INVITE, "ending": "fled"}},
        {"online": {"keys": [KEY_1, KEY_2], "invite": INVITE, "winner": "Z"}},
    ],
)
def test_a_schema_1_record_we_could_not_have_written_is_a_lost_match(
    change: dict[str, Any],
) -> None:
    with pytest.raises(LostMatchError):
        read({**schema_1("user", "user"), **change})


@pytest.mark.parametrize("name", ["x", "o", "first", "wins", "moves", "draws", "game_id"])
def test_a_schema_1_record_missing_a_field_is_a_lost_match(name: str) -> None:
    record = schema_1("user", "user")
    del record[name]
    with pytest.raises(LostMatchError):
        read(record)


@pytest.mark.parametrize("data", [None, [], "match", 5, {}, {"x": "user"}, {"schema": 2}])
def test_anything_but_a_match_dict_is_a_lost_match(data: object) -> None:
    with pytest.raises(LostMatchError) as raised:
        read(data)
    assert raised.value.code == "lost_match"


@pytest.mark.parametrize("online", ["yes", 5, [1], True])
def test_schema_1_online_data_that_is_not_an_object_is_a_lost_match(online: object) -> None:
    with pytest.raises(LostMatchError):
        read(schema_1("user", "user", online=online))


# The old names


@pytest.mark.parametrize(("x", "o"), KIND_PAIRS)
@pytest.mark.parametrize("first", ["X", "O"])
def test_legacy_names_are_schema_1s_player_names(x: str, o: str, first: str) -> None:
    assert legacy_names(x, o, first) == player_names(x, o, first)
    assert legacy_names(x, o) == player_names(x, o)


def test_legacy_names_read_as_a_person_reads_them() -> None:
    assert legacy_names("user", "hard") == {"X": "You", "O": "Computer (hard)"}
    assert legacy_names("medium", "user") == {"X": "Computer (medium)", "O": "You"}
    assert legacy_names("user", "user", "O") == {"O": "Player 1", "X": "Player 2"}
    assert legacy_names("easy", "hard") == {"X": "Computer (easy)", "O": "Computer (hard)"}
    assert legacy_names("hard", "hard") == {"X": "Computer 1", "O": "Computer 2"}


def test_read_is_the_match_from_dict_of_the_upgraded_record() -> None:
    record = schema_1("user", "user", moves=["B2", "A1"], wins={"Player 2": 1})
    match = read(record)
    assert isinstance(match, Match) and Match.from_dict(match.to_dict()) == match
