"""Reading the pages as a browser would: the cells, the status, forms, links and the score."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient


@dataclass
class Form:
    """A form of the page: where it posts, its fields, and its submit buttons."""

    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[dict[str, str]] = field(default_factory=list)


class Page(HTMLParser):
    """The parts of a page the tests look at."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.html = html
        self.forms: list[Form] = []
        self.links: list[tuple[str, str]] = []  # (href, text)
        self.ids: dict[str, str] = {}  # element id -> its text
        self.elements: list[tuple[str, dict[str, str]]] = []
        self._form: Form | None = None
        self._link: list[Any] | None = None
        self._open_ids: list[tuple[str, str, list[str]]] = []
        self._button: dict[str, str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Collect forms, fields, buttons, links and elements with ids."""
        values = {name: value or "" for name, value in attrs}
        self.elements.append((tag, values))
        if tag == "form":
            self._form = Form(values.get("action", ""), values.get("method", "get"))
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None and "name" in values:
            unchecked = values.get("type") in ("radio", "checkbox") and "checked" not in values
            if not unchecked:  # as a browser sends them
                self._form.fields[values["name"]] = values.get("value", "")
        elif tag == "button":
            self._button = {**values, "text": ""}
            if self._form is not None:
                self._form.buttons.append(self._button)
        elif tag == "a":
            self._link = [values.get("href", ""), ""]
        if "id" in values:
            self._open_ids.append((tag, values["id"], []))

    def handle_endtag(self, tag: str) -> None:
        """Close forms, links and elements with ids."""
        if tag == "form":
            self._form = None
        elif tag == "a" and self._link is not None:
            self.links.append((self._link[0], " ".join(self._link[1].split())))
            self._link = None
        elif tag == "button":
            self._button = None
        if self._open_ids and self._open_ids[-1][0] == tag:
            _, element_id, text = self._open_ids.pop()
            self.ids[element_id] = " ".join("".join(text).split())

    def handle_data(self, data: str) -> None:
        """Text goes to the open link, button and elements with ids."""
        if self._link is not None:
            self._link[1] += data
        if self._button is not None:
            self._button["text"] += data
        for _, _, text in self._open_ids:
            text.append(data)

    @property
    def status(self) -> str:
        """The status line."""
        return self.ids["status"]

    @property
    def text(self) -> str:
        """All the page's text, whitespace collapsed."""
        parts: list[str] = []
        parser = HTMLParser()
        parser.handle_data = parts.append  # type: ignore[method-assign]
        parser.feed(self.html)
        return " ".join(" ".join(parts).split())

    def cells(self) -> dict[str, str]:
        """The accessible name of each cell: the button's label or the hidden text."""
        names: dict[str, str] = {}
        for tag, attrs in self.elements:
            if tag == "button" and attrs.get("name") == "cell":
                names[attrs["value"]] = attrs["aria-label"]
        for cell_id in [f"{row}{col}" for row in "ABC" for col in "123"]:
            if cell_id not in names:
                marker = f'<span class="mark" data-cell="{cell_id}">'
                start = self.html.index(marker)
                label_start = self.html.index('"visually-hidden">', start) + len(
                    '"visually-hidden">'
                )
                names[cell_id] = self.html[label_start : self.html.index("<", label_start)]
        return names

    def form(self, action: str) -> Form:
        """What a button posting to ``action`` sends: its form's fields, and the buttons that
        post there (a button's ``formaction``, else its form's ``action``)."""
        found = [
            Form(action, form.method, form.fields, buttons)
            for form in self.forms
            for buttons in [[b for b in form.buttons if b.get("formaction", form.action) == action]]
            if buttons or (form.action == action and not form.buttons)
        ]
        assert found, f"nothing posts to {action}"
        return found[0]

    def has_form(self, action: str) -> bool:
        """Whether some button (or a form without buttons) posts to ``action``."""
        return any(
            any(b.get("formaction", form.action) == action for b in form.buttons)
            or (form.action == action and not form.buttons)
            for form in self.forms
        )

    def link(self, text: str) -> str:
        """The address of the link whose text is ``text``."""
        found = [href for href, label in self.links if label == text]
        assert found, f"no link {text!r}"
        return found[0]

    def score(self) -> dict[str, int]:
        """The score by the name shown for each seat, and ``Draws``."""
        scores = {name: int(wins) for name, _seat, wins in self.score_rows()}
        scores["Draws"] = int(self.ids["score-draw"])
        return scores

    def score_rows(self) -> list[tuple[str, str, int]]:
        """The score panel's rows for the seats: the name shown, the seat id, the wins."""
        rows = re.findall(r'<dt>([^<]*)</dt><dd data-seat="([12])">([0-9]+)</dd>', self.html)
        return [(html.unescape(name), seat, int(wins)) for name, seat, wins in rows]


def page(client: FlaskClient, url: str = "/") -> Page:
    """GET a page that must answer 200, parsed."""
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return Page(response.get_data(as_text=True))


def submit(client: FlaskClient, action: str, url: str = "/", **extra: str) -> Any:
    """Press the submit button of the form posting to ``action``, as shown on ``url``."""
    form = page(client, url).form(action)
    return client.post(action, data={**form.fields, **extra})
