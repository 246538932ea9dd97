"""The hand-written docstring parts of the generated classes (See Also and Examples).

The stubs give a class no examples; its page's are written by hand in ``class_docs.txt``
beside this module (prose, read as data), which tests/test_api_docs.py requires of every
public class and runs.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["class_docs", "class_docstring"]

_SOURCE = Path(__file__).with_name("class_docs.txt")


@cache
def class_docs() -> dict[str, str]:
    """Each generated class's docstring after the summary ``render`` gives it (a TypedDict,
    which has none there: all of it), by class name, from ``class_docs.txt``."""
    entries = re.split(r"^## (\w+)\n", _SOURCE.read_text(), flags=re.MULTILINE)
    # entries[0] is the file's own preamble; then name, text, name, text ...
    return {name: text.strip("\n") for name, text in zip(entries[1::2], entries[2::2])}


def class_docstring(name: str, summary: str = "", *, opening: str = '    """') -> list[str]:
    """The docstring of a generated class: ``summary``, then its entry of ``class_docs.txt``.

    ``opening`` starts the first line: the class body's indentation and the quotes, or, for a
    TypedDict of the functional form (no class body), an assignment to ``Name.__doc__``. A
    class the stubs add without an entry is an error: its page would have no example.
    """
    docs = class_docs()
    if name not in docs:
        raise ValueError(f"{name}: no entry in {_SOURCE.name} (its See Also and Examples)")
    body = docs[name]
    lines = (f"{summary}\n\n{body}" if summary else body).splitlines()
    indent = " " * (len(opening) - len(opening.lstrip()))
    return [
        opening + lines[0],
        *(f"{indent}{line}" if line else "" for line in lines[1:]),
        f'{indent}"""',
    ]
