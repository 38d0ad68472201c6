"""The load benchmark's stock stack keeps its games in files, with pages the board's size."""

from __future__ import annotations

from pathlib import Path

from bench import sessions, stock
from tests.stock_play import plays_a_game
from webapp import create_app


def test_stock_stack_keeps_games_in_files(tmp_path: Path) -> None:
    app = stock.create({"SECRET_KEY": "stock-test", "SESSION_DIR": str(tmp_path)})
    plays_a_game(app)
    assert len(list(tmp_path.iterdir())) == 1  # the one session, as a file


def test_stock_pages_are_the_size_of_the_board_page(tmp_path: Path) -> None:
    sid = sessions.new_sids(1)[0]
    sessions.seed_files(str(tmp_path / "game"), [sid])  # the game the GET rows show
    game = create_app({"SECRET_KEY": "stock-test", "SESSION_DIR": str(tmp_path / "game")})
    client = game.test_client()
    client.set_cookie("ttt_session", sid)
    board_page = len(client.get("/").data)
    stock_app = stock.create({"SECRET_KEY": "stock-test", "SESSION_DIR": str(tmp_path / "s")})
    stock_client = stock_app.test_client()
    for path in ("/", "/least/"):
        assert abs(len(stock_client.get(path).data) - board_page) < board_page * 0.05, path
