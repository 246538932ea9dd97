"""The main namespace's elementwise functions, by section.

GENERATED FILE, do not edit: see :mod:`ember_array.typing._generated`.
"""

from __future__ import annotations

import builtins
from typing import Protocol

from .types import TArray


class ElementwiseFunctions(Protocol[TArray]):
    """The elementwise functions of the standard, as a namespace has them."""

    def abs(self, x: TArray, /) -> TArray:
        """Calculates the absolute value for each element ``x_i`` of the input array ``x``."""

    def acos(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse cosine for each element ``x_i`` of the input array ``x``.
        """

    def acosh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic cosine
        for each element ``x_i`` of the input array ``x``.
        """

    def add(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the sum for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def asin(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse sine for each element ``x_i`` of the input array ``x``.
        """

    def asinh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic sine
        for each element ``x_i`` in the input array ``x``.
        """

    def atan(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation of the principal value of the
        inverse tangent for each element ``x_i`` of the input array ``x``.
        """

    def atan2(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Calculates an implementation-dependent approximation of the inverse tangent of the
        quotient ``x1/x2``, having domain ``[-infinity, +infinity] x [-infinity, +infinity]``
        (where the ``x`` notation denotes the set of ordered pairs of elements ``(x1_i,
        x2_i)``) and codomain ``[-π, +π]``, for each pair of elements ``(x1_i, x2_i)`` of the
        input arrays ``x1`` and ``x2``, respectively. Each element-wise result is expressed in
        radians.
        """

    def atanh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the inverse hyperbolic tangent
        for each element ``x_i`` of the input array ``x``.
        """

    def bitwise_and(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise AND of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def bitwise_left_shift(self, x1: TArray | int, x2: TArray | int, /) -> TArray:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the left by
        appending ``x2_i`` (i.e., the respective element in the input array ``x2``) zeros to
        the right of ``x1_i``.
        """

    def bitwise_invert(self, x: TArray, /) -> TArray:
        """Inverts (flips) each bit for each element ``x_i`` of the input array ``x``."""

    def bitwise_or(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise OR of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def bitwise_right_shift(self, x1: TArray | int, x2: TArray | int, /) -> TArray:
        """Shifts the bits of each element ``x1_i`` of the input array ``x1`` to the right
        according to the respective element ``x2_i`` of the input array ``x2``.
        """

    def bitwise_xor(
        self, x1: TArray | int | builtins.bool, x2: TArray | int | builtins.bool, /
    ) -> TArray:
        """Computes the bitwise XOR of the underlying binary representation of each element
        ``x1_i`` of the input array ``x1`` with the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def ceil(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the smallest (i.e., closest to
        ``-infinity``) integer-valued number that is not less than ``x_i``.
        """

    def clip(
        self,
        x: TArray,
        /,
        min: int | float | TArray | None = None,
        max: int | float | TArray | None = None,
    ) -> TArray:
        """Clamps each element ``x_i`` of the input array ``x`` to the range ``[min, max]``."""

    def conj(self, x: TArray, /) -> TArray:
        """Returns the complex conjugate for each element ``x_i`` of the input array ``x``."""

    def copysign(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Composes a floating-point value with the magnitude of ``x1_i`` and the sign of
        ``x2_i`` for each element of the input array ``x1``.
        """

    def cos(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the cosine for each element
        ``x_i`` of the input array ``x``.
        """

    def cosh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic cosine for each
        element ``x_i`` in the input array ``x``.
        """

    def divide(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the division of each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def equal(
        self,
        x1: TArray | int | float | complex | builtins.bool,
        x2: TArray | int | float | complex | builtins.bool,
        /,
    ) -> TArray:
        """Computes the truth value of ``x1_i == x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def exp(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the exponential function for
        each element ``x_i`` of the input array ``x`` (``e`` raised to the power of ``x_i``,
        where ``e`` is the base of the natural logarithm).
        """

    def expm1(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to ``exp(x)-1`` for each element
        ``x_i`` of the input array ``x``.
        """

    def floor(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the greatest (i.e., closest to
        ``+infinity``) integer-valued number that is not greater than ``x_i``.
        """

    def floor_divide(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Rounds the result of dividing each element ``x1_i`` of the input array ``x1`` by the
        respective element ``x2_i`` of the input array ``x2`` to the greatest (i.e., closest
        to `+infinity`) integer-value number that is not greater than the division result.
        """

    def greater(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i > x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def greater_equal(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i >= x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def hypot(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the square root of the sum of squares for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def imag(self, x: TArray, /) -> TArray:
        """Returns the imaginary component of a complex number for each element ``x_i`` of the
        input array ``x``.
        """

    def isfinite(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine if finite."""

    def isinf(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine if equal to positive
        or negative infinity.
        """

    def isnan(self, x: TArray, /) -> TArray:
        """Tests each element ``x_i`` of the input array ``x`` to determine whether the element
        is ``NaN``.
        """

    def less(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i < x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def less_equal(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the truth value of ``x1_i <= x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def log(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the natural (base ``e``)
        logarithm for each element ``x_i`` of the input array ``x``.
        """

    def log1p(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to ``log(1+x)``, where ``log``
        refers to the natural (base ``e``) logarithm, for each element ``x_i`` of the input
        array ``x``.
        """

    def log2(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the base ``2`` logarithm for
        each element ``x_i`` of the input array ``x``.
        """

    def log10(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the base ``10`` logarithm for
        each element ``x_i`` of the input array ``x``.
        """

    def logaddexp(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Calculates the logarithm of the sum of exponentiations ``log(exp(x1) + exp(x2))`` for
        each element ``x1_i`` of the input array ``x1`` with the respective element ``x2_i``
        of the input array ``x2``.
        """

    def logical_and(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical AND for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def logical_not(self, x: TArray, /) -> TArray:
        """Computes the logical NOT for each element ``x_i`` of the input array ``x``."""

    def logical_or(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical OR for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def logical_xor(self, x1: TArray | builtins.bool, x2: TArray | builtins.bool, /) -> TArray:
        """Computes the logical XOR for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def maximum(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the maximum value for each element ``x1_i`` of the input array ``x1``
        relative to the respective element ``x2_i`` of the input array ``x2``.
        """

    def minimum(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Computes the minimum value for each element ``x1_i`` of the input array ``x1``
        relative to the respective element ``x2_i`` of the input array ``x2``.
        """

    def multiply(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the product for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def negative(self, x: TArray, /) -> TArray:
        """Computes the numerical negative of each element ``x_i`` (i.e., ``y_i = -x_i``) of the
        input array ``x``.
        """

    def nextafter(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Returns the next representable floating-point value for each element ``x1_i`` of the
        input array ``x1`` in the direction of the respective element ``x2_i`` of the input
        array ``x2``.
        """

    def not_equal(
        self,
        x1: TArray | int | float | complex | builtins.bool,
        x2: TArray | int | float | complex | builtins.bool,
        /,
    ) -> TArray:
        """Computes the truth value of ``x1_i != x2_i`` for each element ``x1_i`` of the input
        array ``x1`` with the respective element ``x2_i`` of the input array ``x2``.
        """

    def positive(self, x: TArray, /) -> TArray:
        """Computes the numerical positive of each element ``x_i`` (i.e., ``y_i = +x_i``) of the
        input array ``x``.
        """

    def pow(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates an implementation-dependent approximation of exponentiation by raising each
        element ``x1_i`` (the base) of the input array ``x1`` to the power of ``x2_i`` (the
        exponent), where ``x2_i`` is the corresponding element of the input array ``x2``.
        """

    def real(self, x: TArray, /) -> TArray:
        """Returns the real component of a complex number for each element ``x_i`` of the input
        array ``x``.
        """

    def reciprocal(self, x: TArray, /) -> TArray:
        """Returns the reciprocal for each element ``x_i`` of the input array ``x``."""

    def remainder(self, x1: TArray | int | float, x2: TArray | int | float, /) -> TArray:
        """Returns the remainder of division for each element ``x1_i`` of the input array ``x1``
        and the respective element ``x2_i`` of the input array ``x2``.
        """

    def round(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued
        number.
        """

    def sign(self, x: TArray, /) -> TArray:
        """Returns an indication of the sign of a number for each element ``x_i`` of the input
        array ``x``.
        """

    def signbit(self, x: TArray, /) -> TArray:
        """Determines whether the sign bit is set for each element ``x_i`` of the input array
        ``x``.
        """

    def sin(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the sine for each element
        ``x_i`` of the input array ``x``.
        """

    def sinh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic sine for each
        element ``x_i`` of the input array ``x``.
        """

    def square(self, x: TArray, /) -> TArray:
        """Squares each element ``x_i`` of the input array ``x``."""

    def sqrt(self, x: TArray, /) -> TArray:
        """Calculates the principal square root for each element ``x_i`` of the input array
        ``x``.
        """

    def subtract(
        self, x1: TArray | int | float | complex, x2: TArray | int | float | complex, /
    ) -> TArray:
        """Calculates the difference for each element ``x1_i`` of the input array ``x1`` with the
        respective element ``x2_i`` of the input array ``x2``.
        """

    def tan(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the tangent for each element
        ``x_i`` of the input array ``x``.
        """

    def tanh(self, x: TArray, /) -> TArray:
        """Calculates an implementation-dependent approximation to the hyperbolic tangent for
        each element ``x_i`` of the input array ``x``.
        """

    def trunc(self, x: TArray, /) -> TArray:
        """Rounds each element ``x_i`` of the input array ``x`` to the nearest integer-valued
        number that is closer to zero than ``x_i``.
        """
