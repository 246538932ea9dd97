"""``ember_array.random``: seeded random numbers with one meaning on numpy, torch and mlx.

A functional, key-based core (as in JAX and mlx) and a stateful :class:`Generator`::

    import ember_array.random as er

    k = er.key(42, xp="torch")            # a (2,) uint32 tensor
    k1, k2 = er.split(k)                  # new keys, rows of a (2, 2) array
    x = er.uniform(k1, (1000,))           # float32 in [0, 1), a torch tensor
    i = er.integers(k2, 0, 10, (5,))      # int64 in [0, 10)

The portable generator is threefry2x32-20 (Random123; the counter-based generator of JAX and
mlx) written in standard array API operations, so the same key gives the same bits,
integers, permutations and float32 uniforms on every backend, bit for bit, and the same keys
and uniforms as ``mx.random``. Functions dispatch on the key's namespace
(``ember_array.namespace(key)``); only :func:`key` and :class:`Generator` take ``xp=``.
Nothing here reads or changes a library's global random state, and on mlx nothing is
evaluated.
"""

from ._core import bits, fold_in, key, split
from ._discrete import integers, permutation
from ._dists import bernoulli, categorical, normal, truncated_normal, uniform
from ._generator import Generator

__all__ = [
    "Generator",
    "bernoulli",
    "bits",
    "categorical",
    "fold_in",
    "integers",
    "key",
    "normal",
    "permutation",
    "split",
    "truncated_normal",
    "uniform",
]


from .._boundary import guard as _guard
from .._namespace import guard_names as _guard_names

_guard_names(globals(), __all__, shim="random")
for _name, _method in list(vars(Generator).items()):
    if not _name.startswith("_"):
        setattr(Generator, _name, _guard(_method, f"random.Generator.{_name}", None))
