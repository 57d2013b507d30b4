"""Which rule IDs the tests cite, and where: a test's name (``test_mar_4_...``, ``test_card_2_gen_8_...``)
and its docstring ("MAR-4", "CARD-2 / GEN-8"). Only these count: a rule ID in a comment or in a test's
body proves nothing about that rule. The one helper for "every rule ID is cited by a test"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent
_IN_NAME = re.compile(r"(?:^|_)([a-z]+)_(\d+)(?=_|$)")
_IN_TEXT = re.compile(r"\b([A-Z]+)-(\d+)")


def citations(folder: Path = TESTS) -> dict[str, list[str]]:
    """Rule ID -> the tests (``file::name``) whose name or docstring cites it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(folder.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.name.startswith("test_"):
                continue
            found = {f"{word.upper()}-{number}" for word, number in _IN_NAME.findall(node.name)}
            found |= {f"{word}-{number}" for word, number in _IN_TEXT.findall(ast.get_docstring(node) or "")}
            for rule in found:
                cited.setdefault(rule, []).append(f"{path.name}::{node.name}")
    return cited
