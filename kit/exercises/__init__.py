"""Exercises: one module of problems per notebook, `q1, q2, ...`, each with check / hint / solution.

    from kit.exercises import edf
    edf.q1.check(my_edf_order)
"""

import importlib
import pkgutil
import re

from kit.exercises.engine import Pitfall, Problem
from kit.exercises.report import show_source

__all__ = ["Pitfall", "Problem", "catalogue", "questions", "show_source"]

MACHINERY = {"engine", "report", "wire", "sandbox"}  # modules here that hold no exercises


def questions(topic: str) -> dict[str, Problem]:
    """The problems of one exercises module, in order: {"q1": Problem, ...}."""
    if topic in MACHINERY or not re.fullmatch(r"\w+", str(topic)):
        raise ValueError(f"topic must name an exercises module, got {topic!r}")
    module = importlib.import_module(f"kit.exercises.{topic}")
    found = {k: v for k, v in vars(module).items()
             if re.fullmatch(r"q\d+", k) and isinstance(v, Problem)}
    return dict(sorted(found.items(), key=lambda kv: int(kv[0][1:])))


def catalogue() -> dict[str, dict[str, Problem]]:
    """Every topic and its problems: {"edf": {"q1": Problem, ...}, ...}."""
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name not in MACHINERY)
    return {name: questions(name) for name in names}
