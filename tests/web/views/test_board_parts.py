"""The board's parts kept by the smaller model each renders from: a move renders only the
parts it changed."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import play
from webapp.web.views import fragments
from webapp.web.views.board_parts import PARTS


def test_a_move_renders_only_the_parts_it_changed(client: FlaskClient) -> None:
    # The parts of a state are shared by every match and app of the process that shows it: one
    # another test showed would render none.
    fragments._part.cache_clear()
    play(client, ["B2"])
    client.get("/")
    before = fragments._part.cache_info().misses
    play(client, ["A1"])
    client.get("/")
    rendered = fragments._part.cache_info().misses - before
    # The grid, the banner, the buttons, the players' line and the moves at most: not the
    # mode bar, the score, the clock, the links to share or the panels of an online match.
    assert 0 < rendered <= 5 < len(PARTS)


def test_the_page_around_the_parts_is_rendered_once_per_title(client: FlaskClient) -> None:
    play(client, ["B2", "A1"])
    client.get("/")
    before = fragments._page.cache_info().misses
    play(client, ["C3"])  # player 2 to move again: the same title, new parts
    page = client.get("/").get_data(as_text=True)
    assert fragments._page.cache_info().misses == before
    assert page.count('class="part"') == len(PARTS)
    assert 'value="A3"' in page and 'value="C3"' not in page  # the new grid, put in
