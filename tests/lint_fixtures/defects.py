# Known portability defects; each flagged line says which codes it expects.
# Lines marked `expect` are compared exactly with the linter's findings by tests/test_lint.py.
import numpy as np
import scipy.linalg
import torch

import ember_array

raise SystemExit("the linter must never import this file")


def standardize(x):
    xp = ember_array.namespace(x)
    mu = np.mean(x, axis=0)  # expect: EA201
    y = xp.concatenate([x, x])  # expect: EA101
    z = xp.clip(x, a_min=0.0)  # expect: EA102
    s = xp.std(x, ddof=1)  # expect: EA102
    flat = x.flatten()  # expect: EA301
    if xp.any(x > 0):  # expect: EA402
        pass
    v = float(xp.sum(x))  # expect: EA401
    w = x.item()  # expect: EA403
    r = np.random.rand(3)  # expect: EA601
    d = xp.float128  # expect: EA501
    c = xp.complex128  # expect: EA502
    u, sv, vt = scipy.linalg.svd(x)  # expect: EA201
    m = xp.linalg.norm(x)  # expect: EA101
    ok = xp.linalg.vector_norm(x, axis=0, keepdims=True)
    both = (x > 0) and (x < 1)  # expect: EA402 EA402
    x[0] = 1.0
    x += 1.0
    return mu, y, z, s, flat, v, w, r, d, c, u, sv, vt, m, ok, both


def untouched(a):
    # no namespace here: plain numpy code stays quiet
    if np.mean(a.flatten()) > 0:
        return float(a.sum())
    return np.random.rand(3)


def with_xp(a, xp):
    b = xp.asarray(a)
    b = b.cuda()  # expect: EA602
    t = torch.rand(3)  # expect: EA601
    dev = torch.device("cuda")  # expect: EA602
    if ember_array.is_numpy_array(b):
        b = np.asarray(b).ravel()  # guarded: numpy-only on purpose
    label = "shape %s" % b.shape
    return bool(b), t, dev, label.format()  # noqa: EA401


def nested(x):
    xp = ember_array.namespace(x)

    def inner(y):
        return y.tolist()  # not known to be an array: quiet

    def uses_outer():
        return x.numpy()  # expect: EA403

    return inner, uses_outer, xp
