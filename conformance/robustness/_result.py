"""The outcome of one case: what the pool (:mod:`._pool`) yields and the rest of the sweep reads.

Its own module so that the pool can ask :mod:`._deviations` which cases run alone while the
deviations read results: both import this module, neither imports the other's reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._generate import Case

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """The outcome of one case."""

    case: Case
    outcome: str
    detail: str = ""
    #: what array-api-strict did with the same call: ``"returns"``, ``"raises"``, or
    #: ``"outside"`` (the input cannot be built there: a dtype outside the standard);
    #: ``""`` where the case did not get that far (crash, hang, skip)
    referee: str = ""
