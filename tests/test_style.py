"""The code's own limits: no module over 300 lines, no function over 50, no line kept from the
formatter, and no class name defined twice in the web layer."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted((ROOT / "webapp").rglob("*.py"))


def test_no_module_over_300_lines_and_no_function_over_50() -> None:
    long = []
    for path in MODULES:
        source = path.read_text()
        if source.count("\n") > 300:
            long.append(f"{path.relative_to(ROOT)}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 50:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}: {size}")
    assert not long


def test_the_formatter_lays_out_the_web_layer_whole() -> None:
    marker = "fmt: " + "skip"
    kept = [p for p in MODULES if "web" in p.parts and marker in p.read_text()]
    assert not kept


def test_no_class_name_is_defined_twice_in_the_web_layer() -> None:
    names = Counter(
        node.name
        for path in MODULES
        if "web" in path.parts
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    )
    assert [name for name, times in names.items() if times > 1] == []
