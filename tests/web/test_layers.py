"""The web layer's parts import one way, and each read answers its page and its JSON from one
view: checked on the source's imports and on the app's routes."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from flask import Flask

WEB = Path(__file__).resolve().parents[2] / "webapp" / "web"
# Bottom first: each part may import only the parts before it.
ORDER = (
    "timing",
    "site",
    "live",
    "cycle",
    "views",
    "action_table",
    "action_views",
    "text",
    "pages",
    "entry_table",
    "api",
    "layer",
)


def imported_parts(path: Path) -> Iterator[str]:
    """The parts of the web layer that the module at ``path`` imports."""
    package = path.relative_to(WEB).parts[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        if node.level - 1 > len(package):
            continue  # above the web layer: the rules, the engine, the store
        base = list(package[: len(package) - (node.level - 1)])
        target = base + (node.module.split(".") if node.module else [])
        names = [target] if target else [[alias.name] for alias in node.names]
        yield from (name[0] for name in names)


def part_of(path: Path) -> str:
    return path.relative_to(WEB).with_suffix("").parts[0]


def test_every_part_imports_only_the_parts_below_it() -> None:
    found = set()
    for path in WEB.rglob("*.py"):
        if path.parent == WEB and path.stem == "__init__":
            continue
        source = part_of(path)
        for target in imported_parts(path):
            if target != source and target in ORDER:
                found.add((source, target))
    upward = {(a, b) for a, b in found if ORDER.index(b) > ORDER.index(a)}
    assert not upward, f"imports that run up the layers: {sorted(upward)}"
    assert {part_of(p) for p in WEB.iterdir() if p.suffix == ".py" or p.is_dir()} - {
        "__init__",
        "__pycache__",
    } <= set(ORDER)


def test_each_read_answers_its_page_and_its_json_from_one_view(app: Flask) -> None:
    rules = app.url_map.iter_rules()
    routes = {rule.rule: rule.endpoint for rule in rules if "GET" in (rule.methods or ())}
    pairs = {
        "/": "/api/game",
        "/board/events": "/api/events",
        "/review": "/api/review",
        "/games": "/api/games",
        "/live": "/api/live",
        "/arenas": "/api/arenas",
        "/arenas/<arena_id>": "/api/arenas/<arena_id>",
        "/settings": "/api/name",
        "/pair": "/api/pair",
    }
    for page, api in pairs.items():
        assert app.view_functions[routes[page]] is app.view_functions[routes[api]], page
