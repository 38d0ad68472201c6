"""The decoded matches kept per stored version: the board a move redirects to reads the match
that move saved, not a decoding of its record."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, match_store, play, stored_match
from webapp.rules import read
from webapp.web.cycle import decoded


def test_the_board_after_a_move_decodes_nothing(app: Flask, client: FlaskClient) -> None:
    play(client, ["A1"])  # stored: the board after it made the match's first version known
    made = decoded._DECODED.made
    play(client, ["B2"])  # its form's board is kept; the move keeps what it saved
    shown = api_game(client)
    assert decoded._DECODED.made == made
    assert shown["moves"] == ["A1", "B2"]


def test_the_kept_match_is_the_one_its_record_holds(app: Flask, client: FlaskClient) -> None:
    play(client, ["A1", "B2", "C3"])
    record = stored_match(app, client)
    assert record is not None
    assert decoded.read(match_store(app), record) == read(record.data)
    assert decoded.read(match_store(app), record).game.moves == ("A1", "B2", "C3")
