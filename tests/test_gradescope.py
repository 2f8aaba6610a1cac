"""The Gradescope autograder: the archive, and `run_autograder` in a fake /autograder whose
results.json must follow Gradescope's documented format."""

import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile

import jsonschema
import pytest

from kit.build import ROOT
from kit.grading.gradescope import build_archive, main, results

# Gradescope's results.json, as its autograder specification documents it
TEST = {"type": "object", "required": ["name", "score", "max_score"],
        "properties": {"name": {"type": "string"}, "number": {"type": "string"},
                       "score": {"type": "number"}, "max_score": {"type": "number"},
                       "status": {"enum": ["passed", "failed"]}, "output": {"type": "string"},
                       "tags": {"type": "array"},
                       "visibility": {"enum": ["hidden", "after_due_date", "after_published",
                                               "visible"]}}}
RESULTS = {"type": "object", "required": ["tests"],
           "properties": {"score": {"type": "number"}, "execution_time": {"type": "number"},
                          "output": {"type": "string"},
                          "visibility": {"enum": ["hidden", "after_due_date", "after_published",
                                                  "visible"]},
                          "tests": {"type": "array", "items": TEST}},
           "additionalProperties": False}


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gs")
    wheel = folder / "kit-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"stand-in for the wheel")  # building a real wheel is tested below
    return build_archive("edf_lateness", folder / "autograder.zip", wheel=wheel)


def _fake_root(tmp_path, archive, notebooks):
    root = tmp_path / "autograder"
    with zipfile.ZipFile(archive) as z:
        z.extractall(root / "source")
    for name in ("setup.sh", "run_autograder"):  # zipfile keeps no mode bits: restore them
        (root / "source" / name).chmod(0o755)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    for nb in notebooks:
        shutil.copy(nb, root / "submission")
    return root


def test_the_archive_has_setup_run_autograder_the_wheel_and_the_topic(archive):
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        assert {"setup.sh", "run_autograder", "kit-gradescope.json",
                "kit-0.1.0-py3-none-any.whl"} <= names
        for name in ("setup.sh", "run_autograder"):
            mode = z.getinfo(name).external_attr >> 16
            assert mode & stat.S_IXUSR, name
        assert json.loads(z.read("kit-gradescope.json")) == {"exercises": "edf_lateness"}
        assert "pip install --quiet --no-deps ./kit-*.whl" in z.read("setup.sh").decode()


def test_setup_installs_exact_versions_from_the_lock_the_build_wrote(archive):
    from importlib import metadata

    with zipfile.ZipFile(archive) as z:
        setup, lock = z.read("setup.sh").decode(), z.read("requirements.lock").decode()
    pins = dict(line.split("==") for line in lock.splitlines())
    assert all(line.count("==") == 1 for line in lock.splitlines()), lock
    for name in ("matplotlib", "hypothesis", "nbformat", "jupyterlab", "ipywidgets", "pip",
                 "numpy", "traitlets"):  # the kit's dependencies, and theirs
        assert pins[name] == metadata.version(name), name
    assert "pytest" not in pins and "ruff" not in pins  # the test extras are not shipped
    installs = [line for line in setup.splitlines() if "pip install" in line]
    assert installs and all("--no-deps" in line for line in installs), installs
    assert "--upgrade" not in setup


def test_setup_stops_in_one_line_on_a_python_older_than_3_11(tmp_path, archive):
    with zipfile.ZipFile(archive) as z:
        z.extract("setup.sh", tmp_path)
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "apt-get").write_text("#!/bin/sh\nexit 0\n")
    (fake / "python3").write_text("#!/bin/sh\n[ \"$1\" = -V ] && echo 'Python 3.9.2'\n"
                                  "exit 1\n")
    for tool in ("apt-get", "python3"):
        (fake / tool).chmod(0o755)
    (fake / "dirname").symlink_to(shutil.which("dirname"))
    run = subprocess.run(["/bin/bash", str(tmp_path / "setup.sh")], capture_output=True,
                         text=True, timeout=60, env={"PATH": str(fake),
                                                     "KIT_VENV": str(tmp_path / "venv")})
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert run.stderr.strip().splitlines() == [
        f"setup.sh: the kit needs Python 3.11 or newer; found {fake / 'python3'} "
        "(Python 3.9.2)"], run.stderr
    assert not (tmp_path / "venv").exists()


@pytest.mark.parametrize("notebook, score", [("solutions", 4.0), ("notebooks", 0.0)])
def test_run_autograder_writes_results_json_in_gradescopes_format(tmp_path, archive, notebook,
                                                                  score):
    root = _fake_root(tmp_path, archive, [ROOT / notebook / "02_edf_lateness.ipynb"])
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "KIT_PYTHON": sys.executable,
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([str(root / "run_autograder")], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(data, RESULTS)
    assert data["score"] == score
    assert [t["name"] for t in data["tests"]] == ["q1 · edf_order", "q2 · max_lateness",
                                                  "q3 · feasible", "q4 · min_late_jobs"]
    assert sum(t["score"] for t in data["tests"]) == score
    assert all(t["max_score"] == 1.0 for t in data["tests"])
    word = "passed" if score else "not attempted"
    assert all(word in t["output"] for t in data["tests"])


def test_a_submission_without_a_notebook_scores_zero_and_says_why(tmp_path, archive):
    root = _fake_root(tmp_path, archive, [])
    assert main(["--run", "--root", str(root)]) == 0
    data = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(data, RESULTS)
    assert data == {"score": 0.0, "output": "no .ipynb file was submitted: upload your "
                    "filled-in notebook", "tests": []}


def test_results_of_a_partly_right_notebook_say_what_failed():
    row = {"exercises": "edf_lateness", "scores": {"q1": 1, "q2": 0}, "max": {"q1": 1, "q2": 1},
           "outcomes": {"q1": {"text": "✔ passed"}, "q2": {"text": "✘ failed: expected 3"}},
           "notes": ["cell 4 raised NameError"]}
    data = results(row)
    jsonschema.validate(data, RESULTS)
    assert data["score"] == 1.0 and data["output"] == "cell 4 raised NameError"
    assert [t["status"] for t in data["tests"]] == ["passed", "failed"]


def test_bad_topic_is_named(tmp_path):
    with pytest.raises(ValueError, match="exercises must be one of policies, .* got 'nope'"):
        build_archive("nope", tmp_path / "a.zip")
    with pytest.raises(SystemExit):
        main(["--out", str(tmp_path / "a.zip")])


@pytest.mark.slow
def test_the_real_wheel_installs_the_kit(tmp_path):
    out = build_archive("edf_lateness", tmp_path / "autograder.zip")
    with zipfile.ZipFile(out) as z:
        wheel = next(n for n in z.namelist() if n.endswith(".whl"))
        z.extract(wheel, tmp_path)
    with zipfile.ZipFile(tmp_path / wheel) as w:
        names = w.namelist()
    shipped = {"kit/grading/gradescope.py", "kit/exercises/edf_lateness.py", "kit/herd_grid.csv"}
    assert shipped <= set(names)
    meta = next(n for n in names if n.endswith("METADATA"))
    with zipfile.ZipFile(tmp_path / wheel) as w:
        text = w.read(meta).decode()
    assert "Requires-Dist: nbformat" in text and "Requires-Dist: hypothesis" in text
