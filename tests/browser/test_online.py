"""Online play between two real browsers: invite, join, live moves with and without
JavaScript, a rematch with the sides swapped, resuming, seat links, spectators, and axe."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import (
    axe_violations,
    click_button,
    click_cell,
    describe,
    marks,
    score_by_player,
    screenshot,
)
from tests.browser.states import X_WINS_TOP_ROW, start

# Without JavaScript a waiting board reloads every 2 s: an update shows within one refresh.


def invite(page: Page) -> str:
    """Start an online match as X from the setup form; the invite link, as the page shows it."""
    start(page, "user", "friend")
    expect(page.locator("#status")).to_have_text("Waiting for your friend to join")
    link = page.locator("#invite-link")
    href = link.get_attribute("href")
    assert href is not None and link.inner_text() == href  # shown in full, copyable
    return href


def joined(host: Page, guest: Page) -> None:
    """The guest opens the host's invite and presses Join; back when the host's board has
    shown the join, so that a test's next navigation of the host is not cut by the reload
    the join sets off (the live stream's, or the waiting board's refresh)."""
    guest.goto(invite(host))
    expect(guest.locator("#status")).to_have_text("You will play O.")
    click_button(guest, "Join the match")
    expect(host.locator("#status")).to_have_text("Your turn (X)", timeout=LIVE_MS)


def wait_for(page: Page, status: str, javascript: bool) -> None:
    """The page shows ``status`` without anyone touching it, within the live delay."""
    expect(page.locator("#status")).to_have_text(status, timeout=LIVE_MS)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_whole_online_game_then_a_rematch_with_the_sides_swapped(
    new_context: NewContext, javascript: bool
) -> None:
    host = new_context(java_script_enabled=javascript).new_page()
    guest = new_context(java_script_enabled=javascript).new_page()
    joined(host, guest)
    wait_for(host, "Your turn (X)", javascript)
    expect(guest.locator("#status")).to_have_text("Waiting for X (your friend)")
    for ply, cell in enumerate(X_WINS_TOP_ROW):
        mover, other = (host, guest) if ply % 2 == 0 else (guest, host)
        # Out of turn no cell can be pressed; a page without JavaScript may be reloading
        # itself (its refresh), so the check waits for a page, as expect does.
        expect(other.locator("button[data-cell]")).to_have_count(0)
        click_cell(mover, cell)
        mark = re.compile(r"\bmark-" + ("x" if ply % 2 == 0 else "o") + r"\b")
        cell_shown = other.locator(f'td.cell:has([data-cell="{cell}"])')
        expect(cell_shown).to_have_class(mark, timeout=LIVE_MS)
    expect(host.locator("#status")).to_have_text("You win! (X)")
    wait_for(guest, "Your friend wins (X)", javascript)
    click_button(guest, "Offer a rematch")
    if not javascript:  # a finished board stops refreshing: the winner reloads to see it
        host.reload()
    accept = host.get_by_role("button", name="Accept the rematch")
    expect(accept).to_be_visible(timeout=LIVE_MS)
    click_button(host, "Accept the rematch")
    expect(host.locator("#status")).to_have_text("Waiting for X (your friend)")
    wait_for(guest, "Your turn (X)", javascript)
    assert score_by_player(host) == {"You": 1, "Your friend": 0, "Draws": 0}
    assert score_by_player(guest) == {"You": 0, "Your friend": 1, "Draws": 0}


def test_a_move_shows_on_the_other_board_within_a_second_with_javascript(
    new_context: NewContext,
) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    wait_for(host, "Your turn (X)", True)
    click_cell(host, "B2")
    wait_for(guest, "Your turn (O)", True)
    assert marks(guest) == "____X____"
    # As after a move of one's own, the focus is on the board, ready to play.
    expect(guest.locator("button[data-cell]:focus")).to_have_count(1)


def test_a_closed_and_reopened_browser_is_back_in_its_seat(
    new_context: NewContext,
) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    saved = guest.context.storage_state()
    guest.context.close()
    again = new_context(storage_state=saved).new_page()
    again.goto("/")
    expect(again.locator("#status")).to_have_text("Waiting for X (your friend)")
    click_cell(host, "B2")
    wait_for(again, "Your turn (O)", True)


def test_the_seat_link_moves_the_seat_and_the_old_browser_watches(
    new_context: NewContext,
) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    link = guest.get_by_role("link", name="Continue on another device").get_attribute("href")
    assert link is not None
    laptop = new_context().new_page()
    laptop.goto(link)
    click_button(laptop, "Play here")
    expect(laptop.locator("#status")).to_have_text("Waiting for X (your friend)")
    click_cell(host, "B2")
    wait_for(laptop, "Your turn (O)", True)
    guest.reload()
    expect(guest.locator("#status")).to_have_text("O to move")
    expect(guest.locator("button[data-cell]")).to_have_count(0)


def test_a_spectator_sees_the_live_board_and_cannot_act(new_context: NewContext) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    watch = host.get_by_role("link", name="Watch link").get_attribute("href")
    assert watch is not None
    spectator = new_context().new_page()
    spectator.goto(watch)
    expect(spectator.locator("#status")).to_have_text("X to move")
    expect(spectator.locator("button[data-cell]")).to_have_count(0)
    expect(spectator.locator("form#play")).to_have_count(0)
    click_cell(host, "B2")
    wait_for(spectator, "O to move", True)


def _states(new_context: NewContext) -> dict[str, Page]:
    """The online pages axe looks at: waiting, playing, watching, and a full match's invite."""
    host, guest = new_context().new_page(), new_context().new_page()
    link = invite(host)
    waiting = new_context().new_page()
    waiting.goto("/")  # the host's board, in a second tab of the host's context
    guest.goto(link)
    click_button(guest, "Join the match")
    # The live board reloads itself once the friend joins; a reload of ours could cross it.
    expect(host.locator("#status")).to_have_text("Your turn (X)", timeout=LIVE_MS)
    watch = host.get_by_role("link", name="Watch link").get_attribute("href")
    spectator, late = new_context().new_page(), new_context().new_page()
    spectator.goto(watch or "")
    late.goto(link)
    expect(late.locator("#status")).to_have_text("This match already has two players.")
    lone = new_context().new_page()
    invite(lone)
    return {"waiting": lone, "playing": host, "watching": spectator, "full": late}


def test_axe_finds_nothing_on_the_online_pages_light_and_dark(new_context: NewContext) -> None:
    for name, shown in _states(new_context).items():
        for scheme in ("light", "dark"):
            shown.emulate_media(color_scheme=scheme)
            screenshot(shown, f"online-{name}-{scheme}")
            violations = axe_violations(shown)
            assert violations == [], f"{name}, {scheme}:\n{describe(violations)}"


def test_without_javascript_the_player_to_move_stays_present(new_context: NewContext) -> None:
    """The board frames /here, which reloads itself: the seat is noted while they think."""
    host = new_context(java_script_enabled=False).new_page()
    guest = new_context(java_script_enabled=False).new_page()
    with host.expect_request("**/here", timeout=LIVE_MS):
        joined(host, guest)
    host.goto("/")
    with host.expect_request("**/here", timeout=LIVE_MS):
        host.reload()
    scripted = new_context().new_page()
    requests: list[str] = []
    scripted.on("request", lambda request: requests.append(request.url))
    invite(scripted)
    assert not [url for url in requests if url.endswith("/here")]  # the stream does it
