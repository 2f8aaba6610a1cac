"""Class grading: `python -m kit grade [options] [--] SUBMISSIONS...` (the parts, in the order a
run uses them: `intake`, `isolation`, `protocol`, `judging`, `outputs`, `cli`).

Trust model. No submission can fake its own score, change a classmate's, read their work, or hang
the run. The teacher decides the course: the topic, the assignment's notebook, the ids and the
files written come from the teacher and the layout, never from what a submission contains. Each
learner's notebook runs in a sandbox of its own (`kit.grading.isolation`); the grading process
generates the cases, sends them as plain data, reads plain data back and judges here, by its own
clock, counting the question's own CPU time; nothing the learner's process does to itself raises
its score.
"""

from kit.grading.cli import main
from kit.grading.intake import (
                                PreparedSubmission,
                                Refusal,
                                class_assignment,
                                code_cells,
                                exercises_of,
                                expand,
                                prepare,
                                snapshot,
                                submissions,
)
from kit.grading.judging import grade_all, grade_notebook, records_of
from kit.grading.outputs import csv_text, report_html, report_name, report_names, write_outputs

__all__ = ["PreparedSubmission", "Refusal", "class_assignment", "code_cells", "csv_text",
           "exercises_of",
           "expand", "grade_all", "grade_notebook", "main", "prepare", "records_of",
           "report_html", "report_name", "report_names", "snapshot", "submissions",
           "write_outputs"]
