""" "Your turn" alerts in real browsers: a board in a background tab says it in its title when
the opponent has moved; in front it does not; without JavaScript the refreshed title says
whose turn it is."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import NewContext
from tests.browser.pages import click_cell
from tests.browser.test_online import joined, wait_for

# The tab is in the background: the page sees document.hidden, as in a tab not shown.
HIDDEN = """
Object.defineProperty(document, "hidden", {get: () => true});
Object.defineProperty(document, "visibilityState", {get: () => "hidden"});
"""


def test_a_background_tab_says_your_turn_in_its_title(new_context: NewContext) -> None:
    host = new_context().new_page()
    background = new_context()
    background.add_init_script(HIDDEN)
    guest = background.new_page()
    joined(host, guest)
    wait_for(host, "Your turn (X)", True)
    expect(host).not_to_have_title(re.compile(r"^\(Your turn\)"))  # in front: no alert
    expect(guest.locator("#notify")).to_be_visible()  # offered, never asked on load
    click_cell(host, "B2")
    expect(guest).to_have_title(re.compile(r"^\(Your turn\) Your turn \(O\)"), timeout=2_000)


def test_without_javascript_the_refreshed_title_says_it(new_context: NewContext) -> None:
    host = new_context().new_page()
    guest = new_context(java_script_enabled=False).new_page()
    joined(host, guest)
    wait_for(host, "Your turn (X)", True)
    click_cell(host, "B2")
    expect(guest).to_have_title(re.compile(r"^Your turn \(O\)"), timeout=3_500)
