"""Quick messages between two real browsers: one player's message shows on the other's board
live, with no touch, and mute hides it."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import click_button
from tests.browser.test_online import joined, wait_for


def test_a_message_shows_live_on_the_other_board(new_context: NewContext) -> None:
    host = new_context().new_page()
    guest = new_context().new_page()
    joined(host, guest)
    wait_for(host, "Your turn (X)", True)
    click_button(guest, "Good luck")
    expect(guest.locator("#chat-lines")).to_have_text("You: Good luck")
    expect(host.locator("#chat-lines")).to_have_text("Your friend: Good luck", timeout=LIVE_MS)
    click_button(host, "Mute messages")
    expect(host.locator("#chat-lines")).to_be_hidden()
    expect(host.get_by_role("button", name="Good luck")).to_have_count(0)
    click_button(host, "Unmute messages")
    expect(host.locator("#chat-lines")).to_have_text("Your friend: Good luck")
