"""Fragments kept by their complete view model: the same model gives the kept HTML, any field
that differs gives its own, and so does another language."""

from __future__ import annotations

from dataclasses import replace

from flask import Flask

from webapp.rules import Match
from webapp.web import board, fragments
from webapp.web.matches import Current


def view(app: Flask) -> board.BoardView:
    """The board view of a hot-seat game one move in."""
    match = Match.between("user", "user")
    match = match.played(match.game.play("B2"))
    with app.test_request_context("/"):
        return board.build(Current(match, "m" * 22, 1, frozenset("12")))


def test_the_same_model_is_rendered_once(app: Flask) -> None:
    model = view(app)
    fragments._rendered.cache_clear()
    with app.test_request_context("/"):
        first = fragments.fragment("_game.html", "game", model)
        again = fragments.fragment("_game.html", "game", replace(model))  # equal, not the same
    assert first is again and fragments._rendered.cache_info().hits == 1


def test_every_field_is_in_the_key(app: Flask) -> None:
    model = view(app)
    with app.test_request_context("/"):
        shown = fragments.fragment("_game.html", "game", model)
        renamed = fragments.fragment("_game.html", "game", replace(model, x_name="Somebody"))
        no_buttons = fragments.fragment("_game.html", "game", replace(model, buttons=()))
    assert "Somebody" in renamed and "Somebody" not in shown
    assert "Undo" in shown and "Undo" not in no_buttons


def test_the_language_is_in_the_key(app: Flask) -> None:
    model = view(app)
    with app.test_request_context("/"):
        english = fragments.fragment("_game.html", "game", model)
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        german = fragments.fragment("_game.html", "game", model)
    assert "Players" in english and "Spieler" in german and english != german
