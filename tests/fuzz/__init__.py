"""Property tests that feed the game hostile input (issue 12, "Keep it that way").

Each test runs a fixed-seed slice (``derandomize=True``, a bounded number of examples, no
shrinking: a failure prints its reproduction) so that ``make test`` stays a few seconds per
area; ``bench/fuzz.py --minutes N`` runs the same targets for as long as asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings


def slice_of(max_examples: int) -> Callable[[Any], Any]:
    """The suite's settings for a fuzz test: the same inputs on every run."""
    return settings(max_examples=max_examples, derandomize=True, database=None,
                    deadline=None, phases=(Phase.explicit, Phase.generate),
                    report_multiple_bugs=False,
                    suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.large_base_example))
