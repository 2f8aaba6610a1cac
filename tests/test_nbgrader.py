"""A course on nbgrader can grade the kit's notebooks with nbgrader's own autograde, and gets the
points the kit's grader gives, with the README's commands as written. nbgrader itself (from PyPI)
is installed by `make venv` into `.venv/nbgrader`, apart from the kit's environment, and run by
`python -m kit nbgrader`."""

import csv
import os
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest

from kit.build import ROOT

NBGRADER = ROOT / ".venv" / "nbgrader"
NOTEBOOK = "02_edf_lateness.ipynb"


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


def readme_course_commands() -> tuple[str, str]:
    """The README's nbgrader block, as written: (the commands before collecting, after)."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("**nbgrader.**"):text.index("**Gradescope.**")]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    before, after = block.split("# collect", 1)
    return before, after.split("\n", 1)[1]


@pytest.mark.slow
def test_the_readme_course_commands_work_as_written(tmp_path):
    """The README's commands, run by bash as written, in a fresh folder that holds the checkout's
    solutions/ and .venv/ (where a fresh clone has them after `make venv`)."""
    if not (NBGRADER / "nbgrader").is_dir():
        pytest.fail(f"nbgrader is not installed in {NBGRADER}: run `make venv`")
    (tmp_path / "solutions").symlink_to(ROOT / "solutions")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    before, after = readme_course_commands()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path)}
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", before], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    course = tmp_path / "course"
    released = nbformat.read(course / "release" / "edf" / NOTEBOOK, as_version=4)
    assert not any("BEGIN SOLUTION" in c.source for c in released.cells)
    students = {"solved": ROOT / "solutions" / NOTEBOOK,
                "blank": course / "release" / "edf" / NOTEBOOK, "half": None}
    for student, source in students.items():  # the teacher collects
        folder = course / "submitted" / student / "edf"
        folder.mkdir(parents=True)
        if source is None:
            _broken(ROOT / "solutions" / NOTEBOOK, folder / NOTEBOOK)
        else:
            shutil.copy(source, folder)
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", "cd course\n" + after],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    with open(course / "grades.csv") as f:
        theirs = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f)}
    assert theirs == {"solved": 4.0, "blank": 0.0, "half": 2.0}
    with open(course / "kit-grades.csv") as f:
        ours = {row["student"]: float(row["score"]) for row in csv.DictReader(f)}
    assert ours == theirs
    assert (course / "reports" / "solved.html").is_file()


def test_kit_nbgrader_says_in_one_line_when_nbgrader_is_missing(tmp_path, monkeypatch, capsys):
    from kit.grading import nbgrader

    monkeypatch.setattr(nbgrader, "NBGRADER", tmp_path / "nowhere")
    assert nbgrader.main(["--version"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "make venv" in err[0], err
