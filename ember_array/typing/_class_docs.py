"""The hand-written docstrings of the generated classes (See Also and Examples).

The stubs give a class no examples; these are its page's, which tests/test_api_docs.py
requires of every public class and runs.
"""

from __future__ import annotations

import textwrap

__all__ = ["CLASS_DOCS", "class_docstring"]

#: Each generated class's docstring after the summary ``render`` gives it (a TypedDict, which
#: has none there: all of it), in numpydoc: See Also and Examples, which tests/test_api_docs.py
#: requires of every public class and runs. A class the stubs add without an entry here is an
#: error: its page would have no example.
CLASS_DOCS = {
    "DType": """
        Each library has its own data type objects (``xp.float32`` is ``numpy.float32``,
        ``torch.float32``, ``mlx.core.float32``): compare them with ``==``, or ask
        ``xp.isdtype`` for a kind.

        See Also
        --------
        ArrayNamespace.isdtype : Whether a data type is of a kind (``"real floating"`` ...).
        DataTypes : The data types of a namespace, by name.
        Device : The other object the standard specifies by equality only.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, DType
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> dt: DType = xp.float32
        >>> dt == xp.float32, xp.isdtype(dt, "real floating")
        (True, True)
    """,
    "Device": """
        Each library has its own device objects (numpy: the string ``"cpu"``, torch:
        ``torch.device``, mlx: ``mlx.core.Device``).

        See Also
        --------
        ember_array.device : The device of an array (mlx arrays have no ``device`` attribute).
        InfoNamespace.devices : The devices a namespace can compute on.
        DType : The other object the standard specifies by equality only.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import Device
        >>> x = np.ones(3)
        >>> dev: Device = ember_array.device(x)
        >>> dev == ember_array.namespace(x).__array_namespace_info__().default_device()
        True
    """,
    "NestedSequence": """
        What ``asarray`` accepts besides arrays, scalars and buffers: ``[[1.0, 2.0], [3.0, 4.0]]``
        is a ``NestedSequence[float]``.

        See Also
        --------
        ArrayNamespace.asarray : An array from a nested sequence, a scalar or a buffer.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, NestedSequence
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> rows: NestedSequence[float] = [[1.0, 2.0], [3.0, 4.0]]
        >>> xp.asarray(rows).shape
        (2, 2)
    """,
    "FInfo": """
        See Also
        --------
        IInfo : What ``iinfo`` returns.
        ArrayNamespace.finfo : Machine limits of a floating-point data type.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, FInfo
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> limits: FInfo = xp.finfo(xp.float32)
        >>> limits.bits, limits.eps
        (32, 1.1920928955078125e-07)
    """,
    "IInfo": """
        See Also
        --------
        FInfo : What ``finfo`` returns.
        ArrayNamespace.iinfo : Machine limits of an integer data type.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace, IInfo
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(np.ones(3))
        >>> limits: IInfo = xp.iinfo(xp.int8)
        >>> limits.min, limits.max
        (-128, 127)
    """,
    "DefaultDataTypes": """
        What ``default_dtypes()`` returns: the default data type of each kind.

        ``__array_namespace_info__().default_dtypes()`` gives the data type a namespace uses
        for each kind (``"real floating"``, ``"complex floating"``, ``"integral"``,
        ``"indexing"``) where none is asked for.

        See Also
        --------
        DataTypes : What ``dtypes()`` returns.
        InfoNamespace : The inspection namespace.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import DefaultDataTypes
        >>> defaults: DefaultDataTypes = xp.__array_namespace_info__().default_dtypes()
        >>> defaults["real floating"] == xp.float64, defaults["indexing"] == xp.int64
        (True, True)
    """,
    "DataTypes": """
        What ``dtypes()`` returns: data type objects by name.

        ``__array_namespace_info__().dtypes()`` gives the data types of the kind asked for,
        so every key is optional.

        See Also
        --------
        DefaultDataTypes : What ``default_dtypes()`` returns.
        InfoNamespace : The inspection namespace.
        DType : A data type object.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import DataTypes
        >>> floats: DataTypes = xp.__array_namespace_info__().dtypes(kind="real floating")
        >>> sorted(floats)
        ['float32', 'float64']
    """,
    "Capabilities": """
        What ``capabilities()`` returns: what the library supports.

        ``__array_namespace_info__().capabilities()`` says whether the library supports
        boolean indexing and data-dependent output shapes, and the most dimensions an array
        may have (``None``: no limit).

        The standard's 2025.12 stub still names the last key ``"max rank"``, its name before
        data-apis/array-api#809; the type uses ``"max dimensions"``, as the standard's text and
        the libraries (ember_array's namespaces included) do.

        See Also
        --------
        InfoNamespace : The inspection namespace.
        DataTypes : What ``dtypes()`` returns.

        Examples
        --------
        >>> import ember_array.numpy as xp
        >>> from ember_array.typing import Capabilities
        >>> caps: Capabilities = xp.__array_namespace_info__().capabilities()
        >>> caps["boolean indexing"], caps["data-dependent shapes"]
        (True, True)
        >>> caps["max dimensions"]
        64
    """,
    "CommonArray": """
        See Also
        --------
        Array : The standard's whole array object.
        ember_array.namespace : The namespace of an array, typed by the array's type.

        Examples
        --------
        A portable function is generic in its array type, bounded by ``CommonArray``: what
        comes in goes out.

        >>> from typing import Any, TypeVar
        >>> import numpy as np
        >>> import numpy.typing as npt
        >>> import ember_array
        >>> from ember_array.typing import CommonArray
        >>> T = TypeVar("T", bound=CommonArray)
        >>> def center(x: T) -> T:
        ...     xp = ember_array.namespace(x)
        ...     return x - xp.mean(x)
        >>> x: npt.NDArray[Any] = np.asarray([1.0, 2.0, 3.0])
        >>> center(x)
        array([-1.,  0.,  1.])
    """,
    "Array": """
        numpy's, torch's and mlx's own type stubs declare some of these members otherwise, or
        lack them (``to_device``, ``device``, ``__array_namespace__`` ...): their arrays are
        ``CommonArray`` objects, which portable code is written for.

        See Also
        --------
        CommonArray : The part of ``Array`` that numpy, torch and mlx arrays all have.
        ember_array.device : ``x.device`` for every backend (mlx arrays lack the attribute).
        ember_array.to_device : ``x.to_device(device)`` for every backend.

        Examples
        --------
        >>> from ember_array.typing import Array, CommonArray
        >>> hasattr(Array, "to_device"), hasattr(CommonArray, "to_device")
        (True, False)
        >>> import numpy as np
        >>> import ember_array
        >>> ember_array.device(np.ones(3))
        'cpu'
    """,
    "InfoNamespace": """
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
    """,
    "LinalgNamespace": """
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
    """,
    "FFTNamespace": """
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
    """,
    "ArrayNamespace": """
        ``ember_array.namespace(x)`` returns one: a type checker then checks every ``xp.*``
        call against the standard's signatures (a name the standard lacks, ``xp.median``, or
        a keyword it lacks, ``xp.sum(x, dim=0)``, is an error), and knows that the functions
        take and return ``TArray``.

        See Also
        --------
        ember_array.namespace : The namespace of arrays, typed ``ArrayNamespace[type of x]``.
        LinalgNamespace : ``xp.linalg``.
        FFTNamespace : ``xp.fft``.
        InfoNamespace : ``xp.__array_namespace_info__()``.

        Examples
        --------
        >>> import numpy as np
        >>> import ember_array
        >>> from ember_array.typing import ArrayNamespace
        >>> x = np.asarray([1.0, 2.0, 3.0])
        >>> xp: ArrayNamespace[np.ndarray] = ember_array.namespace(x)
        >>> float(xp.sum(x))
        6.0
    """,
}


def class_docstring(name: str, summary: str = "", *, opening: str = '    """') -> list[str]:
    """The docstring of a generated class: ``summary``, then its entry of ``CLASS_DOCS``.

    ``opening`` starts the first line: the class body's indentation and the quotes, or, for a
    TypedDict of the functional form (no class body), an assignment to ``Name.__doc__``.
    """
    if name not in CLASS_DOCS:
        raise ValueError(f"{name}: no entry in CLASS_DOCS (its See Also and Examples)")
    body = textwrap.dedent(CLASS_DOCS[name]).strip("\n")
    lines = (f"{summary}\n\n{body}" if summary else body).splitlines()
    indent = " " * (len(opening) - len(opening.lstrip()))
    return [
        opening + lines[0],
        *(f"{indent}{line}" if line else "" for line in lines[1:]),
        f'{indent}"""',
    ]
