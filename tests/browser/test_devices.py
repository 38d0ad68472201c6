"""Two devices at one match (two browser contexts sharing a session): one board, one game."""

from __future__ import annotations

import pytest

from tests.browser.conftest import NewContext
from tests.browser.pages import STALE, click_cell, marks, messages


@pytest.mark.parametrize("javascript", [True, False])
def test_a_move_on_one_device_is_on_the_other_after_a_reload(
    new_context: NewContext, javascript: bool
) -> None:
    phone_context = new_context(java_script_enabled=javascript)
    phone = phone_context.new_page()
    phone.goto("/")
    click_cell(phone, "B2")
    laptop_context = new_context(java_script_enabled=javascript)
    laptop_context.add_cookies(phone_context.cookies())  # the same session: the same match
    laptop = laptop_context.new_page()
    laptop.goto("/")
    assert marks(laptop) == "____X____"
    click_cell(laptop, "A1")
    phone_board_before = marks(phone)
    phone.reload()
    assert phone_board_before == "____X____" and marks(phone) == "O___X____"


def test_a_board_left_open_on_one_device_is_refused_as_stale(new_context: NewContext) -> None:
    phone_context = new_context()
    phone = phone_context.new_page()
    phone.goto("/")
    click_cell(phone, "B2")
    laptop_context = new_context()
    laptop_context.add_cookies(phone_context.cookies())
    laptop = laptop_context.new_page()
    laptop.goto("/")
    click_cell(laptop, "A1")  # O plays on the laptop; the phone still shows the board before
    click_cell(phone, "C3")
    assert messages(phone) == [STALE]
    assert marks(phone) == "O___X____"
