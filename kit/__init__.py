"""The kit: exact reference implementations of scheduling and task-queue algorithms.

Core modules (one topic per file) use only the standard library and return plain data.
Widgets, exercises, the notebook build and the grader sit on top of them.
"""

__version__ = "0.1.0"
