"""A course on nbgrader can grade the kit's notebooks with nbgrader's own autograde, and gets the
points the kit's grader gives. nbgrader itself (from PyPI) is installed by `make venv` into
`.venv/nbgrader`, apart from the kit's environment."""

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from kit.build import ROOT

NBGRADER = ROOT / ".venv" / "nbgrader"
NOTEBOOK = "02_edf_lateness.ipynb"


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": f"{NBGRADER}{os.pathsep}{ROOT}",
           "PATH": f"{NBGRADER / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return done


def _broken(path: Path, out: Path) -> None:
    """The solved notebook with max_lateness summing instead of taking the maximum."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith("def max_lateness"):
            cell.source = cell.source.replace("max(worst, t - job.deadline)",
                                              "worst + t - job.deadline")
    nbformat.write(nb, out)


def test_the_handed_out_notebook_carries_nbgrader_cells():
    nb = nbformat.read(ROOT / "notebooks" / NOTEBOOK, as_version=4)
    marks = [c.metadata["nbgrader"] for c in nb.cells if "nbgrader" in c.metadata]
    graded = [m for m in marks if m["grade"]]
    assert [m["points"] for m in graded] == [1, 1, 1, 1]
    assert all(m["locked"] and not m["solution"] for m in graded)
    assert sum(m["solution"] for m in marks) == 4
    assert len({m["grade_id"] for m in marks}) == len(marks)
    assert nb.metadata["kit"] == {"exercises": "edf_lateness"}


@pytest.mark.slow
def test_nbgrader_autograde_gives_the_kits_points(tmp_path):
    if not (NBGRADER / "nbgrader").is_dir():
        pytest.fail(f"nbgrader is not installed in {NBGRADER}: run `make venv`")
    course = tmp_path / "course"
    (course / "source" / "edf").mkdir(parents=True)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.course_id = 'kit'\nc.ExecutePreprocessor.timeout = 300\n")
    shutil.copy(ROOT / "solutions" / NOTEBOOK, course / "source" / "edf")
    _nbgrader(course, "generate_assignment", "edf", "--force")
    released = nbformat.read(course / "release" / "edf" / NOTEBOOK, as_version=4)
    assert not any("BEGIN SOLUTION" in c.source for c in released.cells)
    students = {"solved": ROOT / "solutions" / NOTEBOOK, "blank": ROOT / "notebooks" / NOTEBOOK,
                "half": None}
    for student, source in students.items():
        folder = course / "submitted" / student / "edf"
        folder.mkdir(parents=True)
        if source is None:
            _broken(ROOT / "solutions" / NOTEBOOK, folder / NOTEBOOK)
        else:
            shutil.copy(source, folder)
    _nbgrader(course, "autograde", "edf", "--create", "--force")
    _nbgrader(course, "export", "--to", str(tmp_path / "nbgrader.csv"))
    with open(tmp_path / "nbgrader.csv") as f:
        theirs = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f)}
    assert theirs == {"solved": 4.0, "blank": 0.0, "half": 2.0}

    kit_csv = tmp_path / "kit.csv"  # the kit's grader reads the same course folder
    done = subprocess.run([sys.executable, "-m", "kit", "grade", "--out", str(kit_csv),
                           "--jobs", "1", "--", str(course)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    with open(kit_csv) as f:
        ours = {row["student"]: float(row["score"]) for row in csv.DictReader(f)}
    assert ours == theirs
