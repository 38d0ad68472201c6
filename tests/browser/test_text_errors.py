"""The 429 and 503 pages in text mode, in every language, read by Chromium and checked by axe.
They are made by an app of the test's own (limits low enough to reach, a Redis that is not
there), so that the session's shared server keeps its limits for the other tests; Chromium
shows each page at the shared server's address, so its styles and scripts load as served."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.browser.conftest import NewContext
from tests.browser.pages import axe_violations, describe
from tests.conftest import post
from tests.servers import free_port
from webapp import create_app
from webapp.web.site import display as text
from webapp.web.site import i18n
from webapp.web.site.limits import limiter

HEADINGS = {  # the 503 page's heading, as each language says it
    "en": "Game store unavailable",
    "de": "Spielspeicher nicht erreichbar",
    "fr": "Stockage des parties indisponible",
    "es": "Almacén de partidas no disponible",
}


def _in_text_mode(app: Flask, code: str) -> FlaskClient:
    """A browser of ``app`` in text mode that chose the language ``code``."""
    client = app.test_client()
    client.set_cookie(text.COOKIE, text.ON)
    client.set_cookie(i18n.COOKIE, code)
    return client


def _too_many(tmp_path: Path, code: str) -> str:
    """The page of a second new game within a minute, on an app that allows one."""
    app = create_app(
        {"SECRET_KEY": "test-secret", "TESTING": True, "LIMIT_CREATE": "1 per minute"},
        instance_path=str(tmp_path / f"limited-{code}"),
    )
    limiter.reset()
    client = _in_text_mode(app, code)
    assert post(client, "/new", {"x": "user", "o": "hard"}).status_code == 303
    answer = post(client, "/new", {"x": "user", "o": "easy"})
    limiter.reset()
    assert answer.status_code == 429
    html: str = answer.get_data(as_text=True)
    return html


def _store_down(tmp_path: Path, code: str) -> str:
    """The board's page on an app whose Redis is not there."""
    settings = {
        "SECRET_KEY": "test-secret",
        "TESTING": True,
        "LIMITS": False,
        "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0",
    }
    app = create_app(settings, instance_path=str(tmp_path / f"down-{code}"))
    answer = _in_text_mode(app, code).get("/")
    assert answer.status_code == 503
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_the_429_and_503_pages_read_well_in_text_mode(
    new_context: NewContext, tmp_path: Path, code: str
) -> None:
    page = new_context().new_page()
    page.goto("/new")  # the shared server's address, for the links of the pages set below
    found: dict[str, str] = {}
    for name, html in (("429", _too_many(tmp_path, code)), ("503", _store_down(tmp_path, code))):
        page.set_content(html)
        assert page.locator("html").get_attribute("lang") == code
        switch = page.locator("#text-switch")
        assert switch.count() == 1  # text mode's page: the switch leads back to normal mode
        assert "text/off" in (switch.get_attribute("href") or "")
        assert page.locator("h1").count() == 1
        violations = axe_violations(page)
        if violations:
            found[name] = describe(violations)
        # The page says why in a status the screen reader reads, under its one heading.
        assert page.get_by_role("status").inner_text().strip()
        if name == "503":
            assert page.get_by_role("heading", level=1).inner_text() == HEADINGS[code]
    assert found == {}, found
