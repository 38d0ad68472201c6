"""Browser fixtures: one gunicorn server and one Chromium per session, a fresh context per test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.servers import GunicornServer, file_store_env, require_program

DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
# Headless and quiet: no sandbox (containers), no GPU, no calls home, no first-run pages.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Local pages answer in milliseconds; a missing element should fail fast, not after 30 s.
TIMEOUT_MS = 5_000
# How long a test waits for a change to reach another page: its live event, or without
# JavaScript the waiting page's refresh. Not a floor (the floor of a move reaching every board
# is bench/browser_watchers.py's), only long enough that a busy machine never fails it.
LIVE_MS = 10_000

NewContext = Callable[..., BrowserContext]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GunicornServer]:
    """``gunicorn wsgi:app`` on a free loopback port, with its own matches, sessions and
    secret key (a worker of pytest-xdist starts its own)."""
    directory = tmp_path_factory.mktemp("browser")
    env = {**file_store_env(directory), "FLASK_HEARTBEAT": "10"}  # the app's own heartbeat
    # Every browser of the tests comes from 127.0.0.1: the cap per address is for the public.
    env["FLASK_STREAMS_PER_ADDRESS"] = "100"
    running = GunicornServer(env).start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The Playwright driver."""
    with sync_playwright() as driver:
        yield driver


def chromium_executable(playwright: Playwright) -> str | None:
    """Debian's chromium when present, else ``None`` for Playwright's own Chromium.

    With neither, the run skips, or fails when CI is set (CI must never skip the browser).
    """
    if DEBIAN_CHROMIUM.exists():
        return str(DEBIAN_CHROMIUM)
    if Path(playwright.chromium.executable_path).exists():
        return None
    return require_program("chromium", "chromium")


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless Chromium for the whole run."""
    chromium = playwright.chromium.launch(
        executable_path=chromium_executable(playwright), headless=True, args=CHROMIUM_ARGS
    )
    yield chromium
    chromium.close()


@pytest.fixture
def new_context(browser: Browser, server: GunicornServer) -> Iterator[NewContext]:
    """Make fresh browser contexts (own cookies, so own game) on the server; closed after."""
    made: list[BrowserContext] = []
    errors: list[str] = []

    def make(**options: Any) -> BrowserContext:
        context = browser.new_context(base_url=server.url, **options)
        context.set_default_timeout(TIMEOUT_MS)
        # A blocked script or style (CSP) and a script error both show up here.
        context.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        context.on("weberror", lambda e: errors.append(str(e.error)))
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
    assert not errors, "the browser reported errors:\n" + "\n".join(errors)


@pytest.fixture
def page(new_context: NewContext) -> Page:
    """A tab with JavaScript on, in a fresh context."""
    return new_context().new_page()
