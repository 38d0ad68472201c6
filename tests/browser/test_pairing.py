"""Quick pairing between two real browsers, one with JavaScript and one without: the first
waits on /pair and is moved to its board when the second presses Play someone; then a whole
game, each board following the other's moves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import click_button, click_cell
from tests.browser.states import X_WINS_TOP_ROW

# Without JavaScript a waiting page reloads every 2 s: a change shows within one refresh.


@pytest.mark.parametrize("first_has_javascript", [True, False], ids=["js-waits", "no-js-waits"])
def test_two_browsers_are_paired_and_play_a_whole_game(
    new_context: NewContext, first_has_javascript: bool
) -> None:
    first = new_context(java_script_enabled=first_has_javascript).new_page()
    second = new_context(java_script_enabled=not first_has_javascript).new_page()
    first.goto("/")
    click_button(first, "Play someone")
    expect(first).to_have_url(re.compile(r"/pair$"))
    expect(first.locator("#status")).to_contain_text("Waiting for someone to play")
    second.goto("/new")
    click_button(second, "Play someone")
    expect(second).to_have_url(re.compile(r"/$"))
    # The waiting page goes to the board by itself: the stream, or its next refresh.
    expect(first).to_have_url(re.compile(r"/$"), timeout=LIVE_MS)
    for page in (first, second):
        expect(page.locator(".messages")).to_contain_text("You are playing someone online")
    x_page, o_page = (first, second)
    if "Your turn (X)" not in first.locator("#status").inner_text():
        x_page, o_page = second, first
    expect(x_page.locator("#status")).to_have_text("Your turn (X)")
    expect(o_page.locator("#status")).to_have_text("Waiting for X (your opponent)")
    expect(x_page.locator("#clock")).to_contain_text("X moves by")
    for ply, cell in enumerate(X_WINS_TOP_ROW):
        mover, other = (x_page, o_page) if ply % 2 == 0 else (o_page, x_page)
        expect(other.locator("button[data-cell]")).to_have_count(0)
        click_cell(mover, cell)
        mark = re.compile(r"\bmark-" + ("x" if ply % 2 == 0 else "o") + r"\b")
        shown = other.locator(f'td.cell:has([data-cell="{cell}"])')
        expect(shown).to_have_class(mark, timeout=LIVE_MS)
    expect(x_page.locator("#status")).to_have_text("You win! (X)")
    expect(o_page.locator("#status")).to_have_text("Your opponent wins (X)", timeout=LIVE_MS)
