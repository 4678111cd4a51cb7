"""Shared coverage check: a random test that never reached a corner it was written for proves nothing."""


def assert_covered(ctx: str, cov: dict[str, int]) -> None:
    for k, n in cov.items():
        assert n > 0, f"{ctx}: coverage hole, never saw {k} ({cov})"
