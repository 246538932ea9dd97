"""The inspection namespace and the linalg and fft extensions.

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Literal, Protocol

from .types import Capabilities, DataTypes, DefaultDataTypes, Device, DType, TArray


class InfoNamespace(Protocol):
    """What ``__array_namespace_info__()`` returns.

    See Also
    --------
    Capabilities : What ``capabilities()`` returns.
    DataTypes : What ``dtypes()`` returns.
    DefaultDataTypes : What ``default_dtypes()`` returns.
    ArrayNamespace : The namespace whose ``__array_namespace_info__()`` this is.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, InfoNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> info: InfoNamespace = xp.__array_namespace_info__()
    >>> info.devices(), info.default_device()
    (('cpu',), 'cpu')
    """

    def capabilities(self) -> Capabilities:
        """Returns a dictionary of array library capabilities."""

    def default_device(self) -> Device:
        """Returns the default device."""

    def default_dtypes(self, *, device: Device | None = None) -> DefaultDataTypes:
        """Returns a dictionary containing default data types."""

    def devices(self) -> tuple[Device, ...]:
        """Returns a list of supported devices which are available at runtime."""

    def dtypes(
        self, *, device: Device | None = None, kind: str | tuple[str, ...] | None = None
    ) -> DataTypes:
        """Returns a dictionary of supported *Array API* data types."""


class LinalgNamespace(Protocol[TArray]):
    """The ``linalg`` extension of a namespace.

    See Also
    --------
    ArrayNamespace : The namespace whose ``linalg`` this is.
    FFTNamespace : The ``fft`` extension.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, LinalgNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> linalg: LinalgNamespace[np.ndarray] = xp.linalg
    >>> float(linalg.vector_norm(xp.asarray([3.0, 4.0])))
    5.0
    """

    def cholesky(self, x: TArray, /, *, upper: builtins.bool = False) -> TArray:
        """Returns the lower (upper) Cholesky decomposition of a complex Hermitian or real
        symmetric positive-definite matrix ``x``.
        """

    def cross(self, x1: TArray, x2: TArray, /, *, axis: int = -1) -> TArray:
        """Returns the cross product of 3-element vectors."""

    def det(self, x: TArray, /) -> TArray:
        """Returns the determinant of a square matrix (or a stack of square matrices) ``x``."""

    def diagonal(self, x: TArray, /, *, offset: int = 0) -> TArray:
        """Returns the specified diagonals of a matrix (or a stack of matrices) ``x``."""

    def eig(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns eigenvalues and eigenvectors of a real or complex matrix (or stack of
        matrices) ``x``.
        """

    def eigh(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns an eigenvalue decomposition of a complex Hermitian or real symmetric matrix
        (or a stack of matrices) ``x``.
        """

    def eigvals(self, x: TArray, /) -> TArray:
        """Returns the eigenvalues of a real or complex matrix (or a stack of matrices) ``x``."""

    def eigvalsh(self, x: TArray, /) -> TArray:
        """Returns the eigenvalues of a complex Hermitian or real symmetric matrix (or a stack of
        matrices) ``x``.
        """

    def inv(self, x: TArray, /) -> TArray:
        """Returns the multiplicative inverse of a square matrix (or a stack of square matrices)
        ``x``.
        """

    def matmul(self, x1: TArray, x2: TArray, /) -> TArray:
        """Alias for ``matmul``."""

    def matrix_norm(
        self,
        x: TArray,
        /,
        *,
        keepdims: builtins.bool = False,
        ord: int | float | Literal["fro", "nuc"] | None = "fro",
    ) -> TArray:
        """Computes the matrix norm of a matrix (or a stack of matrices) ``x``."""

    def matrix_power(self, x: TArray, n: int, /) -> TArray:
        """Raises a square matrix (or a stack of square matrices) ``x`` to an integer power
        ``n``.
        """

    def matrix_rank(self, x: TArray, /, *, rtol: float | TArray | None = None) -> TArray:
        """Returns the rank (i.e., number of non-zero singular values) of a matrix (or a stack of
        matrices).
        """

    def matrix_transpose(self, x: TArray, /) -> TArray:
        """Alias for ``matrix_transpose``."""

    def outer(self, x1: TArray, x2: TArray, /) -> TArray:
        """Returns the outer product of two vectors ``x1`` and ``x2``."""

    def pinv(self, x: TArray, /, *, rtol: float | TArray | None = None) -> TArray:
        """Returns the (Moore-Penrose) pseudo-inverse of a matrix (or a stack of matrices) ``x``."""

    def qr(
        self, x: TArray, /, *, mode: Literal["reduced", "complete"] = "reduced"
    ) -> tuple[TArray, TArray]:
        """Returns the QR decomposition of a full column rank matrix (or a stack of matrices)."""

    def slogdet(self, x: TArray, /) -> tuple[TArray, TArray]:
        """Returns the sign and the natural logarithm of the absolute value of the determinant of
        a square matrix (or a stack of square matrices) ``x``.
        """

    def solve(self, x1: TArray, x2: TArray, /) -> TArray:
        """Returns the solution of a square system of linear equations with a unique solution."""

    def svd(
        self, x: TArray, /, *, full_matrices: builtins.bool = True
    ) -> tuple[TArray, TArray, TArray]:
        """Returns a singular value decomposition (SVD) of a matrix (or a stack of matrices)
        ``x``.
        """

    def svdvals(self, x: TArray, /) -> TArray:
        """Returns the singular values of a matrix (or a stack of matrices) ``x``."""

    def tensordot(
        self, x1: TArray, x2: TArray, /, *, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> TArray:
        """Alias for ``tensordot``."""

    def trace(self, x: TArray, /, *, offset: int = 0, dtype: DType | None = None) -> TArray:
        """Returns the sum along the specified diagonals of a matrix (or a stack of matrices)
        ``x``.
        """

    def vecdot(self, x1: TArray, x2: TArray, /, *, axis: int = -1) -> TArray:
        """Alias for ``vecdot``."""

    def vector_norm(
        self,
        x: TArray,
        /,
        *,
        axis: int | tuple[int, ...] | None = None,
        keepdims: builtins.bool = False,
        ord: int | float = 2,
    ) -> TArray:
        """Computes the vector norm of a vector (or batch of vectors) ``x``."""


class FFTNamespace(Protocol[TArray]):
    """The ``fft`` extension of a namespace.

    See Also
    --------
    ArrayNamespace : The namespace whose ``fft`` this is.
    LinalgNamespace : The ``linalg`` extension.

    Examples
    --------
    >>> import numpy as np
    >>> import ember_array
    >>> from ember_array.typing import ArrayNamespace, FFTNamespace
    >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
    >>> fft: FFTNamespace[np.ndarray] = xp.fft
    >>> fft.fft(xp.asarray([1.0, 0.0, 0.0]))
    array([1.+0.j, 1.+0.j, 1.+0.j])
    """

    def fft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform."""

    def ifft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse discrete Fourier transform."""

    def fftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional discrete Fourier transform."""

    def ifftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional inverse discrete Fourier transform."""

    def rfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform for real-valued input."""

    def irfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse of ``rfft`` for complex-valued input."""

    def rfftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional discrete Fourier transform for real-valued input."""

    def irfftn(
        self,
        x: TArray,
        /,
        *,
        s: Sequence[int] | None = None,
        axes: Sequence[int] | None = None,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the n-dimensional inverse of ``rfftn`` for complex-valued input."""

    def hfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional discrete Fourier transform of a signal with Hermitian
        symmetry.
        """

    def ihfft(
        self,
        x: TArray,
        /,
        *,
        n: int | None = None,
        axis: int = -1,
        norm: Literal["backward", "ortho", "forward"] = "backward",
    ) -> TArray:
        """Computes the one-dimensional inverse discrete Fourier transform of a signal with
        Hermitian symmetry.
        """

    def fftfreq(
        self, n: int, /, *, d: float = 1.0, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Computes the discrete Fourier transform sample frequencies."""

    def rfftfreq(
        self, n: int, /, *, d: float = 1.0, dtype: DType | None = None, device: Device | None = None
    ) -> TArray:
        """Computes the discrete Fourier transform sample frequencies (for ``rfft`` and
        ``irfft``).
        """

    def fftshift(self, x: TArray, /, *, axes: int | Sequence[int] | None = None) -> TArray:
        """Shifts the zero-frequency component to the center of the spectrum."""

    def ifftshift(self, x: TArray, /, *, axes: int | Sequence[int] | None = None) -> TArray:
        """Inverse of ``fftshift``."""
