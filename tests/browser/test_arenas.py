"""A whole arena in real Chromium, with two players, one with JavaScript and one without:
joining, being taken to the board when the arena pairs them, a game to its end, and the
podium; and the live games page listing their game."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import axe_violations, click_button, click_cell, describe, follow
from tests.browser.states import X_WINS_TOP_ROW
from tests.servers import GunicornServer, file_store_env

# Without JavaScript the arena page reloads every 2 s: a pairing shows within one refresh.


def made_arena(context: BrowserContext, length: int, clock: int, starts_in: int) -> str:
    """A private arena made through the API with the context's session; its page's path."""
    token = context.request.get("/api/game").json()["csrf_token"]
    body = {"length": length, "clock": clock, "starts_in": starts_in, "private": True}
    made = context.request.post("/api/arenas", data=body, headers={"X-CSRFToken": token})
    assert made.ok, made.text()
    return "/arenas/" + str(made.json()["id"])


def state(context: BrowserContext, path: str) -> str:
    """The arena's state as the API tells it."""
    return str(context.request.get("/api" + path).json()["state"])


def test_two_players_one_without_javascript_play_an_arena_to_its_podium(
    new_context: NewContext,
) -> None:
    with_js, without_js = new_context(), new_context(java_script_enabled=False)
    first, second = with_js.new_page(), without_js.new_page()
    path = made_arena(with_js, length=6, clock=30, starts_in=2)
    for page in (first, second):
        page.goto(path)
        expect(page.locator("h1")).to_have_text("Arena: 6 seconds, 30 s a move")
        click_button(page, "Join the arena")
    # The stream, or the next refresh, takes each to the board. The page without JavaScript
    # first: its waiting board refreshes itself every 2 s, and the message shows once, so
    # the message itself is waited for, not the address and then the message.
    for page in (second, first):
        paired = page.locator(".messages", has_text="The arena paired you")
        expect(paired).to_be_visible(timeout=LIVE_MS)
        expect(page).to_have_url(re.compile(r"/$"))
    x_page, o_page = (first, second)
    if "Your turn (X)" not in first.locator("#status").inner_text():
        x_page, o_page = second, first
    deadline = time.monotonic() + 10
    while state(with_js, path) != "over":  # the real server's clock: the end comes by itself
        assert time.monotonic() < deadline, "the arena did not end"
        first.wait_for_timeout(250)
    for ply, cell in enumerate(X_WINS_TOP_ROW):  # a game in play at the end still counts
        mover = x_page if ply % 2 == 0 else o_page
        # The board without JavaScript refreshes itself every 2 s while it waits, and shows
        # the other's move at the next: a load of the test's own could cross that refresh
        # (Playwright: "navigation interrupted by another navigation"), so it is waited for.
        wait = LIVE_MS if mover is second else None
        expect(mover.locator(f'button[data-cell="{cell}"]')).to_be_visible(timeout=wait)
        click_cell(mover, cell)
    back = second.get_by_role("link", name="Back to the arena", exact=True)
    expect(back).to_be_visible(timeout=LIVE_MS)
    for page in (x_page, o_page):
        follow(page, "Back to the arena")
        expect(page).to_have_url(re.compile(path + "$"))
        expect(page.locator(".status")).to_contain_text("This arena is over.")
        expect(page.locator(".podium li").first).to_contain_text("2 points")
    winner = x_page.locator("tr.you")
    expect(winner.locator("td").nth(1)).to_have_text("2")
    violations = axe_violations(first)
    assert violations == [], describe(violations)


def test_the_live_games_page_lists_a_paired_game_in_place(new_context: NewContext) -> None:
    watcher: Page = new_context().new_page()
    watcher.goto("/live")
    contexts = (new_context(), new_context())
    one, other = (context.new_page() for context in contexts)
    for page in (one, other):
        page.goto("/")
        click_button(page, "Play someone")
    expect(one).to_have_url(re.compile(r"/$"), timeout=LIVE_MS)
    seats = contexts[0].request.get("/api/game").json()["seats"]
    names = {seat["mark"]: seat["name"] for seat in seats}
    # Other tests' games may be listed too: this one is found by its players' names.
    row = watcher.locator("tr", has_text=f"Watch {names['X']} against {names['O']}")
    expect(row).to_be_visible(timeout=LIVE_MS)  # the stream, without a reload
    x_page = one if "Your turn (X)" in one.locator("#status").inner_text() else other
    click_cell(x_page, "B2")
    expect(row.locator(".mini-board")).to_have_attribute("aria-label", "X on B2")
    assert watcher.evaluate("performance.getEntriesByType('navigation').length") == 1
    violations = axe_violations(watcher)
    assert violations == [], describe(violations)


@pytest.fixture(scope="module")
def one_stream(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """A server that lets a browser hold one stream at a time and notices a closed one
    within a second: a worker, since each counts its own."""
    env = {
        **file_store_env(tmp_path_factory.mktemp("one-stream")),
        "FLASK_STREAMS_PER_ADDRESS": "100",
        "FLASK_STREAMS_PER_SESSION": "1",
        "FLASK_HEARTBEAT": "1",
    }
    running = GunicornServer(env, workers=1).start()
    yield running
    running.stop()


def test_an_arena_page_whose_stream_was_refused_opens_it_again_and_follows_the_pairing(
    browser: Browser, one_stream: GunicornServer
) -> None:
    player, other = (browser.new_context(base_url=one_stream.url) for _ in range(2))
    try:
        path = made_arena(player, length=60, clock=30, starts_in=0)
        left = player.new_page()
        left.goto(path)
        click_button(left, "Join the arena")  # its stream takes the browser's one place
        page = player.new_page()
        with page.expect_response(lambda answer: answer.url.endswith("/events")) as stream:
            page.goto(path)
        assert stream.value.status == 503  # refused: the other page holds the one place
        left.close()  # the server notices at its next heartbeat, and the page asks again
        joined = other.new_page()
        joined.goto(path)
        click_button(joined, "Join the arena")
        expect(page).to_have_url(re.compile(r"/$"), timeout=LIVE_MS)
        expect(page.locator(".messages")).to_contain_text("The arena paired you")
    finally:
        player.close()
        other.close()
