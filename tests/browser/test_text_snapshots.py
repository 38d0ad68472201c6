"""The ARIA snapshot of every text-mode page after one move, as Chromium's accessibility tree
gives it: checked here, and written to artifacts/text-mode-snapshots.md (docs/text-mode.md is
a copy)."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import LIVE_MS, NewContext
from tests.browser.pages import ARTIFACTS, submit
from tests.browser.test_text_mode import type_move

SNAPSHOTS = ARTIFACTS / "text-mode-snapshots.md"


def start(page: Page, x: str, o: str) -> None:
    """A new game from the setup form, in text mode."""
    page.goto("/new?text=1")
    page.locator(f'input[name="x"][value="{x}"]').check()
    page.locator(f'input[name="o"][value="{o}"]').check()
    submit(page, page.locator("form.setup button[type=submit]").click)


def tree(page: Page) -> str:
    """The page's ARIA snapshot: the switch, then the main content (the site's header, the
    same on every page, is left out)."""
    return "\n".join(page.locator(part).aria_snapshot() for part in ("nav.text-switch", "main"))


def test_every_text_mode_page_after_one_move(new_context: NewContext) -> None:
    taken: list[tuple[str, str]] = []

    def take(title: str, page: Page, *expected: str) -> None:
        snapshot = tree(page)
        for text in expected:
            assert text in snapshot, f"{title}: {text!r} not in\n{snapshot}"
        taken.append((title, snapshot))

    field = 'textbox "Your move"'
    hot_seat = new_context().new_page()
    hot_seat.goto("/?text=1")
    type_move(hot_seat, "b2")
    take("Hot seat, after B2", hot_seat, field, "Player 1 played B2. Player 2 to move (O).")

    computer = new_context().new_page()
    start(computer, "user", "hard")
    type_move(computer, "b2")
    take("Against the computer (hard), after B2", computer, field, "You played B2.")

    computers = new_context().new_page()
    start(computers, "easy", "hard")
    type_move(computers, "next")
    take("Two computers, after next", computers, field, "The computer (easy) played")

    host, guest, watcher = (new_context().new_page() for _ in range(3))
    start(host, "user", "friend")
    take("Online, waiting for the friend", host, "Waiting for your friend to join")
    invite = host.locator("#invite-link").inner_text()
    guest.goto(invite + "?text=1")
    take("The invite, as the friend opens it", guest, "You will play O.")
    submit(guest, guest.get_by_role("button", name="Join the match").click)
    watcher.goto(host.locator("#watch-link").get_attribute("href") + "?text=1")  # type: ignore[operator]
    host.reload()
    type_move(host, "b2")
    take("Online, after B2 (the player)", host, "You played B2. Waiting for O (your friend).")
    expect(guest.locator("#text-announce")).to_have_text(
        "Your friend played B2. Your turn (O).", timeout=LIVE_MS
    )
    take("Online, after B2 (the friend, announced live)", guest, "Your friend played B2.")
    expect(watcher.locator("#text-announce")).to_have_text(
        "Player 1 played B2. O to move.", timeout=LIVE_MS
    )
    take("Spectating, after B2 (announced live)", watcher, "Player 1 played B2.")

    hot_seat.goto("/replay/1")
    take("Replay, move 1", hot_seat, "Move 1: X at B2.")
    for cell in ("a1", "b1", "c1", "b3"):
        hot_seat.goto("/")
        type_move(hot_seat, cell)
    hot_seat.goto("/review")
    take("Review, after X won", hot_seat, "Review")
    hot_seat.goto("/new")
    take("Setup", hot_seat, "New game")
    hot_seat.set_content(hot_seat.request.get("/no-such-page").text())
    take("An error page (404)", hot_seat, "Page not found")

    ARTIFACTS.mkdir(exist_ok=True)
    sections = [f"## {title}\n\n```yaml\n{snapshot}\n```\n" for title, snapshot in taken]
    SNAPSHOTS.write_text("\n".join(sections), encoding="utf-8")
