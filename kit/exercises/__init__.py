"""Exercises: one module of problems per notebook, `q1, q2, ...`, each with check / hint / solution.

    from kit.exercises import edf
    edf.q1.check(my_edf_order)
"""

from kit.exercises.engine import Pitfall, Problem
from kit.exercises.report import show_source

__all__ = ["Pitfall", "Problem", "show_source"]
