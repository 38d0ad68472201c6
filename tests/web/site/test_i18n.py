"""The four languages: complete, compiled catalogs; the choice of a language; every page and
message in each of them, with no English left."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import api_game, play, post
from tests.refusals import code as code_of
from tests.refusals import refusal as refusal_of
from tests.web.conftest import new_game
from webapp.engine import Board, GameOverError, InvalidPositionError, OccupiedCellError
from webapp.engine.errors import UNKNOWN_CELL
from webapp.web.site import i18n
from webapp.web.site.i18n import COOKIE, LANGUAGES, said
from webapp.web.site.refusals import NOT_FOUND

ROOT = Path(__file__).resolve().parents[3]
CATALOGS = ROOT / "webapp" / "translations"
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
X_WINS = ["A1", "B1", "A2", "B2", "A3"]


def catalog(code: str) -> Catalog:
    """The .po catalog of ``code``, as written by hand."""
    with (CATALOGS / code / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=code)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """Every string marked for translation in the sources, extracted as `make messages` does."""
    template = tmp_path_factory.mktemp("pot") / "messages.pot"
    pybabel = Path(sys.executable).with_name("pybabel")
    config = CATALOGS / "babel.cfg"
    # The keyword of the Makefile's messages target: C_ marks a text-mode command's word.
    keywords = ["-k", "C_:1c,2"]
    command = [str(pybabel), "extract", "-F", str(config), *keywords, "-o", str(template), "."]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with template.open("rb") as file:
        return read_po(file)


def key(text: Any) -> Any:
    """A message's id or string, hashable (plural forms come as lists)."""
    return tuple(text) if isinstance(text, tuple | list) else text


def texts(message: Any) -> list[str]:
    """A message's forms: the one string, or the singular and plural."""
    return list(message) if isinstance(message, tuple | list) else [message]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_marked_string_has_a_translation(code: str, extracted: Catalog) -> None:
    po = catalog(code)
    missing = []
    for message in extracted:
        if not message.id:
            continue
        translated = po.get(message.id, context=message.context)
        if (
            translated is None
            or translated.fuzzy
            or not all(texts(translated.string))
            or len(texts(translated.string)) < (po.num_plurals if message.pluralizable else 1)
        ):
            missing.append(message.id)
    assert missing == [], f"{code}: {len(missing)} strings without a translation"
    assert len(extracted) > 150  # the catalog holds the whole site, not a handful of strings


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_every_placeholder(code: str) -> None:
    problems = [(message.id, errors) for message, errors in catalog(code).check() if errors]
    assert problems == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_template_translations_hold_no_markup(code: str) -> None:
    # A template's translation is trusted as markup (Jinja's newstyle gettext), and many sit
    # in attributes such as aria-label="...": a quote or an angle bracket would break the page.
    unsafe = [
        message.id
        for message in catalog(code)
        if any(path.startswith("templates/") for path, _ in message.locations)
        and any(mark in text for text in texts(message.string) for mark in '"<>&')
    ]
    assert unsafe == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_is_compiled_from_its_latest_text(code: str) -> None:
    compiled = CATALOGS / code / "LC_MESSAGES" / "messages.mo"
    assert compiled.exists(), f"{compiled} is missing: make compiles it"
    with compiled.open("rb") as file:
        mo = read_mo(file)
    written = {key(m.id): key(m.string) for m in catalog(code) if m.id and not m.fuzzy}
    assert {key(m.id): key(m.string) for m in mo if m.id} == written, f"{code}: make compiles it"


def language_of(client: FlaskClient, path: str = "/new", **headers: str) -> str:
    """The ``lang`` of a page's ``<html>``."""
    html = client.get(path, headers=headers).get_data(as_text=True)
    found = re.search(r'<html lang="([a-z]+)"', html)
    assert found
    return found.group(1)


def test_the_browser_language_is_used_until_one_is_chosen(client: FlaskClient) -> None:
    assert language_of(client) == "en"
    assert language_of(client, **{"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"}) == "de"
    assert language_of(client, **{"Accept-Language": "ja, fr;q=0.3"}) == "fr"
    assert language_of(client, **{"Accept-Language": "ja"}) == "en"
    chosen = client.get("/language/es?next=/new")
    assert chosen.status_code == 303 and chosen.headers["Location"] == "/new"
    assert language_of(client, **{"Accept-Language": "de"}) == "es"  # the choice comes first


def test_the_menu_links_every_language_and_marks_the_current_one(client: FlaskClient) -> None:
    client.get("/language/fr")
    html = client.get("/new").get_data(as_text=True)
    for code, name in LANGUAGES.items():
        assert f'lang="{code}" hreflang="{code}"' in html and f">{name}</a>" in html
    assert re.search(r'hreflang="fr" aria-current="true">Français<', html)
    assert "/language/de?next=/new" in html  # back to this page after the choice


def test_a_page_answering_a_post_leads_the_menu_back_to_the_board(client: FlaskClient) -> None:
    refused = client.post("/move", data={"cell": "B2"})  # no CSRF token: the error page
    assert refused.status_code == 400
    html = refused.get_data(as_text=True)
    assert "/language/de?next=/" + '"' in html and "next=/move" not in html


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", "new"]
)
def test_the_menu_only_goes_back_to_this_site(client: FlaskClient, target: str) -> None:
    response = client.get(f"/language/de?next={target}")
    assert response.status_code == 303 and response.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client: FlaskClient) -> None:
    response = client.get("/language/xx?next=/new")
    assert response.status_code == 303
    assert not [c for c in response.headers.getlist("Set-Cookie") if c.startswith(COOKIE)]
    assert language_of(client) == "en"


def test_each_language_is_read_once_and_the_request_uses_its_own(client: FlaskClient) -> None:
    """The catalogs are read at start, one per language; each request uses its language's."""
    catalogs = client.application.extensions["catalogs"]
    assert set(catalogs) == set(i18n.LANGUAGES)
    french = client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Deux joueurs" in french and "Partager" in french
    german = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Zwei Spieler" in german
    assert client.application.extensions["catalogs"] is catalogs


class Visible(HTMLParser):
    """The text a person meets on a page: its words, and the words of labels and titles."""

    SPOKEN = ("aria-label", "title", "placeholder", "alt")

    def __init__(self, html: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Start skipping scripts and styles; keep spoken attributes."""
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [value for name, value in attrs if name in self.SPOKEN and value]
        self.parts += [value or "" for name, value in attrs if name.startswith("data-text")]

    def handle_endtag(self, tag: str) -> None:
        """Stop skipping after a script or style."""
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        """Keep the words outside scripts and styles."""
        if not self._skip:
            self.parts.append(data)

    @property
    def text(self) -> str:
        """Everything, one space between parts."""
        return " ".join(" ".join(self.parts).split())


def english_left(text: str, code: str) -> list[str]:
    """The English source strings that appear in ``text`` though ``code`` translates them
    (a word kept as it is in one context, as German keeps "Start", may show)."""
    found = []
    pairs = [
        pair
        for message in catalog(code)
        for pair in zip(texts(message.id), texts(message.string), strict=False)
    ]
    kept = {source for source, translation in pairs if source == translation}
    for source in dict(pairs):
        words = re.sub(r"%\(\w+\)[sd]", "", source)  # "%(adjective)s %(animal)s" has none
        if not source or source in kept or not re.search("[a-z]{3}", words):
            continue
        pattern = re.escape(" ".join(source.replace("%%", "%").split()))
        pattern = re.sub(r"%\\\(\w+\\\)[sd]", ".{1,40}?", pattern)
        if re.search(rf"(?<![\w-]){pattern}(?![\w-])", text):
            found.append(source)
    return found


def tour(app: Flask, code: str) -> dict[str, tuple[int, str]]:
    """Every page of the site, as browsers that chose ``code`` see it: path -> (status, html)."""
    seen: dict[str, tuple[int, str]] = {}

    def browser() -> FlaskClient:
        client = app.test_client()
        client.set_cookie(COOKIE, code)
        return client

    def visit(client: FlaskClient, name: str, path: str) -> str:
        response = client.get(path)
        seen[name] = (response.status_code, response.get_data(as_text=True))
        return seen[name][1]

    person = browser()
    visit(person, "first board", "/")
    visit(person, "setup", "/new")
    visit(person, "missing page", "/no-such-page")
    new_game(person, "user", "hard")
    visit(person, "board against hard", "/")
    visit(person, "hint", "/?hint=1")
    visit(person, "review before the end", "/review")
    play(person, ["B2"])
    visit(person, "board after a move", "/")
    game_id = api_game(person)["game"]
    new_game(person, "user", "user")
    play(person, X_WINS)
    game_id = api_game(person)["game"]
    visit(person, "hot-seat won", "/")
    visit(person, "review", f"/review?game={game_id}")
    visit(person, "replay", f"/replay/2?game={game_id}")
    new_game(person, "easy", "hard")
    visit(person, "computers", "/")

    host, guest, other = browser(), browser(), browser()
    new_game(host, "user", "friend")
    board = visit(host, "online, waiting", "/")
    invite = re.search(r"/join/[\w.-]+", board)
    assert invite
    visit(host, "own invite", invite.group())
    visit(guest, "invite", invite.group())
    post(guest, invite.group())
    board = visit(guest, "online, playing", "/")
    seat = re.search(r"/seat/[\w.-]+", board)
    watch = re.search(r"/watch/[\w.-]+", board)
    assert seat and watch
    visit(other, "seat link", seat.group())
    visit(other, "full match invite", invite.group())
    visit(other, "watching", watch.group())
    visit(host, "online, waiting for the friend", "/")
    visit(host, "still here", "/here")
    visit(other, "no live games", "/live")
    first, second = browser(), browser()
    post(first, "/pair")
    post(second, "/pair")
    first.get("/pair")
    visit(other, "live games", "/live")
    visit(first, "paired board", "/")
    visit(person, "settings", "/settings")
    visit(other, "arenas", "/arenas")
    made = post(host, "/arenas", {"length": "300", "clock": "10", "starts_in": "60"})
    arena_page = made.headers["Location"]
    visit(other, "arena coming", arena_page)
    post(host, arena_page + "/join")
    visit(host, "arena joined", arena_page)
    return seen


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_page_renders_in_every_language_with_no_english_left(app: Flask, code: str) -> None:
    pages = tour(app, code)
    assert len(pages) >= 20
    for name, (status, html) in pages.items():
        assert status in (200, 404, 409), name
        assert f'<html lang="{code}">' in html, name
        if code != "en":
            assert english_left(Visible(html).text, code) == [], name


@pytest.mark.parametrize(
    ("code", "button", "first"),
    [("en", "Start", "Start"), ("de", "Start", "Anfang"), ("fr", "Commencer", "Début")],
)
def test_the_setup_button_and_the_replays_first_position_are_told_apart(
    app: Flask, code: str, button: str, first: str
) -> None:
    """One English word, two meanings: each language says each its own way."""
    pages = tour(app, code)
    assert re.search(rf'<button type="submit" class="primary">{button}</button>', pages["setup"][1])
    assert re.search(rf'<a href="/replay/0\?game=[\w-]+">{first}</a>', pages["replay"][1])


def refusal(position: str) -> InvalidPositionError:
    """The engine's refusal of ``position``."""
    with pytest.raises(InvalidPositionError) as refused:
        Board.from_string(position)
    return refused.value


@pytest.mark.parametrize("code", TRANSLATED)
def test_engine_messages_are_said_in_each_language(app: Flask, code: str) -> None:
    po = catalog(code)
    errors = [
        OccupiedCellError(),  # seed 002's words, exact in English
        GameOverError(Board.from_string("XXXOO____").status),  # quotes a status
        refusal("XXXXOO___"),  # numbers
        refusal("XO0______"),
    ]
    with app.test_request_context(headers={"Accept-Language": code}):
        for error in errors:
            translated = po[error.template].string
            assert translated and translated != error.template
            params = dict(error.params)
            if "status" in params:
                params["status"] = po[params["status"]].string
            assert said(error) == (translated % params if params else translated)
            assert str(error) == error.template % error.params  # English stays the source


@pytest.mark.parametrize("code", TRANSLATED)
def test_api_errors_are_in_the_language_asked_for(client: FlaskClient, code: str) -> None:
    po = catalog(code)
    new_game(client, "user", "user")
    play(client, ["B2"])
    headers = {"Accept-Language": code, "X-CSRFToken": api_game(client)["csrf_token"]}
    taken = client.post("/api/move", json={"cell": "B2", "ply": 1}, headers=headers)
    # The subject here is the language: the codes stay, the words are the catalog's.
    assert taken.status_code == 409 and code_of(taken.get_json()) == "occupied_cell"
    assert taken.get_json()["error"] == po[OccupiedCellError.refusal.message].string
    unknown = client.post("/api/move", json={"cell": "Z9", "ply": 1}, headers=headers)
    assert unknown.status_code == 400 and refusal_of(unknown.get_json()) == (
        "invalid_field",
        "cell",
    )
    assert unknown.get_json()["error"] == po[UNKNOWN_CELL.message].string % {"text": "'Z9'"}
    missing = client.get("/api/nothing-here", headers=headers)
    assert code_of(missing.get_json()) == "not_found"
    assert missing.get_json()["error"] == po[NOT_FOUND.message].string


def test_an_invite_link_speaks_the_friends_language(app: Flask, client: FlaskClient) -> None:
    client.get("/language/de")
    new_game(client, "user", "friend")
    invite = re.search(r"/join/[\w.-]+", client.get("/").get_data(as_text=True))
    assert invite and "lang=" not in invite.group()
    friend = app.test_client()
    html = friend.get(invite.group(), headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="fr">' in html
