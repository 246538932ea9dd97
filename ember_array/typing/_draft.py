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

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import DraftArrayNamespace
    >>> x = np.asarray([2.0, 7.0, 7.0, 1.0])
    >>> xp: DraftArrayNamespace[np.ndarray] = ember_array.namespace(x, api_version="2026.12")
    >>> values, indices = xp.top_k(x, 2)
    >>> values.tolist(), indices.tolist()
    ([7.0, 7.0], [1, 2])
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
