"""Live boards in real Chromium: a move reaches the spectators' and the other player's boards
as swapped parts, with no navigation and no request but the open stream; the focus, the
scroll position and the page's token stay."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Page, Request, expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import click_cell, marks
from tests.browser.test_online import invite, joined


@dataclass
class Traffic:
    """What a page asked for and where it went, from the moment it is followed."""

    requests: list[str] = field(default_factory=list)
    navigations: int = 0


def follow(page: Page) -> Traffic:
    """Count the requests and navigations of ``page`` from now on."""
    traffic = Traffic()

    def asked(request: Request) -> None:
        # Chromium asks for the page's icon once, after the load, when it chooses: the page's
        # request, not one a move made (a reload is counted as a navigation anyway).
        if "/static/favicon" not in request.url:
            traffic.requests.append(request.url)

    def navigated(frame: object) -> None:
        if frame == page.main_frame:
            traffic.navigations += 1

    page.on("request", asked)
    page.on("framenavigated", navigated)
    return traffic


def playing(new_context: NewContext) -> tuple[Page, Page, Page]:
    """A joined online match, X to move, and a spectator whose stream is open."""
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    watch = host.get_by_role("link", name="Watch link").get_attribute("href")
    spectator = new_context().new_page()
    with spectator.expect_request(lambda request: "/board/events" in request.url):
        spectator.goto(watch or "")
    expect(spectator.locator("#status")).to_have_text("X to move")
    return host, guest, spectator


def moved(mover: Page, cell: str, *watchers: tuple[Page, str]) -> None:
    """``mover`` plays ``cell``; each watcher comes to show its status (the contract, within
    500 ms, is the floor of bench/browser_watchers.py)."""
    click_cell(mover, cell)
    for page, status in watchers:
        expect(page.locator("#status")).to_have_text(status, timeout=LIVE_MS)


def test_spectators_and_the_other_player_see_each_move_without_a_request(
    new_context: NewContext,
) -> None:
    host, guest, spectator = playing(new_context)
    seen = [follow(spectator), follow(guest)]
    moved(host, "B2", (spectator, "O to move"), (guest, "Your turn (O)"))
    moved(guest, "A1", (spectator, "X to move"))
    assert marks(spectator) == "O___X____"
    for traffic in seen[:1]:
        assert traffic.navigations == 0 and traffic.requests == []
    assert seen[1].navigations == 1  # the guest's own move, and nothing else
    assert spectator.title().startswith("X to move")


def test_the_board_swapped_in_keeps_the_focus_the_scroll_and_the_token(
    new_context: NewContext,
) -> None:
    host, guest, _spectator = playing(new_context)
    click_cell(host, "B2")
    expect(guest.locator("#status")).to_have_text("Your turn (O)")
    guest.set_viewport_size({"width": 400, "height": 300})
    guest.locator('button[data-cell="C3"]').focus()
    guest.evaluate("window.scrollTo(0, 120)")
    scrolled = guest.evaluate("window.scrollY")
    token = guest.locator('#play input[name="csrf_token"]').input_value()
    traffic = follow(guest)
    # X's offer of a takeback changes O's buttons, not the grid: the focus stays on C3.
    with host.expect_navigation():
        host.get_by_role("button", name="Ask to take back").click()
    expect(guest.get_by_role("button", name="Accept the takeback")).to_be_visible()
    assert guest.evaluate("document.activeElement.dataset.cell") == "C3"
    assert guest.evaluate("window.scrollY") == scrolled
    assert guest.locator('#play input[name="csrf_token"]').input_value() == token
    assert traffic.navigations == 0 and traffic.requests == []
    # The swapped-in form works: O declines, then plays C3 from the keyboard.
    click_cell(guest, "C3")
    expect(host.locator("#status")).to_have_text("Your turn (X)")
    assert marks(host) == "____X___O"


def test_a_player_waiting_for_a_friend_sees_the_join_in_place(new_context: NewContext) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    link = invite(host)
    traffic = follow(host)
    guest.goto(link)
    guest.get_by_role("button", name="Join the match").click()
    expect(host.locator("#status")).to_have_text("Your turn (X)")
    expect(host.locator("#invite-link")).to_have_count(0)
    assert traffic.navigations == 0 and traffic.requests == []
    click_cell(host, "A1")
    expect(guest.locator("#status")).to_have_text("Your turn (O)")


def test_a_text_mode_spectator_hears_the_move_from_the_same_stream(
    new_context: NewContext,
) -> None:
    host, guest = new_context().new_page(), new_context().new_page()
    joined(host, guest)
    watch = host.get_by_role("link", name="Watch link").get_attribute("href")
    spectator = new_context().new_page()
    with spectator.expect_request(lambda request: "/board/events" in request.url):
        spectator.goto(f"{watch}?text=1")
    spectator.keyboard.type("mov")  # a command half typed stays, with the focus
    traffic = follow(spectator)
    click_cell(host, "B2")
    expect(spectator.locator("#text-announce")).to_have_text(
        "Player 1 played B2. O to move.", timeout=LIVE_MS
    )
    assert "Row B: empty, X, empty" in spectator.locator("#text-position").inner_text()
    assert traffic.navigations == 0 and traffic.requests == []
    assert spectator.evaluate("document.activeElement.id") == "text-command"
    assert spectator.locator("#text-command").input_value() == "mov"
