"""The exercises: one module of declarations per notebook, each registering its problems in
`PROBLEMS = [q1, q2, ...]`. The engine that checks them lives in `kit.checks`.

    from kit.exercises import edf_lateness as ex
    ex.q1.check(my_edf_order)
"""

import importlib

from kit.checks import Problem, show_source

__all__ = ["NOTEBOOKS", "TOPICS", "catalogue", "questions", "show_source", "topic_of"]

# notebook -> the exercises module it imports (the module is named after the notebook)
NOTEBOOKS = {
    "01_policies": "policies",
    "02_edf_lateness": "edf_lateness",
    "03_mlfq_and_fairness": "mlfq_and_fairness",
    "04_backoff_and_jitter": "backoff_and_jitter",
    "05_lease_queue": "lease_queue",
    "06_durable_queue": "durable_queue",
    "06b_postgres_queue": "postgres_queue",
    "07_concurrent_scheduler": "concurrent_scheduler",
    "08_mock_round": "mock_round",
    "09_dependency_scheduler": "dependency_scheduler",
    "10_load_balancing": "load_balancing",
    "11_restarts_cooldowns_batching": "restarts_cooldowns_batching",
    "12_design_round": "design_round",
}
TOPICS = tuple(NOTEBOOKS.values())


def topic_of(notebook: str) -> str | None:
    """The exercises module a notebook (a stem such as "02_edf_lateness") answers, if any."""
    return NOTEBOOKS.get(notebook)


def questions(topic: str) -> dict[str, Problem]:
    """The problems of one topic, in order: {"q1": Problem, ...}."""
    if topic not in TOPICS:
        raise ValueError(f"topic must be one of {', '.join(TOPICS)}, got {topic!r}")
    module = importlib.import_module(f"kit.exercises.{topic}")
    return {f"q{i}": problem for i, problem in enumerate(module.PROBLEMS, 1)}


def catalogue() -> dict[str, dict[str, Problem]]:
    """Every topic and its problems, in notebook order: {"policies": {"q1": Problem}, ...}."""
    return {topic: questions(topic) for topic in TOPICS}
