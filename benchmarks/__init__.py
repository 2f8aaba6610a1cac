"""Ratio benchmarks: every measurement is reported against a floor measured in the same run."""
