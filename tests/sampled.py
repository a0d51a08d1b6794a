"""The `slow` mark (pytest.ini) on a parametrized test's long cases: `make check` runs a sample,
`make test` runs them all."""
import pytest


def sampled(values, quick):
    """values as pytest parameters (a tuple is one case of several arguments), every case not in
    quick marked slow."""
    return [pytest.param(*(v if isinstance(v, tuple) else (v,)),
                         marks=[] if v in quick else [pytest.mark.slow]) for v in values]
