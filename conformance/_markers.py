"""Generated sections of hand-written pages: the text between two marker comments."""

from __future__ import annotations


def replace_section(page: str, begin: str, end: str, body: str, heading: str) -> str:
    """``page`` with the text between ``begin`` and ``end`` replaced by ``body``; without the
    markers, ``heading`` and the marked section are appended."""
    if begin in page and end in page:
        head, rest = page.split(begin, 1)
        _, tail = rest.split(end, 1)
        return f"{head}{begin}\n{body}\n{end}{tail}"
    return f"{page.rstrip()}\n\n## {heading}\n\n{begin}\n{body}\n{end}\n"
