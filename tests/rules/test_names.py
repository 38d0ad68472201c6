"""Drawn names: an adjective and an animal from fixed lists, kept as an id."""

from __future__ import annotations

import pytest

from webapp.rules import names
from webapp.rules.errors import LostMatchError
from webapp.rules.match import Match, Seat


def test_every_drawn_name_is_a_name_and_another_is_never_the_same() -> None:
    drawn = {names.drawn() for _ in range(300)}
    assert all(names.is_name(name) for name in drawn)
    assert len(drawn) > 100  # 256 names: a draw is not a fixed one
    for _ in range(200):
        assert names.drawn(instead_of="quick-otter") != "quick-otter"


def test_the_parts_of_a_name_are_from_the_lists() -> None:
    assert names.parts("golden-squirrel") == ("golden", "squirrel")
    assert len(names.ADJECTIVES) * len(names.ANIMALS) == 256
    assert not names.is_name("golden-dragon") and not names.is_name(None)


def test_a_seat_keeps_its_name_in_the_store_and_a_record_of_before_has_none() -> None:
    match = Match.between("user", "user")
    named = match.with_seats((Seat("1", "user", "X", name="wise-owl"), match.seats[1]))
    data = named.to_dict()
    assert Match.from_dict(data).seat("1").name == "wise-owl"
    del data["seats"][0]["name"]
    assert Match.from_dict(data).seat("1").name == ""


def test_a_stored_name_not_from_the_lists_is_not_read() -> None:
    data = Match.between("user", "user").to_dict()
    data["seats"][0]["name"] = "<script>"
    with pytest.raises(LostMatchError):
        Match.from_dict(data)
