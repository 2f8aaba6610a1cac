"""Hypothesis runs derandomized and without an example database, so every run of the suite tries
the same examples: a failure in CI is a failure on every machine, never a flake."""

from hypothesis import settings

settings.register_profile("kit", derandomize=True, database=None, deadline=None)
settings.load_profile("kit")
