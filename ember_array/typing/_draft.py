"""The 2026.12 draft's namespace Protocol: :class:`ArrayNamespace` plus ``top_k``.

Written by hand, the one exception to generating from the standard's stubs: the pinned stubs'
``_draft`` folder predates data-apis/array-api#722 (``top_k``), so there is nothing to generate
from yet. When a stub release has it, the generator's ``_draft`` run replaces this module.
"""

from __future__ import annotations

from typing import Literal, Protocol

from ._generated import ArrayNamespace, TArray

__all__ = ["DraftArrayNamespace"]


class DraftArrayNamespace(ArrayNamespace[TArray], Protocol[TArray]):
    """An array API namespace of the 2026.12 draft (``namespace(x, api_version="2026.12")``).

    See Also
    --------
    ArrayNamespace : the 2025.12 namespace, which has no ``top_k``.
    """

    def top_k(
        self,
        x: TArray,
        k: int,
        /,
        *,
        axis: int | None = None,
        mode: Literal["largest", "smallest"] = "largest",
    ) -> tuple[TArray, TArray]:
        """Returns the ``k`` largest (or smallest) elements of ``x`` and their indices."""
        ...
